// Exactly once, measured through a crash: a real server process (tests/api/helpers/api-server.ts,
// the API as src/server/main.ts serves it) takes a burst of orders paid by card, and of Pix charges
// and Pix webhooks, and is killed with SIGKILL in the middle; a new process starts on the same
// database, the clients retry every request with the same keys, the server's jobs run; then every
// key has exactly one order, every order at most one charge kept, every Pix was applied once, no
// charge without an order survived, and no attempt was left in doubt. On SQLite and on PostgreSQL.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database, type Engine } from '../../src/server/db/database.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { createSandboxGateway } from '../../src/server/sandboxes/payment-sandbox.ts';
import { runOrderPaymentJobs } from '../../src/server/services/order-payments.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { createPixApiClient, PIX_SANDBOX_PATH, pixSandboxCredentials } from '../../src/server/adapters/pix-psp.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { createPgDatabase, type TestContext } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cardPayload, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { waitForBackends } from './helpers/orders.ts';
import { startApiServer } from './helpers/server-process.ts';

const SLUG = 'loja-queda';
const SHOP = stableId('establishment', SLUG);
const CARD_ORDERS = 120;
const PIX_ORDERS = 40;
const CONCURRENCY = 12;
/** The idempotency lock the test's servers hold (60 s in production): a dead request's key is taken over after it. */
const LOCK_MS = 2000;

const catalogue: CatalogueInput = {
  company: { slug: 'queda', name: 'Queda' },
  establishment: {
    slug: SLUG,
    name: 'Loja da Queda',
    is_open: 'open',
    phone: '11987650011',
    address: { street: 'Rua Direita', number: '50', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
    design: { theme: 'light', navbarcolor: '#123456', primary: '#5d4037', darkprimary: '#3e2723', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Loja da Queda',
      desc: '',
      delivery_type: ['pickup'],
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      has_online_payment: true,
      has_pix_payment: true,
    },
    office_hours: [],
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'torta', name: 'Torta de Limão', price: 2790 }] }],
};

const order = (paymentType: 'online' | 'pix', card?: unknown) => ({
  delivery_type: 'pickup',
  payment_type: paymentType,
  platform: 'web',
  products: [{ id: stableId('product', SLUG, 'torta'), qnt: 1, note: '', variations: [] }],
  ...(card ? { payment_card: card } : {}),
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `tasks` `width` at a time. */
async function inTurns<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe(`payments through a kill -9 of the server [${engine}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-crash-${engine}-`));
    let db: Database;
    let databaseUrl = '';
    let drop: (() => Promise<void>) | undefined;
    let port = 0;
    let child: ChildProcess | null = null;
    let token = '';
    let userId = '';
    let cardId = '';
    const origin = () => `http://127.0.0.1:${port}`;

    async function start(): Promise<void> {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        PUBLIC_ORIGIN: origin(),
        IDEMPOTENCY_LOCK_MS: String(LOCK_MS),
        // An acquirer that takes its time, so the kill lands on charges on their way in and on their way back.
        PAYMENT_SANDBOX_LATENCY_MS: '300',
        PIX_WEBHOOK_SECRET: 'crash-test-webhook-secret',
      };
      child = (await startApiServer(env, { stderr: 'ignore' })).child;
    }

    function killHard(): Promise<void> {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      });
    }

    /** A request to the server; a refused connection (the server is down) answers status 0. */
    async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
      try {
        const res = await fetch(`${origin()}${path}`, {
          method,
          headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : null };
      } catch {
        return { status: 0, body: null };
      }
    }

    /** Sends until the answer is `want` (a retry of the same request, as a client does after a crash or a 409 in flight). */
    async function until(want: number[], request: () => Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: unknown }> {
      for (let i = 0; i < 100; i++) {
        const res = await request();
        if (want.includes(res.status)) return res;
        await sleep(res.status === 409 ? 300 : 100);
      }
      throw new Error('no answer after 100 tries');
    }

    beforeAll(async () => {
      if (engine === 'postgres') {
        const pg = await createPgDatabase('storefront_crash');
        databaseUrl = pg.url;
        drop = pg.drop;
      }
      ({ db } = await openDatabase(engine === 'postgres' ? { databaseUrl } : { databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
      await loadCatalogue(db, catalogue);
      // The customer and their verified card, made through an app of this process on the same database.
      const sealingKey = serverSealingKey(dataDir, '');
      const app = createApi({ db, engine, sealingKey });
      const ctx = {
        db,
        engine,
        app,
        call: (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
          app.request(path, {
            method: init.method ?? 'GET',
            headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers },
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
          }),
      } as unknown as TestContext;
      const customer = await verifiedCustomer(ctx, SHOP);
      token = customer.session.token;
      userId = customer.user._id;
      const card = await savedCard(ctx, customer.session, userId, cardPayload());
      cardId = card._id;
      const headers = { Authorization: `Bearer ${token}` };
      expect(
        (
          await ctx.call('/api/cards/purchase-verification', {
            method: 'POST',
            body: { card: { _id: cardId, security_code: await sealedCvv(ctx, userId, '123') } },
            headers,
          })
        ).status,
      ).toBe(201);
      const amount = await statementAmount(ctx, card.last4);
      expect((await ctx.call(`/api/cards/verification/${cardId}`, { method: 'PUT', body: { amount }, headers })).status).toBe(200);
      port = await freePort();
      await start();
    }, 60_000);

    afterAll(async () => {
      await killHard();
      await db?.destroy();
      if (engine === 'postgres') {
        await waitForBackends(new URL(databaseUrl).pathname.slice(1));
        await drop?.();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`${CARD_ORDERS} card orders, the server killed in the middle: every key one order and one charge kept, no charge without an order after the jobs`, async () => {
      const keys = Array.from({ length: CARD_ORDERS }, () => randomUUID());
      const body = order('online', { token_id: cardId, security_code: '123' });
      const path = `/api/establishments/${SHOP}/orders`;
      let answered = 0;
      let killed: Promise<void> | null = null;
      await inTurns(
        keys.map((key) => async () => {
          const res = await send('POST', path, body, { 'Idempotent-Key': key });
          if (res.status === 201 && ++answered === Math.floor(CARD_ORDERS / 3)) killed = killHard();
          return res;
        }),
        CONCURRENCY,
      );
      await killed;
      expect(answered).toBeLessThan(CARD_ORDERS);
      // What the kill left: charges on their way (some reached the acquirer, their answers lost).
      const interrupted = await db
        .selectFrom('order_payments')
        .select('idempotency_key')
        .where('user_id', '=', userId)
        .where('status', '=', 'charging')
        .execute();
      expect(interrupted.length).toBeGreaterThan(0);
      // One client of an interrupted order gives up and never retries; every other retries its request with the same key.
      const abandoned = interrupted[0]!.idempotency_key;
      const retried = keys.filter((k) => k !== abandoned);
      await start();
      const answers = await inTurns(
        retried.map((key) => () => until([201], () => send('POST', path, body, { 'Idempotent-Key': key }))),
        CONCURRENCY,
      );
      const ids = answers.map((a) => (a.body as { _id: string })._id);
      expect(new Set(ids).size).toBe(retried.length);
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'total', 'payment_status'])
        .where('user_id', '=', userId)
        .where('payment_type', '=', 'online')
        .execute();
      expect(orders.map((o) => o.id).sort()).toEqual([...ids].sort());
      expect(orders.every((o) => o.payment_status === 'paid')).toBe(true);

      // The jobs as the next minutes would run them: stale charges settled, charges no order took refunded.
      const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
      // A charge that never reached the acquirer is declined only after three asks found nothing, over ten minutes.
      for (const minutes of [3, 15, 30]) await runOrderPaymentJobs({ db, payments: createSandboxGateway(db), now: later(minutes) });

      const payments = await db.selectFrom('order_payments').selectAll().where('user_id', '=', userId).execute();
      const charges = await db
        .selectFrom('payment_sandbox_charges')
        .selectAll()
        .where(
          'idempotency_key',
          'in',
          payments.map((p) => `order-payment:${p.id}:charge`),
        )
        .execute();
      const chargeOf = new Map(charges.map((c) => [c.idempotency_key, c]));
      const kept = (key: string) =>
        payments
          .filter((p) => p.idempotency_key === key)
          .filter((p) => {
            const c = chargeOf.get(`order-payment:${p.id}:charge`);
            return c?.status === 'captured' && c.refunded < c.amount;
          });
      for (const key of retried) {
        // One charge kept per key, and it is the one its order took.
        expect(kept(key), key).toHaveLength(1);
        expect(kept(key)[0]!.status).toBe('attached');
        expect(ids).toContain(kept(key)[0]!.order_id);
      }
      // Nothing is left in doubt: every attempt paid its order, went back, or was never charged.
      expect(payments.filter((p) => !['attached', 'refunded', 'declined'].includes(p.status))).toEqual([]);
      // The abandoned order: no order, and its charge, if it was made, went back.
      expect(kept(abandoned)).toEqual([]);
      // Every captured charge no order took went back whole.
      for (const c of charges.filter((c) => c.status === 'captured')) {
        const p = payments.find((x) => `order-payment:${x.id}:charge` === c.idempotency_key)!;
        if (p.status !== 'attached') expect([p.status, c.refunded], p.id).toEqual(['refunded', c.amount]);
      }
    }, 180_000);

    it(`${PIX_ORDERS} Pix charges and their webhooks, twice and out of order, the server killed in the middle: each order one charge, each Pix applied once`, async () => {
      const path = `/api/establishments/${SHOP}/orders`;
      const placed = await inTurns(
        Array.from({ length: PIX_ORDERS }, () => () => until([201], () => send('POST', path, order('pix'), { 'Idempotent-Key': randomUUID() }))),
        CONCURRENCY,
      );
      const orderIds = placed.map((p) => (p.body as { _id: string })._id);
      // The burst of charges, killed a third of the way.
      let answered = 0;
      let killed: Promise<void> | null = null;
      await inTurns(
        orderIds.map((id) => async () => {
          const res = await send('POST', '/api/pix', { order_id: id });
          if ((res.status === 201 || res.status === 200) && ++answered === Math.floor(PIX_ORDERS / 3)) killed = killHard();
          return res;
        }),
        CONCURRENCY,
      );
      await killed;
      await start();
      const charges = await inTurns(
        orderIds.map((id) => () => until([200, 201], () => send('POST', '/api/pix', { order_id: id }))),
        CONCURRENCY,
      );
      const txids = charges.map((c) => (c.body as { txid: string }).txid);
      expect(new Set(txids).size).toBe(PIX_ORDERS);
      for (const id of orderIds) expect(await db.selectFrom('pix_charges').select('txid').where('order_id', '=', id).execute(), id).toHaveLength(1);
      const atPsp = await db.selectFrom('pix_sandbox_charges').select('txid').where('txid', 'in', txids).execute();
      expect(atPsp).toHaveLength(PIX_ORDERS);

      // Every charge paid at the PSP (each payment calls the webhook), then every webhook delivered
      // again twice, shuffled, with the server killed in the middle of it.
      // The PSP learns where to call (the server does this at start; the test's API server does not).
      await createPixApiClient({ baseUrl: `${origin()}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox' }).registerWebhook(
        `${origin()}/api/pix/webhook`,
      );
      await inTurns(
        txids.map((txid) => () => send('POST', '/api/pix/webhook', { transaction_id: txid, status: 'paid' })),
        CONCURRENCY,
      );
      const payments = await db.selectFrom('pix_sandbox_payments').select(['end_to_end_id', 'txid']).where('txid', 'in', txids).execute();
      expect(payments).toHaveLength(PIX_ORDERS);
      const redeliveries = [...payments, ...payments].sort(() => Math.random() - 0.5);
      let delivered = 0;
      let killedAgain: Promise<void> | null = null;
      await inTurns(
        redeliveries.map((p) => async () => {
          const res = await send('POST', `/api/pix-sandbox/sandbox/pix/${p.end_to_end_id}/webhook`);
          if (++delivered === PIX_ORDERS) killedAgain = killHard();
          return res;
        }),
        CONCURRENCY,
      );
      await killedAgain;
      await start();
      for (const p of redeliveries.sort(() => Math.random() - 0.5))
        await until([200], () => send('POST', `/api/pix-sandbox/sandbox/pix/${p.end_to_end_id}/webhook`));

      const receipts = await db.selectFrom('pix_receipts').selectAll().where('txid', 'in', txids).execute();
      expect(receipts).toHaveLength(PIX_ORDERS);
      expect(receipts.every((r) => r.outcome === 'applied')).toBe(true);
      const paidOrders = await db.selectFrom('orders').select(['id', 'payment_status']).where('id', 'in', orderIds).execute();
      expect(paidOrders.every((o) => o.payment_status === 'paid')).toBe(true);
      expect(await db.selectFrom('pix_sandbox_refunds').select('id').execute()).toEqual([]);
    }, 180_000);
  });
}
