// The server in production mode: a request on a host outside the product's own domain (and not a
// tenant's custom domain) is redirected to the tenant's canonical host, stored page or not; the
// development outbox does not exist, and without the WhatsApp Cloud API no bot is connected.
import { expect, test } from './fixtures.ts';
import { API_HEADERS } from './helpers.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const e2ePort = Number(process.env.E2E_PORT ?? 4399);
const port = e2ePort - 2;
const dataDir = join(tmpdir(), `storefront-e2e-${e2ePort}`);
let server: ChildProcess;

// One production server for the file: its tests run in one worker, in turn (in parallel each
// worker would start its own on the same port, and one's afterAll would stop the other's server).
test.describe.configure({ mode: 'serial' });

function get(path: string, host: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

test.beforeAll(async () => {
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PAGES_DIR: join(dataDir, 'pages'),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await get('/api/health', 'localhost').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('production server did not start');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('an unknown host is sent to the canonical host of the slug, stored page or not [R-2.34]', async () => {
  const stored = await get('/pizzaria-bella/', 'www.outro-dominio.test');
  expect(stored.status).toBe(301);
  expect(stored.location).toBe(`http://localhost:${port}/pizzaria-bella/`);
  const onDemand = await get('/pizzaria-bella/?q=calabresa', 'www.outro-dominio.test');
  expect(onDemand.status).toBe(301);
  expect(onDemand.location).toBe(`http://localhost:${port}/pizzaria-bella/?q=calabresa`);
  // A tenant with a custom domain is sent to that domain.
  const custom = await get('/mercado-sol-centro/', 'www.outro-dominio.test');
  expect(custom.location).toBe(`http://mercadosol.localhost:${port}/mercado-sol-centro/`);
  // The product's own host and the tenant's domain are served.
  expect((await get('/pizzaria-bella/', `localhost:${port}`)).status).toBe(200);
  expect((await get('/mercado-sol-centro/', `mercadosol.localhost:${port}`)).status).toBe(200);
});

test('the development outbox is not found in production, and without the WhatsApp Cloud API the bot is not connected [R-7.29]', async () => {
  expect((await get('/dev/caixa-de-saida', `localhost:${port}`)).status).toBe(404);
  const api = (path: string) => fetch(`http://127.0.0.1:${port}/api${path}`, { headers: API_HEADERS });
  const [bella] = (await (await api('/establishments?slug_area=pizzaria-bella')).json()) as { _id: string }[];
  expect(await (await api(`/amodelivery/whatsapp-bot/${bella!._id}/status`)).json()).toEqual({ connected: false });
});
