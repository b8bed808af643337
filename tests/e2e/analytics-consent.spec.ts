// An establishment's own analytics, with consent (docs/decisions-product.md 'The tenant's own
// analytics, with consent'; docs/privacy.md 'Cookies and third parties'). A shop imported here sets a
// GA4 measurement id and a Meta Pixel id through the catalogue import (as the demo's Hiper Demo does
// in scripts/seed-data/hiper-demo.ts, which this server does not seed); Pizzaria Bella sets none.
// This machine has no internet: the two vendors' script URLs are fulfilled by Playwright routes with
// small stubs that record, in sessionStorage (kept through a reload), the script's own URL and every
// call the page makes to gtag and fbq, as the real scripts would receive them. The suite's guard
// (fixtures.ts) also proves the page's policy lets the two scripts through on this tenant's pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { API_HEADERS, importCatalogue, runCatalogueImport, shopCatalogue, storeId } from './helpers.ts';
import { e2eDatabaseFile } from './panel-helpers.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';

const SHOP = 'emporio-medido';
const GA4_ID = 'G-EMPORIO42';
const PIXEL_ID = '100000000000042';

function catalogue(preferences: Record<string, unknown>) {
  const shop = shopCatalogue(SHOP, 'Empório Medido', { _id: 'mercearia', name: 'Mercearia' }, [{ _id: 'arroz', name: 'Arroz 5 kg', price: 2890 }]);
  return { ...shop, establishment: { ...shop.establishment, preferences: { ...shop.establishment.preferences, ...preferences } } };
}

test.beforeAll(async () => {
  await importCatalogue(catalogue({ ga4_measurement_id: GA4_ID, meta_pixel_id: PIXEL_ID }));
});

test('the catalogue import refuses a malformed analytics id, naming the field', () => {
  const ga4 = runCatalogueImport(catalogue({ ga4_measurement_id: 'UA-1234-1' }));
  expect(ga4.status).not.toBe(0);
  expect(ga4.stdout + ga4.stderr).toContain('ga4_measurement_id');
  const pixel = runCatalogueImport(catalogue({ meta_pixel_id: '12ab' }));
  expect(pixel.status).not.toBe(0);
  expect(pixel.stdout + pixel.stderr).toContain('meta_pixel_id');
});
const VENDOR_HOSTS = ['www.googletagmanager.com', 'connect.facebook.net'];

const RECORD = `function rec(k,v){var l=JSON.parse(sessionStorage.getItem('stub-calls')||'[]');l.push([k,v]);sessionStorage.setItem('stub-calls',JSON.stringify(l))}`;
/** gtag.js: records its URL and each Arguments object pushed to dataLayer (those queued before it came, and those after). */
const GTAG_STUB = `(function(){${RECORD};rec('gtag.js',document.currentScript&&document.currentScript.src);
var dl=window.dataLayer=window.dataLayer||[];function h(a){if(a&&typeof a==='object'&&!Array.isArray(a)&&'length' in a)rec('gtag',Array.prototype.slice.call(a))}
dl.forEach(h);var p=dl.push;dl.push=function(){for(var i=0;i<arguments.length;i++)h(arguments[i]);return p.apply(dl,arguments)}})();`;
/** fbevents.js: records its URL, the queued calls, and takes every later call as the real script does (callMethod). */
const FBQ_STUB = `(function(){${RECORD};rec('fbevents.js',document.currentScript&&document.currentScript.src);
var f=window.fbq;(f.queue||[]).forEach(function(a){rec('fbq',Array.prototype.slice.call(a))});f.queue=[];f.callMethod=function(){rec('fbq',Array.prototype.slice.call(arguments))}})();`;

type Call = [string, unknown];

/** Fulfils the vendors' scripts with the stubs; returns every request made to a vendor's host. */
async function stubVendors(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (VENDOR_HOSTS.includes(new URL(r.url()).hostname)) requested.push(r.url());
  });
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: GTAG_STUB }));
  await page.route('https://connect.facebook.net/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FBQ_STUB }));
  return requested;
}

async function calls(page: Page): Promise<Call[]> {
  return JSON.parse((await page.evaluate(() => sessionStorage.getItem('stub-calls'))) ?? '[]') as Call[];
}

/** Opens the home and makes the first interaction (a key press) once its scripts are attached. */
async function openHome(page: Page, slug: string): Promise<void> {
  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.keyboard.press('Shift');
}

test("'Recusar' loads nothing and is remembered; the banner is as easy to refuse as to accept, in Portuguese, keyboard operable and axe clean", async ({
  page,
}) => {
  const requested = await stubVendors(page);
  await openHome(page, SHOP);
  const banner = page.locator('[data-consent-banner]');
  await expect(banner).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'asked');
  await expect(banner.getByRole('heading', { name: 'Cookies de análise e publicidade' })).toBeVisible();
  await expect(banner).toContainText('Empório Medido quer medir as visitas');
  await expect(banner.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', `/${SHOP}/privacidade`);

  // Refusing is as prominent as accepting: the same size and the same style.
  const decline = banner.getByRole('button', { name: 'Recusar' });
  const accept = banner.getByRole('button', { name: 'Aceitar' });
  const [d, a] = [(await decline.boundingBox())!, (await accept.boundingBox())!];
  expect(Math.round(d.width)).toBe(Math.round(a.width));
  expect(Math.round(d.height)).toBe(Math.round(a.height));
  const style = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.fontSize, s.fontWeight, s.borderWidth, s.borderColor, s.backgroundColor, s.color].join('|');
  };
  expect(await decline.evaluate(style)).toBe(await accept.evaluate(style));

  const axe = await new AxeBuilder({ page }).include('[data-consent-banner]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // By keyboard.
  await decline.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'denied');

  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'denied');
  await expect(banner).toHaveCount(0);
  expect(requested).toEqual([]);
  expect(await calls(page)).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('undefined');
});

test("'Aceitar' loads both tags with the establishment's ids, a page view each, and the storefront's purchase reaches gtag and fbq; 'Cookies' reopens the banner", async ({
  page,
}) => {
  const requested = await stubVendors(page);
  await openHome(page, SHOP);
  const banner = page.locator('[data-consent-banner]');
  await expect(banner).toBeVisible();
  // Nothing of either vendor before the choice.
  expect(requested).toEqual([]);

  await banner.getByRole('button', { name: 'Aceitar' }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(async () => (await calls(page)).filter(([k]) => k.endsWith('.js')).length).toBe(2);
  const loaded = await calls(page);
  expect(loaded.find(([k]) => k === 'gtag.js')?.[1]).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`);
  expect(loaded.find(([k]) => k === 'fbevents.js')?.[1]).toBe('https://connect.facebook.net/en_US/fbevents.js');
  const gtag = loaded.filter(([k]) => k === 'gtag').map(([, v]) => v as unknown[]);
  expect(gtag.some((c) => c[0] === 'config' && c[1] === GA4_ID)).toBe(true);
  const fbq = loaded.filter(([k]) => k === 'fbq').map(([, v]) => v);
  expect(fbq).toEqual([
    ['init', PIXEL_ID],
    ['track', 'PageView'],
  ]);

  // The storefront's purchase event (what islands/checkout/send.ts emits when an order is accepted,
  // tests/e2e/checkout.spec.ts) reaches both.
  const payload = { currency: 'BRL', value: 57.8, items: [{ item_id: 'p1', item_name: 'Arroz', price: 28.9, quantity: 2 }], transaction_id: 'pedido-1' };
  await page.evaluate((detail) => dispatchEvent(new CustomEvent('storefront:purchase', { detail })), payload);
  await expect
    .poll(async () => (await calls(page)).filter(([k, v]) => k === 'gtag' && (v as unknown[])[0] === 'event').map(([, v]) => v))
    .toEqual([['event', 'purchase', payload]]);
  await expect
    .poll(async () =>
      (await calls(page))
        .filter(([k]) => k === 'fbq')
        .map(([, v]) => v)
        .at(-1),
    )
    .toEqual(['track', 'Purchase', { value: 57.8, currency: 'BRL', contents: [{ id: 'p1', quantity: 2, item_price: 28.9 }], content_type: 'product' }]);

  // Remembered: the next page loads the tags with no banner.
  await page.evaluate(() => sessionStorage.removeItem('stub-calls'));
  await openHome(page, SHOP);
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'granted');
  await expect.poll(async () => (await calls(page)).filter(([k]) => k.endsWith('.js')).length).toBe(2);
  await expect(banner).toHaveCount(0);

  // The footer's 'Cookies' opens it again, by keyboard, with the focus on it; refusing now holds from the next page.
  const link = page.locator('[data-footer]').getByRole('link', { name: 'Cookies' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Recusar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'denied');
});

test('an establishment without ids shows no banner, no Cookies link, and its page policy names no third-party host', async ({ page }) => {
  const requested = await stubVendors(page);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('analytics-consent')) chunks.push(r.url());
  });
  await openHome(page, 'pizzaria-bella');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toMatch(/^script-src 'self'[ ;]/);
  expect(policy).not.toMatch(/https?:/);
  await expect(page.locator('html')).not.toHaveAttribute('data-ga4', /./);
  await expect(page.locator('[data-footer]').getByRole('link', { name: 'Cookies' })).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-consent', /./);
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  expect(requested).toEqual([]);
  expect(chunks).toEqual([]);

  // The analytics shop's policy names exactly the two vendors' script hosts.
  await page.goto(`/${SHOP}/`);
  const hiperPolicy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(hiperPolicy).toMatch(/^script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net[ ;]/);
  expect(hiperPolicy!.match(/https?:\/\/[^\s;']+/g)).toEqual(['https://www.googletagmanager.com', 'https://connect.facebook.net']);
});

test("the owner sets the ids in the panel's 'Loja' tab: a wrong one is refused in Portuguese; the store's pages then ask consent for them, and stop once they are removed @one-viewport", async ({
  page,
  context,
}, info) => {
  const slug = `emporio-painel-${info.project.name}`;
  await importCatalogue({
    ...catalogue({}),
    company: { slug, name: 'Empório do Painel' },
    establishment: { ...catalogue({}).establishment, slug, name: 'Empório do Painel' },
  });
  const establishmentId = await storeId(context.request, slug);
  const email = `dona.${info.project.name}@emporio-painel.example`;
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: e2eDatabaseFile });
  try {
    await createStaffMember(db, { establishmentId, email, name: 'Dona Rita', role: 'owner', password: 'emporio-dona-1' }, new Date()).catch((err: unknown) => {
      if (!(err instanceof Error && err.message === 'staff_email_taken')) throw err;
    });
  } finally {
    await db.destroy();
  }
  const login = await context.request.post('/api/staff/login', {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, email, password: 'emporio-dona-1' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const requested = await stubVendors(page);

  await page.goto(`/${slug}/painel#loja`);
  const form = page.locator('[data-board-analytics="edit"]');
  await expect(form.getByRole('heading', { name: 'Análise de visitas (Google Analytics 4 e Meta Pixel)' })).toBeVisible();
  const ga4 = form.getByLabel('ID de medição do Google Analytics 4');
  await ga4.fill('UA-1234-1');
  await form.getByRole('button', { name: 'Salvar ids de análise' }).click();
  await expect(form.locator('[data-board-analytics-error="ga4_measurement_id"]')).toHaveText(
    'Use o ID de medição do GA4: G- seguido de letras e números, como G-4BX9K2LMQ7.',
  );
  await ga4.fill(' g-painel42 ');
  await form.getByRole('button', { name: 'Salvar ids de análise' }).click();
  await expect(page.getByText(/Ids de análise salvos: \d+ páginas renovadas/)).toBeVisible();
  await expect(ga4).toHaveValue('G-PAINEL42');

  await openHome(page, slug);
  await expect(page.locator('html')).toHaveAttribute('data-ga4', 'G-PAINEL42');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy!.match(/https?:\/\/[^\s;']+/g)).toEqual(['https://www.googletagmanager.com']);
  await expect(page.locator('[data-consent-banner]')).toBeVisible();
  expect(requested).toEqual([]);

  await page.goto(`/${slug}/painel#loja`);
  await expect(ga4).toHaveValue('G-PAINEL42');
  await ga4.fill('');
  await form.getByRole('button', { name: 'Salvar ids de análise' }).click();
  await expect(page.getByText(/Ids de análise salvos/)).toBeVisible();
  await openHome(page, slug);
  await expect(page.locator('html')).not.toHaveAttribute('data-ga4', /./);
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).not.toMatch(/https?:/);
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  expect(requested).toEqual([]);
});
