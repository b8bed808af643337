import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  STATUS_POLL_MS,
  STATUS_RECHECK_MS,
  closesNextDay,
  closingAt,
  formatHHMM,
  fromOfficeHourForm,
  initialStatusState,
  isOpenAt,
  isValidOfficeHour,
  mergeOfficeHours,
  nextOpening,
  nextStatusState,
  toOfficeHourForm,
  weeklyTable,
} from '../../src/domain/office-hours.ts';
import { dayHoursText, weekdayName } from '../../src/i18n/messages.ts';
import type { OfficeHour, StatusState } from '../../src/domain/office-hours.ts';
import { Temporal, normalizeTime, parseHHMM } from '../../src/domain/time.ts';

const SP = 'America/Sao_Paulo';
const MANAUS = 'America/Manaus';

/** Instant of a wall-clock time in São Paulo. 2025-01-03 is a Friday, 01-04 Saturday, 01-05 Sunday. */
function sp(local: string): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(SP).toInstant();
}

const FRIDAY_NIGHT: OfficeHour[] = [{ wday: 6, start_at: 1800, stop_at: 200 }];
const SATURDAY_NIGHT: OfficeHour[] = [{ wday: 7, start_at: 2200, stop_at: 300 }];
const LUNCH_AND_DINNER_TUESDAY: OfficeHour[] = [
  { wday: 3, start_at: 1800, stop_at: 2300 },
  { wday: 3, start_at: 1100, stop_at: 1500 },
];

describe('records and form', () => {
  it('uses wday 1 for Sunday [R-3.34]', () => {
    const sunday: OfficeHour[] = [{ wday: 1, start_at: 1000, stop_at: 1400 }];
    expect(isOpenAt(sunday, sp('2025-01-05T12:00'), SP)).toBe(true);
    expect(isOpenAt(sunday, sp('2025-01-06T12:00'), SP)).toBe(false);
    expect(weekdayName(1)).toBe('Domingo');
    expect(isValidOfficeHour({ wday: 0, start_at: 800, stop_at: 1800 })).toBe(false);
    expect(isValidOfficeHour({ wday: 8, start_at: 800, stop_at: 1800 })).toBe(false);
  });

  it('reads start_at and stop_at as HHMM integers [R-3.35]', () => {
    expect(isValidOfficeHour({ wday: 2, start_at: 830, stop_at: 1745 })).toBe(true);
    expect(isValidOfficeHour({ wday: 2, start_at: 860, stop_at: 1745 })).toBe(false);
    expect(isValidOfficeHour({ wday: 2, start_at: 2500, stop_at: 100 })).toBe(false);
    const monday: OfficeHour[] = [{ wday: 2, start_at: 830, stop_at: 1745 }];
    expect(isOpenAt(monday, sp('2025-01-06T08:29'), SP)).toBe(false);
    expect(isOpenAt(monday, sp('2025-01-06T08:30'), SP)).toBe(true);
    expect(isOpenAt(monday, sp('2025-01-06T17:44'), SP)).toBe(true);
    expect(isOpenAt(monday, sp('2025-01-06T17:45'), SP)).toBe(false);
  });

  it('maps to and from the client form {day_of_week, opening, closing} [R-3.36]', () => {
    expect(toOfficeHourForm({ _id: 'h1', wday: 2, start_at: 800, stop_at: 1730 })).toEqual({
      _id: 'h1',
      day_of_week: 2,
      opening: '08:00',
      closing: '17:30',
    });
    expect(fromOfficeHourForm({ day_of_week: 2, opening: '8:00', closing: '17:30' })).toEqual({ wday: 2, start_at: 800, stop_at: 1730 });
    expect(fromOfficeHourForm({ day_of_week: 2, opening: '25:00', closing: '17:30' })).toBeNull();
    expect(fromOfficeHourForm({ day_of_week: 9, opening: '08:00', closing: '17:30' })).toBeNull();
  });

  it('shows HHMM as HH:MM [R-9.15]', () => {
    expect(formatHHMM(0)).toBe('00:00');
    expect(formatHHMM(5)).toBe('00:05');
    expect(formatHHMM(930)).toBe('09:30');
    expect(formatHHMM(1830)).toBe('18:30');
    expect(formatHHMM(2400)).toBe('24:00');
    expect(() => formatHHMM(1260)).toThrow(RangeError);
  });

  it('normalises typed times to HH:mm', () => {
    expect(normalizeTime('9:05')).toBe('09:05');
    expect(normalizeTime('1830')).toBe('18:30');
    expect(normalizeTime('18:61')).toBeNull();
    expect(parseHHMM('abc')).toBeNull();
  });
});

describe('mergeOfficeHours [R-5.76]', () => {
  it('merges overlapping intervals of the same day', () => {
    expect(
      mergeOfficeHours([
        { wday: 2, start_at: 800, stop_at: 1200 },
        { wday: 2, start_at: 1100, stop_at: 1400 },
      ]),
    ).toEqual([{ wday: 2, start_at: 800, stop_at: 1400 }]);
  });

  it('merges touching and contained intervals, keeps separate ones, sorts by day and time', () => {
    expect(
      mergeOfficeHours([
        { wday: 3, start_at: 1800, stop_at: 2300 },
        { wday: 2, start_at: 1400, stop_at: 1800 },
        { wday: 2, start_at: 1100, stop_at: 1400 },
        { wday: 3, start_at: 1100, stop_at: 1500 },
        { wday: 3, start_at: 1200, stop_at: 1300 },
      ]),
    ).toEqual([
      { wday: 2, start_at: 1100, stop_at: 1800 },
      { wday: 3, start_at: 1100, stop_at: 1500 },
      { wday: 3, start_at: 1800, stop_at: 2300 },
    ]);
  });

  it('merges an overnight interval with a later one of the same opening day [R-5.77]', () => {
    expect(
      mergeOfficeHours([
        { wday: 6, start_at: 1800, stop_at: 200 },
        { wday: 6, start_at: 2000, stop_at: 2300 },
      ]),
    ).toEqual([{ wday: 6, start_at: 1800, stop_at: 200 }]);
  });

  it('does not merge different days and drops malformed records', () => {
    expect(
      mergeOfficeHours([
        { wday: 2, start_at: 800, stop_at: 1200 },
        { wday: 3, start_at: 800, stop_at: 1200 },
        { wday: 9, start_at: 800, stop_at: 1200 },
      ]),
    ).toEqual([
      { wday: 2, start_at: 800, stop_at: 1200 },
      { wday: 3, start_at: 800, stop_at: 1200 },
    ]);
  });

  it('writes a whole day as 0000-2400', () => {
    expect(
      mergeOfficeHours([
        { wday: 2, start_at: 0, stop_at: 1200 },
        { wday: 2, start_at: 1200, stop_at: 0 },
      ]),
    ).toEqual([{ wday: 2, start_at: 0, stop_at: 2400 }]);
  });
});

describe('overnight hours [R-5.77]', () => {
  it('counts a closing between 00:00 and 04:00 as the next day', () => {
    expect(closesNextDay({ wday: 6, start_at: 1800, stop_at: 200 })).toBe(true);
    expect(closesNextDay({ wday: 6, start_at: 1800, stop_at: 0 })).toBe(true);
    expect(closesNextDay({ wday: 6, start_at: 1800, stop_at: 400 })).toBe(true);
    expect(closesNextDay({ wday: 6, start_at: 100, stop_at: 300 })).toBe(false);
    expect(closesNextDay({ wday: 6, start_at: 800, stop_at: 1800 })).toBe(false);
  });

  it('makes Saturday 01:30 open for Friday 18:00-02:00', () => {
    expect(isOpenAt(FRIDAY_NIGHT, sp('2025-01-04T01:30'), SP)).toBe(true);
    expect(isOpenAt(FRIDAY_NIGHT, sp('2025-01-04T02:00'), SP)).toBe(false);
    expect(isOpenAt(FRIDAY_NIGHT, sp('2025-01-03T17:59'), SP)).toBe(false);
    expect(isOpenAt(FRIDAY_NIGHT, sp('2025-01-03T18:00'), SP)).toBe(true);
    // Friday 01:30 belongs to Thursday's night, which does not exist.
    expect(isOpenAt(FRIDAY_NIGHT, sp('2025-01-03T01:30'), SP)).toBe(false);
  });

  it('carries Saturday night into Sunday across the week boundary', () => {
    expect(isOpenAt(SATURDAY_NIGHT, sp('2025-01-05T02:59'), SP)).toBe(true);
    expect(isOpenAt(SATURDAY_NIGHT, sp('2025-01-05T03:00'), SP)).toBe(false);
    expect(isOpenAt(SATURDAY_NIGHT, sp('2025-01-04T23:00'), SP)).toBe(true);
  });
});

describe('isOpenAt in the establishment time zone', () => {
  it('evaluates the wall clock of the given zone, not UTC', () => {
    const friday2130utc = Temporal.Instant.from('2025-01-03T21:30:00Z');
    const hours: OfficeHour[] = [{ wday: 6, start_at: 1800, stop_at: 2300 }];
    expect(isOpenAt(hours, friday2130utc, SP)).toBe(true); // 18:30 in São Paulo
    expect(isOpenAt(hours, friday2130utc, MANAUS)).toBe(false); // 17:30 in Manaus
  });

  it('is closed with no hours', () => {
    expect(isOpenAt([], sp('2025-01-03T12:00'), SP)).toBe(false);
  });
});

describe('nextOpening', () => {
  it("gives today's opening for 'abre às 18:00'", () => {
    const next = nextOpening(FRIDAY_NIGHT, sp('2025-01-03T12:00'), SP);
    expect(next?.toString()).toBe('2025-01-03T18:00:00-03:00[America/Sao_Paulo]');
  });

  it("gives next week's opening once this one has started", () => {
    expect(nextOpening(FRIDAY_NIGHT, sp('2025-01-04T01:30'), SP)?.toString()).toBe('2025-01-10T18:00:00-03:00[America/Sao_Paulo]');
  });

  it('picks the nearest of several openings', () => {
    expect(nextOpening(LUNCH_AND_DINNER_TUESDAY, sp('2025-01-07T15:30'), SP)?.toString()).toBe('2025-01-07T18:00:00-03:00[America/Sao_Paulo]');
    expect(nextOpening(LUNCH_AND_DINNER_TUESDAY, sp('2025-01-06T09:00'), SP)?.toString()).toBe('2025-01-07T11:00:00-03:00[America/Sao_Paulo]');
  });

  it('does not count Sunday 00:00 as an opening when it continues Saturday night', () => {
    const hours: OfficeHour[] = [
      { wday: 7, start_at: 2000, stop_at: 2400 },
      { wday: 1, start_at: 0, stop_at: 200 },
    ];
    expect(nextOpening(hours, sp('2025-01-04T21:00'), SP)?.toString()).toBe('2025-01-11T20:00:00-03:00[America/Sao_Paulo]');
  });

  it('is null without hours or when always open', () => {
    expect(nextOpening([], sp('2025-01-03T12:00'), SP)).toBeNull();
    const always = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 }));
    expect(nextOpening(always, sp('2025-01-03T12:00'), SP)).toBeNull();
  });
});

describe('closingAt', () => {
  it("gives the next-day closing for 'fecha às 02:00'", () => {
    expect(closingAt(FRIDAY_NIGHT, sp('2025-01-03T20:15:42'), SP)?.toString()).toBe('2025-01-04T02:00:00-03:00[America/Sao_Paulo]');
  });

  it('follows Saturday night into Sunday', () => {
    expect(closingAt(SATURDAY_NIGHT, sp('2025-01-04T23:00'), SP)?.toString()).toBe('2025-01-05T03:00:00-03:00[America/Sao_Paulo]');
  });

  it('is null when closed', () => {
    expect(closingAt(FRIDAY_NIGHT, sp('2025-01-03T12:00'), SP)).toBeNull();
  });
});

describe('weeklyTable', () => {
  it('lists Domingo..Sábado with merged HH:MM intervals [R-9.4] [R-9.15]', () => {
    const table = weeklyTable([...FRIDAY_NIGHT, ...LUNCH_AND_DINNER_TUESDAY]);
    expect(table.map((r) => weekdayName(r.wday))).toEqual(['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado']);
    expect(table.map(dayHoursText)).toEqual(['Fechado', 'Fechado', '11:00 às 15:00, 18:00 às 23:00', 'Fechado', 'Fechado', '18:00 às 02:00', 'Fechado']);
    expect(table[5]!.intervals).toEqual([{ opening: '18:00', closing: '02:00', closesNextDay: true }]);
  });
});

describe('status re-check (decisions #23)', () => {
  it('polls and re-checks every 3 s [R-4.53]', () => {
    expect(STATUS_POLL_MS).toBe(3000);
    expect(STATUS_RECHECK_MS).toBe(3000);
  });

  it('goes online as soon as open is observed [R-4.54]', () => {
    expect(nextStatusState(initialStatusState(), 'online')).toEqual({ state: { status: 'online', awaitingRecheck: false }, recheckInMs: null });
  });

  it('re-checks a closed reading after 3 s and only then sets offline [R-4.55]', () => {
    const online: StatusState = { status: 'online', awaitingRecheck: false };
    const first = nextStatusState(online, 'offline');
    expect(first).toEqual({ state: { status: 'online', awaitingRecheck: true }, recheckInMs: 3000 });
    const second = nextStatusState(first.state, 'offline');
    expect(second).toEqual({ state: { status: 'offline', awaitingRecheck: false }, recheckInMs: null });
  });

  it('returns to online when the re-check finds it open', () => {
    const pending: StatusState = { status: 'online', awaitingRecheck: true };
    expect(nextStatusState(pending, 'online').state).toEqual({ status: 'online', awaitingRecheck: false });
  });

  it('shows neither label while the first closed reading is being confirmed [R-4.52]', () => {
    const first = nextStatusState(initialStatusState(), 'offline');
    expect(first.state.status).toBe('unknown');
    expect(first.recheckInMs).toBe(3000);
  });

  it('stays offline on further closed polls without new re-checks', () => {
    expect(nextStatusState({ status: 'offline', awaitingRecheck: false }, 'offline')).toEqual({
      state: { status: 'offline', awaitingRecheck: false },
      recheckInMs: null,
    });
  });

  it('drops to unknown when data disappears', () => {
    expect(nextStatusState({ status: 'online', awaitingRecheck: false }, 'unknown').state.status).toBe('unknown');
  });
});

describe('the browser status clock without Temporal', () => {
  it('reads the wall-clock minute of the week in the establishment zone, as Temporal does [R-4.54]', async () => {
    const { wallClockMinuteOfWeek, Temporal: T, minuteOfWeek, zonedAt } = await import('../../src/domain/time.ts');
    for (const iso of ['2025-01-03T21:00:00Z', '2025-01-04T04:30:00Z', '2025-06-15T02:59:00Z', '2025-03-09T12:00:00Z']) {
      const instant = T.Instant.from(iso);
      for (const tz of ['America/Sao_Paulo', 'America/Manaus', 'America/Noronha']) {
        expect(wallClockMinuteOfWeek(instant.epochMilliseconds, tz)).toBe(minuteOfWeek(zonedAt(instant, tz)));
      }
    }
  });
  it('reads the wall clock from the published zone offsets as Temporal does, across DST changes and odd offsets [R-4.54]', async () => {
    const { wallClockMinuteOfWeek, zoneOffsetsFrom, Temporal: T, minuteOfWeek, zonedAt } = await import('../../src/domain/time.ts');
    const from = Date.UTC(2025, 0, 1);
    for (const tz of ['America/Sao_Paulo', 'America/Noronha', 'America/New_York', 'Europe/Lisbon', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const offsets = zoneOffsetsFrom(tz, from, 400);
      fc.assert(
        fc.property(fc.integer({ min: from, max: offsets.until - 1 }), (epochMs) => {
          const expected = minuteOfWeek(zonedAt(T.Instant.fromEpochMilliseconds(epochMs), tz));
          expect(wallClockMinuteOfWeek(epochMs, tz, offsets)).toBe(expected);
        }),
        { numRuns: 300 },
      );
      // Every DST change inside the table is listed, so the minutes either side of one match too.
      for (const span of offsets.spans.slice(1)) {
        for (const epochMs of [span.from - 60_000, span.from, span.from + 60_000]) {
          expect(wallClockMinuteOfWeek(epochMs, tz, offsets)).toBe(minuteOfWeek(zonedAt(T.Instant.fromEpochMilliseconds(epochMs), tz)));
        }
      }
    }
    expect(zoneOffsetsFrom('America/New_York', from, 400).spans.length).toBe(3);
    expect(zoneOffsetsFrom('America/Sao_Paulo', from, 400).spans).toEqual([{ from, minutes: -180 }]);
  });

  it('publishes the same offsets all day, from two days back for 400 days', async () => {
    const { publishedZoneOffsets } = await import('../../src/domain/time.ts');
    const morning = publishedZoneOffsets('America/Sao_Paulo', Date.UTC(2025, 0, 3, 1));
    expect(publishedZoneOffsets('America/Sao_Paulo', Date.UTC(2025, 0, 3, 23))).toEqual(morning);
    expect(morning.spans[0]!.from).toBe(Date.UTC(2025, 0, 1));
    expect(morning.until).toBe(Date.UTC(2025, 0, 1) + 400 * 86_400_000);
    expect(publishedZoneOffsets('America/Sao_Paulo', Date.UTC(2025, 0, 4, 1)).spans[0]!.from).toBe(Date.UTC(2025, 0, 2));
  });

  it('falls back to Intl outside the published offsets or without them', async () => {
    const { wallClockMinuteOfWeek, offsetMinutesAt, zoneOffsetsFrom, Temporal: T, minuteOfWeek, zonedAt } = await import('../../src/domain/time.ts');
    const offsets = zoneOffsetsFrom('America/New_York', Date.UTC(2025, 0, 1), 30);
    const later = Date.UTC(2025, 6, 1, 15, 0);
    expect(offsetMinutesAt(offsets, later)).toBeNull();
    expect(offsetMinutesAt(offsets, Date.UTC(2024, 11, 31))).toBeNull();
    expect(offsetMinutesAt({ until: 1, spans: [] }, 0)).toBeNull();
    expect(wallClockMinuteOfWeek(later, 'America/New_York', offsets)).toBe(minuteOfWeek(zonedAt(T.Instant.fromEpochMilliseconds(later), 'America/New_York')));
    expect(wallClockMinuteOfWeek(later, 'America/New_York', null)).toBe(minuteOfWeek(zonedAt(T.Instant.fromEpochMilliseconds(later), 'America/New_York')));
  });
});
