// Kitchen capacity (issue 30 'Kitchen capacity'; docs/decisions-product.md 'Kitchen capacity per
// 15-minute slot'): an establishment may cap the orders of each delivery type in each 15-minute
// slot of its wall clock. Which slot an order takes, which slots of a day are full, the next free
// slot the schedule offers after a full one, and each slot's load for the panel. Pure: the counts
// come from the caller (the server counts the orders; cancelled ones never count).
//
// The slot of an order is the quarter hour of the establishment's wall clock its time falls in: a
// scheduled order's chosen time (always a quarter hour, src/domain/schedule.ts), and for an order
// 'as soon as possible' the earliest time the schedule would offer now: now rounded up to the
// quarter hour, plus the type's preparation time, rounded up again. An order as soon as possible
// thus competes for the same slot as one scheduled for that earliest time.
import type { DeliveryType } from './cart.ts';
import { SCHEDULE_STEP_MINUTES, scheduleDates, scheduleTimes, type ScheduleContext } from './schedule.ts';
import { Temporal, zonedAt } from './time.ts';

/** The delivery types a cap may be set for: all three take a schedule. */
export const SLOT_CAPACITY_TYPES = ['delivery', 'pickup', 'local'] as const satisfies readonly DeliveryType[];
/** The largest cap accepted (orders per slot and type). */
export const SLOT_CAPACITY_MAX = 999;

/** The caps as the establishment's preferences keep them: a type absent has no cap. */
export type SlotCapacity = Partial<Record<DeliveryType, number>>;
/** The caps as they are read: the preferences', or every type's with null for none (the API's view). */
export type SlotCapacityReading = Partial<Record<DeliveryType, number | null>> | null | undefined;

/** The slot of a date and time the schedule offers, with its first instant (ISO, the key the orders are counted by). */
export interface SlotChoice {
  date: string;
  time: string;
  at: string;
}

/** Orders per slot, by the slot's first instant (ISO). */
export type SlotCounts = ReadonlyMap<string, number>;

/**
 * The cap of a type, or null for none (no settings, the type absent, or a value that is not a positive integer).
 * Example: `slotCapacityOf({ delivery: 5 }, 'pickup') === null`
 */
export function slotCapacityOf(capacity: SlotCapacityReading, type: DeliveryType): number | null {
  const cap = capacity?.[type];
  return typeof cap === 'number' && Number.isInteger(cap) && cap >= 1 ? cap : null;
}

/**
 * Every type's cap, null where there is none: what the API answers and the panel shows.
 * Example: `slotCapacities({ pickup: 3 })` is `{ delivery: null, pickup: 3, local: null }`
 */
export function slotCapacities(capacity: SlotCapacityReading): Record<DeliveryType, number | null> {
  return { delivery: slotCapacityOf(capacity, 'delivery'), pickup: slotCapacityOf(capacity, 'pickup'), local: slotCapacityOf(capacity, 'local') };
}

/**
 * The first instant of the quarter hour of the wall clock that holds `instant`.
 * Example: `slotStart(Temporal.Instant.from('2025-01-03T22:07:30Z'), 'America/Sao_Paulo').toString() === '2025-01-03T22:00:00Z'`
 */
export function slotStart(instant: Temporal.Instant, timeZone: string): Temporal.Instant {
  return zonedAt(instant, timeZone).round({ smallestUnit: 'minute', roundingIncrement: SCHEDULE_STEP_MINUTES, roundingMode: 'floor' }).toInstant();
}

/**
 * The slot of an order as soon as possible placed at `now`: now rounded up to the quarter hour, plus
 * the preparation time of its type, rounded up to the quarter hour (the earliest time the schedule
 * offers while the establishment is open, src/domain/schedule.ts).
 * Example: `asapSlot(at('18:32'), SP, 30)` is 19:15 (18:45 + 30 min)
 */
export function asapSlot(now: Temporal.Instant, timeZone: string, preparationMinutes: number): Temporal.Instant {
  const step = { smallestUnit: 'minute', roundingIncrement: SCHEDULE_STEP_MINUTES, roundingMode: 'ceil' } as const;
  return zonedAt(now, timeZone)
    .round(step)
    .add({ minutes: Math.max(0, Math.ceil(preparationMinutes)) })
    .round(step)
    .toInstant();
}

/**
 * The slot an order takes, as the ISO instant of its start: the quarter hour of its scheduled time,
 * or asapSlot for an order as soon as possible.
 * Example: `orderSlot({ scheduledAt: '2025-01-03T22:00:00Z', now, timeZone: SP, preparationMinutes: 30 }) === '2025-01-03T22:00:00Z'`
 */
export function orderSlot(args: { scheduledAt: string | null; now: Temporal.Instant; timeZone: string; preparationMinutes: number }): string {
  const at =
    args.scheduledAt === null ? asapSlot(args.now, args.timeZone, args.preparationMinutes) : slotStart(Temporal.Instant.from(args.scheduledAt), args.timeZone);
  return at.toString();
}

/**
 * The first instant (ISO) of a wall-clock date and time in the zone.
 * Example: `slotAt('2025-01-03', '19:00', 'America/Sao_Paulo') === '2025-01-03T22:00:00Z'`
 */
export function slotAt(date: string, time: string, timeZone: string): string {
  return Temporal.PlainDate.from(date)
    .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) })
    .toInstant()
    .toString();
}

/**
 * The wall-clock date and time of a slot's first instant in the zone.
 * Example: `slotTime('2025-01-03T22:00:00Z', 'America/Sao_Paulo')` is `{ date: '2025-01-03', time: '19:00' }`
 */
export function slotTime(at: string, timeZone: string): { date: string; time: string } {
  const zdt = zonedAt(Temporal.Instant.from(at), timeZone);
  return { date: zdt.toPlainDate().toString(), time: zdt.toPlainTime().toString({ smallestUnit: 'minute' }) };
}

/** Whether a slot holding `orders` takes no more under `capacity` (never without a cap). Example: `slotIsFull(5, 5) === true` */
export function slotIsFull(orders: number, capacity: number | null): boolean {
  return capacity !== null && orders >= capacity;
}

/**
 * The full slots of one date, as 'HH:mm' in order, from the counts of the type's slots.
 * Example: `fullTimesOn('2025-01-03', new Map([['2025-01-03T22:00:00Z', 2]]), 2, SP)` is `['19:00']`
 */
export function fullTimesOn(date: string, counts: SlotCounts, capacity: number | null, timeZone: string): string[] {
  if (capacity === null) return [];
  const times: string[] = [];
  for (const [at, orders] of counts) {
    if (!slotIsFull(orders, capacity)) continue;
    const slot = slotTime(at, timeZone);
    if (slot.date === date) times.push(slot.time);
  }
  return times.sort();
}

/**
 * Every date and time the schedule offers now, in order: each date of scheduleDates with each of its
 * times (src/domain/schedule.ts: office hours, the products' windows, the preparation and minimum
 * times). Empty when the establishment takes no scheduled order.
 */
export function slotChoices(ctx: ScheduleContext): SlotChoice[] {
  return scheduleDates(ctx).flatMap((date) => {
    const times = scheduleTimes(ctx, date);
    return times.ok ? times.times.map((time) => ({ date, time, at: slotAt(date, time, ctx.timeZone) })) : [];
  });
}

/**
 * The first slot the schedule offers after the slot `after` (ISO instant) that is not full, or
 * null when none is left in the days the schedule offers.
 * Example: `nextFreeSlot(choices, '2025-01-03T22:00:00Z', counts, 2)` is 19:15 when 19:15 holds fewer than 2 orders
 */
export function nextFreeSlot(choices: readonly SlotChoice[], after: string, counts: SlotCounts, capacity: number | null): SlotChoice | null {
  const from = Temporal.Instant.from(after);
  return choices.find((c) => Temporal.Instant.compare(Temporal.Instant.from(c.at), from) > 0 && !slotIsFull(counts.get(c.at) ?? 0, capacity)) ?? null;
}

/** 'O quanto antes' now, when its slot is full: that slot's date and time, and the first slot the schedule offers after it that is not known to be full. */
export interface AsapFull {
  date: string;
  time: string;
  next: SlotChoice | null;
}

/**
 * Whether an order as soon as possible placed now would land in a full slot (its slot's time is
 * among `fullOnAsapDate`, the full times read for that slot's date), and if so the slot to offer
 * instead: the first the schedule offers after it, skipping that date's full times (another date's
 * are not known here; the send still refuses a full one, with the next free slot). Null when the
 * slot of 'O quanto antes' takes the order.
 * Example: at 18:32 with 30 min of preparation, 'O quanto antes' is 19:15; with 19:15 and 19:30 full the offer is 19:45
 */
export function asapFull(ctx: ScheduleContext, fullOnAsapDate: ReadonlySet<string>): AsapFull | null {
  const asapAt = asapSlot(ctx.now, ctx.timeZone, ctx.preparationMinutes);
  const asap = slotTime(asapAt.toString(), ctx.timeZone);
  if (!fullOnAsapDate.has(asap.time)) return null;
  const next =
    slotChoices(ctx).find((c) => Temporal.Instant.compare(Temporal.Instant.from(c.at), asapAt) > 0 && !(c.date === asap.date && fullOnAsapDate.has(c.time))) ??
    null;
  return { ...asap, next };
}

/** The date whose full slots say whether 'O quanto antes' is full now (the date of its slot, which may be tomorrow late at night). */
export function asapDate(ctx: ScheduleContext): string {
  return slotTime(asapSlot(ctx.now, ctx.timeZone, ctx.preparationMinutes).toString(), ctx.timeZone).date;
}

/** One slot's load of one delivery type, as the panel shows it ('3/5'). */
export interface SlotLoad {
  /** The slot's first instant (ISO). */
  at: string;
  /** Its wall-clock time, 'HH:mm'. */
  time: string;
  delivery_type: DeliveryType;
  orders: number;
  /** The type's cap, or null when it has none. */
  capacity: number | null;
  full: boolean;
}

/**
 * Each slot's load from the counts of its orders by type, in time order (delivery, pickup, local
 * within a slot); slots without an order are left out.
 * Example: `slotLoads([{ at: '2025-01-03T22:00:00Z', delivery_type: 'delivery', orders: 3 }], { delivery: 5 }, SP)` is `[{ time: '19:00', orders: 3, capacity: 5, full: false, ... }]`
 */
export function slotLoads(
  counts: readonly { at: string; delivery_type: DeliveryType; orders: number }[],
  capacity: SlotCapacityReading,
  timeZone: string,
): SlotLoad[] {
  return counts
    .filter((c) => c.orders > 0)
    .map((c) => {
      const cap = slotCapacityOf(capacity, c.delivery_type);
      return {
        at: c.at,
        time: slotTime(c.at, timeZone).time,
        delivery_type: c.delivery_type,
        orders: c.orders,
        capacity: cap,
        full: slotIsFull(c.orders, cap),
      };
    })
    .sort(
      (a, b) =>
        Temporal.Instant.compare(Temporal.Instant.from(a.at), Temporal.Instant.from(b.at)) ||
        SLOT_CAPACITY_TYPES.indexOf(a.delivery_type) - SLOT_CAPACITY_TYPES.indexOf(b.delivery_type),
    );
}

/**
 * A cap as typed in a form: blank is no cap (null), a whole number from 1 to SLOT_CAPACITY_MAX is
 * the cap, anything else is 'invalid'.
 * Example: `readSlotCapacity(' 5 ') === 5`, `readSlotCapacity('') === null`, `readSlotCapacity('0') === 'invalid'`
 */
export function readSlotCapacity(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,4}$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value >= 1 && value <= SLOT_CAPACITY_MAX ? value : 'invalid';
}

/** What the panel knows of an order to count it in its slot. */
export interface SlotOrder {
  slot_at: string | null;
  delivery_type: DeliveryType;
  status: string;
  created_at: string;
}

/**
 * The day's loads after one order the panel was told of (the live socket) is read again, without
 * reading the whole board: `before` is the order as the board held it (undefined when it held none).
 * An order counts in its slot when it is not cancelled and its slot is in [dayStart, dayEnd); one the
 * board did not hold counted in the board's read when it was placed before that read (`readAt`), so
 * only one placed after it is added.
 * Example: a new order at 19:00 turns `[{ time: '19:00', orders: 2, capacity: 3 }]` into `[{ time: '19:00', orders: 3, capacity: 3, full: true }]`
 */
export function withSlotOrder(
  loads: readonly SlotLoad[],
  before: SlotOrder | undefined,
  after: SlotOrder,
  board: { readAt: string; dayStart: string; dayEnd: string; capacity: SlotCapacityReading; timeZone: string },
): SlotLoad[] {
  const counts = (o: SlotOrder) => o.slot_at !== null && o.status !== 'canceled' && o.slot_at >= board.dayStart && o.slot_at < board.dayEnd;
  const wasCounted = before ? counts(before) : after.created_at < board.readAt && counts(after);
  const delta = Number(counts(after)) - Number(wasCounted);
  if (delta === 0 || after.slot_at === null) return [...loads];
  const rows = loads.map((l) => ({ at: l.at, delivery_type: l.delivery_type, orders: l.orders }));
  const row = rows.find((r) => r.at === after.slot_at && r.delivery_type === after.delivery_type);
  if (row) row.orders += delta;
  else rows.push({ at: after.slot_at, delivery_type: after.delivery_type, orders: delta });
  return slotLoads(rows, board.capacity, board.timeZone);
}
