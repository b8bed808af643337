// The storefront makes no third-party IP-lookup call (docs/decisions-product.md 'No third-party IP
// lookup'): the establishment picker and a store page, with their scripts started, request nothing
// from any server but the storefront's own, and the picker orders its establishments by name, not by
// where a lookup would place the visitor.
import { expect, test, type Page } from './fixtures.ts';

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
