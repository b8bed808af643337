// Orders paid by Pix (tables pix_charges and pix_receipts, migration 0011;
// src/server/services/pix-orders.ts): an order's charge at the PSP, and each Pix the PSP told of,
// kept once by its endToEndId with what became of it. A receipt's outcome: applied (it paid its
// order) | refund_pending -> refunded (a wrong amount, a late or second payment, a cancelled order)
// | unknown (no charge of ours) | received (recorded by older code and never applied: the recovery
// job applies it). Every move is a conditional update on the state it comes from.
import type { Database } from './database.ts';
import type { Executor } from './database.ts';
import type { OrderRow, PixChargeRow, PixReceiptRow } from './types.ts';

export async function pixChargeOfOrder(db: Executor, orderId: string): Promise<PixChargeRow | undefined> {
  return db.selectFrom('pix_charges').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function pixChargeByTxid(db: Executor, txid: string): Promise<PixChargeRow | undefined> {
  return db.selectFrom('pix_charges').selectAll().where('txid', '=', txid).executeTakeFirst();
}

/** Writes an order's charge; false when its txid is there already (two calls at once made one charge at the PSP). */
export async function insertPixCharge(db: Executor, row: PixChargeRow): Promise<boolean> {
  const inserted = await db
    .insertInto('pix_charges')
    .values(row)
    .onConflict((oc) => oc.column('txid').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves a charge from `from` to `to`; false when it was not `from`. */
export async function movePixCharge(db: Executor, txid: string, from: string, to: string): Promise<boolean> {
  const done = await db.updateTable('pix_charges').set({ status: to }).where('txid', '=', txid).where('status', '=', from).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Charges still active, oldest first: the job asks the PSP what they received. */
export async function activePixCharges(db: Database, limit: number): Promise<Pick<PixChargeRow, 'txid'>[]> {
  return db.selectFrom('pix_charges').select('txid').where('status', '=', 'active').orderBy('created_at', 'asc').limit(limit).execute();
}

/**
 * Charges closed here (their order expired or was cancelled) that the PSP could still have taken a
 * Pix for until their expiry, which is after `expiringAfter`: a Pix that came just before the
 * closing, whose webhook was lost or failed, is found by asking.
 */
export async function closedPixChargesExpiringAfter(db: Database, expiringAfter: Date, limit: number): Promise<Pick<PixChargeRow, 'txid'>[]> {
  return db
    .selectFrom('pix_charges')
    .select('txid')
    .where('status', 'in', ['expired', 'removed'])
    .where('expires_at', '>', expiringAfter.toISOString())
    .orderBy('expires_at', 'asc')
    .limit(limit)
    .execute();
}

/** Records a Pix the PSP told of; false when its endToEndId was recorded before. */
export async function insertPixReceipt(db: Executor, row: PixReceiptRow): Promise<boolean> {
  const inserted = await db
    .insertInto('pix_receipts')
    .values(row)
    .onConflict((oc) => oc.column('end_to_end_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function pixReceipt(db: Executor, endToEndId: string): Promise<PixReceiptRow | undefined> {
  return db.selectFrom('pix_receipts').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
}

/**
 * Moves a receipt's outcome from `from` to `changes`; false when it was not `from`. On PostgreSQL
 * the row stays locked until the caller's transaction ends, so two transactions never both move it.
 */
export async function movePixReceipt(
  db: Executor,
  endToEndId: string,
  from: string,
  changes: Partial<Pick<PixReceiptRow, 'outcome' | 'refund_id' | 'refunded_at'>>,
): Promise<boolean> {
  const done = await db.updateTable('pix_receipts').set(changes).where('end_to_end_id', '=', endToEndId).where('outcome', '=', from).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Receipts with this outcome, oldest first. */
export async function pixReceiptsWithOutcome(db: Database, outcome: string, limit: number): Promise<PixReceiptRow[]> {
  return db.selectFrom('pix_receipts').selectAll().where('outcome', '=', outcome).orderBy('created_at', 'asc').limit(limit).execute();
}

/**
 * Pays an order by its Pix in the caller's transaction: the order still awaiting (and not
 * cancelled) is paid, then its charge. The order first, as the expiry does, so the two never wait
 * on each other's rows. False, with nothing changed, when the order no longer waits.
 */
export async function payPixOrder(
  trx: Executor,
  charge: Pick<PixChargeRow, 'txid' | 'order_id'>,
  pix: { endToEndId: string; paidAt: string },
  now: Date,
): Promise<boolean> {
  const orderPaid = await trx
    .updateTable('orders')
    .set({ payment_status: 'paid', updated_at: now.toISOString() })
    .where('id', '=', charge.order_id)
    .where('payment_status', '=', 'awaiting')
    .where('status', '!=', 'canceled')
    .executeTakeFirst();
  if (Number(orderPaid.numUpdatedRows) !== 1) return false;
  const chargePaid = await trx
    .updateTable('pix_charges')
    .set({ status: 'paid', end_to_end_id: pix.endToEndId, paid_at: pix.paidAt })
    .where('txid', '=', charge.txid)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(chargePaid.numUpdatedRows) === 1) return true;
  // An order awaiting with a charge no longer active (never so when written by this code): the
  // order is put back, and the Pix goes back to its payer.
  await trx.updateTable('orders').set({ payment_status: 'awaiting' }).where('id', '=', charge.order_id).where('payment_status', '=', 'paid').execute();
  return false;
}

/** Orders paid by Pix still awaiting it since before `createdBefore` (their charge's time is over). */
export async function lapsedPixOrders(db: Database, createdBefore: Date, limit: number): Promise<Pick<OrderRow, 'id'>[]> {
  return db
    .selectFrom('orders')
    .select('id')
    .where('payment_status', '=', 'awaiting')
    .where('payment_type', '=', 'pix')
    .where('created_at', '<=', createdBefore.toISOString())
    .limit(limit)
    .execute();
}

/**
 * Orders paid by Pix that owe their Pix back (cancelled after it paid: payment_status
 * refund_pending) while the Pix that paid them is still 'applied': the cancelling request stopped
 * between its transaction and the refund. Answers those Pix's endToEndIds.
 */
export async function pixRefundsNotStarted(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('pix_charges', 'pix_charges.order_id', 'orders.id')
    .innerJoin('pix_receipts', 'pix_receipts.end_to_end_id', 'pix_charges.end_to_end_id')
    .select('pix_receipts.end_to_end_id')
    .where('orders.payment_status', '=', 'refund_pending')
    .where('orders.payment_type', '=', 'pix')
    .where('pix_receipts.outcome', '=', 'applied')
    .limit(limit)
    .execute();
  return rows.map((r) => r.end_to_end_id);
}
