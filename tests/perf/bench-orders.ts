// `npm run bench:orders`: order throughput. For each engine (SQLite in a temp DATA_DIR, then a
// throwaway PostgreSQL database) the demo is seeded and the API server runs as a child process
// (tests/api/helpers/api-server.ts: the API stack of src/server/main.ts plus a bare Hono GET /ok);
// autocannon, in this process, sends valid orders to mercado-sol-centro with a fresh
// Idempotent-Key per request for BENCH_SECONDS (default 20) seconds, then hammers GET /ok as long
// on the same server as the ceiling. Reports orders/s, p50, p99 and errors, checks that every 201
// is one stored order, and writes the '## Order throughput' section of docs/benchmarks.md.
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=4 npm run bench:orders
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { seedDemo } from '../../scripts/lib/seed-demo.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';
import { demoEstablishmentId, demoOrderPayload, registerDemoCustomer } from '../api/helpers/demo-order.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SLUG = 'mercado-sol-centro';
const SERVER = join(import.meta.dirname, '..', 'api', 'helpers', 'api-server.ts');
const TARGET = { ordersPerSecond: 300, p99Ms: 50 };

type Measure = { rps: number; p50: number; p99: number; errors: number; total: number; ok: number; cpuMs?: number };
type Variant = 'sqlite' | 'postgres';
type EngineResult = { engine: Variant; orders: Measure; ceiling: Measure; stored: number; load: string };
const LABELS: Record<Variant, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^listening (\S+)$/.exec(line);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

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
  const { url, child } = await startServer(env);
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
    const ceiling = await withCpu(url, () => measureCeiling(url, SECONDS));
    return { engine, orders, ceiling, stored: after - before, load };
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
    `[bench:orders] ${engine}: ${r.orders.rps.toFixed(0)} orders/s, p50 ${r.orders.p50} ms, p99 ${r.orders.p99} ms, ${r.orders.errors} errors; ceiling ${r.ceiling.rps.toFixed(0)} req/s`,
  );
  // Requests still in flight when the clock stops are answered after it, so stored >= answered.
  if (r.stored < r.orders.ok) console.warn(`[bench:orders] ${engine}: ${r.orders.ok} answers 201 but only ${r.stored} orders stored`);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const cpu = (m: Measure) => (m.cpuMs === undefined || m.total === 0 ? '' : `${(m.cpuMs / m.total).toFixed(2)} ms`);
const meets = (r: EngineResult) => r.orders.rps >= TARGET.ordersPerSecond && r.orders.p99 < TARGET.p99Ms && r.orders.errors === 0;
const verdict = results
  .filter((r) => r.engine !== 'postgres')
  .map((r) => `${LABELS[r.engine]}: **${meets(r) ? 'met' : 'not met'}**`)
  .join('; ');
const date = new Date().toISOString().slice(0, 10);
const rows = results.flatMap((r) => [
  `| ${LABELS[r.engine]}: POST orders | ${fmt(r.orders.rps)} orders/s | ${r.orders.p50} ms | ${r.orders.p99} ms | ${r.orders.errors} | ${cpu(r.orders)} | ${fmt(r.orders.ok)} answered 201, ${fmt(r.stored)} stored | ${r.load} |`,
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
number and the key's 'done' record in one transaction. The ceiling is the same server answering
\`ok\` from a bare Hono route, measured right after.

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
