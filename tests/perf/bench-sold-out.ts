// `npm run bench:sold-out`: how long a sold-out tap waits for its answer on a big menu. The real
// server (node src/server/main.ts, so `npm run build` first) as a child process, on a fresh SQLite
// data folder holding one shop of BENCH_PRODUCTS (300) products; measured in turns, BENCH_RUNS (5)
// times each:
// - the whole menu rendered again (POST /api/internal/rerender: what a catalogue import waits for,
//   and what a sold-out tap waited for before it named its product's pages);
// - a sold-out tap (PUT .../products/:id/sold-out with the shop's API key) until its answer; right
//   after it, the product's page is read and must already say 'Esgotado' (or no longer say it).
// Between turns the server is left to finish the rest of the menu. Writes the '## Sold out' section
// of docs/benchmarks.md.
//   BENCH_PRODUCTS=300 BENCH_RUNS=5 npm run bench:sold-out
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBenchmarkSection } from './benchmarks-doc.ts';
import { startServer, stop } from './bench-server.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { importCatalogue } from '../../scripts/lib/import-catalogue.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { shopCatalogue } from '../e2e/helpers.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLUG = 'bench-esgotado';
const TOKEN = 'bench-sold-out-internal-token';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function bigMenu() {
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    _id: `p${i}`,
    name: `Produto ${String(i + 1).padStart(3, '0')}`,
    desc: 'Um produto do mercado.',
    price: 500 + i,
  }));
  return shopCatalogue(SLUG, 'Mercado Grande', { _id: 'mercearia', name: 'Mercearia' }, products);
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sold-out-'));
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  const imported = await importCatalogue(db, bigMenu());
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
  const establishmentId = imported.establishmentId;
  const key = await createEstablishmentKey(db, establishmentId, 'bench');
  await db.destroy();

  const port = 4900 + (process.pid % 90);
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { DATA_DIR: dataDir, PAGES_DIR: join(dataDir, 'pages'), DATABASE_URL: '', INTERNAL_TOKEN: TOKEN, VITRINE_MODE: 'demo' },
    port,
  );
  const load = loadavg()[0]!.toFixed(1);
  try {
    const products = (await (await fetch(`${origin}/api/establishments/${establishmentId}/products?limit=1`, { headers: API_HEADERS })).json()) as {
      items: { _id: string; name: string }[];
    };
    const product = products.items[0]!;
    const productPath = `/${SLUG}/produto/${product._id}`;
    const renderAll = async () => {
      const res = await fetch(`${origin}/api/internal/rerender`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'x-internal-token': TOKEN },
        body: JSON.stringify({ slug: SLUG }),
      });
      if (!res.ok) throw new Error(`rerender: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pages: number }).pages;
    };
    const tap = async (soldOut: boolean) => {
      const res = await fetch(`${origin}/api/establishments/${establishmentId}/products/${product._id}/sold-out`, {
        method: 'PUT',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `ApiKey ${key}` },
        body: JSON.stringify({ sold_out: soldOut }),
      });
      if (!res.ok) throw new Error(`sold out: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { pages: number }).pages;
    };

    const whole: number[] = [];
    const taps: number[] = [];
    let menuPages = 0;
    let tapPages = 0;
    for (let run = 0; run < RUNS; run++) {
      const [wholeMs, pages] = await timed(renderAll);
      whole.push(wholeMs);
      menuPages = pages;
      const soldOut = run % 2 === 0;
      const [tapMs, rendered] = await timed(() => tap(soldOut));
      taps.push(tapMs);
      tapPages = rendered;
      const html = await (await fetch(origin + productPath)).text();
      const saysSoldOut = /<p id="produto-esgotado"(?![^>]*\shidden)[^>]*data-sold-out-label/.test(html);
      if (saysSoldOut !== soldOut) throw new Error(`the product page right after the tap does not say sold_out=${soldOut}`);
      // The rest of the menu is rendered after the answer: leave it the time to finish.
      await sleep(wholeMs + 500);
    }
    const result = { products: PRODUCTS, runs: RUNS, load, menuPages, tapPages, wholeMs: Math.round(median(whole)), tapMs: Math.round(median(taps)) };
    console.log(JSON.stringify(result, null, 2));
    writeBenchmarkSection(
      [
        '## Sold out',
        '',
        `\`npm run bench:sold-out\` (${new Date().toISOString().slice(0, 10)}, this 2-core machine, load ${load} at the start): the real server on SQLite,`,
        `one shop of ${PRODUCTS} products in one category; in turns, ${RUNS} times each (medians):`,
        '',
        '| Measure | ms | pages rendered before the answer |',
        '| --- | --- | --- |',
        `| The whole menu rendered again (a catalogue import; a sold-out tap before it named its pages) | ${result.wholeMs} | ${menuPages} |`,
        `| A sold-out tap, to its answer (its product's pages first, the open pages told, the rest after) | ${result.tapMs} | ${tapPages} |`,
        '',
        "Right after each tap's answer the product's page is read and already says (or no longer says) 'Esgotado'.",
        '',
      ].join('\n'),
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
