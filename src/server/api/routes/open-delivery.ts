// Open Delivery v1.3 (Abrasel), the routes an Ordering Application hosts for the establishment's
// point-of-sale system (its Software Service): OAuth2 client credentials, event polling and
// acknowledgement, the order, and the order actions (docs/open-delivery.md). Mounted at
// /api/open-delivery, before the storefront's header check: a POS sends the standard's headers,
// not ours. Every answer is the document's own shape; errors are application/problem+json
// { title, status }. A token belongs to one establishment's client: every lookup is by that
// establishment, so a POS of A never sees or moves B's orders (an order of B is 404 to it).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type } from 'arktype';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { OrderStep } from '../../../domain/order-lifecycle.ts';
import { establishmentTimeZone } from '../../../domain/time.ts';
import {
  OdAckEvents,
  OdEventTypes,
  OdOrderConfirmed,
  OdRequestCancelled,
  OdRequestDenied,
  OdTokenRequest,
  type OdError,
  type OdEvent,
  type OdTokenResponse,
} from '../../../schemas/open-delivery.ts';
import {
  achievementIsFreeDelivery,
  acknowledgeOdEvents,
  acknowledgeOdEventsOfTypes,
  countCustomerOrdersUpTo,
  deleteExpiredOdTokens,
  findOdOrder,
  getActiveOdClient,
  getLiveOdToken,
  insertOdToken,
  listPendingOdEvents,
} from '../../db/open-delivery-repo.ts';
import { getCustomers, getEstablishmentRow, getOrderRow } from '../../db/orders-repo.ts';
import type { OrderRow } from '../../db/types.ts';
import { OD_EVENT_TYPES, type OdCancelCode } from '../../open-delivery/events.ts';
import { openDeliveryOrder } from '../../open-delivery/order.ts';
import { odSecretHash } from '../../open-delivery/secrets.ts';
import { changeOrderStatus } from '../../services/order-status.ts';
import { orderMoney } from '../../services/order-money.ts';
import { orderView } from '../../services/orders.ts';
import { Refusal } from '../../services/refusal.ts';
import type { ApiEnv } from '../env.ts';
import { requestOverTls } from '../guards.ts';
import { afterOrderMoved } from './orders.ts';
import { pixDeps } from './pix.ts';

/** Where the routes are mounted under /api. */
export const OPEN_DELIVERY_BASE = '/open-delivery';
/** An access token's life, in seconds (the POS caches it and asks again shortly before). */
export const OD_TOKEN_SECONDS = 3600;
/** The most events one poll answers (the document's maxItems). */
export const OD_POLL_MAX = 1000;

/** A refusal answered as the document's Error, application/problem+json. */
class OdProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly title: string;
  constructor(status: ContentfulStatusCode, title: string) {
    super(title);
    this.status = status;
    this.title = title;
  }
}

function problem(c: Context, status: ContentfulStatusCode, title: string) {
  return c.body(JSON.stringify({ title, status } satisfies OdError), status, { 'Content-Type': 'application/problem+json' });
}

function check<T>(schema: (data: unknown) => T | InstanceType<typeof type.errors>, data: unknown): T {
  const out = schema(data);
  if (out instanceof type.errors) throw new OdProblem(400, `invalid_body: ${out.summary}`);
  return out as T;
}

/** The establishment the bearer token belongs to; 401 otherwise. */
async function merchantOf(c: Context<ApiEnv>): Promise<string> {
  const deps = c.get('deps');
  const auth = c.req.header('authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!m) throw new OdProblem(401, 'missing_token');
  const token = await getLiveOdToken(deps.db, odSecretHash(m[1]!), deps.now().toISOString());
  if (!token) throw new OdProblem(401, 'invalid_token');
  return token.establishment_id;
}

/** The order of the establishment with this Open Delivery id; 404 for any other (another establishment's looks unknown). */
async function odOrderRow(c: Context<ApiEnv>, establishmentId: string): Promise<OrderRow> {
  const odId = c.req.param('orderId') ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(odId)) throw new OdProblem(400, 'invalid_order_id');
  const { db } = c.get('deps');
  const link = await findOdOrder(db, establishmentId, odId.toLowerCase());
  const row = link && (await getOrderRow(db, establishmentId, link.order_id));
  if (!row) throw new OdProblem(404, 'order_not_found');
  return row;
}

/**
 * The absolute URL of an order on the host the POS called, as the events carry it: https when the
 * request arrived over TLS (directly or through a trusted proxy), the Host it asked for.
 */
function orderUrl(c: Context, odId: string): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${requestOverTls(c) ? 'https' : 'http'}://${host}/api${OPEN_DELIVERY_BASE}/v1/orders/${odId}`;
}

/** A body that may be absent (the confirmation's is optional). */
async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OdProblem(400, 'invalid_json');
  }
}

/** Moves the order through the one lifecycle service as the POS; a move the lifecycle refuses is 422. */
async function move(
  c: Context<ApiEnv>,
  establishmentId: string,
  to: Exclude<OrderStep, 'registered'>,
  extra: { reason?: string; odCancelCode?: OdCancelCode } = {},
) {
  const deps = c.get('deps');
  const row = await odOrderRow(c, establishmentId);
  const now = deps.now();
  const money = orderMoney({ db: deps.db, now, payments: deps.payments }, pixDeps(c));
  let fresh: OrderRow;
  try {
    fresh = await changeOrderStatus({ db: deps.db, now, money }, row, { actor: 'pos', to, reason: extra.reason, odCancelCode: extra.odCancelCode });
  } catch (err) {
    if (err instanceof Refusal) throw new OdProblem(422, err.code);
    throw err;
  }
  await afterOrderMoved(c, fresh);
  return c.body(null, 202);
}

export const openDeliveryRoutes = new Hono<ApiEnv>()
  // POST /oauth/token: client credentials (form-urlencoded, the document's TokenRequest).
  .post('/oauth/token', async (c) => {
    const deps = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const contentType = c.req.header('content-type') ?? '';
    const raw = contentType.includes('application/json') ? await optionalJson(c) : Object.fromEntries(new URLSearchParams(await c.req.text()));
    const body = OdTokenRequest(raw);
    // The document declares only 401 for a refused token request (no 400): a malformed one, a
    // grant type other than client_credentials, an unknown client or a wrong secret alike.
    if (body instanceof type.errors) throw new OdProblem(401, `invalid_request: ${body.summary}`);
    const client = await getActiveOdClient(deps.db, body.client_id);
    const given = Buffer.from(odSecretHash(body.client_secret));
    if (!client || !timingSafeEqual(given, Buffer.from(client.secret_hash))) throw new OdProblem(401, 'invalid_client');
    const now = deps.now();
    const token = randomBytes(32).toString('base64url');
    await deleteExpiredOdTokens(deps.db, client.client_id, now.toISOString());
    await insertOdToken(deps.db, {
      token_hash: odSecretHash(token),
      client_id: client.client_id,
      establishment_id: client.establishment_id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OD_TOKEN_SECONDS * 1000).toISOString(),
    });
    return c.json({ access_token: token, token_type: 'bearer', expires_in: OD_TOKEN_SECONDS } satisfies OdTokenResponse);
  })
  // GET /v1/events:polling: the events not acknowledged yet, oldest first, at most 1000; 204 when none.
  .get('/v1/:polling{events:polling}', async (c) => {
    const deps = c.get('deps');
    const establishmentId = await merchantOf(c);
    c.header('Cache-Control', 'no-store');
    const asked = (c.req.queries('eventType') ?? []).flatMap((v) => v.split(',')).filter(Boolean);
    const types = asked.length ? check(OdEventTypes, asked) : null;
    // The document: events of the types not asked for are acknowledged and left out.
    if (types) {
      const others = OD_EVENT_TYPES.filter((t) => !types.includes(t));
      await acknowledgeOdEventsOfTypes(deps.db, establishmentId, others, deps.now().toISOString());
    }
    const rows = await listPendingOdEvents(deps.db, establishmentId, types, OD_POLL_MAX);
    if (rows.length === 0) return c.body(null, 204);
    const events = rows.map((r): OdEvent => {
      const event: OdEvent = { eventId: r.id, eventType: r.event_type, orderId: r.od_order_id, orderURL: orderUrl(c, r.od_order_id), createdAt: r.created_at };
      if (r.metadata) event.metadata = JSON.parse(r.metadata) as OdEvent['metadata'];
      return event;
    });
    return c.json(events);
  })
  // POST /v1/events/acknowledgment: at most 100; acknowledging again changes nothing (202); an id
  // not of this establishment is 404 and nothing is acknowledged.
  .post('/v1/events/acknowledgment', async (c) => {
    const deps = c.get('deps');
    const establishmentId = await merchantOf(c);
    const acks = check(OdAckEvents, await optionalJson(c));
    const ids = [...new Set(acks.map((a) => a.id.toLowerCase()))];
    const known = await acknowledgeOdEvents(deps.db, establishmentId, ids, deps.now().toISOString());
    if (known.size !== ids.length) throw new OdProblem(404, 'event_not_found');
    return c.body(null, 202);
  })
  // GET /v1/orders/{orderId}: the order as the document's Order.
  .get('/v1/orders/:orderId', async (c) => {
    const { db } = c.get('deps');
    const establishmentId = await merchantOf(c);
    const row = await odOrderRow(c, establishmentId);
    const est = (await getEstablishmentRow(db, establishmentId))!;
    const customer = (await getCustomers(db, [row.user_id])).get(row.user_id);
    const order = openDeliveryOrder({
      order: orderView(row, establishmentTimeZone(est.time_zone)),
      establishment: { id: est.id, name: est.name },
      customer: {
        id: row.user_id,
        name: customer?.name ?? '',
        phone: customer?.phone ?? '',
        ordersCountOnMerchant: await countCustomerOrdersUpTo(db, establishmentId, row.user_id, row.created_at),
      },
      achievementFreeDelivery: row.achievement_id ? await achievementIsFreeDelivery(db, row.achievement_id) : false,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(order);
  })
  .post('/v1/orders/:orderId/confirm', async (c) => {
    const establishmentId = await merchantOf(c);
    const body = await optionalJson(c);
    if (body !== undefined) check(OdOrderConfirmed, body);
    return move(c, establishmentId, 'confirmed');
  })
  .post('/v1/orders/:orderId/readyForPickup', async (c) => move(c, await merchantOf(c), 'ready'))
  .post('/v1/orders/:orderId/dispatch', async (c) => move(c, await merchantOf(c), 'dispatched'))
  .post('/v1/orders/:orderId/delivered', async (c) => move(c, await merchantOf(c), 'complete'))
  // The POS cancels: the product accepts at once (CANCELLED follows), money going back as any
  // establishment cancellation's does.
  .post('/v1/orders/:orderId/requestCancellation', async (c) => {
    const establishmentId = await merchantOf(c);
    const body = check(OdRequestCancelled, await optionalJson(c));
    return move(c, establishmentId, 'canceled', { reason: body.reason, odCancelCode: body.code });
  })
  // The product never asks the POS to cancel (a customer cancels a registered order outright, and
  // a confirmed one only through the establishment), so there is never a request to accept or deny.
  .post('/v1/orders/:orderId/acceptCancellation', async (c) => {
    await odOrderRow(c, await merchantOf(c));
    throw new OdProblem(422, 'no_cancellation_requested');
  })
  .post('/v1/orders/:orderId/denyCancellation', async (c) => {
    const establishmentId = await merchantOf(c);
    check(OdRequestDenied, await optionalJson(c));
    await odOrderRow(c, establishmentId);
    throw new OdProblem(422, 'no_cancellation_requested');
  })
  .notFound((c) => problem(c, 404, 'route_not_found'))
  .onError((err, c) => {
    if (err instanceof OdProblem) return problem(c, err.status, err.title);
    console.error('[open-delivery]', c.req.method, c.req.path, err);
    return problem(c, 500, 'internal_error');
  });
