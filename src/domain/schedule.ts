// Order scheduling (spec section 5 'Schedule', decisions #19): the dates on offer, the times of a
// date in 15-minute steps and the check of a chosen date and time, all on the establishment's wall
// clock (its time zone, never the server's or the browser's).
//
// Which date a time after midnight belongs to: a time is listed under the calendar date on which it
// happens. Friday's 18:00-02:00 therefore offers 18:00..23:45 under Friday and 00:00..01:45 under
// Saturday. This keeps (date, time) <-> instant one-to-one, so zonedDateTimeParts of a stored
// scheduled_at gives back the very date and time the customer picked, and the midnight check
// (scheduleDateExpired) never resets a date whose remaining times are still ahead. The rule
// 'closing between 00:00 and 04:00 counts as next day' is what makes that tail part of
// Friday's opening: it is open without a break from 18:00, so preparation started on Friday counts.
import { mergeOfficeHours } from './office-hours.ts';
import type { OfficeHour } from './office-hours.ts';
import { MINUTES_PER_DAY, MINUTES_PER_WEEK, Temporal, hhmmToMinutes, isoDayToWday, normalizeTime, zonedAt } from './time.ts';

/** Times are offered every 15 minutes, on the quarter hours of the wall clock. Example: `SCHEDULE_STEP_MINUTES === 15` */
export const SCHEDULE_STEP_MINUTES = 15;

export type ScheduleContext = {
  now: Temporal.Instant;
  timeZone: string;
  /** src/domain/office-hours.ts shape (wday 1 = Sunday, HHMM). */
  officeHours: readonly OfficeHour[];
  maxDaysScheduling: number;
  /** min_delivery_time or min_pickup_time for the chosen type. */
  preparationMinutes: number;
  /** Largest product min_schedule_time (hours). */
  productMinScheduleHours: number;
  /** Each cart product's windows ([] = always). */
  productAvailabilities: readonly (readonly OfficeHour[])[];
};

export type ScheduleTimes = { ok: true; times: string[] } | { ok: false; reason: 'no_hours' | 'no_time_left' };
export type ScheduleCheck = { ok: true; scheduledAt: string } | { ok: false; reason: 'date_required' | 'invalid' | 'past' | 'too_early'; suggested?: string };

type Interval = { start: number; end: number };

function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else merged.push({ ...i });
  }
  return merged;
}

function parseDate(date: string): Temporal.PlainDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  try {
    return Temporal.PlainDate.from(date, { overflow: 'reject' });
  } catch {
    return null;
  }
}

function today(ctx: Pick<ScheduleContext, 'now' | 'timeZone'>): Temporal.PlainDate {
  return zonedAt(ctx.now, ctx.timeZone).toPlainDate();
}

function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The openings of a record list around a date, as merged [start, end) minutes after that date's
 * midnight: the previous day's records shifted by -1440 (their overnight tail reaches into the
 * date) and the date's own (possibly ending after 1440).
 */
function intervalsAround(hours: readonly OfficeHour[], date: Temporal.PlainDate): Interval[] {
  const wday = isoDayToWday(date.dayOfWeek);
  const previous = wday === 1 ? 7 : wday - 1;
  const intervals: Interval[] = [];
  for (const h of mergeOfficeHours(hours)) {
    if (h.wday !== wday && h.wday !== previous) continue;
    const start = hhmmToMinutes(h.start_at);
    const stop = hhmmToMinutes(h.stop_at);
    const end = stop < start ? stop + MINUTES_PER_DAY : stop;
    const shift = h.wday === wday ? 0 : -MINUTES_PER_DAY;
    intervals.push({ start: start + shift, end: end + shift });
  }
  return mergeIntervals(intervals);
}

function inside(intervals: readonly Interval[], minute: number): boolean {
  return intervals.some((i) => minute >= i.start && minute < i.end);
}

// Minutes from the date's midnight to now on the wall clock, with seconds as a fraction, so
// 10:00:30 rounds up to 10:15 while 10:00:00 stays 10:00 (decisions #19).
function nowMinutesFrom(ctx: Pick<ScheduleContext, 'now' | 'timeZone'>, date: Temporal.PlainDate): number {
  const now = zonedAt(ctx.now, ctx.timeZone).toPlainDateTime();
  return now.since(date.toPlainDateTime(), { largestUnit: 'hours' }).total({ unit: 'minutes' });
}

function ceilToStep(minutes: number): number {
  return Math.ceil(minutes / SCHEDULE_STEP_MINUTES) * SCHEDULE_STEP_MINUTES;
}

type DayPlan = {
  /** Quarter-hour marks of the date inside office hours and every product's windows. */
  candidates: number[];
  /** Of those, the ones that also leave the preparation and product lead time. */
  times: number[];
};

// The earliest time in an opening is max(opening, now rounded up to the quarter hour) plus the
// preparation time plus the largest product minimum, rounded up to a quarter hour
// [R-5.64, decisions #19]. Taken per opening, so after a lunch opening runs out the dinner one
// starts again from its own opening.
function planDay(ctx: ScheduleContext, date: Temporal.PlainDate): DayPlan {
  const openings = intervalsAround(ctx.officeHours, date);
  const windows = ctx.productAvailabilities.filter((w) => w.length > 0).map((w) => intervalsAround(w, date));
  const nowRounded = ceilToStep(nowMinutesFrom(ctx, date));
  const lead = Math.max(0, ctx.preparationMinutes) + Math.ceil(Math.max(0, ctx.productMinScheduleHours) * 60);
  const candidates: number[] = [];
  const times: number[] = [];
  for (let m = 0; m < MINUTES_PER_DAY; m += SCHEDULE_STEP_MINUTES) {
    const opening = openings.find((i) => m >= i.start && m < i.end);
    if (!opening) continue;
    if (!windows.every((w) => inside(w, m))) continue;
    candidates.push(m);
    if (m >= ceilToStep(Math.max(opening.start, nowRounded) + lead)) times.push(m);
  }
  return { candidates, times };
}

/**
 * 'YYYY-MM-DD' from today to today + maxDaysScheduling (empty when max is 0).
 * Example: `scheduleDates({ ...ctx, maxDaysScheduling: 2 })` is `['2025-01-03', '2025-01-04', '2025-01-05']` on Friday 2025-01-03
 */
export function scheduleDates(ctx: ScheduleContext): string[] {
  const max = Math.floor(ctx.maxDaysScheduling);
  if (!(max > 0)) return [];
  const first = today(ctx);
  return Array.from({ length: max + 1 }, (_, d) => first.add({ days: d }).toString());
}

/**
 * 15-min steps from max(opening, now rounded up to 15 min) + preparation + product minimum, inside
 * office hours (crossing midnight handled) and inside every product's windows [R-5.63..R-5.67, decisions #19].
 * 'no_hours' when nothing on that date is inside the office hours and the products' windows;
 * 'no_time_left' when there are such hours but none leaves the preparation time (or all have passed).
 * Example: `scheduleTimes(ctx, '2025-01-03')` is `{ ok: true, times: ['18:30', '18:45', ..., '23:45'] }` for Friday 18:00-02:00 with 30 min preparation
 */
export function scheduleTimes(ctx: ScheduleContext, date: string): ScheduleTimes {
  const day = parseDate(date);
  if (!day) return { ok: false, reason: 'no_hours' };
  const plan = planDay(ctx, day);
  if (plan.candidates.length === 0) return { ok: false, reason: 'no_hours' };
  if (plan.times.length === 0) return { ok: false, reason: 'no_time_left' };
  return { ok: true, times: plan.times.map(formatMinutes) };
}

/**
 * Validates a chosen date + time ('H:mm' or 'HH:mm', normalised):
 * no date -> 'date_required'; a date outside scheduleDates, a time that is not a time or not one of
 * the date's quarter hours inside the hours -> 'invalid'; before now -> 'past'; inside the hours but
 * before the earliest time -> 'too_early' with the date's earliest valid time as `suggested` (or
 * 'invalid' when the date has none left).
 * Example: `checkSchedule(ctx, '2025-01-03', '19:00')` is `{ ok: true, scheduledAt: '2025-01-03T22:00:00Z' }` in São Paulo
 */
export function checkSchedule(ctx: ScheduleContext, date: string | null, time: string | null): ScheduleCheck {
  if (date === null || date.trim() === '') return { ok: false, reason: 'date_required' };
  const day = parseDate(date.trim());
  if (!day) return { ok: false, reason: 'invalid' };
  const normalised = time === null ? null : normalizeTime(time);
  if (normalised === null || normalised === '24:00') return { ok: false, reason: 'invalid' };
  const minutes = hhmmToMinutes(Number(normalised.replace(':', '')));
  const instant = day.toZonedDateTime({ timeZone: ctx.timeZone, plainTime: Temporal.PlainTime.from(normalised) }).toInstant();
  if (Temporal.Instant.compare(instant, ctx.now) < 0 || Temporal.PlainDate.compare(day, today(ctx)) < 0) {
    return { ok: false, reason: 'past' };
  }
  if (!scheduleDates(ctx).includes(day.toString())) return { ok: false, reason: 'invalid' };
  const plan = planDay(ctx, day);
  if (plan.times.includes(minutes)) return { ok: true, scheduledAt: instant.toString() };
  const first = plan.times[0];
  // Off-step times inside the hours are judged by the quarter hour they fall in, so 18:07 before
  // the earliest 18:30 still gets the suggestion rather than a bare 'invalid'.
  const stepStart = minutes - (minutes % SCHEDULE_STEP_MINUTES);
  if (first !== undefined && minutes < first && plan.candidates.includes(stepStart)) {
    return { ok: false, reason: 'too_early', suggested: formatMinutes(first) };
  }
  return { ok: false, reason: 'invalid' };
}

// All windows of a list as merged minute-of-week intervals, an overnight one split at Saturday
// midnight, as office-hours.ts reads them.
function weekIntervals(hours: readonly OfficeHour[]): Interval[] {
  const intervals: Interval[] = [];
  for (const h of mergeOfficeHours(hours)) {
    const start = hhmmToMinutes(h.start_at);
    const stop = hhmmToMinutes(h.stop_at);
    const offset = (h.wday - 1) * MINUTES_PER_DAY;
    const s = offset + start;
    const e = offset + (stop < start ? stop + MINUTES_PER_DAY : stop);
    if (e > MINUTES_PER_WEEK) intervals.push({ start: s, end: MINUTES_PER_WEEK }, { start: 0, end: e - MINUTES_PER_WEEK });
    else intervals.push({ start: s, end: e });
  }
  return mergeIntervals(intervals);
}

function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) result.push({ start, end });
    }
  }
  return mergeIntervals(result);
}

/**
 * Whether all products have a common available day/time (else the 'não estão disponíveis no mesmo
 * dia' dialog). Products without windows are always available; lists whose records are all
 * invalid count as never available.
 * Example: `productsShareAvailability([[{ wday: 2, start_at: 1100, stop_at: 1500 }], [{ wday: 3, start_at: 1100, stop_at: 1500 }]]) === false`
 */
export function productsShareAvailability(availabilities: readonly (readonly OfficeHour[])[]): boolean {
  let common: Interval[] = [{ start: 0, end: MINUTES_PER_WEEK }];
  for (const windows of availabilities) {
    if (windows.length === 0) continue;
    common = intersect(common, weekIntervals(windows));
    if (common.length === 0) return false;
  }
  return true;
}

/**
 * The date ('YYYY-MM-DD') and time ('HH:mm') of an ISO instant in the zone (to show a scheduled order).
 * Example: `zonedDateTimeParts('2025-01-03T22:00:00Z', 'America/Sao_Paulo')` is `{ date: '2025-01-03', time: '19:00' }`
 */
export function zonedDateTimeParts(iso: string, timeZone: string): { date: string; time: string } {
  const zdt = zonedAt(Temporal.Instant.from(iso), timeZone);
  return { date: zdt.toPlainDate().toString(), time: formatMinutes(zdt.hour * 60 + zdt.minute) };
}

/**
 * Midnight check: true when `date` is before today in the zone (the chosen date must be
 * reset); a date that cannot be read counts as expired too.
 * Example: `scheduleDateExpired('2025-01-02', Temporal.Instant.from('2025-01-03T12:00:00Z'), 'America/Sao_Paulo') === true`
 */
export function scheduleDateExpired(date: string, now: Temporal.Instant, timeZone: string): boolean {
  const day = parseDate(date);
  if (!day) return true;
  return Temporal.PlainDate.compare(day, today({ now, timeZone })) < 0;
}
