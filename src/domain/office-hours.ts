// Office hours: records {wday 1..7 (1 = Sunday), start_at, stop_at as HHMM} evaluated in the
// establishment's time zone (decisions: 'Time'), never the server's or the browser's.
// Internally every record becomes a half-open interval in minutes since Sunday 00:00 of
// the wall-clock week, which makes overnight hours and the Saturday->Sunday wrap plain
// arithmetic.
import { MINUTES_PER_DAY, Temporal, formatHHMM, hhmmToMinutes, minuteOfWeek, minutesToHHMM, parseHHMM, zonedAt } from './time.ts';

export { formatHHMM } from './time.ts';
import { closingMinute, dayInterval, isOpenAtMinuteOfWeek, isValidOfficeHour, mergeIntervals, nextOpeningMinute, type OfficeHour } from './week-clock.ts';
export {
  initialStatusState,
  isOpenAtMinuteOfWeek,
  isValidOfficeHour,
  nextStatusState,
  STATUS_POLL_MS,
  STATUS_RECHECK_MS,
  type EstablishmentStatus,
  type OfficeHour,
  type StatusState,
} from './week-clock.ts';
import { isOpenAtMinute, type OpeningRules } from './open-now.ts';

export type OfficeHourForm = { _id?: string; day_of_week: number; opening: string; closing: string };

/**
 * A closing earlier than the opening (typically 00:00-04:00) belongs to the next day.
 * Example: `closesNextDay({ wday: 6, start_at: 1800, stop_at: 200 }) === true`
 */
export function closesNextDay(h: OfficeHour): boolean {
  return hhmmToMinutes(h.stop_at) < hhmmToMinutes(h.start_at);
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

/**
 * Whether the establishment is open at an instant, in its own time zone; Friday 18:00-02:00 makes Saturday 01:30 open.
 * Example: `isOpenAt([{ wday: 6, start_at: 1800, stop_at: 200 }], Temporal.Instant.from('2025-01-04T04:30:00Z'), 'America/Sao_Paulo') === true`
 */
export function isOpenAt(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): boolean {
  return isOpenAtMinuteOfWeek(hours, minuteOfWeek(zonedAt(instant, timeZone)));
}

/**
 * Whether the establishment is open at an instant in its zone, its manual override first (open-now.ts isOpenAtMinute).
 * Example: `isEstablishmentOpenAt({ open_mode: 'closed', office_hours: everyDay }, instant, 'America/Sao_Paulo') === false`
 */
export function isEstablishmentOpenAt(est: OpeningRules, instant: Temporal.Instant, timeZone: string): boolean {
  return isOpenAtMinute(est, minuteOfWeek(zonedAt(instant, timeZone)));
}

/**
 * The next opening strictly after the instant (for 'abre às 18:00'), or null when there is none.
 * Example: `nextOpening([{ wday: 6, start_at: 1800, stop_at: 200 }], fridayNoon, 'America/Sao_Paulo')?.toPlainTime().toString() === '18:00:00'`
 */
export function nextOpening(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const zdt = zonedAt(instant, timeZone);
  const now = minuteOfWeek(zdt);
  const target = nextOpeningMinute(hours, now);
  if (target === null) return null;
  // The opening is a wall-clock time on a later (or the same) date: built on that date, so a
  // change of offset in between moves the instant, never the time shown.
  const days = Math.floor(target / MINUTES_PER_DAY) - Math.floor(now / MINUTES_PER_DAY);
  const minute = target % MINUTES_PER_DAY;
  const plainTime = new Temporal.PlainTime(Math.floor(minute / 60), minute % 60);
  return zdt.toPlainDate().add({ days }).toZonedDateTime({ timeZone, plainTime });
}

/**
 * When the current opening ends (for 'fecha às 02:00'), or null when closed now or never closing.
 * Example: `closingAt([{ wday: 6, start_at: 1800, stop_at: 200 }], fridayAt2000, 'America/Sao_Paulo')?.toPlainTime().toString() === '02:00:00'`
 */
export function closingAt(hours: readonly OfficeHour[], instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const zdt = zonedAt(instant, timeZone);
  const m = minuteOfWeek(zdt);
  const end = closingMinute(hours, m);
  if (end === null) return null;
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
  /** 1 = Sunday; the pages name it (catalogue.json weekday.long). */
  wday: number;
  /** Merged intervals, 'HH:mm'; none on a closed day. */
  intervals: Array<{ opening: string; closing: string; closesNextDay: boolean }>;
};

/**
 * Sunday-to-Saturday table for display, merged per day, no intervals on days without hours.
 * Example: `weeklyTable([{ wday: 6, start_at: 1800, stop_at: 200 }])[5].intervals` is `[{ opening: '18:00', closing: '02:00', closesNextDay: true }]`
 */
export function weeklyTable(hours: readonly OfficeHour[]): WeeklyTableRow[] {
  const merged = mergeOfficeHours(hours);
  return [1, 2, 3, 4, 5, 6, 7].map((wday) => ({
    wday,
    intervals: merged
      .filter((h) => h.wday === wday)
      .map((h) => ({ opening: formatHHMM(h.start_at), closing: formatHHMM(h.stop_at === 2400 ? 0 : h.stop_at), closesNextDay: closesNextDay(h) })),
  }));
}
