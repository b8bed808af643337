// The order's lifecycle: which step may follow which, who may move it, and what a cancellation does
// to the payment. One rule for every side that moves an order (the status route, the Pix job, the
// command line, and the establishment's panel and POS as they come), so no side can let an order
// go somewhere another side forbids.
//
// The spec names four statuses (registered, confirmed, complete, canceled ); a kitchen
// needs the finer steps between confirmed and complete: preparing, ready (at the counter for a
// pickup, for the courier or the table otherwise) and dispatched (out for delivery). They are
// steps inside the spec's 'confirmed': specStatusOf maps them back, so the customer's four labels
// and the API's filter keep their meaning.
import type { DeliveryType } from './cart.ts';

export const ORDER_STEPS = ['registered', 'confirmed', 'preparing', 'ready', 'dispatched', 'complete', 'canceled'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** The spec's four statuses. */
export type SpecOrderStatus = 'registered' | 'confirmed' | 'complete' | 'canceled';

/** Who moves an order: its customer, the establishment's people, its POS, or the server's own jobs. */
export type OrderActor = 'customer' | 'establishment' | 'pos' | 'system';

export const PAYMENT_STATES = ['none', 'awaiting', 'paid', 'refund_pending', 'refunded', 'expired'] as const;
/**
 * none: paid on delivery or at the counter; awaiting: a Pix not paid yet; paid: charged (card) or
 * received (Pix); refund_pending / refunded: the order was cancelled and its payment is going /
 * went back; expired: its Pix was not paid in time.
 */
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Why a move is refused; the API answers each with 409 and the code. */
export type TransitionRefusal = 'invalid_status_transition' | 'status_change_not_allowed' | 'order_cannot_be_canceled' | 'payment_pending' | 'not_a_delivery';

export type TransitionCheck = { ok: true } | { ok: false; code: TransitionRefusal };

const TERMINAL: ReadonlySet<OrderStep> = new Set(['complete', 'canceled']);

/** The steps an order of this type goes through, in order (cancellation aside). */
export function stepsFor(deliveryType: DeliveryType): readonly OrderStep[] {
  return deliveryType === 'delivery'
    ? ['registered', 'confirmed', 'preparing', 'ready', 'dispatched', 'complete']
    : ['registered', 'confirmed', 'preparing', 'ready', 'complete'];
}

export function isFinished(step: OrderStep): boolean {
  return TERMINAL.has(step);
}

/** The spec's status of a step: the finer steps are all still 'confirmed'. */
export function specStatusOf(step: OrderStep): SpecOrderStatus {
  return step === 'preparing' || step === 'ready' || step === 'dispatched' ? 'confirmed' : step;
}

export interface TransitionRequest {
  actor: OrderActor;
  from: OrderStep;
  to: OrderStep;
  deliveryType: DeliveryType;
  payment: PaymentState;
}

/**
 * Whether `actor` may move the order from `from` to `to`.
 * - The customer may only cancel, and only an order nobody has confirmed yet.
 * - The server's jobs only cancel an order still waiting for its Pix (it did not come in time).
 * - The establishment and its POS move forward: a registered order is confirmed (once its Pix has
 *   come) or cancelled; after that any later step of the order's type, since a kitchen may skip
 *   steps (a POS often sends 'ready' or 'dispatched' straight after confirming); they may cancel
 *   until the order is complete. Nothing leaves 'complete' or 'canceled'.
 */
export function checkTransition({ actor, from, to, deliveryType, payment }: TransitionRequest): TransitionCheck {
  if (to === 'canceled') return checkCancellation(actor, from, payment);
  if (actor === 'customer' || actor === 'system') return { ok: false, code: 'status_change_not_allowed' };
  if (isFinished(from)) return { ok: false, code: 'invalid_status_transition' };
  if (to === 'dispatched' && deliveryType !== 'delivery') return { ok: false, code: 'not_a_delivery' };
  const steps = stepsFor(deliveryType);
  const at = steps.indexOf(from);
  const next = steps.indexOf(to);
  if (at < 0 || next <= at) return { ok: false, code: 'invalid_status_transition' };
  // Nothing skips the confirmation: it is where the establishment takes the order on.
  if (from === 'registered' && to !== 'confirmed') return { ok: false, code: 'invalid_status_transition' };
  // An order awaiting its Pix is taken on only once paid.
  if (to === 'confirmed' && payment === 'awaiting') return { ok: false, code: 'payment_pending' };
  return { ok: true };
}

function checkCancellation(actor: OrderActor, from: OrderStep, payment: PaymentState): TransitionCheck {
  if (actor === 'customer') return from === 'registered' ? { ok: true } : { ok: false, code: 'order_cannot_be_canceled' };
  if (actor === 'system') return from === 'registered' && payment === 'awaiting' ? { ok: true } : { ok: false, code: 'order_cannot_be_canceled' };
  return isFinished(from) ? { ok: false, code: 'invalid_status_transition' } : { ok: true };
}

/** What a cancellation does to the payment, decided in the cancelling transaction. */
export interface CancellationEffect {
  /** The payment state the order is set to with its cancellation. */
  payment: PaymentState;
  /** The money that came in goes back (card refund or Pix devolution), exactly once. */
  refund: boolean;
  /** A Pix charge still open at the PSP is removed, so it can no longer be paid. */
  closeCharge: boolean;
}

/**
 * A paid order's money goes back (refund_pending until the gateway or the PSP confirms); an order
 * still awaiting its Pix had nothing paid: its charge is closed, and the payment marked expired
 * when the time ran out (the server's job), none when someone cancelled it. Paid on delivery,
 * or already going back: nothing changes.
 */
export function cancellationEffect(actor: OrderActor, payment: PaymentState): CancellationEffect {
  if (payment === 'paid') return { payment: 'refund_pending', refund: true, closeCharge: false };
  if (payment === 'awaiting') return { payment: actor === 'system' ? 'expired' : 'none', refund: false, closeCharge: true };
  return { payment, refund: false, closeCharge: false };
}
