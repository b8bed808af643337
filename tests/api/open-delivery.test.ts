// Open Delivery v1.3 routes (docs/open-delivery.md) as an establishment's POS calls them, on
// SQLite and PostgreSQL: every answer and every event is checked against the official document
// (tests/fixtures/opendelivery/openapi.yaml) with ajv before the test reads it. Tokens, polling
// and acknowledgement, the order, the actions moving the order through its lifecycle (and the
// customer's page hearing it), one establishment's POS kept away from another's orders, parallel
// confirmations applied once, and a card-paid order cancelled by the POS refunded once.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { WebSocket } from 'ws';
import { getRequestListener } from '@hono/node-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { closePgPool, ordersPath, placeOk } from './helpers/orders.ts';
import { NEAR, deliveryOrder, estId, loadOrderFixtures, order24h, pickupOrder, saveAddress } from './helpers/order-fixtures.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cardPayload, encryptionKey, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { OD_BASE, odCall, odClientWithToken, type Fetcher } from './helpers/open-delivery.ts';
import { createOdClient, revokeClient } from '../../src/server/open-delivery/clients.ts';
import { odOrderId } from '../../src/server/open-delivery/ids.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import { orderPaymentSealContext, type OrderView } from '../../src/schemas/api-orders.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { LiveEvent } from '../../src/schemas/live-events.ts';
import type { OdEvent, OdOrder } from '../../src/schemas/open-delivery.ts';
import type { LiveMessage } from '../../src/schemas/live.ts';
import { acceptLiveSockets, startLive, type Live } from '../../src/server/live/live.ts';
import { OD_APP_ID, odSignature, runOdWebhooks } from '../../src/server/open-delivery/webhook.ts';
import { odMerchantId } from '../../src/server/open-delivery/ids.ts';
import { ReferencePos } from './helpers/reference-pos.ts';
import { createPixApiClient, pixSandboxCredentials, PIX_SANDBOX_PATH, type PixFetch } from '../../src/server/adapters/pix-psp.ts';
import type { ApiApp } from '../../src/server/api/app.ts';
import { expectValidEvents } from './helpers/open-delivery.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
const published: LiveEvent[] = [];

const keyDir = mkdtempSync(join(tmpdir(), 'storefront-open-delivery-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
const sealingKey = serverSealingKey(keyDir, '');

const CARD_SHOP = 'loja-pdv-cartao';
function cardShop(): CatalogueInput {
  return {
    company: { slug: 'pdv', name: 'PDV' },
    establishment: {
      slug: CARD_SHOP,
      name: 'Loja do PDV',
      is_open: 'open',
      phone: '11987650019',
      address: { street: 'Rua Direita', number: '31', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
      design: { theme: 'light', navbarcolor: '#123456', primary: '#1565c0', darkprimary: '#0d47a1', primaryinverse: '#ffffff' },
      preferences: {
        title: 'Loja do PDV',
        desc: '',
        delivery_type: ['pickup'],
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        has_online_payment: true,
        online_payment_methods: [{ _id: 'visa', name: 'Visa' }],
      },
      office_hours: [],
    },
    categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'lasanha', name: 'Lasanha', price: 4590 }] }],
  };
}

forEachDatabase(
  'Open Delivery',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaId: string;
    let centro: string;
    let h24: string;
    let fetcher: Fetcher;

    beforeAll(async () => {
      ctx = getCtx();
      fetcher = async (path, init) => ctx.app.request(path, init);
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaId = m.user._id;
      centro = (await odClientWithToken(ctx.db, fetcher, CENTRO, ctx.now())).token;
      h24 = (await odClientWithToken(ctx.db, fetcher, H24, ctx.now())).token;
    });
    afterAll(() => closePgPool(ctx.db));

    const poll = async (token: string, query = '') => {
      const res = await odCall(fetcher, 'GET', `/v1/events:polling${query}`, { token });
      return res.status === 204 ? [] : (res.body as OdEvent[]);
    };
    const ack = (token: string, events: OdEvent[]) =>
      odCall(fetcher, 'POST', '/v1/events/acknowledgment', { token, json: events.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType })) });
    /** Polls and acknowledges everything pending (a clean slate for the next test). */
    const drain = async (token: string) => {
      const events = await poll(token);
      if (events.length) expect((await ack(token, events)).status).toBe(202);
      return events;
    };
    const customerView = async (orderId: string): Promise<OrderView> =>
      (await ctx.call(`${ordersPath(CENTRO)}/${orderId}`, { headers: cookieHeaders(maria) })).json() as Promise<OrderView>;

    describe('tokens', () => {
      it('gives a bearer token for the client credentials; refuses a wrong secret, an unknown client and another grant type with 401', async () => {
        const { clientId, clientSecret } = await createOdClient(ctx.db, CENTRO, ctx.now());
        const ok = await odCall(fetcher, 'POST', '/oauth/token', {
          form: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
        });
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
        for (const form of [
          { client_id: clientId, client_secret: `${clientSecret}x`, grant_type: 'client_credentials' },
          { client_id: randomUUID(), client_secret: clientSecret, grant_type: 'client_credentials' },
          { client_id: clientId, client_secret: clientSecret, grant_type: 'password' },
          { client_id: clientId },
        ] as Record<string, string>[])
          expect((await odCall(fetcher, 'POST', '/oauth/token', { form })).status).toBe(401);
      });

      it('refuses a missing, unknown, expired or revoked client’s token with 401', async () => {
        expect((await odCall(fetcher, 'GET', '/v1/events:polling')).status).toBe(401);
        expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token: 'not-a-token' })).status).toBe(401);
        const { clientId, token } = await odClientWithToken(ctx.db, fetcher, CENTRO, ctx.now());
        expect([200, 204]).toContain((await odCall(fetcher, 'GET', '/v1/events:polling', { token })).status);
        const start = ctx.now();
        ctx.setNow(new Date(start.getTime() + 3600_000));
        try {
          expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token })).status).toBe(401);
        } finally {
          ctx.setNow(start);
        }
        expect(await revokeClient(ctx.db, CENTRO, clientId, ctx.now())).toBe(true);
        expect((await odCall(fetcher, 'GET', '/v1/events:polling', { token })).status).toBe(401);
      });
    });

    describe('events and actions', () => {
      it('a pickup order: CREATED polled, the order read as the document’s Order, confirmed, ready, delivered; each step heard by the customer', async () => {
        await drain(centro);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const odId = odOrderId(_id);
        const created = await poll(centro);
        expect(created).toEqual([expect.objectContaining({ eventType: 'CREATED', orderId: odId, orderURL: `http://localhost${OD_BASE}/v1/orders/${odId}` })]);

        const order = await odCall(fetcher, 'GET', `/v1/orders/${odId}`, { token: centro });
        expect(order.status).toBe(200);
        expect(order.body as OdOrder).toMatchObject({ id: odId, type: 'TAKEOUT', displayId: expect.any(String) });

        expect((await ack(centro, created)).status).toBe(202);
        expect(await poll(centro)).toEqual([]);

        const steps: [string, string, string][] = [
          ['confirm', 'CONFIRMED', 'confirmed'],
          ['readyForPickup', 'READY_FOR_PICKUP', 'ready'],
          ['delivered', 'CONCLUDED', 'complete'],
        ];
        for (const [action, event, step] of steps) {
          const before = published.length;
          const body = action === 'confirm' ? { createdAt: ctx.now().toISOString(), orderExternalCode: 'PDV-1' } : undefined;
          expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/${action}`, { token: centro, json: body })).status).toBe(202);
          expect((await poll(centro)).map((e) => e.eventType)).toEqual([event]);
          await drain(centro);
          expect((await customerView(_id)).step).toBe(step);
          expect(published.slice(before)).toEqual([expect.objectContaining({ kind: 'order', order_id: _id, step })]);
        }
      });

      it('a delivery order goes out (DISPATCHED); a pickup cannot be dispatched (422), and nothing moves', async () => {
        await drain(centro);
        const delivery = await placeOk(ctx, maria, deliveryOrder(await saveAddress(ctx.db, mariaId, NEAR)));
        const pickup = await placeOk(ctx, maria, pickupOrder());
        await drain(centro);
        for (const o of [delivery, pickup])
          expect((await odCall(fetcher, 'POST', `/v1/orders/${odOrderId(o._id)}/confirm`, { token: centro })).status).toBe(202);
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odOrderId(delivery._id)}/dispatch`, { token: centro })).status).toBe(202);
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odOrderId(pickup._id)}/dispatch`, { token: centro })).status).toBe(422);
        expect((await poll(centro)).map((e) => [e.eventType, e.orderId])).toEqual([
          ['CONFIRMED', odOrderId(delivery._id)],
          ['CONFIRMED', odOrderId(pickup._id)],
          ['DISPATCHED', odOrderId(delivery._id)],
        ]);
        await drain(centro);
        expect((await customerView(pickup._id)).step).toBe('confirmed');
        expect((await customerView(delivery._id)).step).toBe('dispatched');
      });

      it('acknowledging again changes nothing (202); an unknown event is 404 and acknowledges none of the batch', async () => {
        await drain(centro);
        await placeOk(ctx, maria, pickupOrder());
        const events = await poll(centro);
        expect(events).toHaveLength(1);
        expect((await ack(centro, events)).status).toBe(202);
        expect((await ack(centro, events)).status).toBe(202);
        await placeOk(ctx, maria, pickupOrder());
        const next = await poll(centro);
        const stranger = { eventId: randomUUID(), orderId: randomUUID(), eventType: 'CREATED' } as OdEvent;
        expect((await ack(centro, [...next, stranger])).status).toBe(404);
        expect(await poll(centro)).toEqual(next);
        expect((await ack(centro, [])).status).toBe(202);
        await drain(centro);
      });

      it('refuses a bad acknowledgement body (400) and more than 100 events at once', async () => {
        expect((await odCall(fetcher, 'POST', '/v1/events/acknowledgment', { token: centro, json: [{ id: 'x' }] })).status).toBe(400);
        expect((await odCall(fetcher, 'POST', '/v1/events/acknowledgment', { token: centro, raw: '{' })).status).toBe(400);
        const many = Array.from({ length: 101 }, () => ({ id: randomUUID(), orderId: randomUUID(), eventType: 'CREATED' }));
        expect((await odCall(fetcher, 'POST', '/v1/events/acknowledgment', { token: centro, json: many })).status).toBe(400);
      });

      it('polling some event types acknowledges the others, as the document says', async () => {
        await drain(centro);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odOrderId(_id)}/confirm`, { token: centro })).status).toBe(202);
        expect((await poll(centro, '?eventType=CONFIRMED')).map((e) => e.eventType)).toEqual(['CONFIRMED']);
        expect((await poll(centro)).map((e) => e.eventType)).toEqual(['CONFIRMED']);
        await drain(centro);
      });

      it('the POS cancels: CANCELLED with the reason and code; the customer sees it cancelled; accepting or denying a cancellation nobody asked is 422', async () => {
        await drain(centro);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const odId = odOrderId(_id);
        await drain(centro);
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/acceptCancellation`, { token: centro })).status).toBe(422);
        expect(
          (await odCall(fetcher, 'POST', `/v1/orders/${odId}/denyCancellation`, { token: centro, json: { reason: 'Já saiu', code: 'OUT_FOR_DELIVERY' } }))
            .status,
        ).toBe(422);
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/requestCancellation`, { token: centro, json: { reason: 'Sem massa' } })).status).toBe(400);
        const cancel = await odCall(fetcher, 'POST', `/v1/orders/${odId}/requestCancellation`, {
          token: centro,
          json: { reason: 'Acabou a massa', code: 'UNAVAILABLE_ITEM', mode: 'MANUAL' },
        });
        expect(cancel.status).toBe(202);
        expect(await poll(centro)).toEqual([
          expect.objectContaining({ eventType: 'CANCELLED', metadata: { reason: 'Acabou a massa', code: 'UNAVAILABLE_ITEM' } }),
        ]);
        await drain(centro);
        expect(await customerView(_id)).toMatchObject({ status: 'canceled', cancellation_reason: 'Acabou a massa' });
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/confirm`, { token: centro })).status).toBe(422);
      });

      it('the customer cancels: the POS hears CANCELLED (CONSUMER_CANCELLATION_REQUESTED)', async () => {
        await drain(centro);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        await drain(centro);
        const res = await ctx.call(`${ordersPath(CENTRO)}/${_id}/status`, {
          method: 'PUT',
          body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Mudei de ideia' },
          headers: cookieHeaders(maria),
        });
        expect(res.status).toBe(200);
        expect(await poll(centro)).toEqual([
          expect.objectContaining({
            eventType: 'CANCELLED',
            orderId: odOrderId(_id),
            metadata: { reason: 'Mudei de ideia', code: 'CONSUMER_CANCELLATION_REQUESTED' },
          }),
        ]);
        await drain(centro);
      });

      it('20 parallel confirmations of one order apply once: one 202, the rest 422, one CONFIRMED', async () => {
        await drain(centro);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        await drain(centro);
        const answers = await Promise.all(Array.from({ length: 20 }, () => odCall(fetcher, 'POST', `/v1/orders/${odOrderId(_id)}/confirm`, { token: centro })));
        expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 422)).toHaveLength(19);
        expect((await poll(centro)).map((e) => e.eventType)).toEqual(['CONFIRMED']);
        await drain(centro);
      });

      it('an unknown order is 404; a malformed order id 400', async () => {
        expect((await odCall(fetcher, 'GET', `/v1/orders/${randomUUID()}`, { token: centro })).status).toBe(404);
        expect((await odCall(fetcher, 'GET', '/v1/orders/123', { token: centro })).status).toBe(400);
        expect((await odCall(fetcher, 'POST', `/v1/orders/${randomUUID()}/confirm`, { token: centro })).status).toBe(404);
      });
    });

    describe('one establishment’s POS and another’s orders', () => {
      it('never sees, reads, moves or acknowledges them (404), and its own polling is its own', async () => {
        await drain(centro);
        await drain(h24);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const odId = odOrderId(_id);
        const events = await poll(centro);
        expect(events).toHaveLength(1);
        expect(await poll(h24)).toEqual([]);
        expect((await odCall(fetcher, 'GET', `/v1/orders/${odId}`, { token: h24 })).status).toBe(404);
        for (const action of ['confirm', 'readyForPickup', 'dispatch', 'delivered', 'acceptCancellation'])
          expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/${action}`, { token: h24 })).status).toBe(404);
        expect(
          (
            await odCall(fetcher, 'POST', `/v1/orders/${odId}/requestCancellation`, {
              token: h24,
              json: { reason: 'x', code: 'SYSTEMIC_ISSUES', mode: 'AUTO' },
            })
          ).status,
        ).toBe(404);
        expect((await ack(h24, events)).status).toBe(404);
        expect(await poll(centro)).toEqual(events);
        expect((await customerView(_id)).step).toBe('registered');
        // And its own orders are its own.
        const joao = await registerUser(ctx, H24);
        const mine = await placeOk(ctx, joao.session, order24h());
        expect((await poll(h24)).map((e) => e.orderId)).toEqual([odOrderId(mine._id)]);
        expect((await odCall(fetcher, 'GET', `/v1/orders/${odOrderId(mine._id)}`, { token: centro })).status).toBe(404);
        await drain(centro);
        await drain(h24);
      });

      it('an establishment without a client writes no events; an order placed before its POS was connected stays out', async () => {
        const reforma = estId('cantina-reforma');
        const count = async () => (await ctx.db.selectFrom('od_events').select('id').where('establishment_id', '=', reforma).execute()).length;
        expect(await count()).toBe(0);
      });
    });

    describe('an order paid by card, cancelled by the POS', () => {
      const shopId = stableId('establishment', CARD_SHOP);
      it('is refunded once: the sandbox statement shows one Estorno', async () => {
        const token = (await odClientWithToken(ctx.db, fetcher, shopId, ctx.now())).token;
        const customer = await verifiedCustomer(ctx, shopId);
        const card = await savedCard(ctx, customer.session, customer.user._id, cardPayload({ number: '4000 0000 0000 0002' }));
        const started = await ctx.call('/api/cards/purchase-verification', {
          method: 'POST',
          body: { card: { _id: card._id, security_code: await sealedCvv(ctx, customer.user._id, '123') } },
          headers: cookieHeaders(customer.session),
        });
        expect(started.status).toBe(201);
        const amount = await statementAmount(ctx, card.last4);
        const confirmed = await ctx.call(`/api/cards/verification/${card._id}`, { method: 'PUT', body: { amount }, headers: cookieHeaders(customer.session) });
        expect(confirmed.status).toBe(200);
        const verified = (await confirmed.json()) as CardView;
        const placed = await ctx.call(ordersPath(shopId), {
          method: 'POST',
          headers: { ...cookieHeaders(customer.session), 'Idempotent-Key': randomUUID() },
          body: {
            delivery_type: 'pickup',
            payment_type: 'online',
            platform: 'web',
            products: [{ id: stableId('product', CARD_SHOP, 'lasanha'), qnt: 1, note: '', variations: [] }],
            payment_card: {
              token_id: verified._id,
              security_code: seal('123', await encryptionKey(ctx), orderPaymentSealContext(customer.user._id)),
            },
          },
        });
        expect(placed.status).toBe(201);
        const orderId = ((await placed.json()) as { _id: string })._id;
        const odId = odOrderId(orderId);
        expect((await poll(token)).map((e) => [e.eventType, e.orderId])).toEqual([['CREATED', odId]]);
        const order = await odCall(fetcher, 'GET', `/v1/orders/${odId}`, { token });
        expect((order.body as OdOrder).payments).toMatchObject({ prepaid: 45.9, pending: 0 });
        expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/confirm`, { token })).status).toBe(202);
        const cancels = await Promise.all(
          Array.from({ length: 5 }, () =>
            odCall(fetcher, 'POST', `/v1/orders/${odId}/requestCancellation`, {
              token,
              json: { reason: 'Sem entregador', code: 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT', mode: 'MANUAL' },
            }),
          ),
        );
        expect(cancels.map((c) => c.status).sort()).toEqual([202, 422, 422, 422, 422]);
        const statement = (await listOutboxMessages(ctx.db, 500)).filter((m) => m.channel === 'card-statement' && m.recipient.endsWith(card.last4));
        // The card's validation charge has its own Estorno; the order's is the one of 45,90.
        expect(statement.filter((m) => m.text.startsWith('Estorno R$') && m.text.includes('45,90'))).toHaveLength(1);
        expect((await poll(token)).map((e) => e.eventType)).toEqual(['CREATED', 'CONFIRMED', 'CANCELLED']);
      });
    });
  },
  {
    setup: async (ctx) => {
      await loadOrderFixtures(ctx.db);
      await loadCatalogue(ctx.db, cardShop());
    },
    startAt: '2025-01-03T23:00:00Z',
    deps: { publish: async (event: LiveEvent) => void published.push(event), sealingKey },
  },
);

// ---------------------------------------------------------------- over real HTTP

let live: Live | undefined;
const publishLive = async (event: LiveEvent) => live?.publish(event);

/** A customer's live-updates socket: every message, and a wait for one. */
function customerSocket(host: string, room: string, cookie: string) {
  const ws = new WebSocket(`ws://${host}/parties/establishment/${room}?_pk=test`, { headers: { Origin: `http://${host}`, Cookie: cookie } });
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  const waitFor = async (test: (m: LiveMessage) => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = messages.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
  };
  return new Promise<{ ws: WebSocket; waitFor: typeof waitFor }>((resolve, reject) => {
    ws.once('open', () => resolve({ ws, waitFor }));
    ws.once('error', reject);
  });
}

forEachDatabase(
  'Open Delivery over HTTP',
  (getCtx) => {
    let ctx: TestContext;
    let server: Server;
    let origin: string;

    beforeAll(async () => {
      ctx = getCtx();
      live = await startLive({ db: ctx.db, engine: ctx.engine, databaseUrl: ctx.databaseUrl, pagesDir: mkdtempSync(join(tmpdir(), 'od-live-')), now: ctx.now });
      server = createServer(getRequestListener(ctx.app.fetch));
      acceptLiveSockets(server, live.hub);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await live?.close();
      live = undefined;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closePgPool(ctx.db);
    });

    it('a reference POS gets a token, polls, confirms and dispatches a delivery order, acknowledges; the customer’s socket sees it dispatched', async () => {
      const { clientId, clientSecret } = await createOdClient(ctx.db, CENTRO, ctx.now());
      const pos = new ReferencePos(`http://${origin}`, clientId, clientSecret);
      const m = await registerUser(ctx, CENTRO);
      const socket = await customerSocket(origin, CENTRO, cookieHeaders(m.session).Cookie!);
      try {
        const placed = await placeOk(ctx, m.session, deliveryOrder(await saveAddress(ctx.db, m.user._id, NEAR)));
        const handled = await pos.confirmAndDispatchNewOrders();
        expect(handled.map((o) => o.id)).toEqual([odOrderId(placed._id)]);
        expect(handled[0]!.type).toBe('DELIVERY');
        await socket.waitFor((msg) => msg.type === 'order' && msg.order_id === placed._id && msg.step === 'dispatched');
        const view = (await (await ctx.call(`${ordersPath(CENTRO)}/${placed._id}`, { headers: cookieHeaders(m.session) })).json()) as OrderView;
        expect(view).toMatchObject({ status: 'confirmed', step: 'dispatched' });
        // What the POS's own actions caused, then nothing pending once acknowledged.
        expect((await pos.poll()).map((e) => e.eventType)).toEqual(['CONFIRMED', 'DISPATCHED']);
        await pos.acknowledge(await pos.poll());
        expect(await pos.poll()).toEqual([]);
      } finally {
        socket.ws.close();
      }
    });

    it('the webhook: each event posted after the commit, signed with the client secret; a refusal tried again later, never twice at once', async () => {
      const received: { headers: IncomingMessage['headers']; body: string }[] = [];
      let answer = 500;
      const pos = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(answer).end();
        });
      });
      await new Promise<void>((resolve) => pos.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(pos.address() as AddressInfo).port}/v1/newEvent`;
        const { clientSecret } = await createOdClient(ctx.db, H24, ctx.now(), { url, sealingKey });
        const joao = await registerUser(ctx, H24);
        const placed = await placeOk(ctx, joao.session, order24h());
        const deps = { db: ctx.db, now: ctx.now(), origin: `http://${origin}`, sealingKey };
        // The POS refuses: tried once, not again before its wait.
        expect(await runOdWebhooks(deps)).toBe(0);
        expect(await runOdWebhooks(deps)).toBe(0);
        expect(received).toHaveLength(1);
        answer = 204;
        expect(await runOdWebhooks({ ...deps, now: new Date(ctx.now().getTime() + 61_000) })).toBe(1);
        expect(received).toHaveLength(2);
        for (const r of received) {
          expect(r.headers['x-app-id']).toBe(OD_APP_ID);
          expect(r.headers['x-app-merchantid']).toBe(odMerchantId(H24));
          expect(r.headers['x-app-signature']).toBe(odSignature(r.body, clientSecret));
          const event = JSON.parse(r.body) as OdEvent;
          expectValidEvents([event]);
          expect(event).toMatchObject({ eventType: 'CREATED', orderId: odOrderId(placed._id) });
        }
        // Delivered: never sent again.
        expect(await runOdWebhooks({ ...deps, now: new Date(ctx.now().getTime() + 3600_000) })).toBe(0);
        expect(received).toHaveLength(2);
      } finally {
        await new Promise<void>((resolve) => pos.close(() => resolve()));
      }
    });
  },
  {
    setup: (ctx) => loadOrderFixtures(ctx.db),
    startAt: '2025-01-03T23:00:00Z',
    deps: { publish: publishLive, sealingKey },
  },
);

// ---------------------------------------------------------------- a Pix order

const PIX_SHOP = 'loja-pdv-pix';
const PIX_ORIGIN = 'http://loja.test';
let pixApp: ApiApp | null = null;
const intoPixApp: PixFetch = async (url, init) => pixApp!.request(url, init);

forEachDatabase(
  'Open Delivery and an order paid by Pix',
  (getCtx) => {
    it('the POS hears of it (CREATED) only once its Pix came in, and may then confirm it', async () => {
      const ctx = getCtx();
      pixApp = ctx.app;
      const psp = createPixApiClient({ baseUrl: `${PIX_ORIGIN}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox', fetch: intoPixApp });
      await psp.registerWebhook(`${PIX_ORIGIN}/api/pix/webhook`);
      const fetcher: Fetcher = async (path, init) => ctx.app.request(path, init);
      const shopId = stableId('establishment', PIX_SHOP);
      const { token } = await odClientWithToken(ctx.db, fetcher, shopId, ctx.now());
      const poll = async () => {
        const res = await odCall(fetcher, 'GET', '/v1/events:polling', { token });
        return res.status === 204 ? [] : (res.body as OdEvent[]);
      };
      const { session } = await registerUser(ctx, shopId);
      const placed = await ctx.call(ordersPath(shopId), {
        method: 'POST',
        headers: { ...cookieHeaders(session), 'Idempotent-Key': randomUUID() },
        body: {
          delivery_type: 'pickup',
          payment_type: 'pix',
          platform: 'web',
          products: [{ id: stableId('product', PIX_SHOP, 'bolo'), qnt: 1, note: '', variations: [] }],
        },
      });
      expect(placed.status).toBe(201);
      const orderId = ((await placed.json()) as { _id: string })._id;
      const odId = odOrderId(orderId);
      expect(await poll()).toEqual([]);
      expect((await odCall(fetcher, 'GET', `/v1/orders/${odId}`, { token })).status).toBe(404);
      const charge = await ctx.call('/api/pix', { method: 'POST', body: { order_id: orderId }, headers: cookieHeaders(session) });
      expect([200, 201]).toContain(charge.status);
      const { txid } = (await charge.json()) as { txid: string };
      const paid = await ctx.call('/api/pix/webhook', { method: 'POST', body: { transaction_id: txid, status: 'paid' } });
      expect(paid.status).toBe(202);
      expect((await poll()).map((e) => [e.eventType, e.orderId])).toEqual([['CREATED', odId]]);
      const order = await odCall(fetcher, 'GET', `/v1/orders/${odId}`, { token });
      expect((order.body as OdOrder).payments.methods).toEqual([expect.objectContaining({ type: 'PREPAID', method: 'PIX' })]);
      expect((await odCall(fetcher, 'POST', `/v1/orders/${odId}/confirm`, { token })).status).toBe(202);
    });
  },
  {
    setup: async (ctx) => {
      const shop = cardShop();
      shop.establishment.slug = PIX_SHOP;
      shop.establishment.preferences = { ...shop.establishment.preferences, has_online_payment: false, online_payment_methods: [], has_pix_payment: true };
      shop.categories = [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'bolo', name: 'Bolo de Cenoura', price: 3250 }] }];
      await loadCatalogue(ctx.db, shop);
    },
    deps: {
      pix: createPixApiClient({ baseUrl: `${PIX_ORIGIN}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox', fetch: intoPixApp }),
      pixSandboxFetch: intoPixApp,
    },
  },
);
