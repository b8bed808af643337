// Orders (spec section 7 'Orders' [R-7.21, R-7.23..R-7.25]; docs/api.md 'Orders'): place an order
// exactly once per Idempotent-Key, list and read the customer's orders, and change an order's
// status: the customer may cancel a registered order; the establishment, with its API key,
// confirms, completes or cancels. GET one answers an ETag, so the order page's 10-second poll costs
// a 304 while nothing changed.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { type Caller, requestDeps as depsOf, requireCaller as callerOf, requireSession } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import {
  ORDER_PAGE_SIZE,
  OrderParams,
  orderFingerprintPayload,
  orderPaymentSealContext,
  OrdersQuery,
  type OrderView,
  type OrdersListAnswer,
  type OrderBody,
} from '../../../schemas/api-orders.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { openForServer, serverSealingKey } from '../../services/sealing-key.ts';
import { placeCardOrder, prepareCardOrder, type ShownCard } from '../../services/card-orders.ts';
import { releaseCharge } from '../../services/order-payments.ts';
import { pixDeps } from './pix.ts';
import { REPLAYED_HEADER, idempotencyKeyOf, requestFingerprint, runIdempotent } from '../../services/idempotency.ts';
import { orderView, pickOrderFields, placeOrder } from '../../services/orders.ts';
import { changeOrderStatus } from '../../services/order-status.ts';
import { orderMoney } from '../../services/order-money.ts';
import { getCustomers, getEstablishmentRow, getEstablishmentTimeZone, getOrderRow, listOrderRows } from '../../db/orders-repo.ts';
import { afterStatusChange } from '../../services/order-notifications.ts';
import { establishmentTimeZone } from '../../../domain/time.ts';
import type { OrderRow } from '../../db/types.ts';

/** The order when the caller may see it; 404 order_not_found otherwise (another user's order looks unknown). */
async function visibleOrder(c: Context<ApiEnv>, caller: Caller, establishmentId: string, orderId: string): Promise<OrderRow> {
  const { db } = depsOf(c);
  const row = await getOrderRow(db, establishmentId, orderId);
  if (!row || (caller.kind === 'customer' && row.user_id !== caller.userId)) throw new ApiError(404, 'order_not_found');
  return row;
}

async function viewFor(c: Context<ApiEnv>, caller: Caller, row: OrderRow): Promise<OrderView> {
  const { db } = depsOf(c);
  const timeZone = establishmentTimeZone(await getEstablishmentTimeZone(db, row.establishment_id));
  if (caller.kind !== 'establishment') return orderView(row, timeZone);
  const customer = (await getCustomers(db, [row.user_id])).get(row.user_id);
  return orderView(row, timeZone, customer && { _id: row.user_id, ...customer });
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Tells the customer's open pages (order page, 'Meus pedidos') that the order changed: its id and status only. */
async function publishOrder(
  c: Context<ApiEnv>,
  establishmentId: string,
  userId: string,
  order: Pick<OrderView, '_id' | 'status' | 'step' | 'updated_at'>,
): Promise<void> {
  await c.get('deps').publish?.({
    kind: 'order',
    establishment_id: establishmentId,
    user_id: userId,
    order_id: order._id,
    status: order.status,
    step: order.step,
    updated_at: order.updated_at,
  });
}

/**
 * What follows a committed status change, whoever made it (the status route, the POS's Open
 * Delivery actions): the customer's open pages are told, and their WhatsApp update sent; neither
 * fails the change.
 */
export async function afterOrderMoved(c: Context<ApiEnv>, fresh: OrderRow, view?: Pick<OrderView, '_id' | 'status' | 'step' | 'updated_at'>): Promise<void> {
  const shown = view ?? orderView(fresh, establishmentTimeZone(await getEstablishmentTimeZone(depsOf(c).db, fresh.establishment_id)));
  await publishOrder(c, fresh.establishment_id, fresh.user_id, shown);
  await afterStatusChange(depsOf(c), fresh);
}

/** The CVV and the card details of an order paid by card, opened when the storefront sealed them (API clients may send the CVV's digits). */
function openCardPayment(c: Context<ApiEnv>, body: OrderBody, userId: string): { securityCode: string; shown: ShownCard | null } {
  const key = c.get('deps').sealingKey ?? serverSealingKey();
  const sealed = body.payment_card!.security_code;
  const securityCode = typeof sealed === 'string' ? sealed : openForServer(sealed, orderPaymentSealContext(userId), key);
  if (!/^\d{3,4}$/.test(securityCode))
    throw new ApiError(400, 'invalid_body', [{ path: 'payment_card.security_code', code: 'invalid_cvv', message: 'security_code must be 3 or 4 digits' }]);
  let shown: ShownCard | null = null;
  if (body.payment_card_details) {
    try {
      const parsed = JSON.parse(openForServer(body.payment_card_details, orderPaymentSealContext(userId), key)) as unknown;
      shown = parsed && typeof parsed === 'object' ? (parsed as ShownCard) : null;
    } catch (err) {
      if (err instanceof SyntaxError) throw new ApiError(400, 'sealed_box_invalid');
      throw err;
    }
  }
  return { securityCode, shown };
}

export const orderRoutes = new Hono<ApiEnv>()
  // Places an order [R-7.21, R-3.10..R-3.19]: exactly once per Idempotent-Key and payload.
  .post('/establishments/:id/orders', async (c) => {
    const { db, now, secure } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { user } = await requireSession(c, { db, now, secure, establishmentId: id });
    const key = idempotencyKeyOf((name) => c.req.header(name));
    const body = await routeBody(c, 'POST /establishments/:id/orders');
    // The CVV and card details are sealed anew at each send: a retry of the same order is the same request.
    const scope = {
      userId: user.id,
      key,
      establishmentId: id,
      fingerprint: requestFingerprint({ establishment_id: id, body: orderFingerprintPayload(body) }),
      now,
    };
    const input = { establishmentId: id, user, body, now };
    // A refusal (the spec's codes, with params; 409 in flight with Retry-After) is answered by the API's error handler.
    let res: Awaited<ReturnType<typeof runIdempotent>>;
    if (body.payment_type === 'online' && body.payment_card) {
      // Paid by card: checked and charged outside the transaction, written in it; refunded if the write fails.
      const payments = { db, now, payments: c.get('deps').payments };
      const card = { ...input, idempotencyKey: key, ...openCardPayment(c, body, user.id) };
      res = await runIdempotent(db, scope, (trx, charge) => placeCardOrder(trx, card, charge), {
        prepare: () => prepareCardOrder(payments, card),
        undo: (charge) => releaseCharge(payments, charge),
      });
    } else res = await runIdempotent(db, scope, (trx) => placeOrder(trx, input));
    if (res.replayed) c.header(REPLAYED_HEADER, 'true');
    // The answer was built by placeOrder (src/server/services/orders.ts, typed PlaceOrderAnswer) and kept as text for replays.
    else if (res.status === 201) await publishOrder(c, id, user.id, (JSON.parse(res.body) as Answer<'POST /establishments/:id/orders'>).order);
    return c.body(res.body, res.status as ContentfulStatusCode, { 'Content-Type': 'application/json' });
  })
  // The customer's orders (the establishment's, with its API key), newest first by default.
  .get('/establishments/:id/orders', async (c) => {
    const { db } = depsOf(c);
    c.header('Cache-Control', 'private, no-store');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validate(OrdersQuery, c.req.query(), 'query');
    const caller = await callerOf(c, id);
    const est = await getEstablishmentRow(db, id);
    if (est?.active !== 1) throw new ApiError(404, 'establishment_not_found');
    const page = query.page ?? 1;
    const limit = query.limit ?? ORDER_PAGE_SIZE;
    const { rows, total } = await listOrderRows(db, {
      establishmentId: id,
      userId: caller.kind === 'customer' ? caller.userId : undefined,
      status: query.status,
      number: query.number,
      evaluated: query.evaluated,
      sort: query.sort ?? '-order',
      page,
      limit,
    });
    const customers =
      caller.kind === 'establishment'
        ? await getCustomers(
            db,
            rows.map((r) => r.user_id),
          )
        : undefined;
    const views = rows.map((r) => {
      const customer = customers?.get(r.user_id);
      return orderView(r, est.time_zone, customer && { _id: r.user_id, ...customer });
    });
    const full = { orders: views, page, limit, total } satisfies Answer<'GET /establishments/:id/orders'>;
    return c.json({ ...full, orders: views.map((v) => pickOrderFields(v, query.fields)) } satisfies OrdersListAnswer<Partial<OrderView>>);
  })
  // One order, with an ETag: an unchanged order answers 304 to If-None-Match.
  .get('/establishments/:id/orders/:orderId', async (c) => {
    const { id, orderId } = validate(OrderParams, c.req.param(), 'params');
    const caller = await callerOf(c, id);
    const row = await visibleOrder(c, caller, id, orderId);
    const body = JSON.stringify((await viewFor(c, caller, row)) satisfies Answer<'GET /establishments/:id/orders/:orderId'>);
    const etag = etagOf(body);
    // Private: the answer depends on who asks; no-cache: revalidated (cheaply, by ETag) every time.
    c.header('Cache-Control', 'private, no-cache');
    c.header('ETag', etag);
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  })
  // Status change: the customer cancels a registered order with a reason; the
  // establishment confirms, completes or cancels (registered -> confirmed | canceled, confirmed ->
  // complete | canceled).
  .put('/establishments/:id/orders/:orderId/status', async (c) => {
    const { db, now } = depsOf(c);
    c.header('Cache-Control', 'no-store');
    const { id, orderId } = validate(OrderParams, c.req.param(), 'params');
    const caller = await callerOf(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/orders/:orderId/status');
    const row = await visibleOrder(c, caller, id, orderId);
    if (caller.kind === 'customer') {
      if (body.status !== 'canceled') throw new ApiError(403, 'status_change_not_allowed');
      const fields = [];
      if (body.cancellation_type !== 'client')
        fields.push({ path: 'cancellation_type', code: 'client_required', message: "cancellation_type must be 'client'" });
      if (!body.cancellation_reason) fields.push({ path: 'cancellation_reason', code: 'required', message: 'cancellation_reason must be a non-empty text' });
      if (fields.length) throw new ApiError(400, 'invalid_body', fields);
    }
    const money = orderMoney({ db, now, payments: c.get('deps').payments }, pixDeps(c));
    const fresh = await changeOrderStatus({ db, now, money }, row, {
      actor: caller.kind === 'customer' ? 'customer' : 'establishment',
      to: body.status,
      reason: body.cancellation_reason,
    });
    const view = await viewFor(c, caller, fresh);
    await afterOrderMoved(c, fresh, view);
    return c.json(view satisfies Answer<'PUT /establishments/:id/orders/:orderId/status'>);
  });
