// The server itself, over HTTP: precompressed static pages, caching headers, path safety, body
// limits, and a catalogue imported while it runs (pages rendered on demand, then stored, then
// re-rendered for that establishment only).
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_HEADERS as api } from './helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

test('catalogue pages are served precompressed with revalidation headers', async ({ request }) => {
  const br = await request.get('/pizzaria-bella/', { headers: { 'Accept-Encoding': 'br' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers().vary).toContain('Accept-Encoding');
  const etag = br.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get('/pizzaria-bella/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  const gz = await request.get('/pizzaria-bella/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  expect(await gz.text()).toContain('Pizzaria Bella');
});

test('hashed assets are cached for a year and paths cannot escape the served folders', async ({ request }) => {
  const html = await (await request.get('/pizzaria-bella/')).text();
  const asset = html.match(/\/_astro\/[^"' )]+\.(?:js|css)/)?.[0];
  expect(asset, 'the page references a hashed asset').toBeTruthy();
  const res = await request.get(asset!);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toContain('immutable');
  for (const path of ['/_astro/..%2f..%2fpackage.json', '/uploads/..%2f..%2fpackage.json', '/uploads/%2e%2e/%2e%2e/package.json']) {
    const r = await request.get(path);
    expect(await r.text()).not.toContain('"devDependencies"');
  }
});

test('a card thumbnail is made on its first request, then served from disk with revalidation [R-9.16]', async ({ request }) => {
  const html = await (await request.get('/mercado-sol-centro/')).text();
  const thumb = html.match(/\/uploads\/thumbs\/256\/[^\s"',]+\.webp/)?.[0];
  expect(thumb, 'the home names a card thumbnail').toBeTruthy();
  const first = await request.get(thumb!);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('image/webp');
  // RIFF....WEBP: the bytes are a WebP, whatever the picture was.
  const bytes = await first.body();
  expect(bytes.subarray(0, 4).toString('latin1') + bytes.subarray(8, 12).toString('latin1')).toBe('RIFFWEBP');
  const etag = first.headers().etag;
  const again = await request.get(thumb!, { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  // Only the card widths are made, and only from a picture that exists.
  expect((await request.get(thumb!.replace('/thumbs/256/', '/thumbs/512/'))).status()).toBe(404);
  expect((await request.get('/uploads/thumbs/256/products/mercado-sol-centro/nao-existe.svg.webp')).status()).toBe(404);
});

test('API calls without the client headers are refused with a machine code [R-7.1] [R-7.2]', async ({ request }) => {
  const none = await request.get('/api/apps/pizzaria-bella');
  expect(none.status()).toBe(400);
  expect(await none.json()).toEqual({ message: 'invalid_client_type' });
  const wrongVersion = await request.get('/api/apps/pizzaria-bella', { headers: { ...api, 'Api-Version': '3' } });
  expect(await wrongVersion.json()).toEqual({ message: 'invalid_api_version' });
  const ok = await request.get('/api/apps/pizzaria-bella', { headers: api });
  expect(ok.status()).toBe(200);
});

test('an oversized body gets 413 and the server keeps serving', async ({ request }) => {
  const est = await (await request.get('/api/establishments?slug_area=pizzaria-bella', { headers: api })).json();
  const big = 'x'.repeat(2 * 1024 * 1024);
  const res = await request.post(`/api/establishments/${est[0]._id}/feedbacks`, {
    headers: { ...api, 'Content-Type': 'application/json' },
    data: JSON.stringify({ message: big }),
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toEqual({ message: 'payload_too_large' });
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('a catalogue imported while the server runs gets its pages on demand, and a re-import re-renders only its own', async ({ page, request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-'));
  const catalogue = (productName: string) => ({
    company: { slug: 'emporio-novo', name: 'Empório Novo' },
    establishment: {
      slug: 'emporio-novo',
      name: 'Empório Novo',
      kind: 'Store',
      phone: '1130304040',
      address: { street: 'Rua Augusta', number: '1200', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', lng_lat: [-46.6571, -23.5558] },
      design: { theme: 'light', navbarcolor: '#1f4e79', primary: '#1f4e79', darkprimary: '#163a5a', primaryinverse: '#ffffff' },
      preferences: { title: 'Empório Novo', desc: 'Empório de bairro com queijos e vinhos.', delivery_type: ['delivery', 'pickup'] },
      office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 800, stop_at: 2000 })),
    },
    categories: [
      {
        _id: 'queijos',
        name: 'Queijos',
        products: [
          { _id: 'queijo-canastra', name: productName, desc: 'Queijo curado de Minas.', price: 8990 },
          { _id: 'queijo-coalho', name: 'Queijo Coalho', desc: 'Espetos prontos.', price: 2490 },
        ],
      },
    ],
  });
  const importFile = (name: string) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(catalogue(name)));
    const r = spawnSync(process.execPath, ['scripts/catalogue-import.ts', file], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_ORIGIN: `http://localhost:${port}`, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
  };

  importFile('Queijo Canastra');
  await page.goto('/emporio-novo/');
  await expect(page.getByText('Queijo Canastra').first()).toBeVisible();
  // Now stored: a second request is a static file.
  const pizzaHome = join(dataDir, 'pages', 'pizzaria-bella', 'index.html');
  const pizzaBefore = statSync(pizzaHome).mtimeMs;
  const storedHome = join(dataDir, 'pages', 'emporio-novo', 'index.html');
  expect(statSync(storedHome).isFile()).toBe(true);

  importFile('Queijo Canastra Real');
  await page.goto('/emporio-novo/');
  await expect(page.getByText('Queijo Canastra Real').first()).toBeVisible();
  expect(statSync(pizzaHome).mtimeMs, 'another establishment was not re-rendered').toBe(pizzaBefore);
  const api200 = await request.get('/api/establishments?slug_area=emporio-novo', { headers: api });
  expect((await api200.json())[0].name).toBe('Empório Novo');
});
