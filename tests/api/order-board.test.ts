// The establishment's order screen in one read (GET /establishments/{id}/order-board), on SQLite
// and PostgreSQL: its open orders whatever their day, the day's orders on the establishment's
// calendar (an order at 22:30 in São Paulo is still that day although it is 01:30 UTC the next),
// with their customers, and the day's totals by how they were paid; only the establishment's own
// callers read it. The clock starts on Friday 2025-01-03 22:30 in São Paulo (cantina-centro is
// open 11:00-23:00).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, placeOk, setStatus } from './helpers/orders.ts';
import { NEAR, deliveryOrder, estId, loadOrderFixtures, pickupOrder, saveAddress } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import type { OrderBoardAnswer } from '../../src/schemas/api-order-board.ts';

const CENTRO = estId('cantina-centro');
const REFORMA = estId('cantina-reforma');
const FRIDAY_2230 = '2025-01-04T01:30:00Z';
const SATURDAY_1200 = '2025-01-04T15:00:00Z';

forEachDatabase(
  'order board',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaName: string;
    let key: Record<string, string>;
    const board = (query = '', headers = key) => ctx.call(`/api/establishments/${CENTRO}/order-board${query}`, { headers });
    const move = async (id: string, ...steps: string[]) => {
      for (const status of steps) expect((await setStatus(ctx, CENTRO, id, { status }, key)).status).toBe(200);
    };
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO, { name: 'Maria Quadro' });
      maria = m.session;
      mariaName = m.user.name;
      key = apiKeyHeaders(await createEstablishmentKey(ctx.db, CENTRO, 'test'));
      // Friday late evening: a cash delivery completed, a Pix-at-the-counter pickup left open, one cancelled.
      const address = await saveAddress(ctx.db, m.user._id, NEAR);
      ids.fridayCash = (await placeOk(ctx, maria, deliveryOrder(address, { payment_payback: 10000 })))._id;
      await move(ids.fridayCash, 'confirmed', 'preparing', 'ready', 'dispatched', 'complete');
      ids.fridayOpen = (await placeOk(ctx, maria, pickupOrder()))._id;
      await move(ids.fridayOpen, 'confirmed');
      ids.fridayCanceled = (await placeOk(ctx, maria, pickupOrder()))._id;
      await move(ids.fridayCanceled, 'canceled');
      // Saturday noon: a new pickup, not accepted yet.
      ctx.setNow(SATURDAY_1200);
      ids.saturdayNew = (await placeOk(ctx, maria, pickupOrder({ payment_method_id: 'dinheiro' })))._id;
    });
    afterAll(() => closePgPool(ctx.db));

    it('today: the orders to act on, whatever their day, and today’s, newest first, with the customer and the step', async () => {
      const res = await board();
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const answer: OrderBoardAnswer = await res.json();
      expect([res.status, answer.day, answer.time_zone, answer.now]).toEqual([200, '2025-01-04', 'America/Sao_Paulo', SATURDAY_1200.replace('Z', '.000Z')]);
      expect(answer.orders.map((o) => [o._id, o.step])).toEqual([
        [ids.saturdayNew, 'registered'],
        [ids.fridayOpen, 'confirmed'],
      ]);
      expect(answer.orders[0]!.customer).toMatchObject({ name: mariaName });
      // Today's drawer counts only today's orders.
      expect(answer.totals).toEqual({
        lines: [{ key: { kind: 'offline', method: 'Dinheiro' }, orders: 1, amount: answer.orders[0]!.totals.total }],
        orders: 1,
        amount: answer.orders[0]!.totals.total,
        canceled: 0,
      });
    });

    it('another day: that day’s orders on the establishment’s calendar (22:30 in São Paulo is 01:30 UTC the next day), and its totals', async () => {
      const answer: OrderBoardAnswer = await (await board('?day=2025-01-03')).json();
      expect(answer.day).toBe('2025-01-03');
      expect(new Set(answer.orders.map((o) => o._id))).toEqual(new Set([ids.saturdayNew, ids.fridayOpen, ids.fridayCash, ids.fridayCanceled]));
      const cash = answer.orders.find((o) => o._id === ids.fridayCash)!;
      const open = answer.orders.find((o) => o._id === ids.fridayOpen)!;
      expect(answer.totals).toEqual({
        lines: [
          { key: { kind: 'offline', method: 'Dinheiro' }, orders: 1, amount: cash.totals.total },
          { key: { kind: 'offline', method: 'Pix' }, orders: 1, amount: open.totals.total },
        ],
        orders: 2,
        amount: cash.totals.total + open.totals.total,
        canceled: 1,
      });
      // The day before has none of its own.
      expect((await (await board('?day=2025-01-02')).json()).totals).toEqual({ lines: [], orders: 0, amount: 0, canceled: 0 });
    });

    it('only the establishment’s own callers read it', async () => {
      const customer = await board('', cookieHeaders(maria));
      expect([customer.status, (await customer.json()).message]).toEqual([403, 'establishment_key_required']);
      const otherKey = apiKeyHeaders(await createEstablishmentKey(ctx.db, REFORMA, 'test'));
      const other = await board('', otherKey);
      expect([other.status, (await other.json()).message]).toEqual([401, 'invalid_api_key']);
      const nobody = await board('', {});
      expect(nobody.status).toBe(401);
    });

    it('refuses a day that is not a date', async () => {
      for (const day of ['2025-02-30', 'ontem', '2025-1-3']) {
        const res = await board(`?day=${day}`);
        expect([day, res.status]).toEqual([day, 400]);
      }
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: FRIDAY_2230 },
);
