// The server in production, configured as a deployment must be (src/server/deployment.ts): a
// request on a host outside the product's own domain (and not a tenant's custom domain) is
// redirected to the tenant's canonical host, stored page or not; the development outbox, the
// sandbox PSP and the webhook's test form do not exist, and without the WhatsApp Cloud API no bot
// is connected; pages say nothing of a demo; cookies are Secure; HSTS over the proxy's TLS.
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

function get(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      VITRINE_MODE: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Its own folder of stored pages: the demo's carry the demo notice.
      PAGES_DIR: join(dataDir, 'pages-production'),
      PUBLIC_ORIGIN: `https://localhost:${port}`,
      DATABASE_URL: '',
      // What the demo's establishments switched on needs (cards and Pix at mercado-sol-centro): real
      // providers at addresses nothing answers, which this test never reaches.
      INTERNAL_TOKEN: 'p'.repeat(40),
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-production-test',
      MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
      SEALED_BOX_SECRET_KEY: 'A'.repeat(43),
      PIX_PSP: 'api',
      PIX_PSP_URL: 'http://127.0.0.1:9/api/v2',
      PIX_CLIENT_ID: 'client',
      PIX_CLIENT_SECRET: 'secret',
      PIX_KEY: 'chave@loja.example.com',
      PIX_WEBHOOK_SECRET: 'w'.repeat(40),
      ZENVIA_API_TOKEN: 'token',
      ZENVIA_SMS_FROM: 'loja',
      ZENVIA_API_URL: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ONE_TIME_CODE_SECRET: 'c'.repeat(43),
    },
    stdio: 'ignore',
  });
  // A start is quick on a quiet machine; a loaded one (the other suites' servers) may take many seconds.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
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
  expect(stored.location).toBe(`https://localhost:${port}/pizzaria-bella/`);
  const onDemand = await get('/pizzaria-bella/?q=calabresa', 'www.outro-dominio.test');
  expect(onDemand.status).toBe(301);
  expect(onDemand.location).toBe(`https://localhost:${port}/pizzaria-bella/?q=calabresa`);
  // A tenant with a custom domain is sent to that domain.
  const custom = await get('/mercado-sol-centro/', 'www.outro-dominio.test');
  expect(custom.location).toBe(`https://mercadosol.localhost:${port}/mercado-sol-centro/`);
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

test('nothing of the demo exists: the sandbox PSP and its pay action, the webhook test form, the demo notice', async () => {
  expect((await get('/api/pix-sandbox/oauth/token', `localhost:${port}`)).status).toBe(404);
  const pay = await fetch(`http://127.0.0.1:${port}/api/pix-sandbox/sandbox/cob/abcdefghijklmnopqrstuvwxyz123/pay`, { method: 'POST' });
  expect(pay.status).toBe(404);
  // The webhook's unsigned test form is refused as any unsigned call.
  const helper = await fetch(`http://127.0.0.1:${port}/api/pix/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ transaction_id: 'abcdefghijklmnopqrstuvwxyz123', status: 'paid' }),
  });
  expect(helper.status).toBe(401);
  const home = await get('/pizzaria-bella/', `localhost:${port}`);
  expect(home.status).toBe(200);
  expect(home.body).not.toContain('data-demo-notice');
  expect(home.body).not.toContain('demonstração');
});

test('every answer says what the browser may do with it; HSTS only when the proxy says the browser came over TLS', async () => {
  const page = await get('/pizzaria-bella/', `localhost:${port}`, { 'X-Forwarded-Proto': 'https' });
  expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['x-content-type-options']).toBe('nosniff');
  expect(page.headers['referrer-policy']).toBe('strict-origin');
  expect(page.headers['permissions-policy']).toContain('camera=()');
  expect(page.body).toMatch(/<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-[^"]*">/);
  expect(page.body).not.toContain('unsafe-inline');
  expect((await get('/pizzaria-bella/', `localhost:${port}`)).headers['strict-transport-security']).toBeUndefined();
  const api = await get('/api/health', `localhost:${port}`, { 'X-Forwarded-Proto': 'https' });
  expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
});

test('session cookies are Secure in production', async () => {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}/api${path}`, { ...init, headers: { ...API_HEADERS, 'Content-Type': 'application/json', Host: `localhost:${port}` } });
  const [bella] = (await (await api('/establishments?slug_area=pizzaria-bella')).json()) as { _id: string }[];
  const email = `secure-${Date.now()}@example.com`;
  const registered = await api('/auth/register', {
    method: 'POST',
    body: JSON.stringify({ establishment_id: bella!._id, name: 'Cliente Seguro', email, phone: `119${String(Date.now()).slice(-8)}`, password: 'senha1234' }),
  });
  expect(registered.status, await registered.clone().text()).toBeLessThan(300);
  const cookies = registered.headers.getSetCookie();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
});
