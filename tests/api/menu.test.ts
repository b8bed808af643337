// The owner's edits of one product (PUT /api/establishments/{id}/products/{productId} and its
// /picture), on SQLite and PostgreSQL: name, description and price change what the product's
// answer says and the establishment's pages are rendered again; a promotion ends when the new
// price is no longer below its struck-through price; the picture is stored as one WebP of at most
// 1536 px; bad input is refused with its code and changes nothing; only the establishment's own
// callers edit, and only their own products.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { callMultipart, cookieHeaders, registerUser } from './helpers/accounts.ts';
import { apiKeyHeaders } from './helpers/orders.ts';
import { estId, loadOrderFixtures, productId } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { localImageStorage } from '../../src/server/adapters/image-storage.ts';
import type { ProductView } from '../../src/schemas/views.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
const MARGHERITA = productId('cantina-centro', 'margherita');
const CALABRESA = productId('cantina-centro', 'calabresa');
const rendered: string[] = [];
const uploadsDir = mkdtempSync(join(tmpdir(), 'storefront-menu-'));
const imageStorage = localImageStorage(uploadsDir, '/uploads');
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

forEachDatabase(
  'menu edits',
  (getCtx) => {
    let ctx: TestContext;
    let key: Record<string, string>;
    const edit = (product: string, body: unknown, headers = key, id = CENTRO) =>
      ctx.call(`/api/establishments/${id}/products/${product}`, { method: 'PUT', body, headers });
    const read = async (product: string): Promise<ProductView> => (await ctx.call(`/api/establishments/${CENTRO}/products/${product}`)).json();
    const pictureForm = (bytes: Uint8Array, type = 'image/jpeg') => {
      const form = new FormData();
      form.append('picture', new Blob([new Uint8Array(bytes)], { type }), 'foto.jpg');
      return form;
    };

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      key = apiKeyHeaders(await createEstablishmentKey(ctx.db, CENTRO, 'test'));
    });

    it('changes the name, description and price; the answer and the product read say so, and the pages are rendered again', async () => {
      rendered.length = 0;
      const res = await edit(MARGHERITA, { name: '  Pizza Margherita  ', desc: 'Molho de tomate, muçarela e manjericão.', price: 4590 });
      expect(res.status).toBe(200);
      const answered: ProductView = await res.json();
      expect(answered).toMatchObject({ _id: MARGHERITA, name: 'Pizza Margherita', desc: 'Molho de tomate, muçarela e manjericão.', price: 4590 });
      expect(await read(MARGHERITA)).toMatchObject({ name: 'Pizza Margherita', price: 4590 });
      expect(rendered).toEqual(['cantina-centro']);
    });

    it('keeps a promotion while the price stays below the struck-through price, and ends it at or above', async () => {
      expect(await read(CALABRESA)).toMatchObject({ price: 3500, normal_price: 4000, promo: true });
      expect(await (await edit(CALABRESA, { price: 3200 })).json()).toMatchObject({ price: 3200, normal_price: 4000, promo: true });
      expect(await (await edit(CALABRESA, { price: 4000 })).json()).toMatchObject({ price: 4000, normal_price: null, promo: false });
    });

    it('stores a new picture as one WebP no larger than 1536 px, under a new address each time', async () => {
      const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .jpeg()
        .toBuffer();
      const res = await callMultipart(ctx, `/api/establishments/${CENTRO}/products/${MARGHERITA}/picture`, pictureForm(big), key, 'PUT');
      expect(res.status, await res.clone().text()).toBe(200);
      const first: ProductView = await res.json();
      expect(first.image).toMatch(new RegExp(`^/uploads/products/${CENTRO}/${MARGHERITA}-[A-Za-z0-9_-]+\\.webp$`));
      const meta = await sharp(join(uploadsDir, first.image!.replace(/^\/uploads\//, ''))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1536, 1024]);
      const again: ProductView = await (
        await callMultipart(ctx, `/api/establishments/${CENTRO}/products/${MARGHERITA}/picture`, pictureForm(big), key, 'PUT')
      ).json();
      expect(again.image).not.toBe(first.image);
      expect((await read(MARGHERITA)).image).toBe(again.image);
    });

    it('refuses bad input with its code and changes nothing', async () => {
      const before = await read(MARGHERITA);
      for (const body of [{ name: '   ' }, { price: -1 }, { price: 12.5 }, { price: 10_000_001 }, { name: 'x'.repeat(161) }]) {
        const res = await edit(MARGHERITA, body);
        expect([JSON.stringify(body), res.status, (await res.json()).message]).toEqual([JSON.stringify(body), 400, 'invalid_body']);
      }
      const notAnImage = await callMultipart(
        ctx,
        `/api/establishments/${CENTRO}/products/${MARGHERITA}/picture`,
        pictureForm(new TextEncoder().encode('not a picture')),
        key,
        'PUT',
      );
      expect([notAnImage.status, (await notAnImage.json()).message]).toEqual([415, 'unsupported_media_type']);
      // Past the general body limit, a picture's upload is still read (and refused for what it is); past its own, 413.
      const jpegHeader = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
      const twoMb = new Uint8Array(2 * 1024 * 1024);
      twoMb.set(jpegHeader);
      const large = await callMultipart(ctx, `/api/establishments/${CENTRO}/products/${MARGHERITA}/picture`, pictureForm(twoMb), key, 'PUT');
      expect([large.status, (await large.json()).message]).toEqual([415, 'unsupported_media_type']);
      const tooLarge = await callMultipart(
        ctx,
        `/api/establishments/${CENTRO}/products/${MARGHERITA}/picture`,
        pictureForm(new Uint8Array(9 * 1024 * 1024)),
        key,
        'PUT',
      );
      expect(tooLarge.status).toBe(413);
      const missing = await edit('nao-existe', { price: 100 });
      expect([missing.status, (await missing.json()).message]).toEqual([404, 'product_not_found']);
      expect(await read(MARGHERITA)).toEqual(before);
    });

    it('only the establishment’s own callers edit, and only its own products', async () => {
      const before = await read(MARGHERITA);
      const customer = await registerUser(ctx, CENTRO);
      const asCustomer = await edit(MARGHERITA, { price: 1 }, cookieHeaders(customer.session));
      expect([asCustomer.status, (await asCustomer.json()).message]).toEqual([403, 'establishment_key_required']);
      expect((await edit(MARGHERITA, { price: 1 }, {})).status).toBe(401);
      // Another establishment's key, at this establishment or naming this product through its own.
      const otherKey = apiKeyHeaders(await createEstablishmentKey(ctx.db, H24, 'test'));
      expect((await edit(MARGHERITA, { price: 1 }, otherKey)).status).toBe(401);
      const crossed = await edit(MARGHERITA, { price: 1 }, otherKey, H24);
      expect([crossed.status, (await crossed.json()).message]).toEqual([404, 'product_not_found']);
      expect(await read(MARGHERITA)).toEqual(before);
    });
  },
  {
    deps: {
      imageStorage,
      rerender: async (slug) => {
        rendered.push(slug);
        return { pages: 3 };
      },
    },
  },
);
