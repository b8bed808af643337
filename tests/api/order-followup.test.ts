// After an order is placed, on SQLite and PostgreSQL: the customer's evaluation (PUT
// .../orders/{orderId}/evaluate; decisions.md 'Order evaluation'), carried by every order answer,
// and the WhatsApp updates (GET/PATCH /orders/{id}/whatsapp-updates, the bot status), whose
// messages go to the development outbox on each status change of an opted-in order. The app's clock
// starts on Friday 2025-01-03 20:00 in São Paulo (cantina-centro is open 11:00-23:00).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { bearerHeaders, cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, setStatus } from './helpers/orders.ts';
import { NEAR, deliveryOrder, estId, loadOrderFixtures, pickupOrder, saveAddress } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { createApi } from '../../src/server/api/app.ts';
import { createOutboxSender } from '../../src/server/sandboxes/outbox-senders.ts';
import type { WhatsAppSender } from '../../src/server/adapters/whatsapp.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import { config } from '../../src/server/config.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';

const CENTRO = estId('cantina-centro');
const FRIDAY_20H = '2025-01-03T23:00:00Z';
const RATINGS = { packing: 5, delivery: 4, product: 5, deadline: 3 };

forEachDatabase(
  'order follow-up',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let joao: Session;
    let mariaPhone: string;
    let mariaId: string;
    let key: Record<string, string>;

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaPhone = m.user.phone;
      mariaId = m.user._id;
      joao = (await registerUser(ctx, CENTRO)).session;
      key = apiKeyHeaders(await createEstablishmentKey(ctx.db, CENTRO, 'test'));
    });
    afterEach(() => ctx.setNow(FRIDAY_20H));
    afterAll(() => closePgPool(ctx.db));

    const orderUrl = (id: string) => `${ordersPath(CENTRO)}/${id}`;
    const evaluate = (id: string, body: unknown, headers: Record<string, string> = cookieHeaders(maria)) =>
      ctx.call(`${orderUrl(id)}/evaluate`, { method: 'PUT', body, headers });
    const moveTo = async (id: string, ...statuses: string[]) => {
      for (const status of statuses) expect((await setStatus(ctx, CENTRO, id, { status }, key)).status, status).toBe(200);
    };
    async function completedOrder(session = maria): Promise<string> {
      const { _id } = await placeOk(ctx, session, pickupOrder());
      await moveTo(_id, 'confirmed', 'complete');
      return _id;
    }
    const readOrder = async (id: string, headers = cookieHeaders(maria)): Promise<OrderView> => (await ctx.call(orderUrl(id), { headers })).json();

    describe('evaluation', () => {
      it('a completed order is evaluated with its four ratings; the answer carries them with their sum and the time [R-7.26] [R-3.49] [R-9.32]', async () => {
        const id = await completedOrder();
        const completed = await readOrder(id);
        expect(completed.completed_at).toBe(new Date(FRIDAY_20H).toISOString());
        // 7 days on the establishment's calendar from the completion.
        expect(completed.evaluable_until).toBe('2025-01-10T23:00:00Z');
        expect(completed.evaluation).toBeNull();

        ctx.setNow('2025-01-04T15:30:00Z');
        const res = await evaluate(id, { ...RATINGS, ignored: 'extra keys are dropped' });
        const json = (await res.json()) as OrderView;
        expect(res.status, JSON.stringify(json)).toBe(200);
        expect(json._id).toBe(id);
        expect(json.evaluation).toEqual({ ...RATINGS, total: 17, evaluated_at: '2025-01-04T15:30:00.000Z' });
        expect(json.evaluable_until).toBeNull();
      });

      it('every order answer carries the evaluation: GET one, the list (also by `fields`), and the establishment’s list with the `evaluated` filter [R-3.51]', async () => {
        const id = await completedOrder();
        const other = await completedOrder();
        expect((await evaluate(id, { packing: 1, delivery: 2, product: 3, deadline: 4 })).status).toBe(200);
        const expected = { packing: 1, delivery: 2, product: 3, deadline: 4, total: 10, evaluated_at: new Date(FRIDAY_20H).toISOString() };
        expect((await readOrder(id)).evaluation).toEqual(expected);
        const listed = await (
          await ctx.call(`${ordersPath(CENTRO)}?fields=status,created_at,delivery_type,evaluation,order`, { headers: cookieHeaders(maria) })
        ).json();
        const mine = listed.orders.find((o: { _id: string }) => o._id === id);
        expect(mine).toEqual({
          _id: id,
          status: 'complete',
          created_at: expect.any(String),
          delivery_type: 'pickup',
          evaluation: expected,
          order: expect.any(Number),
        });
        expect(listed.orders.find((o: { _id: string }) => o._id === other).evaluation).toBeNull();

        const evaluated = await (await ctx.call(`${ordersPath(CENTRO)}?evaluated=true&limit=100`, { headers: key })).json();
        expect(evaluated.orders.map((o: OrderView) => o._id)).toContain(id);
        expect(evaluated.orders.every((o: OrderView) => o.evaluation !== null)).toBe(true);
        expect(evaluated.orders.find((o: OrderView) => o._id === id).customer).toMatchObject({ phone: mariaPhone });
        const notEvaluated = await (await ctx.call(`${ordersPath(CENTRO)}?evaluated=false&limit=100`, { headers: key })).json();
        expect(notEvaluated.orders.map((o: OrderView) => o._id)).toContain(other);
        expect(notEvaluated.orders.every((o: OrderView) => o.evaluation === null)).toBe(true);
        expect((await ctx.call(`${ordersPath(CENTRO)}?evaluated=sim`, { headers: key })).status).toBe(400);
      });

      it('is refused before the order is complete, a second time, and after 7 days, with nothing written', async () => {
        const { _id: registered } = await placeOk(ctx, maria, pickupOrder());
        const r1 = await evaluate(registered, RATINGS);
        expect([r1.status, (await r1.json()).message]).toEqual([409, 'order_not_complete']);
        await moveTo(registered, 'confirmed');
        expect((await (await evaluate(registered, RATINGS)).json()).message).toBe('order_not_complete');
        await moveTo(registered, 'canceled');
        expect((await (await evaluate(registered, RATINGS)).json()).message).toBe('order_not_complete');
        expect((await readOrder(registered)).evaluation).toBeNull();

        const once = await completedOrder();
        expect((await evaluate(once, RATINGS)).status).toBe(200);
        const again = await evaluate(once, { packing: 1, delivery: 1, product: 1, deadline: 1 });
        expect([again.status, (await again.json()).message]).toEqual([409, 'order_already_evaluated']);
        expect((await readOrder(once)).evaluation).toMatchObject({ ...RATINGS, total: 17 });

        const late = await completedOrder();
        ctx.setNow('2025-01-10T23:00:00.001Z');
        const closed = await evaluate(late, RATINGS);
        expect([closed.status, (await closed.json()).message]).toEqual([409, 'evaluation_window_closed']);
        expect((await readOrder(late)).evaluation).toBeNull();
        // The window's last instant is still inside.
        ctx.setNow('2025-01-10T23:00:00.000Z');
        expect((await evaluate(late, RATINGS)).status).toBe(200);
      });

      it('only the customer who ordered evaluates: another customer’s order is not found, the API key and no session are 401', async () => {
        const id = await completedOrder();
        const stranger = await evaluate(id, RATINGS, cookieHeaders(joao));
        expect([stranger.status, (await stranger.json()).message]).toEqual([404, 'order_not_found']);
        expect((await evaluate('nao-existe', RATINGS)).status).toBe(404);
        expect((await evaluate(id, RATINGS, key)).status).toBe(401);
        expect((await evaluate(id, RATINGS, {})).status).toBe(401);
        expect((await evaluate(id, RATINGS, bearerHeaders(maria.token))).status).toBe(200);
      });

      it('takes each rating as a whole number of stars from 1 to 5, naming every bad field', async () => {
        const id = await completedOrder();
        const bad = await evaluate(id, { packing: 0, delivery: 6, product: 4.5, deadline: '5' });
        const json = await bad.json();
        expect([bad.status, json.message]).toEqual([400, 'invalid_body']);
        expect(json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['deadline', 'delivery', 'packing', 'product']);
        const missing = await (await evaluate(id, { packing: 5, delivery: 5, product: 5 })).json();
        expect(missing.fields).toEqual([expect.objectContaining({ path: 'deadline', code: 'required' })]);
        expect((await readOrder(id)).evaluation).toBeNull();
      });

      it('keeps one of two evaluations sent at once; the other is told the order is already evaluated', async () => {
        const id = await completedOrder();
        const answers = await Promise.all([evaluate(id, RATINGS), evaluate(id, { packing: 1, delivery: 1, product: 1, deadline: 1 })]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
        const loser = answers.find((r) => r.status === 409)!;
        expect((await loser.json()).message).toBe('order_already_evaluated');
        expect([17, 4]).toContain((await readOrder(id)).evaluation!.total);
      });
    });

    describe('WhatsApp updates', () => {
      const updatesUrl = (id: string) => `/api/orders/${id}/whatsapp-updates`;
      const readUpdates = (id: string, headers = cookieHeaders(maria)) => ctx.call(updatesUrl(id), { headers });
      const patchUpdates = (id: string, on: unknown, headers = cookieHeaders(maria), app = ctx.app) =>
        app.request(updatesUrl(id), {
          method: 'PATCH',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ receive_updates_in_whatsapp: on }),
        });
      const messagesTo = async (phone: string) => (await listOutboxMessages(ctx.db, 1000)).filter((m) => m.recipient === `+55${phone}`);
      /** The same database behind an app whose WhatsApp sender is `whatsApp`. */
      const appWith = (whatsApp: WhatsAppSender) => createApi({ db: ctx.db, engine: ctx.engine, now: ctx.now, whatsApp });

      it('are off until the customer turns them on, for their own order only [R-7.27] [R-7.28]', async () => {
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const first = await readUpdates(_id);
        expect([first.status, await first.json()]).toEqual([200, { receive_updates_in_whatsapp: false }]);
        const on = await patchUpdates(_id, true);
        expect([on.status, await on.json()]).toEqual([200, { receive_updates_in_whatsapp: true }]);
        expect(await (await readUpdates(_id)).json()).toEqual({ receive_updates_in_whatsapp: true });
        // With the bearer token too (no establishment named).
        expect(await (await readUpdates(_id, bearerHeaders(maria.token))).json()).toEqual({ receive_updates_in_whatsapp: true });

        const stranger = await readUpdates(_id, cookieHeaders(joao));
        expect([stranger.status, (await stranger.json()).message]).toEqual([404, 'order_not_found']);
        expect((await patchUpdates(_id, false, cookieHeaders(joao))).status).toBe(404);
        expect((await readUpdates('nao-existe')).status).toBe(404);
        expect((await readUpdates(_id, {})).status).toBe(401);
        const bad = await patchUpdates(_id, 'sim');
        expect([bad.status, (await bad.json()).message]).toEqual([400, 'invalid_body']);
        expect(await (await readUpdates(_id)).json()).toEqual({ receive_updates_in_whatsapp: true });
        expect(await (await patchUpdates(_id, false)).json()).toEqual({ receive_updates_in_whatsapp: false });
      });

      it('send the opted-in customer a message in Portuguese on each change to confirmed, complete and canceled, to the outbox by default', async () => {
        const before = (await messagesTo(mariaPhone)).length;
        const { _id, order } = await placeOk(ctx, maria, pickupOrder());
        expect((await patchUpdates(_id, true)).status).toBe(200);
        const link = `${config.publicOrigin}/cantina-centro/pedido/${_id}`;
        await moveTo(_id, 'confirmed');
        let messages = await messagesTo(mariaPhone);
        expect(messages.length).toBe(before + 1);
        expect(messages[0]).toMatchObject({
          channel: 'whatsapp',
          recipient: `+55${mariaPhone}`,
          text: `Cantina Centro: seu pedido nº ${order.order} foi confirmado. Veja o pedido: ${link}`,
        });
        await moveTo(_id, 'complete');
        messages = await messagesTo(mariaPhone);
        expect(messages[0]!.text).toBe(`Cantina Centro: seu pedido nº ${order.order} foi concluído. Veja o pedido: ${link}`);

        const canceled = await placeOk(ctx, maria, pickupOrder());
        await patchUpdates(canceled._id, true);
        await moveTo(canceled._id, 'canceled');
        expect((await messagesTo(mariaPhone))[0]!.text).toBe(
          `Cantina Centro: seu pedido nº ${canceled.order.order} foi cancelado. Veja o pedido: ${config.publicOrigin}/cantina-centro/pedido/${canceled._id}`,
        );
        expect((await messagesTo(mariaPhone)).length).toBe(before + 3);
      });

      it('tell each kitchen step of a delivery, and a pickup that is ready, in its own words', async () => {
        const before = (await messagesTo(mariaPhone)).length;
        const delivery = await placeOk(ctx, maria, deliveryOrder(await saveAddress(ctx.db, mariaId, NEAR)));
        await patchUpdates(delivery._id, true);
        await moveTo(delivery._id, 'confirmed', 'preparing', 'ready', 'dispatched');
        const said = (await messagesTo(mariaPhone)).slice(0, 4).map((m) => m.text.split(': seu pedido')[1]!.split('. Veja')[0]);
        expect(said).toEqual([
          ` nº ${delivery.order.order} saiu para entrega`,
          ` nº ${delivery.order.order} está pronto e aguarda o entregador`,
          ` nº ${delivery.order.order} está em preparo`,
          ` nº ${delivery.order.order} foi confirmado`,
        ]);
        const pickup = await placeOk(ctx, maria, pickupOrder());
        await patchUpdates(pickup._id, true);
        await moveTo(pickup._id, 'confirmed', 'ready');
        expect((await messagesTo(mariaPhone))[0]!.text).toContain(`nº ${pickup.order.order} está pronto para retirada.`);
        expect((await messagesTo(mariaPhone)).length).toBe(before + 6);
      });

      it('send nothing for an order whose customer did not opt in, or turned the updates off', async () => {
        const before = (await messagesTo(mariaPhone)).length;
        const silent = await placeOk(ctx, maria, pickupOrder());
        await moveTo(silent._id, 'confirmed', 'complete');
        const changedMind = await placeOk(ctx, maria, pickupOrder());
        await patchUpdates(changedMind._id, true);
        await patchUpdates(changedMind._id, false);
        await moveTo(changedMind._id, 'confirmed');
        expect((await messagesTo(mariaPhone)).length).toBe(before);
      });

      it('cannot be turned on for a finished order, without a connected bot or without a phone; turning them off always works', async () => {
        const done = await completedOrder();
        const finished = await patchUpdates(done, true);
        expect([finished.status, (await finished.json()).message]).toEqual([409, 'order_already_finished']);
        expect((await patchUpdates(done, false)).status).toBe(200);

        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const offline = appWith(createOutboxSender(ctx.db, { connected: false }));
        const refused = await patchUpdates(_id, true, cookieHeaders(maria), offline);
        expect([refused.status, (await refused.json()).message]).toEqual([409, 'whatsapp_bot_disconnected']);
        expect((await patchUpdates(_id, false, cookieHeaders(maria), offline)).status).toBe(200);

        const ana = await registerUser(ctx, CENTRO);
        const anaOrder = await placeOk(ctx, ana.session, pickupOrder());
        await ctx.db.updateTable('users').set({ phone: '' }).where('id', '=', ana.user._id).execute();
        const noPhone = await patchUpdates(anaOrder._id, true, cookieHeaders(ana.session));
        expect([noPhone.status, (await noPhone.json()).message]).toEqual([422, 'phone_missing']);
      });

      it('a failing WhatsApp send never fails nor undoes the status change', async () => {
        const failing: WhatsAppSender = {
          engine: 'cloud_api',
          connected: true,
          send: async () => {
            throw new Error('Meta is down');
          },
        };
        const app = appWith(failing);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        expect((await patchUpdates(_id, true, cookieHeaders(maria), app)).status).toBe(200);
        const res = await app.request(`${orderUrl(_id)}/status`, {
          method: 'PUT',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...key },
          body: JSON.stringify({ status: 'confirmed' }),
        });
        expect([res.status, (await res.json()).status]).toEqual([200, 'confirmed']);
        expect((await readOrder(_id)).status).toBe('confirmed');
      });

      it('the bot status says whether updates reach customers: the outbox outside production, a configured sender, or not [R-7.29]', async () => {
        const status = await ctx.call(`/api/amodelivery/whatsapp-bot/${CENTRO}/status`);
        expect([status.status, await status.json()]).toEqual([200, { connected: true }]);
        const offline = appWith(createOutboxSender(ctx.db, { connected: false }));
        const off = await offline.request(`/api/amodelivery/whatsapp-bot/${CENTRO}/status`, { headers: API_HEADERS });
        expect(await off.json()).toEqual({ connected: false });
        const unknown = await ctx.call('/api/amodelivery/whatsapp-bot/nao-existe/status');
        expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'establishment_not_found']);
        expect((await ctx.call('/api/amodelivery/whatsapp-bot/a%20b/status')).status).toBe(400);
      });
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: FRIDAY_20H },
);
