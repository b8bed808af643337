// `npm run bench:orders`: order throughput. For each engine (SQLite in a temp DATA_DIR, then a
// throwaway PostgreSQL database) the demo is seeded and the API server runs as a child process
// (tests/api/helpers/api-server.ts: the API stack of src/server/main.ts plus a bare Hono GET /ok);
// autocannon, in this process, sends valid orders to mercado-sol-centro with a fresh
// Idempotent-Key per request for BENCH_SECONDS (default 20) seconds: paid at pickup, then paid by a
// verified card through the sandbox acquirer (the CVV sealed as the storefront seals it), then it
// hammers GET /ok as long on the same server as the ceiling. Reports orders/s, p50, p99 and errors,
// checks that every 201 is one stored order (and one charge), and writes the '## Order throughput'
// section of docs/benchmarks.md.
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=4 npm run bench:orders
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';
import { startApiServer } from '../api/helpers/server-process.ts';
import { demoEstablishmentId, demoOrderPayload, registerDemoCustomer } from '../api/helpers/demo-order.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { orderPaymentSealContext } from '../../src/schemas/api-orders.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import type { TestContext } from '../api/helpers/databases.ts';
import { cardPayload, encryptionKey, savedCard, sealedCvv, statementAmount, verifiedCustomer } from '../api/helpers/cards.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SLUG = 'mercado-sol-centro';
const TARGET = { ordersPerSecond: 300, p99Ms: 50 };

type Measure = { rps: number; p50: number; p99: number; errors: number; total: number; ok: number; cpuMs?: number };
type Variant = 'sqlite' | 'postgres';
type EngineResult = { engine: Variant; orders: Measure; cards: Measure; ceiling: Measure; stored: number; cardStored: number; charges: number; load: string };
const LABELS: Record<Variant, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function summarise(r: autocannon.Result, seconds: number): Measure {
  const ok = r['2xx'];
  return {
    rps: ok / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    total: r.requests.total,
    ok,
  };
}

async function measureOrders(url: string, estId: string, token: string, body: string, seconds: number): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: `/api/establishments/${estId}/orders`,
        headers: {
          ...API_HEADERS,
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
        },
        body,
        // A fresh key per request: every request is a new order.
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'Idempotent-Key': randomUUID() } }),
      },
    ],
  });
  return summarise(result, seconds);
}

async function measureCeiling(url: string, seconds: number): Promise<Measure> {
  return summarise(await autocannon({ url: `${url}/ok`, connections: CONNECTIONS, duration: seconds }), seconds);
}

/** The server process's CPU time so far, in ms. */
async function serverCpuMs(url: string): Promise<number> {
  const { user, system } = (await (await fetch(`${url}/cpu`)).json()) as { user: number; system: number };
  return (user + system) / 1000;
}

/** Runs a measure and adds the server's CPU milliseconds per answered request. */
async function withCpu(url: string, run: () => Promise<Measure>): Promise<Measure> {
  const before = await serverCpuMs(url);
  const m = await run();
  m.cpuMs = (await serverCpuMs(url)) - before;
  return m;
}

/** The API of the server at `url`, as the API tests' helpers call it (they also read the outbox in `db`). */
function remote(url: string, db: Database): TestContext {
  return {
    db,
    call: (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  } as unknown as TestContext;
}

/** A customer of the establishment with a verified card (phone, e-mail and the card's micro-charge proven through the API): their token and the card's id. */
async function cardCustomer(url: string, db: Database, estId: string): Promise<{ token: string; userId: string; cardId: string }> {
  const ctx = remote(url, db);
  const { session, user } = await verifiedCustomer(ctx, estId);
  const headers = { Authorization: `Bearer ${session.token}` };
  const card = await savedCard(ctx, session, user._id, cardPayload());
  const started = await ctx.call('/api/cards/purchase-verification', {
    method: 'POST',
    body: { card: { _id: card._id, security_code: await sealedCvv(ctx, user._id, '123') } },
    headers,
  });
  if (started.status !== 201) throw new Error(`validation: ${started.status} ${await started.text()}`);
  const confirmed = await ctx.call(`/api/cards/verification/${card._id}`, { method: 'PUT', body: { amount: await statementAmount(ctx, card.last4) }, headers });
  if (confirmed.status !== 200) throw new Error(`validation amount: ${confirmed.status} ${await confirmed.text()}`);
  return { token: session.token, userId: user._id, cardId: card._id };
}

async function count(db: Database, table: 'orders' | 'order_payments'): Promise<number> {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

async function benchEngine(engine: Variant): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-bench-orders-${engine}-`));
  let env: Record<string, string>;
  let db: Database;
  let dropPg: (() => Promise<void>) | undefined;
  if (engine !== 'postgres') {
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  } else {
    const pg = await createPgDatabase('storefront_bench');
    dropPg = pg.drop;
    ({ db } = await openDatabase({ databaseUrl: pg.url }));
    env = { DATA_DIR: dataDir, DATABASE_URL: pg.url };
  }
  await seedDemo(db, { dataDir });
  const { url, child } = await startApiServer(env);
  try {
    const estId = await demoEstablishmentId(url, SLUG);
    const token = await registerDemoCustomer(url, estId, 'Cliente Benchmark');
    const body = JSON.stringify(await demoOrderPayload(url, estId));
    // Warm-up (JIT, prepared statements, connection pool), not counted.
    await measureOrders(url, estId, token, body, 3);
    await measureCeiling(url, 2);
    const before = Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const load = loadavg()[0]!.toFixed(2);
    const orders = await withCpu(url, () => measureOrders(url, estId, token, body, SECONDS));
    const after = Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Paid by card: the same order, online, by a customer with a verified card; the CVV sealed once
    // as the storefront seals it (the server opens it on every request).
    const buyer = await cardCustomer(url, db, estId);
    const key = await encryptionKey(remote(url, db));
    const cardOrder = {
      ...(JSON.parse(body) as Record<string, unknown>),
      payment_type: 'online',
      payment_method_id: null,
      payment_card: { token_id: buyer.cardId, security_code: seal('123', key, orderPaymentSealContext(buyer.userId)) },
    };
    const cardBody = JSON.stringify(cardOrder);
    await measureOrders(url, estId, buyer.token, cardBody, 3);
    const cardsBefore = await count(db, 'orders');
    const paymentsBefore = await count(db, 'order_payments');
    const cards = await withCpu(url, () => measureOrders(url, estId, buyer.token, cardBody, SECONDS));
    const cardStored = (await count(db, 'orders')) - cardsBefore;
    const charges = (await count(db, 'order_payments')) - paymentsBefore;
    const ceiling = await withCpu(url, () => measureCeiling(url, SECONDS));
    return { engine, orders, cards, ceiling, stored: after - before, cardStored, charges, load };
  } finally {
    await stopServer(child);
    await db.destroy();
    await dropPg?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const variants: Variant[] = ['sqlite', 'postgres'];
const results: EngineResult[] = [];
for (const engine of variants) {
  console.log(`[bench:orders] ${engine}: ${SECONDS} s of orders, then ${SECONDS} s of GET /ok, ${CONNECTIONS} connections…`);
  const r = await benchEngine(engine);
  results.push(r);
  console.log(
    `[bench:orders] ${engine}: ${r.orders.rps.toFixed(0)} orders/s, p50 ${r.orders.p50} ms, p99 ${r.orders.p99} ms, ${r.orders.errors} errors; by card ${r.cards.rps.toFixed(0)} orders/s, p99 ${r.cards.p99} ms, ${r.cards.errors} errors; ceiling ${r.ceiling.rps.toFixed(0)} req/s`,
  );
  // Requests still in flight when the clock stops are answered after it, so stored >= answered.
  if (r.stored < r.orders.ok) console.warn(`[bench:orders] ${engine}: ${r.orders.ok} answers 201 but only ${r.stored} orders stored`);
  // Requests of the warm-up still in flight when the counts are read can move either count by a few.
  if (r.cardStored < r.cards.ok || Math.abs(r.charges - r.cardStored) > CONNECTIONS)
    console.warn(`[bench:orders] ${engine}: ${r.cards.ok} card orders answered 201, ${r.cardStored} stored, ${r.charges} charges`);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(0)}%` : '');
const cpu = (m: Measure) => (m.cpuMs === undefined || m.total === 0 ? '' : `${(m.cpuMs / m.total).toFixed(2)} ms`);
const meets = (r: EngineResult) => r.orders.rps >= TARGET.ordersPerSecond && r.orders.p99 < TARGET.p99Ms && r.orders.errors === 0;
const verdict = results
  .filter((r) => r.engine !== 'postgres')
  .map((r) => `${LABELS[r.engine]}: **${meets(r) ? 'met' : 'not met'}**`)
  .join('; ');
const date = new Date().toISOString().slice(0, 10);
const rows = results.flatMap((r) => [
  `| ${LABELS[r.engine]}: POST orders, paid at pickup | ${fmt(r.orders.rps)} orders/s | ${r.orders.p50} ms | ${r.orders.p99} ms | ${r.orders.errors} | ${cpu(r.orders)} | ${fmt(r.orders.ok)} answered 201, ${fmt(r.stored)} stored | ${r.load} |`,
  `| ${LABELS[r.engine]}: POST orders, paid by card (sandbox acquirer) | ${fmt(r.cards.rps)} orders/s (${ratio(r.cards.rps, r.orders.rps)} of pickup) | ${r.cards.p50} ms | ${r.cards.p99} ms | ${r.cards.errors} | ${cpu(r.cards)} | ${fmt(r.cards.ok)} answered 201, ${fmt(r.cardStored)} stored, ${fmt(r.charges)} charged | |`,
  `| ${LABELS[r.engine]}: bare Hono GET /ok (ceiling) | ${fmt(r.ceiling.rps)} req/s | ${r.ceiling.p50} ms | ${r.ceiling.p99} ms | ${r.ceiling.errors} | ${cpu(r.ceiling)} | | |`,
]);
const section = `## Order throughput

Measured by \`npm run bench:orders\` (tests/perf/bench-orders.ts) on ${date}, on this 2-core machine:
the API server as a child process (tests/api/helpers/api-server.ts: the API stack of
src/server/main.ts, plus a bare Hono \`GET /ok\`), autocannon in the bench process with
${CONNECTIONS} connections, ${SECONDS} s per measure after a 3 s warm-up. Each request is a valid
pickup order at mercado-sol-centro (two products, the required order variations, pay at pickup)
by one logged-in customer with a fresh \`Idempotent-Key\`, so every request is a new order: session
lookup, idempotency claim, re-pricing from the catalogue, every submit check, then the order, its
number and the key's 'done' record in one transaction. Paid by card, the same order goes online
with a verified card and the CVV sealed as the storefront seals it: the server opens the CVV
(X25519), checks the card, writes the charge's attempt, charges it through the sandbox acquirer
(its own tables on the same database) under the attempt's key, then writes the order and links
the charge in one transaction (docs/payments.md 'Paying an order'). The ceiling is the same server
answering \`ok\` from a bare Hono route, measured right after.

| Measure | Throughput | p50 | p99 | Errors | Server CPU / request | Check | Load (1 min) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Target: at least ${TARGET.ordersPerSecond} orders/s on SQLite with p99 under ${TARGET.p99Ms} ms, no errors. This run: ${verdict}.
'stored' can exceed 'answered 201' by the requests still in flight when the clock stopped. The
load column is the machine's 1-minute load average when the measure started: other work on the
machine shares the two cores, so throughput and latency move with it; the server's CPU time per
request (PostgreSQL's own CPU not included) does not, and 1000 / that figure is what one core
could serve.

What moved the numbers (CPU profiles of the server during this benchmark): checking the payload
with arktype morphs and defaults cost about 60 µs a request, a plain shape check plus a small
normaliser 5 µs; only the ordered products are read (one \`IN\` query), never the whole catalogue;
the order, its number, the credits and the key's record share one transaction. Kysely's SQLite driver
prepares every query it runs again, about a third of the server's time; prepared statements are
now kept by SQL text (src/server/db/sqlite-statement-cache.ts): 449 -> 547 orders/s and p99
44 -> 21 ms side by side in one run. While other jobs kept the machine busy (1-minute load 8 to
10), the same script measured about 200 orders/s with p99 between 150 and 230 ms on SQLite: these
figures need the two cores mostly free.
`;

writeBenchmarkSection(section);
console.log(`\n${section}`);
