import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { startServer, stop } from './bench-server.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { importCatalogue } from '../../scripts/lib/import-catalogue.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { groceryCatalogue } from '../e2e/live-helpers.ts';

const IDLE = Number(process.env.BENCH_IDLE ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 1_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const CUSTOMERS = 20;
const SLUG = 'quitanda-bench';
const TARGET = { idle: 10_000, memoryMb: 1024 };

type Engine = 'sqlite' | 'postgres';
const LABELS: Record<Engine, string> = { sqlite: 'SQLite (one process, in-memory bus)', postgres: 'PostgreSQL (LISTEN/NOTIFY)' };

interface Result {
  engine: Engine;
  idle: { sockets: number; baseMb: number; heldMb: number; perSocketKb: number; connectSeconds: number; healthMs: number };
  delivery: { p50: number; p99: number; max: number; changes: number };
  broadcast: { pages: number; spreadMs: number };
  load: string;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `count` sockets to the channel, `batch` at a time; answers them once all are open. */
async function openSockets(
  url: string,
  count: number,
  headers: (i: number) => Record<string, string> = () => ({}),
  onMessage?: (i: number, data: string) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
        const i = start + k;
        return new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { headers: headers(i), perMessageDeflate: false });
          if (onMessage) ws.on('message', (data) => onMessage(i, String(data)));
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        });
      }),
    );
    sockets.push(...opened);
  }
  return sockets;
}

function closeAll(sockets: WebSocket[]): Promise<void> {
  return Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  ).then(() => undefined);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function measure(engine: Engine, port: number): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));
  const pg = engine === 'postgres' ? await createPgDatabase('storefront_bench_live') : null;
  const databaseUrl = pg?.url ?? '';
  const { db } = await openDatabase({ databaseUrl, sqliteFile: join(dataDir, 'storefront.sqlite') });
  const imported = await importCatalogue(db, groceryCatalogue(SLUG, 600));
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
  const establishmentId = imported.establishmentId;
  const key = await createEstablishmentKey(db, establishmentId, 'bench');
  await db.destroy();

  // Every socket comes from this one address: the per-address limit is lifted for the measurement.
  const sockets = String(IDLE + PAGES + 100);
  const server = await startServer(
    { DATA_DIR: dataDir, PAGES_DIR: join(dataDir, 'pages'), DATABASE_URL: databaseUrl, LIVE_MAX_SOCKETS: sockets, LIVE_MAX_SOCKETS_PER_ADDRESS: sockets },
    port,
  );
  const origin = `http://127.0.0.1:${port}`;
  const channel = `ws://127.0.0.1:${port}/parties/establishment/${establishmentId}`;
  const load = loadavg()[0]!.toFixed(1);
  try {
    // ---- idle sockets
    await sleep(1000);
    const baseMb = rssMb(server.pid!);
    const started = performance.now();
    const idle = await openSockets(channel, IDLE);
    const connectSeconds = (performance.now() - started) / 1000;
    await sleep(3000);
    const heldMb = rssMb(server.pid!);
    const h0 = performance.now();
    await fetch(`${origin}/api/health`);
    const healthMs = performance.now() - h0;
    await closeAll(idle);
    await sleep(1000);

    // ---- delivery with PAGES pages connected
    const customers: { token: string; orders: string[] }[] = [];
    const products = (await (await fetch(`${origin}/api/establishments/${establishmentId}/products?limit=5`, { headers: API_HEADERS })).json()) as {
      items: { _id: string }[];
    };
    for (let c = 0; c < CUSTOMERS; c++) {
      // Each customer from an address of its own (believed from loopback): one address may register 10 accounts an hour.
      const res = await fetch(`${origin}/api/auth/register`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:${(c + 1).toString(16)}::1` },
        body: JSON.stringify({
          establishment_id: establishmentId,
          name: `Cliente ${c}`,
          email: `bench.${c}.${Date.now()}@example.com`,
          phone: `1198${String(1000000 + c * 7919).slice(-7)}`,
          password: 'segr3do',
        }),
      });
      const token = /sid_[^=]+=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
      customers.push({ token, orders: [] });
    }
    const ordersPerCustomer = Math.ceil(CHANGES / 2 / CUSTOMERS);
    for (const customer of customers)
      for (let o = 0; o < ordersPerCustomer; o++) {
        const res = await fetch(`${origin}/api/establishments/${establishmentId}/orders`, {
          method: 'POST',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}`, 'Idempotent-Key': randomUUID() },
          body: JSON.stringify({
            delivery_type: 'pickup',
            payment_type: 'offline',
            platform: 'web',
            products: [{ id: products.items[0]!._id, qnt: 1 }],
            payment_method_id: 'dinheiro',
          }),
        });
        if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
        customer.orders.push(((await res.json()) as { _id: string })._id);
      }

    const waiting = new Map<string, (at: number) => void>();
    let updatedSeen = 0;
    let firstUpdatedAt = 0;
    let lastUpdatedAt = 0;
    const onMessage = (_i: number, data: string) => {
      const message = JSON.parse(data) as { type: string; order_id?: string; status?: string };
      if (message.type === 'order') waiting.get(`${message.order_id}:${message.status}`)?.(performance.now());
      else if (message.type === 'updated') {
        updatedSeen++;
        lastUpdatedAt = performance.now();
        if (updatedSeen === 1) firstUpdatedAt = lastUpdatedAt;
      }
    };
    const pages = await openSockets(
      channel,
      PAGES,
      (i): Record<string, string> => (i < CUSTOMERS ? { Cookie: `sid_${establishmentId}=${customers[i]!.token}` } : {}),
      onMessage,
    );
    await sleep(1000);

    const latencies: number[] = [];
    const changes = customers
      .flatMap((c) => c.orders)
      .flatMap((id) => [
        [id, 'confirmed'],
        [id, 'complete'],
      ]);
    for (const [orderId, status] of changes.slice(0, CHANGES)) {
      const arrived = new Promise<number>((resolve) => waiting.set(`${orderId}:${status}`, resolve));
      const sent = performance.now();
      const res = await fetch(`${origin}/api/establishments/${establishmentId}/orders/${orderId}/status`, {
        method: 'PUT',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `ApiKey ${key}` },
        body: JSON.stringify({ status }),
      });
      if (res.status !== 200) throw new Error(`status: ${res.status} ${await res.text()}`);
      latencies.push((await arrived) - sent);
    }
    latencies.sort((a, b) => a - b);

    // One 'updated' to every page: the establishment reopens by hand (pages rendered first, then the message).
    const reopened = await fetch(`${origin}/api/establishments/${establishmentId}/opening`, {
      method: 'PUT',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `ApiKey ${key}` },
      body: JSON.stringify({ is_open: 'auto' }),
    });
    if (reopened.status !== 200) throw new Error(`opening: ${reopened.status}`);
    for (let i = 0; i < 100 && updatedSeen < PAGES; i++) await sleep(20);
    await closeAll(pages);

    return {
      engine,
      idle: {
        sockets: IDLE,
        baseMb: round1(baseMb),
        heldMb: round1(heldMb),
        perSocketKb: round1(((heldMb - baseMb) * 1024) / IDLE),
        connectSeconds: round1(connectSeconds),
        healthMs: round1(healthMs),
      },
      delivery: { p50: round1(percentile(latencies, 50)), p99: round1(percentile(latencies, 99)), max: round1(latencies.at(-1)!), changes: latencies.length },
      broadcast: { pages: updatedSeen, spreadMs: round1(lastUpdatedAt - firstUpdatedAt) },
      load,
    };
  } finally {
    await stop(server);
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const [i, engine] of (['sqlite', 'postgres'] as const).entries()) {
  console.log(`→ ${LABELS[engine]}…`);
  const r = await measure(engine, 4590 + i);
  console.log(JSON.stringify(r));
  results.push(r);
}

const met = results.every((r) => r.idle.sockets >= TARGET.idle && r.idle.heldMb < TARGET.memoryMb);
const date = new Date().toISOString().slice(0, 10);
const section = `## Live updates

Measured by \`npm run bench:realtime\` (tests/perf/bench-realtime.ts) on ${date}, on this 2-core
machine: the real server (\`node src/server/main.ts\`) as a child process with one small
establishment, and this process holding the pages' sockets (the \`ws\` client, connecting to
\`/parties/establishment/<id>\` as partysocket does).

| Engine | Idle sockets held | Server memory (RSS) before → holding them | Per socket | Connecting them | /api/health while held | Load (1 min) |
|---|---|---|---|---|---|---|
${results.map((r) => `| ${LABELS[r.engine]} | ${r.idle.sockets.toLocaleString('en-US')} | ${r.idle.baseMb} MB → ${r.idle.heldMb} MB | ${r.idle.perSocketKb} KB | ${r.idle.connectSeconds} s | ${r.idle.healthMs} ms | ${r.load} |`).join('\n')}

With ${PAGES.toLocaleString('en-US')} pages connected (${CUSTOMERS} customers with orders, the rest visitors), status changes
made one after the other through the API with the establishment's key; the time from sending the
change to its message arriving at the owner's socket (the API's own work, the database write and,
on PostgreSQL, the NOTIFY round trip included). Then one 'updated' to every page, sent once the
establishment's pages were rendered again: the time between the first page's message and the last's.

| Engine | Status changes | p50 | p99 | Slowest | 'updated' reached | First page → last page |
|---|---|---|---|---|---|---|
${results.map((r) => `| ${LABELS[r.engine]} | ${r.delivery.changes} | ${r.delivery.p50} ms | ${r.delivery.p99} ms | ${r.delivery.max} ms | ${r.broadcast.pages} of ${PAGES} pages | ${r.broadcast.spreadMs} ms |`).join('\n')}

Target: ${TARGET.idle.toLocaleString('en-US')} idle sockets in one process under ${TARGET.memoryMb} MB. This run: ${met ? 'met' : 'not met'}.
A socket costs the server its TCP socket, one \`ws\` object and an entry in its room; nothing is
compressed (\`perMessageDeflate\` off, which would keep a zlib context per socket), pages send
nothing, and a ping every 30 s finds the dead ones.
`;
writeBenchmarkSection(section);
console.log(`\n${section}`);
