// After an order is placed, the customer's own calls on it: the evaluation (decisions.md 'Order
// evaluation': once per completed order, within 7 days of completion, four ratings 1-5 [R-7.26])
// and whether its status changes come on WhatsApp. Someone else's order is
// answered like a missing one (404 order_not_found).
import type { Database } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import { getEstablishmentTimeZone, getOrderById, getOrderRow, saveEvaluation, setWhatsAppUpdates } from '../db/orders-repo.ts';
import { evaluationRefusal, type Ratings } from '../../domain/evaluation.ts';
import { establishmentTimeZone, Temporal } from '../../domain/time.ts';
import type { OrderView, WhatsAppUpdatesAnswer } from '../../schemas/api-orders.ts';
import type { WhatsAppSender } from '../adapters/whatsapp.ts';
import { Refusal } from './refusal.ts';
import { orderView } from './orders.ts';

const notFound = () => new Refusal('not_found', 'order_not_found');

function ownOrder(row: OrderRow | undefined, userId: string): OrderRow {
  if (!row || row.user_id !== userId) throw notFound();
  return row;
}

/**
 * Stores the evaluation of the user's order and answers the order with it. Refusals: 404
 * order_not_found (unknown or someone else's), 409 order_not_complete, order_already_evaluated,
 * evaluation_window_closed.
 */
export async function evaluateOrder(
  db: Database,
  input: { establishmentId: string; orderId: string; userId: string; ratings: Ratings; now: Date },
): Promise<OrderView> {
  const row = ownOrder(await getOrderRow(db, input.establishmentId, input.orderId), input.userId);
  const timeZone = establishmentTimeZone(await getEstablishmentTimeZone(db, input.establishmentId));
  const check = (order: OrderRow) =>
    evaluationRefusal({
      status: order.status,
      completedAt: order.completed_at,
      evaluated: order.evaluated_at !== null,
      now: Temporal.Instant.fromEpochMilliseconds(input.now.getTime()),
      timeZone,
    });
  const refusal = check(row);
  if (refusal) throw new Refusal('conflict', refusal);
  // Compare-and-set: of two sends at once one is kept; the other is told why with the order as it is now.
  if (!(await saveEvaluation(db, row.id, input.ratings, input.now.toISOString()))) {
    const now = ownOrder(await getOrderRow(db, input.establishmentId, input.orderId), input.userId);
    throw new Refusal('conflict', check(now) ?? 'order_already_evaluated');
  }
  return orderView((await getOrderRow(db, input.establishmentId, row.id))!, timeZone);
}

/** Whether the user's order sends its status changes on WhatsApp. */
export async function readWhatsAppUpdates(db: Database, input: { orderId: string; userId: string }): Promise<WhatsAppUpdatesAnswer> {
  const row = ownOrder(await getOrderById(db, input.orderId), input.userId);
  return { receive_updates_in_whatsapp: row.whatsapp_updates === 1 };
}

/**
 * Turns the WhatsApp updates of the user's order on or off. Turning them on is refused
 * when nobody would send them (409 whatsapp_bot_disconnected), when the order has no change left
 * to tell (409 order_already_finished: complete or canceled) and when the user has no phone (422
 * phone_missing); turning them off always succeeds.
 */
export async function changeWhatsAppUpdates(
  db: Database,
  whatsApp: WhatsAppSender,
  input: { orderId: string; userId: string; userPhone: string; on: boolean },
): Promise<WhatsAppUpdatesAnswer> {
  const row = ownOrder(await getOrderById(db, input.orderId), input.userId);
  if (input.on) {
    if (!whatsApp.connected) throw new Refusal('conflict', 'whatsapp_bot_disconnected');
    if (row.status === 'complete' || row.status === 'canceled') throw new Refusal('conflict', 'order_already_finished');
    if (!input.userPhone) throw new Refusal('unprocessable', 'phone_missing');
  }
  await setWhatsAppUpdates(db, row.id, input.on);
  return { receive_updates_in_whatsapp: input.on };
}
