// The Open Delivery events (docs/open-delivery.md 'Events'), written in the same transaction as
// what they tell: an order placed (a Pix order only once its Pix came in, so the POS never
// prepares an unpaid order), each step it moves to, its cancellation. Only establishments with an
// active Open Delivery client get events, and only for orders their POS was told of (CREATED):
// an order placed before the POS was connected stays out of it, as does an unpaid Pix order that
// expires.
import type { OrderStep } from '../../domain/order-lifecycle.ts';
import type { Executor } from '../db/database.ts';
import { getOdOrderLink, insertOdEvent, linkOdOrder, odClientsOf } from '../db/open-delivery-repo.ts';
import type { OrderRow } from '../db/types.ts';
import { odOrderId } from './ids.ts';
import { randomUUID } from 'node:crypto';

export const OD_EVENT_TYPES = [
  'CREATED',
  'CONFIRMED',
  'DISPATCHED',
  'READY_FOR_PICKUP',
  'PICKUP_AREA_ASSIGNED',
  'DELIVERED',
  'CONCLUDED',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_REQUEST_DENIED',
  'CANCELLED',
  'ORDER_CANCELLATION_REQUEST',
  'CANCELLED_DENIED',
] as const;
export type OdEventType = (typeof OD_EVENT_TYPES)[number];

/** The event each step of ours tells; 'preparing' has none in the standard (it is inside CONFIRMED). */
const EVENT_OF_STEP: Partial<Record<OrderStep, OdEventType>> = {
  confirmed: 'CONFIRMED',
  ready: 'READY_FOR_PICKUP',
  dispatched: 'DISPATCHED',
  complete: 'CONCLUDED',
  canceled: 'CANCELLED',
};

/** The cancellation codes of the standard's event metadata. */
export type OdCancelCode =
  | 'SYSTEMIC_ISSUES'
  | 'DUPLICATE_APPLICATION'
  | 'UNAVAILABLE_ITEM'
  | 'RESTAURANT_WITHOUT_DELIVERY_PERSON'
  | 'OUTDATED_MENU'
  | 'ORDER_OUTSIDE_THE_DELIVERY_AREA'
  | 'BLOCKED_CUSTOMER'
  | 'OUTSIDE_DELIVERY_HOURS'
  | 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT'
  | 'RISK_AREA'
  | 'DELIVERY_PROBLEM'
  | 'CONSUMER_CANCELLATION_REQUESTED';

async function writeEvent(
  trx: Executor,
  row: Pick<OrderRow, 'id' | 'establishment_id'>,
  type: OdEventType,
  now: Date,
  metadata: { reason: string; code: OdCancelCode } | null = null,
): Promise<void> {
  const clients = await odClientsOf(trx, row.establishment_id);
  const at = now.toISOString();
  await insertOdEvent(trx, {
    id: randomUUID(),
    establishment_id: row.establishment_id,
    order_id: row.id,
    od_order_id: odOrderId(row.id),
    event_type: type,
    metadata: metadata ? JSON.stringify(metadata) : null,
    created_at: at,
    acknowledged_at: null,
    webhook_state: clients.webhook ? 'pending' : 'none',
    webhook_tries: 0,
    webhook_next_at: clients.webhook ? at : null,
  });
}

/**
 * An order now placed and payable: CREATED, when the establishment has a POS connected and the
 * order is not waiting for its Pix. Called in the transaction that writes the order, and in the
 * one that applies its Pix; an order is created for the POS once.
 */
export async function recordOrderPlaced(trx: Executor, row: Pick<OrderRow, 'id' | 'establishment_id' | 'payment_status'>, now: Date): Promise<void> {
  if (row.payment_status === 'awaiting') return;
  if (!(await odClientsOf(trx, row.establishment_id)).any) return;
  const linked = await linkOdOrder(trx, { od_id: odOrderId(row.id), order_id: row.id, establishment_id: row.establishment_id, created_at: now.toISOString() });
  if (linked) await writeEvent(trx, row, 'CREATED', now);
}

/** Who cancelled, as the standard's metadata code says it. */
function cancelCode(cancelledBy: string | null | undefined, given: OdCancelCode | undefined): OdCancelCode {
  if (given) return given;
  return cancelledBy === 'client'
    ? 'CONSUMER_CANCELLATION_REQUESTED'
    : cancelledBy === 'payment_expired'
      ? 'SYSTEMIC_ISSUES'
      : 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT';
}

/**
 * An order of the POS moved to `step` (called in changeOrderStatus's transaction): its event,
 * when the step has one and the POS was told of the order.
 */
export async function recordOrderStep(
  trx: Executor,
  row: Pick<OrderRow, 'id' | 'establishment_id'>,
  step: OrderStep,
  now: Date,
  cancellation?: { reason: string | null | undefined; cancelledBy: string | null | undefined; code?: OdCancelCode },
): Promise<void> {
  const type = EVENT_OF_STEP[step];
  if (!type || !(await getOdOrderLink(trx, row.id))) return;
  const metadata =
    type === 'CANCELLED' ? { reason: cancellation?.reason || 'Pedido cancelado', code: cancelCode(cancellation?.cancelledBy, cancellation?.code) } : null;
  await writeEvent(trx, row, type, now, metadata);
}
