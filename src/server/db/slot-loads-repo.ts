// The kitchen's slots (src/domain/slot-capacity.ts): the orders not cancelled of each establishment,
// delivery type and 15-minute slot. The orders are the truth (what the checkout and the panel read
// counts them); `slot_loads` holds the same count as one row per slot, the row an order's
// transaction takes its place in with a conditional UPDATE (locked on PostgreSQL until commit, the
// whole write serialised on SQLite), so a cap holds under parallel orders on both engines.
import type { Transaction } from 'kysely';
import type { Executor } from './database.ts';
import type { DB } from './types.ts';

/** One establishment's slot of one delivery type: the key of its row. */
export interface SlotKey {
  establishmentId: string;
  deliveryType: string;
  /** The slot's first instant, ISO. */
  slotAt: string;
}

/**
 * Makes sure the slot's row exists: created holding the orders not cancelled already in the slot
 * (those placed before the slot was first counted), or left as it is. Runs before the order it is
 * for is written or cancelled, so that order is counted by the row, not by this first count. On
 * PostgreSQL a row another transaction is creating makes this one wait for it, then leave it.
 */
export async function openSlotRow(trx: Transaction<DB>, key: SlotKey): Promise<void> {
  await trx
    .insertInto('slot_loads')
    .values((eb) => ({
      establishment_id: key.establishmentId,
      delivery_type: key.deliveryType,
      slot_at: key.slotAt,
      orders: eb
        .selectFrom('orders')
        .select((o) => o.fn.countAll<number>().as('n'))
        .where('establishment_id', '=', key.establishmentId)
        .where('delivery_type', '=', key.deliveryType)
        .where('slot_at', '=', key.slotAt)
        .where('status', '!=', 'canceled'),
    }))
    .onConflict((oc) => oc.columns(['establishment_id', 'delivery_type', 'slot_at']).doNothing())
    .execute();
}

/**
 * Takes one place in the slot (openSlotRow first): one more order when the slot holds fewer than
 * `capacity` (any number when null). True when taken; false when the slot is full. The row stays
 * locked until the transaction ends, so a concurrent order reads the count this one leaves.
 */
export async function takeSlotPlace(trx: Transaction<DB>, key: SlotKey, capacity: number | null): Promise<boolean> {
  let update = trx
    .updateTable('slot_loads')
    .set((eb) => ({ orders: eb('orders', '+', 1) }))
    .where('establishment_id', '=', key.establishmentId)
    .where('delivery_type', '=', key.deliveryType)
    .where('slot_at', '=', key.slotAt);
  if (capacity !== null) update = update.where('orders', '<', capacity);
  const res = await update.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives a cancelled order's place back (openSlotRow first, before the order is marked cancelled). */
export async function releaseSlotPlace(trx: Transaction<DB>, key: SlotKey): Promise<void> {
  await trx
    .updateTable('slot_loads')
    .set((eb) => ({ orders: eb('orders', '-', 1) }))
    .where('establishment_id', '=', key.establishmentId)
    .where('delivery_type', '=', key.deliveryType)
    .where('slot_at', '=', key.slotAt)
    .where('orders', '>', 0)
    .execute();
}

/** The orders not cancelled of each slot and delivery type whose slot starts in [from, to) (ISO instants); only `deliveryType`'s when given. */
export async function countSlotOrders(
  db: Executor,
  establishmentId: string,
  range: { from: string; to: string },
  deliveryType?: string,
): Promise<{ slot_at: string; delivery_type: string; orders: number }[]> {
  let q = db
    .selectFrom('orders')
    .select((eb) => ['slot_at', 'delivery_type', eb.fn.countAll<number>().as('orders')])
    .where('establishment_id', '=', establishmentId)
    .where('slot_at', '>=', range.from)
    .where('slot_at', '<', range.to)
    .where('status', '!=', 'canceled');
  if (deliveryType !== undefined) q = q.where('delivery_type', '=', deliveryType);
  const rows = await q.groupBy(['slot_at', 'delivery_type']).execute();
  return rows.map((r) => ({ slot_at: r.slot_at!, delivery_type: r.delivery_type, orders: Number(r.orders) }));
}
