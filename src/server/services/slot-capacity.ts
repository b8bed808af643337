// Kitchen capacity (docs/api.md 'Kitchen capacity'; the rules: src/domain/slot-capacity.ts): the
// establishment's caps per 15-minute slot and delivery type, kept in its preferences; which slots
// of a day are full (the checkout greys them); and an order's place in its slot. An order is checked
// against its slot before anything is charged (checkOrder, also before a card is charged) and takes
// its place in the order's own transaction, next to the write of its money (writeOrder): refused
// there, nothing of it is written, and a card charged in between is refunded by the send's undo.
// A cancelled order gives its place back in the cancellation's transaction.
import type { Transaction } from 'kysely';
import {
  SLOT_CAPACITY_TYPES,
  fullTimesOn,
  nextFreeSlot,
  slotCapacities,
  slotCapacityOf,
  slotChoices,
  slotIsFull,
  type SlotCapacity,
} from '../../domain/slot-capacity.ts';
import type { ScheduleContext } from '../../domain/schedule.ts';
import { SCHEDULE_STEP_MINUTES } from '../../domain/schedule.ts';
import { Temporal, dayBounds, establishmentTimeZone } from '../../domain/time.ts';
import type { FullSlotsAnswer, FullSlotsQuery, SlotCapacityBody, SlotCapacityView } from '../../schemas/api-slot-capacity.ts';
import type { Database, Executor } from '../db/database.ts';
import { changeEstablishmentSettings } from './establishment-settings.ts';
import { countSlotOrders, openSlotRow, releaseSlotPlace, takeSlotPlace, type SlotKey } from '../db/slot-loads-repo.ts';
import type { DB, EstablishmentRow, OrderRow } from '../db/types.ts';
import { Refusal, invalidBody } from './refusal.ts';

/**
 * PUT .../slot-capacity: each type given is capped (a number) or freed (null), the others keep
 * theirs; answers the caps after the change (without `pages`: the caller renders them). 404 for an
 * unknown or inactive establishment; 400 nothing_to_change for an empty body.
 */
export async function setSlotCapacity(
  db: Database,
  establishmentId: string,
  body: SlotCapacityBody,
  now: Date,
): Promise<{ slug: string; slot_capacity: SlotCapacityView }> {
  if (SLOT_CAPACITY_TYPES.every((type) => body[type] === undefined))
    throw invalidBody([{ path: '(root)', code: 'nothing_to_change', message: 'give delivery, pickup or local (a number, or null for no cap)' }]);
  const { slug, answer } = await changeEstablishmentSettings(db, establishmentId, now, ({ is_open, preferences }) => {
    const before = preferences.slot_capacity as SlotCapacity | undefined;
    const next: SlotCapacity = {};
    for (const type of SLOT_CAPACITY_TYPES) {
      const value = body[type] === undefined ? slotCapacityOf(before, type) : body[type];
      if (value !== null) next[type] = value;
    }
    const { slot_capacity: _before, ...rest } = preferences;
    const written = Object.keys(next).length > 0 ? { ...rest, slot_capacity: next } : rest;
    return { settings: { is_open, preferences: written }, answer: slotCapacities(next) };
  });
  return { slug, slot_capacity: answer };
}

/** The caps an establishment row's preferences hold. */
export function capacityOfRow(row: Pick<EstablishmentRow, 'preferences'>): SlotCapacity | undefined {
  return (JSON.parse(row.preferences) as { slot_capacity?: SlotCapacity }).slot_capacity;
}

/** GET .../full-slots: the slots of the day that take no more orders of the type ('HH:mm'); nothing about who ordered. */
export async function fullSlotsOfDay(
  db: Executor,
  est: Pick<EstablishmentRow, 'id' | 'time_zone' | 'preferences'>,
  query: FullSlotsQuery,
): Promise<FullSlotsAnswer> {
  const capacity = slotCapacityOf(capacityOfRow(est), query.delivery_type);
  const answer = { date: query.date, delivery_type: query.delivery_type, capacity, full: [] as string[] };
  if (capacity === null) return answer;
  const timeZone = establishmentTimeZone(est.time_zone);
  let day: Temporal.PlainDate;
  try {
    day = Temporal.PlainDate.from(query.date, { overflow: 'reject' });
  } catch {
    throw new Refusal('invalid', 'invalid_query');
  }
  const { start, end } = dayBounds(day, timeZone);
  const counts = await countSlotOrders(db, est.id, { from: start, to: end }, query.delivery_type);
  answer.full = fullTimesOn(query.date, new Map(counts.map((c) => [c.slot_at, c.orders])), capacity, timeZone);
  return answer;
}

/** What an order's place in its slot is checked and taken with. */
export interface OrderSlot {
  key: SlotKey;
  /** The type's cap, or null: the place is still counted, never refused. */
  capacity: number | null;
  /** The schedule the customer could choose from now (the next free slot is one of its times); null when the order may not be scheduled. */
  schedule: ScheduleContext | null;
}

/** The slot after `at` (ISO), as an ISO instant. */
function slotEnd(at: string): string {
  return Temporal.Instant.from(at).add({ minutes: SCHEDULE_STEP_MINUTES }).toString();
}

/** 409 slot_full, with the next slot the schedule offers that is not full (params next_date, next_time, next_at) when there is one. */
async function slotFull(db: Executor, slot: OrderSlot): Promise<Refusal> {
  const choices = slot.schedule ? slotChoices(slot.schedule) : [];
  const last = choices.at(-1);
  if (!last || slot.capacity === null) return new Refusal('conflict', 'slot_full');
  const counts = await countSlotOrders(db, slot.key.establishmentId, { from: slot.key.slotAt, to: slotEnd(last.at) }, slot.key.deliveryType);
  const next = nextFreeSlot(choices, slot.key.slotAt, new Map(counts.map((c) => [c.slot_at, c.orders])), slot.capacity);
  return new Refusal('conflict', 'slot_full', next ? { params: { next_date: next.date, next_time: next.time, next_at: next.at } } : {});
}

/** Refuses (409 slot_full with the next free slot) an order whose slot is full now; reads only, so it runs before a card is charged. */
export async function assertSlotFree(db: Executor, slot: OrderSlot): Promise<void> {
  if (slot.capacity === null) return;
  const counts = await countSlotOrders(db, slot.key.establishmentId, { from: slot.key.slotAt, to: slotEnd(slot.key.slotAt) }, slot.key.deliveryType);
  if (slotIsFull(counts[0]?.orders ?? 0, slot.capacity)) throw await slotFull(db, slot);
}

/**
 * Takes the order's place in its slot inside the order's transaction, before the order is written;
 * 409 slot_full (with the next free slot) when the cap is reached, which rolls the whole order back.
 */
export async function takeOrderSlot(trx: Transaction<DB>, slot: OrderSlot): Promise<void> {
  await openSlotRow(trx, slot.key);
  if (!(await takeSlotPlace(trx, slot.key, slot.capacity))) throw await slotFull(trx, slot);
}

/** The slot row of a stored order, or null for one placed before slots were kept. */
function keyOf(order: Pick<OrderRow, 'establishment_id' | 'delivery_type' | 'slot_at'>): SlotKey | null {
  return order.slot_at === null ? null : { establishmentId: order.establishment_id, deliveryType: order.delivery_type, slotAt: order.slot_at };
}

/**
 * A cancellation's first step, before the order is marked cancelled: the slot's row exists, so a
 * row first created now counts this order, and releaseOrderSlot then takes it off.
 */
export async function prepareSlotRelease(trx: Transaction<DB>, order: Pick<OrderRow, 'establishment_id' | 'delivery_type' | 'slot_at'>): Promise<void> {
  const key = keyOf(order);
  if (key) await openSlotRow(trx, key);
}

/** The cancelled order's place goes back to its slot, in the cancellation's transaction. */
export async function releaseOrderSlot(trx: Transaction<DB>, order: Pick<OrderRow, 'establishment_id' | 'delivery_type' | 'slot_at'>): Promise<void> {
  const key = keyOf(order);
  if (key) await releaseSlotPlace(trx, key);
}
