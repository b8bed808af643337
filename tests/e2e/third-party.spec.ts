// The storefront makes no third-party IP-lookup call (docs/decisions-product.md 'No third-party IP
// lookup'): the establishment picker and a store page, with their scripts started, request nothing
// from any server but the storefront's own, and the picker orders its establishments by name, not by
// where a lookup would place the visitor. Nothing non-essential runs or is stored without consent
// (docs/privacy.md 'Cookies and third parties'): the pages load scripts from the storefront only and
// set no cookie but the session's. The one exception, an establishment's own analytics loaded after
// its customer's consent, is not on these pages (Mercado Sol set no analytics id) and is proven by
// tests/e2e/analytics-consent.spec.ts.
import { expect, test, type Page } from './fixtures.ts';
import { newCustomer } from './helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4399);

/** Every request the page makes to a server other than the storefront's (the product host or a tenant's domain, same port). */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const ours = (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) && url.port === String(port);
    if (!ours) foreign.push(r.url());
  });
  return foreign;
}

test('the picker and a store page send the visitor to no IP-lookup service, nor to any third party; the picker lists by name [R-7.75]', async ({ page }) => {
  const foreign = foreignRequests(page);
  await page.goto(`http://mercadosol.localhost:${port}/selecione`);
  const names = await page.locator('[data-picker-item]').evaluateAll((links) => links.map((a) => a.querySelector('.font-semibold')?.textContent ?? ''));
  expect(names).toEqual(['Mercado Sol — Centro', 'Mercado Sol — Praia', 'Mercado Sol — Zona Noroeste']);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));

  await page.locator('[data-picker-item="mercado-sol-centro"]').click();
  await expect(page).toHaveURL(/\/mercado-sol-centro\/?$/);
  // The page's scripts have started and fetched the cart app in idle time: everything a visit loads unasked.
  await expect(page.locator('html[data-cart-app]')).toBeAttached({ timeout: 15_000 });
  expect(foreign).toEqual([]);
});

test('no third-party script and no cookie but the session’s: a visitor’s pages set none, a customer’s only sid_ and sf_auth_ (both essential)', async ({
  page,
  context,
}, info) => {
  const foreign = foreignRequests(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const slug = 'mercado-sol-centro';
  const establishmentId = await page.request
    .get(`/api/establishments?slug_area=${slug}`, { headers: { 'Client-Type': 'client_web', 'Api-Version': '4' } })
    .then(async (r) => ((await r.json()) as { _id: string }[])[0]!._id);
  const visit = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState('load');
  };
  // A visitor: the home (with its scripts started), the contact, privacy and account pages.
  await visit(`/${slug}/`);
  await expect(page.locator('html[data-cart-app]')).toBeAttached({ timeout: 15_000 });
  for (const path of [`/${slug}/contato`, `/${slug}/privacidade`, `/${slug}/minha-conta`]) await visit(path);
  expect(await context.cookies()).toEqual([]);

  // Registering through the form sets exactly the session cookie and its readable hint.
  await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  const form = page.locator('form[data-register-form]');
  const user = newCustomer(info, 'Cora Cookies');
  await form.getByLabel('Nome').fill(user.name);
  await form.getByLabel('E-mail').fill(user.email);
  await form.getByLabel('Celular').pressSequentially(user.phone);
  await form.locator('input[name="password"]').fill(user.password);
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  await visit(`/${slug}/`);
  await expect(page.locator('html[data-cart-app]')).toBeAttached({ timeout: 15_000 });
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name).sort()).toEqual([`sf_auth_${establishmentId}`, `sid_${establishmentId}`]);
  expect(cookies.find((c) => c.name.startsWith('sid_'))).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  expect(foreign).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) expect(new URL(url).port, url).toBe(String(port));
});
