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
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: desktopOnly,
      grepInvert: DESKTOP_ONLY_TAG,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
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
