// Office hours: records {wday 1..7 (1 = Sunday), start_at, stop_at as HHMM} evaluated in the
// establishment's time zone (decisions: 'Time'), never the server's or the browser's.
// Internally every record becomes a half-open interval in minutes since Sunday 00:00 of
// the wall-clock week, which makes overnight hours and the Saturday->Sunday wrap plain
// arithmetic.
import {
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  Temporal,
  formatHHMM,
  hhmmToMinutes,
  isoDayToWday,
  minuteOfWeek,
  minutesToHHMM,
  parseHHMM,
  zonedAt,
} from './time.ts';

export { formatHHMM } from './time.ts';

export type OfficeHour = { _id?: string; wday: number; start_at: number; stop_at: number };
/** The client office-hours form's shape. */
export type OfficeHourForm = { _id?: string; day_of_week: number; opening: string; closing: string };

/** Portuguese weekday labels, index 0 = wday 1 = Sunday. */
export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** Label of a wday (1 = Sunday). Example: `weekdayLabel(1) === 'Domingo'` */
export function weekdayLabel(wday: number): string {
  const label = WEEKDAY_LABELS[wday - 1];
  if (label === undefined) throw new RangeError(`wday must be 1..7, got ${wday}`);
  return label;
}

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

/**
 * A closing earlier than the opening (typically 00:00-04:00) belongs to the next day.
 * Example: `closesNextDay({ wday: 6, start_at: 1800, stop_at: 200 }) === true`
 */
export function closesNextDay(h: OfficeHour): boolean {
  return hhmmToMinutes(h.stop_at) < hhmmToMinutes(h.start_at);
}

// [start, end) in minutes after the opening day's midnight; end may pass 1440 for overnight.
function dayInterval(h: OfficeHour): { start: number; end: number } {
  const start = hhmmToMinutes(h.start_at);
  const stop = hhmmToMinutes(h.stop_at);
  return { start, end: stop < start ? stop + MINUTES_PER_DAY : stop };
}

// Merges sorted-or-not half-open intervals; touching ones merge too, since 11:00-14:00 and
// 14:00-18:00 are one continuous opening for a customer.
function mergeIntervals(intervals: Array<{ start: number; end: number }>): Array<{ start: number; end: number }> {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Array<{ start: number; end: number }> = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else merged.push({ ...i });
  }
  return merged;
}

/**
 * Merges overlapping (or touching) intervals of the same day, sorted by wday and opening.
 * Example: `mergeOfficeHours([{ wday: 2, start_at: 800, stop_at: 1200 }, { wday: 2, start_at: 1100, stop_at: 1400 }])` is `[{ wday: 2, start_at: 800, stop_at: 1400 }]`
 */
export function mergeOfficeHours(hours: readonly OfficeHour[]): OfficeHour[] {
  const result: OfficeHour[] = [];
  for (let wday = 1; wday <= 7; wday++) {
    const intervals = hours.filter((h) => isValidOfficeHour(h) && h.wday === wday).map(dayInterval);
    for (const i of mergeIntervals(intervals)) {
      // Closing exactly at midnight is written 2400 so it does not read as an overnight 00:00.
      if (i.end === MINUTES_PER_DAY) {
        result.push({ wday, start_at: minutesToHHMM(i.start), stop_at: 2400 });
        continue;
      }
      // Anything longer than a day is clamped just under 24 h so the record stays readable as HHMM.
      const end = Math.min(i.end, i.start + MINUTES_PER_DAY - 1);
      result.push({ wday, start_at: minutesToHHMM(i.start), stop_at: minutesToHHMM(end) });
    }
  }
  return result;
}

// All opening time of the week as merged [start, end) minute-of-week intervals, with an
// interval running past Saturday midnight split into its Saturday and Sunday parts.
function weeklyIntervals(hours: readonly OfficeHour[]): Array<{ start: number; end: number }> {
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

/**
 * Whether the establishment is open at an instant, in its own time zone; Friday 18:00-02:00 makes Saturday 01:30 open.
 * Example: `isOpenAt([{ wday: 6, start_at: 1800, stop_at: 200 }], Temporal.Instant.from('2025-01-04T04:30:00Z'), 'America/Sao_Paulo') === true`
 */
export function isOpenAt(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): boolean {
  return isOpenAtMinuteOfWeek(hours, minuteOfWeek(zonedAt(instant, timeZone)));
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
 * The next opening strictly after the instant (for 'abre às 18:00'), or null when there is none.
 * Example: `nextOpening([{ wday: 6, start_at: 1800, stop_at: 200 }], fridayNoon, 'America/Sao_Paulo')?.toPlainTime().toString() === '18:00:00'`
 */
export function nextOpening(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const openings = openingMinutes(hours);
  if (openings.length === 0) return null;
  const today = zonedAt(instant, timeZone).toPlainDate();
  // Eight days cover every weekly opening even when today's has already passed.
  for (let d = 0; d <= 7; d++) {
    const date = today.add({ days: d });
    const dayStart = (isoDayToWday(date.dayOfWeek) - 1) * MINUTES_PER_DAY;
    for (const o of openings) {
      if (o < dayStart || o >= dayStart + MINUTES_PER_DAY) continue;
      const minute = o - dayStart;
      const plainTime = new Temporal.PlainTime(Math.floor(minute / 60), minute % 60);
      const candidate = date.toZonedDateTime({ timeZone, plainTime });
      if (Temporal.Instant.compare(candidate.toInstant(), instant) > 0) return candidate;
    }
  }
  return null;
}

/**
 * When the current opening ends (for 'fecha às 02:00'), or null when closed now or never closing.
 * Example: `closingAt([{ wday: 6, start_at: 1800, stop_at: 200 }], fridayAt2000, 'America/Sao_Paulo')?.toPlainTime().toString() === '02:00:00'`
 */
export function closingAt(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const intervals = weeklyIntervals(hours);
  const zdt = zonedAt(instant, timeZone);
  const m = minuteOfWeek(zdt);
  const current = intervals.find((i) => m >= i.start && m < i.end);
  if (!current) return null;
  let end = current.end;
  const first = intervals[0]!;
  // An opening running through Saturday midnight continues in the first Sunday interval.
  if (end === MINUTES_PER_WEEK && first.start === 0) {
    if (first.end === MINUTES_PER_WEEK) return null;
    end = MINUTES_PER_WEEK + first.end;
  }
  const startOfMinute = zdt.with({ second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
  return startOfMinute.add({ minutes: end - m });
}

/** Maps an API record to the client form (day_of_week, opening, closing). Example: `toOfficeHourForm({ wday: 2, start_at: 800, stop_at: 1730 })` is `{ day_of_week: 2, opening: '08:00', closing: '17:30' }` */
export function toOfficeHourForm(h: OfficeHour): OfficeHourForm {
  const form: OfficeHourForm = { day_of_week: h.wday, opening: formatHHMM(h.start_at), closing: formatHHMM(h.stop_at) };
  if (h._id !== undefined) form._id = h._id;
  return form;
}

/** Maps the client form back to an API record, or null when a field is not a time or day. Example: `fromOfficeHourForm({ day_of_week: 2, opening: '8:00', closing: '17:30' })` is `{ wday: 2, start_at: 800, stop_at: 1730 }` */
export function fromOfficeHourForm(form: OfficeHourForm): OfficeHour | null {
  const start = parseHHMM(form.opening);
  const stop = parseHHMM(form.closing);
  if (start === null || stop === null) return null;
  const record: OfficeHour = { wday: form.day_of_week, start_at: start, stop_at: stop };
  if (form._id !== undefined) record._id = form._id;
  return isValidOfficeHour(record) ? record : null;
}

export type WeeklyTableRow = {
  wday: number;
  label: string;
  intervals: Array<{ opening: string; closing: string; closesNextDay: boolean }>;
  /** '18:00 às 02:00' joined by ', ', or 'Fechado'. */
  text: string;
};

/**
 * Sunday-to-Saturday table for display, merged per day, 'Fechado' on days without hours.
 * Example: `weeklyTable([{ wday: 6, start_at: 1800, stop_at: 200 }])[5].text === '18:00 às 02:00'`
 */
export function weeklyTable(hours: readonly OfficeHour[]): WeeklyTableRow[] {
  const merged = mergeOfficeHours(hours);
  return WEEKDAY_LABELS.map((label, index) => {
    const wday = index + 1;
    const intervals = merged
      .filter((h) => h.wday === wday)
      .map((h) => ({ opening: formatHHMM(h.start_at), closing: formatHHMM(h.stop_at === 2400 ? 0 : h.stop_at), closesNextDay: closesNextDay(h) }));
    const text = intervals.length === 0 ? 'Fechado' : intervals.map((i) => `${i.opening} às ${i.closing}`).join(', ');
    return { wday, label, intervals, text };
  });
}

export type EstablishmentStatus = 'online' | 'offline' | 'unknown';

/**
 * Status from the server's is_open flag and the office hours at an instant; 'unknown' when neither is known.
 * Example: `establishmentStatus({ isOpenFlag: true, hours: [], instant, timeZone: 'America/Sao_Paulo' }) === 'online'`
 */
export function establishmentStatus(input: {
  isOpenFlag: boolean | null | undefined;
  hours: readonly OfficeHour[] | null | undefined;
  instant: Temporal.Instant;
  timeZone: string;
}): EstablishmentStatus {
  return establishmentStatusAtMinute({ ...input, minuteOfWeek: minuteOfWeek(zonedAt(input.instant, input.timeZone)) });
}

/** establishmentStatus at a wall-clock minute of the week (for code that must not load Temporal). Example: `establishmentStatusAtMinute({ isOpenFlag: null, hours: [], minuteOfWeek: 0 }) === 'unknown'` */
export function establishmentStatusAtMinute(input: {
  isOpenFlag: boolean | null | undefined;
  hours: readonly OfficeHour[] | null | undefined;
  minuteOfWeek: number;
}): EstablishmentStatus {
  const hasHours = Array.isArray(input.hours) && input.hours.some(isValidOfficeHour);
  const hasFlag = typeof input.isOpenFlag === 'boolean';
  if (!hasFlag && !hasHours) return 'unknown';
  // Both must agree: the flag can be stale between polls, while the hours are evaluated at
  // the instant passed in; a manual close (flag false) wins over the hours.
  if (hasFlag && !input.isOpenFlag) return 'offline';
  if (hasHours && !isOpenAtMinuteOfWeek(input.hours!, input.minuteOfWeek)) return 'offline';
  return 'online';
}

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
