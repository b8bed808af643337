// An order paid by card (spec section 3 'Order payload' [R-3.17, R-3.18]; docs/payments.md 'Paying an
// order'): the two halves the order route runs around its Idempotent-Key. `prepareCardOrder` checks
// and prices the order, checks the card, and charges it, outside any transaction; `placeCardOrder`
// checks it again in the order's transaction, refuses it when the price changed in between, writes
// it and links the charge. When the second half fails, the route's undo refunds the charge
// (releaseCharge).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types.ts';
import type { OrderPaymentDetails, PlaceOrderAnswer } from '../../schemas/api-orders.ts';
import { refundDestination } from '../../domain/card-verification.ts';
import { checkOrder, checkOrderToWrite, writeOrder, type PlaceOrderInput } from './orders.ts';
import { attachCharge, chargeOrderCard, type CardCharge, type OrderPaymentDeps } from './order-payments.ts';
import { Refusal } from './refusal.ts';

/** What the customer saw of the card they pay with (the sealed payment_card_details, opened). */
export interface ShownCard {
  brand?: string;
  last4?: string;
  due_month?: number;
  due_year?: number;
}

export interface CardOrderInput extends PlaceOrderInput {
  idempotencyKey: string;
  /** The CVV typed for this payment, opened by the route. */
  securityCode: string;
  /** The card details the checkout showed, when sent: the charge must be of that card. */
  shown: ShownCard | null;
}

/** Checks, prices and charges the order's total to its card; answers the charge for the order's transaction. */
export async function prepareCardOrder(deps: OrderPaymentDeps, input: CardOrderInput): Promise<CardCharge> {
  const checked = await checkOrder(deps.db, input);
  const card = checked.card!;
  const shown = input.shown;
  if (
    shown &&
    ((shown.brand !== undefined && shown.brand !== card.brand) ||
      (shown.last4 !== undefined && shown.last4 !== card.last4) ||
      (shown.due_month !== undefined && shown.due_month !== card.exp_month) ||
      (shown.due_year !== undefined && shown.due_year !== card.exp_year))
  )
    throw new Refusal('forbidden', 'invalid_payment_card');
  return chargeOrderCard(deps, {
    userId: input.user.id,
    establishmentId: input.establishmentId,
    idempotencyKey: input.idempotencyKey,
    card,
    amount: checked.totals.total,
    securityCode: input.securityCode,
    description: `${checked.est.row.name} pedido`.slice(0, 60),
    payerEmail: input.user.email,
  });
}

/** Writes the order paid by `charge` in the transaction; 409 price_changed when its total is no longer what was charged. */
export async function placeCardOrder(trx: Transaction<DB>, input: CardOrderInput, charge: CardCharge): Promise<{ status: 201; body: PlaceOrderAnswer }> {
  const checked = await checkOrderToWrite(trx, input);
  if (checked.totals.total !== charge.payment.amount || checked.card?.id !== charge.card.id) throw new Refusal('conflict', 'price_changed');
  const details: OrderPaymentDetails = {
    card: { brand: charge.card.brand, last4: charge.card.last4 },
    refund_to: refundDestination(charge.payment.refund_type),
  };
  const written = await writeOrder(trx, input, checked, { status: 'paid', details });
  await attachCharge(trx, charge, written.body._id, input.now);
  return written;
}
