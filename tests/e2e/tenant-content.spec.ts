// A tenant's content never runs as code. Every establishment shares one origin, where every
// tenant's customers' session cookies are sent, so a catalogue is tenant input like any form's:
// - the import refuses a URL that is no link (javascript:, //another-site, a path the browser reads
//   as another site), saying where it is;
// - a catalogue whose every text holds the usual payloads shows them as text on every page and in
//   every island, and nothing of them runs;
// - a row that holds a javascript: URL anyway (written before the import checked them) is rendered
//   without it.
// Each test also fails on any Content-Security-Policy violation (tests/e2e/fixtures.ts): a payload
// that reached the page as markup would be refused by the page's policy and reported there.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { mercadoSolCentro } from '../../scripts/seed-data/mercado-sol.ts';
import type { OrderVariationView, ProductsAnswer } from '../../src/schemas/views.ts';
import type { PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import { expect, test, type Page } from './fixtures.ts';
import { API_HEADERS, importCatalogue, isMobile, newCustomer, registerCustomer, runCatalogueImport, storeId, useSession } from './helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

/** Fits every short field (the payment methods' names take 60). */
const SHORT = `<img src=x onerror=__pwned=1>'"\u202E`;
/** The usual payloads: closing the script element, breaking out of an attribute, an SVG handler, a template injection, a line separator, a javascript: text. */
const LONG = `</script><script>__pwned=2</script>"><img src=x onerror="__pwned=3"><svg onload=__pwned=4>{{constructor.constructor('__pwned=5')()}}\u2028javascript:__pwned=6 ${SHORT}`;

/** The catalogue's free-text fields and the longest each takes (src/schemas/catalogue.ts). */
const TEXT_FIELDS: Record<string, number> = {
  name: 60,
  title: 120,
  desc: 500,
  description: 200,
  goal_description: 300,
  reward_description: 300,
  note: 200,
  street: 200,
  complement: 200,
  neighborhood: 120,
  city: 120,
  cover_alt: 200,
  unavailable_title: 120,
  unavailable_desc: 1000,
  item_preffix: 20,
  phone_order_details: 40,
};

/** A text with the payloads after its own first words, within its field's length. */
function poisoned(text: string, max: number): string {
  const payload = max >= 300 ? LONG : SHORT;
  const head = text.slice(0, Math.max(0, max - payload.length));
  return `${head}${payload}`.slice(0, max);
}

function poisonAll(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(poisonAll);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const max = TEXT_FIELDS[key];
    out[key] = typeof v === 'string' && max !== undefined ? poisoned(v, max) : poisonAll(v);
  }
  return out;
}

/** Mercado Sol Centro's catalogue (coupons, achievements, variations, availability windows) as a new establishment of its own. */
function catalogueFor(slug: string): Record<string, any> {
  const copy = structuredClone(mercadoSolCentro) as unknown as Record<string, any>;
  copy.company = { slug, name: 'Mercado Sol' };
  copy.establishment.slug = slug;
  // A few products of each kind is enough, and keeps the pages' rendering after the import short.
  copy.categories = (copy.categories as { products: { name: string }[] }[])
    .slice(0, 4)
    .map((c) => ({ ...c, products: c.products.filter((p, i) => i < 4 || p.name === PRODUCT) }));
  return copy;
}

const PRODUCT = 'Pão Francês (10 unidades)';
const productName = () => poisoned(PRODUCT, TEXT_FIELDS.name!);

test.describe.configure({ mode: 'serial' });

/** One establishment per project (the phone's and the desktop's run apart). */
const establishmentSlug = () => `conteudo-${test.info().project.name}`;

test('the import refuses every URL that is no link, naming where it is, and writes nothing', async ({ request }) => {
  const slug = establishmentSlug();
  const bad = catalogueFor(`${slug}-recusado`);
  bad.establishment.preferences.terms_url = 'javascript:__pwned=7';
  bad.establishment.preferences.privacy_url = 'java\tscript:__pwned=8';
  bad.establishment.design.icon = '//evil.example.com/logo.png';
  bad.establishment.design.cover = '/\\evil.example.com/capa.png';
  bad.categories[0].products[0].image = 'data:text/html,<script>__pwned=9</script>';
  const run = runCatalogueImport(bad);
  expect(run.status).not.toBe(0);
  for (const path of [
    'establishment.preferences.terms_url',
    'establishment.preferences.privacy_url',
    'establishment.design.icon',
    'establishment.design.cover',
    'categories[0].products[0].image',
  ])
    expect(run.stderr).toContain(path);
  expect(run.stderr).toContain('must be an https, http, mailto or tel URL, or a path of this site');
  const found = await request.get(`/api/establishments?slug_area=${slug}-recusado`, { headers: API_HEADERS });
  expect(await found.json()).toEqual([]);
});

/** Opens a page and answers once its scripts have run; every payload it holds had its chance. */
async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForLoadState('load');
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('enhanced') || !document.querySelector('#enhancements'))).toBe(true);
}

async function nothingRan(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), where).toBeUndefined();
}

test('a catalogue whose every text holds the usual payloads shows them as text everywhere, and nothing of them runs', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const slug = establishmentSlug();
  const catalogue = poisonAll(catalogueFor(slug)) as Record<string, any>;
  catalogue.establishment.preferences.terms_url = 'https://example.com/termos';
  await importCatalogue(catalogue);

  // A row written before the import checked URLs (or by anything else): javascript: links and a
  // path the browser reads as another site in the database itself; the pages rendered again.
  const db = new Database(join(dataDir, 'storefront.sqlite'));
  try {
    db.prepare(
      `update establishments set
         preferences = json_set(preferences, '$.terms_url', 'javascript:__pwned=7', '$.privacy_url', '//evil.example.com/privacidade'),
         design = json_set(design, '$.icon', 'javascript:__pwned=8', '$.cover', 'java\tscript:__pwned=9')
       where slug = ?`,
    ).run(slug);
    db.prepare(`update products set image = 'javascript:__pwned=10' where establishment_id = (select id from establishments where slug = ?)`).run(slug);
  } finally {
    db.close();
  }
  const token = readFileSync(join(dataDir, 'internal-token'), 'utf8').trim();
  const rerendered = await request.post('/api/internal/rerender', { headers: { 'X-Internal-Token': token }, data: { slug } });
  expect(rerendered.status()).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const elsewhere: string[] = [];
  context.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') elsewhere.push(r.url());
  });

  // A customer with a session and an order, so the account area and the order page show it too.
  const establishmentId = await storeId(request, slug);
  const registered = await registerCustomer(request, slug, newCustomer(test.info(), 'Joana Conteúdo Souza'));
  await useSession(context, establishmentId, registered.token);
  const products = (await (
    await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent('Pão Francês')}&limit=20`, { headers: API_HEADERS })
  ).json()) as ProductsAnswer;
  const bread = products.items.find((p) => p.name === productName());
  expect(bread, 'the product keeps its name as text, payload and all').toBeTruthy();
  const groups = (await (
    await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS })
  ).json()) as OrderVariationView[];
  const placed = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}`, 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: bread!._id, qnt: 4, note: SHORT, variations: [] }],
      order_variations: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 })),
      note: LONG.slice(0, 200),
      use_credits: false,
      coupon_id: null,
      achievement_id: null,
      scheduled_at: null,
      tax_receipt: false,
      tax_id: null,
      payment_payback: null,
      payment_method_id: 'dinheiro',
      address_id: null,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as PlaceOrderAnswer).order;

  // The home: the product's name as text, the JSON-LD and the island data parse, no element made from text.
  await visit(page, `/${slug}/`);
  await nothingRan(page, 'home');
  await expect(page.locator('[data-product-card]', { hasText: '<img src=x onerror=__pwned=1>' }).first()).toBeVisible();
  await expect(page.locator('img[src="x"], svg[onload], [onerror]')).toHaveCount(0);
  for (const data of await page.locator('script[type="application/ld+json"], script[type="application/json"]').allTextContents())
    expect(() => JSON.parse(data)).not.toThrow();
  // No picture, logo or cover with the javascript: the database holds.
  expect(await page.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? '').filter((s) => /script:|^\/\/|^\/\\/i.test(s)))).toEqual(
    [],
  );

  // The about dialog: the terms and privacy links are the store's own pages, not the database's javascript: and //evil.
  const about = page.locator('[data-about-open]:visible').first();
  await about.click();
  const terms = page.locator('[data-about-terms]');
  await expect(terms).toHaveAttribute('href', `/${slug}/termos`);
  await expect(page.locator('[data-about-privacy]')).toHaveAttribute('href', `/${slug}/privacidade`);
  await expect(page.locator('[data-about-desc]')).toContainText('</script><script>__pwned=2</script>');
  await terms.click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/termos$`));
  await nothingRan(page, 'terms');

  // Every catalogue page, the search with a payload for its query, the legal pages, the achievements, the picker.
  const home = await (await request.get(`/${slug}/`)).text();
  const category = /href="(\/[^"]+\/categoria\/[^"]+)"/.exec(home)?.[1];
  const productPage = /href="(\/[^"]+\/produto\/[^"]+)"/.exec(home)?.[1];
  expect(category && productPage).toBeTruthy();
  for (const path of [
    category!,
    productPage!,
    `/${slug}/?q=${encodeURIComponent(SHORT)}`,
    `/${slug}/contato`,
    `/${slug}/privacidade`,
    `/${slug}/conquistas`,
    '/selecione',
    `/${slug}/minha-conta`,
    `/${slug}/minha-conta/pedidos`,
    `/${slug}/minha-conta/carteira`,
    `/${slug}/minha-conta/indicar`,
  ]) {
    await visit(page, path);
    await nothingRan(page, path);
  }
  await visit(page, productPage!);
  await expect(page.locator('h1')).toContainText('<img src=x onerror=__pwned=1>');

  // The order page: the items, the note and the establishment, as text.
  await visit(page, `/${slug}/pedido/${order._id}`);
  await expect(page.locator('[data-order-page][data-hydrated]')).toBeVisible();
  await expect(page.locator('[data-order-page]')).toContainText('<img src=x onerror=__pwned=1>');
  await nothingRan(page, 'order page');

  // The islands: the product modal with its variations, the cart with its suggestions, the checkout with the coupon and achievements.
  await visit(page, `/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page
    .getByRole('button', { name: /^Adicionar .* ao pedido$/ })
    .first()
    .click();
  const modal = page.getByRole('dialog').filter({ has: page.locator('[data-add-submit]') });
  await expect(modal).toHaveAttribute('data-state', 'ready');
  await expect(modal).toContainText('__pwned');
  await nothingRan(page, 'product modal');
  for (const group of await modal.locator('[data-variation-group]').all()) {
    const first = group.locator('[data-variation-item] input').first();
    if ((await first.count()) > 0 && !(await first.isChecked())) await first.check().catch(() => {});
  }
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const cart = page.locator('[data-cart-modal]');
  await expect(cart).toContainText('__pwned');
  await nothingRan(page, 'cart');
  await cart.locator('[data-cart-checkout]').click();
  const extras = page.locator('[data-checkout-extras]');
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(extras.or(checkout)).toBeVisible();
  if (await extras.isVisible()) {
    await expect(extras).toContainText('__pwned');
    for (const group of await extras.locator('[data-variation-group]').all()) await group.locator('[data-variation-item] input').first().check();
    await extras.locator('[data-extras-continue]').click();
  }
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('__pwned');
  await nothingRan(page, 'checkout');

  expect(dialogs).toEqual([]);
  expect(elsewhere.filter((url) => url.includes('evil.example'))).toEqual([]);
});

test("the error page's 'Tentar novamente' never leaves the site, however its 'from' is written; a path of the site it keeps", async ({ page }) => {
  for (const from of [
    '/%09/evil.example.com',
    '//evil.example.com',
    '/%5Cevil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
    '/%0a/evil.example.com',
  ]) {
    await page.goto(`/error?from=${encodeURIComponent(decodeURIComponent(from))}`);
    const retry = page.locator('[data-retry]');
    await expect(retry).toHaveAttribute('href', '/');
    await retry.click();
    expect(new URL(page.url()).host, from).toBe(new URL(test.info().project.use.baseURL!).host);
  }
  await page.goto(`/error?from=${encodeURIComponent('/pizzaria-bella/?q=pizza')}`);
  await expect(page.locator('[data-retry]')).toHaveAttribute('href', '/pizzaria-bella/?q=pizza');
});
