// Paying an order by Pix (docs/payments.md 'Paying an order by Pix'): the order is written awaiting
// its payment; POST /api/pix creates its charge at the PSP (a txid derived from the order, so a
// retry finds the same charge); the PSP's webhook tells of each Pix received, which is recorded and
// applied in ONE transaction, once per endToEndId (a table keyed by it): the right amount on an
// order still awaiting pays it; any other Pix (another amount, a second payment, one that arrives
// after the order expired or was cancelled) is recorded as owed back, in that same transaction, and
// sent back to the payer right after (a devolução under an id derived from the endToEndId, so a
// retry never refunds twice). A failure before the commit leaves nothing: the PSP's next delivery,
// or the job reading the charge, records it then. The server's job cancels an order whose charge
// expired unpaid (asking the PSP first, in case the webhook was lost), asks the PSP about charges
// still active or just closed, and sends refunds still owed; the recovery job finishes what older
// code or a stopped request left halfway (recoverPix). A cancelled order paid by Pix is refunded
// the same way.
import type { OrderView } from '../../schemas/api-orders.ts';
import type { PixChargeView, PixChargeState } from '../../schemas/api-pix.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';
import { PixPspError, pixRefundId, pixTxid, type PixCharge, type PixPsp, type ReceivedPix } from '../adapters/pix-psp.ts';
import type { Database } from '../db/database.ts';
import type { OrderRow, PixChargeRow, PixReceiptRow } from '../db/types.ts';
import { finishOrderRefund, getEstablishmentRow, getOrderById, type Executor } from '../db/orders-repo.ts';
import {
  activePixCharges,
  closedPixChargesExpiringAfter,
  insertPixCharge,
  insertPixReceipt,
  lapsedPixOrders,
  movePixCharge,
  movePixReceipt,
  payPixOrder,
  pixChargeByTxid,
  pixChargeOfOrder as chargeOfOrder,
  pixReceipt,
  pixReceiptsWithOutcome,
  pixRefundsNotStarted,
} from '../db/pix-repo.ts';
import { pixQrSvg } from '../pix-qr.ts';
import { Refusal } from './refusal.ts';
import { changeOrderStatus, type OrderMoney } from './order-status.ts';
import { recordOrderPlaced } from '../open-delivery/events.ts';

/** After its expiry a charge can take no Pix; the job asks about a closed charge until this long after it, for a Pix whose webhook was lost. */
export const CLOSED_CHARGE_WATCH_MS = 10 * 60 * 1000;

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
  const order = await getOrderById(db, orderId);
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
  const created = await insertPixCharge(db, row);
  const stored = (await chargeOfOrder(db, order.id))!;
  return { created, charge: await view(stored) };
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
  const order = await getOrderById(deps.db, orderId);
  if (!order) return;
  await deps
    .publish({
      kind: 'order',
      establishment_id: order.establishment_id,
      user_id: order.user_id,
      order_id: order.id,
      status: order.status as OrderView['status'],
      step: order.step as OrderView['step'],
      updated_at: order.updated_at,
    })
    .catch(() => {});
}

/** What a recorded Pix became: it paid its order, it is owed back, or it is for no charge of ours. */
type ReceiptOutcome = 'applied' | 'refund_pending' | 'unknown';

/**
 * Applies a recorded Pix in the caller's transaction (the one that records it, or the recovery's
 * that claims a receipt older code left 'received'): the right amount on an order still awaiting
 * pays the order and its charge; any other Pix is owed back. Sets and answers the receipt's outcome.
 */
async function settleReceipt(trx: Executor, receipt: Pick<PixReceiptRow, 'end_to_end_id' | 'txid' | 'amount' | 'paid_at'>, now: Date): Promise<ReceiptOutcome> {
  const charge = receipt.txid ? await pixChargeByTxid(trx, receipt.txid) : undefined;
  let outcome: ReceiptOutcome;
  if (!charge) {
    // No charge of ours (a Pix to the key by hand, another system's): nothing to apply or return here.
    console.warn('[pix] a Pix for no charge of ours:', receipt.txid, receipt.end_to_end_id);
    outcome = 'unknown';
  } else if (receipt.amount === charge.amount && (await payPixOrder(trx, charge, { endToEndId: receipt.end_to_end_id, paidAt: receipt.paid_at }, now))) {
    outcome = 'applied';
    // Paid now: the establishment's POS hears of the order in the same transaction.
    const order = await getOrderById(trx, charge.order_id);
    if (order) await recordOrderPlaced(trx, order, now);
  }
  // Another amount, or the order stopped waiting (paid by another Pix, expired, cancelled): this Pix goes back.
  else outcome = 'refund_pending';
  await movePixReceipt(trx, receipt.end_to_end_id, 'received', { outcome });
  return outcome;
}

/** What follows a settled Pix once its transaction committed: its order's pages told, or its refund sent. */
async function afterSettled(deps: PixOrderDeps, receipt: Pick<PixReceiptRow, 'end_to_end_id' | 'txid'>, outcome: ReceiptOutcome | null): Promise<void> {
  if (outcome === 'applied') {
    const charge = receipt.txid ? await pixChargeByTxid(deps.db, receipt.txid) : undefined;
    if (charge) await tellCustomer(deps, charge.order_id);
  } else if (outcome === 'refund_pending') await refundReceiptQuietly(deps, receipt.end_to_end_id);
}

/**
 * Applies the Pix the PSP told of (its webhook, or its answer to GET /cob), each once by its
 * endToEndId, each recorded and applied in one transaction: the right amount on a charge still
 * active pays its order; any other Pix goes back. A Pix told again whose receipt older code left
 * 'received' (recorded, never applied) is applied now. Answers how many paid an order.
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
    // The receipt is written first: on SQLite the transaction takes the write lock at once, on
    // PostgreSQL a second delivery of the same Pix waits on its key until this one commits.
    const outcome = await db.transaction().execute(async (trx) => {
      if (await insertPixReceipt(trx, receipt)) return settleReceipt(trx, receipt, now);
      // Told twice (a duplicate delivery, or the call that reports its refund): applied already,
      // unless older code recorded it and stopped before applying it.
      if (!(await movePixReceipt(trx, pix.endToEndId, 'received', { outcome: 'received' }))) return null;
      const stored = (await pixReceipt(trx, pix.endToEndId))!;
      return settleReceipt(trx, stored, now);
    });
    if (outcome === 'applied') paid++;
    await afterSettled(deps, receipt, outcome);
  }
  return paid;
}

/** Sends a Pix received back to its payer, once (the refund's id is derived from the endToEndId). */
async function refundReceipt(deps: PixOrderDeps, endToEndId: string): Promise<void> {
  const { db, now } = deps;
  const receipt = await pixReceipt(db, endToEndId);
  if (receipt?.outcome !== 'refund_pending') return;
  const refund = await deps.pix.refund(
    { endToEndId, refundId: pixRefundId(`receipt:${endToEndId}`), amount: receipt.amount, description: 'Devolução do pagamento do pedido' },
    now,
  );
  const charge = receipt.txid ? await pixChargeByTxid(db, receipt.txid) : undefined;
  // The receipt refunded and, when it is the Pix that paid an order, the order's payment refunded: together.
  await db.transaction().execute(async (trx) => {
    const moved = await movePixReceipt(trx, endToEndId, 'refund_pending', { outcome: 'refunded', refund_id: refund.id, refunded_at: now.toISOString() });
    if (moved && charge && charge.end_to_end_id === endToEndId) await finishOrderRefund(trx, charge.order_id, now);
  });
}

async function refundReceiptQuietly(deps: PixOrderDeps, endToEndId: string): Promise<void> {
  try {
    await refundReceipt(deps, endToEndId);
  } catch (err) {
    console.error('[pix] refund of', endToEndId, 'postponed:', (err as Error).message);
  }
}

/**
 * A cancelled order paid by Pix: the Pix that paid it goes back (the order was set refund_pending
 * in the cancelling transaction; when the request stops before this, recoverPix does it).
 */
export async function refundOrderPix(deps: PixOrderDeps, orderId: string): Promise<boolean> {
  const charge = await chargeOfOrder(deps.db, orderId);
  if (!charge?.end_to_end_id) return false;
  if (!(await movePixReceipt(deps.db, charge.end_to_end_id, 'applied', { outcome: 'refund_pending' }))) return false;
  await refundReceiptQuietly(deps, charge.end_to_end_id);
  return true;
}

/**
 * Takes a closed order's charge off the PSP, so that it can no longer be paid. A charge the PSP
 * says was paid meanwhile has a Pix we may not have been told of: it is read and applied (it goes back).
 */
async function removeAtPsp(deps: PixOrderDeps, txid: string): Promise<void> {
  try {
    await deps.pix.removeCharge(txid);
  } catch (err) {
    console.error('[pix] charge', txid, 'not removed:', (err as Error).message);
    if (err instanceof PixPspError && err.code === 'charge_paid') await catchUpQuietly(deps, txid);
  }
}

/** A cancelled order that was still awaiting its Pix: its charge can no longer be paid (a Pix that comes anyway goes back). */
export async function removeOrderPixCharge(deps: PixOrderDeps, orderId: string): Promise<void> {
  const charge = await chargeOfOrder(deps.db, orderId);
  if (!charge) return;
  await movePixCharge(deps.db, charge.txid, 'active', 'removed');
  await removeAtPsp(deps, charge.txid);
}

/** What an expiry moves: only the charge, closed as expired (nothing was paid, nothing goes back). */
function expiryMoney(deps: PixOrderDeps): OrderMoney {
  const nothingPaid = async (orderId: string) => {
    throw new Error(`order ${orderId}: an expired order has nothing to refund`);
  };
  return {
    refundCard: nothingPaid,
    refundPix: nothingPaid,
    closePixCharge: async (orderId) => {
      const charge = await chargeOfOrder(deps.db, orderId);
      if (!charge) return;
      await movePixCharge(deps.db, charge.txid, 'active', 'expired');
      await removeAtPsp(deps, charge.txid);
    },
  };
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

async function catchUpQuietly(deps: PixOrderDeps, txid: string): Promise<void> {
  try {
    await catchUp(deps, txid);
  } catch (err) {
    console.error('[pix] charge', txid, 'not read:', (err as Error).message);
  }
}

/**
 * The server's Pix job (every minute, in every process; safe side by side): charges still active,
 * and those closed here that could have taken a Pix until a while ago, are asked about (a webhook
 * may have been lost, or failed before its transaction committed); orders whose Pix did not come
 * in time are cancelled (after that ask; their charge removed at the PSP); owed refunds are sent.
 */
export async function runPixJobs(deps: PixOrderDeps): Promise<{ expired: number; refunded: number }> {
  const { db, now } = deps;
  // What the PSP received, applied (at most 50 of each a run, oldest first).
  for (const { txid } of await activePixCharges(db, 50)) await catchUpQuietly(deps, txid);
  for (const { txid } of await closedPixChargesExpiringAfter(db, new Date(now.getTime() - CLOSED_CHARGE_WATCH_MS), 50)) await catchUpQuietly(deps, txid);

  let expired = 0;
  for (const { id } of await lapsedPixOrders(db, new Date(now.getTime() - deps.chargeSeconds * 1000), 100)) {
    const order = await getOrderById(db, id);
    if (!order) continue;
    // The same cancellation as anyone's (what the order held comes back), moved by the lifecycle's
    // 'system' rule: only a registered order still awaiting its Pix; a Pix that landed since makes it miss.
    try {
      await changeOrderStatus({ db, now, money: expiryMoney(deps) }, order, {
        actor: 'system',
        to: 'canceled',
        reason: 'O pagamento por Pix não foi feito a tempo.',
      });
    } catch (err) {
      if (err instanceof Refusal) continue;
      throw err;
    }
    expired++;
    await tellCustomer(deps, id);
  }
  let refunded = 0;
  for (const { end_to_end_id } of await pixReceiptsWithOutcome(db, 'refund_pending', 100)) {
    try {
      await refundReceipt(deps, end_to_end_id);
      refunded++;
    } catch (err) {
      console.error('[pix] refund of', end_to_end_id, 'postponed:', (err as Error).message);
    }
  }
  return { expired, refunded };
}

/**
 * Finishes what was left halfway (the recovery job, at start and every minute): a receipt older
 * code recorded and never applied ('received') is applied now, in one transaction (its order paid,
 * or its Pix owed back), and a cancelled order whose Pix was never marked owed back (the cancelling
 * request stopped before it) has it sent back. Answers how many it finished.
 */
export async function recoverPix(deps: PixOrderDeps): Promise<number> {
  const { db, now } = deps;
  let recovered = 0;
  for (const receipt of await pixReceiptsWithOutcome(db, 'received', 100)) {
    const outcome = await db.transaction().execute(async (trx) => {
      // Claimed by a conditional update first: a webhook or another process settling it meanwhile wins.
      if (!(await movePixReceipt(trx, receipt.end_to_end_id, 'received', { outcome: 'received' }))) return null;
      return settleReceipt(trx, receipt, now);
    });
    if (outcome === null) continue;
    recovered++;
    await afterSettled(deps, receipt, outcome);
  }
  for (const endToEndId of await pixRefundsNotStarted(db, 100)) {
    if (!(await movePixReceipt(db, endToEndId, 'applied', { outcome: 'refund_pending' }))) continue;
    recovered++;
    await refundReceiptQuietly(deps, endToEndId);
  }
  return recovered;
}
