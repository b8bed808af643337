// The establishment's switch of its open state (PUT /api/establishments/{id}/opening, API key):
// what the public establishment answer says afterwards, the notice's title rule, who may call it,
// and that the establishment's pages are rendered again after the change. SQLite and PostgreSQL.
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { registerUser, cookieHeaders } from './helpers/accounts.ts';
import { apiKeyHeaders } from './helpers/orders.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
// The establishment's page renderer, as the server passes it: here it records what it was asked.
const rendered: string[] = [];

forEachDatabase(
  'opening',
  (getCtx) => {
    let ctx: TestContext;
    let key: string;
    let otherKey: string;
    const put = (body: unknown, headers: Record<string, string> = apiKeyHeaders(key), id = CENTRO) =>
      ctx.call(`/api/establishments/${id}/opening`, { method: 'PUT', body, headers });
    const establishment = async () => (await ctx.call(`/api/establishments/${CENTRO}`)).json();

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      key = await createEstablishmentKey(ctx.db, CENTRO, 'test');
      otherKey = await createEstablishmentKey(ctx.db, H24, 'test');
    });

    it('closes an open establishment by hand, opens it again and gives it back to its office hours, rendering its pages each time', async () => {
      // Friday 20:00 in São Paulo: within cantina-centro's hours.
      expect(await establishment()).toMatchObject({ open_mode: 'auto', is_open: true });
      rendered.length = 0;

      let res = await put({ is_open: 'closed' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ is_open: 'closed', unavailable: false, unavailable_title: null, unavailable_desc: null, pages: 3 });
      expect(await establishment()).toMatchObject({ open_mode: 'closed', is_open: false });

      res = await put({ is_open: 'auto' });
      expect((await res.json()).is_open).toBe('auto');
      expect(await establishment()).toMatchObject({ open_mode: 'auto', is_open: true });
      expect(rendered).toEqual(['cantina-centro', 'cantina-centro']);
    });

    it('makes the establishment unavailable with its notice, and available again', async () => {
      let res = await put({ unavailable: true, unavailable_title: '  Voltamos já  ', unavailable_desc: 'Estamos em reforma.' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ unavailable: true, unavailable_title: 'Voltamos já', unavailable_desc: 'Estamos em reforma.' });
      expect((await establishment()).preferences).toMatchObject({
        unavailable: true,
        unavailable_title: 'Voltamos já',
        unavailable_desc: 'Estamos em reforma.',
      });

      res = await put({ unavailable: false });
      expect(await res.json()).toMatchObject({ unavailable: false });
      expect((await establishment()).preferences.unavailable).toBe(false);
    });

    it('refuses an unavailable establishment without a notice title, and a change of nothing, writing nothing', async () => {
      let res = await put({ unavailable: true, unavailable_title: ' ' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'invalid_body', fields: [{ path: 'unavailable_title', code: 'required' }] });
      res = await put({});
      expect(res.status).toBe(400);
      res = await put({ is_open: 'sometimes' });
      expect(res.status).toBe(400);
      expect((await establishment()).preferences.unavailable).toBe(false);
    });

    it("refuses another establishment's key, a customer and a visitor", async () => {
      expect((await put({ is_open: 'closed' }, apiKeyHeaders(otherKey))).status).toBe(401);
      const { session } = await registerUser(ctx, CENTRO);
      const asCustomer = await put({ is_open: 'closed' }, cookieHeaders(session));
      expect(asCustomer.status).toBe(403);
      expect(await asCustomer.json()).toMatchObject({ message: 'establishment_key_required' });
      expect((await put({ is_open: 'closed' }, {})).status).toBe(401);
      expect(await establishment()).toMatchObject({ open_mode: 'auto' });
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
