// Reads and writes of orders and what placing one needs: the establishment row, only the ordered
// products (addresses: addresses-repo.ts) and the per-establishment order counter (credits: credits-repo.ts).
// Writes that belong to one order take the caller's transaction (src/server/services/orders.ts).
import { sql, type Transaction } from 'kysely';
import type { Executor } from './database.ts';
import type { DB, EstablishmentRow, OrderRow } from './types.ts';
import { toProductView } from './catalogue-repo.ts';
import type { ProductView } from '../../schemas/views.ts';
import type { Ratings } from '../../domain/evaluation.ts';

/** A database or a transaction: reads work on either. */
export type { Executor } from './database.ts';

export async function getEstablishmentRow(db: Executor, id: string): Promise<EstablishmentRow | undefined> {
  return db.selectFrom('establishments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The establishment's products among `ids` (others' and unknown ids are left out), by id. */
export async function getProductsByIds(db: Executor, establishmentId: string, ids: readonly string[]): Promise<Map<string, ProductView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('products').selectAll().where('establishment_id', '=', establishmentId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, toProductView(r)]));
}

/**
 * The establishment's next order number (1, 2, 3...), inside the order's transaction: the counter
 * row is created at 1 or incremented in one statement, and stays locked (PostgreSQL) until commit,
 * so concurrent orders of one establishment get distinct, gap-free numbers.
 */
export async function nextOrderNumber(trx: Transaction<DB>, establishmentId: string): Promise<number> {
  const row = await trx
    .insertInto('order_counters')
    .values({ establishment_id: establishmentId, last_number: 1 })
    .onConflict((oc) => oc.column('establishment_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertOrder(trx: Transaction<DB>, row: OrderRow): Promise<void> {
  await trx.insertInto('orders').values(row).execute();
}

/** The establishment's time zone (its order times and the evaluation window are on its clock), or undefined for an unknown id. */
export async function getEstablishmentTimeZone(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('establishments').select('time_zone').where('id', '=', id).executeTakeFirst())?.time_zone;
}

/** An order by id alone (the calls under /orders/{id} name no establishment). */
export async function getOrderById(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function getOrderRow(db: Executor, establishmentId: string, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('establishment_id', '=', establishmentId).executeTakeFirst();
}

export interface OrderListFilter {
  establishmentId: string;
  /** Only this user's orders (customers); every order of the establishment when absent. */
  userId?: string;
  status?: string;
  number?: number;
  /** true: only evaluated orders; false: only orders without an evaluation. */
  evaluated?: boolean;
  sort: '-order' | 'order';
  page: number;
  limit: number;
}

/** One page of orders and the filter's total count. */
export async function listOrderRows(db: Executor, f: OrderListFilter): Promise<{ rows: OrderRow[]; total: number }> {
  let q = db.selectFrom('orders').where('establishment_id', '=', f.establishmentId);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.number !== undefined) q = q.where('number', '=', f.number);
  if (f.evaluated !== undefined) q = q.where('evaluated_at', f.evaluated ? 'is not' : 'is', null);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll()
    .orderBy('number', f.sort === 'order' ? 'asc' : 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, total };
}

/**
 * The establishment's order screen: every order still open (registered or confirmed, whatever its
 * day: a scheduled order or one left over from yesterday must not vanish) and every order placed in
 * [dayStart, dayEnd) (ISO instants), newest first. Capped: a screen does not show more.
 */
export async function listBoardOrderRows(db: Executor, establishmentId: string, dayStart: string, dayEnd: string, cap: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where((eb) => eb.or([eb('status', 'in', ['registered', 'confirmed']), eb.and([eb('created_at', '>=', dayStart), eb('created_at', '<', dayEnd)])]))
    .orderBy('created_at', 'desc')
    .limit(cap)
    .execute();
}

/** Names and phones of the given users (for the establishment's view of its orders). */
export async function getCustomers(db: Executor, userIds: readonly string[]): Promise<Map<string, { name: string; phone: string }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  // An erased customer is nobody: their orders are answered without a customer (docs/privacy.md).
  const rows = await db.selectFrom('users').select(['id', 'name', 'phone']).where('id', 'in', unique).where('deleted_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
}

/** What a status change writes (src/server/services/order-status.ts). */
export interface OrderStatusChanges {
  status: string;
  step: string;
  cancellation_type?: string | null;
  cancellation_reason?: string | null;
  completed_at?: string;
  payment_status?: string;
  updated_at: string;
}

/**
 * Writes a status change only if the order still has the step and payment state it was read
 * with (compare-and-set, so two concurrent changes cannot both apply, and a Pix landing in between
 * makes the change miss): true when it was written.
 */
export async function updateOrderStatus(
  db: Executor,
  orderId: string,
  from: { step: string; payment_status: string },
  changes: OrderStatusChanges,
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', orderId)
    .where('step', '=', from.step)
    .where('payment_status', '=', from.payment_status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Stores the customer's evaluation only if the order is still complete and not evaluated
 * (compare-and-set, so two concurrent sends cannot both be kept); true when it was stored.
 */
export async function saveEvaluation(db: Executor, orderId: string, ratings: Ratings, at: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({
      evaluation_packing: ratings.packing,
      evaluation_delivery: ratings.delivery,
      evaluation_product: ratings.product,
      evaluation_deadline: ratings.deadline,
      evaluated_at: at,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'complete')
    .where('evaluated_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Whether the order's status changes go to the customer on WhatsApp. */
export async function setWhatsAppUpdates(db: Executor, orderId: string, on: boolean): Promise<void> {
  await db
    .updateTable('orders')
    .set({ whatsapp_updates: on ? 1 : 0 })
    .where('id', '=', orderId)
    .execute();
}

/** An order whose refund was owed (refund_pending) has it: refunded. In the refund's own transaction, with the record of what went back. */
export async function finishOrderRefund(db: Executor, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_status: 'refunded', updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'refund_pending')
    .execute();
}
