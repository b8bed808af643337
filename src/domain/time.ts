// The single door to Temporal for the domain: swapping the polyfill for the native
// implementation later touches only this file.
import { Temporal } from 'temporal-polyfill';

export { Temporal };
export {
  DEFAULT_TIME_ZONE,
  establishmentTimeZone,
  formatHHMM,
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  hhmmToMinutes,
  minutesToHHMM,
  offsetMinutesAt,
  wallClockMinuteOfWeek,
  type ZoneOffsets,
} from './week-clock.ts';
import { MINUTES_PER_DAY, formatHHMM, hhmmToMinutes, type ZoneOffsets } from './week-clock.ts';

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

/**
 * The first instant of `day` and of the day after, in `timeZone`, as ISO instants: a day of 23 or
 * 25 hours at a change of offset is still one day.
 * Example: `dayBounds(Temporal.PlainDate.from('2025-01-03'), 'America/Sao_Paulo')` is `{ start: '2025-01-03T03:00:00Z', end: '2025-01-04T03:00:00Z' }`
 */
export function dayBounds(day: Temporal.PlainDate, timeZone: string): { start: string; end: string } {
  const start = day.toZonedDateTime({ timeZone }).toInstant();
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant();
  return { start: start.toString(), end: end.toString() };
}

/** Minutes since Sunday 00:00 of the wall-clock week of a zoned date-time. Example: `minuteOfWeek(fridayAt1800) === 5 * 1440 + 1080` */
export function minuteOfWeek(zdt: Temporal.ZonedDateTime): number {
  return (isoDayToWday(zdt.dayOfWeek) - 1) * MINUTES_PER_DAY + zdt.hour * 60 + zdt.minute;
}

/** An instant shifted by a whole number of 24-hour days (an Instant has no calendar). Example: `addDaysToInstant(i, 7)` is 168 h later */
export function addDaysToInstant(instant: Temporal.Instant, days: number): Temporal.Instant {
  return instant.add({ hours: 24 * days });
}

/**
 * A time zone's UTC offsets from one instant for a number of days, with every transition (DST)
 * in between, for pages that the browser reads with wallClockMinuteOfWeek and no Intl.
 * Example: `zoneOffsetsFrom('America/Sao_Paulo', Date.UTC(2025, 0, 1), 1).spans` is `[{ from: 1735689600000, minutes: -180 }]`
 */
export function zoneOffsetsFrom(timeZone: string, fromEpochMs: number, days: number): ZoneOffsets {
  const start = Temporal.Instant.fromEpochMilliseconds(fromEpochMs);
  const end = addDaysToInstant(start, days);
  let zoned = zonedAt(start, timeZone);
  const spans = [{ from: fromEpochMs, minutes: zoned.offsetNanoseconds / 60e9 }];
  for (;;) {
    const next = zoned.getTimeZoneTransition('next');
    if (!next || Temporal.Instant.compare(next.toInstant(), end) >= 0) break;
    spans.push({ from: next.epochMilliseconds, minutes: next.offsetNanoseconds / 60e9 });
    zoned = next;
  }
  return { until: end.epochMilliseconds, spans };
}

const DAY_MS = 86_400_000;
const publishedOffsets = new Map<string, { day: number; offsets: ZoneOffsets }>();

/**
 * The zone offsets a page publishes: from two days before `nowMs` (whole UTC days, so every page
 * rendered on one day carries the same table) for 400 days. Computed once per zone and day, since
 * every page of a build asks for it.
 * Example: `publishedZoneOffsets('America/Sao_Paulo', Date.UTC(2025, 0, 3, 15)).spans[0].from === Date.UTC(2025, 0, 1)`
 */
export function publishedZoneOffsets(timeZone: string, nowMs: number): ZoneOffsets {
  const day = Math.floor(nowMs / DAY_MS);
  const cached = publishedOffsets.get(timeZone);
  if (cached?.day === day) return cached.offsets;
  const offsets = zoneOffsetsFrom(timeZone, (day - 2) * DAY_MS, 400);
  publishedOffsets.set(timeZone, { day, offsets });
  return offsets;
}
