// The one 'open now' rule (src/domain/open-now.ts): the manual override, the office hours in the
// establishment's zone, the next opening and closing on its wall clock, and what the cart lets a
// customer do. The server reads the wall clock with Temporal, the browser from the published zone
// offsets: both must give the same answers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closingAtMinute, isOpenAtMinute, nextOpeningAtMinute, orderingState, type OpenMode } from '../../src/domain/open-now.ts';
import { closingAt, isEstablishmentOpenAt, nextOpening, type OfficeHour } from '../../src/domain/office-hours.ts';
import { Temporal, minuteOfWeek, publishedZoneOffsets, wallClockMinuteOfWeek, zonedAt } from '../../src/domain/time.ts';
import { isEstablishmentOpen } from '../../src/server/services/establishment-status.ts';
import { closesText, opensText } from '../../src/i18n/hours-text.ts';
import { openingText } from '../../src/i18n/messages.ts';
import layout from '../../src/i18n/locales/pt-BR/layout.json';

const SP = 'America/Sao_Paulo';
const MANAUS = 'America/Manaus';

/** Instant of a wall-clock time in a zone. 2025-01-03 is a Friday, 01-04 Saturday, 01-05 Sunday. */
function at(local: string, zone = SP): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(zone).toInstant();
}
/** The wall-clock minute of the week of a São Paulo time. */
function minute(local: string): number {
  return minuteOfWeek(zonedAt(at(local), SP));
}

const FRIDAY_NIGHT: OfficeHour[] = [{ wday: 6, start_at: 1800, stop_at: 200 }];
const EVENINGS: OfficeHour[] = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1800, stop_at: 2330 }));
const ALL_DAY: OfficeHour[] = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 }));
const auto = (office_hours: OfficeHour[]) => ({ open_mode: 'auto' as const, office_hours });

describe('isOpenAtMinute: the manual override first, then the office hours', () => {
  it("is open under the manual 'open' even outside the hours or without any [R-4.54]", () => {
    expect(isOpenAtMinute({ open_mode: 'open', office_hours: EVENINGS }, minute('2025-01-03T10:00'))).toBe(true);
    expect(isOpenAtMinute({ open_mode: 'open', office_hours: [] }, 0)).toBe(true);
  });

  it("is closed under the manual 'closed' even inside the hours", () => {
    expect(isOpenAtMinute({ open_mode: 'closed', office_hours: EVENINGS }, minute('2025-01-03T20:00'))).toBe(false);
    expect(isOpenAtMinute({ open_mode: 'closed', office_hours: ALL_DAY }, 0)).toBe(false);
  });

  it("follows the hours under 'auto', closed without any [R-4.54]", () => {
    expect(isOpenAtMinute(auto(EVENINGS), minute('2025-01-03T20:00'))).toBe(true);
    expect(isOpenAtMinute(auto(EVENINGS), minute('2025-01-03T23:30'))).toBe(false);
    expect(isOpenAtMinute(auto([]), minute('2025-01-03T20:00'))).toBe(false);
  });

  it('keeps an overnight opening open past midnight: Friday 18:00-02:00 is open on Saturday at 01:30 [R-5.77]', () => {
    expect(isOpenAtMinute(auto(FRIDAY_NIGHT), minute('2025-01-04T01:30'))).toBe(true);
    expect(isOpenAtMinute(auto(FRIDAY_NIGHT), minute('2025-01-04T02:00'))).toBe(false);
  });
});

describe("the rule in the establishment's time zone", () => {
  it('reads the instant on the establishment clock, not the server or browser one', () => {
    // 19:30 in São Paulo is 18:30 in Manaus: both open; 18:30 in São Paulo is 17:30 in Manaus.
    const instant = at('2025-01-03T18:30');
    expect(isEstablishmentOpenAt(auto(EVENINGS), instant, SP)).toBe(true);
    expect(isEstablishmentOpenAt(auto(EVENINGS), instant, MANAUS)).toBe(false);
    expect(isEstablishmentOpen({ ...auto(EVENINGS), time_zone: MANAUS }, new Date(instant.epochMilliseconds))).toBe(false);
    // The browser path, from the offsets the page publishes, agrees.
    const ms = instant.epochMilliseconds;
    expect(isOpenAtMinute(auto(EVENINGS), wallClockMinuteOfWeek(ms, SP, publishedZoneOffsets(SP, ms)))).toBe(true);
    expect(isOpenAtMinute(auto(EVENINGS), wallClockMinuteOfWeek(ms, MANAUS, publishedZoneOffsets(MANAUS, ms)))).toBe(false);
  });

  it('gives the server (Temporal) and the browser (published offsets) the same answer for any hours, mode, zone and instant', () => {
    const hour = fc.record({
      wday: fc.integer({ min: 1, max: 7 }),
      start_at: fc.integer({ min: 0, max: 23 }).chain((h) => fc.constantFrom(h * 100, h * 100 + 30)),
      stop_at: fc.integer({ min: 0, max: 24 }).map((h) => h * 100),
    });
    const from = Date.UTC(2025, 0, 1);
    fc.assert(
      fc.property(
        fc.array(hour, { maxLength: 6 }),
        fc.constantFrom<OpenMode>('auto', 'open', 'closed'),
        fc.constantFrom(SP, MANAUS, 'America/Noronha', 'America/New_York'),
        fc.integer({ min: from, max: from + 300 * 86_400_000 }),
        (office_hours, open_mode, zone, ms) => {
          const est = { open_mode, office_hours };
          const browser = isOpenAtMinute(est, wallClockMinuteOfWeek(ms, zone, publishedZoneOffsets(zone, from)));
          expect(isEstablishmentOpenAt(est, Temporal.Instant.fromEpochMilliseconds(ms), zone)).toBe(browser);
          expect(isEstablishmentOpen({ ...est, time_zone: zone }, new Date(ms))).toBe(browser);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('nextOpeningAtMinute: when a closed establishment opens, on its wall clock', () => {
  it("says today, tomorrow or the weekday, with the time ('Abre hoje às 18:00')", () => {
    expect(nextOpeningAtMinute(auto(EVENINGS), minute('2025-01-03T10:00'))).toEqual({ days: 0, wday: 6, time: '18:00' });
    expect(nextOpeningAtMinute(auto(EVENINGS), minute('2025-01-03T23:45'))).toEqual({ days: 1, wday: 7, time: '18:00' });
    // Friday nights only: from Saturday noon it is the next Friday.
    expect(nextOpeningAtMinute(auto(FRIDAY_NIGHT), minute('2025-01-04T12:00'))).toEqual({ days: 6, wday: 6, time: '18:00' });
    // Just after the week's only opening has ended.
    expect(nextOpeningAtMinute(auto(FRIDAY_NIGHT), minute('2025-01-04T02:00'))).toEqual({ days: 6, wday: 6, time: '18:00' });
  });

  it('wraps from Saturday to Sunday', () => {
    const sundayMorning: OfficeHour[] = [{ wday: 1, start_at: 800, stop_at: 1400 }];
    expect(nextOpeningAtMinute(auto(sundayMorning), minute('2025-01-04T22:00'))).toEqual({ days: 1, wday: 1, time: '08:00' });
  });

  it("is null while open, under the manual 'closed' or 'open', and without hours", () => {
    expect(nextOpeningAtMinute(auto(EVENINGS), minute('2025-01-03T20:00'))).toBeNull();
    expect(nextOpeningAtMinute({ open_mode: 'closed', office_hours: EVENINGS }, minute('2025-01-03T10:00'))).toBeNull();
    expect(nextOpeningAtMinute({ open_mode: 'open', office_hours: EVENINGS }, minute('2025-01-03T10:00'))).toBeNull();
    expect(nextOpeningAtMinute(auto([]), 0)).toBeNull();
  });

  it('matches the server reading (office-hours.ts nextOpening) for any hours and instant', () => {
    const hour = fc.record({
      wday: fc.integer({ min: 1, max: 7 }),
      start_at: fc.integer({ min: 0, max: 23 }).map((h) => h * 100),
      stop_at: fc.integer({ min: 0, max: 23 }).map((h) => h * 100 + 30),
    });
    fc.assert(
      fc.property(fc.array(hour, { minLength: 1, maxLength: 5 }), fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2025, 11, 1) }), (hours, ms) => {
        const instant = Temporal.Instant.fromEpochMilliseconds(ms);
        const now = zonedAt(instant, SP);
        const m = minuteOfWeek(now);
        const wall = nextOpeningAtMinute(auto(hours), m);
        if (isOpenAtMinute(auto(hours), m)) {
          expect(wall).toBeNull();
          return;
        }
        const server = nextOpening(hours, instant, SP);
        expect(wall === null).toBe(server === null);
        if (!wall || !server) return;
        expect(server.toPlainDate().since(now.toPlainDate()).days).toBe(wall.days);
        expect(server.toPlainTime().toString().slice(0, 5)).toBe(wall.time);
      }),
      { numRuns: 300 },
    );
  });
});

describe('closingAtMinute: when an open establishment closes', () => {
  it('is the end of the opening under way, on the next day past midnight', () => {
    expect(closingAtMinute(auto(EVENINGS), minute('2025-01-03T20:00'))).toEqual({ days: 0, wday: 6, time: '23:30' });
    expect(closingAtMinute(auto(FRIDAY_NIGHT), minute('2025-01-03T20:00'))).toEqual({ days: 1, wday: 7, time: '02:00' });
    // Agrees with the server's closingAt.
    expect(closingAt(FRIDAY_NIGHT, at('2025-01-03T20:00'), SP)?.toPlainTime().toString()).toBe('02:00:00');
  });

  it('is null around the clock, under the manual override and while closed', () => {
    expect(closingAtMinute(auto(ALL_DAY), minute('2025-01-03T20:00'))).toBeNull();
    expect(closingAtMinute({ open_mode: 'open', office_hours: EVENINGS }, minute('2025-01-03T20:00'))).toBeNull();
    expect(closingAtMinute(auto(EVENINGS), minute('2025-01-03T10:00'))).toBeNull();
  });
});

describe('orderingState: what the cart lets a customer do now', () => {
  const base = { ...auto(EVENINGS), unavailable: false, max_days_scheduling: 0 };
  it('an unavailable establishment takes no orders, whatever its hours say [R-2.118]', () => {
    expect(orderingState({ ...base, unavailable: true }, minute('2025-01-03T20:00'))).toBe('unavailable');
    expect(orderingState({ ...base, open_mode: 'open', unavailable: true }, 0)).toBe('unavailable');
  });

  it('closed with no scheduling blocks the checkout; closed with scheduling only schedules [R-2.57] [R-6.10]', () => {
    expect(orderingState(base, minute('2025-01-03T10:00'))).toBe('closed');
    expect(orderingState({ ...base, max_days_scheduling: 3 }, minute('2025-01-03T10:00'))).toBe('schedule_only');
    expect(orderingState({ ...base, open_mode: 'closed', office_hours: [] }, 0)).toBe('closed');
  });

  it('open follows the same rule as the server [R-4.54]', () => {
    expect(orderingState(base, minute('2025-01-03T20:00'))).toBe('open');
    expect(orderingState({ ...base, open_mode: 'open', office_hours: [] }, minute('2025-01-03T10:00'))).toBe('open');
  });
});

describe('the hours as a customer reads them', () => {
  it("'Abre hoje às 18:00', 'Abre amanhã às 18:00', 'Abre sexta às 18:00'", () => {
    expect(opensText({ days: 0, wday: 6, time: '18:00' }, layout.hours)).toBe('Abre hoje às 18:00');
    expect(opensText({ days: 1, wday: 7, time: '18:00' }, layout.hours)).toBe('Abre amanhã às 18:00');
    expect(opensText({ days: 6, wday: 6, time: '18:00' }, layout.hours)).toBe('Abre sexta às 18:00');
    expect(openingText({ days: 2, wday: 2, time: '07:00' })).toBe('Abre segunda às 07:00');
  });

  it("'Aberto até 02:00', 'Aberto 24 horas'", () => {
    expect(closesText({ days: 1, wday: 7, time: '02:00' }, layout.hours)).toBe('Aberto até 02:00');
    expect(closesText(null, layout.hours)).toBe('Aberto 24 horas');
  });

  it('never passes the width the info strip reserves for them (21 characters)', () => {
    const longest = Math.max(
      ...[1, 2, 3, 4, 5, 6, 7].flatMap((wday) => [0, 1, 2].map((days) => opensText({ days, wday, time: '00:00' }, layout.hours).length)),
      closesText({ days: 0, wday: 1, time: '00:00' }, layout.hours).length,
      closesText(null, layout.hours).length,
    );
    expect(longest).toBeLessThanOrEqual(21);
  });
});
