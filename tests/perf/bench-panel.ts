// `npm run bench:panel`: the establishment's order screen under a busy day (issue 'The
// establishment's side'). The real server (node src/server/main.ts, so `npm run build` first) runs
// as a child process on a freshly seeded demo data folder (SQLite); BENCH_OPEN (500) open orders
// are placed at Mercado Sol — Centro through the API by customers of their own; then BENCH_PANELS
// (10) panels, each a page of its own in one headless Chromium with the owner's staff session,
// open /painel, and this measures:
// - first render: from the navigation's start to every open order's card on the screen, per panel
//   (p50, p99 and the slowest), with the board's answer size;
// - delivery: BENCH_NEW (20) new orders placed one after the other; for each, the time from sending
//   it to its card appearing in each of the panels (p50, p99, max over orders x panels). The pages
//   stamp the moment a card appears with Date.now(), the same clock this process sends by.
// Writes the '## Order screen' section of docs/benchmarks.md.
//   BENCH_OPEN=500 BENCH_PANELS=10 BENCH_NEW=20 npm run bench:panel
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { startServer, stop } from './bench-server.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/lib/chromium.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { OrderVariationView, ProductsAnswer } from '../../src/schemas/views.ts';
import { DEMO_OWNER_PASSWORD } from '../../scripts/seed-data/staff.ts';

const OPEN = Number(process.env.BENCH_OPEN ?? 500);
const PANELS = Number(process.env.BENCH_PANELS ?? 10);
const NEW = Number(process.env.BENCH_NEW ?? 20);
const SLUG = 'mercado-sol-centro';
const PRODUCT = 'Pão Francês (10 unidades)';
/** One address may register a few accounts an hour: each customer comes from an address of its own, each placing this many orders. */
const ORDERS_PER_CUSTOMER = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n);

interface Shop {
  origin: string;
  establishmentId: string;
  productId: string;
  picks: { _id: string; item_id: string; qnt: number }[];
}

async function shopOf(origin: string): Promise<Shop> {
  const found = (await (await fetch(`${origin}/api/establishments?slug_area=${SLUG}`, { headers: API_HEADERS })).json()) as { _id: string }[];
  const establishmentId = found[0]!._id;
  const products = (await (
    await fetch(`${origin}/api/establishments/${establishmentId}/products?q=${encodeURIComponent(PRODUCT)}&limit=20`, { headers: API_HEADERS })
  ).json()) as ProductsAnswer;
  const groups = (await (
    await fetch(`${origin}/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS })
  ).json()) as OrderVariationView[];
  return {
    origin,
    establishmentId,
    productId: products.items.find((p) => p.name === PRODUCT)!._id,
    picks: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 })),
  };
}

async function newCustomer(shop: Shop, n: number): Promise<string> {
  const res = await fetch(`${shop.origin}/api/auth/register`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:${(n + 1).toString(16)}::1` },
    body: JSON.stringify({
      establishment_id: shop.establishmentId,
      name: `Cliente Painel ${n}`,
      email: `painel.${n}.${Date.now()}@example.com`,
      phone: `1197${String(1000000 + n * 7919).slice(-7)}`,
      password: 'segr3do',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return /sid_[^=]+=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

async function placeOrder(shop: Shop, token: string): Promise<string> {
  const res = await fetch(`${shop.origin}/api/establishments/${shop.establishmentId}/orders`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotent-Key': randomUUID() },
    body: JSON.stringify({
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: shop.productId, qnt: 4, note: 'Bem assadinhos', variations: [] }],
      order_variations: shop.picks,
      payment_method_id: 'dinheiro',
      payment_payback: 10000,
    }),
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _id: string })._id;
}

/** The owner's staff session cookie (the seed's demo login). */
async function staffCookie(shop: Shop): Promise<{ name: string; value: string }> {
  const res = await fetch(`${shop.origin}/api/staff/login`, {
    method: 'POST',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ establishment_id: shop.establishmentId, email: `dono@${SLUG}.demo`, password: DEMO_OWNER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`staff login: ${res.status} ${await res.text()}`);
  const [pair] = (res.headers.get('set-cookie') ?? '').split(';');
  const [name, value] = pair!.split('=');
  return { name: name!, value: value! };
}

/** Stamps, in the page, the moment each order's card first appears (Date.now(): the clock this process sends by). */
async function watchCards(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __cards: Record<string, number> }).__cards = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-board-order]')) {
        const id = el.dataset.boardOrder!;
        if (!(id in seen)) seen[id] = Date.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

async function main(): Promise<void> {
  ensureChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-panel-'));
  const env = { DATA_DIR: dataDir, PAGES_DIR: join(dataDir, 'pages'), DATABASE_URL: '', VITRINE_MODE: 'demo' };
  const seeded = spawnSync(process.execPath, ['scripts/seed.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) throw new Error('the seed failed');
  const port = 4500 + (process.pid % 400);
  const server = await startServer(env, port);
  const shop = await shopOf(`http://127.0.0.1:${port}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
  const load = loadavg()[0]!.toFixed(1);
  try {
    // ---- a busy day: OPEN orders waiting
    const customers: string[] = [];
    for (let placed = 0; placed < OPEN; placed++) {
      if (placed % ORDERS_PER_CUSTOMER === 0) customers.push(await newCustomer(shop, customers.length));
      await placeOrder(shop, customers.at(-1)!);
    }
    const cookie = await staffCookie(shop);
    const board = await fetch(`${shop.origin}/api/establishments/${shop.establishmentId}/order-board`, {
      headers: { ...API_HEADERS, Cookie: `${cookie.name}=${cookie.value}`, Caller: 'staff' },
    });
    if (!board.ok) throw new Error(`order board: ${board.status} ${await board.text()}`);
    const boardKb = Math.round((await board.arrayBuffer()).byteLength / 1024);

    // ---- PANELS panels open the screen
    const pages: Page[] = [];
    const firstRender: number[] = [];
    for (let i = 0; i < PANELS; i++) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      await context.addCookies([{ ...cookie, domain: '127.0.0.1', path: '/' }]);
      const page = await context.newPage();
      await watchCards(page);
      const started = Date.now();
      await page.goto(`${shop.origin}/${SLUG}/painel`);
      await page.waitForFunction((n) => document.querySelectorAll('[data-board-order]').length >= n, OPEN, { timeout: 120_000, polling: 50 });
      firstRender.push(Date.now() - started);
      pages.push(page);
    }
    // The panels' sockets are up before the first new order.
    await sleep(1500);

    // ---- NEW orders, one after the other, to every panel
    const delivery: number[] = [];
    const customer = await newCustomer(shop, customers.length + 1);
    for (let n = 0; n < NEW; n++) {
      const sent = Date.now();
      const id = await placeOrder(shop, customer);
      const seen = await Promise.all(
        pages.map(async (page) => {
          await page.waitForFunction((orderId) => orderId in (window as unknown as { __cards: Record<string, number> }).__cards, id, {
            timeout: 30_000,
            polling: 20,
          });
          return page.evaluate((orderId) => (window as unknown as { __cards: Record<string, number> }).__cards[orderId]!, id);
        }),
      );
      for (const at of seen) delivery.push(at - sent);
      await sleep(250);
    }

    const fr = [...firstRender].sort((a, b) => a - b);
    const dl = [...delivery].sort((a, b) => a - b);
    const result = {
      firstRender: { p50: percentile(fr, 50), p99: percentile(fr, 99), max: fr.at(-1)! },
      delivery: { p50: percentile(dl, 50), p99: percentile(dl, 99), max: dl.at(-1)! },
    };
    console.log(JSON.stringify({ open: OPEN, panels: PANELS, new: NEW, boardKb, load, ...result }, null, 2));
    writeBenchmarkSection(
      [
        '## Order screen',
        '',
        `\`npm run bench:panel\` (${new Date().toISOString().slice(0, 10)}, this 2-core machine, load ${load} at the start): the real server on SQLite,`,
        `${OPEN} open orders at Mercado Sol — Centro, ${PANELS} panels (/painel, 1024x768, each a page of its own in one headless Chromium) with`,
        "the owner's staff session, then",
        `${NEW} new orders placed one after the other.`,
        '',
        '| Measure | p50 | p99 | max |',
        '| --- | --- | --- | --- |',
        `| First render: navigation to all ${OPEN} cards on screen (ms, per panel) | ${round(result.firstRender.p50)} | ${round(result.firstRender.p99)} | ${round(result.firstRender.max)} |`,
        `| A new order: sent to its card in a panel (ms, ${NEW} orders x ${PANELS} panels) | ${round(result.delivery.p50)} | ${round(result.delivery.p99)} | ${round(result.delivery.max)} |`,
        '',
        `The board's one read with ${OPEN} open orders is ${boardKb} KB (uncompressed JSON). The target of the issue: a new order in every panel within a second.`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
