// Whether an establishment takes orders now: the one reading of its manual override ('auto' |
// 'open' | 'closed') and office hours, shared by the order service, the establishment answers
// (is_open), the header status, the info strip, the cart and the checkout. It works on the wall-clock
// minute of the week in the establishment's zone, which the server reads with Temporal
// (office-hours.ts isEstablishmentOpenAt) and the catalogue pages' scripts from the published zone
// offsets (week-clock.ts wallClockMinuteOfWeek): this module imports no Temporal, so the polyfill
// never travels with those scripts.
import { closingMinute, isOpenAtMinuteOfWeek, nextOpeningMinute, wallClockTime, type OfficeHour, type WallClockTime } from './week-clock.ts';

/** 'auto' follows the office hours; 'open' and 'closed' are the establishment's manual override. */
export type OpenMode = 'auto' | 'open' | 'closed';

/** What the rule reads from an establishment. */
export interface OpeningRules {
  open_mode: OpenMode;
  office_hours: readonly OfficeHour[];
}

/**
 * Open at a wall-clock minute of the week (0 = Sunday 00:00): 'open' -> true, 'closed' -> false,
 * 'auto' -> the office hours (an overnight Friday 18:00-02:00 is open on Saturday at 01:30).
 * Example: `isOpenAtMinute({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }] }, 6 * 1440 + 90) === true`
 */
export function isOpenAtMinute(est: OpeningRules, minuteOfWeek: number): boolean {
  if (est.open_mode === 'open') return true;
  if (est.open_mode === 'closed') return false;
  return isOpenAtMinuteOfWeek(est.office_hours, minuteOfWeek);
}

/**
 * When a closed establishment opens next, on its wall clock; null when it is open, under the manual
 * 'closed' (nobody knows when it lifts) or has no office hours.
 * Example: `nextOpeningAtMinute({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }] }, 5 * 1440 + 720)` is `{ days: 0, wday: 6, time: '18:00' }`
 */
export function nextOpeningAtMinute(est: OpeningRules, minuteOfWeek: number): WallClockTime | null {
  if (est.open_mode !== 'auto' || isOpenAtMinute(est, minuteOfWeek)) return null;
  const target = nextOpeningMinute(est.office_hours, minuteOfWeek);
  return target === null ? null : wallClockTime(minuteOfWeek, target);
}

/**
 * When an open establishment closes, on its wall clock; null when it is closed, under the manual
 * 'open' or open around the clock.
 * Example: `closingAtMinute({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }] }, 5 * 1440 + 1200)` is `{ days: 1, wday: 7, time: '02:00' }`
 */
export function closingAtMinute(est: OpeningRules, minuteOfWeek: number): WallClockTime | null {
  if (est.open_mode !== 'auto') return null;
  const target = closingMinute(est.office_hours, minuteOfWeek);
  return target === null ? null : wallClockTime(minuteOfWeek, target);
}

/** What an establishment lets a customer do now: see orderingState. */
export type OrderingState = 'unavailable' | 'closed' | 'schedule_only' | 'open';

/**
 * What an establishment lets a customer do now, worst first: 'unavailable' (preferences.unavailable:
 * no orders at all ), 'closed' (closed and no scheduling: the checkout cannot start,
 * decisions #5 ), 'schedule_only' (closed, orders are scheduled ), 'open'.
 * Example: `orderingState({ open_mode: 'closed', office_hours: [], unavailable: false, max_days_scheduling: 0 }, 0) === 'closed'`
 */
export function orderingState(est: OpeningRules & { unavailable: boolean; max_days_scheduling: number }, minuteOfWeek: number): OrderingState {
  if (est.unavailable) return 'unavailable';
  if (isOpenAtMinute(est, minuteOfWeek)) return 'open';
  return est.max_days_scheduling > 0 ? 'schedule_only' : 'closed';
}

/** An establishment that takes no orders must say why: its notice needs a title (the catalogue format and the open-state switch both hold to it). */
export function unavailableWithoutTitle(prefs: { unavailable?: unknown; unavailable_title?: unknown }): boolean {
  return prefs.unavailable === true && !(typeof prefs.unavailable_title === 'string' && prefs.unavailable_title.trim() !== '');
}
