import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  SCHEDULE_STEP_MINUTES,
  checkSchedule,
  productsShareAvailability,
  scheduleDateExpired,
  scheduleDates,
  scheduleTimes,
  zonedDateTimeParts,
  type ScheduleContext,
} from '../../src/domain/schedule.ts';
import type { OfficeHour } from '../../src/domain/office-hours.ts';
import { isOpenAt } from '../../src/domain/office-hours.ts';
import { Temporal } from '../../src/domain/time.ts';

const SP = 'America/Sao_Paulo';
const MANAUS = 'America/Manaus';

/** Instant of a wall-clock time in São Paulo. 2025-01-03 is a Friday, 01-04 Saturday, 01-05 Sunday. */
function sp(local: string, timeZone = SP): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone).toInstant();
}

// Every day 11:00-15:00 and 18:00-23:00, except Friday (wday 6) 18:00-02:00 and Sunday closed.
const HOURS: OfficeHour[] = [2, 3, 4, 5, 7]
  .flatMap((wday) => [
    { wday, start_at: 1100, stop_at: 1500 },
    { wday, start_at: 1800, stop_at: 2300 },
  ])
  .concat([
    { wday: 6, start_at: 1100, stop_at: 1500 },
    { wday: 6, start_at: 1800, stop_at: 200 },
  ]);

function ctx(over: Partial<ScheduleContext> = {}): ScheduleContext {
  return {
    now: sp('2025-01-03T09:00'),
    timeZone: SP,
    officeHours: HOURS,
    maxDaysScheduling: 3,
    preparationMinutes: 30,
    productMinScheduleHours: 0,
    productAvailabilities: [],
    ...over,
  };
}

function steps(from: string, to: string): string[] {
  const out: string[] = [];
  let t = Temporal.PlainTime.from(from);
  const end = Temporal.PlainTime.from(to);
  for (;;) {
    out.push(t.toString().slice(0, 5));
    if (Temporal.PlainTime.compare(t, end) >= 0) break;
    t = t.add({ minutes: 15 });
  }
  return out;
}

function timesOf(c: ScheduleContext, date: string): string[] {
  const r = scheduleTimes(c, date);
  if (!r.ok) throw new Error(`expected times, got ${r.reason}`);
  return r.times;
}

describe('scheduleDates', () => {
  it('offers today to today + max_days_scheduling [R-5.61]', () => {
    expect(scheduleDates(ctx({ maxDaysScheduling: 2 }))).toEqual(['2025-01-03', '2025-01-04', '2025-01-05']);
  });

  it('offers nothing when max_days_scheduling is 0 (scheduling off) [R-5.62]', () => {
    expect(scheduleDates(ctx({ maxDaysScheduling: 0 }))).toEqual([]);
  });

  it("starts from the establishment's date, not UTC's", () => {
    // 2025-01-04T01:00Z is still Friday 22:00 in São Paulo
    expect(scheduleDates(ctx({ now: Temporal.Instant.from('2025-01-04T01:00:00Z'), maxDaysScheduling: 1 }))).toEqual(['2025-01-03', '2025-01-04']);
    expect(scheduleDates(ctx({ now: Temporal.Instant.from('2025-01-04T01:00:00Z'), timeZone: 'UTC', maxDaysScheduling: 1 }))).toEqual([
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('crosses month and year ends', () => {
    expect(scheduleDates(ctx({ now: sp('2024-12-31T10:00'), maxDaysScheduling: 1 }))).toEqual(['2024-12-31', '2025-01-01']);
  });
});

describe('scheduleTimes', () => {
  it('offers 15-minute steps from opening + preparation inside the hours [R-5.63, R-5.64]', () => {
    // Monday (not today): 11:00 + 30 min .. 14:45, then 18:30 .. 22:45
    expect(timesOf(ctx(), '2025-01-06')).toEqual([...steps('11:30', '14:45'), ...steps('18:30', '22:45')]);
  });

  it('starts today at now rounded up to the next 15 minutes plus preparation (decisions #19) [R-5.64]', () => {
    expect(timesOf(ctx({ now: sp('2025-01-04T12:07') }), '2025-01-04')[0]).toBe('12:45');
    expect(timesOf(ctx({ now: sp('2025-01-04T12:00') }), '2025-01-04')[0]).toBe('12:30');
    // seconds count: 12:00:30 rounds up to 12:15
    expect(timesOf(ctx({ now: sp('2025-01-04T12:00:30') }), '2025-01-04')[0]).toBe('12:45');
  });

  it('adds the largest product minimum schedule hours [R-5.64]', () => {
    const c = ctx({ now: sp('2025-01-04T11:10'), productMinScheduleHours: 2 });
    // now 11:10 -> 11:15 + 30 min + 2 h = 13:45
    expect(timesOf(c, '2025-01-04')[0]).toBe('13:45');
    // another day: opening + 30 min + 2 h
    expect(timesOf(c, '2025-01-06')[0]).toBe('13:30');
    expect(timesOf(c, '2025-01-06')).toContain('20:30');
    expect(timesOf(c, '2025-01-06')).not.toContain('20:15');
  });

  it('rounds a lead time off the quarter hours up to the next quarter hour', () => {
    expect(timesOf(ctx({ preparationMinutes: 20 }), '2025-01-06')[0]).toBe('11:30');
    expect(timesOf(ctx({ preparationMinutes: 0 }), '2025-01-06')[0]).toBe('11:00');
  });

  it('moves on to the next opening when the current one has no time left', () => {
    expect(timesOf(ctx({ now: sp('2025-01-04T14:40') }), '2025-01-04')[0]).toBe('18:30');
  });

  it('lists an overnight tail under the calendar date it falls on [R-5.77]', () => {
    const friday = timesOf(ctx(), '2025-01-03');
    expect(friday.slice(-1)[0]).toBe('23:45');
    expect(friday).not.toContain('00:00');
    // Saturday: the Friday tail 00:00..01:45 first, then Saturday's own openings
    const saturday = timesOf(ctx({ now: sp('2025-01-03T20:00') }), '2025-01-04');
    expect(saturday).toEqual([...steps('00:00', '01:45'), ...steps('11:30', '14:45'), ...steps('18:30', '22:45')]);
  });

  it('counts preparation for the tail from the Friday opening, not from midnight [R-5.77]', () => {
    // It is 23:50 on Friday: now rounds to 00:00, + 30 min -> Saturday 00:30
    const c = ctx({ now: sp('2025-01-03T23:50') });
    expect(timesOf(c, '2025-01-04').slice(0, 2)).toEqual(['00:30', '00:45']);
    expect(scheduleTimes(c, '2025-01-03')).toEqual({ ok: false, reason: 'no_time_left' });
  });

  it("answers 'no_hours' on a day without hours [R-5.67]", () => {
    expect(scheduleTimes(ctx(), '2025-01-05')).toEqual({ ok: false, reason: 'no_hours' });
  });

  it("answers 'no_time_left' when the day has hours but none leaves the preparation time [R-5.66]", () => {
    expect(scheduleTimes(ctx({ now: sp('2025-01-04T22:40') }), '2025-01-04')).toEqual({ ok: false, reason: 'no_time_left' });
    expect(scheduleTimes(ctx({ preparationMinutes: 6 * 60 }), '2025-01-06')).toEqual({ ok: false, reason: 'no_time_left' });
    // the same 6 h still reach into Friday's long night: 18:00 + 6 h = Saturday 00:00
    expect(timesOf(ctx({ preparationMinutes: 6 * 60 }), '2025-01-04')).toEqual(steps('00:00', '01:45'));
  });

  it("answers 'no_time_left' for a date already gone", () => {
    expect(scheduleTimes(ctx({ now: sp('2025-01-06T09:00') }), '2025-01-04')).toEqual({ ok: false, reason: 'no_time_left' });
  });

  it('keeps only the times inside every product window', () => {
    const lunchOnlySaturday: OfficeHour[] = [{ wday: 7, start_at: 1200, stop_at: 1400 }];
    const c = ctx({ productAvailabilities: [[], lunchOnlySaturday] });
    expect(timesOf(c, '2025-01-04')).toEqual(steps('12:00', '13:45'));
    // no window that day: nothing available
    expect(scheduleTimes(c, '2025-01-06')).toEqual({ ok: false, reason: 'no_hours' });
  });

  it('merges overlapping office-hour records [R-5.76]', () => {
    const overlapping: OfficeHour[] = [
      { wday: 7, start_at: 1000, stop_at: 1200 },
      { wday: 7, start_at: 1130, stop_at: 1300 },
    ];
    expect(timesOf(ctx({ officeHours: overlapping, preparationMinutes: 0 }), '2025-01-04')).toEqual(steps('10:00', '12:45'));
  });

  it("reads the hours on the establishment's own clock", () => {
    // 09:00 in São Paulo is 08:00 in Manaus; a Manaus shop opening at 11:00 is unaffected by the offset
    const c = ctx({ timeZone: MANAUS, now: sp('2025-01-04T10:50', MANAUS) });
    expect(timesOf(c, '2025-01-04')[0]).toBe('11:30');
  });

  it('answers no_hours for a date that is not a date', () => {
    expect(scheduleTimes(ctx(), '2025-02-30')).toEqual({ ok: false, reason: 'no_hours' });
    expect(scheduleTimes(ctx(), 'amanhã')).toEqual({ ok: false, reason: 'no_hours' });
  });

  it('offers only quarter hours, inside the hours, after now + preparation, in increasing order [R-5.63]', () => {
    const hour = fc.integer({ min: 0, max: 23 }).chain((h) => fc.constantFrom(0, 15, 30, 45).map((m) => h * 100 + m));
    const record = fc.record({ wday: fc.integer({ min: 1, max: 7 }), start_at: hour, stop_at: hour });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 6 }),
        fc.integer({ min: 0, max: 7 * 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 0, max: 6 }),
        (hours, nowOffset, prep, dayOffset) => {
          const now = sp('2025-01-05T00:00').add({ minutes: nowOffset });
          const c = ctx({ officeHours: hours, now, preparationMinutes: prep });
          const date = Temporal.PlainDate.from('2025-01-05').add({ days: dayOffset }).toString();
          const r = scheduleTimes(c, date);
          if (!r.ok) return;
          let previous = -1;
          for (const time of r.times) {
            const [h, m] = time.split(':').map(Number) as [number, number];
            expect(m % SCHEDULE_STEP_MINUTES).toBe(0);
            expect(h * 60 + m).toBeGreaterThan(previous);
            previous = h * 60 + m;
            const at = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: SP, plainTime: time }).toInstant();
            expect(isOpenAt(hours, at, SP)).toBe(true);
            expect(Temporal.Instant.compare(at, now.add({ minutes: prep })) >= 0).toBe(true);
            expect(checkSchedule({ ...c, maxDaysScheduling: 7 }, date, time).ok).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('checkSchedule', () => {
  it('requires the date [R-5.71]', () => {
    expect(checkSchedule(ctx(), null, '19:00')).toEqual({ ok: false, reason: 'date_required' });
    expect(checkSchedule(ctx(), '', '19:00')).toEqual({ ok: false, reason: 'date_required' });
  });

  it('accepts an offered time and gives the ISO instant', () => {
    expect(checkSchedule(ctx(), '2025-01-04', '19:00')).toEqual({ ok: true, scheduledAt: '2025-01-04T22:00:00Z' });
  });

  it('normalises the time to HH:mm [R-5.75]', () => {
    const morning = ctx({ officeHours: [{ wday: 2, start_at: 800, stop_at: 1200 }] });
    expect(checkSchedule(morning, '2025-01-06', '9:00')).toEqual({ ok: true, scheduledAt: '2025-01-06T12:00:00Z' });
    expect(checkSchedule(ctx(), '2025-01-04', '1900')).toEqual({ ok: true, scheduledAt: '2025-01-04T22:00:00Z' });
    expect(checkSchedule(ctx(), '2025-01-04', ' 19:00 ')).toEqual({ ok: true, scheduledAt: '2025-01-04T22:00:00Z' });
  });

  it('accepts an overnight tail time under its calendar date [R-5.77]', () => {
    expect(checkSchedule(ctx(), '2025-01-04', '01:30')).toEqual({ ok: true, scheduledAt: '2025-01-04T04:30:00Z' });
    expect(checkSchedule(ctx(), '2025-01-04', '02:00')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a time earlier than now [R-5.69]', () => {
    const c = ctx({ now: sp('2025-01-04T12:00') });
    expect(checkSchedule(c, '2025-01-04', '11:45')).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule(c, '2025-01-03', '19:00')).toEqual({ ok: false, reason: 'past' });
  });

  it('offers the earliest valid time when the chosen one is too early [R-5.65]', () => {
    const c = ctx({ now: sp('2025-01-04T12:00') });
    expect(checkSchedule(c, '2025-01-04', '12:15')).toEqual({ ok: false, reason: 'too_early', suggested: '12:30' });
    expect(checkSchedule(c, '2025-01-04', '12:07')).toEqual({ ok: false, reason: 'too_early', suggested: '12:30' });
    expect(checkSchedule(ctx(), '2025-01-06', '11:00')).toEqual({ ok: false, reason: 'too_early', suggested: '11:30' });
  });

  it('rejects a date or time that is not valid [R-5.72]', () => {
    const c = ctx();
    expect(checkSchedule(c, '2025-01-04', '09:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-04', null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-04', '25:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-04', '24:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-13-01', '19:00')).toEqual({ ok: false, reason: 'invalid' });
    // closed between lunch and dinner, on a closed day, off the 15-minute steps, and beyond the horizon
    expect(checkSchedule(c, '2025-01-04', '16:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-05', '12:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-04', '19:07')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(c, '2025-01-07', '19:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSchedule(ctx({ maxDaysScheduling: 0 }), '2025-01-03', '19:00')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('gives no suggestion (invalid) when the date has no time left', () => {
    expect(checkSchedule(ctx({ now: sp('2025-01-04T22:40') }), '2025-01-04', '22:45')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('productsShareAvailability', () => {
  const mondayLunch: OfficeHour[] = [{ wday: 2, start_at: 1100, stop_at: 1500 }];
  const tuesdayLunch: OfficeHour[] = [{ wday: 3, start_at: 1100, stop_at: 1500 }];
  const mondayNight: OfficeHour[] = [{ wday: 2, start_at: 1400, stop_at: 200 }];

  it('refuses products whose windows never meet [R-5.73]', () => {
    expect(productsShareAvailability([mondayLunch, tuesdayLunch])).toBe(false);
  });

  it('accepts overlapping windows, including overnight ones [R-5.73]', () => {
    expect(productsShareAvailability([mondayLunch, mondayNight])).toBe(true);
    const tuesdayEarly: OfficeHour[] = [{ wday: 3, start_at: 100, stop_at: 300 }];
    expect(productsShareAvailability([mondayNight, tuesdayEarly])).toBe(true);
    const saturdayNight: OfficeHour[] = [{ wday: 7, start_at: 2200, stop_at: 300 }];
    const sundayEarly: OfficeHour[] = [{ wday: 1, start_at: 0, stop_at: 100 }];
    expect(productsShareAvailability([saturdayNight, sundayEarly])).toBe(true);
  });

  it('treats products without windows as always available', () => {
    expect(productsShareAvailability([])).toBe(true);
    expect(productsShareAvailability([[], mondayLunch, []])).toBe(true);
  });

  it('refuses windows that only touch', () => {
    const afterLunch: OfficeHour[] = [{ wday: 2, start_at: 1500, stop_at: 1700 }];
    expect(productsShareAvailability([mondayLunch, afterLunch])).toBe(false);
  });
});

describe('zonedDateTimeParts and scheduleDateExpired', () => {
  it('shows a stored instant on the establishment clock', () => {
    expect(zonedDateTimeParts('2025-01-03T22:00:00Z', SP)).toEqual({ date: '2025-01-03', time: '19:00' });
    expect(zonedDateTimeParts('2025-01-04T04:30:00Z', SP)).toEqual({ date: '2025-01-04', time: '01:30' });
    expect(zonedDateTimeParts('2025-01-04T04:30:00Z', MANAUS)).toEqual({ date: '2025-01-04', time: '00:30' });
  });

  it('round-trips with checkSchedule', () => {
    const r = checkSchedule(ctx(), '2025-01-04', '01:15');
    expect(r.ok && zonedDateTimeParts(r.scheduledAt, SP)).toEqual({ date: '2025-01-04', time: '01:15' });
  });

  it('flags a date before today in the zone at the midnight check [R-4.58]', () => {
    const justAfterMidnight = sp('2025-01-04T00:01');
    expect(scheduleDateExpired('2025-01-03', justAfterMidnight, SP)).toBe(true);
    expect(scheduleDateExpired('2025-01-04', justAfterMidnight, SP)).toBe(false);
    expect(scheduleDateExpired('2025-01-05', justAfterMidnight, SP)).toBe(false);
    expect(scheduleDateExpired('2025-01-03', sp('2025-01-03T23:59'), SP)).toBe(false);
    expect(scheduleDateExpired('not a date', justAfterMidnight, SP)).toBe(true);
  });
});

describe('a schedule for today (decisions #19)', () => {
  /** Open all Saturday, no preparation: what is offered is the rounding alone. */
  const saturday = (now: string) => ctx({ now: sp(now), officeHours: [{ wday: 7, start_at: 0, stop_at: 2400 }], preparationMinutes: 0 });

  it('starts at now rounded up to the next 15 minutes, never at a time already past [R-9.3]', () => {
    expect(timesOf(saturday('2025-01-04T12:01'), '2025-01-04')[0]).toBe('12:15');
    expect(timesOf(saturday('2025-01-04T12:14:59'), '2025-01-04')[0]).toBe('12:15');
    expect(timesOf(saturday('2025-01-04T12:15'), '2025-01-04')[0]).toBe('12:15');
    expect(timesOf(saturday('2025-01-04T12:15:01'), '2025-01-04')[0]).toBe('12:30');
    expect(timesOf(saturday('2025-01-04T12:50'), '2025-01-04')[0]).toBe('13:00');
    expect(timesOf(saturday('2025-01-04T23:30'), '2025-01-04')).toEqual(['23:30', '23:45']);
    // 23:46 rounds up to midnight, which is tomorrow: nothing is left today.
    expect(scheduleTimes(saturday('2025-01-04T23:46'), '2025-01-04')).toEqual({ ok: false, reason: 'no_time_left' });
    // A time of today that is already past is refused, the rounded one taken.
    expect(checkSchedule(saturday('2025-01-04T12:01'), '2025-01-04', '12:00')).toEqual({ ok: false, reason: 'past' });
    expect(checkSchedule(saturday('2025-01-04T12:01'), '2025-01-04', '12:15')).toMatchObject({ ok: true });
    // Tomorrow starts at its opening, whatever the time now.
    expect(timesOf(saturday('2025-01-03T12:01'), '2025-01-04')[0]).toBe('00:00');
  });
});
