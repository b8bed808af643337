// What keeps an order from going through, said as early as the page knows it, on a phone (390x844)
// and a desktop (1280x800): an establishment that takes no orders (the header, the strip's notice,
// disabled 'Adicionar' on cards and product pages, the dialog's other units, the cart), a closed
// one that does not schedule (the cart and the add modal, with the next opening), and the info
// strip's hours, delivery fee and minimum order, the hours computed in the browser in the
// establishment's time zone without moving the page.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { importCatalogue, isMobile, logIn, openProductModal, shopCatalogue } from './helpers.ts';

/** Waits until the deferred enhancements (cart and status scripts among them) are attached. */
async function gotoStore(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
}

/** The status label of the viewport's header. */
const statusLabel = (page: Page): Locator => page.locator('[data-status]:visible').first();

/** Closes the 'Loja em reforma' dialog shown on load. */
async function dismissUnavailable(page: Page): Promise<void> {
  const dialog = page.locator('dialog[data-unavailable]');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await expect(dialog).toBeHidden();
}

const addToCart = openProductModal;

async function openCart(page: Page): Promise<Locator> {
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  await expect(cart).toBeVisible();
  return cart;
}

/** The server clock the status script reads, answered with the page's (fake) clock. */
async function serverClockAt(page: Page, iso: string): Promise<void> {
  await page.clock.install({ time: new Date(iso) });
  await page.route('**/api/datetime**', (route) => route.fulfill({ json: { datetime: '', time_zone: 'America/Sao_Paulo', epoch_ms: Date.parse(iso) } }));
}

/** The page's cumulative layout shift so far (Chrome's layout-shift entries, as Lighthouse sums them). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  });
}

const norm = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

test("an unavailable establishment says 'Indisponível' in the header, never 'Aberto', even inside its hours [R-1.23] [R-2.118]", async ({ page }) => {
  // Wednesday 12:00 in Santos: Mercado Sol Zona Noroeste (07:00-22:00) would be open by its hours.
  await serverClockAt(page, '2026-03-04T15:00:00Z');
  await gotoStore(page, '/mercado-sol-norte/');
  await dismissUnavailable(page);
  const status = statusLabel(page);
  await expect(status).toHaveAttribute('data-status', 'unavailable');
  await expect(status).toHaveText('Indisponível');
  // Past the status script's first reading and re-check: still no online label to show.
  await page.clock.runFor(7000);
  await expect(status).toHaveAttribute('data-status', 'unavailable');
  await expect(page.locator('[data-status-online], [data-status-offline]')).toHaveCount(0);
  await expect(page.locator('[data-info-badges] [data-badge="hours"]')).toHaveCount(0);
  // Nor does it offer scheduling, which it does not take either.
  await expect(page.locator('[data-info-badges] [data-badge="scheduling"]')).toHaveCount(0);
});

test("an unavailable establishment's 'Adicionar' is disabled on the cards and the product page, with the reason next to it [R-2.118] [R-8.28] @one-viewport", async ({
  page,
}) => {
  await gotoStore(page, '/mercado-sol-norte/');
  await dismissUnavailable(page);
  const notice = page.locator('[data-unavailable-notice]');
  await expect(notice).toHaveText('Loja em reforma: não estamos recebendo pedidos on-line no momento.');
  const cards = page.locator('[data-product-card]');
  expect(await cards.count()).toBeGreaterThan(3);
  await expect(page.locator('[data-product-card] [data-add-product]:enabled')).toHaveCount(0);
  const banana = page.getByRole('button', { name: 'Adicionar Banana-nanica (kg) ao pedido' });
  await expect(banana).toBeDisabled();
  // A screen reader hears why: the button is described by the strip's notice.
  await expect(banana).toHaveAccessibleDescription('Loja em reforma: não estamos recebendo pedidos on-line no momento.');

  await page.locator('[data-product-card]', { hasText: 'Banana-nanica (kg)' }).locator('[data-product-link]').click();
  await expect(page.locator('[data-product-page]')).toBeVisible();
  const add = page.locator('[data-product-page] [data-add-product]');
  await expect(add).toBeDisabled();
  await expect(page.locator('[data-add-disabled-reason]')).toHaveText('Esta loja não está recebendo pedidos no momento.');
  await expect(add).toHaveAccessibleDescription('Esta loja não está recebendo pedidos no momento.');
  await expect(page.locator('[data-related-products] [data-add-product]:enabled')).toHaveCount(0);
});

test("the unavailable dialog lists the company's other units and takes the customer to the one chosen [R-2.118] [R-1.21]", async ({ page }) => {
  await gotoStore(page, '/mercado-sol-norte/');
  const dialog = page.locator('dialog[data-unavailable]');
  await expect(dialog).toBeVisible();
  const units = dialog.locator('[data-unavailable-units]');
  await expect(units).toContainText('Faça o seu pedido em outra unidade:');
  await expect(units.locator('a[data-unit]')).toHaveCount(2);
  await expect(units.locator('a[data-unit="mercado-sol-praia"]')).toContainText('Mercado Sol — Praia');
  await expect(units.locator('a[data-unit="mercado-sol-norte"]')).toHaveCount(0);
  await units.getByRole('link', { name: /Mercado Sol — Centro/ }).click();
  await expect(page).toHaveURL(/\/mercado-sol-centro\/?$/);
  await expect(page.locator('dialog[data-unavailable]')).toHaveCount(0);
});

test('a cart kept from before the establishment became unavailable says so, and neither a visitor nor a customer can start the checkout [R-8.28] [R-1.20] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const slug = `emporio-pausa-${info.project.name}`;
  const shop = shopCatalogue(slug, 'Empório da Pausa', { _id: 'mercearia', name: 'Mercearia' }, [
    { _id: 'azeite', name: 'Azeite Extravirgem 500 ml', price: 3990 },
  ]);
  await importCatalogue(shop);
  await gotoStore(page, `/${slug}/`);
  const modal = await addToCart(page, 'Azeite Extravirgem 500 ml');
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();

  // The owner pauses the orders: the pages are rendered again.
  await importCatalogue({
    ...shop,
    establishment: { ...shop.establishment, preferences: { ...shop.establishment.preferences, unavailable: true, unavailable_title: 'Balanço anual' } },
  });
  await gotoStore(page, `/${slug}/`);
  await dismissUnavailable(page);
  await expect(statusLabel(page)).toHaveText('Indisponível');
  let cart = await openCart(page);
  await expect(cart.locator('[data-cart-unavailable-notice]')).toHaveText('Esta loja não está recebendo pedidos no momento.');
  await expect(cart.locator('[data-cart-line]')).toHaveCount(1);
  // A visitor is offered the login link, never 'Finalizar pedido'.
  await expect(cart.locator('[data-cart-login]')).toBeVisible();
  await expect(cart.locator('[data-cart-checkout]')).toHaveCount(0);

  // Logged in, 'Finalizar pedido' is there but cannot start, and says why.
  await logIn(context, request, slug, info, 'Paula Pausa');
  await gotoStore(page, `/${slug}/`);
  // Dismissed once, the dialog stays closed for the rest of the visit.
  await expect(page.locator('dialog[data-unavailable]')).toBeHidden();
  cart = await openCart(page);
  await expect(cart.locator('[data-cart-unavailable-notice]')).toBeVisible();
  const checkout = cart.locator('[data-cart-checkout]');
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription('A loja não está recebendo pedidos no momento.');
});

test('a closed establishment without scheduling tells a visitor in the add modal and the cart, and the checkout cannot start [R-6.10] @one-viewport', async ({
  page,
}) => {
  // Mercado Sol Praia is closed by its owner and takes no scheduled orders.
  await gotoStore(page, '/mercado-sol-praia/');
  await expect(page.locator('[data-badge="hours"]')).toHaveText('Fechado no momento');
  const modal = await addToCart(page, 'Água Mineral (500 ml)');
  await expect(modal.locator('[data-add-store-closed]')).toHaveText(
    'Estamos fechados agora e não aceitamos pedidos agendados: você pode montar o carrinho, mas só finalizar o pedido quando abrirmos.',
  );
  // The cart may still be filled for later.
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  const cart = await openCart(page);
  await expect(cart.locator('[data-cart-closed-notice]')).toHaveText(
    'Estamos fechados agora e não aceitamos pedidos agendados: não é possível finalizar o pedido.',
  );
  // Nobody knows when a manual close ends: no opening time is made up.
  await expect(cart.locator('[data-cart-next-opening]')).toHaveCount(0);
  await expect(cart.locator('[data-cart-login]')).toBeVisible();
  await expect(cart.locator('[data-cart-checkout]')).toHaveCount(0);
});

test('a closed establishment in another time zone says when it opens on its own clock: the strip, the header and the cart [R-1.23] [R-4.53] [R-4.55]', async ({
  page,
}, info) => {
  // Open every day 18:00-22:00 in Manaus (UTC-4), no scheduling; the browser runs on São Paulo time (UTC-3).
  const slug = `tacaca-manaus-${info.project.name}`;
  const shop = shopCatalogue(slug, 'Tacacá da Praça', { _id: 'pratos', name: 'Pratos' }, [{ _id: 'tacaca', name: 'Tacacá', price: 2500 }]);
  await importCatalogue({
    ...shop,
    establishment: {
      ...shop.establishment,
      time_zone: 'America/Manaus',
      office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1800, stop_at: 2200 })),
    },
  });
  // 18:30 in São Paulo is 17:30 in Manaus: closed, opening at 18:00 (Manaus).
  await serverClockAt(page, '2026-03-04T21:30:00Z');
  await gotoStore(page, `/${slug}/`);
  await page.clock.runFor(7000);
  const hours = page.locator('[data-badge="hours"]');
  await expect(hours).toHaveText('Abre hoje às 18:00');
  await expect(statusLabel(page)).toHaveAttribute('data-status', 'offline');
  const modal = await addToCart(page, 'Tacacá');
  await expect(modal.locator('[data-add-store-closed]')).toContainText('Abre hoje às 18:00');
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  const cart = await openCart(page);
  await expect(cart.locator('[data-cart-closed-notice]')).toHaveText(
    'Estamos fechados agora e não aceitamos pedidos agendados: não é possível finalizar o pedido.',
  );
  await expect(cart.locator('[data-cart-next-opening]')).toHaveText('Abre hoje às 18:00');
});

test('the strip says when the establishment opens or closes, follows the clock every 3 s and moves nothing on the page [R-4.53] [R-4.54] [R-4.55]', async ({
  page,
}) => {
  // Pizzaria Bella: Sunday to Thursday 18:00-23:30, Friday and Saturday 18:00-01:00 (São Paulo).
  // Wednesday 10:00: closed.
  await serverClockAt(page, '2026-03-04T13:00:00Z');
  await gotoStore(page, '/pizzaria-bella/');
  const hours = page.locator('[data-badge="hours"]');
  await page.clock.runFor(7000);
  await expect(hours).toHaveText('Abre hoje às 18:00');
  await expect(hours).toHaveAttribute('data-state', 'offline');
  // Wednesday 20:00: open until 23:30.
  await page.clock.setSystemTime(new Date('2026-03-04T23:00:00Z'));
  await page.clock.runFor(4000);
  await expect(hours).toHaveText('Aberto até 23:30');
  await expect(statusLabel(page)).toHaveAttribute('data-status', 'online');
  // Wednesday 23:45: closed after the re-check, opening tomorrow.
  await page.clock.setSystemTime(new Date('2026-03-05T02:45:00Z'));
  await page.clock.runFor(7000);
  await expect(hours).toHaveText('Abre amanhã às 18:00');
  // Saturday 00:30 is still Friday night's opening, until 01:00.
  await page.clock.setSystemTime(new Date('2026-03-07T03:30:00Z'));
  await page.clock.runFor(4000);
  await expect(hours).toHaveText('Aberto até 01:00');
  expect(await layoutShift(page)).toBe(0);
});

test('the strip tells the delivery fee before an address is chosen, the free-delivery threshold and the minimum order', async ({ page }, info) => {
  await gotoStore(page, '/pizzaria-bella/');
  const strip = page.locator('[data-info-badges]');
  // Bands of R$ 5,00, R$ 9,00 and R$ 14,00 by distance.
  await expect(strip.locator('[data-badge="delivery-fee"]')).toHaveText('Taxa de entrega a partir de R$ 5,00');
  await expect(strip.locator('[data-badge="min-order"]')).toHaveText('Pedido mínimo: R$ 30,00');
  await expect(strip.locator('[data-badge="free-delivery"]')).toHaveCount(0);
  await gotoStore(page, '/mercado-sol-centro/');
  await expect(strip.locator('[data-badge="delivery-fee"]')).toHaveText('Taxa de entrega a partir de R$ 6,90');
  await expect(strip.locator('[data-badge="free-delivery"]')).toHaveText('Entrega grátis a partir de R$ 200,00');
  await expect(strip.locator('[data-badge="hours"]')).toHaveText('Aberto 24 horas');

  // One price wherever it delivers, and no minimum.
  const slug = `quitanda-taxa-${info.project.name}`;
  const shop = shopCatalogue(slug, 'Quitanda da Taxa', { _id: 'frutas', name: 'Frutas' }, [{ _id: 'caqui', name: 'Caqui', price: 990 }]);
  await importCatalogue({
    ...shop,
    establishment: { ...shop.establishment, preferences: { ...shop.establishment.preferences, delivery_bands: [{ up_to_meters: 5000, price: 700 }] } },
  });
  await gotoStore(page, `/${slug}/`);
  await expect(strip.locator('[data-badge="delivery-fee"]')).toHaveText('Taxa de entrega: R$ 7,00');
  await expect(strip.locator('[data-badge="min-order"]')).toHaveCount(0);
  if (isMobile(page)) {
    // One scrolling row on a phone: the strip stays one badge tall.
    const box = (await strip.boundingBox())!;
    const badge = (await strip.locator('li').first().boundingBox())!;
    expect(box.height).toBeLessThan(badge.height * 2);
  }
  expect(norm(await strip.locator('[data-badge="delivery"]').textContent())).toMatch(/^Entrega: \d+-\d+ min$/);
});
