// The loading overlay (src/client/loading-overlay.ts): the 'Carregando…' veil that answers
// a tap while what it opens is still loading goes after 3 s at the latest, and what the tap asked
// for still opens when it arrives. The browser's clock is Playwright's (page.clock): the test moves
// it by hand, and holds the network answer the veil waits for, so nothing depends on the machine's
// speed.
import { expect, test, type Page } from './fixtures.ts';
import { isMobile, logIn } from './helpers.ts';

/** Holds every request matching `url` until the returned function is called. */
async function hold(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function gotoStore(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
}

test('the first tap of a visit shows the loading overlay at once, gone after 3 s though the cart app still loads; the product opens when it arrives [R-9.5]', async ({
  page,
}) => {
  const release = await hold(page, '**/_astro/mount.*.js');
  await page.clock.install();
  await gotoStore(page, '/pizzaria-bella/');
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1000));

  await page.getByRole('button', { name: 'Adicionar Brownie com Sorvete ao pedido', exact: true }).first().click();
  const overlay = page.locator('[data-loading-overlay]');
  await expect(overlay).toHaveText('Carregando…');
  await page.clock.runFor(2_900);
  await expect(overlay).toBeVisible();
  await page.clock.runFor(100);
  await expect(overlay).toHaveCount(0);
  // The page is the customer's again: the header's own controls answer.
  await expect(page.getByRole('dialog', { name: 'Brownie com Sorvete' })).toHaveCount(0);

  release();
  const modal = page.getByRole('dialog', { name: 'Brownie com Sorvete' });
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('data-state', 'ready');
  await expect(overlay).toHaveCount(0);
});

test("'Finalizar pedido' shows the loading overlay while the checkout loads, for 3 s at the most; the checkout opens when its data arrives [R-9.5]", async ({
  page,
  context,
  request,
}, info) => {
  await logIn(context, request, 'pizzaria-bella', info, 'Paula Ramos');
  await page.clock.install();
  await gotoStore(page, '/pizzaria-bella/');
  await page.getByRole('button', { name: 'Adicionar Coca-Cola 2 L ao pedido', exact: true }).first().click();
  const product = page.getByRole('dialog', { name: 'Coca-Cola 2 L' });
  await expect(product).toHaveAttribute('data-state', 'ready');
  await product.locator('[data-add-submit]').click();
  await expect(product).toBeHidden();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  await expect(cart.getByRole('button', { name: 'Finalizar pedido' })).toBeEnabled();

  const release = await hold(page, '**/api/establishments/*/order-variations*');
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await cart.getByRole('button', { name: 'Finalizar pedido' }).click();
  const overlay = page.locator('[data-loading-overlay]');
  await expect(overlay).toHaveText('Carregando…');
  await page.clock.runFor(2_900);
  await expect(overlay).toBeVisible();
  await page.clock.runFor(100);
  await expect(overlay).toHaveCount(0);

  release();
  await expect(page.getByRole('dialog', { name: 'Complete o seu pedido' })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});
