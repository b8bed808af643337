// Ordering at the table through the API, on SQLite and PostgreSQL (docs/api.md 'Tables'): the owner
// adds, removes and renews tables (the staff read them; a customer nothing), each with a random key
// in its QR code's path; an order from a table is checked against it (a removed table or a renewed
// key is refused table_unknown; an order at a table is 'local' and now; 'local' without a table is
// refused once the establishment has tables); orders of a table join its open tab, shown on the
// order screen until the staff close it (a second close 409 table_already_closed), and the next
// order opens a new tab. Three closes at once on the real server: tests/api/tables-concurrency.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, placeOrder } from './helpers/orders.ts';
import { makeMember, staffHeaders, staffLogin } from './helpers/staff.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { stableId } from '../../src/server/db/ids.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { TableView } from '../../src/schemas/api-tables.ts';
import type { OrderBoardAnswer } from '../../src/schemas/api-order-board.ts';

const SLUG = 'bar-das-mesas';
const EST = stableId('establishment', SLUG);
const OTHER_SLUG = 'bar-vizinho';
const OTHER = stableId('establishment', OTHER_SLUG);
const CHOPP = stableId('product', SLUG, 'chopp');

function catalogue(slug: string, name: string): CatalogueInput {
  return {
    company: { slug, name },
    establishment: {
      slug,
      name,
      phone: '11987650177',
      address: { street: 'Rua Augusta', number: '700', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', lng_lat: [-46.6533, -23.5505] },
      design: { theme: 'light', navbarcolor: '#123456', primary: '#1565c0', darkprimary: '#0d47a1', primaryinverse: '#ffffff' },
      preferences: {
        title: name,
        desc: '',
        delivery_type: ['pickup', 'local'],
        min_pickup_time: 10,
        max_pickup_time: 20,
        max_days_scheduling: 2,
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        has_pix_payment: true,
      },
      office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1100, stop_at: 2300 })),
    },
    categories: [{ _id: 'bebidas', name: 'Bebidas', products: [{ _id: 'chopp', name: 'Chopp', price: 1400, delivery_type: ['pickup', 'local'] }] }],
  };
}

/** An order of `qnt` Chopp to consume on the premises, cash at the counter, from `table` (none when null). */
function atTable(table: { number: number; key: string } | null, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'local',
    payment_type: 'offline',
    platform: 'web',
    products: [{ id: CHOPP, qnt: 2, note: '', variations: [] }],
    payment_method_id: 'dinheiro',
    table,
    ...overrides,
  };
}

// The establishment's page renderer, as the server passes it: here it records what it was asked.
const rendered: string[] = [];

forEachDatabase(
  'tables',
  (getCtx) => {
    let ctx: TestContext;
    let key = '';
    let owner: Record<string, string>;
    let staff: Record<string, string>;
    let ana: Session;
    const tables = (headers: Record<string, string> = owner, path = '', method = 'GET', body?: unknown, est = EST) =>
      ctx.call(`/api/establishments/${est}/tables${path}`, { method, headers, body });
    const add = async (body: unknown = {}) => {
      const res = await tables(owner, '', 'POST', body);
      return { status: res.status, body: await res.json() };
    };
    const send = async (session: Session, body: unknown) => {
      const res = await placeOrder(ctx, session, body);
      return { status: res.status, body: await res.json() };
    };
    const board = async (): Promise<OrderBoardAnswer> => (await ctx.call(`/api/establishments/${EST}/order-board`, { headers: staff })).json();
    const close = async (number: number, tabId: string, headers = staff) => {
      const res = await tables(headers, `/${number}/close`, 'POST', { tab_id: tabId });
      return { status: res.status, body: await res.json() };
    };

    beforeAll(async () => {
      ctx = getCtx();
      await loadCatalogue(ctx.db, catalogue(SLUG, 'Bar das Mesas'));
      await loadCatalogue(ctx.db, catalogue(OTHER_SLUG, 'Bar Vizinho'));
      key = await createEstablishmentKey(ctx.db, EST, 'test');
      const o = await makeMember(ctx, EST, 'owner');
      const s = await makeMember(ctx, EST, 'staff');
      owner = staffHeaders(await staffLogin(ctx, EST, o.email));
      staff = staffHeaders(await staffLogin(ctx, EST, s.email));
      ana = (await registerUser(ctx, EST)).session;
    });

    describe('the tables', () => {
      it("without tables, an order to consume on the premises needs none (the establishment's choice of old)", async () => {
        expect((await send(ana, atTable(null))).status).toBe(201);
      });

      it('the owner adds tables: the lowest free number, or the one asked; each with a 128-bit key and the path its QR code opens', async () => {
        const first = await add();
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({ number: 1, open_tab: null, key_renewed_at: null });
        expect(first.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(first.body.path).toBe(`/${SLUG}/#mesa=1&chave=${first.body.key}`);
        expect((await add({ number: 7 })).body.number).toBe(7);
        expect((await add()).body.number).toBe(2);
        const keys = new Set([first.body.key, ...((await (await tables()).json()).tables as TableView[]).map((t) => t.key)]);
        expect(keys.size).toBe(3);
        expect(await add({ number: 7 })).toEqual({ status: 409, body: { message: 'table_number_taken', params: { number: 7 } } });
        for (const body of [{ number: 0 }, { number: 1000 }, { number: 2.5 }, { number: '3' }])
          expect((await add(body)).status, JSON.stringify(body)).toBe(400);
      });

      it('the staff read them; only the owner (or the API key) adds, removes or renews; a customer and another establishment nothing', async () => {
        const listed = await tables(staff);
        expect(listed.status).toBe(200);
        expect(listed.headers.get('cache-control')).toBe('no-store');
        expect(((await listed.json()).tables as TableView[]).map((t) => t.number)).toEqual([1, 2, 7]);
        for (const [path, method] of [
          ['', 'POST'],
          ['/7', 'DELETE'],
          ['/7/key', 'POST'],
        ] as const) {
          const res = await tables(staff, path, method, method === 'POST' && path === '' ? {} : undefined);
          expect([res.status, (await res.json()).message], `${method} ${path}`).toEqual([403, 'staff_not_allowed']);
        }
        const asCustomer = await tables(cookieHeaders(ana));
        expect([asCustomer.status, (await asCustomer.json()).message]).toEqual([403, 'establishment_key_required']);
        expect((await tables({})).status).toBe(401);
        // The owner's session of this establishment is nobody at its neighbour's.
        expect((await tables(owner, '', 'GET', undefined, OTHER)).status).toBe(401);
        const withKey = await tables(apiKeyHeaders(key), '', 'POST', { number: 9 });
        expect(withKey.status).toBe(201);
        expect((await tables(owner, '/9', 'DELETE')).status).toBe(204);
        const again = await tables(owner, '/9', 'DELETE');
        expect([again.status, (await again.json()).message]).toEqual([404, 'table_not_found']);
      });
    });

    describe('orders at a table', () => {
      let seven: TableView;
      beforeAll(async () => {
        seven = ((await (await tables()).json()).tables as TableView[]).find((t) => t.number === 7)!;
      });

      it('are refused when not to consume there, scheduled, without a table once the establishment has tables, or with a number and key of no table', async () => {
        const table = { number: 7, key: seven.key };
        expect(await send(ana, atTable(table, { delivery_type: 'pickup' }))).toEqual({ status: 422, body: { message: 'table_local_only' } });
        expect(await send(ana, atTable(table, { scheduled_at: '2025-01-04T12:00:00-03:00' }))).toEqual({ status: 422, body: { message: 'table_now_only' } });
        expect(await send(ana, atTable(null))).toEqual({ status: 422, body: { message: 'table_required' } });
        expect(await send(ana, atTable({ number: 2, key: seven.key }))).toEqual({ status: 403, body: { message: 'table_unknown' } });
        expect(await send(ana, atTable({ number: 8, key: seven.key }))).toEqual({ status: 403, body: { message: 'table_unknown' } });
        expect(await send(ana, atTable({ number: 7, key: 'A'.repeat(22) }))).toEqual({ status: 403, body: { message: 'table_unknown' } });
        expect((await send(ana, atTable({ number: 7, key: 'curta' }))).status).toBe(400);
        // Pickup is still pickup, without a table.
        expect((await send(ana, atTable(null, { delivery_type: 'pickup' }))).status).toBe(201);
        // Nothing of the refused orders was written: no tab opened.
        expect(await ctx.db.selectFrom('table_tabs').select('id').where('establishment_id', '=', EST).execute()).toEqual([]);
      });

      it("join the table's open tab, shown on the order screen with the table; 'Fechar mesa' closes it once; the next order opens a new tab", async () => {
        const table = { number: 7, key: seven.key };
        const bia = (await registerUser(ctx, EST)).session;
        const first = await send(ana, atTable(table));
        expect(first.status).toBe(201);
        const tabId = first.body.order.table.tab_id as string;
        expect(first.body.order).toMatchObject({ delivery_type: 'local', table: { number: 7, tab_id: tabId }, address: null, scheduled_at: null });
        const second = await send(bia, atTable(table, { products: [{ id: CHOPP, qnt: 1, note: '', variations: [] }] }));
        expect(second.body.order.table).toEqual({ number: 7, tab_id: tabId });

        let screen = await board();
        expect(screen.open_tabs).toEqual([{ _id: tabId, table: 7, opened_at: first.body.order.created_at, closed_at: null }]);
        expect(
          screen.orders
            .filter((o) => o.table?.tab_id === tabId)
            .map((o) => o._id)
            .sort(),
        ).toEqual([first.body._id, second.body._id].sort());
        const listed = ((await (await tables(staff)).json()).tables as TableView[]).find((t) => t.number === 7)!;
        expect(listed.open_tab).toEqual({ _id: tabId, opened_at: first.body.order.created_at });

        // Another table's number, or a tab of no table, is not this tab.
        expect(await close(1, tabId)).toEqual({ status: 404, body: { message: 'tab_not_found' } });
        expect(await close(7, 'nenhuma')).toEqual({ status: 404, body: { message: 'tab_not_found' } });
        const closed = await close(7, tabId);
        expect(closed.status).toBe(200);
        expect(closed.body).toMatchObject({ _id: tabId, table: 7, closed_at: ctx.now().toISOString() });
        expect(await close(7, tabId)).toEqual({ status: 409, body: { message: 'table_already_closed' } });
        screen = await board();
        expect(screen.open_tabs).toEqual([]);
        // Its orders still say their table.
        expect(screen.orders.find((o) => o._id === first.body._id)?.table).toEqual({ number: 7, tab_id: tabId });

        const third = await send(bia, atTable(table));
        expect(third.status).toBe(201);
        expect(third.body.order.table.number).toBe(7);
        expect(third.body.order.table.tab_id).not.toBe(tabId);
        expect((await board()).open_tabs.map((t) => t._id)).toEqual([third.body.order.table.tab_id]);
      });

      it("a renewed key refuses the old QR code (table_unknown) and takes the new one; a removed table refuses its own; a neighbour's table is no table here", async () => {
        const renewed = await tables(owner, '/7/key', 'POST');
        expect(renewed.status).toBe(200);
        const fresh = (await renewed.json()) as TableView;
        expect(fresh.key).not.toBe(seven.key);
        expect(fresh.key_renewed_at).toBe(ctx.now().toISOString());
        expect(fresh.path).toBe(`/${SLUG}/#mesa=7&chave=${fresh.key}`);
        expect(await send(ana, atTable({ number: 7, key: seven.key }))).toEqual({ status: 403, body: { message: 'table_unknown' } });
        expect((await send(ana, atTable({ number: 7, key: fresh.key }))).status).toBe(201);

        const neighbour = await tables(apiKeyHeaders(await createEstablishmentKey(ctx.db, OTHER, 'test')), '', 'POST', { number: 3 }, OTHER);
        const theirs = (await neighbour.json()) as TableView;
        expect(await send(ana, atTable({ number: 3, key: theirs.key }))).toEqual({ status: 403, body: { message: 'table_unknown' } });

        expect((await tables(owner, '/7', 'DELETE')).status).toBe(204);
        expect(await send(ana, atTable({ number: 7, key: fresh.key }))).toEqual({ status: 403, body: { message: 'table_unknown' } });
        const missing = await tables(owner, '/7/key', 'POST');
        expect([missing.status, (await missing.json()).message]).toEqual([404, 'table_not_found']);
      });
    });
    describe("the establishment's answer", () => {
      it("says whether it uses tables, and renders its pages when the first table comes and the last goes: 'local' is offered at tables only meanwhile", async () => {
        const slug = 'bar-novo';
        const id = stableId('establishment', slug);
        await loadCatalogue(ctx.db, catalogue(slug, 'Bar Novo'));
        const ownerKey = apiKeyHeaders(await createEstablishmentKey(ctx.db, id, 'test'));
        const usesTables = async () => ((await (await ctx.call(`/api/establishments/${id}`)).json()) as { uses_tables: boolean }).uses_tables;
        rendered.length = 0;
        expect(await usesTables()).toBe(false);

        expect((await tables(ownerKey, '', 'POST', { number: 1 }, id)).status).toBe(201);
        expect(await usesTables()).toBe(true);
        expect((await tables(ownerKey, '', 'POST', { number: 2 }, id)).status).toBe(201);
        expect(rendered).toEqual([slug]);

        expect((await tables(ownerKey, '/1', 'DELETE', undefined, id)).status).toBe(204);
        expect(await usesTables()).toBe(true);
        expect((await tables(ownerKey, '/2', 'DELETE', undefined, id)).status).toBe(204);
        expect(await usesTables()).toBe(false);
        expect(rendered).toEqual([slug, slug]);
      });
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
