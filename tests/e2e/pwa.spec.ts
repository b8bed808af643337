// The store on a phone's home screen and offline (docs/offline.md), at phone size, with the
// store's service worker allowed (every other spec blocks them: playwright.config.ts).
// - Each demo establishment's home is installable as Chrome sees it (CDP Page.getInstallabilityErrors,
//   empty), its manifest opens the store standalone on its own scope, and its icons are PNGs of their size.
// - A visited store reads offline: its home and a category page come from the kept copy, with the
//   banner saying so and when the copy was made.
// - An order sent without connection (paid at pickup) waits on the device, and goes once when the
//   connection returns (or on the next page), to the order page; a cancelled one is never sent; a
//   card payment never waits.
// - The live channel's 'updated' refreshes the kept pages.
// - Nothing private is kept: after a logged-in customer's account and order pages, the caches hold
//   no account page, no order, no personal API answer, and nothing of another store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_CATALOGUES } from '../../scripts/seed-data/index.ts';
import type { OrdersListAnswer } from '../../src/schemas/api-orders.ts';
import { expect, test } from './fixtures.ts';
import {
  API_HEADERS,
  capturedTestCard,
  importCatalogue,
  logIn,
  logInVerified,
  mercadoSolPickupCheckout,
  newCustomer,
  productIdByName,
  registerCustomer,
  shopCatalogue,
  useSession,
  verifiedCardByApi,
} from './helpers.ts';
import { liveConnected } from './live-helpers.ts';

test.use({ serviceWorkers: 'allow' });

const CENTRO = 'mercado-sol-centro';
const SLUGS = DEMO_CATALOGUES.map((c) => c.establishment.slug);

/** The page's first interaction (a scroll), once its scripts listen: the live channel and the offline side start. */
async function firstInteraction(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
}

/** Starts the store's offline side as a first interaction does (src/page-scripts/live-updates.ts), and waits for its worker to control the page. */
async function startWorker(page: Page): Promise<void> {
  await firstInteraction(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL the site's caches hold, by cache name. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
}

/** Whether the store's worker keeps a page (the path as the page is addressed). */
async function keeps(page: Page, slug: string, path: string): Promise<boolean> {
  const contents = await cacheContents(page);
  return (contents[`kept-page:${slug}`] ?? []).some((u) => new URL(u).pathname.replace(/\/$/, '') === path.replace(/\/$/, ''));
}

async function customerOrders(request: APIRequestContext, establishmentId: string, token: string): Promise<OrdersListAnswer['orders']> {
  const res = await request.get(`/api/establishments/${establishmentId}/orders`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as OrdersListAnswer).orders;
}

/** Mercado Sol Centro's checkout, filled for pickup paid at pickup by debit card (an offline method), ready to send. */
async function readyToSendAtPickup(page: Page, request: APIRequestContext, establishmentId: string): Promise<void> {
  const checkout = await mercadoSolPickupCheckout(page, request, establishmentId);
  await checkout.getByRole('button', { name: 'Pagar na retirada' }).click();
  await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
}

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("each demo store's home is installable, with a manifest on its own scope and PNG icons of their sizes", async ({ request }, info) => {
  expect(SLUGS.length).toBeGreaterThan(1);
  // Chrome never offers to install from an incognito profile ('in-incognito'), which every test
  // context is: this test opens a profile of its own, as a phone's browser has.
  const use = info.project.use;
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: 'pt-BR',
    serviceWorkers: 'allow',
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  for (const slug of SLUGS) {
    const res = await request.get(`/${slug}/manifest.webmanifest`);
    expect(res.status(), slug).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ start_url: `/${slug}/`, scope: `/${slug}/`, display: 'standalone', lang: 'pt-BR' });
    expect(String(manifest.name).length).toBeGreaterThan(0);
    expect(String(manifest.short_name).length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(await png.body())).toEqual({ width: side, height: side });
    }

    await page.goto(`/${slug}/`);
    await startWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors, slug).toEqual([]);
    await cdp.detach();
  }
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
  // Any other name is no icon, and an unknown store has no manifest.
  expect((await request.get(`/${CENTRO}/icone-64.png`)).status()).toBe(404);
  expect((await request.get('/loja-que-nao-existe/manifest.webmanifest')).status()).toBe(404);
});

test('a visited store reads offline: its home and a category page from the kept copy, saying so and when it was made', async ({ page, context }) => {
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  const category = await page.locator(`a[href^="/${CENTRO}/categoria/"]`).first().getAttribute('href');
  expect(category).toBeTruthy();
  // The category is visited online, under the worker: it keeps it.
  await page.goto(category!);
  const title = (await page.locator('#categoria-titulo').textContent())?.trim();
  const cards = await page.locator('main [data-add-product]').count();
  expect(title).toBeTruthy();
  expect(cards).toBeGreaterThan(0);
  await expect.poll(() => keeps(page, CENTRO, `/${CENTRO}/`)).toBe(true);
  await expect.poll(() => keeps(page, CENTRO, category!)).toBe(true);
  const firstProduct = await page.locator('main [data-add-product]').first().getAttribute('aria-label');

  await context.setOffline(true);
  for (const path of [`/${CENTRO}/`, category!]) {
    await page.goto(path);
    await expect(page.locator('[data-offline-banner]')).toHaveText(
      /^Você está sem conexão\. Cardápio de \d{2}\/\d{2} às \d{2}:\d{2}: preços e horários podem ter mudado\.$/,
    );
    await expect(page.locator('main')).toBeVisible();
  }
  // The category reads as it did online: its title, its products, their buttons.
  await expect(page.locator('#categoria-titulo')).toHaveText(title!);
  await expect(page.locator('main [data-add-product]')).toHaveCount(cards);
  await expect(page.locator('main [data-add-product]').first()).toHaveAttribute('aria-label', firstProduct!);
  await context.setOffline(false);
  // Online again, the page is the server's: no banner.
  await page.goto(`/${CENTRO}/`);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[data-offline-banner]')).toHaveCount(0);
});

/** Sends the ready checkout with the connection down: the order waits, and the server has none. */
async function sendOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.locator('[data-checkout="customer"]').getByRole('button', { name: 'Avançar e Finalizar' }).click();
  const waiting = page.getByRole('alertdialog', { name: 'Pedido aguardando conexão' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('será enviado uma única vez assim que a conexão voltar');
}

test('an order sent without connection waits, goes once when the connection returns, and leads to its page; nothing private is kept', async ({
  page,
  context,
  request,
}, info) => {
  const registered = await logIn(context, request, CENTRO, info, 'Olga Offline');
  const { establishmentId, token } = registered;
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/establishments\/[^/]+\/orders$/.test(new URL(r.url()).pathname)) posts.push(r.headers()['idempotent-key'] ?? '');
  });
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  await readyToSendAtPickup(page, request, establishmentId);
  await sendOffline(page, context);
  // The order is on the device with its key, not at the server.
  const kept = await page.evaluate((id) => JSON.parse(localStorage.getItem(`pending-order:${id}`) ?? 'null'), establishmentId);
  expect(kept).toMatchObject({ establishment_id: establishmentId, slug: CENTRO, body: { delivery_type: 'pickup', payment_type: 'offline' } });
  expect(await customerOrders(request, establishmentId, token)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(new RegExp(`/${CENTRO}/pedido/[A-Za-z0-9_-]+$`));
  const orders = await customerOrders(request, establishmentId, token);
  expect(orders).toHaveLength(1);
  expect(page.url()).toContain(orders[0]!._id);
  // The send that failed and the one that went carried the same key.
  expect(new Set(posts)).toEqual(new Set([kept.key]));
  expect(await page.evaluate((id) => localStorage.getItem(`pending-order:${id}`), establishmentId)).toBeNull();

  // The customer's own pages: the order page, the account, its orders; and another store.
  await expect(page.locator('main')).toBeVisible();
  for (const path of [`/${CENTRO}/minha-conta`, `/${CENTRO}/minha-conta/pedidos`, `/${CENTRO}/pedido/${orders[0]!._id}`, '/pizzaria-bella/']) {
    await page.goto(path);
    await expect(page.locator('body')).toBeVisible();
  }
  await page.goto(`/${CENTRO}/`);
  await expect(page.locator('main')).toBeVisible();
  await expect.poll(() => keeps(page, CENTRO, `/${CENTRO}/`)).toBe(true);
  const contents = await cacheContents(page);
  const all = Object.values(contents).flat();
  expect(all.length).toBeGreaterThan(0);
  for (const url of all) {
    const path = new URL(url).pathname;
    expect(path, url).not.toMatch(/\/(minha-conta|pedidos?|meu-pedido|painel|conquistas|cartao-[a-z-]+)(\/|$)/);
    expect(path, url).not.toMatch(/^\/api\/(users|auth|session)/);
    expect(path, url).not.toMatch(/^\/api\/establishments\/[^/]+\/(orders|achievements|coupons|full-slots)/);
  }
  // Nor does any kept answer name the customer.
  const { customer } = registered;
  const naming = await page.evaluate(
    async (needles) => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          const res = await cache.match(req);
          if (!res || /^image\//.test(res.headers.get('content-type') ?? '')) continue;
          const text = await res.text();
          if (needles.some((n) => text.includes(n))) found.push(req.url);
        }
      }
      return found;
    },
    [customer.email, customer.name, customer.phone],
  );
  expect(naming).toEqual([]);
  console.log('[pwa] kept after the account and order pages:', JSON.stringify(Object.fromEntries(Object.entries(contents).map(([n, u]) => [n, u.length]))));
  // Each store's kept pages are its own: this store's caches hold none of another's (and another
  // store's worker, had it started, keeps its own pages under its own name).
  for (const [name, urls] of Object.entries(contents)) {
    const slug = name.split(':')[1]!;
    expect(SLUGS, name).toContain(slug);
    for (const url of urls.filter(() => name.startsWith('kept-page:'))) expect(new URL(url).pathname, name).toMatch(new RegExp(`^/${slug}(/|$)`));
  }
  expect(contents[`kept-page:${CENTRO}`]?.length).toBeGreaterThan(0);
});

test('a waiting order the customer cancels is never sent', async ({ page, context, request }, info) => {
  const { establishmentId, token } = await logIn(context, request, CENTRO, info, 'Caio Cancela');
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  await readyToSendAtPickup(page, request, establishmentId);
  await sendOffline(page, context);
  await page.getByRole('alertdialog', { name: 'Pedido aguardando conexão' }).getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Pedido cancelado: nada foi enviado à loja.' })).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Pedido aguardando conexão' })).toHaveCount(0);
  expect(await page.evaluate((id) => localStorage.getItem(`pending-order:${id}`), establishmentId)).toBeNull();

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/establishments\/[^/]+\/orders$/.test(new URL(r.url()).pathname)) posts.push(r.url());
  });
  await context.setOffline(false);
  // A new page load is where a waiting order would go: none does. The cart still holds the product.
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  await expect(page.locator('[data-pending-order-bar]')).toHaveCount(0);
  expect(posts).toEqual([]);
  expect(await customerOrders(request, establishmentId, token)).toHaveLength(0);
  expect(await productIdByName(request, establishmentId, 'Azeite de Oliva Extravirgem (500 ml)')).toBeTruthy();
});

test("the 'updated' signal refreshes the kept pages: offline, the store reads as it was last changed", async ({ page, context }) => {
  const slug = 'padaria-offline';
  const bakery = (bread: string) =>
    shopCatalogue(slug, 'Padaria Offline', { _id: 'paes', name: 'Pães' }, [
      { _id: 'pao-da-casa', name: bread, desc: 'Fermentação natural, 800 g.', price: 2400 },
      { _id: 'baguete', name: 'Baguete', desc: 'Casca crocante.', price: 1200 },
    ]);
  await importCatalogue(bakery('Pão Rústico'));
  await page.goto(`/${slug}/`);
  await startWorker(page);
  await liveConnected(page);
  await expect.poll(() => keeps(page, slug, `/${slug}/`)).toBe(true);

  await importCatalogue(bakery('Pão Rústico de Centeio'));
  // The open page is told 'updated' (its reload prompt shows) and its worker fetches the kept home again.
  await expect(page.locator('[data-reload-prompt]')).toBeVisible();
  await expect
    .poll(() => page.evaluate(async (s) => (await (await caches.open(`kept-page:${s}`)).match(`/${s}`))?.text() ?? '', slug))
    .toContain('Pão Rústico de Centeio');

  await context.setOffline(true);
  await page.goto(`/${slug}/`);
  await expect(page.locator('[data-offline-banner]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar Pão Rústico de Centeio ao pedido', exact: true })).toHaveCount(1);
  await context.setOffline(false);
});

test('a waiting order left behind goes on the next store page once online, once, to its order page', async ({ page, context, request }, info) => {
  const { establishmentId, token } = await logIn(context, request, CENTRO, info, 'Paulo Proxima');
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  await readyToSendAtPickup(page, request, establishmentId);
  await sendOffline(page, context);
  // Still offline, the customer leaves the checkout for the store's home (its kept copy): the order
  // still waits, and the page says so with its cancel button.
  await page.goto(`/${CENTRO}/`);
  await expect(page.locator('[data-offline-banner]')).toBeVisible();
  const bar = page.locator('[data-pending-order-bar]');
  await expect(bar).toContainText('Pedido aguardando conexão');
  await expect(bar.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
  expect(await customerOrders(request, establishmentId, token)).toHaveLength(0);

  // Online again, the next page load sends it. The customer has left the store first: an open
  // store page would send it on the 'online' event, racing the navigation below.
  await page.goto('about:blank');
  await context.setOffline(false);
  await page.goto(`/${CENTRO}/`);
  await firstInteraction(page);
  await expect(page).toHaveURL(new RegExp(`/${CENTRO}/pedido/[A-Za-z0-9_-]+$`));
  const orders = await customerOrders(request, establishmentId, token);
  expect(orders).toHaveLength(1);
  expect(page.url()).toContain(orders[0]!._id);
  expect(await page.evaluate((id) => localStorage.getItem(`pending-order:${id}`), establishmentId)).toBeNull();
});

test('a card payment never waits: without connection the customer is told to pay once online, and nothing is kept or sent', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(90_000);
  const registered = await logInVerified(context, request, CENTRO, info, 'Carla Cartao');
  const card = await verifiedCardByApi(request, registered, capturedTestCard().number);
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  await payment.getByRole('radio', { name: `Visa •••• ${card.last4}` }).check();
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  const sheet = page.getByRole('dialog', { name: 'Informar CVV' });
  await sheet.getByLabel('CVV').fill('123');
  await context.setOffline(true);
  await sheet.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'O pagamento com cartão precisa ser feito com você conectado' })).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Pedido aguardando conexão' })).toHaveCount(0);
  await expect(checkout).toBeVisible();
  expect(await page.evaluate((id) => localStorage.getItem(`pending-order:${id}`), registered.establishmentId)).toBeNull();
  await context.setOffline(false);
  expect(await customerOrders(request, registered.establishmentId, registered.token)).toHaveLength(0);
});

test("a waiting order goes only under its customer's session: under another's it is dropped unsent", async ({ page, context, request }, info) => {
  const first = await logIn(context, request, CENTRO, info, 'Rita Primeira');
  await page.goto(`/${CENTRO}/`);
  await startWorker(page);
  await readyToSendAtPickup(page, request, first.establishmentId);
  await sendOffline(page, context);
  // Another customer's session on this device (a shared phone), then the connection back and a new
  // store page, which tries to send it; the server is asked whose session it is. (The checkout is
  // left first: open, it would try on the 'online' event, racing the navigation below.)
  await page.goto('about:blank');
  const second = await registerCustomer(request, CENTRO, newCustomer(info, 'Sergio Segundo'));
  await useSession(context, second.establishmentId, second.token);
  await context.setOffline(false);
  await page.goto(`/${CENTRO}/`);
  await firstInteraction(page);
  await expect(page.locator('[data-toast]').filter({ hasText: 'O pedido guardado era de outra sessão e foi descartado sem ser enviado.' })).toBeVisible();
  expect(await page.evaluate((id) => localStorage.getItem(`pending-order:${id}`), first.establishmentId)).toBeNull();
  expect(await customerOrders(request, first.establishmentId, first.token)).toHaveLength(0);
  expect(await customerOrders(request, second.establishmentId, second.token)).toHaveLength(0);
});
