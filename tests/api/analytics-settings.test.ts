// The establishment's own analytics ids through the API (PUT /api/establishments/{id}/analytics,
// docs/api.md 'The establishment's analytics'), on SQLite and PostgreSQL: set and removed with the
// establishment's key or its owner's panel session, checked by their schema (an id ends up in the
// pages' HTML and opens their script policy to the vendors), refused to staff, to another
// establishment's owner and key, and to customers; the pages rendered again after each change. And
// every settings change at once (the opening switch, the kitchen's capacity, the analytics ids)
// lands: none puts back what another replaced.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool } from './helpers/orders.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { makeMember, staffHeaders, staffLogin, type StaffSession } from './helpers/staff.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import type { EstablishmentAnswer } from '../../src/schemas/views.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
// The establishment's page renderer, as the server passes it: here it records what it was asked.
const rendered: string[] = [];

forEachDatabase(
  'analytics settings',
  (getCtx) => {
    let ctx: TestContext;
    let key: string;
    let otherKey: string;
    let owner: StaffSession;
    let staff: StaffSession;
    let otherOwner: StaffSession;
    const put = (body: unknown, headers: Record<string, string> = apiKeyHeaders(key), id = CENTRO) =>
      ctx.call(`/api/establishments/${id}/analytics`, { method: 'PUT', body, headers });
    const establishment = async (): Promise<EstablishmentAnswer> => (await ctx.call(`/api/establishments/${CENTRO}`)).json();
    const ids = async () => {
      const { preferences } = (await establishment()) as unknown as { preferences: Record<string, unknown> };
      return { ga4: preferences.ga4_measurement_id, pixel: preferences.meta_pixel_id };
    };

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      key = await createEstablishmentKey(ctx.db, CENTRO, 'test');
      otherKey = await createEstablishmentKey(ctx.db, H24, 'test');
      owner = await staffLogin(ctx, CENTRO, (await makeMember(ctx, CENTRO, 'owner')).email);
      staff = await staffLogin(ctx, CENTRO, (await makeMember(ctx, CENTRO, 'staff')).email);
      otherOwner = await staffLogin(ctx, H24, (await makeMember(ctx, H24, 'owner', 'Dona Bia')).email);
    });
    afterAll(() => closePgPool(ctx.db));

    it('the owner sets both ids from the panel; the public answer carries them and the pages are rendered again; null removes one and keeps the other', async () => {
      rendered.length = 0;
      let res = await put({ ga4_measurement_id: 'G-4BX9K2LMQ7', meta_pixel_id: '123456789012345' }, staffHeaders(owner));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ ga4_measurement_id: 'G-4BX9K2LMQ7', meta_pixel_id: '123456789012345', pages: 3 });
      expect(await ids()).toEqual({ ga4: 'G-4BX9K2LMQ7', pixel: '123456789012345' });

      res = await put({ meta_pixel_id: null });
      expect(await res.json()).toEqual({ ga4_measurement_id: 'G-4BX9K2LMQ7', meta_pixel_id: null, pages: 3 });
      expect(await ids()).toEqual({ ga4: 'G-4BX9K2LMQ7', pixel: undefined });
      expect(rendered).toEqual(['cantina-centro', 'cantina-centro']);

      res = await put({ ga4_measurement_id: null });
      expect(await res.json()).toMatchObject({ ga4_measurement_id: null, meta_pixel_id: null });
      expect(await ids()).toEqual({ ga4: undefined, pixel: undefined });
    });

    it('refuses an id of any other shape, naming the field, and changes nothing', async () => {
      await put({ ga4_measurement_id: 'G-KEEPME01' });
      for (const body of [
        { ga4_measurement_id: 'G-1234"><script>alert(1)</script>' },
        { ga4_measurement_id: 'UA-12345-1' },
        { ga4_measurement_id: 'g-lowercase1' },
        { meta_pixel_id: '12345' },
        { meta_pixel_id: '1234567890abc' },
        { meta_pixel_id: 123456789 },
      ]) {
        const res = await put(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const answer = await res.json();
        expect(answer.message).toBe('invalid_body');
        expect(answer.fields.map((f: { path: string }) => f.path)).toEqual([Object.keys(body)[0]]);
      }
      const empty = await put({});
      expect(empty.status).toBe(400);
      expect((await empty.json()).fields).toEqual([expect.objectContaining({ code: 'nothing_to_change' })]);
      expect(await ids()).toEqual({ ga4: 'G-KEEPME01', pixel: undefined });
    });

    it("is refused to staff who are not the owner, to another establishment's owner and key, to customers and to anyone without credentials", async () => {
      await put({ ga4_measurement_id: 'G-KEEPME02' });
      const asStaff = await put({ ga4_measurement_id: 'G-STAFF001' }, staffHeaders(staff));
      expect([asStaff.status, (await asStaff.json()).message]).toEqual([403, 'staff_not_allowed']);
      const asOtherOwner = await put({ ga4_measurement_id: 'G-OTHER001' }, staffHeaders(otherOwner, CENTRO));
      expect(asOtherOwner.status).toBe(403);
      const withOtherKey = await put({ ga4_measurement_id: 'G-OTHER002' }, apiKeyHeaders(otherKey));
      expect([withOtherKey.status, (await withOtherKey.json()).message]).toEqual([401, 'invalid_api_key']);
      const customer = (await registerUser(ctx, CENTRO)).session;
      const asCustomer = await put({ ga4_measurement_id: 'G-CUSTOMER1' }, cookieHeaders(customer));
      expect(asCustomer.status).toBe(403);
      expect((await put({ ga4_measurement_id: 'G-NOBODY01' }, {})).status).toBe(401);
      expect(await ids()).toEqual({ ga4: 'G-KEEPME02', pixel: undefined });
    });

    it('settings changed at once all land: the opening switch, the kitchen capacity and both ids, sent in parallel, none undoing another', async () => {
      for (let round = 1; round <= 3; round++) {
        const ga4 = `G-ROUND000${round}`;
        const pixel = `10000000000000${round}`;
        const title = `Voltamos já ${round}`;
        const call = (path: string, body: unknown) => ctx.call(`/api/establishments/${CENTRO}/${path}`, { method: 'PUT', body, headers: apiKeyHeaders(key) });
        const answers = await Promise.all([
          call('analytics', { ga4_measurement_id: ga4 }),
          call('analytics', { meta_pixel_id: pixel }),
          call('slot-capacity', { pickup: round + 1 }),
          call('slot-capacity', { delivery: round + 5 }),
          call('opening', { is_open: round % 2 ? 'closed' : 'open' }),
          call('opening', { unavailable: true, unavailable_title: title }),
        ]);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
        const est = (await establishment()) as unknown as { open_mode: string; preferences: Record<string, unknown> };
        expect(est.open_mode).toBe(round % 2 ? 'closed' : 'open');
        expect(est.preferences).toMatchObject({
          ga4_measurement_id: ga4,
          meta_pixel_id: pixel,
          slot_capacity: { pickup: round + 1, delivery: round + 5 },
          unavailable: true,
          unavailable_title: title,
        });
      }
      await ctx.call(`/api/establishments/${CENTRO}/opening`, { method: 'PUT', body: { is_open: 'auto', unavailable: false }, headers: apiKeyHeaders(key) });
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
