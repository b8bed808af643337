// Catalogue calls of one establishment: discounted products, categories, products (filters,
// search, sort, pages), one product, order variations, feedbacks.
import { describe, it, expect } from 'vitest';
import { forEachDatabase } from './helpers/databases.ts';
import { categoryId, estId, loadAllFixtures, productId, variationId } from './helpers/fixtures.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const antiga = estId('bella-antiga');
const cat = (key: string) => categoryId('bella-centro', key);
const prod = (key: string) => productId('bella-centro', key);

type Named = { name: string };
const names = (items: Named[]) => items.map((p) => p.name);

/** The 27 products of bella-centro in menu order (category order, then product order). */
const MENU = [
  'Margherita',
  'Calabresa',
  'Frango com Catupiry',
  'Pão de Açúcar',
  ...Array.from({ length: 18 }, (_, i) => `Pizza Sabor ${String(i + 1).padStart(2, '0')}`),
  'Chocolate com Morango',
  'Banana com Canela',
  'Refrigerante Lata',
  'Chopp Artesanal',
  'Suco Natural',
];

forEachDatabase(
  'catalogue routes',
  (ctx) => {
    const json = async (path: string) => {
      const res = await ctx().call(path);
      return { status: res.status, body: await res.json() };
    };

    describe('unknown establishments', () => {
      it('answer 404 establishment_not_found on every nested route, also for inactive ones', async () => {
        for (const id of ['naoexiste1', antiga]) {
          for (const path of [
            'discounted-products',
            'categories',
            `categories/${cat('pizzas')}`,
            'products',
            `products/${prod('margherita')}`,
            'order-variations',
            'office-hours',
          ]) {
            expect(await json(`/api/establishments/${id}/${path}`), path).toEqual({ status: 404, body: { message: 'establishment_not_found' } });
          }
          const post = await ctx().call(`/api/establishments/${id}/feedbacks`, { method: 'POST', body: { message: 'Olá' } });
          expect(post.status).toBe(404);
          expect(await post.json()).toEqual({ message: 'establishment_not_found' });
        }
      });
    });

    describe('GET /establishments/{id}/discounted-products', () => {
      it('answers the promo products in menu order [R-7.14]', async () => {
        const { status, body } = await json(`/api/establishments/${centro}/discounted-products`);
        expect(status).toBe(200);
        expect(body.map((p: { _id: string }) => p._id)).toEqual([prod('calabresa'), prod('chocolate')]);
        expect(body[0]).toMatchObject({ name: 'Calabresa', price: 3990, normal_price: 4990, promo: true });
        const other = await json(`/api/establishments/${paulista}/discounted-products`);
        expect(names(other.body)).toEqual(['Margherita']);
      });
    });

    describe('GET /establishments/{id}/categories', () => {
      it('answers every category, flat, in menu order by default [R-7.15]', async () => {
        const { status, body } = await json(`/api/establishments/${centro}/categories`);
        expect(status).toBe(200);
        expect(body).toEqual([
          { _id: cat('pizzas'), name: 'Pizzas salgadas', desc: 'Massa fina', parent_id: null, sort: 0, product_count: 22 },
          { _id: cat('doces'), name: 'Pizzas doces', desc: '', parent_id: cat('pizzas'), sort: 1, product_count: 2 },
          { _id: cat('bebidas'), name: 'Bebidas', desc: '', parent_id: null, sort: 2, product_count: 3 },
          { _id: cat('sobremesas'), name: 'Sobremesas', desc: '', parent_id: null, sort: 3, product_count: 0 },
        ]);
      });

      it('drops empty categories with type=only_with_products [R-7.15]', async () => {
        const { body } = await json(`/api/establishments/${centro}/categories?type=only_with_products`);
        expect(names(body)).toEqual(['Pizzas salgadas', 'Pizzas doces', 'Bebidas']);
      });

      it('nests children under their parents with type=tree [R-7.15]', async () => {
        const { body } = await json(`/api/establishments/${centro}/categories?type=tree`);
        expect(body.map((c: { _id: string; children: { _id: string }[] }) => [c._id, c.children.map((x) => x._id)])).toEqual([
          [cat('pizzas'), [cat('doces')]],
          [cat('bebidas'), []],
          [cat('sobremesas'), []],
        ]);
        expect(body[0].children[0]).toEqual({
          _id: cat('doces'),
          name: 'Pizzas doces',
          desc: '',
          parent_id: cat('pizzas'),
          sort: 1,
          product_count: 2,
          children: [],
        });
      });

      it('answers 400 invalid_query for another type', async () => {
        const { status, body } = await json(`/api/establishments/${centro}/categories?type=todas`);
        expect(status).toBe(400);
        expect(body.message).toBe('invalid_query');
        expect(body.fields[0].path).toBe('type');
      });
    });

    describe('GET /establishments/{id}/categories/{categoryId}', () => {
      it('answers one category [R-7.16]', async () => {
        expect(await json(`/api/establishments/${centro}/categories/${cat('bebidas')}`)).toEqual({
          status: 200,
          body: { _id: cat('bebidas'), name: 'Bebidas', desc: '', parent_id: null, sort: 2, product_count: 3 },
        });
      });

      it("answers 404 category_not_found for unknown ids and another establishment's category [R-7.16]", async () => {
        expect(await json(`/api/establishments/${centro}/categories/naoexiste1`)).toEqual({ status: 404, body: { message: 'category_not_found' } });
        const foreign = categoryId('bella-paulista', 'pizzas');
        expect(await json(`/api/establishments/${centro}/categories/${foreign}`)).toEqual({ status: 404, body: { message: 'category_not_found' } });
      });
    });

    describe('GET /establishments/{id}/products', () => {
      it('answers pages of 20 by default, in menu order [R-7.17]', async () => {
        const first = await json(`/api/establishments/${centro}/products`);
        expect(first.status).toBe(200);
        expect(first.body.total).toBe(27);
        expect(first.body.page).toBe(1);
        expect(first.body.limit).toBe(20);
        expect(names(first.body.items)).toEqual(MENU.slice(0, 20));
        const second = await json(`/api/establishments/${centro}/products?page=2`);
        expect(second.body).toMatchObject({ total: 27, page: 2, limit: 20 });
        expect(names(second.body.items)).toEqual(MENU.slice(20));
        const beyond = await json(`/api/establishments/${centro}/products?page=3`);
        expect(beyond.body).toEqual({ items: [], total: 27, page: 3, limit: 20 });
      });

      it('honours limit and page together [R-7.17]', async () => {
        const { body } = await json(`/api/establishments/${centro}/products?limit=5&page=2`);
        expect(body).toMatchObject({ total: 27, page: 2, limit: 5 });
        expect(names(body.items)).toEqual(MENU.slice(5, 10));
        expect((await json(`/api/establishments/${centro}/products?limit=100`)).body.items).toHaveLength(27);
      });

      it('filters by category_id [R-7.17]', async () => {
        const { body } = await json(`/api/establishments/${centro}/products?category_id=${cat('bebidas')}`);
        expect(body.total).toBe(3);
        expect(names(body.items)).toEqual(['Refrigerante Lata', 'Chopp Artesanal', 'Suco Natural']);
        expect((await json(`/api/establishments/${centro}/products?category_id=${cat('sobremesas')}`)).body).toEqual({
          items: [],
          total: 0,
          page: 1,
          limit: 20,
        });
      });

      it('filters by accept_delivery and accept_pickup [R-7.17]', async () => {
        const delivery = await json(`/api/establishments/${centro}/products?accept_delivery=true&limit=100`);
        expect(delivery.body.total).toBe(26);
        expect(names(delivery.body.items)).not.toContain('Chopp Artesanal');
        const pickup = await json(`/api/establishments/${centro}/products?accept_pickup=true&limit=100`);
        expect(pickup.body.total).toBe(26);
        expect(names(pickup.body.items)).not.toContain('Suco Natural');
        const both = await json(`/api/establishments/${centro}/products?accept_delivery=true&accept_pickup=true&category_id=${cat('bebidas')}`);
        expect(names(both.body.items)).toEqual(['Refrigerante Lata']);
        // false means 'no filter', not 'only products without it'.
        expect((await json(`/api/establishments/${centro}/products?accept_delivery=false`)).body.total).toBe(27);
      });

      it('sorts by name and price, both directions [R-7.17]', async () => {
        const base = `/api/establishments/${centro}/products?category_id=${cat('bebidas')}`;
        expect(names((await json(`${base}&sort=name`)).body.items)).toEqual(['Chopp Artesanal', 'Refrigerante Lata', 'Suco Natural']);
        expect(names((await json(`${base}&sort=-name`)).body.items)).toEqual(['Suco Natural', 'Refrigerante Lata', 'Chopp Artesanal']);
        const cheap = await json(`/api/establishments/${centro}/products?sort=price&limit=3`);
        expect(cheap.body.items.map((p: { price: number }) => p.price)).toEqual([600, 900, 1500]);
        const dear = await json(`/api/establishments/${centro}/products?sort=-price&limit=4`);
        expect(dear.body.items.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
          ['Pão de Açúcar', 5290],
          ['Pizza Sabor 18', 4800],
          ['Frango com Catupiry', 4790],
          ['Pizza Sabor 17', 4700],
        ]);
      });

      it('searches q in name and description ignoring accents and case [R-5.99]', async () => {
        const path = (q: string) => `/api/establishments/${centro}/products?q=${encodeURIComponent(q)}`;
        for (const q of ['catupiry', 'CATUPÍRY', 'frango COM']) {
          const { body } = await json(path(q));
          expect(names(body.items), q).toEqual(['Frango com Catupiry']);
          expect(body.total, q).toBe(1);
        }
        for (const q of ['pao de acucar', 'PÃO DE AÇÚCAR', 'açucar']) expect(names((await json(path(q))).body.items), q).toEqual(['Pão de Açúcar']);
        // 'manjericao' is only in Margherita's description.
        expect(names((await json(path('MANJERICAO'))).body.items)).toEqual(['Margherita']);
        expect((await json(path('lasanha'))).body).toEqual({ items: [], total: 0, page: 1, limit: 20 });
      });

      it('does not filter by text when q is empty or blank [R-5.100]', async () => {
        expect((await json(`/api/establishments/${centro}/products?q=`)).body.total).toBe(27);
        expect((await json(`/api/establishments/${centro}/products?q=%20%20`)).body.total).toBe(27);
      });

      it('keeps only the requested fields, plus _id [R-7.17]', async () => {
        const { body } = await json(`/api/establishments/${centro}/products?fields=name,price&limit=2`);
        expect(body.items).toEqual([
          { _id: prod('margherita'), name: 'Margherita', price: 4590 },
          { _id: prod('calabresa'), name: 'Calabresa', price: 3990 },
        ]);
      });

      it('answers 400 invalid_query with the field paths of invalid values [R-7.17]', async () => {
        const cases: Array<[string, string]> = [
          ['page=0', 'page'],
          ['page=abc', 'page'],
          ['limit=0', 'limit'],
          ['limit=101', 'limit'],
          ['sort=preco', 'sort'],
          ['accept_delivery=sim', 'accept_delivery'],
          ['fields=name,segredo', 'fields'],
          ['category_id=a%20b', 'category_id'],
        ];
        for (const [qs, path] of cases) {
          const { status, body } = await json(`/api/establishments/${centro}/products?${qs}`);
          expect(status, qs).toBe(400);
          expect(body.message, qs).toBe('invalid_query');
          expect(
            body.fields.map((f: { path: string }) => f.path),
            qs,
          ).toEqual([path]);
        }
        const two = await json(`/api/establishments/${centro}/products?page=0&limit=500`);
        expect(two.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['limit', 'page']);
      });
    });

    describe('GET /establishments/{id}/products/{productId}', () => {
      it('answers one product with every field [R-7.18, R-3.29]', async () => {
        expect(await json(`/api/establishments/${centro}/products/${prod('margherita')}`)).toEqual({
          status: 200,
          body: {
            _id: prod('margherita'),
            name: 'Margherita',
            desc: 'Tomate, muçarela e manjericão',
            image: 'https://img.example/margherita.jpg',
            note: 'Serve 2 pessoas',
            price: 4590,
            normal_price: null,
            starting_price: false,
            promo: false,
            hide_price: false,
            category_id: cat('pizzas'),
            sort: 0,
            delivery_type: ['delivery', 'pickup'],
            availabilities: [{ wday: 6, start_at: 1800, stop_at: 2300 }],
            mandatory_schedule: false,
            min_schedule_time: 2,
            packing_quantity: 1,
            accept_scheduling: true,
            sold_out: false,
            variations: [
              {
                _id: 'tamanho',
                name: 'Tamanho',
                layout: 'check',
                min: 1,
                max: 1,
                price_rule: 4,
                items: [
                  { _id: 'media', name: 'Média', price: 0 },
                  { _id: 'grande', name: 'Grande', desc: '12 fatias', price: 1000, item_preffix: 'G' },
                ],
              },
            ],
          },
        });
      });

      it("answers 404 product_not_found for unknown ids and another establishment's product [R-7.18]", async () => {
        expect(await json(`/api/establishments/${centro}/products/naoexiste1`)).toEqual({ status: 404, body: { message: 'product_not_found' } });
        const foreign = productId('bella-paulista', 'margherita');
        expect(await json(`/api/establishments/${centro}/products/${foreign}`)).toEqual({ status: 404, body: { message: 'product_not_found' } });
      });
    });

    describe('GET /establishments/{id}/order-variations', () => {
      const talheres = {
        _id: variationId('bella-centro', 'talheres'),
        name: 'Talheres',
        layout: 'check',
        min: 0,
        max: 1,
        price: 0,
        price_rule: 1,
        active: true,
        items: [
          { _id: 'sim', name: 'Sim', price: 0 },
          { _id: 'nao', name: 'Não', price: 0 },
        ],
      };

      it('answers only active variations with active=true, with the image for fields=image [R-7.19, R-3.30]', async () => {
        expect(await json(`/api/establishments/${centro}/order-variations?active=true&fields=image`)).toEqual({
          status: 200,
          body: [{ ...talheres, image: 'https://img.example/talheres.png' }],
        });
      });

      it('leaves the image out without fields=image and inactive ones in without active=true [R-7.19]', async () => {
        const { body } = await json(`/api/establishments/${centro}/order-variations`);
        expect(body.map((v: { name: string }) => v.name)).toEqual(['Talheres', 'Embalagem de presente']);
        expect(body[0]).toEqual(talheres);
        expect(body[1]).toMatchObject({ active: false, price: 500, layout: 'addremove', max: 2 });
        expect(body[1].image).toBeUndefined();
        expect((await json(`/api/establishments/${centro}/order-variations?active=true`)).body).toEqual([talheres]);
        expect((await json(`/api/establishments/${paulista}/order-variations?active=true`)).body).toEqual([]);
      });

      it('answers 400 invalid_query for other fields or flags', async () => {
        for (const [qs, path] of [
          ['fields=items', 'fields'],
          ['active=sim', 'active'],
        ]) {
          const { status, body } = await json(`/api/establishments/${centro}/order-variations?${qs}`);
          expect(status, qs).toBe(400);
          expect(body.fields[0].path, qs).toBe(path);
        }
      });
    });

    describe('POST /establishments/{id}/feedbacks', () => {
      it('stores the trimmed message and answers 201 with its _id [R-7.20]', async () => {
        ctx().setNow('2025-02-10T15:00:00.000Z');
        const res = await ctx().call(`/api/establishments/${centro}/feedbacks`, { method: 'POST', body: { message: '  Pizza chegou quentinha!  ' } });
        expect(res.status).toBe(201);
        const body = await res.json();
        expect(Object.keys(body)).toEqual(['_id']);
        expect(body._id).toMatch(/^[0-9a-f]{16}$/);
        const row = await ctx().db.selectFrom('feedbacks').selectAll().where('id', '=', body._id).executeTakeFirstOrThrow();
        expect(row).toEqual({ id: body._id, establishment_id: centro, message: 'Pizza chegou quentinha!', created_at: '2025-02-10T15:00:00.000Z' });
      });

      it('accepts 2000 characters and refuses blank, missing, non-string or longer messages [R-7.20]', async () => {
        const post = (body: unknown) => ctx().call(`/api/establishments/${centro}/feedbacks`, { method: 'POST', body });
        expect((await post({ message: 'a'.repeat(2000) })).status).toBe(201);
        for (const body of [{ message: '    ' }, {}, { message: 42 }, { message: 'a'.repeat(2001) }]) {
          const res = await post(body);
          expect(res.status).toBe(400);
          const answer = await res.json();
          expect(answer.message).toBe('invalid_body');
          expect(answer.fields[0].path).toBe('message');
        }
        const stored = await ctx().db.selectFrom('feedbacks').select('message').where('establishment_id', '=', centro).execute();
        expect(stored.map((r) => r.message.length).sort((a, b) => a - b)).toEqual([23, 2000]);
      });
    });
  },
  { setup: (c) => loadAllFixtures(c.db) },
);
