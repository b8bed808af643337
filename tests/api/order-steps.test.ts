// The kitchen's finer steps of an order (src/domain/order-lifecycle.ts) through the status route,
// on SQLite and PostgreSQL: the establishment moves an order through preparing, ready and
// dispatched; every answer carries the step beside the spec's status, which stays 'confirmed'
// in between, so the list's status filter keeps its meaning; the customer's open pages hear each
// step; what the lifecycle forbids is refused with its code and changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, setStatus } from './helpers/orders.ts';
import { NEAR, deliveryOrder, estId, loadOrderFixtures, pickupOrder, saveAddress } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import type { LiveEvent } from '../../src/schemas/live-events.ts';
import type { OrderView, OrdersListAnswer } from '../../src/schemas/api-orders.ts';

const CENTRO = estId('cantina-centro');
const published: LiveEvent[] = [];

forEachDatabase(
  'order steps',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaId: string;
    let key: Record<string, string>;

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaId = m.user._id;
      key = apiKeyHeaders(await createEstablishmentKey(ctx.db, CENTRO, 'test'));
    });
    afterAll(() => closePgPool(ctx.db));

    const move = async (id: string, status: string) => {
      const res = await setStatus(ctx, CENTRO, id, { status }, key);
      return { status: res.status, body: (await res.json()) as OrderView & { message?: string } };
    };
    const read = async (id: string): Promise<OrderView> => (await ctx.call(`${ordersPath(CENTRO)}/${id}`, { headers: cookieHeaders(maria) })).json();

    it('a delivery goes registered, confirmed, preparing, ready, dispatched, complete; its spec status stays confirmed in between', async () => {
      const { _id } = await placeOk(ctx, maria, deliveryOrder(await saveAddress(ctx.db, mariaId, NEAR)));
      expect(await read(_id)).toMatchObject({ status: 'registered', step: 'registered' });
      const seen: [string, string][] = [];
      for (const step of ['confirmed', 'preparing', 'ready', 'dispatched', 'complete']) {
        const moved = await move(_id, step);
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        seen.push([moved.body.status, moved.body.step]);
      }
      expect(seen).toEqual([
        ['confirmed', 'confirmed'],
        ['confirmed', 'preparing'],
        ['confirmed', 'ready'],
        ['confirmed', 'dispatched'],
        ['complete', 'complete'],
      ]);
      expect((await read(_id)).completed_at).not.toBeNull();
    });

    it('tells the customer’s open pages each step', async () => {
      const { _id } = await placeOk(ctx, maria, pickupOrder());
      const before = published.length;
      await move(_id, 'confirmed');
      await move(_id, 'preparing');
      await move(_id, 'ready');
      const events = published.slice(before).filter((e) => e.kind === 'order' && e.order_id === _id);
      expect(events.map((e) => (e.kind === 'order' ? [e.status, e.step] : null))).toEqual([
        ['confirmed', 'confirmed'],
        ['confirmed', 'preparing'],
        ['confirmed', 'ready'],
      ]);
    });

    it('lists an order in preparation under the status filter confirmed, with its step', async () => {
      const { _id } = await placeOk(ctx, maria, pickupOrder());
      await move(_id, 'confirmed');
      await move(_id, 'preparing');
      const list: OrdersListAnswer = await (await ctx.call(`${ordersPath(CENTRO)}?status=confirmed&limit=100`, { headers: key })).json();
      expect(list.orders.find((o) => o._id === _id)).toMatchObject({ status: 'confirmed', step: 'preparing' });
    });

    it('refuses what the lifecycle forbids with its code, and the order stays where it was', async () => {
      const pickup = await placeOk(ctx, maria, pickupOrder());
      // Nothing skips the confirmation.
      expect(await move(pickup._id, 'preparing')).toMatchObject({ status: 409, body: { message: 'invalid_status_transition' } });
      await move(pickup._id, 'confirmed');
      // A pickup is never out for delivery.
      expect(await move(pickup._id, 'dispatched')).toMatchObject({ status: 409, body: { message: 'not_a_delivery' } });
      await move(pickup._id, 'ready');
      // No step goes back.
      expect(await move(pickup._id, 'preparing')).toMatchObject({ status: 409, body: { message: 'invalid_status_transition' } });
      expect(await read(pickup._id)).toMatchObject({ status: 'confirmed', step: 'ready' });
      // The customer only cancels, and only before anyone confirmed.
      const customer = await setStatus(ctx, CENTRO, pickup._id, { status: 'preparing' }, cookieHeaders(maria));
      expect([customer.status, (await customer.json()).message]).toEqual([403, 'status_change_not_allowed']);
      const unknown = await move(pickup._id, 'cozinhando');
      expect([unknown.status, unknown.body.message]).toEqual([400, 'invalid_body']);
      expect(await read(pickup._id)).toMatchObject({ status: 'confirmed', step: 'ready' });
    });

    it('an order at a finer step can still be cancelled by the establishment, and is then canceled in both', async () => {
      const { _id } = await placeOk(ctx, maria, pickupOrder());
      await move(_id, 'confirmed');
      await move(_id, 'preparing');
      const canceled = await move(_id, 'canceled');
      expect([canceled.status, canceled.body.status, canceled.body.step, canceled.body.cancellation_type]).toEqual([
        200,
        'canceled',
        'canceled',
        'establishment',
      ]);
    });

    it('two establishment devices moving the same order at once: one step applies, the other is refused', async () => {
      const { _id } = await placeOk(ctx, maria, pickupOrder());
      await move(_id, 'confirmed');
      const answers = await Promise.all(Array.from({ length: 8 }, () => move(_id, 'preparing')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'invalid_status_transition')).toBe(true);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: '2025-01-03T23:00:00Z', deps: { publish: async (event: LiveEvent) => void published.push(event) } },
);
