// The establishment's sold-out switch (PUT .../products/{productId}/sold-out and
// .../variations/{variationId}/items/{itemId}/sold-out, API key): what the product answer says
// afterwards, that the pages are rendered again each time, that a send holding a sold-out product or
// item is refused and writes nothing, who may call it, and that taps at once never undo each other.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { registerUser, cookieHeaders, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, placeOrder } from './helpers/orders.ts';
import { CANTINA_24H, estId, loadOrderFixtures, pickupOrder, productId } from './helpers/order-fixtures.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';

const C = 'cantina-centro';
const CENTRO = estId(C);
const H24 = estId('cantina-24h');
const MARGHERITA = productId(C, 'margherita');
const REFRIGERANTE = productId(C, 'refrigerante');
// The establishment's page renderer, as the server passes it: here it records what it was asked.
const rendered: string[] = [];

forEachDatabase(
  'sold-out',
  (getCtx) => {
    let ctx: TestContext;
    let key: string;
    let otherKey: string;
    let maria: Session;
    let mariaId: string;

    const markProduct = (product: string, soldOut: unknown, headers: Record<string, string> = apiKeyHeaders(key), id = CENTRO) =>
      ctx.call(`/api/establishments/${id}/products/${product}/sold-out`, { method: 'PUT', body: { sold_out: soldOut }, headers });
    const markItem = (product: string, variation: string, item: string, soldOut: boolean, headers: Record<string, string> = apiKeyHeaders(key)) =>
      ctx.call(`/api/establishments/${CENTRO}/products/${product}/variations/${variation}/items/${item}/sold-out`, {
        method: 'PUT',
        body: { sold_out: soldOut },
        headers,
      });
    const product = async (id: string, est = CENTRO) => (await ctx.call(`/api/establishments/${est}/products/${id}`)).json();
    const itemOf = (p: { variations: { _id: string; items: { _id: string; sold_out?: boolean }[] }[] }, variation: string, item: string) =>
      p.variations.find((g) => g._id === variation)?.items.find((i) => i._id === item);
    const ordersOf = (userId: string) => ctx.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      key = await createEstablishmentKey(ctx.db, CENTRO, 'test');
      otherKey = await createEstablishmentKey(ctx.db, H24, 'test');
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaId = m.user._id;
    });
    afterAll(() => closePgPool(ctx.db));

    it('marks a product sold out and back, idempotently, rendering the pages after each change', async () => {
      expect((await product(REFRIGERANTE)).sold_out).toBe(false);
      rendered.length = 0;

      let res = await markProduct(REFRIGERANTE, true);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ product_id: REFRIGERANTE, variation_id: null, item_id: null, sold_out: true, pages: 3 });
      expect((await product(REFRIGERANTE)).sold_out).toBe(true);
      // The list answers carry it too (the catalogue's cards).
      const list = await (await ctx.call(`/api/establishments/${CENTRO}/products?fields=name,sold_out&limit=50`)).json();
      expect(list.items.find((p: { _id: string }) => p._id === REFRIGERANTE)).toEqual({ _id: REFRIGERANTE, name: 'Refrigerante Lata', sold_out: true });

      res = await markProduct(REFRIGERANTE, true);
      expect(await res.json()).toMatchObject({ sold_out: true });
      expect((await product(REFRIGERANTE)).sold_out).toBe(true);

      res = await markProduct(REFRIGERANTE, false);
      expect(await res.json()).toMatchObject({ sold_out: false });
      expect((await product(REFRIGERANTE)).sold_out).toBe(false);
      expect(rendered).toEqual([C, C, C]);
    });

    it('marks one item of a variation group sold out and back, leaving the others and the product as they were', async () => {
      let res = await markItem(MARGHERITA, 'tamanho', 'grande', true);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ product_id: MARGHERITA, variation_id: 'tamanho', item_id: 'grande', sold_out: true, pages: 3 });
      let p = await product(MARGHERITA);
      expect(itemOf(p, 'tamanho', 'grande')).toMatchObject({ name: 'Grande', price: 1000, sold_out: true });
      expect(itemOf(p, 'tamanho', 'media')?.sold_out).toBeUndefined();
      expect(p.sold_out).toBe(false);

      res = await markItem(MARGHERITA, 'tamanho', 'grande', true);
      expect(await res.json()).toMatchObject({ sold_out: true });
      res = await markItem(MARGHERITA, 'tamanho', 'grande', false);
      expect(await res.json()).toMatchObject({ sold_out: false });
      p = await product(MARGHERITA);
      expect(itemOf(p, 'tamanho', 'grande')?.sold_out).toBeUndefined();
    });

    it('refuses a send holding a sold-out product or a sold-out picked item with its code, writing nothing; on sale again it goes through', async () => {
      const before = (await ordersOf(mariaId)).length;
      await markProduct(REFRIGERANTE, true);
      let res = await placeOrder(ctx, maria, pickupOrder());
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ message: 'product_sold_out', params: { name: 'Refrigerante Lata' } });
      await markProduct(REFRIGERANTE, false);

      await markItem(MARGHERITA, 'extras', 'bacon', true);
      res = await placeOrder(ctx, maria, pickupOrder());
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ message: 'variation_item_sold_out', params: { name: 'Margherita', item: 'Bacon' } });
      // An item sold out but not picked does not stand in the way.
      const withoutBacon = pickupOrder();
      (withoutBacon.products as { variations: unknown[] }[])[0]!.variations = [{ _id: 'tamanho', item_id: 'grande', qnt: 1 }];
      expect((await ordersOf(mariaId)).length).toBe(before);
      res = await placeOrder(ctx, maria, withoutBacon);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);

      await markItem(MARGHERITA, 'extras', 'bacon', false);
      res = await placeOrder(ctx, maria, pickupOrder());
      expect(res.status).toBe(201);
      expect((await ordersOf(mariaId)).length).toBe(before + 2);
    });

    it("answers 404 for another establishment's product and for an item the product does not have, changing nothing", async () => {
      const theirs = productId('cantina-24h', 'refrigerante');
      let res = await markProduct(theirs, true);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'product_not_found' });
      expect((await product(theirs, H24)).sold_out).toBe(false);

      res = await markItem(MARGHERITA, 'tamanho', 'familia', true);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'variation_item_not_found' });
      res = await markItem(MARGHERITA, 'sabores', 'grande', true);
      expect(res.status).toBe(404);
      res = await markItem(theirs, 'tamanho', 'grande', true);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'product_not_found' });
    });

    it("refuses a customer's session (403), another establishment's key and no key (401), and a body that is no boolean (400)", async () => {
      const asCustomer = await markProduct(REFRIGERANTE, true, cookieHeaders(maria));
      expect(asCustomer.status).toBe(403);
      expect(await asCustomer.json()).toMatchObject({ message: 'establishment_key_required' });
      const itemAsCustomer = await markItem(MARGHERITA, 'tamanho', 'grande', true, cookieHeaders(maria));
      expect(itemAsCustomer.status).toBe(403);
      expect((await markProduct(REFRIGERANTE, true, apiKeyHeaders(otherKey))).status).toBe(401);
      expect((await markProduct(REFRIGERANTE, true, {})).status).toBe(401);
      const notBoolean = await markProduct(REFRIGERANTE, 'sim');
      expect(notBoolean.status).toBe(400);
      expect((await product(REFRIGERANTE)).sold_out).toBe(false);
      expect(itemOf(await product(MARGHERITA), 'tamanho', 'grande')?.sold_out).toBeUndefined();
    });

    it('keeps what a catalogue file says: sold_out on a product and on an item, false when absent, and the import replaces the taps', async () => {
      const theirs = productId('cantina-24h', 'refrigerante');
      const suco = productId('cantina-24h', 'suco');
      const sabores = {
        _id: 'sabor',
        name: 'Sabor',
        layout: 'check' as const,
        min: 1,
        max: 1,
        price_rule: 1,
        items: [
          { _id: 'laranja', name: 'Laranja', price: 0, sold_out: true },
          { _id: 'uva', name: 'Uva', price: 0 },
        ],
      };
      await loadCatalogue(ctx.db, {
        ...CANTINA_24H,
        categories: [
          {
            _id: 'cardapio',
            name: 'Cardápio',
            products: [
              { _id: 'refrigerante', name: 'Refrigerante Lata', price: 600, sold_out: true },
              { _id: 'suco', name: 'Suco', price: 800, variations: [sabores] },
            ],
          },
        ],
      });
      expect((await product(theirs, H24)).sold_out).toBe(true);
      const p = await product(suco, H24);
      expect(p.sold_out).toBe(false);
      expect(itemOf(p, 'sabor', 'laranja')?.sold_out).toBe(true);
      expect(itemOf(p, 'sabor', 'uva')?.sold_out).toBeUndefined();
      // The file is the whole catalogue again: imported anew, what it says wins over a tap.
      await loadCatalogue(ctx.db, CANTINA_24H);
      expect((await product(theirs, H24)).sold_out).toBe(false);
    });

    it('ends with every one of 20 taps at once applied: items of one product never undo each other', async () => {
      const targets = [
        ['tamanho', 'media'],
        ['tamanho', 'grande'],
        ['extras', 'bacon'],
        ['extras', 'azeitona'],
      ] as const;
      for (const soldOut of [true, false]) {
        const taps = Array.from({ length: 20 }, (_, i) => {
          const target = targets[i % 5];
          return target ? markItem(MARGHERITA, target[0], target[1], soldOut) : markProduct(MARGHERITA, soldOut);
        });
        const answers = await Promise.all(taps);
        expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
        const p = await product(MARGHERITA);
        expect(p.sold_out).toBe(soldOut);
        for (const [variation, item] of targets) expect(itemOf(p, variation, item)?.sold_out === true).toBe(soldOut);
      }
    });
  },
  {
    deps: {
      rerender: async (slug) => {
        rendered.push(slug);
        return { pages: 3 };
      },
    },
  },
);
