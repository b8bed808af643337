// The server itself, over HTTP: precompressed static pages, caching headers, path safety, body
// limits, and a catalogue imported while it runs (pages rendered on demand, then stored, then
// re-rendered for that establishment only).
import { expect, test } from './fixtures.ts';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_HEADERS as api, importCatalogue, shopCatalogue } from './helpers.ts';

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

test('nothing outside /api takes a body: any other method on a page is 405 at once, without reading what it sends', async () => {
  const { request: httpRequest } = await import('node:http');
  const status = await new Promise<number | 'reset'>((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/pizzaria-bella/', method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('reset'));
    // Keeps sending until the answer comes: a server that read the body first would never answer.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const timer = setInterval(() => req.write(chunk), 5);
    req.on('close', () => clearInterval(timer));
  });
  expect(status).toBe(405);
});

test('every answer says what the browser may do with it: frame-ancestors, nosniff, referrer, permissions; a page its script policy; an upload is sandboxed', async ({
  request,
}) => {
  const page = await request.get('/pizzaria-bella/');
  expect(page.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['referrer-policy']).toBe('strict-origin');
  expect(page.headers()['permissions-policy']).toContain('microphone=()');
  // Not over TLS, and not in production: no HSTS.
  expect(page.headers()['strict-transport-security']).toBeUndefined();
  const html = await page.text();
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  expect(policy).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(policy).not.toContain('unsafe-inline');
  // The policy comes before any script of the page.
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
  const account = await request.get('/pizzaria-bella/minha-conta');
  expect(await account.text()).toContain('<meta http-equiv="Content-Security-Policy" content="script-src');
  const api = await request.get('/api/health');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  const html2 = await (await request.get('/pizzaria-bella/')).text();
  const picture = /\/uploads\/[^"' ,]+\.(?:webp|svg|png|jpe?g)/.exec(html2)?.[0];
  expect(picture, 'the home shows an uploaded picture').toBeTruthy();
  const upload = await request.get(picture!);
  expect(upload.headers()['content-security-policy']).toContain('sandbox');
});

test('a catalogue imported while the server runs gets its pages on demand, and a re-import re-renders only its own', async ({ page, request }) => {
  const catalogue = (productName: string) =>
    shopCatalogue('emporio-novo', 'Empório Novo', { _id: 'queijos', name: 'Queijos' }, [
      { _id: 'queijo-canastra', name: productName, desc: 'Queijo curado de Minas.', price: 8990 },
      { _id: 'queijo-coalho', name: 'Queijo Coalho', desc: 'Espetos prontos.', price: 2490 },
    ]);
  const importFile = (productName: string) => importCatalogue(catalogue(productName));

  await importFile('Queijo Canastra');
  await page.goto('/emporio-novo/');
  await expect(page.getByText('Queijo Canastra').first()).toBeVisible();
  // Now stored: a second request is a static file.
  const pizzaHome = join(dataDir, 'pages', 'pizzaria-bella', 'index.html');
  const pizzaBefore = statSync(pizzaHome).mtimeMs;
  const storedHome = join(dataDir, 'pages', 'emporio-novo', 'index.html');
  expect(statSync(storedHome).isFile()).toBe(true);

  await importFile('Queijo Canastra Real');
  await page.goto('/emporio-novo/');
  await expect(page.getByText('Queijo Canastra Real').first()).toBeVisible();
  expect(statSync(pizzaHome).mtimeMs, 'another establishment was not re-rendered').toBe(pizzaBefore);
  const api200 = await request.get('/api/establishments?slug_area=emporio-novo', { headers: api });
  expect((await api200.json())[0].name).toBe('Empório Novo');
});

/** A small shop whose first product's name and price the test changes by importing it again. */
function shop(slug: string, first: { name: string; price: number }) {
  const cheeses = ['Queijo Coalho', 'Queijo Prato', 'Queijo Parmesão', 'Queijo Provolone', 'Queijo Gorgonzola', 'Requeijão Cremoso', 'Ricota Fresca'];
  return shopCatalogue(slug, 'Laticínios da Serra', { _id: 'queijos', name: 'Queijos' }, [
    { _id: 'queijo-minas', name: first.name, desc: 'Queijo fresco de Minas, peça de 500 g.', price: first.price },
    ...cheeses.map((name, i) => ({ _id: `queijo-${i}`, name, desc: `${name}, peça de 300 g, da Serra da Mantiqueira.`, price: 1990 + i * 250 })),
  ]);
}

test('an import is served at once by the catalogue calls and by the stored page, both held in memory and answering 304 until then [R-7.17] [R-7.18]', async ({
  request,
}) => {
  const slug = 'laticinios-memoria';
  await importCatalogue(shop(slug, { name: 'Queijo Minas', price: 2990 }));
  const br = { 'Accept-Encoding': 'br' };
  const home = await request.get(`/${slug}/`, { headers: br });
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  expect(homeHtml).toContain('Queijo Minas');
  const homeEtag = home.headers().etag!;
  expect((await request.get(`/${slug}/`, { headers: { ...br, 'If-None-Match': homeEtag } })).status()).toBe(304);

  const id = /data-store="([^"]+)"/.exec(homeHtml)![1]!;
  const browser = { ...api, 'Accept-Encoding': 'gzip, deflate, br, zstd', 'Establishment-Id': id };
  const productsPath = `/api/establishments/${id}/products?limit=20`;
  const products = await request.get(productsPath, { headers: browser });
  expect(products.status()).toBe(200);
  expect(products.headers()['content-encoding']).toBe('br');
  expect(products.headers()['cache-control']).toBe('no-cache');
  expect(products.headers().vary).toContain('Accept-Encoding');
  const listed = (await products.json()) as { items: { _id: string; name: string }[] };
  const minas = listed.items.find((p) => p.name === 'Queijo Minas')!;
  const productPath = `/api/establishments/${id}/products/${minas._id}`;
  expect(await (await request.get(productPath, { headers: browser })).json()).toMatchObject({ name: 'Queijo Minas', price: 2990 });
  const productsEtag = products.headers().etag!;
  const unchanged = await request.get(productsPath, { headers: { ...browser, 'If-None-Match': productsEtag } });
  expect(unchanged.status()).toBe(304);
  expect((await unchanged.body()).length).toBe(0);

  await importCatalogue(shop(slug, { name: 'Queijo Minas Frescal', price: 3490 }));
  const changedHome = await request.get(`/${slug}/`, { headers: { ...br, 'If-None-Match': homeEtag } });
  expect(changedHome.status(), 'the re-rendered page, not the one held before').toBe(200);
  expect(await changedHome.text()).toContain('Queijo Minas Frescal');
  const changedProducts = await request.get(productsPath, { headers: { ...browser, 'If-None-Match': productsEtag } });
  expect(changedProducts.status()).toBe(200);
  expect(((await changedProducts.json()) as { items: { name: string }[] }).items.map((p) => p.name)).toContain('Queijo Minas Frescal');
  expect(await (await request.get(productPath, { headers: browser })).json()).toMatchObject({ name: 'Queijo Minas Frescal', price: 3490 });
});

test('the server clock the status label asks on every page is small and sent as it is', async ({ request }) => {
  const id = /data-store="([^"]+)"/.exec(await (await request.get('/pizzaria-bella/')).text())![1]!;
  const res = await request.get(`/api/datetime?establishment_id=${id}`, { headers: { ...api, 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBeUndefined();
  const body = (await res.json()) as { time_zone: string; epoch_ms: number };
  expect(Number(res.headers()['content-length'])).toBe(Buffer.byteLength(JSON.stringify(body)));
  expect(body.time_zone).toBe('America/Sao_Paulo');
});

test("the site's /favicon.ico, asked by a browser before a page names its establishment's icon, is an empty answer kept a day, not the not-found page", async ({
  request,
}) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(204);
  expect(res.headers()['cache-control']).toBe('public, max-age=86400');
  expect(await res.body()).toHaveLength(0);
});
