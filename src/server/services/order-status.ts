// Moving an order along its lifecycle (src/domain/order-lifecycle.ts), whoever moves it: the
// customer cancelling, the establishment (API key, and the panel and POS on the same rule), the
// Pix job cancelling an order whose Pix did not come in time. The
// move and what it gives back happen in one transaction, compared and set on the status AND the
// payment state read before it: a Pix that lands between the read and the write makes the write
// miss rather than cancel a paid order as if nothing had been paid. The money goes back after the
// commit, exactly once (the refund is claimed by moving the payment's own row first; the recovery
// jobs finish a refund a stopped process left marked refund_pending).
import { cancellationEffect, checkTransition, specStatusOf, type OrderActor, type OrderStep, type PaymentState } from '../../domain/order-lifecycle.ts';
import type { DeliveryType } from '../../domain/cart.ts';
import type { Preferences } from '../../schemas/catalogue.ts';
import { getEstablishmentRow, getOrderRow, updateOrderStatus, type OrderStatusChanges } from '../db/orders-repo.ts';
import type { OrderRow } from '../db/types.ts';
import { giveBackOrderHoldings, rewardReferral } from './credits.ts';
import { prepareSlotRelease, releaseOrderSlot } from './slot-capacity.ts';
import type { Database } from '../db/database.ts';
import { Refusal } from './refusal.ts';
import { recordOrderStep, type OdCancelCode } from '../open-delivery/events.ts';

/**
 * Where a cancelled order's money goes back, given by the caller (the routes compose the card and
 * Pix services; the Pix job its own), so this module depends on neither.
 */
export interface OrderMoney {
  /** The card charge that paid the order goes back, once. */
  refundCard(orderId: string): Promise<unknown>;
  /** The Pix that paid the order goes back, once. */
  refundPix(orderId: string): Promise<unknown>;
  /** The order's open Pix charge is closed here and at the PSP, so it can no longer be paid. */
  closePixCharge(orderId: string): Promise<unknown>;
}

export interface OrderStatusDeps {
  db: Database;
  now: Date;
  money: OrderMoney;
}

export interface StatusChange {
  actor: OrderActor;
  /** The step the order moves to (a spec status or a finer step). */
  to: Exclude<OrderStep, 'registered'>;
  /** Why it was cancelled (the customer must say; the establishment may). */
  reason?: string | null;
  /** The POS's cancellation code (Open Delivery), told back in the CANCELLED event. */
  odCancelCode?: OdCancelCode;
}

/** Who cancelled, as the order keeps it (cancellation_type). */
const CANCELLED_BY = { customer: 'client', establishment: 'establishment', pos: 'establishment', system: 'payment_expired' } as const;

/**
 * Applies one move to an order read just before, or refuses it (409 with the lifecycle's code, or
 * when another move got there first). Answers the order as stored after the move.
 */
export async function changeOrderStatus(deps: OrderStatusDeps, row: OrderRow, change: StatusChange): Promise<OrderRow> {
  const { db, now } = deps;
  const from = row.step as OrderStep;
  const payment = (row.payment_status ?? 'none') as PaymentState;
  const check = checkTransition({ actor: change.actor, from, to: change.to, deliveryType: row.delivery_type as DeliveryType, payment });
  if (!check.ok) throw new Refusal('conflict', check.code);

  const changes: OrderStatusChanges = { status: specStatusOf(change.to), step: change.to, updated_at: now.toISOString() };
  const effect = change.to === 'canceled' ? cancellationEffect(change.actor, payment) : null;
  if (effect) {
    changes.payment_status = effect.payment;
    changes.cancellation_type = CANCELLED_BY[change.actor];
    changes.cancellation_reason = change.reason || null;
  }
  // The evaluation window runs from here (decisions.md 'Order evaluation').
  if (change.to === 'complete') changes.completed_at = changes.updated_at;

  // What a cancelled order held goes back (credits, coupon use, achievement reward, its place in
  // the kitchen's slot); a completed one may earn its customer's referral its credit.
  const moved = await db.transaction().execute(async (trx) => {
    // The slot's row is there before the order is marked cancelled (it then counts this order).
    if (change.to === 'canceled') await prepareSlotRelease(trx, row);
    if (!(await updateOrderStatus(trx, row.id, { step: from, payment_status: payment }, changes))) return false;
    // The POS hears of the move in the same transaction (Open Delivery event log).
    await recordOrderStep(trx, row, change.to, now, { reason: changes.cancellation_reason, cancelledBy: changes.cancellation_type, code: change.odCancelCode });
    if (change.to === 'canceled') {
      await giveBackOrderHoldings(trx, row, now);
      await releaseOrderSlot(trx, row);
    }
    if (change.to === 'complete') {
      const est = await getEstablishmentRow(trx, row.establishment_id);
      if (est) await rewardReferral(trx, row, JSON.parse(est.preferences) as Preferences, now);
    }
    return true;
  });
  if (!moved) throw new Refusal('conflict', change.actor === 'customer' ? 'order_cannot_be_canceled' : 'invalid_status_transition');

  if (effect?.refund && row.payment_type === 'pix') await deps.money.refundPix(row.id);
  else if (effect?.refund) await deps.money.refundCard(row.id);
  if (effect?.closeCharge) await deps.money.closePixCharge(row.id);
  // The row was just updated, and orders are never deleted.
  return (await getOrderRow(db, row.establishment_id, row.id))!;
}
