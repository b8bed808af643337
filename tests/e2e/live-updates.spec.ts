// Live updates on one server (the end-to-end server, SQLite): an open page connects to its
// establishment's socket after the first interaction or in idle time; when the establishment
// imports its catalogue again or switches its open state, the page offers a reload and loses
// nothing; the order page and 'Meus pedidos' show a status change at once, not at the
// next 10 s poll. The same across two server processes on PostgreSQL, and a server killed and
// restarted under an open page: tests/e2e/live-servers.spec.ts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from './fixtures.ts';
import { API_HEADERS, importCatalogue, logIn, openProductModal, storeId } from './helpers.ts';
import { addBanana, apiKeyOf, groceryCatalogue, liveConnected, placeGroceryOrder, setOrderStatus } from './live-helpers.ts';

/** One establishment per test and project (they run at the same time), imported afresh. */
async function shopFor(info: TestInfo): Promise<string> {
  const slug = `quitanda-ao-vivo-${info.project.name}-${info.line}`;
  await importCatalogue(groceryCatalogue(slug, 600));
  return slug;
}

/**
 * Counts, on every page the test opens, the socket messages of type 'updated' once the page has
 * handled them: the count goes up in a task queued by the message's first listener, so it runs after
 * every listener of that message (the page's own among them) has.
 */
async function countUpdatesHandled(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __updatesHandled: number };
    w.__updatesHandled = 0;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string' && event.data.includes('"updated"')) setTimeout(() => (w.__updatesHandled += 1), 0);
        });
      }
    };
  });
}
const updatesHandled = (page: Page) => page.evaluate(() => (window as unknown as { __updatesHandled: number }).__updatesHandled);

test('an open page offers a reload when the catalogue is imported again, keeps the cart, and shows the new price after it [R-2.119]', async ({
  page,
}, info) => {
  const slug = await shopFor(info);
  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await addBanana(page);
  await liveConnected(page);
  await expect(page.locator('[data-reload-prompt]')).toHaveCount(0);

  await importCatalogue(groceryCatalogue(slug, 750));
  const prompt = page.getByRole('region', { name: 'Cardápio atualizado' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('seu carrinho continua salvo');
  // Nothing moved under the customer: the cart is as it was.
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
  const axe = await new AxeBuilder({ page }).include('[data-reload-prompt]').analyze();
  expect(axe.violations).toEqual([]);

  await prompt.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.locator('[data-reload-prompt]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adicionar Banana Prata ao pedido', exact: true }).first()).toBeVisible();
  await expect(page.locator('main')).toContainText('7,50');
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
});

test("'Agora não' puts the prompt away; it waits while a dialog is open, so nothing typed there is lost [R-2.119]", async ({ page, request }, info) => {
  const slug = await shopFor(info);
  await countUpdatesHandled(page);
  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await liveConnected(page);
  const establishmentId = await storeId(request, slug);
  // The establishment closes by hand and opens again: each change renders the pages and says 'updated'.
  const switchTo = async (isOpen: string) => {
    const res = await request.put(`/api/establishments/${establishmentId}/opening`, {
      headers: { ...API_HEADERS, Authorization: `ApiKey ${await apiKeyOf(slug)}` },
      data: { is_open: isOpen },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  await switchTo('closed');
  const prompt = page.locator('[data-reload-prompt]');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Agora não' }).click();
  await expect(prompt).toHaveCount(0);

  const modal = await openProductModal(page, 'Maçã Gala');
  const before = await updatesHandled(page);
  await switchTo('auto');
  // The 'updated' the change brings has been handed to the page (held back while the dialog is open).
  await expect.poll(() => updatesHandled(page)).toBeGreaterThan(before);
  await expect(prompt).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(prompt).toBeVisible();
});

test("the order page and 'Meus pedidos' show a status change at once, over the socket", async ({ page, context, request }, info) => {
  const slug = await shopFor(info);
  const { token } = await logIn(context, request, slug, info, 'Rita Ao Vivo');
  const establishmentId = await storeId(request, slug);
  const key = await apiKeyOf(slug);
  const orderId = await placeGroceryOrder(request, '', establishmentId, token);

  await page.goto(`/${slug}/pedido/${orderId}`);
  const status = page.locator('[data-order-status]').first();
  await expect(status).toHaveAttribute('data-order-status', 'registered');
  await liveConnected(page);
  await setOrderStatus(request, '', establishmentId, orderId, 'confirmed', key);
  // The poll comes every 10 s; the socket brings it well before.
  await expect(status).toHaveAttribute('data-order-status', 'confirmed', { timeout: 4000 });

  await page.goto(`/${slug}/minha-conta/pedidos`);
  const statusOf = (id: string) => page.locator(`[data-orders-item="${id}"] [data-order-status]`);
  await expect(statusOf(orderId)).toHaveAttribute('data-order-status', 'confirmed');
  await liveConnected(page);
  // A new order placed elsewhere (another tab, the phone) appears, and a status change shows.
  const second = await placeGroceryOrder(request, '', establishmentId, token);
  await expect(statusOf(second)).toHaveAttribute('data-order-status', 'registered', { timeout: 4000 });
  await setOrderStatus(request, '', establishmentId, orderId, 'complete', key);
  await expect(statusOf(orderId)).toHaveAttribute('data-order-status', 'complete', { timeout: 4000 });
});
