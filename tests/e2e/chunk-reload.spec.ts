// A chunk gone after a new release (src/client/chunk-reload.ts): every island loaded on demand
// reloads the page once to fetch the new code, and not again while the chunk stays missing. The
// chunk's request is aborted here, as a deploy that removed the old hashed file would answer it.
// The page counts its loads in sessionStorage (it survives the reload); the reload writes its
// marker there too ('chunk-reload-at').
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  API_HEADERS,
  isMobile,
  logIn,
  logInVerified,
  mercadoSolCheckout,
  mercadoSolPickupCheckout,
  PICKUP_PRODUCT,
  productIdByName,
  type Registered,
} from './helpers.ts';
import { bearer } from './order-helpers.ts';

const SLUG = 'mercado-sol-centro';

/**
 * Aborts every request of the chunk whose file name starts with `name.` (Wallet.abc123.js) and
 * counts the page's loads. Answers how many times the chunk was asked for so far.
 */
async function loseChunk(page: Page, name: string): Promise<() => number> {
  let asked = 0;
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), (route) => {
    asked++;
    return route.abort('failed');
  });
  await page.addInitScript(() => {
    sessionStorage.setItem('test-loads', String(Number(sessionStorage.getItem('test-loads') ?? 0) + 1));
  });
  return () => asked;
}

const loads = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('test-loads')));
const reloadMarker = (page: Page) => page.evaluate(() => sessionStorage.getItem('chunk-reload-at'));

/**
 * The page reloaded once for the lost chunk, asked for it again after the reload and, refused again
 * within the minute, stayed: no third load once the network is quiet.
 */
async function expectOneReload(page: Page, asked: () => number): Promise<void> {
  await expect.poll(asked).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
  expect(await loads(page)).toBe(2);
  expect(await reloadMarker(page)).toMatch(/^\d+$/);
}

test("the account's wallet: its chunk gone, the page reloads once, not a second time [R-8.86] [R-8.87]", async ({ page, request, context }, info) => {
  await logIn(context, request, SLUG, info, 'Rita Recarrega');
  const asked = await loseChunk(page, 'Wallet');
  await page.goto(`/${SLUG}/minha-conta/carteira`);
  await expectOneReload(page, asked);
});

test("the checkout's card selector: its chunk gone, the page reloads once; the checkout opened again within the minute, no second reload [R-8.86] [R-8.87]", async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Caio Recarrega');
  const asked = await loseChunk(page, 'CardSelector');
  const reloaded = page.waitForEvent('load', { predicate: () => asked() > 0 });
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  await checkout.locator('[data-section="payment"]').getByRole('button', { name: 'Pagar on-line' }).click();
  await reloaded;
  expect(await loads(page)).toBe(2);
  expect(await reloadMarker(page)).toMatch(/^\d+$/);

  // The cart survived the reload: back to the checkout, the card selector fails again and the page stays.
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Meu carrinho' }).getByRole('button', { name: 'Finalizar pedido' }).click();
  const extras = page.getByRole('dialog', { name: 'Complete o seu pedido' });
  const again = page.locator('[data-checkout="customer"]');
  await expect(extras.or(again)).toBeVisible();
  if (await extras.isVisible()) {
    await extras.getByRole('radio', { name: 'Sem sacola (levo minha ecobag)' }).check();
    await extras.getByRole('radio', { name: 'Substituir por um similar' }).check();
    await extras.getByRole('button', { name: 'Continuar' }).click();
  }
  // The draft kept the online payment: the card selector is asked for again at once (else it is chosen again).
  const online = again.locator('[data-section="payment"]').getByRole('button', { name: 'Pagar on-line' });
  const notChosen = async () => (await online.getAttribute('aria-pressed', { timeout: 500 }).catch(() => null)) === 'false';
  await expect.poll(async () => asked() >= 2 || (await notChosen())).toBe(true);
  if (asked() < 2) await online.click();
  await expectOneReload(page, asked);
});

test("the checkout's address picker: its chunk gone, the page reloads once [R-8.86]", async ({ page, request, context }, info) => {
  const registered = await logIn(context, request, SLUG, info, 'Ana Recarrega');
  const asked = await loseChunk(page, 'AddressPicker');
  const reloaded = page.waitForEvent('load', { predicate: () => asked() > 0 });
  // Mercado Sol Centro delivers: the address picker comes once delivery is chosen.
  const checkout = await mercadoSolCheckout(page, request, registered.establishmentId, PICKUP_PRODUCT);
  await checkout.getByRole('radio', { name: /Entrega/ }).click();
  await reloaded;
  expect(asked()).toBe(1);
  expect(await loads(page)).toBe(2);
  expect(await reloadMarker(page)).toMatch(/^\d+$/);
});

/** An order paid by Pix, placed through the API: its page loads the Pix block on demand. */
async function pixOrder(page: Page, registered: Registered): Promise<string> {
  const { establishmentId, token } = registered;
  const request = page.request;
  const groups = (await (await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS })).json()) as {
    _id: string;
    min: number;
    items: { _id: string }[];
  }[];
  const res = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...bearer(token), 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      platform: 'web',
      payment_type: 'pix',
      products: [{ id: await productIdByName(request, establishmentId, PICKUP_PRODUCT), qnt: 1, note: '', variations: [] }],
      order_variations: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { _id: string } }).order._id;
}

test("the order page's Pix block: its chunk gone, the page reloads once, not a second time [R-8.86] [R-8.87]", async ({ page, request, context }, info) => {
  const registered = await logIn(context, request, SLUG, info, 'Pedro Recarrega');
  const orderId = await pixOrder(page, registered);
  const asked = await loseChunk(page, 'PixPayment');
  await page.goto(`/${SLUG}/pedido/${orderId}`);
  await expectOneReload(page, asked);
});
