// `npm run bench:cart`: how instant the cart feels on a slow phone. In Chromium with 4x CPU
// throttling (DevTools protocol), on the pizzaria-bella home (390x844), each run a fresh page:
// - the first tap of the visit on 'Adicionar' (a product without variations), 300 ms after the
//   load event: the time to the first visible answer and to the product modal being ready;
// - the same first tap made as soon as the page's scripts have started (<html> has .enhanced),
//   before anything fetched ahead can have arrived;
// - tapping 'Adicionar' in the modal to the badge showing the new count, and the cart button to
//   the cart modal being visible;
// - the main thread between the load event and the first tap: its longest task and the time
//   past 50 ms of its long tasks (at 4x CPU, as Lighthouse replays script tasks: what the work
//   done ahead would add to TBT), and when the cart app's code was ready (<html data-cart-app>);
// - the JavaScript loaded before the load event, between it and the first tap, and after it.
// Median of BENCH_RUNS runs (default 7).
//
//   npm run bench:cart                    this tree; rewrites the generated part of docs/benchmarks.md 'Cart speed'
//   npm run bench:cart -- <ref> [<ref>…]  each git ref (checked out and built in a worktree under the
//                                         temp dir) and this tree, run after run in turn; prints only
//
// Each side serves its own checkout (its src/ and dist/) from a child process with a freshly seeded
// data folder, so several builds are measured side by side on one run of this shared machine.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/lib/chromium.ts';

const here = join(import.meta.dirname, '../..');
const node = process.execPath;

// ---- Child mode: serve one checkout -----------------------------------------------------------

if (process.argv[2] === '--serve') {
  const root = process.env.BENCH_ROOT!;
  const from = (path: string) => import(pathToFileURL(join(root, path)).href);
  const dataDir = join(tmpdir(), `storefront-bench-cart-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
  process.env.PAGES_DIR = join(dataDir, 'pages');
  delete process.env.DATABASE_URL;
  const { getDatabase } = await from('src/server/db/database.ts');
  const { seedDemo } = await from('scripts/lib/seed-demo.ts');
  const { startServer } = await from('src/server/main.ts');
  const { db } = await getDatabase();
  await seedDemo(db);
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  await server.rerender('pizzaria-bella');
  console.log(JSON.stringify({ origin: server.url.replace('127.0.0.1', 'localhost') }));
  const stop = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await new Promise(() => undefined);
}

// ---- Sides ----------------------------------------------------------------------------------------

const refs = process.argv.slice(2);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7) || 7);

/** A checkout of `ref` under the temp dir, with its browser assets built (node_modules shared with this tree). */
function checkout(ref: string): { label: string; root: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: here, encoding: 'utf8' }).trim();
  const root = join(tmpdir(), `storefront-cart-${sha}`);
  if (!existsSync(root)) {
    execFileSync('git', ['worktree', 'add', '--detach', root, sha], { cwd: here, stdio: 'inherit' });
    symlinkSync(join(here, 'node_modules'), join(root, 'node_modules'));
  }
  if (!existsSync(join(root, 'dist/server/entry.mjs'))) execFileSync(node, ['scripts/build.ts', '--assets-only'], { cwd: root, stdio: 'inherit' });
  return { label: `${ref} (${sha})`, root };
}

function serve(root: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(node, [join(here, 'tests/perf/bench-cart.ts'), '--serve'], {
    cwd: root,
    env: { ...process.env, BENCH_ROOT: root },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server of ${root} exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"origin"')) resolve({ origin: (JSON.parse(line) as { origin: string }).origin, child });
    });
  });
}

const sides = [...refs.map(checkout), { label: 'this tree', root: here }];
if (!existsSync(join(here, 'dist/server/entry.mjs'))) throw new Error('build this tree first: node scripts/build.ts --assets-only');
const servers = await Promise.all(sides.map((s) => serve(s.root)));

ensureChromium();
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---- One run --------------------------------------------------------------------------------------

/** Records long tasks and the JS each phase loads; `mark()` starts the next phase. */
const PAGE_PROBE = () => {
  const w = window as unknown as { benchLongTasks: { start: number; duration: number }[] };
  w.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.benchLongTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

interface Run {
  feedback: number;
  ready: number;
  add: number;
  openCart: number;
  /** Longest main-thread task between the load event and the first tap (ms, 4x CPU). */
  longestAfterLoad: number;
  /** Sum of the part past 50 ms of every task between the load event and the first tap. */
  blockingAfterLoad: number;
  /** When <html data-cart-app> said 'ready' before the first tap (ms after the load event), or null. */
  appReadyAfterLoad: number | null;
  jsBeforeLoad: number;
  jsBeforeTap: number;
  jsAfterTap: number;
}

async function freshPage(origin: string): Promise<{ page: Page; jsBytes: () => number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(PAGE_PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let js = 0;
  page.on('response', (res) => {
    // By URL: a chunk fetched through <link rel="modulepreload"> is not of resource type 'script'.
    if (!/\.m?js(\?|$)/.test(new URL(res.url()).pathname)) return;
    js += Number(res.headers()['content-length'] ?? 0);
  });
  await page.goto(`${origin}/pizzaria-bella/`, { waitUntil: 'load' });
  return { page, jsBytes: () => js };
}

/** Milliseconds from one click on the first visible `selector` until each condition in turn becomes true. */
async function timeTapStages(page: Page, selector: string, stages: string[]): Promise<number[]> {
  return page.evaluate(
    ([sel, conds]) =>
      new Promise<number[]>((resolve) => {
        const checks = conds.map((c) => new Function(`return (${c})`) as () => boolean);
        const times: number[] = [];
        const start = performance.now();
        (window as unknown as { benchTapAt: number }).benchTapAt = start;
        const target = [...document.querySelectorAll<HTMLElement>(sel)].find((b) => b.offsetParent !== null)!;
        target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        target.click();
        const check = () => {
          while (times.length < checks.length && checks[times.length]!()) times.push(performance.now() - start);
          if (times.length === checks.length) resolve(times);
          else requestAnimationFrame(check);
        };
        check();
      }),
    [selector, stages] as const,
  );
}

const FEEDBACK = `!!document.querySelector('[data-cart-loading], [data-add-product-modal]')`;
const MODAL_READY = `!!document.querySelector('[data-add-product-modal][data-state="ready"] [data-add-submit]:not([disabled])')`;

async function measure(origin: string, cardButton: string): Promise<Run> {
  const { page, jsBytes } = await freshPage(origin);
  const jsBeforeLoad = jsBytes();
  // The time the page's own condition says the cart app is ready (the attribute exists only where the code is fetched ahead).
  await page.evaluate(() => {
    const w = window as unknown as { benchAppReadyAt?: number };
    const note = () => {
      if (document.documentElement.dataset.cartApp === 'ready' && w.benchAppReadyAt === undefined) w.benchAppReadyAt = performance.now();
    };
    note();
    new MutationObserver(note).observe(document.documentElement, { attributes: true, attributeFilter: ['data-cart-app'] });
  });
  await page.waitForTimeout(300);
  await page.locator(cardButton).first().scrollIntoViewIfNeeded();
  const jsBeforeTap = jsBytes();
  const [feedback, ready] = await timeTapStages(page, cardButton, [FEEDBACK, MODAL_READY]);
  const phases = await page.evaluate(() => {
    const w = window as unknown as { benchLongTasks: { start: number; duration: number }[]; benchTapAt: number; benchAppReadyAt?: number };
    const loadAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    const between = w.benchLongTasks.filter((t) => t.start >= loadAt && t.start < w.benchTapAt);
    return {
      longest: Math.max(0, ...between.map((t) => t.duration)),
      blocking: between.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      appReady: w.benchAppReadyAt !== undefined && w.benchAppReadyAt < w.benchTapAt ? w.benchAppReadyAt - loadAt : null,
    };
  });
  const [add] = await timeTapStages(page, '[data-add-submit]', [`document.querySelector('[data-cart-badge]')?.textContent?.trim() === '1'`]);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(200);
  const [openCart] = await timeTapStages(page, '[data-cart-button], [data-cart-bar-button]', [
    `(() => { const d = document.querySelector('[data-cart-modal]'); return !!d && d.getBoundingClientRect().height > 0; })()`,
  ]);
  await page.waitForTimeout(500);
  const jsAfterTap = jsBytes();
  await page.context().close();
  return {
    feedback,
    ready,
    add: add!,
    openCart: openCart!,
    longestAfterLoad: phases.longest,
    blockingAfterLoad: phases.blocking,
    appReadyAfterLoad: phases.appReady,
    jsBeforeLoad,
    jsBeforeTap,
    jsAfterTap,
  };
}

/** The first tap made as soon as the page's scripts have started: milliseconds to the modal being ready. */
async function measureEarlyTap(origin: string, cardButton: string): Promise<number> {
  const { page } = await freshPage(origin);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'), undefined, { polling: 'raf' });
  const [ready] = await timeTapStages(page, cardButton, [MODAL_READY]);
  await page.context().close();
  return ready!;
}

// A product with no variation group: its modal can be confirmed at once.
const origin0 = servers[0]!.origin;
const est = await (await fetch(`${origin0}/api/establishments?slug_area=pizzaria-bella`, { headers: API_HEADERS })).json();
const list = await (await fetch(`${origin0}/api/establishments/${est[0]._id}/products?limit=100`, { headers: API_HEADERS })).json();
// The first such product whose card the home's HTML holds (the home renders only its card budget;
// later sections are filled in as they near the viewport).
const homeHtml = await (await fetch(`${origin0}/pizzaria-bella/`)).text();
const onHome = new Set([...homeHtml.matchAll(/data-add-product="([^"]+)"/g)].map((m) => m[1]));
const simple = (list.items as { _id: string; variations: unknown[]; hide_price: boolean }[]).find(
  (p) => p.variations.length === 0 && !p.hide_price && onHome.has(p._id),
)!;
const cardButton = `[data-add-product="${simple._id}"]`;

const results: { runs: Run[]; early: number[] }[] = sides.map(() => ({ runs: [], early: [] }));
const load = { before: (await import('node:os')).loadavg()[0]!, after: 0 };
for (let i = 0; i < RUNS; i++) {
  // Each run visits every side, starting with a different one each time, so no side always follows another.
  for (let k = 0; k < sides.length; k++) {
    const s = (i + k) % sides.length;
    results[s]!.runs.push(await measure(servers[s]!.origin, cardButton));
    results[s]!.early.push(await measureEarlyTap(servers[s]!.origin, cardButton));
  }
}
load.after = (await import('node:os')).loadavg()[0]!;
await browser.close();
for (const s of servers) s.child.kill();

// ---- Report ---------------------------------------------------------------------------------------

const ms = (x: number) => `${x.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const runsOf = (xs: number[]) => `${ms(median(xs))} (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
const pick = (s: number, f: (r: Run) => number) => results[s]!.runs.map(f);
const appReady = (s: number) => {
  const xs = results[s]!.runs.map((r) => r.appReadyAfterLoad);
  return xs.every((x) => x !== null)
    ? `${ms(median(xs as number[]))} after load`
    : xs.some((x) => x !== null)
      ? `in ${xs.filter((x) => x !== null).length} of ${xs.length} runs`
      : 'not before the tap';
};

/** Tap to modal ready in the runs where the app's code had arrived ahead. */
const readyWhenAhead = (s: number) => {
  const xs = results[s]!.runs.filter((r) => r.appReadyAfterLoad !== null).map((r) => r.ready);
  return xs.length > 0 ? `${runsOf(xs)}, ${xs.length} of ${results[s]!.runs.length} runs` : 'no run';
};

if (refs.length > 0) {
  console.log(
    `\nbench:cart, ${RUNS} runs each side in turn, 4x CPU, 390x844 (medians; 1-minute load ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after)\n`,
  );
  console.log(
    '| Build | Tap -> answer | Tap -> modal ready | Same, code ready ahead | Early tap -> modal ready | Cart app ready | Longest task after load | Past 50 ms after load | JS before load | JS load -> tap | JS on the tap |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  sides.forEach((side, s) => {
    const readyRuns = pick(s, (r) => r.ready)
      .map((x) => x.toFixed(0))
      .join(' ');
    const cells = [
      side.label,
      ms(median(pick(s, (r) => r.feedback))),
      `${ms(median(pick(s, (r) => r.ready)))} [${readyRuns}]`,
      readyWhenAhead(s),
      ms(median(results[s]!.early)),
      appReady(s),
      ms(median(pick(s, (r) => r.longestAfterLoad))),
      ms(median(pick(s, (r) => r.blockingAfterLoad))),
      kb(median(pick(s, (r) => r.jsBeforeLoad))),
      kb(median(pick(s, (r) => r.jsBeforeTap - r.jsBeforeLoad))),
      kb(median(pick(s, (r) => r.jsAfterTap - r.jsBeforeTap))),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  });
  process.exit(0);
}

const s = 0;
const section = `
## Cart speed (4x CPU throttling, 390x844)

Measured by \`npm run bench:cart\` (tests/perf/bench-cart.ts) on ${new Date().toISOString().slice(0, 10)}, median of ${RUNS} fresh page loads of the pizzaria-bella home; the 1-minute load average was ${load.before.toFixed(2)} before the runs and ${load.after.toFixed(2)} after.

| Measure | Value | Target |
|---|---|---|
| First tap on a card's 'Adicionar' (300 ms after load) -> visible answer | ${runsOf(pick(s, (r) => r.feedback))} | < 100 ms |
| First tap on a card's 'Adicionar' (300 ms after load) -> product modal ready | ${runsOf(pick(s, (r) => r.ready))} | <= 300 ms |
| First tap as soon as the page's scripts have started -> product modal ready | ${runsOf(results[s]!.early)} | |
| First tap (300 ms after load) -> product modal ready, in the runs whose cart app's code was ready before it | ${readyWhenAhead(s)} | <= 300 ms |
| Cart app's code ready ahead (\`<html data-cart-app="ready">\`) | ${appReady(s)} | |
| Longest main-thread task between the load event and the first tap | ${runsOf(pick(s, (r) => r.longestAfterLoad))} | |
| Time past 50 ms of those tasks (what they would add to TBT) | ${runsOf(pick(s, (r) => r.blockingAfterLoad))} | 0 ms |
| Tap 'Adicionar' in the modal -> badge updated | ${runsOf(pick(s, (r) => r.add))} | < 100 ms |
| Tap cart button -> cart modal visible | ${runsOf(pick(s, (r) => r.openCart))} | < 100 ms |
| JS loaded before the load event (compressed) | ${kb(median(pick(s, (r) => r.jsBeforeLoad)))} | |
| JS loaded after the load event, before the first tap (compressed) | ${kb(median(pick(s, (r) => r.jsBeforeTap - r.jsBeforeLoad)))} | |
| JS loaded by the first interactions (compressed) | ${kb(median(pick(s, (r) => r.jsAfterTap - r.jsBeforeTap)))} | |
`;
// The generated table replaces the previous one; the prose after it (from '### ') is kept.
const file = join(here, 'docs/benchmarks.md');
const current = readFileSync(file, 'utf8');
const match = /\n## Cart speed[\s\S]*?(?=\n### |\n## (?!Cart speed)|$)/.exec(current);
const next = match
  ? `${current.slice(0, match.index)}${section.trimEnd()}\n${current.slice(match.index + match[0].length)}`
  : `${current.trimEnd()}\n${section}`;
writeFileSync(file, next);
console.log(section);
process.exit(0);
