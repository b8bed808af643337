// Paying an order by card, exactly once (docs/payments.md 'Paying an order'). The order request
// claims its Idempotent-Key (src/server/services/idempotency.ts); then, outside any transaction:
// the order is checked and priced, the card charged through the payment gateway under a key
// derived from the attempt; then one transaction writes the order, links the charge to it and
// marks the key done. Whatever fails after the charge refunds it. What a crash leaves behind is
// found by its row in order_payments:
// - a retry of the request with the same key finds the attempt: a captured charge is used as it is
//   (never charged again), a charge still 'charging' is asked again under the same key;
// - the server's job asks the gateway about charges left 'charging', and refunds every captured
//   charge no order took within ORPHAN_MS, so no charge without an order survives.
// Every state change is one conditional update: a retry, the job and a second process never both
// use, or both refund, one charge.
import { randomBytes } from 'node:crypto';
import type { CardBrand } from '../../domain/card.ts';
import { refundDestination } from '../../domain/card-verification.ts';
import type { OrderPaymentDetails } from '../../schemas/api-orders.ts';
import type { ChargeResult } from '../../schemas/payments.ts';
import { PaymentGatewayError, type PaymentGateway } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import type { OrderPaymentRow, PaymentCardRow } from '../db/types.ts';
import { cardById } from '../db/cards-repo.ts';
import { creditEntryFor, creditOnce } from '../db/credits-repo.ts';
import type { Executor } from '../db/orders-repo.ts';
import { Refusal } from './refusal.ts';
import { chargeRefusal } from './charge-refusals.ts';

export { chargeRefusal };

/** A captured charge that no order took for this long is refunded by the job (the request died; its client gave up). */
export const ORPHAN_MS = 10 * 60 * 1000;
/** A charge left 'charging' this long lost its request: the job asks the gateway about it. */
export const STALE_CHARGE_MS = 2 * 60 * 1000;

export interface OrderPaymentDeps {
  db: Database;
  now: Date;
  payments: PaymentGateway;
}

const chargeKey = (paymentId: string) => `order-payment:${paymentId}:charge`;
const refundKey = (paymentId: string) => `order-payment:${paymentId}:refund`;
const creditReference = (paymentId: string) => `order-payment:${paymentId}`;

/** A gateway error of a charge, as the order answers it. */
function gatewayRefusal(err: PaymentGatewayError): Refusal {
  if (err.code === 'gateway_offline') return new Refusal('forbidden', 'payment_gateway_offline');
  if (err.code === 'invalid_cvv')
    return new Refusal('invalid', 'invalid_body', {
      fields: [{ path: 'payment_card.security_code', code: 'invalid_cvv', message: 'security_code must be 3 digits, 4 for American Express' }],
    });
  if (err.code === 'card_expired') return new Refusal('forbidden', 'credit_card_expired');
  return new Refusal('forbidden', 'invalid_payment_card');
}

async function attempts(db: Executor, userId: string, key: string): Promise<OrderPaymentRow[]> {
  return db.selectFrom('order_payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).orderBy('attempt', 'desc').execute();
}

async function move(db: Executor, id: string, from: string | readonly string[], changes: Partial<OrderPaymentRow>): Promise<boolean> {
  const done = await db
    .updateTable('order_payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', typeof from === 'string' ? [from] : from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export interface CardCharge {
  payment: OrderPaymentRow;
  card: PaymentCardRow;
}

export interface CardChargeRequest {
  userId: string;
  establishmentId: string;
  /** The order request's Idempotent-Key. */
  idempotencyKey: string;
  card: PaymentCardRow;
  /** The order's total, integer centavos. */
  amount: number;
  /** The CVV typed for this payment; dropped after the call. */
  securityCode: string;
  description: string;
  payerEmail: string;
}

/**
 * Charges the order's total to the card once for its Idempotent-Key: a captured charge of an earlier
 * attempt with the same key, card and amount is used as it is; a charge that attempt left 'charging'
 * is asked again under its own key; otherwise a new attempt charges. A decline, an issuer error or an
 * unreachable gateway is answered with the spec's 403 and no order (the attempt stays 'declined').
 */
export async function chargeOrderCard(deps: OrderPaymentDeps, request: CardChargeRequest): Promise<CardCharge> {
  const { db, now } = deps;
  const earlier = await attempts(db, request.userId, request.idempotencyKey);
  const last = earlier[0];
  const sameCharge = last && last.card_id === request.card.id && last.amount === request.amount;
  let payment: OrderPaymentRow;
  if (sameCharge && last.status === 'captured') return { payment: last, card: request.card };
  if (sameCharge && last.status === 'charging') payment = last;
  else {
    // A charge of an earlier attempt for another amount or card (the prices changed in between) goes back now.
    if (last?.status === 'captured' && (await move(db, last.id, 'captured', { status: 'refund_pending', updated_at: now.toISOString() })))
      await refundQuietly(deps, last.id, 'card');
    payment = {
      id: `op_${randomBytes(12).toString('hex')}`,
      user_id: request.userId,
      establishment_id: request.establishmentId,
      idempotency_key: request.idempotencyKey,
      attempt: (last?.attempt ?? 0) + 1,
      card_id: request.card.id,
      amount: request.amount,
      status: 'charging',
      charge_id: null,
      order_id: null,
      refund_type: refundDestination(request.card.refund_type),
      refund_id: null,
      refunded_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    // Written before the charge: the job finds it if this process dies with the charge in flight.
    const inserted = await db
      .insertInto('order_payments')
      .values(payment)
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key', 'attempt']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new Refusal('conflict', 'idempotency_key_in_flight', { retryAfterSeconds: 1 });
  }

  let result: ChargeResult;
  try {
    result = await deps.payments.charge(
      {
        token: request.card.gateway_token,
        brand: request.card.brand as CardBrand,
        amount: payment.amount,
        idempotency_key: chargeKey(payment.id),
        description: request.description,
        payer_email: request.payerEmail,
        security_code: request.securityCode,
      },
      now,
    );
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    await move(db, payment.id, 'charging', { status: 'declined', updated_at: now.toISOString() });
    throw gatewayRefusal(err);
  }
  if (result.status !== 'captured') {
    await move(db, payment.id, 'charging', { status: 'declined', charge_id: result.charge_id, updated_at: now.toISOString() });
    throw chargeRefusal(result);
  }
  await move(db, payment.id, 'charging', { status: 'captured', charge_id: result.charge_id, updated_at: now.toISOString() });
  return { payment: { ...payment, status: 'captured', charge_id: result.charge_id }, card: request.card };
}

/** Links a captured charge to the order being written in `trx`; a charge the job took back meanwhile refuses the order (409 write_conflict). */
export async function attachCharge(trx: Executor, charge: CardCharge, orderId: string, now: Date): Promise<OrderPaymentDetails> {
  if (!(await move(trx, charge.payment.id, 'captured', { status: 'attached', order_id: orderId, updated_at: now.toISOString() })))
    throw new Refusal('conflict', 'write_conflict');
  return { card: { brand: charge.card.brand, last4: charge.card.last4 } };
}

/** The order was not written after its card was charged: the charge goes back (now, or by the job). */
export async function releaseCharge(deps: OrderPaymentDeps, charge: CardCharge): Promise<void> {
  if (!(await move(deps.db, charge.payment.id, 'captured', { status: 'refund_pending', updated_at: deps.now.toISOString() }))) return;
  await refundQuietly(deps, charge.payment.id, 'card');
}

/**
 * An order paid by card was cancelled: its charge goes back, to the card or as store credit (the
 * card's refund_type ). Safe to call again; a failed refund is left to the job.
 */
export async function refundOrderCharge(deps: OrderPaymentDeps, orderId: string): Promise<boolean> {
  const payment = await deps.db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).where('status', '=', 'attached').executeTakeFirst();
  if (!payment) return false;
  if (!(await move(deps.db, payment.id, 'attached', { status: 'refund_pending', updated_at: deps.now.toISOString() }))) return false;
  await refundQuietly(deps, payment.id, refundDestination(payment.refund_type));
  return true;
}

/** Sends a payment's money back, once: a gateway refund under its key, or a credit ledger entry unique by the payment. */
async function refundPayment(deps: OrderPaymentDeps, paymentId: string, to: 'card' | 'credit'): Promise<void> {
  const { db, now } = deps;
  const payment = await db.selectFrom('order_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (payment?.status !== 'refund_pending' || !payment.charge_id) return;
  let refundId: string;
  if (to === 'card') {
    refundId = (await deps.payments.refund({ charge_id: payment.charge_id, idempotency_key: refundKey(payment.id) }, now)).refund_id;
  } else {
    const reference = creditReference(payment.id);
    await creditOnce(db, { userId: payment.user_id, amount: payment.amount, reason: 'order_refund', reference, orderId: payment.order_id }, now);
    refundId = (await creditEntryFor(db, reference))!.id;
  }
  await move(db, payment.id, 'refund_pending', { status: 'refunded', refund_id: refundId, refunded_at: now.toISOString(), updated_at: now.toISOString() });
  if (payment.order_id) {
    await db
      .updateTable('orders')
      .set({ payment_status: 'refunded', updated_at: now.toISOString() })
      .where('id', '=', payment.order_id)
      .where('payment_status', '=', 'refund_pending')
      .execute();
  }
}

async function refundQuietly(deps: OrderPaymentDeps, paymentId: string, to: 'card' | 'credit'): Promise<void> {
  try {
    await refundPayment(deps, paymentId, to);
  } catch (err) {
    console.error('[orders] refund of payment', paymentId, 'postponed:', (err as Error).message);
  }
}

/**
 * The server's job for order payments (every minute, in every process; safe side by side): asks the
 * gateway about charges left 'charging' by a lost request, refunds captured charges no order took
 * within ORPHAN_MS, and sends every refund still owed.
 */
export async function runOrderPaymentJobs(deps: OrderPaymentDeps): Promise<{ settled: number; orphans: number; refunded: number }> {
  const { db, now } = deps;
  let settled = 0;
  const stale = await db
    .selectFrom('order_payments')
    .selectAll()
    .where('status', '=', 'charging')
    .where('updated_at', '<=', new Date(now.getTime() - STALE_CHARGE_MS).toISOString())
    .limit(100)
    .execute();
  for (const payment of stale) {
    const card = await cardById(db, payment.card_id);
    if (!card) continue;
    try {
      // The CVV went with its request; the same key answers the first charge if it was made.
      const result = await deps.payments.charge(
        { token: card.gateway_token, brand: card.brand as CardBrand, amount: payment.amount, idempotency_key: chargeKey(payment.id), description: '' },
        now,
      );
      if (result.status === 'captured')
        await move(db, payment.id, 'charging', { status: 'captured', charge_id: result.charge_id, updated_at: now.toISOString() });
      else if (result.status !== 'offline')
        await move(db, payment.id, 'charging', { status: 'declined', charge_id: result.charge_id, updated_at: now.toISOString() });
      settled++;
    } catch (err) {
      if (err instanceof PaymentGatewayError && err.code !== 'gateway_offline') {
        await move(db, payment.id, 'charging', { status: 'declined', updated_at: now.toISOString() });
        settled++;
      } else console.error('[orders] stale charge', payment.id, 'not settled:', (err as Error).message);
    }
  }

  let orphans = 0;
  const captured = await db
    .selectFrom('order_payments')
    .select('id')
    .where('status', '=', 'captured')
    .where('updated_at', '<=', new Date(now.getTime() - ORPHAN_MS).toISOString())
    .limit(100)
    .execute();
  for (const { id } of captured) {
    if (await move(db, id, 'captured', { status: 'refund_pending', updated_at: now.toISOString() })) orphans++;
  }

  let refunded = 0;
  const owed = await db.selectFrom('order_payments').select(['id', 'order_id', 'refund_type']).where('status', '=', 'refund_pending').limit(100).execute();
  for (const payment of owed) {
    // An orphan charge goes back to the card it came from; a cancelled order's as its card says.
    const to = payment.order_id ? refundDestination(payment.refund_type) : 'card';
    try {
      await refundPayment(deps, payment.id, to);
      refunded++;
    } catch (err) {
      console.error('[orders] refund of payment', payment.id, 'postponed:', (err as Error).message);
    }
  }
  return { settled, orphans, refunded };
}
