import { describe, it, expect } from 'vitest';
import { isProductAvailableAt, isProductAvailableAtMinute, needsScheduleModal, nextProductAvailability } from '../../src/domain/availability.ts';
import { Temporal, minuteOfWeek, zonedAt } from '../../src/domain/time.ts';

const SP = 'America/Sao_Paulo';
function sp(local: string): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(SP).toInstant();
}

// Lunch menu: Monday to Friday (wday 2..6), 11:00-15:00. 2025-01-06 is a Monday.
const LUNCH_MENU = { availabilities: [2, 3, 4, 5, 6].map((wday) => ({ wday, start_at: 1100, stop_at: 1500 })) };
// Late-night snack: Saturday 22:00 to Sunday 03:00.
const LATE_SNACK = { availabilities: [{ wday: 7, start_at: 2200, stop_at: 300 }] };

describe('product availability windows', () => {
  it('is always available without windows', () => {
    expect(isProductAvailableAt({ availabilities: [] }, sp('2025-01-05T04:00'), SP)).toBe(true);
    expect(isProductAvailableAt({}, sp('2025-01-05T04:00'), SP)).toBe(true);
    expect(isProductAvailableAt({ availabilities: null }, sp('2025-01-05T04:00'), SP)).toBe(true);
  });

  it('is available only inside a window, in the establishment time zone', () => {
    expect(isProductAvailableAt(LUNCH_MENU, sp('2025-01-06T12:00'), SP)).toBe(true);
    expect(isProductAvailableAt(LUNCH_MENU, sp('2025-01-06T15:00'), SP)).toBe(false);
    expect(isProductAvailableAt(LUNCH_MENU, sp('2025-01-05T12:00'), SP)).toBe(false);
    // 14:30 UTC is 11:30 in São Paulo but 10:30 in Manaus.
    expect(isProductAvailableAt(LUNCH_MENU, Temporal.Instant.from('2025-01-06T14:30:00Z'), 'America/Manaus')).toBe(false);
  });

  it('follows an overnight window into the next day [R-5.77]', () => {
    expect(isProductAvailableAt(LATE_SNACK, sp('2025-01-05T02:30'), SP)).toBe(true);
    expect(isProductAvailableAt(LATE_SNACK, sp('2025-01-05T03:30'), SP)).toBe(false);
  });

  it('tells when an unavailable product comes back', () => {
    expect(nextProductAvailability(LUNCH_MENU, sp('2025-01-06T09:00'), SP)?.toString()).toBe('2025-01-06T11:00:00-03:00[America/Sao_Paulo]');
    expect(nextProductAvailability(LUNCH_MENU, sp('2025-01-10T16:00'), SP)?.toString()).toBe('2025-01-13T11:00:00-03:00[America/Sao_Paulo]');
    expect(nextProductAvailability(LUNCH_MENU, sp('2025-01-06T12:00'), SP)).toBeNull();
  });

  it('needs the schedule modal with windows or a minimum schedule time', () => {
    expect(needsScheduleModal(LUNCH_MENU)).toBe(true);
    expect(needsScheduleModal({ availabilities: [], min_schedule_time: 2 })).toBe(true);
    expect(needsScheduleModal({ availabilities: [], min_schedule_time: 0 })).toBe(false);
  });

  it('reads the same on a wall-clock minute of the week as on an instant (the cart reads the minute without Temporal)', () => {
    // Every quarter of an hour of a week, both menus: Monday 2025-01-06 00:00 onwards.
    const start = sp('2025-01-05T00:00');
    for (let m = 0; m < 7 * 1440; m += 15) {
      const instant = start.add({ minutes: m });
      const minute = minuteOfWeek(zonedAt(instant, SP));
      for (const menu of [LUNCH_MENU, LATE_SNACK, { availabilities: [] }]) {
        expect(isProductAvailableAtMinute(menu, minute)).toBe(isProductAvailableAt(menu, instant, SP));
      }
    }
    // Monday 12:00 is minute 1440 + 720 of the week (Sunday 00:00 is 0).
    expect(isProductAvailableAtMinute(LUNCH_MENU, 1440 + 720)).toBe(true);
    expect(isProductAvailableAtMinute(LUNCH_MENU, 720)).toBe(false);
    expect(isProductAvailableAtMinute({}, 720)).toBe(true);
  });
});
