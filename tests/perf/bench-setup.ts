// What the Lighthouse benchmarks (npm run bench:pages, bench:lantern) share: a throwaway data
// folder seeded with the demo and hiper-demo tenants, a server on it, text-only baselines of the
// measured pages, and the Chromium they audit with. Server modules are imported only after the
// data folder is set, because their configuration reads the environment when they load.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH, ensureChromium } from '../../scripts/lib/chromium.ts';

/** Points the server at a fresh data folder under the system's temp dir. Call before startSeededServer. */
export function freshDataDir(name: string): void {
  const dataDir = join(tmpdir(), name);
  rmSync(dataDir, { recursive: true, force: true });
  process.env.DATA_DIR = dataDir;
  process.env.PAGES_DIR = join(dataDir, 'pages');
  delete process.env.DATABASE_URL;
  process.env.CHROME_PATH = CHROMIUM_PATH;
  ensureChromium();
}

/** Seeds the demo and hiper-demo tenants and starts the server on a free port (served as localhost). */
export async function startSeededServer() {
  const { getDatabase } = await import('../../src/server/db/database.ts');
  const { seedDemo } = await import('../../scripts/lib/seed-demo.ts');
  const { seedLarge } = await import('../../scripts/lib/seed-large.ts');
  const { startServer } = await import('../../src/server/main.ts');
  const { db } = await getDatabase();
  await seedDemo(db);
  await seedLarge(db);
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  return { db, server, origin: server.url.replace('127.0.0.1', 'localhost') };
}

/**
 * Stores the text-only baseline of a page at /baseline{path} and makes the page's card thumbnails
 * (src/server/thumbnails.ts makes them on first request; a live store has them already, so they
 * are made before measuring, not while the first run loads the page).
 */
export async function prepareBaseline(origin: string, path: string): Promise<void> {
  const { storePage } = await import('../../src/server/page-store.ts');
  const html = await (await fetch(origin + path)).text();
  await storePage(`/baseline${path}`, baselineOf(html));
  await warmThumbnails(origin, html);
}

/** Requests every card thumbnail a page's HTML names, so they exist before the page is measured. */
export async function warmThumbnails(origin: string, html: string): Promise<void> {
  for (const thumb of new Set(html.match(/\/uploads\/thumbs\/[^\s"',]+/g) ?? [])) await (await fetch(origin + thumb)).arrayBuffer();
}

/** What bench:pages and bench:ab read of one Lighthouse run (mobile preset, performance only). */
export interface AuditRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  /** Lighthouse's measure of the CPU during the run (higher is faster): Lantern replays the traced main-thread times, so TBT and LCP grow as it falls. */
  benchmarkIndex: number;
}

/**
 * One Lighthouse run of `url` in the Chromium listening on `port`. `cpuSlowdown` replaces the
 * mobile preset's 4x CPU multiplier of the simulation (8: a phone twice as slow as the preset's).
 */
export async function audit(port: number, url: string, cpuSlowdown?: number): Promise<AuditRun> {
  const lighthouse = (await import('lighthouse')).default;
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const config =
    cpuSlowdown === undefined
      ? undefined
      : { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } };
  const result = await lighthouse(url, { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' }, config);
  const lhr = result!.lhr;
  const a = lhr.audits;
  const scripts = (a['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    bytes: a['total-byte-weight']?.numericValue ?? NaN,
    jsBytes: scripts.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The middle value (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Headless Chromium for Lighthouse, without the background requests this closed network refuses. */
export async function launchChrome() {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A bare HTML page holding every line of text of `html` as paragraphs, with no style, script or image. Example: `baselineOf('<h1>Oi</h1>')` has `<p>Oi</p>` */
export function baselineOf(html: string): string {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const esc = (s: string) => s.replace(/&(?!\w+;|#\d+;)/g, '&amp;').replace(/</g, '&lt;');
  // No favicon request either (the pages inline theirs): Chrome's /favicon.ico 404 otherwise lands
  // before the paint in some traces and flips the baseline's LCP between about 650 and 910 ms.
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>baseline</title><meta name="description" content="baseline"><link rel="icon" href="data:,"></head><body>${text.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`;
}
