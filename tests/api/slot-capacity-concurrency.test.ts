// Kitchen capacity under concurrency, measured on the real server: the API as src/server/main.ts
// serves it (tests/api/helpers/api-server.ts, a child process) on a SQLite file and on a throwaway
// PostgreSQL database, where two server processes share the database and the requests alternate
// between them. Bursts of orders are sent at once over HTTP for one 15-minute slot of tomorrow:
//   - the slot's last place, 20 customers at once: one gets it, 19 are refused 409 slot_full with
//     the next free slot, and the slot holds its cap;
//   - a full slot whose orders are cancelled while 20 customers race for it: the places freed are
//     taken at most once each, and the slot's counter is the number of its live orders.
// The cap is set through the establishment's API (PUT .../slot-capacity with its key).
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
import { slotAt } from '../../src/domain/slot-capacity.ts';
import { Temporal } from '../../src/domain/time.ts';
import { ENGINES, createPgDatabase } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { customerAddress, newUserData } from './helpers/accounts.ts';
import { waitForBackends } from './helpers/orders.ts';
import { startApiServer, stopApiServers } from './helpers/server-process.ts';

const SLUG = 'cozinha-concorrida';
const SHOP = stableId('establishment', SLUG);
const TZ = 'America/Sao_Paulo';
/** Tomorrow on the establishment's calendar: its slots are offered whatever the time of the run. */
const TOMORROW = Temporal.Now.plainDateISO(TZ).add({ days: 1 }).toString();

const catalogue: CatalogueInput = {
  company: { slug: SLUG, name: 'Cozinha Concorrida' },
  establishment: {
    slug: SLUG,
    name: 'Cozinha Concorrida',
    phone: '11987650088',
    address: { street: 'Rua Direita', number: '88', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
    design: { theme: 'light', navbarcolor: '#1b5e20', primary: '#2e7d32', darkprimary: '#1b5e20', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Cozinha Concorrida',
      desc: '',
      delivery_type: ['pickup'],
      min_pickup_time: 15,
      max_days_scheduling: 2,
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
    },
    // Open every day around the clock: every quarter hour of tomorrow is offered.
    office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 })),
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'marmita', name: 'Marmita', price: 2500 }] }],
};

type Answer<T = any> = { status: number; body: T };

/** A pickup order of one Marmita for tomorrow at `time`, cash at the counter. */
const orderAt = (time: string) => ({
  delivery_type: 'pickup',
  payment_type: 'offline',
  platform: 'web',
  products: [{ id: stableId('product', SLUG, 'marmita'), qnt: 1, note: '', variations: [] }],
  payment_method_id: 'dinheiro',
  scheduled_at: slotAt(TOMORROW, time, TZ),
});

/** Every status and refusal code of a burst, counted: { '201': 1, '409 slot_full': 19 }. */
function tally(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status === 201 || a.status === 200 ? String(a.status) : `${a.status} ${a.body?.message}`;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

for (const engine of ENGINES as readonly Engine[]) {
  describe(`kitchen capacity under concurrency on the real server [${engine}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-slots-${engine}-`));
    let db: Database;
    let databaseUrl = '';
    let drop: (() => Promise<void>) | undefined;
    let apiKey = '';
    const servers: { proc: ChildProcess; origin: string }[] = [];
    let turn = 0;

    /** A request to one of the servers, in turn (two processes on PostgreSQL, one on SQLite). */
    async function send(
      method: string,
      path: string,
      init: { body?: unknown; token?: string; apiKey?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const { origin } = servers[turn++ % servers.length]!;
      const headers: Record<string, string> = { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      if (init.apiKey) headers.Authorization = `ApiKey ${init.apiKey}`;
      const res = await fetch(`${origin}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    const ordersPath = `/api/establishments/${SHOP}/orders`;
    const order = (token: string, time: string) => send('POST', ordersPath, { body: orderAt(time), token, headers: { 'Idempotent-Key': randomUUID() } });
    const cancel = (orderId: string) => send('PUT', `${ordersPath}/${orderId}/status`, { body: { status: 'canceled' }, apiKey });

    /** A customer registered through the API, each from an address of its own; answers the session's bearer token. */
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

    /** The slot's live orders and its counter row. */
    async function slot(time: string) {
      const at = slotAt(TOMORROW, time, TZ);
      const live = await db
        .selectFrom('orders')
        .select('id')
        .where('establishment_id', '=', SHOP)
        .where('slot_at', '=', at)
        .where('status', '!=', 'canceled')
        .execute();
      const row = await db
        .selectFrom('slot_loads')
        .select('orders')
        .where('establishment_id', '=', SHOP)
        .where('delivery_type', '=', 'pickup')
        .where('slot_at', '=', at)
        .executeTakeFirst();
      return { live: live.map((o) => o.id), counter: Number(row?.orders ?? 0) };
    }

    beforeAll(async () => {
      if (engine === 'postgres') {
        const pg = await createPgDatabase('storefront_slots');
        databaseUrl = pg.url;
        drop = pg.drop;
      }
      ({ db } = await openDatabase(engine === 'postgres' ? { databaseUrl } : { databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
      await loadCatalogue(db, catalogue);
      apiKey = await createEstablishmentKey(db, SHOP, 'testes de concorrência');
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0' };
      // Two processes on one PostgreSQL database: the cap must hold across processes, not by one process's turns.
      for (let i = 0; i < (engine === 'postgres' ? 2 : 1); i++) {
        const { url, child } = await startApiServer(env);
        servers.push({ proc: child, origin: url });
      }
      const capped = await send('PUT', `/api/establishments/${SHOP}/slot-capacity`, { body: { pickup: 3 }, apiKey });
      expect(capped.body).toMatchObject({ slot_capacity: { pickup: 3 } });
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

    it("the slot's last place, 20 customers at once: one gets it, 19 are refused slot_full with the next free slot", async () => {
      const [first, second, ...racing] = await Promise.all(Array.from({ length: 22 }, () => customer()));
      expect((await order(first!, '12:00')).status).toBe(201);
      expect((await order(second!, '12:00')).status).toBe(201);

      const answers = await Promise.all(racing.map((token) => order(token, '12:00')));
      console.info(`[${engine}] the last place of a slot (cap 3), 20 customers at once:`, tally(answers));
      expect(tally(answers)).toEqual({ '201': 1, '409 slot_full': 19 });
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.params).toEqual({ next_date: TOMORROW, next_time: '12:15', next_at: slotAt(TOMORROW, '12:15', TZ) });
      }
      const won = answers.find((a) => a.status === 201)!;
      const { live, counter } = await slot('12:00');
      expect(live.sort()).toHaveLength(3);
      expect(live).toContain(won.body._id);
      expect(counter).toBe(3);
      // The 19 refused left nothing behind: the establishment has the three orders only.
      expect(await db.selectFrom('orders').select('id').where('establishment_id', '=', SHOP).execute()).toHaveLength(3);
      const full = await send('GET', `/api/establishments/${SHOP}/full-slots?date=${TOMORROW}&delivery_type=pickup`);
      expect(full.body.full).toEqual(['12:00']);
    }, 60_000);

    it('two orders of a full slot cancelled while 20 customers race for it: each freed place is taken once at most, and the counter is the live orders', async () => {
      const tokens = await Promise.all(Array.from({ length: 23 }, () => customer()));
      const placed: string[] = [];
      for (const token of tokens.slice(0, 3)) {
        const a = await order(token, '13:00');
        expect(a.status).toBe(201);
        placed.push(a.body._id);
      }
      const answers = await Promise.all([cancel(placed[0]!), cancel(placed[1]!), ...tokens.slice(3).map((token) => order(token, '13:00'))]);
      const [cancelA, cancelB, ...orders] = answers;
      expect([cancelA!.status, cancelB!.status]).toEqual([200, 200]);
      const outcome = tally(orders);
      console.info(`[${engine}] 2 cancellations of a full slot (cap 3) while 20 customers race for it:`, outcome);
      const taken = outcome['201'] ?? 0;
      expect(taken).toBeLessThanOrEqual(2);
      expect(taken + (outcome['409 slot_full'] ?? 0)).toBe(20);
      const { live, counter } = await slot('13:00');
      expect(live).toHaveLength(1 + taken);
      expect(counter).toBe(live.length);
      // The places left free are taken by the next customers, and no more.
      const after = await Promise.all(tokens.slice(3, 3 + 5).map((token) => order(token, '13:00')));
      expect(tally(after)['201'] ?? 0).toBe(2 - taken);
      expect(await slot('13:00')).toMatchObject({ counter: 3 });
      expect((await slot('13:00')).live).toHaveLength(3);
    }, 60_000);
  });
}
