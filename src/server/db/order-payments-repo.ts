// The attempts to charge a card for an order (table order_payments, migrations 0011 and 0014;
// src/server/services/order-payments.ts). An attempt moves charging -> captured | declined |
// unknown, captured -> attached (its order written) | refund_pending -> refunded; every move is one
// conditional update on the state it comes from, so a request, the job and a second process never
// both take one step.
import type { Database } from './database.ts';
import type { Executor } from './database.ts';
import type { OrderPaymentRow } from './types.ts';

/** The attempts made under a user's Idempotent-Key, the latest first. */
export async function paymentAttempts(db: Executor, userId: string, key: string): Promise<OrderPaymentRow[]> {
  return db.selectFrom('order_payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).orderBy('attempt', 'desc').execute();
}

export async function orderPaymentById(db: Executor, id: string): Promise<OrderPaymentRow | undefined> {
  return db.selectFrom('order_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a new attempt; false when its (user, key, attempt) exists already (a concurrent request wrote it). */
export async function insertOrderPayment(db: Executor, row: OrderPaymentRow): Promise<boolean> {
  const inserted = await db
    .insertInto('order_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key', 'attempt']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves an attempt from one of `from` to `changes`; false when it was in none of them (someone moved it first). */
export async function moveOrderPayment(db: Executor, id: string, from: string | readonly string[], changes: Partial<OrderPaymentRow>): Promise<boolean> {
  const done = await db
    .updateTable('order_payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', typeof from === 'string' ? [from] : from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The attempt that paid an order, while it is attached to it. */
export async function attachedPaymentOfOrder(db: Executor, orderId: string): Promise<OrderPaymentRow | undefined> {
  return db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).where('status', '=', 'attached').executeTakeFirst();
}

/**
 * Attempts whose outcome the job must ask the gateway about, least recently asked first: every
 * 'unknown' one, and those left 'charging' (sent before `staleBefore`: their request died).
 */
export async function paymentsToAsk(db: Database, staleBefore: Date, limit = 100): Promise<OrderPaymentRow[]> {
  return db
    .selectFrom('order_payments')
    .selectAll()
    .where((eb) => eb.or([eb('status', '=', 'unknown'), eb.and([eb('status', '=', 'charging'), eb('sent_at', '<=', staleBefore.toISOString())])]))
    .orderBy('asked_at', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Claims the next ask about an attempt whose outcome is not known: true when it is still charging
 * or unknown and nobody asked since `askedBefore` (the asks of every process are spaced so).
 */
export async function claimAsk(db: Database, id: string, askedBefore: Date, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('order_payments')
    .set({ asked_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['charging', 'unknown'])
    .where('asked_at', '<=', askedBefore.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Counts one answer 'no charge under this key' about an attempt still charging or unknown; answers the count. */
export async function countNotFound(db: Database, id: string): Promise<number | null> {
  const row = await db
    .updateTable('order_payments')
    .set((eb) => ({ asks: eb('asks', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', ['charging', 'unknown'])
    .returning('asks')
    .executeTakeFirst();
  return row ? Number(row.asks) : null;
}

/**
 * Declines an attempt on the evidence of its asks: only when at least `asks` answered 'not found'
 * and it was last sent before `sentBefore` (a retry that sent it again since starts the count anew).
 */
export async function declineUnfound(db: Database, id: string, asks: number, sentBefore: Date, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('order_payments')
    .set({ status: 'declined', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['charging', 'unknown'])
    .where('asks', '>=', asks)
    .where('sent_at', '<=', sentBefore.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Captured charges no order took since `before`. */
export async function capturedSince(db: Database, before: Date, limit = 100): Promise<Pick<OrderPaymentRow, 'id'>[]> {
  return db.selectFrom('order_payments').select('id').where('status', '=', 'captured').where('updated_at', '<=', before.toISOString()).limit(limit).execute();
}

/** Attempts whose money is owed back. */
export async function paymentRefundsOwed(db: Database, limit = 100): Promise<Pick<OrderPaymentRow, 'id' | 'order_id' | 'refund_type'>[]> {
  return db.selectFrom('order_payments').select(['id', 'order_id', 'refund_type']).where('status', '=', 'refund_pending').limit(limit).execute();
}

/**
 * Orders paid by card that owe a refund (cancelled: payment_status refund_pending) while their
 * charge is still attached: the cancelling request stopped between its transaction and the refund.
 */
export async function cardOrdersOwingRefund(db: Database, limit = 100): Promise<Pick<OrderPaymentRow, 'id' | 'refund_type'>[]> {
  return db
    .selectFrom('orders')
    .innerJoin('order_payments', 'order_payments.order_id', 'orders.id')
    .select(['order_payments.id', 'order_payments.refund_type'])
    .where('orders.payment_status', '=', 'refund_pending')
    .where('orders.payment_type', '=', 'online')
    .where('order_payments.status', '=', 'attached')
    .limit(limit)
    .execute();
}
