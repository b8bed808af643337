// Paying an order by Pix (docs/payments.md 'Paying an order by Pix'): the order is written awaiting
// its payment; POST /api/pix creates its charge at the PSP (a txid derived from the order, so a
// retry finds the same charge); the PSP's webhook tells of each Pix received, which is applied once
// per endToEndId (a table keyed by it): the right amount on an order still awaiting pays it; any
// other Pix (another amount, a second payment, one that arrives after the order expired or was
// cancelled) goes back to the payer. The server's job cancels an order whose charge expired unpaid
// (asking the PSP first, in case the webhook was lost), asks the PSP about charges still active, and
// sends refunds still owed. A cancelled order paid by Pix is refunded the same way.
import type { OrderView } from '../../schemas/api-orders.ts';
import type { PixChargeView, PixChargeState } from '../../schemas/api-pix.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';
import { PixPspError, pixRefundId, pixTxid, type PixCharge, type PixPsp, type ReceivedPix } from '../adapters/pix-psp.ts';
import type { Database } from '../db/database.ts';
import type { OrderRow, PixChargeRow, PixReceiptRow } from '../db/types.ts';
import { getEstablishmentRow } from '../db/orders-repo.ts';
import { pixQrSvg } from '../pix-qr.ts';
import { Refusal } from './refusal.ts';
import { giveBackOrderHoldings } from './credits.ts';

export interface PixOrderDeps {
  db: Database;
  now: Date;
  pix: PixPsp;
  /** How long an order awaiting its Pix may wait, in seconds (PIX_CHARGE_SECONDS, 30 minutes by default). */
  chargeSeconds: number;
  /** Tells the customer's open pages that their order changed; absent: nobody is told. */
  publish?: (event: LiveEvent) => Promise<void>;
}

/** When an order awaiting its Pix stops waiting: its creation plus the charge's lifetime. */
export function pixDeadline(order: Pick<OrderRow, 'created_at'>, chargeSeconds: number): Date {
  return new Date(new Date(order.created_at).getTime() + chargeSeconds * 1000);
}

async function chargeOfOrder(db: Database, orderId: string): Promise<PixChargeRow | undefined> {
  return db.selectFrom('pix_charges').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

async function view(row: PixChargeRow): Promise<PixChargeView> {
  return {
    order_id: row.order_id,
    txid: row.txid,
    amount: row.amount,
    status: row.status as PixChargeState,
    copy_paste: row.copy_paste,
    qr_svg: row.copy_paste ? await pixQrSvg(row.copy_paste) : '',
    expires_at: row.expires_at,
    paid_at: row.paid_at,
  };
}

/** The customer's order paid by Pix, or 404 (another customer's order looks unknown). */
async function customerPixOrder(db: Database, userId: string, orderId: string): Promise<OrderRow> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order || order.user_id !== userId) throw new Refusal('not_found', 'order_not_found');
  if (order.payment_type !== 'pix') throw new Refusal('not_found', 'pix_not_found');
  return order;
}

/**
 * POST /api/pix {order_id}: the order's charge, created at the PSP on the first call (the
 * rest of the order's waiting time as its lifetime), the same one on every later call. 409
 * pix_expired once the order stopped waiting; a paid order answers its paid charge.
 */
export async function pixChargeForOrder(deps: PixOrderDeps, userId: string, orderId: string): Promise<{ created: boolean; charge: PixChargeView }> {
  const { db, now } = deps;
  const order = await customerPixOrder(db, userId, orderId);
  const existing = await chargeOfOrder(db, order.id);
  if (existing) return { created: false, charge: await view(existing) };
  const left = Math.floor((pixDeadline(order, deps.chargeSeconds).getTime() - now.getTime()) / 1000);
  if (order.payment_status !== 'awaiting' || order.status === 'canceled' || left <= 0) throw new Refusal('conflict', 'pix_expired');
  const est = await getEstablishmentRow(db, order.establishment_id);
  let charge: PixCharge;
  try {
    charge = await deps.pix.createCharge(
      { txid: pixTxid(`order:${order.id}`), amount: order.total, expiresInSeconds: left, description: `${est?.name ?? ''} pedido nº ${order.number}` },
      now,
    );
  } catch (err) {
    if (err instanceof PixPspError && err.code === 'psp_offline') throw new Refusal('upstream_failed', 'pix_psp_offline');
    throw err;
  }
  const row: PixChargeRow = {
    txid: charge.txid,
    order_id: order.id,
    establishment_id: order.establishment_id,
    amount: charge.amount,
    status: 'active',
    location: charge.location,
    copy_paste: charge.copyPaste,
    expires_at: charge.expiresAt,
    end_to_end_id: null,
    paid_at: null,
    created_at: now.toISOString(),
  };
  // Two calls at once made one charge at the PSP (idempotent by txid) and write one row here.
  const inserted = await db
    .insertInto('pix_charges')
    .values(row)
    .onConflict((oc) => oc.column('txid').doNothing())
    .executeTakeFirst();
  const stored = (await chargeOfOrder(db, order.id))!;
  return { created: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1, charge: await view(stored) };
}

/** GET /api/orders/{id}/pix: the order's charge; 404 pix_not_found ('Pix não encontrado!') while it has none. */
export async function readPixCharge(deps: Pick<PixOrderDeps, 'db'>, userId: string, orderId: string): Promise<PixChargeView> {
  const order = await customerPixOrder(deps.db, userId, orderId);
  const charge = await chargeOfOrder(deps.db, order.id);
  if (!charge) throw new Refusal('not_found', 'pix_not_found');
  return view(charge);
}

async function tellCustomer(deps: PixOrderDeps, orderId: string): Promise<void> {
  if (!deps.publish) return;
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'establishment_id', 'user_id', 'status', 'updated_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  await deps
    .publish({
      kind: 'order',
      establishment_id: order.establishment_id,
      user_id: order.user_id,
      order_id: order.id,
      status: order.status as OrderView['status'],
      updated_at: order.updated_at,
    })
    .catch(() => {});
}

/**
 * Applies the Pix the PSP told of (its webhook, or its answer to GET /cob), each once by its
 * endToEndId: the right amount on a charge still active pays its order; any other Pix goes back.
 * Answers how many paid an order.
 */
export async function applyReceivedPix(deps: PixOrderDeps, received: readonly ReceivedPix[]): Promise<number> {
  const { db, now } = deps;
  let paid = 0;
  for (const pix of received) {
    const receipt: PixReceiptRow = {
      end_to_end_id: pix.endToEndId,
      txid: pix.txid,
      amount: pix.amount,
      paid_at: pix.paidAt,
      outcome: 'received',
      refund_id: null,
      refunded_at: null,
      created_at: now.toISOString(),
    };
    const inserted = await db
      .insertInto('pix_receipts')
      .values(receipt)
      .onConflict((oc) => oc.column('end_to_end_id').doNothing())
      .executeTakeFirst();
    // Told twice (a duplicate delivery, or the call that reports its refund): applied already.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
    const charge = pix.txid ? await db.selectFrom('pix_charges').selectAll().where('txid', '=', pix.txid).executeTakeFirst() : undefined;
    if (!charge) {
      // No charge of ours (a Pix to the key by hand, another system's): nothing to apply or return here.
      await db.updateTable('pix_receipts').set({ outcome: 'unknown' }).where('end_to_end_id', '=', pix.endToEndId).execute();
      console.warn('[pix] a Pix for no charge of ours:', pix.txid, pix.endToEndId);
      continue;
    }
    const applied =
      pix.amount === charge.amount &&
      (await db
        .transaction()
        .execute(async (trx) => {
          const chargePaid = await trx
            .updateTable('pix_charges')
            .set({ status: 'paid', end_to_end_id: pix.endToEndId, paid_at: pix.paidAt })
            .where('txid', '=', charge.txid)
            .where('status', '=', 'active')
            .executeTakeFirst();
          if (Number(chargePaid.numUpdatedRows) !== 1) return false;
          const orderPaid = await trx
            .updateTable('orders')
            .set({ payment_status: 'paid', updated_at: now.toISOString() })
            .where('id', '=', charge.order_id)
            .where('payment_status', '=', 'awaiting')
            .where('status', '!=', 'canceled')
            .executeTakeFirst();
          // The order stopped waiting (expired, cancelled) in the meantime: this Pix goes back.
          if (Number(orderPaid.numUpdatedRows) !== 1) throw new Refusal('conflict', 'order_not_awaiting');
          await trx.updateTable('pix_receipts').set({ outcome: 'applied' }).where('end_to_end_id', '=', pix.endToEndId).execute();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof Refusal) return false;
          throw err;
        }));
    if (applied) {
      paid++;
      await tellCustomer(deps, charge.order_id);
      continue;
    }
    await db.updateTable('pix_receipts').set({ outcome: 'refund_pending' }).where('end_to_end_id', '=', pix.endToEndId).execute();
    await refundReceiptQuietly(deps, pix.endToEndId);
  }
  return paid;
}

/** Sends a Pix received back to its payer, once (the refund's id is derived from the endToEndId). */
async function refundReceipt(deps: PixOrderDeps, endToEndId: string): Promise<void> {
  const { db, now } = deps;
  const receipt = await db.selectFrom('pix_receipts').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
  if (receipt?.outcome !== 'refund_pending') return;
  const refund = await deps.pix.refund(
    { endToEndId, refundId: pixRefundId(`receipt:${endToEndId}`), amount: receipt.amount, description: 'Devolução do pagamento do pedido' },
    now,
  );
  await db
    .updateTable('pix_receipts')
    .set({ outcome: 'refunded', refund_id: refund.id, refunded_at: now.toISOString() })
    .where('end_to_end_id', '=', endToEndId)
    .where('outcome', '=', 'refund_pending')
    .execute();
  const charge = receipt.txid
    ? await db.selectFrom('pix_charges').select(['order_id', 'end_to_end_id']).where('txid', '=', receipt.txid).executeTakeFirst()
    : undefined;
  // The Pix that paid an order, going back: the order's payment is refunded.
  if (charge && charge.end_to_end_id === endToEndId) {
    await db
      .updateTable('orders')
      .set({ payment_status: 'refunded', updated_at: now.toISOString() })
      .where('id', '=', charge.order_id)
      .where('payment_status', '=', 'refund_pending')
      .execute();
  }
}

async function refundReceiptQuietly(deps: PixOrderDeps, endToEndId: string): Promise<void> {
  try {
    await refundReceipt(deps, endToEndId);
  } catch (err) {
    console.error('[pix] refund of', endToEndId, 'postponed:', (err as Error).message);
  }
}

/** A cancelled order paid by Pix: the Pix that paid it goes back (the order was set refund_pending in the cancelling transaction). */
export async function refundOrderPix(deps: PixOrderDeps, orderId: string): Promise<boolean> {
  const charge = await chargeOfOrder(deps.db, orderId);
  if (!charge?.end_to_end_id) return false;
  const moved = await deps.db
    .updateTable('pix_receipts')
    .set({ outcome: 'refund_pending' })
    .where('end_to_end_id', '=', charge.end_to_end_id)
    .where('outcome', '=', 'applied')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await refundReceiptQuietly(deps, charge.end_to_end_id);
  return true;
}

/** A cancelled order that was still awaiting its Pix: its charge can no longer be paid (a Pix that comes anyway goes back). */
export async function removeOrderPixCharge(deps: PixOrderDeps, orderId: string): Promise<void> {
  const charge = await chargeOfOrder(deps.db, orderId);
  if (!charge) return;
  await deps.db.updateTable('pix_charges').set({ status: 'removed' }).where('txid', '=', charge.txid).where('status', '=', 'active').execute();
  await deps.pix.removeCharge(charge.txid).catch((err: unknown) => console.error('[pix] charge', charge.txid, 'not removed:', (err as Error).message));
}

/** What the PSP knows of a charge that we may have missed (a lost webhook): its Pix, applied like the webhook's. */
async function catchUp(deps: PixOrderDeps, txid: string): Promise<void> {
  const charge = await deps.pix.getCharge(txid);
  if (charge.paid.length === 0) return;
  await applyReceivedPix(
    deps,
    charge.paid.map((p) => ({ endToEndId: p.endToEndId, txid, amount: p.amount, paidAt: p.paidAt, refunds: [] })),
  );
}

/**
 * The server's Pix job (every minute, in every process; safe side by side): orders whose Pix did not
 * come in time are cancelled (the PSP asked first; their charge removed there), active charges are
 * asked about (a webhook may have been lost), and owed refunds are sent.
 */
export async function runPixJobs(deps: PixOrderDeps): Promise<{ expired: number; refunded: number }> {
  const { db, now } = deps;
  const cutoff = new Date(now.getTime() - deps.chargeSeconds * 1000).toISOString();
  // Charges still active: what the PSP received, applied (at most 50 a run, oldest first).
  const active = await db.selectFrom('pix_charges').select('txid').where('status', '=', 'active').orderBy('created_at', 'asc').limit(50).execute();
  for (const { txid } of active) {
    try {
      await catchUp(deps, txid);
    } catch (err) {
      console.error('[pix] charge', txid, 'not read:', (err as Error).message);
    }
  }
  let expired = 0;
  const lapsed = await db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('payment_type', '=', 'pix')
    .where('payment_status', '=', 'awaiting')
    .where('created_at', '<=', cutoff)
    .limit(100)
    .execute();
  for (const order of lapsed) {
    const changed = await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('orders')
        .set({
          status: 'canceled',
          payment_status: 'expired',
          cancellation_type: 'payment_expired',
          cancellation_reason: 'O pagamento por Pix não foi feito a tempo.',
          updated_at: now.toISOString(),
        })
        .where('id', '=', order.id)
        .where('payment_status', '=', 'awaiting')
        .where('status', '=', 'registered')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      // What the order held comes back when it is cancelled (as the status route does).
      const row = await trx.selectFrom('orders').select(['id', 'user_id', 'credits']).where('id', '=', order.id).executeTakeFirstOrThrow();
      await giveBackOrderHoldings(trx, row, now);
      await trx.updateTable('pix_charges').set({ status: 'expired' }).where('order_id', '=', order.id).where('status', '=', 'active').execute();
      return true;
    });
    if (!changed) continue;
    expired++;
    const charge = await chargeOfOrder(db, order.id);
    if (charge)
      await deps.pix.removeCharge(charge.txid).catch((err: unknown) => console.error('[pix] charge', charge.txid, 'not removed:', (err as Error).message));
    await tellCustomer(deps, order.id);
  }
  let refunded = 0;
  const owed = await db.selectFrom('pix_receipts').select('end_to_end_id').where('outcome', '=', 'refund_pending').limit(100).execute();
  for (const { end_to_end_id } of owed) {
    try {
      await refundReceipt(deps, end_to_end_id);
      refunded++;
    } catch (err) {
      console.error('[pix] refund of', end_to_end_id, 'postponed:', (err as Error).message);
    }
  }
  return { expired, refunded };
}
