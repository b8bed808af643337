// The single door to Temporal for the domain: swapping the polyfill for the native
// implementation later touches only this file.
import { Temporal } from 'temporal-polyfill';

export { Temporal };

/** Establishments whose time zone is unknown run on Brasília time. Example: `DEFAULT_TIME_ZONE === 'America/Sao_Paulo'` */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** Converts an HHMM integer to minutes after midnight. Example: `hhmmToMinutes(1830) === 1110` */
export function hhmmToMinutes(hhmm: number): number {
  if (!Number.isInteger(hhmm) || hhmm < 0) throw new RangeError(`invalid HHMM time: ${hhmm}`);
  const hours = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  // 2400 is accepted as "end of day" so a record may close exactly at midnight of the same day.
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) {
    throw new RangeError(`invalid HHMM time: ${hhmm}`);
  }
  return hours * 60 + minutes;
}

/** Converts minutes after midnight (taken modulo one day) to an HHMM integer. Example: `minutesToHHMM(1110) === 1830` */
export function minutesToHHMM(minutes: number): number {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return Math.floor(m / 60) * 100 + (m % 60);
}

/** Shows an HHMM integer as 'HH:MM'. Example: `formatHHMM(930) === '09:30'` */
export function formatHHMM(hhmm: number): string {
  const minutes = hhmmToMinutes(hhmm);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Reads 'H:MM', 'HH:MM' or 'HHMM' back into an HHMM integer, or null when it is not a time. Example: `parseHHMM('9:30') === 930` */
export function parseHHMM(text: string): number | null {
  const match = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number(match[2]);
  try {
    hhmmToMinutes(value);
  } catch {
    return null;
  }
  return value;
}

/** Normalises a typed time to 'HH:MM', or null when it is not a time. Example: `normalizeTime('9:05') === '09:05'` */
export function normalizeTime(text: string): string | null {
  const value = parseHHMM(text);
  return value === null ? null : formatHHMM(value);
}

/**
 * Converts Temporal's ISO day of week (1 = Monday .. 7 = Sunday) to the API's wday (1 = Sunday .. 7 = Saturday).
 * Example: `isoDayToWday(7) === 1`
 */
export function isoDayToWday(isoDay: number): number {
  return (isoDay % 7) + 1;
}

/** Converts the API's wday (1 = Sunday) to Temporal's ISO day of week (7 = Sunday). Example: `wdayToIsoDay(1) === 7` */
export function wdayToIsoDay(wday: number): number {
  return wday === 1 ? 7 : wday - 1;
}

/** The wall-clock date-time of an instant in a time zone. Example: `zonedAt(Temporal.Instant.from('2025-01-03T21:00:00Z'), 'America/Sao_Paulo').hour === 18` */
export function zonedAt(instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime {
  return instant.toZonedDateTimeISO(timeZone);
}

/** Minutes since Sunday 00:00 of the wall-clock week of a zoned date-time. Example: `minuteOfWeek(fridayAt1800) === 5 * 1440 + 1080` */
export function minuteOfWeek(zdt: Temporal.ZonedDateTime): number {
  return (isoDayToWday(zdt.dayOfWeek) - 1) * MINUTES_PER_DAY + zdt.hour * 60 + zdt.minute;
}

/** An instant shifted by a whole number of 24-hour days (an Instant has no calendar). Example: `addDaysToInstant(i, 7)` is 168 h later */
export function addDaysToInstant(instant: Temporal.Instant, days: number): Temporal.Instant {
  return instant.add({ hours: 24 * days });
}

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes since Sunday 00:00 of the wall clock in a time zone, from epoch milliseconds, with Intl
 * only: the browser's status label uses it so it needs no Temporal polyfill (tens of KB of JS).
 * Example: `wallClockMinuteOfWeek(Date.UTC(2025, 0, 3, 21, 0), 'America/Sao_Paulo') === 5 * 1440 + 18 * 60`
 */
export function wallClockMinuteOfWeek(epochMs: number, timeZone: string): number {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClockFormats.set(timeZone, format);
  }
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(epochMs)) {
    if (part.type === 'weekday') weekday = weekdayIndex[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return weekday * MINUTES_PER_DAY + hour * 60 + minute;
}
