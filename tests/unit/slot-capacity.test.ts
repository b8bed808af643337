// Kitchen capacity's rules (src/domain/slot-capacity.ts): which 15-minute slot an order takes on the
// establishment's wall clock (scheduled, or as soon as possible), which slots of a day are full, the
// next free slot the schedule offers after a full one, each slot's load for the panel (and as the
// panel keeps it while orders come and go), and a cap as typed in the panel's form; and the
// checkout's offer after a send refused for a full slot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asapDate,
  asapFull,
  asapSlot,
  fullTimesOn,
  nextFreeSlot,
  orderSlot,
  readSlotCapacity,
  slotAt,
  slotCapacities,
  slotCapacityOf,
  slotChoices,
  slotIsFull,
  slotLoads,
  slotStart,
  slotTime,
  withSlotOrder,
} from '../../src/domain/slot-capacity.ts';
import { scheduleTimes, type ScheduleContext } from '../../src/domain/schedule.ts';
import type { OfficeHour } from '../../src/domain/office-hours.ts';
import { Temporal } from '../../src/domain/time.ts';
import { slotFullMessage, slotFullOffer } from '../../islands/checkout/slot-full.ts';

const SP = 'America/Sao_Paulo';

/** The instant of a wall-clock time in a zone. 2025-01-03 is a Friday. */
function at(local: string, timeZone = SP): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone).toInstant();
}

// Every day 18:00-23:00.
const EVENINGS: OfficeHour[] = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1800, stop_at: 2300 }));

function ctx(over: Partial<ScheduleContext> = {}): ScheduleContext {
  return {
    now: at('2025-01-03T18:32'),
    timeZone: SP,
    officeHours: EVENINGS,
    maxDaysScheduling: 1,
    preparationMinutes: 30,
    productMinScheduleHours: 0,
    productAvailabilities: [],
    ...over,
  };
}

describe('the caps', () => {
  it('reads a type absent, zero, fractional or missing settings as no cap', () => {
    expect(slotCapacityOf({ delivery: 5 }, 'delivery')).toBe(5);
    expect(slotCapacityOf({ delivery: 5 }, 'pickup')).toBeNull();
    expect(slotCapacityOf({ pickup: 0 }, 'pickup')).toBeNull();
    expect(slotCapacityOf({ pickup: 2.5 }, 'pickup')).toBeNull();
    expect(slotCapacityOf(undefined, 'local')).toBeNull();
    expect(slotCapacities({ pickup: 3 })).toEqual({ delivery: null, pickup: 3, local: null });
  });

  it('holds a slot full from its cap on, and never without a cap', () => {
    expect(slotIsFull(4, 5)).toBe(false);
    expect(slotIsFull(5, 5)).toBe(true);
    expect(slotIsFull(6, 5)).toBe(true);
    expect(slotIsFull(1000, null)).toBe(false);
  });

  it('reads a cap typed in the form: blank is no cap, 1 to 999 a cap, anything else invalid', () => {
    expect(readSlotCapacity('')).toBeNull();
    expect(readSlotCapacity('   ')).toBeNull();
    expect(readSlotCapacity(' 5 ')).toBe(5);
    expect(readSlotCapacity('999')).toBe(999);
    for (const text of ['0', '1000', '-1', '2.5', '5 pedidos', 'cinco']) expect(readSlotCapacity(text)).toBe('invalid');
  });
});

describe('the slot of an order', () => {
  it('is the quarter hour of the wall clock that holds a time, in the establishment zone', () => {
    expect(slotStart(at('2025-01-03T19:07:30'), SP).toString()).toBe(at('2025-01-03T19:00').toString());
    expect(slotStart(at('2025-01-03T19:15'), SP).toString()).toBe(at('2025-01-03T19:15').toString());
    // A zone 5 h 45 min off UTC: the quarter hours of its own clock.
    expect(slotStart(at('2025-01-03T19:59', 'Asia/Kathmandu'), 'Asia/Kathmandu').toString()).toBe(at('2025-01-03T19:45', 'Asia/Kathmandu').toString());
  });

  it('as soon as possible: now rounded up to the quarter hour, plus the preparation, rounded up again', () => {
    expect(asapSlot(at('2025-01-03T18:32'), SP, 30).toString()).toBe(at('2025-01-03T19:15').toString());
    expect(asapSlot(at('2025-01-03T18:30'), SP, 30).toString()).toBe(at('2025-01-03T19:00').toString());
    // Seconds past the quarter hour count, as the schedule counts them.
    expect(asapSlot(at('2025-01-03T18:30:30'), SP, 30).toString()).toBe(at('2025-01-03T19:15').toString());
    expect(asapSlot(at('2025-01-03T18:30'), SP, 20).toString()).toBe(at('2025-01-03T19:00').toString());
    // Past midnight it is the next day's slot.
    expect(asapSlot(at('2025-01-03T23:50'), SP, 30).toString()).toBe(at('2025-01-04T00:30').toString());
  });

  it('as soon as possible while open is the first time the schedule offers for today, whatever the time and preparation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 18 * 60, max: 21 * 60 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 60 }), (minute, second, prep) => {
        const now = at('2025-01-03T00:00').add({ minutes: minute, seconds: second });
        const times = scheduleTimes(ctx({ now, preparationMinutes: prep }), '2025-01-03');
        fc.pre(times.ok);
        if (!times.ok) return;
        expect(asapSlot(now, SP, prep).toString()).toBe(slotAt('2025-01-03', times.times[0]!, SP));
      }),
    );
  });

  it('of a scheduled order is its time; of an order as soon as possible, asapSlot', () => {
    const now = at('2025-01-03T18:32');
    expect(orderSlot({ scheduledAt: at('2025-01-03T20:00').toString(), now, timeZone: SP, preparationMinutes: 30 })).toBe('2025-01-03T23:00:00Z');
    expect(orderSlot({ scheduledAt: null, now, timeZone: SP, preparationMinutes: 30 })).toBe('2025-01-03T22:15:00Z');
  });

  it('reads back as the date and time it was chosen at', () => {
    expect(slotAt('2025-01-03', '19:00', SP)).toBe('2025-01-03T22:00:00Z');
    expect(slotTime('2025-01-03T22:00:00Z', SP)).toEqual({ date: '2025-01-03', time: '19:00' });
    expect(slotTime('2025-01-04T02:30:00Z', SP)).toEqual({ date: '2025-01-03', time: '23:30' });
  });
});

describe('the full slots of a day', () => {
  const counts = new Map([
    [slotAt('2025-01-03', '19:30', SP), 2],
    [slotAt('2025-01-03', '19:00', SP), 2],
    [slotAt('2025-01-03', '19:15', SP), 1],
    [slotAt('2025-01-04', '19:00', SP), 2],
  ]);

  it("are the date's slots holding the cap, in time order; none without a cap", () => {
    expect(fullTimesOn('2025-01-03', counts, 2, SP)).toEqual(['19:00', '19:30']);
    expect(fullTimesOn('2025-01-03', counts, 1, SP)).toEqual(['19:00', '19:15', '19:30']);
    expect(fullTimesOn('2025-01-04', counts, 2, SP)).toEqual(['19:00']);
    expect(fullTimesOn('2025-01-03', counts, null, SP)).toEqual([]);
  });
});

describe('the next free slot', () => {
  it("is the first time the schedule offers after the full one that holds fewer than the cap, the next day's when today's are full", () => {
    const choices = slotChoices(ctx());
    // Today from 19:15 (18:32 -> 18:45 + 30 min) to 22:45, tomorrow from 18:30.
    expect(choices[0]).toEqual({ date: '2025-01-03', time: '19:15', at: slotAt('2025-01-03', '19:15', SP) });
    expect(choices.at(-1)).toMatchObject({ date: '2025-01-04', time: '22:45' });
    const full = new Map([
      [slotAt('2025-01-03', '19:15', SP), 3],
      [slotAt('2025-01-03', '19:30', SP), 3],
      [slotAt('2025-01-03', '19:45', SP), 2],
    ]);
    expect(nextFreeSlot(choices, slotAt('2025-01-03', '19:15', SP), full, 3)).toMatchObject({ date: '2025-01-03', time: '19:45' });
    expect(nextFreeSlot(choices, slotAt('2025-01-03', '19:15', SP), full, 2)).toMatchObject({ date: '2025-01-03', time: '20:00' });
    const todayFull = new Map(choices.filter((c) => c.date === '2025-01-03').map((c) => [c.at, 1]));
    expect(nextFreeSlot(choices, slotAt('2025-01-03', '19:15', SP), todayFull, 1)).toMatchObject({ date: '2025-01-04', time: '18:30' });
  });

  it('is none when every slot left is full, or when the establishment takes no scheduled order', () => {
    const choices = slotChoices(ctx());
    expect(nextFreeSlot(choices, slotAt('2025-01-03', '19:15', SP), new Map(choices.map((c) => [c.at, 1])), 1)).toBeNull();
    expect(slotChoices(ctx({ maxDaysScheduling: 0 }))).toEqual([]);
  });

  it('follows the products: a window leaves only its times', () => {
    // Only from 21:00 on Fridays (wday 6).
    const choices = slotChoices(ctx({ productAvailabilities: [[{ wday: 6, start_at: 2100, stop_at: 2300 }]] }));
    expect(choices[0]).toMatchObject({ date: '2025-01-03', time: '21:00' });
    expect(choices.every((c) => c.date === '2025-01-03')).toBe(true);
  });
});

describe("'O quanto antes' in a full slot", () => {
  it('is full when the slot it lands in now is, and offers the first later slot of the schedule not full', () => {
    // 18:32 + 30 min of preparation: 'O quanto antes' lands at 19:15.
    expect(asapDate(ctx())).toBe('2025-01-03');
    expect(asapFull(ctx(), new Set(['19:00']))).toBeNull();
    expect(asapFull(ctx(), new Set(['19:15', '19:30']))).toEqual({
      date: '2025-01-03',
      time: '19:15',
      next: { date: '2025-01-03', time: '19:45', at: slotAt('2025-01-03', '19:45', SP) },
    });
  });

  it("offers tomorrow's first slot when every slot left today is full, and none when the schedule offers no later one", () => {
    const todayAll = new Set(
      slotChoices(ctx())
        .filter((c) => c.date === '2025-01-03')
        .map((c) => c.time),
    );
    expect(asapFull(ctx(), todayAll)?.next).toMatchObject({ date: '2025-01-04', time: '18:30' });
    expect(asapFull(ctx({ maxDaysScheduling: 0 }), new Set(['19:15']))).toEqual({ date: '2025-01-03', time: '19:15', next: null });
  });

  it("lands on the next day's date late at night, which is the date whose full slots are read", () => {
    const late = ctx({ now: at('2025-01-03T23:50'), officeHours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2359 })) });
    expect(asapDate(late)).toBe('2025-01-04');
    expect(asapFull(late, new Set(['00:30']))).toMatchObject({ date: '2025-01-04', time: '00:30' });
  });
});

describe("the panel's load per slot", () => {
  it('lists the slots holding orders in time order, delivery before pickup, with the cap and whether it is full', () => {
    const loads = slotLoads(
      [
        { at: slotAt('2025-01-03', '19:15', SP), delivery_type: 'pickup', orders: 1 },
        { at: slotAt('2025-01-03', '19:00', SP), delivery_type: 'pickup', orders: 3 },
        { at: slotAt('2025-01-03', '19:00', SP), delivery_type: 'delivery', orders: 5 },
        { at: slotAt('2025-01-03', '19:30', SP), delivery_type: 'delivery', orders: 0 },
      ],
      { delivery: 5 },
      SP,
    );
    expect(loads.map((l) => [l.time, l.delivery_type, l.orders, l.capacity, l.full])).toEqual([
      ['19:00', 'delivery', 5, 5, true],
      ['19:00', 'pickup', 3, null, false],
      ['19:15', 'pickup', 1, null, false],
    ]);
  });
});

describe("the checkout's offer after a full slot", () => {
  it('names the refused time and the next free one the server gave, or that none is left', () => {
    const offer = slotFullOffer({ next_date: '2025-01-03', next_time: '19:15', next_at: '2025-01-03T22:15:00Z' }, '2025-01-03T22:00:00Z', SP);
    expect(offer).toEqual({ refused: { date: '2025-01-03', time: '19:00' }, next: { date: '2025-01-03', time: '19:15' } });
    expect(slotFullMessage(offer)).toBe(
      'Horário lotado. A cozinha já recebeu todos os pedidos que aceita para 03/01/2025 às 19:00. O próximo horário livre é 03/01/2025 às 19:15. Quer agendar para esse horário?',
    );
    const asap = slotFullOffer(undefined, null, SP);
    expect(asap).toEqual({ refused: null, next: null });
    expect(slotFullMessage(asap)).toBe(
      'Horário lotado. A cozinha já recebeu todos os pedidos que aceita para o horário mais próximo. Não há outro horário livre nos dias de agendamento. Tente de novo mais tarde.',
    );
  });
});

describe("the panel's load as orders come and go without a new read", () => {
  const day = {
    readAt: '2025-01-03T23:00:00.000Z',
    dayStart: '2025-01-03T03:00:00Z',
    dayEnd: '2025-01-04T03:00:00Z',
    capacity: { delivery: null, pickup: 2, local: null },
    timeZone: SP,
  };
  const at19 = slotAt('2025-01-03', '19:00', SP);
  const read = slotLoads([{ at: at19, delivery_type: 'pickup', orders: 1 }], day.capacity, SP);
  const order = (status: string, created_at = '2025-01-03T23:05:00.000Z', slot_at: string | null = at19) => ({
    slot_at,
    delivery_type: 'pickup' as const,
    status,
    created_at,
  });

  it('counts an order placed after the read once, and takes a cancelled one off', () => {
    const placed = withSlotOrder(read, undefined, order('registered'), day);
    expect(placed.map((l) => [l.time, l.orders, l.full])).toEqual([['19:00', 2, true]]);
    // Told again (confirmed): it was counted already.
    expect(withSlotOrder(placed, order('registered'), order('confirmed'), day)).toEqual(placed);
    const cancelled = withSlotOrder(placed, order('confirmed'), order('canceled'), day);
    expect(cancelled.map((l) => [l.time, l.orders, l.full])).toEqual([['19:00', 1, false]]);
    expect(withSlotOrder(cancelled, order('registered', '2025-01-03T23:06:00.000Z'), order('canceled', '2025-01-03T23:06:00.000Z'), day)).toEqual([]);
  });

  it('adds a slot the read did not have, and leaves alone what the read counted, other days and orders without a slot', () => {
    const at20 = slotAt('2025-01-03', '20:00', SP);
    expect(withSlotOrder(read, undefined, order('registered', '2025-01-03T23:05:00.000Z', at20), day).map((l) => [l.time, l.orders, l.capacity])).toEqual([
      ['19:00', 1, 2],
      ['20:00', 1, 2],
    ]);
    // Placed before the read (an order of another day completed now): the read counted it.
    expect(withSlotOrder(read, undefined, order('complete', '2025-01-02T15:00:00.000Z'), day)).toEqual(read);
    expect(withSlotOrder(read, undefined, order('registered', '2025-01-03T23:05:00.000Z', slotAt('2025-01-04', '19:00', SP)), day)).toEqual(read);
    expect(withSlotOrder(read, undefined, order('registered', '2025-01-03T23:05:00.000Z', null), day)).toEqual(read);
  });
});
