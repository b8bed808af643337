// The catalogue reads as the server answers them, from memory (src/server/cache/catalogue-cache.ts),
// against the same reads computed from the database by an app without the cache (ctx().call):
// every held answer equals the fresh one, before and after an import, whatever the query, the
// fields or the coding asked; an import's change is served at once after the catalogue change
// signal (what the server's re-render sends); conditional requests answer 304.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { type ApiApp, createApi } from '../../src/server/api/app.ts';
import { CatalogueCache, followCatalogueChanges } from '../../src/server/cache/catalogue-cache.ts';
import { catalogueChanged } from '../../src/server/catalogue-events.ts';
import type { Engine } from '../../src/server/db/database.ts';
import { API_HEADERS, forEachDatabase, type TestContext } from './helpers/databases.ts';
import { BELLA_CENTRO, categoryId, estId, loadAllFixtures, loadCatalogue, productId } from './helpers/fixtures.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const manaus = estId('mercado-manaus');

/** The reads the storefront makes of one establishment, each answered from memory by the server. */
const READS = (id: string, slug = 'bella-centro') => [
  `/api/establishments/${id}`,
  `/api/establishments/${id}?fields=company,preferences`,
  `/api/establishments/${id}/products?limit=20`,
  `/api/establishments/${id}/products?limit=12&fields=name,price,image`,
  `/api/establishments/${id}/products?category_id=${categoryId(slug, 'pizzas')}&sort=-price&page=2&limit=5`,
  `/api/establishments/${id}/products/${productId(slug, 'calabresa')}`,
  `/api/establishments/${id}/discounted-products`,
  `/api/establishments/${id}/categories`,
  `/api/establishments/${id}/categories?type=tree`,
  `/api/establishments/${id}/categories?type=only_with_products`,
  `/api/establishments/${id}/categories/${categoryId(slug, 'pizzas')}`,
  `/api/establishments/${id}/order-variations?active=true&fields=image`,
  `/api/establishments/${id}/order-variations`,
];

interface Served {
  status: number;
  body: unknown;
  encoding: string | null;
  etag: string | null;
}

/** One GET as a browser sends it; the body decoded from whatever coding came back. */
async function request(app: ApiApp, path: string, headers: Record<string, string> = {}): Promise<Served> {
  const res = await app.request(path, { headers: { ...API_HEADERS, ...headers } });
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const text = encoding === 'br' ? brotliDecompressSync(raw).toString('utf8') : encoding === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return { status: res.status, body: text ? JSON.parse(text) : null, encoding, etag: res.headers.get('etag') };
}

/** A changed copy of a fixture (the fixtures themselves stay as they are for the other tests); the import validates it. */
function edited(input: CatalogueInput, edit: (c: any) => void): CatalogueInput {
  const copy = structuredClone(input);
  edit(copy);
  return copy;
}

const cached = new Map<Engine, { app: ApiApp; cache: CatalogueCache }>();

forEachDatabase(
  'catalogue reads held in memory',
  (ctx) => {
    const server = () => cached.get(ctx().engine)!;
    const fromMemory = (path: string, headers?: Record<string, string>) => request(server().app, path, headers);
    const fromDatabase = (path: string) => request(ctx().app, path);
    /** An import as the CLI makes it, then the signal the server's re-render sends. */
    const importCatalogue = async (input: CatalogueInput) => {
      await loadCatalogue(ctx().db, input);
      catalogueChanged({ slug: input.establishment.slug });
    };
    const expectSameAsDatabase = async (paths: string[]) => {
      for (const path of paths) {
        const held = await fromMemory(path);
        const fresh = await fromDatabase(path);
        expect({ path, status: held.status, body: held.body }).toEqual({ path, status: fresh.status, body: fresh.body });
      }
    };

    it("serves an import's change at once on every held read, and the same answers as the database before and after [R-7.10] [R-7.14] [R-7.15] [R-7.16] [R-7.17] [R-7.18] [R-7.19]", async () => {
      const paths = READS(centro);
      await expectSameAsDatabase(paths);
      // Held now: the next reads come from memory.
      await expectSameAsDatabase(paths);
      const renamed = edited(BELLA_CENTRO, (c) => {
        c.establishment.name = 'Pizzaria Bella Centro Histórico';
        c.establishment.preferences.min_order = 2500;
        const pizzas = c.categories[0];
        pizzas.name = 'Pizzas da casa';
        const calabresa = pizzas.products.find((p: any) => p._id === 'calabresa');
        calabresa.name = 'Calabresa Especial';
        calabresa.price = 4190;
        pizzas.products.find((p: any) => p._id === 'frango').promo = true;
        pizzas.products.find((p: any) => p._id === 'frango').normal_price = 5290;
        c.order_variations[0].name = 'Talheres descartáveis';
      });
      try {
        await importCatalogue(renamed);
        await expectSameAsDatabase(paths);
        const product = await fromMemory(`/api/establishments/${centro}/products/${productId('bella-centro', 'calabresa')}`);
        expect(product.body).toMatchObject({ name: 'Calabresa Especial', price: 4190 });
        const page = (await fromMemory(`/api/establishments/${centro}/products?limit=20`)).body as { items: { name: string }[] };
        expect(page.items.map((p) => p.name)).toContain('Calabresa Especial');
        const promos = (await fromMemory(`/api/establishments/${centro}/discounted-products`)).body as { name: string }[];
        expect(promos.map((p) => p.name)).toEqual(['Calabresa Especial', 'Frango com Catupiry', 'Chocolate com Morango']);
        expect((await fromMemory(`/api/establishments/${centro}`)).body).toMatchObject({ name: 'Pizzaria Bella Centro Histórico' });
        expect((await fromMemory(`/api/establishments/${centro}/categories/${categoryId('bella-centro', 'pizzas')}`)).body).toMatchObject({
          name: 'Pizzas da casa',
        });
        expect(((await fromMemory(`/api/establishments/${centro}/order-variations`)).body as { name: string }[])[0]!.name).toBe('Talheres descartáveis');
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
      await expectSameAsDatabase(paths);
    });

    it('keeps what it holds until the signal: the change signal is what lets an answer go [R-7.18]', async () => {
      const path = `/api/establishments/${centro}/products/${productId('bella-centro', 'calabresa')}`;
      expect((await fromMemory(path)).body).toMatchObject({ name: 'Calabresa' });
      const renamed = edited(BELLA_CENTRO, (c) => {
        c.categories[0].products.find((p: any) => p._id === 'calabresa').name = 'Calabresa Nova';
      });
      try {
        await loadCatalogue(ctx().db, renamed);
        expect((await fromMemory(path)).body, 'written, not yet signalled').toMatchObject({ name: 'Calabresa' });
        catalogueChanged({ slug: 'bella-centro' });
        expect((await fromMemory(path)).body).toMatchObject({ name: 'Calabresa Nova' });
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
    });

    it("shows a company renamed by one establishment's import in its sister establishments' answers [R-7.10]", async () => {
      const sister = `/api/establishments/${paulista}?fields=company`;
      expect((await fromMemory(sister)).body).toMatchObject({ company: { name: 'Pizzaria Bella' } });
      const otherTenant = `/api/establishments/${manaus}/products?limit=20`;
      await fromMemory(otherTenant);
      try {
        await importCatalogue(edited(BELLA_CENTRO, (c) => (c.company.name = 'Pizzaria Bella & Cia')));
        expect((await fromMemory(sister)).body).toMatchObject({ company: { name: 'Pizzaria Bella & Cia' } });
        await expectSameAsDatabase([sister, otherTenant, ...READS(paulista, 'bella-paulista')]);
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
      expect((await fromMemory(sister)).body).toMatchObject({ company: { name: 'Pizzaria Bella' } });
    });

    it('never mixes answers that differ by query, fields, establishment or coding [R-7.17]', async () => {
      const queries = [
        'limit=20',
        'limit=2',
        'limit=3',
        'page=2&limit=3',
        'page=1&limit=3',
        'fields=name',
        'fields=name,price',
        'fields=price,name',
        'sort=name',
        'sort=-price',
        `category_id=${categoryId('bella-centro', 'bebidas')}`,
        'accept_delivery=true',
        'accept_pickup=true',
        'accept_pickup=true&accept_delivery=true',
        'q=calabresa',
      ];
      const paths = [centro, paulista, manaus].flatMap((id) => queries.map((q) => `/api/establishments/${id}/products?${q}`));
      const codings: Record<string, string | null>[] = [{ 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }, {}];
      const expected = new Map<string, unknown>();
      for (const path of paths) expected.set(path, (await fromDatabase(path)).body);
      // Three rounds in different orders and codings, so each answer is made by one request and read by others.
      for (let round = 0; round < 3; round++) {
        const order = round === 1 ? [...paths].reverse() : paths;
        for (const [i, path] of order.entries()) {
          const headers = codings[(i + round) % 3]! as Record<string, string>;
          const served = await fromMemory(path, headers);
          expect({ path, body: served.body }).toEqual({ path, body: expected.get(path) });
          const big = JSON.stringify(served.body).length >= 1024;
          const wanted = headers['Accept-Encoding'] && big && !path.includes('q=') ? headers['Accept-Encoding'] : null;
          if (!path.includes('q=')) expect({ path, encoding: served.encoding }).toEqual({ path, encoding: wanted });
        }
      }
      // `fields` keeps the order asked: the two orders are two answers, with the same values.
      const ab = (await fromMemory(`/api/establishments/${centro}/products?fields=name,price`)).body as { items: object[] };
      const ba = (await fromMemory(`/api/establishments/${centro}/products?fields=price,name`)).body as { items: object[] };
      expect(Object.keys(ab.items[0]!)).toEqual(['_id', 'name', 'price']);
      expect(Object.keys(ba.items[0]!)).toEqual(['_id', 'price', 'name']);
    });

    it('answers 304 to the ETag the client holds, until an import changes the answer [R-7.17]', async () => {
      const path = `/api/establishments/${centro}/products?limit=20`;
      const first = await fromMemory(path, { 'Accept-Encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
      const again = await server().app.request(path, { headers: { ...API_HEADERS, 'Accept-Encoding': 'br', 'If-None-Match': first.etag! } });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect(again.headers.get('etag')).toBe(first.etag);
      // Another coding is another copy: the brotli copy's tag does not stand for the gzip one.
      const gzip = await server().app.request(path, { headers: { ...API_HEADERS, 'Accept-Encoding': 'gzip', 'If-None-Match': first.etag! } });
      expect(gzip.status).toBe(200);
      try {
        await importCatalogue(edited(BELLA_CENTRO, (c) => (c.categories[0].products[0].price = 4690)));
        const changed = await server().app.request(path, { headers: { ...API_HEADERS, 'Accept-Encoding': 'br', 'If-None-Match': first.etag! } });
        expect(changed.status).toBe(200);
        expect(changed.headers.get('etag')).not.toBe(first.etag);
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
      // The same catalogue again makes the same bytes, hence the same tag.
      expect((await fromMemory(path, { 'Accept-Encoding': 'br' })).etag).toBe(first.etag);
    });

    it('follows the clock in is_open while the establishment answer is held [R-7.10]', async () => {
      const path = `/api/establishments/${centro}`;
      const startedAt = ctx().now();
      try {
        // bella-centro opens every day 18:00-23:30 in São Paulo (UTC-3).
        ctx().setNow('2025-01-03T23:00:00Z');
        const open = await fromMemory(path);
        expect(open.body).toMatchObject({ is_open: true });
        ctx().setNow('2025-01-03T15:00:00Z');
        const closed = await fromMemory(path);
        expect(closed.body).toMatchObject({ is_open: false });
        expect(closed.etag).not.toBe(open.etag);
        ctx().setNow('2025-01-03T23:10:00Z');
        expect((await fromMemory(path)).body).toMatchObject({ is_open: true });
      } finally {
        ctx().setNow(startedAt);
      }
    });

    it('finds a product added by an import after answering 404 for it, and answers 404 once an import removes it [R-7.18]', async () => {
      const path = `/api/establishments/${centro}/products/${productId('bella-centro', 'portuguesa')}`;
      expect((await fromMemory(path)).status).toBe(404);
      try {
        await importCatalogue(edited(BELLA_CENTRO, (c) => c.categories[0].products.push({ _id: 'portuguesa', name: 'Portuguesa', price: 4490 })));
        expect((await fromMemory(path)).body).toMatchObject({ name: 'Portuguesa' });
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
      expect((await fromMemory(path)).status).toBe(404);
    });

    it('answers 404 on every held read of an establishment an import made inactive', async () => {
      const paths = READS(centro);
      await expectSameAsDatabase(paths);
      try {
        await importCatalogue(edited(BELLA_CENTRO, (c) => (c.establishment.active = false)));
        for (const path of paths)
          expect({ path, ...(await fromMemory(path)) }).toMatchObject({ path, status: 404, body: { message: 'establishment_not_found' } });
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
      await expectSameAsDatabase(paths);
    });

    it("gives the server clock in the time zone of the establishment's latest import [R-7.13]", async () => {
      const path = `/api/datetime?establishment_id=${centro}`;
      expect((await fromMemory(path)).body).toMatchObject({ time_zone: 'America/Sao_Paulo' });
      try {
        await importCatalogue(edited(BELLA_CENTRO, (c) => (c.establishment.time_zone = 'America/Manaus')));
        expect((await fromMemory(path)).body).toMatchObject({ time_zone: 'America/Manaus', datetime: expect.stringMatching(/-04:00$/) });
      } finally {
        await importCatalogue(BELLA_CENTRO);
      }
    });

    it('stays within its byte budget under many distinct queries, answering each as the database does', async () => {
      const small = new CatalogueCache(48 * 1024);
      const app = createApi({ db: ctx().db, engine: ctx().engine, now: () => ctx().now(), catalogueCache: small });
      for (let limit = 1; limit <= 40; limit++) {
        for (const page of [1, 2]) {
          const path = `/api/establishments/${centro}/products?limit=${limit}&page=${page}`;
          expect((await request(app, path, { 'Accept-Encoding': 'br' })).body).toEqual((await fromDatabase(path)).body);
          expect(small.usage.bytes).toBeLessThanOrEqual(small.usage.maxBytes);
        }
      }
      expect(small.usage.size).toBeLessThan(80);
    });
  },
  {
    setup: async (ctx: TestContext) => {
      await loadAllFixtures(ctx.db);
      const cache = new CatalogueCache(8 * 1024 * 1024);
      followCatalogueChanges(cache);
      cached.set(ctx.engine, { cache, app: createApi({ db: ctx.db, engine: ctx.engine, now: () => ctx.now(), catalogueCache: cache }) });
    },
  },
);
