// Orders on the server (issue 4): POST .../orders re-prices and re-checks everything from the
// server's own data; GET list and one (with ETag); PUT status by the customer and by the
// establishment's API key. Runs on SQLite and PostgreSQL. The app's clock starts on Friday
// 2025-01-03 20:00 in São Paulo (cantina-centro is open 11:00-23:00).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, placeOrder, setStatus } from './helpers/orders.ts';
import {
  FAR,
  MIDDLE,
  NEAR,
  TALHERES_SIM,
  deliveryOrder,
  estId,
  loadOrderFixtures,
  orderVariationId,
  pickupOrder,
  productId,
  saveAddress,
} from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';

const CENTRO = estId('cantina-centro');
const C = 'cantina-centro';
const FRIDAY_20H = '2025-01-03T23:00:00Z';

forEachDatabase(
  'orders',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaId: string;
    let joao: Session;
    let joaoId: string;
    let near: string;
    let middle: string;
    let far: string;
    let joaoAddress: string;
    let apiKey: string;

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaId = m.user._id;
      const j = await registerUser(ctx, CENTRO);
      joao = j.session;
      joaoId = j.user._id;
      near = await saveAddress(ctx.db, mariaId, NEAR);
      middle = await saveAddress(ctx.db, mariaId, MIDDLE);
      far = await saveAddress(ctx.db, mariaId, FAR);
      joaoAddress = await saveAddress(ctx.db, joaoId, NEAR);
      apiKey = await createEstablishmentKey(ctx.db, CENTRO, 'test');
    });

    // Before forEachDatabase drops the database (see closePgPool).
    afterAll(() => closePgPool(ctx.db));

    const creditsOf = async (userId: string) =>
      Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
    /** Brings the user's balance to `credits` with a grant or removal by the establishment (a ledger entry, as in production). */
    const setCredits = async (userId: string, credits: number) => {
      const change = credits - (await creditsOf(userId));
      if (change === 0) return;
      const res = await ctx.call(`/api/establishments/${CENTRO}/credits`, {
        method: 'POST',
        body: { user: userId, amount: change, reason: 'teste' },
        headers: apiKeyHeaders(apiKey),
      });
      expect(res.status).toBe(200);
    };
    async function refused(body: unknown, session = maria): Promise<{ status: number; json: any }> {
      const res = await placeOrder(ctx, session, body);
      return { status: res.status, json: await res.json() };
    }

    describe('placing an order', () => {
      it('answers 201 with _id and the order priced by the server, never by the client [R-7.21, R-9.28, R-9.30]', async () => {
        const body = pickupOrder();
        // Whatever the client claims about prices is ignored.
        (body as any).total = 1;
        (body as any).products[0].price = 1;
        (body as any).products[0].variations[0].price = -5000;
        const res = await placeOrder(ctx, maria, body);
        const json = await res.json();
        expect(res.status, JSON.stringify(json)).toBe(201);
        expect(json._id).toMatch(/^[0-9a-f]{16}$/);
        expect(json.order._id).toBe(json._id);
        expect(json.order).toMatchObject({
          status: 'registered',
          delivery_type: 'pickup',
          payment_type: 'offline',
          payment_method: { _id: 'pix', name: 'Pix', payback: false },
          payment_payback: null,
          address: null,
          scheduled_at: null,
          note: 'Interfone quebrado',
          time: { min: 15, max: 30 },
          evaluation: null,
          cancellation_type: null,
        });
        // 2 x (4000 + Grande 1000 + 2 x Bacon 500) + 600; packing 50 x (1 x 2); pickup discount 10 % of 12600.
        expect(json.order.totals).toEqual({
          subtotal: 12600,
          order_variations_total: 0,
          packing_fee: 100,
          delivery_fee: 0,
          discount: 1260,
          credits: 0,
          total: 11440,
        });
        expect(json.order.items[0]).toEqual({
          product_id: productId(C, 'margherita'),
          name: 'Margherita',
          image: null,
          qnt: 2,
          note: 'sem cebola',
          unit_cents: 6000,
          line_cents: 12000,
          variations: [
            { _id: 'tamanho', item_id: 'grande', name: 'Grande', qnt: 1, price: 1000 },
            { _id: 'extras', item_id: 'bacon', name: 'Bacon', qnt: 2, price: 500 },
          ],
        });
        expect(json.order.order_variations).toEqual([{ _id: orderVariationId(C, 'talheres'), item_id: 'sim', name: 'Sim', qnt: 1, price: 0 }]);
      });

      it('numbers orders 1, 2, 3... per establishment', async () => {
        const a = await placeOk(ctx, maria, pickupOrder());
        const b = await placeOk(ctx, joao, pickupOrder());
        expect(b.order.order).toBe(a.order.order + 1);
        // Concurrent orders get distinct numbers without gaps.
        const many = await Promise.all(Array.from({ length: 20 }, () => placeOk(ctx, maria, pickupOrder())));
        const numbers = many.map((m) => m.order.order).sort((x, y) => x - y);
        expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => b.order.order + 1 + i));
      });

      it('charges the delivery band of the address, waived from the free-delivery threshold (products + packing) [R-9.29]', async () => {
        const nearOrder = await placeOk(ctx, maria, deliveryOrder(near));
        // 3500 (promo) + 4 x 600, packing 50 x 1, first band 500.
        expect(nearOrder.order.totals).toEqual({
          subtotal: 5900,
          order_variations_total: 0,
          packing_fee: 50,
          delivery_fee: 500,
          discount: 0,
          credits: 0,
          total: 6450,
        });
        expect(nearOrder.order.address).toMatchObject({ _id: near, street: 'Rua das Flores', number: '120', complement: null, lng_lat: NEAR });
        expect(nearOrder.order.time).toEqual({ min: 30, max: 60 });
        const middleOrder = await placeOk(ctx, maria, deliveryOrder(middle));
        expect(middleOrder.order.totals.delivery_fee).toBe(800);

        const margherita = (size: string, qnt: number) => ({
          id: productId(C, 'margherita'),
          qnt,
          note: '',
          variations: [{ _id: 'tamanho', item_id: size, qnt: 1 }],
        });
        // 9800 + packing 100 = 9900 < 10000: the fee is charged.
        const below = await placeOk(
          ctx,
          maria,
          deliveryOrder(near, { products: [margherita('media', 2), { id: productId(C, 'refrigerante'), qnt: 3, note: '', variations: [] }] }),
        );
        expect(below.order.totals).toMatchObject({ subtotal: 9800, packing_fee: 100, delivery_fee: 500, total: 10400 });
        // 10000 + packing 100 >= 10000: waived.
        const above = await placeOk(ctx, maria, deliveryOrder(near, { products: [margherita('grande', 2)] }));
        expect(above.order.totals).toMatchObject({ subtotal: 10000, packing_fee: 100, delivery_fee: 0, total: 10100 });
      });

      it('prices order-level variations by their items and ignores unknown keys of the payload', async () => {
        const res = await placeOk(
          ctx,
          maria,
          pickupOrder({
            order_variations: [TALHERES_SIM, { _id: orderVariationId(C, 'embalagem'), item_id: 'caixa', qnt: 2 }],
            gift_wrap: { color: 'x' },
          }),
        );
        expect(res.order.totals).toMatchObject({ order_variations_total: 400, total: 11840 });
        expect(res.order.order_variations).toContainEqual({ _id: orderVariationId(C, 'embalagem'), item_id: 'caixa', name: 'Caixa', qnt: 2, price: 200 });
      });

      it('validates the payload shape: delivery_type, payment_type, platform, scheduled_at, tax_receipt, payment_payback, products (400 with the field)', async () => {
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ delivery_type: 'drone' }, 'delivery_type'],
          [{ payment_type: 'cheque' }, 'payment_type'],
          [{ platform: 'ios' }, 'platform'],
          [{ scheduled_at: '04/01/2025 12:00' }, 'scheduled_at'],
          [{ tax_receipt: 'sim' }, 'tax_receipt'],
          [{ payment_payback: -1 }, 'payment_payback'],
          [{ products: [] }, 'products'],
          [{ products: [{ id: productId(C, 'refrigerante'), qnt: 1000 }] }, 'products[0].qnt'],
        ];
        for (const [override, path] of cases) {
          const { status, json } = await refused(pickupOrder(override));
          expect(status, path).toBe(400);
          expect(json.message).toBe('invalid_body');
          expect(json.fields.map((f: { path: string }) => f.path)).toContain(path);
        }
      });

      it('requires the Idempotent-Key header [R-3.19] and a session', async () => {
        const noKey = await placeOrder(ctx, maria, pickupOrder(), null);
        expect(noKey.status).toBe(400);
        expect(await noKey.json()).toEqual({ message: 'idempotency_key_missing' });
        const anonymous = await ctx.call(ordersPath(CENTRO), { method: 'POST', body: pickupOrder(), headers: { 'Idempotent-Key': 'k-anon' } });
        expect(anonymous.status).toBe(401);
      });

      it('refuses a banned user with 403 user_is_banned [R-6.9]', async () => {
        const banned = await registerUser(ctx, CENTRO);
        await ctx.db.updateTable('users').set({ banned: 1 }).where('id', '=', banned.user._id).execute();
        // A banned user's session still authenticates; sending the order is what is refused.
        const { status, json } = await refused(pickupOrder(), banned.session);
        expect(status).toBe(403);
        expect(json).toEqual({ message: 'user_is_banned' });
      });

      it('refuses an unavailable establishment with 403 establishment_unavailable', async () => {
        const other = await registerUser(ctx, estId('cantina-reforma'));
        const res = await placeOrder(ctx, other.session, {
          delivery_type: 'pickup',
          payment_type: 'offline',
          platform: 'web',
          products: [{ id: productId('cantina-reforma', 'refrigerante'), qnt: 1 }],
          payment_method_id: 'dinheiro',
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: 'establishment_unavailable' });
      });

      it('refuses card and Pix where the establishment takes neither (403 payment_type_not_available), and credits that pay nothing (422)', async () => {
        for (const payment_type of ['online', 'pix']) {
          const { status, json } = await refused(pickupOrder({ payment_type }));
          expect([status, json.message]).toEqual([403, 'payment_type_not_available']);
        }
        const { status, json } = await refused(pickupOrder({ payment_type: 'credits' }));
        expect([status, json.message]).toEqual([422, 'payment_type_missing']);
      });

      it('takes no offline payment for a type whose payment at pickup is off, or that lists no method (403 payment_type_not_available)', async () => {
        const row = await ctx.db.selectFrom('establishments').select('preferences').where('id', '=', CENTRO).executeTakeFirstOrThrow();
        const setPrefs = (over: Record<string, unknown>) =>
          ctx.db
            .updateTable('establishments')
            .set({ preferences: JSON.stringify({ ...JSON.parse(row.preferences), ...over }) })
            .where('id', '=', CENTRO)
            .execute();
        try {
          await setPrefs({ has_pickup_payment: false });
          expect((await refused(pickupOrder())).json).toEqual({ message: 'payment_type_not_available' });
          // Delivery still takes its own methods.
          expect((await placeOrder(ctx, maria, deliveryOrder(near))).status).toBe(201);
          await setPrefs({ pickup_payment_methods: [] });
          expect((await refused(pickupOrder())).json).toEqual({ message: 'payment_type_not_available' });
        } finally {
          await ctx.db.updateTable('establishments').set({ preferences: row.preferences }).where('id', '=', CENTRO).execute();
        }
      });

      it('refuses a delivery type the establishment or a product does not take (403 delivery_type_not_available)', async () => {
        const local = await refused(pickupOrder({ delivery_type: 'local' }));
        expect([local.status, local.json.message]).toEqual([403, 'delivery_type_not_available']);
        const chopp = await refused(deliveryOrder(near, { products: [{ id: productId(C, 'chopp'), qnt: 2 }] }));
        expect([chopp.status, chopp.json.message]).toEqual([403, 'delivery_type_not_available']);
      });

      it('takes the offline method from the list of the chosen type (422 payment_method_missing)', async () => {
        // 'pix' is a pickup method; delivery lists Dinheiro and Crédito.
        const wrongList = await refused(deliveryOrder(near, { payment_method_id: 'pix' }));
        expect([wrongList.status, wrongList.json.message]).toEqual([422, 'payment_method_missing']);
        const none = await refused(pickupOrder({ payment_method_id: null }));
        expect([none.status, none.json.message]).toEqual([422, 'payment_method_missing']);
      });

      it('refuses change equal to the total and keeps change above it [R-5.43, R-3.16]', async () => {
        const equal = await refused(deliveryOrder(near, { payment_payback: 6450 }));
        expect([equal.status, equal.json.message]).toEqual([422, 'change_too_low']);
        const ok = await placeOk(ctx, maria, deliveryOrder(near, { payment_payback: 10000 }));
        expect(ok.order.payment_payback).toBe(10000);
        // A method without change (payback false) keeps none.
        const card = await placeOk(ctx, maria, deliveryOrder(near, { payment_method_id: 'credito', payment_payback: 10000 }));
        expect(card.order.payment_payback).toBeNull();
      });

      it('needs a valid CPF/CNPJ when the tax receipt is ticked [R-3.15, R-5.44]', async () => {
        const bad = await refused(pickupOrder({ tax_receipt: true, tax_id: '123.456.789-00' }));
        expect([bad.status, bad.json.message]).toEqual([422, 'invoice_document_missing']);
        const ok = await placeOk(ctx, maria, pickupOrder({ tax_receipt: true, tax_id: '529.982.247-25' }));
        expect(ok.order).toMatchObject({ tax_receipt: true, tax_id: '52998224725' });
      });

      it('answers 422 min_order with the formatted minimum', async () => {
        const { status, json } = await refused(pickupOrder({ products: [{ id: productId(C, 'refrigerante'), qnt: 2 }] }));
        expect(status).toBe(422);
        expect(json).toEqual({ message: 'min_order', params: { min_order: 'R$\u00a020,00' } });
      });

      it('delivers only to the user’s own address inside the radius', async () => {
        const missing = await refused(deliveryOrder(near, { address_id: null }));
        expect([missing.status, missing.json.message]).toEqual([422, 'address_missing']);
        const others = await refused(deliveryOrder(joaoAddress));
        expect([others.status, others.json.message]).toEqual([403, 'invalid_address']);
        const outside = await refused(deliveryOrder(far));
        expect([outside.status, outside.json.message]).toEqual([404, 'no_delivery_tax_found']);
      });

      it('requires the order variations and the product variations with a minimum (422 variations_required)', async () => {
        const noCutlery = await refused(pickupOrder({ order_variations: [] }));
        expect(noCutlery).toEqual({ status: 422, json: { message: 'variations_required', params: { list: 'Talheres (1)' } } });
        const noSize = await refused(pickupOrder({ products: [{ id: productId(C, 'margherita'), qnt: 1, variations: [] }] }));
        expect(noSize).toEqual({ status: 422, json: { message: 'variations_required', params: { list: 'Margherita: Tamanho (1)' } } });
      });

      it('takes each check option once and at most max options, in product lines and order variations alike (400 variation_invalid)', async () => {
        const margherita = (variations: unknown[]) => pickupOrder({ products: [{ id: productId(C, 'margherita'), qnt: 1, variations }] });
        const fieldOf = async (body: unknown) => {
          const r = await refused(body);
          return [r.status, r.json.message, r.json.fields?.map((f: { path: string; code: string }) => `${f.path} ${f.code}`)];
        };
        const productField = [400, 'invalid_body', ['products[0].variations variation_invalid']];
        const orderField = [400, 'invalid_body', ['order_variations variation_invalid']];
        // 'Tamanho' is check, max 1; 'Extras' is addremove, max 3.
        expect(await fieldOf(margherita([{ _id: 'tamanho', item_id: 'grande', qnt: 2 }]))).toEqual(productField);
        expect(
          await fieldOf(
            margherita([
              { _id: 'tamanho', item_id: 'grande', qnt: 1 },
              { _id: 'tamanho', item_id: 'media', qnt: 1 },
            ]),
          ),
        ).toEqual(productField);
        expect(
          await fieldOf(
            margherita([
              { _id: 'tamanho', item_id: 'grande', qnt: 1 },
              { _id: 'extras', item_id: 'bacon', qnt: 2 },
              { _id: 'extras', item_id: 'azeitona', qnt: 2 },
            ]),
          ),
        ).toEqual(productField);
        // 'Talheres' is check, max 1; 'Embalagem de presente' is addremove, max 2.
        expect(await fieldOf(pickupOrder({ order_variations: [{ ...TALHERES_SIM, qnt: 2 }] }))).toEqual(orderField);
        expect(await fieldOf(pickupOrder({ order_variations: [TALHERES_SIM, { _id: TALHERES_SIM._id, item_id: 'nao', qnt: 1 }] }))).toEqual(orderField);
        const embalagem = orderVariationId(C, 'embalagem');
        expect(await fieldOf(pickupOrder({ order_variations: [TALHERES_SIM, { _id: embalagem, item_id: 'caixa', qnt: 3 }] }))).toEqual(orderField);
        // At the maximum, both are taken.
        const atMax = await placeOrder(
          ctx,
          maria,
          pickupOrder({
            products: [
              {
                id: productId(C, 'margherita'),
                qnt: 1,
                variations: [
                  { _id: 'tamanho', item_id: 'media', qnt: 1 },
                  { _id: 'extras', item_id: 'bacon', qnt: 3 },
                ],
              },
            ],
            order_variations: [TALHERES_SIM, { _id: embalagem, item_id: 'caixa', qnt: 2 }],
          }),
        );
        expect(atMax.status).toBe(201);
      });

      it('refuses picks the catalogue does not have (400) and products it does not sell (422 product_unavailable)', async () => {
        const badItem = await refused(
          pickupOrder({ products: [{ id: productId(C, 'margherita'), qnt: 1, variations: [{ _id: 'tamanho', item_id: 'gigante', qnt: 1 }] }] }),
        );
        expect(badItem.status).toBe(400);
        expect(badItem.json.fields[0]).toMatchObject({ path: 'products[0].variations', code: 'variation_invalid' });
        const inactive = await refused(pickupOrder({ order_variations: [TALHERES_SIM, { _id: orderVariationId(C, 'antiga'), item_id: 'x', qnt: 1 }] }));
        expect(inactive.status).toBe(400);
        expect(inactive.json.fields[0]).toMatchObject({ path: 'order_variations' });
        const unknown = await refused(pickupOrder({ products: [{ id: productId('cantina-24h', 'refrigerante'), qnt: 5 }] }));
        expect([unknown.status, unknown.json.message]).toEqual([422, 'product_unavailable']);
      });

      it('refuses a product outside its availability window now, and a mandatory-schedule product without a schedule', async () => {
        const lunch = await refused(pickupOrder({ products: [{ id: productId(C, 'almoco'), qnt: 1 }] }));
        expect(lunch).toEqual({ status: 422, json: { message: 'product_unavailable', params: { name: 'Prato do dia' } } });
        const cake = await refused(pickupOrder({ products: [{ id: productId(C, 'bolo'), qnt: 1 }] }));
        expect([cake.status, cake.json.message]).toEqual([422, 'mandatory_schedule']);
        // Sunday 19:00: after Sunday's opening plus the preparation and the cake's 2 hours.
        const scheduled = await placeOk(
          ctx,
          maria,
          pickupOrder({ products: [{ id: productId(C, 'bolo'), qnt: 1 }], scheduled_at: '2025-01-05T19:00:00-03:00' }),
        );
        expect(scheduled.order.scheduled_at).toBe('2025-01-05T22:00:00Z');
      });

      it('refuses a valid schedule for a product that takes no scheduled order, naming it, and takes it for now', async () => {
        const soda = productId(C, 'refrigerante');
        await ctx.db.updateTable('products').set({ accept_scheduling: 0 }).where('id', '=', soda).execute();
        try {
          const later = await refused(pickupOrder({ scheduled_at: '2025-01-05T19:00:00-03:00' }));
          expect(later).toEqual({ status: 422, json: { message: 'schedule_invalid', params: { reason: 'product', name: 'Refrigerante Lata' } } });
          await placeOk(ctx, maria, pickupOrder());
        } finally {
          await ctx.db.updateTable('products').set({ accept_scheduling: 1 }).where('id', '=', soda).execute();
        }
      });

      it('while closed, forces a schedule and checks it in the establishment time zone', async () => {
        ctx.setNow('2025-01-04T05:00:00Z'); // Saturday 02:00 in São Paulo: closed
        try {
          const closed = await refused(pickupOrder());
          expect([closed.status, closed.json.message]).toEqual([422, 'closed_without_schedule']);
          const past = await refused(pickupOrder({ scheduled_at: '2025-01-03T22:00:00-03:00' }));
          expect([past.status, past.json.message]).toEqual([422, 'schedule_invalid']);
          const tooFar = await refused(pickupOrder({ scheduled_at: '2025-01-10T12:00:00-03:00' }));
          expect([tooFar.status, tooFar.json.message]).toEqual([422, 'schedule_invalid']);
          const ok = await placeOk(ctx, maria, pickupOrder({ scheduled_at: '2025-01-04T12:00:00-03:00' }));
          expect(ok.order.scheduled_at).toBe('2025-01-04T15:00:00Z');
        } finally {
          ctx.setNow(FRIDAY_20H);
        }
      });

      it('deducts credits in the same transaction, never below 0, total never below 0 [R-9.31]', async () => {
        await setCredits(mariaId, 1000);
        const partial = await placeOk(ctx, maria, pickupOrder({ use_credits: true }));
        expect(partial.order.totals).toMatchObject({ credits: 1000, total: 10440 });
        expect(await creditsOf(mariaId)).toBe(0);

        await setCredits(mariaId, 50000);
        const whole = await placeOk(ctx, maria, pickupOrder({ use_credits: true, payment_type: 'credits', payment_method_id: null }));
        expect(whole.order.totals).toMatchObject({ credits: 11440, total: 0 });
        expect(await creditsOf(mariaId)).toBe(38560);

        // Two orders at once against a balance that covers part of one: the balance never goes below
        // 0, and the second, priced after the first took the credits, pays its whole total.
        await setCredits(mariaId, 5000);
        const both = await Promise.all([
          placeOrder(ctx, maria, pickupOrder({ use_credits: true })),
          placeOrder(ctx, maria, pickupOrder({ use_credits: true })),
        ]);
        const bodies = await Promise.all(both.map((r) => r.json()));
        const used = bodies.filter((_, i) => both[i]!.status === 201).reduce((n, b) => n + b.order.totals.credits, 0);
        expect(used).toBe(5000);
        expect(await creditsOf(mariaId)).toBe(0);
        expect(both.map((r) => r.status)).toEqual([201, 201]);
        expect(bodies.map((b) => b.order.totals.credits).sort()).toEqual([0, 5000]);
        await setCredits(mariaId, 0);
      });
    });

    describe('reading orders', () => {
      let reader: Session;
      const ids: string[] = [];

      beforeAll(async () => {
        reader = (await registerUser(ctx, CENTRO)).session;
        for (let i = 0; i < 3; i++) ids.push((await placeOk(ctx, reader, pickupOrder())).order._id);
      });

      it('lists the user’s own orders with sort=-order, page, limit and fields [R-7.23, R-3.51]', async () => {
        const first = await ctx.call(`${ordersPath(CENTRO)}?sort=-order&page=1&limit=2`, { headers: { Cookie: `sid_${CENTRO}=${reader.token}` } });
        expect(first.status).toBe(200);
        const page1 = await first.json();
        expect(page1).toMatchObject({ page: 1, limit: 2, total: 3 });
        expect(page1.orders.map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]]);
        const page2 = await (
          await ctx.call(`${ordersPath(CENTRO)}?sort=-order&page=2&limit=2`, { headers: { Cookie: `sid_${CENTRO}=${reader.token}` } })
        ).json();
        expect(page2.orders.map((o: { _id: string }) => o._id)).toEqual([ids[0]]);
        const asc = await (
          await ctx.call(`${ordersPath(CENTRO)}?sort=order&fields=status,created_at,delivery_type,evaluation,order`, {
            headers: { Cookie: `sid_${CENTRO}=${reader.token}` },
          })
        ).json();
        expect(asc.orders.map((o: { _id: string }) => o._id)).toEqual(ids);
        expect(Object.keys(asc.orders[0]).sort()).toEqual(['_id', 'created_at', 'delivery_type', 'evaluation', 'order', 'status']);
        const bad = await ctx.call(`${ordersPath(CENTRO)}?limit=101&fields=password`, { headers: { Cookie: `sid_${CENTRO}=${reader.token}` } });
        expect(bad.status).toBe(400);
        const anonymous = await ctx.call(ordersPath(CENTRO));
        expect(anonymous.status).toBe(401);
      });

      it('answers one order with an ETag and 304 while it is unchanged [R-7.24]', async () => {
        const path = `${ordersPath(CENTRO)}/${ids[0]}`;
        const headers = { Cookie: `sid_${CENTRO}=${reader.token}` };
        const res = await ctx.call(path, { headers });
        expect(res.status).toBe(200);
        const etag = res.headers.get('etag')!;
        expect(etag).toMatch(/^".+"$/);
        expect(res.headers.get('cache-control')).toBe('private, no-cache');
        expect((await res.json())._id).toBe(ids[0]);
        const again = await ctx.call(path, { headers: { ...headers, 'If-None-Match': etag } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');

        await setStatus(ctx, CENTRO, ids[0]!, { status: 'confirmed' }, apiKeyHeaders(apiKey));
        const changed = await ctx.call(path, { headers: { ...headers, 'If-None-Match': etag } });
        expect(changed.status).toBe(200);
        expect(changed.headers.get('etag')).not.toBe(etag);
        expect((await changed.json()).status).toBe('confirmed');
      });

      it('hides other users’ orders (404 order_not_found)', async () => {
        const res = await ctx.call(`${ordersPath(CENTRO)}/${ids[1]}`, { headers: { Cookie: `sid_${CENTRO}=${maria.token}` } });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'order_not_found' });
      });

      it('lets the establishment read every order with its API key, with the customer', async () => {
        const res = await ctx.call(`${ordersPath(CENTRO)}/${ids[1]}`, { headers: { 'X-Api-Key': apiKey } });
        expect(res.status).toBe(200);
        expect((await res.json()).customer).toMatchObject({ name: 'Maria da Silva' });
        const list = await (await ctx.call(`${ordersPath(CENTRO)}?limit=100`, { headers: apiKeyHeaders(apiKey) })).json();
        expect(list.total).toBeGreaterThan(3);
        const wrong = await ctx.call(`${ordersPath(CENTRO)}/${ids[1]}`, { headers: apiKeyHeaders('x'.repeat(43)) });
        expect([wrong.status, (await wrong.json()).message]).toEqual([401, 'invalid_api_key']);
        const otherKey = await createEstablishmentKey(ctx.db, estId('cantina-24h'), 'other');
        const foreign = await ctx.call(`${ordersPath(CENTRO)}/${ids[1]}`, { headers: apiKeyHeaders(otherKey) });
        expect(foreign.status).toBe(401);
      });
    });

    describe('status changes', () => {
      it('lets the customer cancel a registered order with cancellation_type client and a reason [R-4.65, R-7.25]', async () => {
        await setCredits(mariaId, 2000);
        const { _id } = await placeOk(ctx, maria, pickupOrder({ use_credits: true }));
        expect(await creditsOf(mariaId)).toBe(0);
        const headers = { Cookie: `sid_${CENTRO}=${maria.token}` };

        const noReason = await setStatus(ctx, CENTRO, _id, { status: 'canceled', cancellation_type: 'client', cancellation_reason: '  ' }, headers);
        expect(noReason.status).toBe(400);
        const notClient = await setStatus(ctx, CENTRO, _id, { status: 'canceled', cancellation_type: 'establishment', cancellation_reason: 'x' }, headers);
        expect(notClient.status).toBe(400);
        const confirm = await setStatus(ctx, CENTRO, _id, { status: 'confirmed' }, headers);
        expect([confirm.status, (await confirm.json()).message]).toEqual([403, 'status_change_not_allowed']);

        const res = await setStatus(ctx, CENTRO, _id, { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Pedi errado' }, headers);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ _id, status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Pedi errado' });
        // Credits used by a canceled order come back.
        expect(await creditsOf(mariaId)).toBe(2000);
        const twice = await setStatus(ctx, CENTRO, _id, { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'De novo' }, headers);
        expect([twice.status, (await twice.json()).message]).toEqual([409, 'order_cannot_be_canceled']);
        expect(await creditsOf(mariaId)).toBe(2000);
        await setCredits(mariaId, 0);
      });

      it('lets the establishment confirm, complete or cancel along the allowed transitions only', async () => {
        const key = apiKeyHeaders(apiKey);
        const { _id } = await placeOk(ctx, maria, pickupOrder());
        const customer = { Cookie: `sid_${CENTRO}=${maria.token}` };
        expect((await setStatus(ctx, CENTRO, _id, { status: 'complete' }, key)).status).toBe(409);
        const confirmed = await setStatus(ctx, CENTRO, _id, { status: 'confirmed' }, key);
        expect((await confirmed.json()).status).toBe('confirmed');
        // Confirmed: the customer can no longer cancel.
        const late = await setStatus(ctx, CENTRO, _id, { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Demorou' }, customer);
        expect([late.status, (await late.json()).message]).toEqual([409, 'order_cannot_be_canceled']);
        const complete = await setStatus(ctx, CENTRO, _id, { status: 'complete' }, key);
        expect((await complete.json()).status).toBe('complete');
        const cancel = await setStatus(ctx, CENTRO, _id, { status: 'canceled' }, key);
        expect([cancel.status, (await cancel.json()).message]).toEqual([409, 'invalid_status_transition']);

        const other = await placeOk(ctx, maria, pickupOrder());
        const canceled = await setStatus(ctx, CENTRO, other._id, { status: 'canceled', cancellation_reason: 'Sem massa' }, { 'X-Api-Key': apiKey });
        expect(await canceled.json()).toMatchObject({ status: 'canceled', cancellation_type: 'establishment', cancellation_reason: 'Sem massa' });
      });
    });

    // The payload of spec section 3 'Order payload', field by field, as a caller sends it.
    describe('the order payload', () => {
      const fieldsOf = (json: any): string[] => (json.fields ?? []).map((f: { path: string }) => f.path);

      it('takes every field of the spec and each one reaches the stored order [R-3.10]', async () => {
        await setCredits(mariaId, 700);
        const body = {
          delivery_type: 'delivery',
          payment_type: 'offline',
          platform: 'web',
          products: [
            { id: productId(C, 'margherita'), qnt: 1, note: 'bem assada', variations: [{ _id: 'tamanho', item_id: 'media', qnt: 1 }] },
            { id: productId(C, 'refrigerante'), qnt: 2, note: '', variations: [] },
          ],
          order_variations: [TALHERES_SIM, { _id: orderVariationId(C, 'embalagem'), item_id: 'caixa', qnt: 1 }],
          note: 'Portão azul',
          use_credits: true,
          coupon_id: null,
          achievement_id: null,
          // Saturday 12:00 in São Paulo: open, inside the 3 days.
          scheduled_at: '2025-01-04T12:00:00-03:00',
          tax_receipt: true,
          tax_id: '529.982.247-25',
          payment_payback: 20000,
          payment_method_id: 'dinheiro',
          // An offline order travels without a card.
          payment_card: null,
          payment_card_details: null,
          address_id: near,
        };
        expect(Object.keys(body).sort()).toEqual(
          [
            'delivery_type',
            'payment_type',
            'platform',
            'products',
            'order_variations',
            'note',
            'use_credits',
            'coupon_id',
            'achievement_id',
            'scheduled_at',
            'tax_receipt',
            'tax_id',
            'payment_payback',
            'payment_method_id',
            'payment_card',
            'payment_card_details',
            'address_id',
          ].sort(),
        );
        const { order } = await placeOk(ctx, maria, body);
        expect(order).toMatchObject({
          delivery_type: 'delivery',
          payment_type: 'offline',
          payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
          payment_payback: 20000,
          note: 'Portão azul',
          scheduled_at: '2025-01-04T15:00:00Z',
          tax_receipt: true,
          tax_id: '52998224725',
          address: { _id: near, street: 'Rua das Flores' },
        });
        expect(
          order.items.map((i: { name: string; qnt: number; note: string; variations: { item_id: string }[] }) => [
            i.name,
            i.qnt,
            i.note,
            i.variations.map((v) => v.item_id),
          ]),
        ).toEqual([
          ['Margherita', 1, 'bem assada', ['media']],
          ['Refrigerante Lata', 2, '', []],
        ]);
        expect(order.order_variations.map((v: { item_id: string; qnt: number }) => [v.item_id, v.qnt])).toEqual([
          ['sim', 1],
          ['caixa', 1],
        ]);
        expect(order.totals.order_variations_total).toBe(200);
        // use_credits took the whole balance off the total.
        expect(order.totals.credits).toBe(700);
        expect(await creditsOf(mariaId)).toBe(0);
      });

      it('takes delivery_type pickup or delivery (and local where the establishment offers it), nothing else [R-3.11]', async () => {
        expect((await placeOk(ctx, maria, pickupOrder({ delivery_type: 'pickup' }))).order.delivery_type).toBe('pickup');
        expect((await placeOk(ctx, maria, deliveryOrder(near, { delivery_type: 'delivery' }))).order.delivery_type).toBe('delivery');
        // 'local' (decisions #13) is a known type that cantina-centro does not offer: a business refusal, not a shape error.
        const local = await refused(pickupOrder({ delivery_type: 'local' }));
        expect([local.status, local.json.message]).toEqual([403, 'delivery_type_not_available']);
        for (const delivery_type of ['drone', 'Pickup', '', null, 1]) {
          const r = await refused(pickupOrder({ delivery_type }));
          expect([r.status, r.json.message, fieldsOf(r.json)], String(delivery_type)).toEqual([400, 'invalid_body', ['delivery_type']]);
        }
        const { delivery_type: _left, ...without } = pickupOrder();
        const missing = await refused(without);
        expect([missing.status, fieldsOf(missing.json)]).toEqual([400, ['delivery_type']]);
      });

      it('takes payment_type online, offline, pix or credits, nothing else [R-3.12]', async () => {
        expect((await placeOk(ctx, maria, pickupOrder({ payment_type: 'offline' }))).order.payment_type).toBe('offline');
        // The other three are payment types of the payload: the shape takes them, and the business
        // rules decide (this establishment takes no card or Pix; credits must pay the whole order).
        for (const payment_type of ['online', 'pix', 'credits']) {
          const r = await refused(pickupOrder({ payment_type }));
          expect(r.status, payment_type).not.toBe(400);
        }
        for (const payment_type of ['cheque', 'cash', 'OFFLINE', '', null]) {
          const r = await refused(pickupOrder({ payment_type }));
          expect([r.status, r.json.message, fieldsOf(r.json)], String(payment_type)).toEqual([400, 'invalid_body', ['payment_type']]);
        }
      });

      it("takes platform 'web' only [R-3.13]", async () => {
        expect((await placeOrder(ctx, maria, pickupOrder({ platform: 'web' }))).status).toBe(201);
        for (const platform of ['ios', 'android', 'WEB', '', null]) {
          const r = await refused(pickupOrder({ platform }));
          expect([r.status, r.json.message, fieldsOf(r.json)], String(platform)).toEqual([400, 'invalid_body', ['platform']]);
        }
        const { platform: _left, ...without } = pickupOrder();
        expect(fieldsOf((await refused(without)).json)).toEqual(['platform']);
      });

      it('takes scheduled_at as an ISO-8601 instant with its offset, stored as that instant [R-3.14]', async () => {
        // Saturday 12:00 in São Paulo, written three ways.
        for (const scheduled_at of ['2025-01-04T12:00:00-03:00', '2025-01-04T15:00:00Z', '2025-01-04T15:00:00.000Z', '2025-01-04T12:00-03:00']) {
          const { order } = await placeOk(ctx, maria, pickupOrder({ scheduled_at }));
          expect(order.scheduled_at, scheduled_at).toBe('2025-01-04T15:00:00Z');
        }
        expect((await placeOk(ctx, maria, pickupOrder({ scheduled_at: null }))).order.scheduled_at).toBeNull();
        // A local time without an offset would be read in some zone nobody chose; dates in other formats, a day alone, a number: refused.
        for (const scheduled_at of ['2025-01-04T12:00:00', '04/01/2025 12:00', '2025-01-04', 'amanhã 12h', 1735999200000]) {
          const r = await refused(pickupOrder({ scheduled_at }));
          expect([r.status, r.json.message, fieldsOf(r.json)], String(scheduled_at)).toEqual([400, 'invalid_body', ['scheduled_at']]);
        }
      });

      it("describes each payment method as _id, name and payback, and the order keeps the chosen one's [R-3.37]", async () => {
        const res = await ctx.call(`/api/establishments/${CENTRO}?fields=preferences`);
        expect(res.status).toBe(200);
        const prefs = (await res.json()).preferences;
        for (const list of ['delivery_payment_methods', 'pickup_payment_methods'] as const) {
          expect(prefs[list].length, list).toBeGreaterThan(0);
          for (const method of prefs[list]) {
            expect(Object.keys(method).sort(), list).toEqual(['_id', 'name', 'payback']);
            expect(typeof method.payback).toBe('boolean');
          }
        }
        expect(prefs.delivery_payment_methods).toEqual([
          { _id: 'dinheiro', name: 'Dinheiro', payback: true },
          { _id: 'credito', name: 'Cartão de crédito', payback: false },
        ]);
        // The payback flag decides whether the change travels with the order.
        const cash = await placeOk(ctx, maria, deliveryOrder(near, { payment_method_id: 'dinheiro', payment_payback: 10000 }));
        expect([cash.order.payment_method, cash.order.payment_payback]).toEqual([{ _id: 'dinheiro', name: 'Dinheiro', payback: true }, 10000]);
        const card = await placeOk(ctx, maria, deliveryOrder(near, { payment_method_id: 'credito', payment_payback: 10000 }));
        expect([card.order.payment_method, card.order.payment_payback]).toEqual([{ _id: 'credito', name: 'Cartão de crédito', payback: false }, null]);
      });
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: FRIDAY_20H },
);
