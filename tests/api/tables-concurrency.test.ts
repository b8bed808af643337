// A table's tab under concurrency, on the real server (tests/api/helpers/api-server.ts, a child
// process) on a SQLite file and on a throwaway PostgreSQL database served by two processes, the
// requests alternating between them:
//   - three screens press 'Fechar mesa' on one tab at once: one 200, two 409 table_already_closed;
//   - ten customers of one table with no open tab order at once: all join one new tab.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../src/server/db/database.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { ENGINES, createPgDatabase } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { customerAddress, newUserData } from './helpers/accounts.ts';
import { waitForBackends } from './helpers/orders.ts';
import { startApiServer, stopApiServers } from './helpers/server-process.ts';

const SLUG = 'bar-concorrido';
const SHOP = stableId('establishment', SLUG);

const catalogue: CatalogueInput = {
  company: { slug: SLUG, name: 'Bar Concorrido' },
  establishment: {
    slug: SLUG,
    name: 'Bar Concorrido',
    phone: '11987650099',
    address: { street: 'Rua Direita', number: '99', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
    design: { theme: 'light', navbarcolor: '#1b5e20', primary: '#2e7d32', darkprimary: '#1b5e20', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Bar Concorrido',
      desc: '',
      delivery_type: ['local'],
      min_pickup_time: 10,
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
    },
    // Open around the clock: the orders are taken whatever the time of the run.
    office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 })),
  },
  categories: [{ _id: 'bebidas', name: 'Bebidas', products: [{ _id: 'chopp', name: 'Chopp', price: 1400, delivery_type: ['local'] }] }],
};

type Answer<T = any> = { status: number; body: T };

function tally(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status < 300 ? String(a.status) : `${a.status} ${a.body?.message}`;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

for (const engine of ENGINES as readonly Engine[]) {
  describe(`a table's tab under concurrency on the real server [${engine}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-tables-${engine}-`));
    let db: Database;
    let databaseUrl = '';
    let drop: (() => Promise<void>) | undefined;
    let apiKey = '';
    let tableKey = '';
    const servers: { proc: ChildProcess; origin: string }[] = [];
    let turn = 0;

    async function send(method: string, path: string, init: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
      const { origin } = servers[turn++ % servers.length]!;
      const headers: Record<string, string> = { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers };
      headers.Authorization = init.token ? `Bearer ${init.token}` : `ApiKey ${apiKey}`;
      const res = await fetch(`${origin}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    const order = (token: string) =>
      send('POST', `/api/establishments/${SHOP}/orders`, {
        token,
        headers: { 'Idempotent-Key': randomUUID() },
        body: {
          delivery_type: 'local',
          payment_type: 'offline',
          platform: 'web',
          products: [{ id: stableId('product', SLUG, 'chopp'), qnt: 1, note: '', variations: [] }],
          payment_method_id: 'dinheiro',
          table: { number: 4, key: tableKey },
        },
      });
    const close = (tabId: string) => send('POST', `/api/establishments/${SHOP}/tables/4/close`, { body: { tab_id: tabId } });

    async function customer(): Promise<string> {
      const res = await fetch(`${servers[0]!.origin}/api/auth/register`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'X-Forwarded-For': customerAddress() },
        body: JSON.stringify({ establishment_id: SHOP, ...newUserData() }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`sid_${SHOP}=`));
      return decodeURIComponent(cookie!.split(';')[0]!.slice(`sid_${SHOP}=`.length));
    }

    beforeAll(async () => {
      if (engine === 'postgres') {
        const pg = await createPgDatabase('storefront_tables');
        databaseUrl = pg.url;
        drop = pg.drop;
      }
      ({ db } = await openDatabase(engine === 'postgres' ? { databaseUrl } : { databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
      await loadCatalogue(db, catalogue);
      apiKey = await createEstablishmentKey(db, SHOP, 'testes de concorrência');
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0' };
      for (let i = 0; i < (engine === 'postgres' ? 2 : 1); i++) {
        const { url, child } = await startApiServer(env);
        servers.push({ proc: child, origin: url });
      }
      const table = await send('POST', `/api/establishments/${SHOP}/tables`, { body: { number: 4 } });
      expect(table.status).toBe(201);
      tableKey = table.body.key;
    }, 60_000);

    afterAll(async () => {
      await stopApiServers(servers.map((s) => s.proc));
      await db?.destroy();
      if (engine === 'postgres') {
        await waitForBackends(new URL(databaseUrl).pathname.slice(1));
        await drop?.();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('ten customers of a table without an open tab order at once: all join one new tab', async () => {
      const tokens = await Promise.all(Array.from({ length: 10 }, () => customer()));
      const answers = await Promise.all(tokens.map((t) => order(t)));
      expect(tally(answers)).toEqual({ '201': 10 });
      const tabs = new Set(answers.map((a) => a.body.order.table.tab_id));
      expect(tabs.size).toBe(1);
      expect(await db.selectFrom('table_tabs').select('id').where('establishment_id', '=', SHOP).execute()).toHaveLength(1);
    }, 60_000);

    it("three screens close the table's tab at once: one 200, two 409 table_already_closed; the next order opens a new tab", async () => {
      const board = await send('GET', `/api/establishments/${SHOP}/order-board`);
      expect(board.body.open_tabs).toHaveLength(1);
      const tabId = board.body.open_tabs[0]._id as string;
      const answers = await Promise.all([close(tabId), close(tabId), close(tabId)]);
      console.info(`[${engine}] three closes of one tab at once:`, tally(answers));
      expect(tally(answers)).toEqual({ '200': 1, '409 table_already_closed': 2 });
      const row = await db.selectFrom('table_tabs').selectAll().where('id', '=', tabId).executeTakeFirstOrThrow();
      expect(row.closed_at).not.toBeNull();
      const next = await order(await customer());
      expect(next.status).toBe(201);
      expect(next.body.order.table.tab_id).not.toBe(tabId);
      expect((await send('GET', `/api/establishments/${SHOP}/order-board`)).body.open_tabs.map((t: { _id: string }) => t._id)).toEqual([
        next.body.order.table.tab_id,
      ]);
    }, 60_000);
  });
}
