// Paying an order by card, exactly once (docs/payments.md 'Paying an order'). The order request
// claims its Idempotent-Key (src/server/services/idempotency.ts); then, outside any transaction:
// the order is checked and priced, the card charged through the payment gateway under a key
// derived from the attempt; then one transaction writes the order, links the charge to it and
// marks the key done. Whatever fails after the charge refunds it. What a crash leaves behind is
// found by its row in order_payments:
// - a retry of the request with the same key finds the attempt: a captured charge is used as it is
//   (never charged again), a charge still 'charging' or 'unknown' is sent again under the same key
//   (which answers the first charge if it was made);
// - a charge the gateway could not confirm either way (no answer, a timeout, a 5xx) is 'unknown',
//   never 'declined' on no evidence: the server's job asks the gateway about it, and about charges
//   left 'charging' by a lost request, until it answers; 'no charge under this key' counts as a
//   decline only after NOT_FOUND_ASKS such answers and NOT_FOUND_AFTER_MS past the charge's timeout
//   (Mercado Pago's payment search is eventually consistent);
// - a captured charge whose capture cannot be recorded (the attempt was moved meanwhile, or the
//   write fails) goes back at once, under the attempt's refund key;
// - the job refunds every captured charge no order took within ORPHAN_MS, so no charge without an
//   order survives.
// Every state change is one conditional update (src/server/db/order-payments-repo.ts): a retry, the
// job and a second process never both use, or both refund, one charge.
import { randomBytes } from 'node:crypto';
import type { CardBrand } from '../../domain/card.ts';
import { refundDestination } from '../../domain/card-verification.ts';
import type { OrderPaymentDetails } from '../../schemas/api-orders.ts';
import type { ChargeResult } from '../../schemas/payments.ts';
import { PaymentGatewayError, type PaymentGateway } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import type { OrderPaymentRow, PaymentCardRow } from '../db/types.ts';
import { cardById } from '../db/cards-repo.ts';
import { creditEntryFor, moveCredits } from '../db/credits-repo.ts';
import { finishOrderRefund, type Executor } from '../db/orders-repo.ts';
import {
  attachedPaymentOfOrder,
  capturedSince,
  cardOrdersOwingRefund,
  claimAsk,
  countNotFound,
  declineUnfound,
  insertOrderPayment,
  moveOrderPayment as move,
  orderPaymentById,
  paymentAttempts,
  paymentRefundsOwed,
  paymentsToAsk,
} from '../db/order-payments-repo.ts';
import { Refusal } from './refusal.ts';
import { chargeRefusal } from './charge-refusals.ts';

export { chargeRefusal };

/** A captured charge that no order took for this long is refunded by the job (the request died; its client gave up). */
export const ORPHAN_MS = 10 * 60 * 1000;
/** A charge left 'charging' this long lost its request: the job asks the gateway about it. */
export const STALE_CHARGE_MS = 2 * 60 * 1000;
/** The longest a charge call may take before its caller gives up on the answer (Mercado Pago's request timeout). */
export const CHARGE_TIMEOUT_MS = 15 * 1000;
/** The job's asks about one charge are at least this far apart, whichever process asks. */
export const ASK_SPACING_MS = 50 * 1000;
/** 'No charge under this key' declines a charge whose outcome was unknown only after this many such answers... */
export const NOT_FOUND_ASKS = 3;
/** ...and once this long has passed since the charge's timeout (a payment search may lag behind the payment). */
export const NOT_FOUND_AFTER_MS = 10 * 60 * 1000;

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

/** The states of an attempt whose charge may exist at the gateway without our record of its capture. */
const UNSETTLED = ['charging', 'unknown'];
/** ...and those a captured charge goes back from when its capture cannot be recorded (declined: by the job, on its asks, while the charge was in flight). */
const GIVE_BACK_FROM = [...UNSETTLED, 'declined'];

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
 * or 'unknown' is sent again under its own key; otherwise a new attempt charges. A decline or an
 * issuer error is answered with the spec's 403 and no order (the attempt stays 'declined'); no
 * answer from the gateway is 403 payment_gateway_offline too, with the attempt 'unknown' for the
 * job (or a retry with the same key) to settle.
 */
export async function chargeOrderCard(deps: OrderPaymentDeps, request: CardChargeRequest): Promise<CardCharge> {
  const { db, now } = deps;
  const at = now.toISOString();
  const earlier = await paymentAttempts(db, request.userId, request.idempotencyKey);
  const last = earlier[0];
  const sameCharge = last && last.card_id === request.card.id && last.amount === request.amount;
  let payment: OrderPaymentRow;
  if (sameCharge && last.status === 'captured') return { payment: last, card: request.card };
  if (sameCharge && (last.status === 'charging' || last.status === 'unknown')) {
    // Sent again under the same key: the gateway answers the first charge if it was made, and
    // makes it once if not. The asks of the job start anew from this send.
    if (!(await move(db, last.id, UNSETTLED, { status: 'charging', sent_at: at, asks: 0, updated_at: at })))
      throw new Refusal('conflict', 'idempotency_key_in_flight', { retryAfterSeconds: 1 });
    payment = { ...last, status: 'charging', sent_at: at, asks: 0, updated_at: at };
  } else {
    // A charge of an earlier attempt for another amount or card (the prices changed in between) goes back now.
    if (last?.status === 'captured' && (await move(db, last.id, 'captured', { status: 'refund_pending', updated_at: at })))
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
      created_at: at,
      updated_at: at,
      sent_at: at,
      asked_at: '',
      asks: 0,
    };
    // Written before the charge: the job finds it if this process dies with the charge in flight.
    if (!(await insertOrderPayment(db, payment))) throw new Refusal('conflict', 'idempotency_key_in_flight', { retryAfterSeconds: 1 });
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
        purpose: 'purchase',
      },
      now,
    );
  } catch (err) {
    if (err instanceof PaymentGatewayError && err.code !== 'gateway_offline') {
      // The gateway refused to carry the charge out (a bad CVV, a card it no longer has): nothing was charged.
      await move(db, payment.id, 'charging', { status: 'declined', updated_at: at });
      throw gatewayRefusal(err);
    }
    // No answer: the charge may have been made. The job asks (a retry with the same key sends it again).
    await move(db, payment.id, 'charging', { status: 'unknown', updated_at: at }).catch(() => false);
    if (err instanceof PaymentGatewayError) throw gatewayRefusal(err);
    throw err;
  }
  if (result.status === 'offline') {
    // 'offline' is also what a gateway answers when its call timed out or failed after the charge
    // was sent: not proof that nothing was charged.
    await move(db, payment.id, 'charging', { status: 'unknown', updated_at: at });
    throw chargeRefusal(result);
  }
  if (result.status !== 'captured') {
    await move(db, payment.id, 'charging', { status: 'declined', charge_id: result.charge_id, updated_at: at });
    throw chargeRefusal(result);
  }
  const captured = await captureOrGiveBack(deps, payment, result.charge_id);
  // The capture could not be kept for an order (see captureOrGiveBack): it went back; the order is not written.
  if (!captured) throw new Refusal('conflict', 'write_conflict');
  return { payment: captured, card: request.card };
}

/**
 * Records that the attempt's charge was captured. When the attempt is no longer waiting for its
 * outcome (the job declined it meanwhile) or the write fails, the charge has no attempt that an
 * order could take: it goes back at once, under the attempt's refund key, and null is answered.
 * A capture the job recorded first is the same charge: answered as it is.
 */
async function captureOrGiveBack(deps: OrderPaymentDeps, payment: OrderPaymentRow, chargeId: string | null): Promise<OrderPaymentRow | null> {
  const { db, now } = deps;
  const at = now.toISOString();
  const paymentId = payment.id;
  try {
    if (await move(db, paymentId, UNSETTLED, { status: 'captured', charge_id: chargeId, updated_at: at }))
      return { ...payment, status: 'captured', charge_id: chargeId, updated_at: at };
  } catch (err) {
    console.error('[orders] capture of payment', paymentId, 'not recorded:', (err as Error).message);
  }
  const current = await orderPaymentById(db, paymentId).catch(() => undefined);
  if (current?.status === 'captured' && current.charge_id === chargeId) return current;
  // Already going back, or gone back (the job found the charge and no order took it): the refund is under way.
  if (current && !GIVE_BACK_FROM.includes(current.status)) return null;
  if (!chargeId) {
    console.error('[orders] captured charge of payment', paymentId, 'has no id to refund');
    return null;
  }
  let owed = false;
  try {
    owed = await move(db, paymentId, GIVE_BACK_FROM, { status: 'refund_pending', charge_id: chargeId, updated_at: at });
  } catch (err) {
    console.error('[orders] refund of payment', paymentId, 'not recorded:', (err as Error).message);
  }
  if (owed) {
    await refundQuietly(deps, paymentId, 'card');
    return null;
  }
  // Nothing could be written: the refund goes anyway. The attempt, left unsettled, is asked about
  // by the job, found captured and refunded under the same key, which the gateway answers with
  // this refund: the money goes back once.
  await deps.payments
    .refund({ charge_id: chargeId, idempotency_key: refundKey(paymentId) }, now)
    .catch((err: unknown) => console.error('[orders] refund of payment', paymentId, 'postponed:', (err as Error).message));
  return null;
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
 * card's refund_type ). Safe to call again; a failed refund is left to the job, and so is
 * the whole refund when the cancelling request stops before it (recoverOrderPayments).
 */
export async function refundOrderCharge(deps: OrderPaymentDeps, orderId: string): Promise<boolean> {
  const payment = await attachedPaymentOfOrder(deps.db, orderId);
  if (!payment) return false;
  if (!(await move(deps.db, payment.id, 'attached', { status: 'refund_pending', updated_at: deps.now.toISOString() }))) return false;
  await refundQuietly(deps, payment.id, refundDestination(payment.refund_type));
  return true;
}

/**
 * Sends a payment's money back, once: a gateway refund under its key, or a credit ledger entry
 * unique by the payment. What records it (the attempt refunded, its order's payment refunded, and
 * the credit itself) is one transaction.
 */
async function refundPayment(deps: OrderPaymentDeps, paymentId: string, to: 'card' | 'credit'): Promise<void> {
  const { db, now } = deps;
  const at = now.toISOString();
  const payment = await orderPaymentById(db, paymentId);
  if (payment?.status !== 'refund_pending' || !payment.charge_id) return;
  const refund = to === 'card' ? await deps.payments.refund({ charge_id: payment.charge_id, idempotency_key: refundKey(payment.id) }, now) : null;
  await db.transaction().execute(async (trx) => {
    let refundId = refund?.refund_id ?? null;
    if (!refund) {
      const reference = creditReference(payment.id);
      await moveCredits(trx, { userId: payment.user_id, amount: payment.amount, reason: 'order_refund', reference, orderId: payment.order_id }, now);
      refundId = (await creditEntryFor(trx, reference))!.id;
    }
    // Refunded by another process meanwhile: its credit was the same entry (unique by reference), nothing moved twice.
    if (!(await move(trx, payment.id, 'refund_pending', { status: 'refunded', refund_id: refundId, refunded_at: at, updated_at: at }))) return;
    if (payment.order_id) await finishOrderRefund(trx, payment.order_id, now);
  });
}

async function refundQuietly(deps: OrderPaymentDeps, paymentId: string, to: 'card' | 'credit'): Promise<void> {
  try {
    await refundPayment(deps, paymentId, to);
  } catch (err) {
    console.error('[orders] refund of payment', paymentId, 'postponed:', (err as Error).message);
  }
}

/**
 * Asks the gateway about each charge whose outcome is not known ('unknown', or left 'charging' by a
 * lost request) without a CVV, which only asks about the charge made under its key: captured or
 * declined settles it; no answer leaves it for the next run; 'no charge under this key' is counted,
 * and declines it only after NOT_FOUND_ASKS such answers, NOT_FOUND_AFTER_MS past the charge's
 * timeout. Answers how many were settled.
 */
async function settleUnknownCharges(deps: OrderPaymentDeps): Promise<number> {
  const { db, now } = deps;
  const at = now.toISOString();
  let settled = 0;
  for (const payment of await paymentsToAsk(db, new Date(now.getTime() - STALE_CHARGE_MS))) {
    if (!(await claimAsk(db, payment.id, new Date(now.getTime() - ASK_SPACING_MS), now))) continue;
    const card = await cardById(db, payment.card_id);
    if (!card) continue;
    let result: ChargeResult | 'not_found';
    try {
      // The CVV went with its request; the same key answers the first charge if it was made.
      result = await deps.payments.charge(
        {
          token: card.gateway_token,
          brand: card.brand as CardBrand,
          amount: payment.amount,
          idempotency_key: chargeKey(payment.id),
          description: '',
          purpose: 'purchase',
        },
        now,
      );
    } catch (err) {
      if (!(err instanceof PaymentGatewayError && err.code === 'invalid_cvv')) {
        console.error('[orders] charge of payment', payment.id, 'still unknown:', (err as Error).message);
        continue;
      }
      result = 'not_found';
    }
    if (result === 'not_found') {
      if ((await countNotFound(db, payment.id)) === null) continue;
      if (await declineUnfound(db, payment.id, NOT_FOUND_ASKS, new Date(now.getTime() - CHARGE_TIMEOUT_MS - NOT_FOUND_AFTER_MS), now)) settled++;
      continue;
    }
    if (result.status === 'offline') continue;
    if (result.status === 'captured') {
      if ((await captureOrGiveBack(deps, payment, result.charge_id))?.status === 'captured') settled++;
    } else if (await move(db, payment.id, UNSETTLED, { status: 'declined', charge_id: result.charge_id, updated_at: at })) settled++;
  }
  return settled;
}

/**
 * The server's job for order payments (every minute, in every process; safe side by side): asks
 * the gateway about charges whose outcome is not known, refunds captured charges no order took
 * within ORPHAN_MS, and sends every refund still owed.
 */
export async function runOrderPaymentJobs(deps: OrderPaymentDeps): Promise<{ settled: number; orphans: number; refunded: number }> {
  const { db, now } = deps;
  const settled = await settleUnknownCharges(deps);

  let orphans = 0;
  for (const { id } of await capturedSince(db, new Date(now.getTime() - ORPHAN_MS))) {
    if (await move(db, id, 'captured', { status: 'refund_pending', updated_at: now.toISOString() })) orphans++;
  }

  let refunded = 0;
  for (const payment of await paymentRefundsOwed(db)) {
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

/**
 * Finishes what a request left halfway (the recovery job, at start and every minute): an order
 * paid by card whose cancellation committed (its payment refund_pending) while its charge stayed
 * attached, because the request stopped before the refund, has its charge refunded. Answers how many.
 */
export async function recoverOrderPayments(deps: OrderPaymentDeps): Promise<number> {
  let recovered = 0;
  for (const payment of await cardOrdersOwingRefund(deps.db)) {
    if (!(await move(deps.db, payment.id, 'attached', { status: 'refund_pending', updated_at: deps.now.toISOString() }))) continue;
    await refundQuietly(deps, payment.id, refundDestination(payment.refund_type));
    recovered++;
  }
  return recovered;
}
