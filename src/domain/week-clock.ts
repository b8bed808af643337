// The wall-clock minute-of-week side of office hours, with Intl only and no Temporal: the
// scripts every catalogue page runs after load (status label, product availability, the cart's
// open/closed reading) import this module alone, so the Temporal polyfill (about 20 KB gzip)
// never travels with them. office-hours.ts and time.ts re-export everything here.

/** Establishments whose time zone is unknown run on Brasília time. Example: `DEFAULT_TIME_ZONE === 'America/Sao_Paulo'` */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The zone an establishment's clock runs on: its own, or DEFAULT_TIME_ZONE when it has none (every
 * reader of an establishment's zone goes through here, so they never disagree).
 * Example: `establishmentTimeZone('') === 'America/Sao_Paulo'`, `establishmentTimeZone('America/Manaus') === 'America/Manaus'`
 */
export function establishmentTimeZone(zone: string | null | undefined): string {
  return zone || DEFAULT_TIME_ZONE;
}

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

/** Shows an HHMM integer as 'HH:MM'. Example: `formatHHMM(930) === '09:30'` */
export function formatHHMM(hhmm: number): string {
  const minutes = hhmmToMinutes(hhmm);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Converts minutes after midnight (taken modulo one day) to an HHMM integer. Example: `minutesToHHMM(1110) === 1830` */
export function minutesToHHMM(minutes: number): number {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return Math.floor(m / 60) * 100 + (m % 60);
}

export type OfficeHour = { _id?: string; wday: number; start_at: number; stop_at: number };
/** The client office-hours form's shape. */

/** Whether a record is well formed: wday 1..7 and HHMM times. Example: `isValidOfficeHour({ wday: 8, start_at: 800, stop_at: 1800 }) === false` */
export function isValidOfficeHour(h: OfficeHour): boolean {
  if (!Number.isInteger(h.wday) || h.wday < 1 || h.wday > 7) return false;
  try {
    hhmmToMinutes(h.start_at);
    hhmmToMinutes(h.stop_at);
  } catch {
    return false;
  }
  return true;
}

// [start, end) in minutes after the opening day's midnight; end may pass 1440 for overnight.
export function dayInterval(h: OfficeHour): { start: number; end: number } {
  const start = hhmmToMinutes(h.start_at);
  const stop = hhmmToMinutes(h.stop_at);
  return { start, end: stop < start ? stop + MINUTES_PER_DAY : stop };
}

// Merges sorted-or-not half-open intervals; touching ones merge too, since 11:00-14:00 and
// 14:00-18:00 are one continuous opening for a customer.
export function mergeIntervals(intervals: Array<{ start: number; end: number }>): Array<{ start: number; end: number }> {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Array<{ start: number; end: number }> = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else merged.push({ ...i });
  }
  return merged;
}

// All opening time of the week as merged [start, end) minute-of-week intervals, with an
// interval running past Saturday midnight split into its Saturday and Sunday parts.
export function weeklyIntervals(hours: readonly OfficeHour[]): Array<{ start: number; end: number }> {
  const intervals: Array<{ start: number; end: number }> = [];
  for (const h of hours) {
    if (!isValidOfficeHour(h)) continue;
    const { start, end } = dayInterval(h);
    const offset = (h.wday - 1) * MINUTES_PER_DAY;
    const s = offset + start;
    const e = offset + end;
    if (e > MINUTES_PER_WEEK) {
      intervals.push({ start: s, end: MINUTES_PER_WEEK }, { start: 0, end: e - MINUTES_PER_WEEK });
    } else {
      intervals.push({ start: s, end: e });
    }
  }
  return mergeIntervals(intervals);
}

/** Whether the hours are open at a wall-clock minute of the week (0 = Sunday 00:00). Example: `isOpenAtMinuteOfWeek([{ wday: 1, start_at: 800, stop_at: 1200 }], 600) === true` */
export function isOpenAtMinuteOfWeek(hours: readonly OfficeHour[], minute: number): boolean {
  return weeklyIntervals(hours).some((i) => minute >= i.start && minute < i.end);
}

// Minute-of-week starts that are real openings: a Sunday 00:00 start that only continues
// Saturday's overnight interval is not one.
function openingMinutes(hours: readonly OfficeHour[]): number[] {
  const intervals = weeklyIntervals(hours);
  const wraps = intervals.length > 0 && intervals[0]!.start === 0 && intervals[intervals.length - 1]!.end === MINUTES_PER_WEEK;
  return intervals.map((i) => i.start).filter((start) => !(wraps && start === 0));
}

/**
 * The next opening strictly after a wall-clock minute of the week, as a minute counted from the
 * same Sunday 00:00 (so past MINUTES_PER_WEEK when it falls in the next week); null without hours.
 * Example: `nextOpeningMinute([{ wday: 6, start_at: 1800, stop_at: 200 }], 5 * 1440 + 720) === 5 * 1440 + 1080`
 */
export function nextOpeningMinute(hours: readonly OfficeHour[], minute: number): number | null {
  let best: number | null = null;
  for (const o of openingMinutes(hours)) {
    // The same minute is not 'after': an opening that starts now is next week's.
    const ahead = (((o - minute) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK || MINUTES_PER_WEEK;
    if (best === null || ahead < best) best = ahead;
  }
  return best === null ? null : minute + best;
}

/**
 * When the opening under way at a wall-clock minute of the week ends, counted from the same Sunday
 * 00:00 (past MINUTES_PER_WEEK when it ends next week); null when closed then or open around the clock.
 * Example: `closingMinute([{ wday: 6, start_at: 1800, stop_at: 200 }], 5 * 1440 + 1200) === 6 * 1440 + 120`
 */
export function closingMinute(hours: readonly OfficeHour[], minute: number): number | null {
  const intervals = weeklyIntervals(hours);
  const current = intervals.find((i) => minute >= i.start && minute < i.end);
  if (!current) return null;
  const first = intervals[0]!;
  // An opening running through Saturday midnight continues in the first Sunday interval.
  if (current.end === MINUTES_PER_WEEK && first.start === 0) {
    if (first.end === MINUTES_PER_WEEK) return null;
    return MINUTES_PER_WEEK + first.end;
  }
  return current.end;
}

/** A time on the establishment's wall clock as a customer reads it: 'hoje', 'amanhã' or a weekday, and 'HH:MM'. */
export interface WallClockTime {
  /** Days after today's date (0 = today, 1 = tomorrow). */
  days: number;
  /** 1 = Sunday. */
  wday: number;
  /** 'HH:MM'. */
  time: string;
}

/**
 * A minute from nextOpeningMinute or closingMinute read from the minute of the week it was asked at.
 * Example: `wallClockTime(5 * 1440 + 720, 6 * 1440 + 120)` is `{ days: 1, wday: 7, time: '02:00' }`
 */
export function wallClockTime(from: number, target: number): WallClockTime {
  const day = Math.floor(target / MINUTES_PER_DAY);
  const minuteOfDay = target - day * MINUTES_PER_DAY;
  return { days: day - Math.floor(from / MINUTES_PER_DAY), wday: (day % 7) + 1, time: formatHHMM(minutesToHHMM(minuteOfDay)) };
}

export type EstablishmentStatus = 'online' | 'offline' | 'unknown';

/** Status poll period. */
export const STATUS_POLL_MS = 3000;
/** Delay before a closed observation is confirmed (decisions #23). */
export const STATUS_RECHECK_MS = 3000;

export type StatusState = { status: EstablishmentStatus; awaitingRecheck: boolean };

/** The state before any observation: nothing shown. Example: `initialStatusState()` is `{ status: 'unknown', awaitingRecheck: false }` */
export function initialStatusState(): StatusState {
  return { status: 'unknown', awaitingRecheck: false };
}

/**
 * Decisions #23 as a pure step: open -> online; closed -> keep showing the previous status and
 * ask for a re-check in 3 s; closed again on the re-check -> offline; no data -> unknown.
 * Example: `nextStatusState({ status: 'online', awaitingRecheck: false }, 'offline')` is `{ state: { status: 'online', awaitingRecheck: true }, recheckInMs: 3000 }`
 */
export function nextStatusState(state: StatusState, observed: EstablishmentStatus): { state: StatusState; recheckInMs: number | null } {
  if (observed === 'online') return { state: { status: 'online', awaitingRecheck: false }, recheckInMs: null };
  if (observed === 'unknown') return { state: { status: 'unknown', awaitingRecheck: false }, recheckInMs: null };
  if (state.status === 'offline') return { state: { status: 'offline', awaitingRecheck: false }, recheckInMs: null };
  if (state.awaitingRecheck) return { state: { status: 'offline', awaitingRecheck: false }, recheckInMs: null };
  // A single closed reading may be a blip (a poll racing an opening), so it is confirmed first.
  return { state: { status: state.status, awaitingRecheck: true }, recheckInMs: STATUS_RECHECK_MS };
}

/**
 * A time zone's UTC offsets over a span of time, worked out on the server with Temporal and
 * published in the page's data island: `spans` in time order, each offset (minutes east of UTC)
 * holding from its instant (epoch ms) to the next span, the last one until `until`.
 * Example: `{ until: 1767225600000, spans: [{ from: 1735689600000, minutes: -180 }] }` (Brasília, 2025)
 */
export interface ZoneOffsets {
  until: number;
  spans: { from: number; minutes: number }[];
}

/**
 * The UTC offset in minutes at an instant, when the published offsets cover it; null otherwise
 * (no table, an instant outside it, or a malformed one), so callers fall back to Intl.
 * Example: `offsetMinutesAt({ until: 2e12, spans: [{ from: 0, minutes: -180 }] }, 1.7e12) === -180`
 */
export function offsetMinutesAt(offsets: ZoneOffsets | null | undefined, epochMs: number): number | null {
  const spans = offsets?.spans;
  if (!Array.isArray(spans) || spans.length === 0 || !(epochMs < offsets!.until)) return null;
  let minutes: number | null = null;
  for (const span of spans) {
    if (!(span.from <= epochMs)) break;
    minutes = Number.isInteger(span.minutes) ? span.minutes : null;
  }
  return minutes;
}

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes since Sunday 00:00 of the wall clock in a time zone, from epoch milliseconds, without
 * Temporal: the browser's status label and availability marks use it, so the Temporal polyfill
 * (tens of KB of JS) never loads with them. With the zone's published offsets it is plain
 * arithmetic; without them (or past them) it asks Intl.DateTimeFormat, whose first use with a
 * time zone loads ICU's zone data: 40-70 ms of main thread in Chrome here, in the task that
 * starts the catalogue's scripts.
 * Example: `wallClockMinuteOfWeek(Date.UTC(2025, 0, 3, 21, 0), 'America/Sao_Paulo') === 5 * 1440 + 18 * 60`
 */
export function wallClockMinuteOfWeek(epochMs: number, timeZone: string, offsets?: ZoneOffsets | null): number {
  const offset = offsetMinutesAt(offsets, epochMs);
  if (offset !== null) {
    const wall = new Date(epochMs + offset * 60_000);
    return wall.getUTCDay() * MINUTES_PER_DAY + wall.getUTCHours() * 60 + wall.getUTCMinutes();
  }
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
