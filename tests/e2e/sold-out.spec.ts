// Sold out in one tap, seen by pages already open: with a product page and a cart open (a logged-in
// customer, two tabs), the establishment marks the product sold out through the API (its key, as the
// panel and `npm run establishment -- sold-out` do). Within a second, without a reload, the product
// page says 'Esgotado' and its 'Adicionar' is disabled, and the cart flags the line and keeps
// 'Finalizar pedido' closed; marked back on sale, both are as before. A page loaded afterwards
// shows the mark on the card, rendered by the server. One flavour of a pizza marked sold out is
// marked on the open product page, shown but not pickable in the product's modal, and flags the
// cart line that holds it. A checkout already open when the product sells out sends, and the
// server's refusal is shown in Portuguese with the product's name; no order is written.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type Page, type TestInfo } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS, importCatalogue, isMobile, logIn, openProductModal, productIdByName, shopCatalogue } from './helpers.ts';
import { addBanana, groceryCatalogue, liveConnected } from './live-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

/** One establishment per test and project (they run at the same time), imported afresh. */
async function shopFor(info: TestInfo): Promise<string> {
  const slug = `quitanda-esgotada-${info.project.name}-${info.line}`;
  await importCatalogue(groceryCatalogue(slug, 600));
  return slug;
}

/** An API key of the establishment, made in the e2e server's database as an establishment's admin would. */
async function apiKeyOf(slug: string): Promise<string> {
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  try {
    const est = await db.selectFrom('establishments').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    return await createEstablishmentKey(db, est.id, 'e2e sold out');
  } finally {
    await db.destroy();
  }
}

async function openCart(page: Page) {
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  await expect(cart).toBeVisible();
  return cart;
}

test('a product marked sold out and back is refused and offered again by an open product page and an open cart within a second, without a reload', async ({
  page,
  context,
  request,
}, info) => {
  const slug = await shopFor(info);
  const registered = await logIn(context, request, slug, info);
  const estId = registered.establishmentId;
  const banana = await productIdByName(request, estId, 'Banana Prata');
  const key = await apiKeyOf(slug);
  const mark = async (soldOut: boolean) => {
    const res = await request.put(`/api/establishments/${estId}/products/${banana}/sold-out`, {
      headers: { ...API_HEADERS, Authorization: `ApiKey ${key}` },
      data: { sold_out: soldOut },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ product_id: banana, sold_out: soldOut });
  };

  // The cart, in one tab: a banana in it, the cart open.
  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await addBanana(page);
  const cart = await openCart(page);
  await liveConnected(page);
  const line = cart.locator('[data-cart-line]');
  const checkout = cart.locator('[data-cart-checkout]');
  await expect(checkout).toBeEnabled();

  // The product page, in another.
  const productPage = await context.newPage();
  await productPage.goto(`/${slug}/produto/${banana}`);
  await productPage.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  const add = productPage.getByRole('button', { name: 'Adicionar Banana Prata ao pedido', exact: true }).first();
  await expect(add).toBeEnabled();
  await add.hover();
  await liveConnected(productPage);
  const soldOutMark = productPage.locator('[data-product-page] [data-sold-out-label]');
  await expect(soldOutMark).toBeHidden();

  await mark(true);
  await expect(soldOutMark).toBeVisible({ timeout: 1000 });
  await expect(soldOutMark).toHaveText('Esgotado');
  await expect(add).toBeDisabled({ timeout: 1000 });
  await expect(line).toHaveAttribute('data-sold-out', 'product_sold_out', { timeout: 1000 });
  await expect(line.locator('[data-cart-line-sold-out]')).toContainText('Banana Prata esgotou.');
  await expect(checkout).toBeDisabled({ timeout: 1000 });
  await expect(cart.locator('[data-cart-checkout-tip]')).toHaveText('Há produto esgotado no carrinho: remova-o para finalizar o pedido.');
  // Nothing was reloaded: the cart is the same dialog, with the same line.
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');

  await mark(false);
  await expect(soldOutMark).toBeHidden({ timeout: 1000 });
  await expect(add).toBeEnabled({ timeout: 1000 });
  await expect(line).not.toHaveAttribute('data-sold-out', /.*/, { timeout: 1000 });
  await expect(checkout).toBeEnabled({ timeout: 1000 });

  // A page loaded while it is sold out: the card says so, rendered by the server, and its button is disabled.
  await mark(true);
  await productPage.goto(`/${slug}/`);
  const card = productPage.locator(`[data-product-card][data-product-id="${banana}"]`);
  await expect(card.locator('[data-sold-out-label]')).toHaveText('Esgotado');
  await expect(card.getByRole('button', { name: 'Adicionar Banana Prata ao pedido' })).toBeDisabled();
  await expect(productPage.locator(`[data-product-card]:not([data-product-id="${banana}"]) [data-sold-out-label]`)).toHaveCount(0);
});

/** A pizzeria of one half-and-half pizza: 'Sabores' (choose one) with Calabresa and Mussarela. */
function pizzeria(slug: string) {
  const catalogue = shopCatalogue(slug, 'Pizzaria Esgotada', { _id: 'pizzas', name: 'Pizzas' }, [
    { _id: 'pizza', name: 'Pizza Grande', desc: 'Oito fatias.', price: 4500 },
  ]);
  const sabores = {
    _id: 'sabores',
    name: 'Sabores',
    layout: 'check',
    min: 1,
    max: 1,
    price_rule: 1,
    items: [
      { _id: 'calabresa', name: 'Calabresa', price: 0 },
      { _id: 'mussarela', name: 'Mussarela', price: 0 },
    ],
  };
  const preferences = { ...catalogue.establishment.preferences, pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro' }] };
  return {
    ...catalogue,
    establishment: { ...catalogue.establishment, preferences },
    categories: catalogue.categories.map((c) => ({ ...c, products: c.products.map((p) => ({ ...p, variations: [sabores] })) })),
  };
}

test("a flavour marked sold out is marked on the open product page, shown but not pickable in the product's modal, and flags the cart line holding it", async ({
  page,
  context,
  request,
}, info) => {
  const slug = `pizzaria-esgotada-${info.project.name}-${info.line}`;
  await importCatalogue(pizzeria(slug));
  const registered = await logIn(context, request, slug, info);
  const estId = registered.establishmentId;
  const pizza = await productIdByName(request, estId, 'Pizza Grande');
  const key = await apiKeyOf(slug);
  const markCalabresa = async (soldOut: boolean) => {
    const res = await request.put(`/api/establishments/${estId}/products/${pizza}/variations/sabores/items/calabresa/sold-out`, {
      headers: { ...API_HEADERS, Authorization: `ApiKey ${key}` },
      data: { sold_out: soldOut },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  // A Calabresa in the cart, from the product page.
  await page.goto(`/${slug}/produto/${pizza}`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  let modal = await openProductModal(page, 'Pizza Grande');
  await modal.getByRole('radio', { name: 'Calabresa' }).check();
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');
  await liveConnected(page);
  const calabresaRow = page.locator('[data-product-page] [data-variation="sabores"] [data-variation-item="calabresa"]');
  await expect(calabresaRow.locator('[data-item-sold-out]')).toBeHidden();

  await markCalabresa(true);
  await expect(calabresaRow.locator('[data-item-sold-out]')).toBeVisible({ timeout: 1000 });
  await expect(calabresaRow.locator('[data-item-sold-out]')).toHaveText('Esgotado');
  await expect(page.locator('[data-product-page] [data-sold-out-label]')).toBeHidden();

  // The modal shows the flavour, marked, and does not let it be picked; the other one is added.
  modal = await openProductModal(page, 'Pizza Grande');
  const calabresa = modal.getByRole('radio', { name: 'Calabresa' });
  await expect(calabresa).toBeDisabled();
  await expect(modal.locator('[data-variation-item="calabresa"] [data-item-sold-out]')).toHaveText('Esgotado');
  await modal.getByRole('radio', { name: 'Mussarela' }).check();
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cart-badge]')).toHaveText('2');

  // The cart flags the Calabresa line only, and keeps the checkout closed until it is on sale again.
  const cart = await openCart(page);
  await expect(cart.locator('[data-cart-line][data-sold-out="variation_item_sold_out"]')).toHaveCount(1);
  await expect(cart.locator('[data-cart-line-sold-out]')).toContainText('Calabresa esgotou (Pizza Grande).');
  await expect(cart.locator('[data-cart-checkout]')).toBeDisabled();
  await markCalabresa(false);
  await expect(cart.locator('[data-cart-line][data-sold-out]')).toHaveCount(0, { timeout: 1000 });
  await expect(cart.locator('[data-cart-checkout]')).toBeEnabled({ timeout: 1000 });
});

test("a checkout already open when the product sells out is refused by the server with the product's name, and writes no order", async ({
  page,
  context,
  request,
}, info) => {
  const slug = await shopFor(info);
  const registered = await logIn(context, request, slug, info);
  const estId = registered.establishmentId;
  const banana = await productIdByName(request, estId, 'Banana Prata');
  const key = await apiKeyOf(slug);

  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await addBanana(page);
  const cart = await openCart(page);
  await cart.getByRole('button', { name: 'Finalizar pedido' }).click();
  const checkout = page.locator('[data-checkout="customer"]');
  await checkout.getByRole('radio', { name: /Retirar no local/ }).check();
  await checkout.getByRole('button', { name: 'Pagar na retirada' }).click();
  await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });

  const res = await request.put(`/api/establishments/${estId}/products/${banana}/sold-out`, {
    headers: { ...API_HEADERS, Authorization: `ApiKey ${key}` },
    data: { sold_out: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await expect(
    page.locator('[data-toast]').filter({ hasText: 'Banana Prata esgotou. Remova o produto do carrinho para finalizar o pedido.' }).first(),
  ).toBeVisible();
  // Nothing lost, nothing written: still in the checkout with its line, no order for the customer.
  await expect(checkout).toBeVisible();
  await expect(page.locator('[data-checkout-line]')).toHaveCount(1);
  const orders = await request.get(`/api/establishments/${estId}/orders`, { headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}` } });
  expect(((await orders.json()) as { total: number }).total).toBe(0);
});
