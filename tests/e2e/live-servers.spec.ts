// Live updates across server processes (issue 16): two real servers (node src/server/main.ts) on
// one PostgreSQL database, each with its own folder of stored pages, as behind a proxy. A change
// made through server A reaches a page held open on server B through LISTEN/NOTIFY; a server
// killed and restarted under an open page is found again by the page, which misses no status.
// Desktop only (playwright.config.ts): it starts servers of its own and drives one page at a time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext } from './fixtures.ts';
import { createPgDatabase } from '../api/helpers/databases.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { importCatalogue } from '../../scripts/lib/import-catalogue.ts';
import { API_HEADERS } from './helpers.ts';
import { addBanana, groceryCatalogue, liveConnected, placeGroceryOrder, setOrderStatus } from './live-helpers.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = 'quitanda-dois-servidores';
const base = Number(process.env.E2E_PORT ?? 4399) + 70;
const ports = { a: base, b: base + 1 };
const url = (port: number) => `http://localhost:${port}`;

let databaseUrl = '';
let dropDatabase: () => Promise<void> = async () => {};
let dataDir = '';
let establishmentId = '';
let apiKey = '';
const servers = new Map<string, ChildProcess>();

/** Starts a server process on `port` with its own pages folder; resolves once it answers. */
async function startServer(name: 'a' | 'b'): Promise<void> {
  const port = ports[name];
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PAGES_DIR: join(dataDir, `pages-${name}`),
      PUBLIC_ORIGIN: url(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server ${name}] ${d}`));
  servers.set(name, child);
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url(port)}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server ${name} did not start`);
}

function kill(name: 'a' | 'b', signal: NodeJS.Signals): Promise<void> {
  const child = servers.get(name);
  servers.delete(name);
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function customer(request: APIRequestContext, context: BrowserContext, name: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post(`${url(ports.a)}/api/auth/register`, {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, name, email: `${stamp}@example.com`, phone: `1198${String(Date.now()).slice(-7)}`, password: 'segr3do' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = /sid_[^=]+=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')![1]!;
  // Cookies do not tell ports apart: one session for both servers, as behind one proxy.
  await context.addCookies([
    { name: `sid_${establishmentId}`, value: token, url: url(ports.b), httpOnly: true, sameSite: 'Lax' },
    { name: `sf_auth_${establishmentId}`, value: '1', url: url(ports.b), sameSite: 'Lax' },
  ]);
  return token;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const created = await createPgDatabase('storefront_live_e2e');
  databaseUrl = created.url;
  dropDatabase = created.drop;
  dataDir = mkdtempSync(join(tmpdir(), 'live-servers-'));
  const { db } = await openDatabase({ databaseUrl });
  try {
    const imported = await importCatalogue(db, groceryCatalogue(SLUG, 600));
    if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
    establishmentId = imported.establishmentId;
    apiKey = await createEstablishmentKey(db, establishmentId, 'e2e');
  } finally {
    await db.destroy();
  }
  await Promise.all([startServer('a'), startServer('b')]);
});

test.afterAll(async () => {
  await Promise.all([kill('a', 'SIGTERM'), kill('b', 'SIGTERM')]);
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an order placed and confirmed through server A updates its order page on server B within a second', async ({ page, context, request }) => {
  const token = await customer(request, context, 'Bruno Dois Servidores');
  const orderId = await placeGroceryOrder(request, url(ports.a), establishmentId, token);
  await page.goto(`${url(ports.b)}/${SLUG}/pedido/${orderId}`);
  const status = page.locator('[data-order-status]').first();
  await expect(status).toHaveAttribute('data-order-status', 'registered');
  await liveConnected(page);

  await setOrderStatus(request, url(ports.a), establishmentId, orderId, 'confirmed', apiKey);
  await expect(status).toHaveAttribute('data-order-status', 'confirmed', { timeout: 1000 });
});

test('a catalogue import through server A shows the reload prompt on a page of server B with its cart intact, and B then serves the new price [R-2.119]', async ({
  page,
}) => {
  await page.goto(`${url(ports.b)}/${SLUG}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await expect(page.locator('main')).toContainText('6,00');
  await addBanana(page);
  await liveConnected(page);

  // The import command, as an establishment runs it: it writes the database and asks server A to render the pages.
  const file = join(dataDir, 'catalogue.json');
  writeFileSync(file, JSON.stringify(groceryCatalogue(SLUG, 750)));
  const imported = spawnSync(process.execPath, ['scripts/catalogue-import.ts', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_ORIGIN: url(ports.a) },
    encoding: 'utf8',
  });
  expect(imported.status, imported.stderr).toBe(0);
  expect(imported.stdout).toContain('re-rendered by the server');

  const prompt = page.locator('[data-reload-prompt]');
  await expect(prompt).toBeVisible();
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
  await prompt.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.locator('main')).toContainText('7,50');
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
});

test('a page reconnects on its own after its server is killed and restarted, and misses no status change made meanwhile', async ({
  page,
  context,
  request,
}) => {
  const token = await customer(request, context, 'Clara Reconecta');
  const orderId = await placeGroceryOrder(request, url(ports.a), establishmentId, token);
  await page.goto(`${url(ports.b)}/${SLUG}/pedido/${orderId}`);
  const status = page.locator('[data-order-status]').first();
  await expect(status).toHaveAttribute('data-order-status', 'registered');
  await liveConnected(page);

  await kill('b', 'SIGKILL');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'down');
  // The change is made while the page's server is down: no socket can carry it.
  await setOrderStatus(request, url(ports.a), establishmentId, orderId, 'confirmed', apiKey);
  await startServer('b');
  await liveConnected(page);
  await expect(status).toHaveAttribute('data-order-status', 'confirmed');
});
