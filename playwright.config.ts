// End-to-end tests in Debian's Chromium against the real server (tests/e2e/server.ts: a fresh
// data folder, the demo seed, static pages generated as at build time).
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './scripts/lib/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
// The suite drives the demo (sandboxes and outboxes); the specs that start a server of production
// say so in that server's environment.
process.env.VITRINE_MODE ??= 'demo';
const chromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
// HTTP-level checks need no viewport, and the two-server journeys start servers of their own: they
// run once, in the desktop project.
const desktopOnly = ['**/server.spec.ts', '**/production.spec.ts', '**/live-servers.spec.ts', '**/card-data-at-rest.spec.ts'];
// Tests of what only the desktop layout has (the top bar's achievements dropdown) carry this tag:
// the phone project leaves them out rather than skipping them.
const DESKTOP_ONLY_TAG = /@desktop-only/;
// Every spec ran at both widths, and the suite's time grew with every feature (issue 28). What the
// phone layout changes (the header and its burger, the cart bar, bottom sheets and drawers, the
// modals' sizing, layout.spec.ts) keeps running at both widths; a test whose subject is the same at
// any width (the server's answers and refusals seen through the browser, prices and rules, messages,
// sessions, journeys already walked at both widths by another test) runs once, in the desktop
// project. Whole files of that kind are listed here; single tests end their title with the tag.
const oneViewportFiles = [
  '**/call-failures.spec.ts',
  '**/catalogue-freshness.spec.ts',
  '**/checkout-errors.spec.ts',
  '**/chunk-reload.spec.ts',
  '**/data-rights.spec.ts',
  '**/live-updates.spec.ts',
  '**/order-followup.spec.ts',
  '**/order.spec.ts',
  '**/price-rules.spec.ts',
  '**/routing.spec.ts',
  '**/session.spec.ts',
  '**/tenant-content.spec.ts',
  '**/third-party.spec.ts',
];
const ONE_VIEWPORT_TAG = /@one-viewport/;
// The store on a phone's home screen and offline (docs/offline.md) is a phone's subject.
const phoneOnly = ['**/pwa.spec.ts'];
const reporters = (process.env.PW_REPORTERS ?? 'list').split(',').map((name) => [name] as [string]);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: reporters,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: chromium,
    // A store's service worker keeps its pages (docs/offline.md): a spec would then see a kept copy
    // where it expects the server's answer. Only tests/e2e/pwa.spec.ts allows them.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: [...desktopOnly, ...oneViewportFiles],
      grepInvert: [DESKTOP_ONLY_TAG, ONE_VIEWPORT_TAG],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium, serviceWorkers: 'block' },
    },
    { name: 'desktop', testIgnore: phoneOnly, use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
  ],
  webServer: {
    command: `node tests/e2e/server.ts`,
    // Written by tests/e2e/server.ts once every establishment's pages are stored.
    url: `http://localhost:${port}/uploads/e2e-ready.txt`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port), VITRINE_MODE: 'demo' },
    stdout: 'pipe',
  },
});
