// The checkout's coupon box, achievement picker and credits end to end, on the phone and the
// desktop, against the real server and the demo's promotions at Mercado Sol Centro (open 24 h,
// delivery fee R$ 6,90 to the Santos address of the helpers, free delivery from R$ 200,00 of
// products): coupons BEMVINDO10 (10%, from R$ 50,00, once per customer), FEIRA15 (R$ 15,00 on R$ 80
// to R$ 500), ULTIMA1 (one use in all), VERAO2020 (expired), PAUSADO (switched off); achievements
// 'Primeira compra' (1 completed order: free delivery), 'Cliente fiel' (5: 10%), 'Carrinho cheio'
// (R$ 300,00 spent: R$ 20,00). Achievements are unlocked by orders placed through the API and
// completed with the establishment's key; credits are given with that key. Every test makes its own
// customers, so none depends on another's state or order.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type ConsoleMessage, type Locator, type Page, type TestInfo } from './fixtures.ts';
import { buildLine } from '../../src/domain/cart.ts';
import type { OrderView, PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { AchievementsAnswer, CouponsAnswer } from '../../src/schemas/api-promotions.ts';
import { draftProductFromLine, emptyDraft, type Draft, type DraftVariation } from '../../src/schemas/draft.ts';
import type { OrderVariationView, ProductsAnswer, ProductView } from '../../src/schemas/views.ts';
import {
  API_HEADERS,
  importCatalogue,
  isMobile,
  logIn,
  newCustomer,
  registerCustomer,
  saveSantosAddress,
  shopCatalogue,
  storeId,
  useSession,
  type Registered,
} from './helpers.ts';
import { placeOrder as placePickupOrder } from './order-helpers.ts';

test.describe.configure({ timeout: 90_000 });

const SLUG = 'mercado-sol-centro';
const AZEITE = 'Azeite de Oliva Extravirgem (500 ml)'; // R$ 39,90
const MANTEIGA = 'Manteiga com Sal (200 g)'; // on promotion, R$ 12,90
const CAFE = 'Café Torrado e Moído (500 g)'; // on promotion, R$ 15,99
const FEE = 690; // the Santos address's band
const port = Number(process.env.E2E_PORT ?? 4399);
/** tests/e2e/server.ts's data folder: the seed wrote the establishments' API keys there. */
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

// ---- The establishment, through its API key ---------------------------------------------

function apiKeyHeaders(): Record<string, string> {
  const keys = JSON.parse(readFileSync(join(dataDir, 'establishment-keys.json'), 'utf8')) as Record<string, string>;
  return { ...API_HEADERS, Authorization: `ApiKey ${keys[SLUG]}` };
}

/** Confirms, then completes an order, as the establishment does: completed orders count toward achievements. */
async function complete(request: APIRequestContext, establishmentId: string, orderId: string): Promise<void> {
  for (const status of ['confirmed', 'complete']) {
    const res = await request.put(`/api/establishments/${establishmentId}/orders/${orderId}/status`, { headers: apiKeyHeaders(), data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** `n` completed orders of the customer (pickup, paid in cash: order-helpers.ts). */
async function completedOrders(request: APIRequestContext, registered: Registered, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const order = await placePickupOrder(request, registered.token);
    await complete(request, registered.establishmentId, order._id);
  }
}

/** The demo's coupon ids by code (the establishment's list, with its key) and achievement ids by name. */
async function promotionIds(
  request: APIRequestContext,
  establishmentId: string,
): Promise<{ coupon: (code: string) => string; achievement: (name: string) => string }> {
  const coupons = (await (await request.get(`/api/establishments/${establishmentId}/coupons`, { headers: apiKeyHeaders() })).json()) as CouponsAnswer;
  const achievements = (await (
    await request.get(`/api/establishments/${establishmentId}/achievements`, { headers: API_HEADERS })
  ).json()) as AchievementsAnswer;
  return {
    coupon: (code) => coupons.coupons.find((c) => c.code === code)!._id,
    achievement: (name) => achievements.achievements.find((a) => a.name === name)!._id,
  };
}

/** A grant of credit by the establishment (POST /credits with its key); answers the new balance. */
async function grantCredits(request: APIRequestContext, registered: Registered, amount: number): Promise<number> {
  const res = await request.post(`/api/establishments/${registered.establishmentId}/credits`, {
    headers: apiKeyHeaders(),
    data: { user: registered.customer.email, amount, reason: 'Cortesia da loja' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { value: number }).value;
}

// ---- Products, the cart and the checkout -------------------------------------------------

const products = new Map<string, ProductView>();
async function productNamed(request: APIRequestContext, establishmentId: string, name: string): Promise<ProductView> {
  const known = products.get(name);
  if (known) return known;
  const res = await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent(name)}&limit=50`, { headers: API_HEADERS });
  const found = ((await res.json()) as ProductsAnswer).items.find((p) => p.name === name);
  if (!found) throw new Error(`product not found: ${name}`);
  const full = (await (await request.get(`/api/establishments/${establishmentId}/products/${found._id}`, { headers: API_HEADERS })).json()) as ProductView;
  products.set(name, full);
  return full;
}

/** The establishment's required order variations answered with each group's first option. */
async function extrasPicks(request: APIRequestContext, establishmentId: string): Promise<DraftVariation[]> {
  const res = await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS });
  return ((await res.json()) as OrderVariationView[])
    .filter((g) => g.min > 0)
    .map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1, name: g.items[0]!.name, price: g.items[0]!.price }));
}

type Items = [name: string, qnt: number][];

/** A cart as the storefront stores it: these products, the extras answered. */
async function cartOf(request: APIRequestContext, establishmentId: string, items: Items): Promise<Draft> {
  const lines = [];
  for (const [name, qnt] of items) {
    const product = await productNamed(request, establishmentId, name);
    lines.push(draftProductFromLine(buildLine(product, [], qnt), product));
  }
  return { ...emptyDraft(Date.now(), randomUUID()), products: lines, order_variations: await extrasPicks(request, establishmentId) };
}

/** Opens the checkout from the cart (the mobile bottom bar or the desktop button), the extras kept as they are. */
async function openCheckout(page: Page): Promise<Locator> {
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  if (!(await cart.isVisible())) await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await cart.getByRole('button', { name: 'Finalizar pedido' }).click();
  const extras = page.getByRole('dialog', { name: 'Complete o seu pedido' });
  await extras.getByRole('button', { name: 'Continuar' }).click();
  const checkout = page.locator('[data-checkout="customer"]');
  await expect(checkout).toBeVisible();
  return checkout;
}

/** The store with `items` in the cart (as an earlier visit left it), then its checkout. */
async function checkoutWith(page: Page, request: APIRequestContext, establishmentId: string, items: Items): Promise<Locator> {
  const draft = await cartOf(request, establishmentId, items);
  await page.goto(`/${SLUG}/`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`draft:${establishmentId}`, JSON.stringify(draft)] as const);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  return openCheckout(page);
}

/** Delivery to the customer's Santos address (the default one, chosen by itself), its fee shown (0 when the free-delivery threshold waives it). */
async function deliverToSantos(checkout: Locator, fee = FEE): Promise<void> {
  await checkout.getByRole('radio', { name: /Entrega/ }).check();
  // The customer's addresses are all this one (orders placed through the API save it again).
  const address = checkout.locator('[data-address-item]').filter({ hasText: 'Rua Amador Bueno' }).getByRole('radio').first();
  await expect(address).toBeVisible();
  if (!(await address.isChecked())) await address.click();
  await expect(address).toBeChecked();
  await expect(checkout.locator('[data-summary-row="delivery-fee"]')).toHaveAttribute('data-cents', String(fee));
}

async function pickup(checkout: Locator): Promise<void> {
  await checkout.getByRole('radio', { name: /Retirar no local/ }).check();
}

const cents = async (locator: Locator): Promise<number> => Number(await locator.getAttribute('data-cents'));
const summaryRow = (checkout: Locator, row: string) => checkout.locator(`[data-section="summary"] [data-summary-row="${row}"]`);

async function typeCoupon(checkout: Locator, code: string): Promise<Locator> {
  const box = checkout.locator('[data-section="coupon"]');
  const field = box.getByRole('textbox', { name: 'Código do cupom' });
  await field.fill('');
  await field.pressSequentially(code);
  await box.getByRole('button', { name: 'Aplicar' }).click();
  return box;
}

const confirmation = (page: Page) => page.getByRole('alertdialog');

async function payOnDelivery(checkout: Locator, type: 'entrega' | 'retirada' = 'entrega'): Promise<void> {
  await checkout.getByRole('button', { name: type === 'entrega' ? 'Pagar na entrega' : 'Pagar na retirada' }).click();
  await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
}

async function send(page: Page): Promise<void> {
  await page.locator('[data-checkout="customer"]').getByRole('button', { name: 'Avançar e Finalizar' }).click();
}

async function placedOrder(page: Page, request: APIRequestContext, registered: Registered): Promise<OrderView> {
  await page.waitForURL(new RegExp(`/${SLUG}/pedido/[^/]+$`), { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await request.get(`/api/establishments/${registered.establishmentId}/orders/${orderId}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${registered.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderView;
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('[data-toast]').filter({ hasText: text }).first()).toBeVisible();
}

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * An order of the customer through the API, delivered to a new Santos address: `items`, a coupon
 * or an achievement, credits; answers the status and the body.
 */
async function orderByApi(
  request: APIRequestContext,
  registered: Registered,
  opts: { items: Items; coupon?: string; achievement?: string; credits?: boolean; paymentType?: 'offline' | 'credits' },
): Promise<{ status: number; body: PlaceOrderAnswer & { message?: string } }> {
  const { establishmentId, token } = registered;
  const lines = [];
  for (const [name, qnt] of opts.items) lines.push({ id: (await productNamed(request, establishmentId, name))._id, qnt, note: '', variations: [] });
  const paymentType = opts.paymentType ?? 'offline';
  const res = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}`, 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'delivery',
      payment_type: paymentType,
      platform: 'web',
      products: lines,
      order_variations: (await extrasPicks(request, establishmentId)).map(({ _id, item_id, qnt }) => ({ _id, item_id, qnt })),
      address_id: await saveSantosAddress(request, token),
      payment_method_id: paymentType === 'offline' ? 'debito' : null,
      coupon_id: opts.coupon ?? null,
      achievement_id: opts.achievement ?? null,
      use_credits: opts.credits ?? false,
    },
  });
  return { status: res.status(), body: (await res.json()) as PlaceOrderAnswer & { message?: string } };
}

/** A customer logged in in the browser with the Santos address saved (chosen by itself for delivery). */
async function customer(page: Page, request: APIRequestContext, info: TestInfo, name: string): Promise<Registered> {
  const registered = await logIn(page.context(), request, SLUG, info, name);
  await saveSantosAddress(request, registered.token);
  return registered;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

// ---- Coupons -------------------------------------------------------------------------

test('a coupon typed with spaces and lower case is checked, applied with its discount in the summary, sent with the order and shown on the order page [R-2.105] [R-1.9] [R-5.47] [R-5.50] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Cecília Cupom');
  const ids = await promotionIds(request, registered.establishmentId);
  const checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 2]]);
  await deliverToSantos(checkout);
  const totalBefore = await cents(summaryRow(checkout, 'total'));

  const checked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/coupons/check'));
  const box = checkout.locator('[data-section="coupon"]');
  const field = box.getByRole('textbox', { name: 'Código do cupom' });
  await field.pressSequentially(' bem vindo10 ');
  // Spaces removed and upper case as it is typed.
  await expect(field).toHaveValue('BEMVINDO10');
  await box.getByRole('button', { name: 'Aplicar' }).click();
  expect((await checked).postDataJSON()).toEqual({ code: 'BEMVINDO10' });
  await expect(box.locator('[data-coupon-applied]')).toContainText('Cupom BEMVINDO10');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Cupom BEMVINDO10 aplicado ao pedido.');
  // 10% of R$ 79,80 of products, none on promotion.
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveAttribute('data-cents', '-798');
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveText('- R$\u00a07,98');
  await expect(box.locator('[data-coupon-discount]')).toHaveText('Desconto: - R$\u00a07,98');
  await expect(summaryRow(checkout, 'total')).toHaveAttribute('data-cents', String(totalBefore - 798));
  expect(await axeProblems(page, '[data-section="coupon"]')).toEqual([]);

  await payOnDelivery(checkout);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/orders$/.test(r.url()));
  await send(page);
  expect((await sent).postDataJSON()).toMatchObject({
    coupon_id: ids.coupon('BEMVINDO10'),
    achievement_id: null,
    use_credits: false,
    delivery_type: 'delivery',
  });
  const order = await placedOrder(page, request, registered);
  expect(order.promotion).toEqual({ kind: 'coupon', _id: ids.coupon('BEMVINDO10'), code: 'BEMVINDO10', discount: 798 });
  expect(order.totals.total).toBe(totalBefore - 798);
  const view = page.locator(`[data-order="${order._id}"]`);
  await expect(view.locator('[data-order-total-row="promotion"]')).toHaveText(/Cupom BEMVINDO10\s*- R\$\s7,98/);
  await expect(view.locator('[data-order-promotion="coupon"]')).toHaveText('Cupom BEMVINDO10: R$\u00a07,98 de desconto');
  await expect(view.locator('[data-order-total-row="total"]')).toHaveAttribute('data-cents', String(totalBefore - 798));
});

test('each refusal of the coupon check has its own warning and empties the field; an unknown code says it does not exist; a failed check shows only the box’s message [R-8.43] [R-8.44] [R-8.45] [R-8.46] [R-8.47] [R-8.80] @one-viewport', async ({
  page,
  request,
}, info) => {
  const errors = consoleErrors(page);
  const registered = await customer(page, request, info, 'Renata Recusa');
  const ids = await promotionIds(request, registered.establishmentId);
  // ULTIMA1 has one use in all: another customer takes it (or took it already, in another run of this test).
  const other = await registerCustomer(request, SLUG, newCustomer(info, 'Outro Cliente'));
  const taken = await orderByApi(request, other, { items: [[AZEITE, 2]], coupon: ids.coupon('ULTIMA1') });
  expect([201, 403], JSON.stringify(taken.body)).toContain(taken.status);
  if (taken.status === 403) expect(taken.body.message).toBe('coupon_sold_out');
  // The customer used BEMVINDO10 once already (its one use per customer).
  expect((await orderByApi(request, registered, { items: [[AZEITE, 2]], coupon: ids.coupon('BEMVINDO10') })).status).toBe(201);

  const checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 2]]);
  await deliverToSantos(checkout);
  const field = checkout.locator('[data-section="coupon"]').getByRole('textbox', { name: 'Código do cupom' });
  const cases: [code: string, message: string][] = [
    ['ULTIMA1', 'Este cupom esgotou: todos os usos dele já foram aproveitados.'],
    ['VERAO2020', 'Este cupom está fora da validade.'],
    ['PAUSADO', 'Este cupom foi desativado pela loja.'],
    ['BEMVINDO10', 'Você já usou este cupom todas as vezes permitidas.'],
  ];
  for (const [code, message] of cases) {
    const box = await typeCoupon(checkout, code);
    await expect(box.locator('[data-coupon-message]'), code).toHaveText(message);
    await expect(box.locator('[data-coupon-message]')).toHaveAttribute('role', 'alert');
    await expect(field, code).toHaveValue('');
    await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
  }
  const box = await typeCoupon(checkout, 'NAOEXISTE');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Este cupom não existe. Confira o código digitado.');
  await expect(field).toHaveValue('NAOEXISTE');

  // The check fails on the server's side: no error page, no toast of the global handling, only the box's message.
  const url = page.url();
  await page.route('**/api/establishments/*/coupons/check', (route) => route.fulfill({ status: 500, json: { message: 'internal_error' } }));
  await typeCoupon(checkout, 'FEIRA15');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Não foi possível verificar o cupom agora. Tente de novo em instantes.');
  await expect.poll(() => errors.some((e) => e.includes('[POST /establishments/{id}/coupons/check] 500 internal_error (silent)'))).toBe(true);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  expect(page.url()).toBe(url);
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);
});

test('the coupon’s bounds and the delivery warn instead of applying: products below the minimum or above the maximum, pickup, free delivery [R-5.48] [R-5.49] [R-5.54] [R-5.55] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Bruno Bounds');
  // R$ 79,80 of products to pick up: coupons are for delivery (decisions #3).
  let checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 2]]);
  await pickup(checkout);
  let box = await typeCoupon(checkout, 'BEMVINDO10');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Os cupons só valem para pedidos com entrega. Escolha a entrega para usar o cupom.');
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);

  // Delivered: FEIRA15 is from R$ 80,00 of products.
  await deliverToSantos(checkout);
  box = await typeCoupon(checkout, 'FEIRA15');
  await expect(box.locator('[data-coupon-message]')).toHaveText(
    'Este cupom vale para compras a partir de R$\u00a080,00 em produtos. Adicione mais produtos para usá-lo.',
  );
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
  // The code stays for when the cart has more.
  await expect(box.getByRole('textbox', { name: 'Código do cupom' })).toHaveValue('FEIRA15');

  // R$ 518,70 of products: above FEIRA15's R$ 500,00, and the delivery is free from R$ 200,00.
  checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 13]]);
  await deliverToSantos(checkout, 0);
  await expect(summaryRow(checkout, 'delivery-fee')).toHaveText('Grátis');
  box = await typeCoupon(checkout, 'FEIRA15');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Este cupom vale para compras de até R$\u00a0500,00 em produtos.');
  box = await typeCoupon(checkout, 'BEMVINDO10');
  await expect(box.locator('[data-coupon-message]')).toHaveText('A entrega deste pedido já é grátis: o cupom não pode ser usado.');
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
});

test('items on promotion: some ask a confirmation and the coupon discounts the others; all of them warn; a cart that becomes all promotion loses the coupon with a toast [R-5.50] [R-5.51] [R-5.52] [R-5.53] [R-4.17] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Paula Promoção');
  // Every product on promotion (R$ 70,68): nothing left to discount.
  let checkout = await checkoutWith(page, request, registered.establishmentId, [
    [MANTEIGA, 3],
    [CAFE, 2],
  ]);
  await deliverToSantos(checkout);
  let box = await typeCoupon(checkout, 'BEMVINDO10');
  await expect(box.locator('[data-coupon-message]')).toHaveText('Todos os itens do pedido já estão em promoção: o cupom não pode ser aplicado.');
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);

  // The olive oil and the butter: a confirmation first; cancelled, nothing is applied.
  checkout = await checkoutWith(page, request, registered.establishmentId, [
    [AZEITE, 1],
    [MANTEIGA, 3],
  ]);
  await deliverToSantos(checkout);
  box = await typeCoupon(checkout, 'BEMVINDO10');
  const ask = confirmation(page);
  await expect(ask).toHaveText(/O desconto do cupom não se aplica aos itens em promoção\. Aplicar o cupom aos demais itens\?/);
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
  box = await typeCoupon(checkout, 'BEMVINDO10');
  await confirmation(page).getByRole('button', { name: 'Aplicar o cupom' }).click();
  await expect(box.locator('[data-coupon-applied]')).toContainText('O desconto não vale para os itens em promoção.');
  // 10% of the olive oil only (R$ 39,90).
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveAttribute('data-cents', '-399');

  // Back in the cart the olive oil goes: every product left is on promotion, and the coupon with it.
  await checkout.locator('[data-dialog-close]').click();
  await expect(checkout).toBeHidden();
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  if (!(await cart.isVisible())) await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const azeite = await productNamed(request, registered.establishmentId, AZEITE);
  await cart.locator(`[data-cart-line="${azeite._id}"] [data-qty-minus]`).click();
  await page.locator('[data-cart-confirm] [data-confirm-ok]').click();
  await expect(cart.locator(`[data-cart-line="${azeite._id}"]`)).toHaveCount(0);
  checkout = await openCheckout(page);
  await expectToast(page, 'O cupom BEMVINDO10 foi removido: todos os itens do pedido já estão em promoção.');
  await expect(checkout.locator('[data-section="coupon"] [data-coupon-applied]')).toHaveCount(0);
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);
  const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null') as Draft, registered.establishmentId);
  expect(draft.coupon).toBeNull();
});

test('a coupon and an achievement exclude each other: replacing one by the other asks first, Cancelar keeps the one applied [R-1.10] [R-1.11] [R-4.16] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Tiago Troca');
  const ids = await promotionIds(request, registered.establishmentId);
  await completedOrders(request, registered, 1);
  const checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 2]]);
  await deliverToSantos(checkout);
  const coupon = await typeCoupon(checkout, 'BEMVINDO10');
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveAttribute('data-cents', '-798');

  const achievements = checkout.locator('[data-section="gamification"]');
  const primeira = achievements.locator(`[data-achievement="${ids.achievement('Primeira compra')}"]`);
  await primeira.getByRole('button', { name: 'Usar a conquista Primeira compra' }).click();
  const ask = confirmation(page);
  await expect(ask).toContainText(
    'Você está usando o cupom BEMVINDO10. Cada pedido aceita um cupom ou uma conquista, não os dois. Trocar o cupom pela conquista “Primeira compra”?',
  );
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(coupon.locator('[data-coupon-applied]')).toBeVisible();
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveCount(0);

  await primeira.getByRole('button', { name: 'Usar a conquista Primeira compra' }).click();
  await confirmation(page).getByRole('button', { name: 'Trocar pela conquista' }).click();
  await expect(primeira).toHaveAttribute('data-in-use', 'true');
  await expect(primeira.locator('[data-achievement-status]')).toHaveText('Em uso neste pedido');
  // The prize takes off the delivery fee; the coupon is gone.
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveAttribute('data-cents', String(-FEE));
  await expect(summaryRow(checkout, 'achievement-discount')).toContainText('- R$\u00a06,90');
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);
  await expect(coupon.locator('[data-coupon-applied]')).toHaveCount(0);

  // And back to the coupon, with the same question the other way round.
  await typeCoupon(checkout, 'BEMVINDO10');
  await expect(confirmation(page)).toContainText(
    'Você está usando a conquista “Primeira compra”. Cada pedido aceita um cupom ou uma conquista, não os dois. Trocar a conquista pelo cupom BEMVINDO10?',
  );
  await confirmation(page).getByRole('button', { name: 'Trocar pelo cupom' }).click();
  await expect(coupon.locator('[data-coupon-applied]')).toBeVisible();
  await expect(primeira).not.toHaveAttribute('data-in-use', 'true');
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveCount(0);

  // 'Remover cupom' takes it off.
  await coupon.getByRole('button', { name: 'Remover cupom' }).click();
  await expect(coupon.locator('[data-coupon-message]')).toHaveText('Cupom removido do pedido.');
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);
  const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null') as Draft, registered.establishmentId);
  expect([draft.coupon, draft.achievement]).toEqual([null, null]);
});

// ---- Achievements ----------------------------------------------------------------------

test('the achievement picker shows the progress toward each reward; a locked one cannot be used, its Usar looks and is disabled and a tap says why; free delivery needs a fee; the prize goes with the order, and is then greyed out as used [R-2.102] [R-2.104] [R-5.57] [R-5.60] [R-1.10]', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Gabriela Gamificada');
  const ids = await promotionIds(request, registered.establishmentId);
  await completedOrders(request, registered, 1);
  let checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 1]]);
  const section = checkout.locator('[data-section="gamification"]');
  await expect(section.getByRole('heading', { name: 'Conquistas' })).toBeVisible();
  const item = (name: string) => section.locator(`[data-achievement="${ids.achievement(name)}"]`);
  await expect(item('Primeira compra')).toHaveAttribute('data-state', 'unlocked');
  await expect(item('Primeira compra').getByRole('progressbar', { name: 'Progresso da conquista Primeira compra' })).toHaveAttribute('aria-valuenow', '100');
  await expect(item('Primeira compra').locator('[data-achievement-reward]')).toHaveText('Entrega grátis');
  await expect(item('Cliente fiel').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  await expect(item('Cliente fiel').locator('[data-achievement-status]')).toHaveText('Faltam 4 pedidos');
  await expect(item('Carrinho cheio')).toHaveAttribute('data-state', 'locked');
  expect(Number(await item('Carrinho cheio').getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  expect(await axeProblems(page, '[data-section="gamification"]')).toEqual([]);

  // Each says its state as the achievements page does; only an unlocked one's Usar is enabled.
  await expect(item('Primeira compra').locator('[data-achievement-badge]')).toHaveText('Desbloqueada!');
  await expect(item('Cliente fiel').locator('[data-achievement-badge]')).toHaveText('Bloqueada');
  await expect(item('Carrinho cheio').locator('[data-achievement-badge]')).toHaveText('Bloqueada');
  await expect(item('Primeira compra').getByRole('button', { name: 'Usar a conquista Primeira compra' })).toBeEnabled();
  const lockedUse = item('Cliente fiel').getByRole('button', { name: 'Usar a conquista Cliente fiel' });
  await expect(lockedUse).toBeDisabled();
  await expect(lockedUse).toHaveAccessibleDescription('Faltam 4 pedidos');
  // It looks disabled: no brand fill, a dashed outline, a not-allowed pointer, faded.
  const look = (button: Locator) =>
    button.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, border: style.borderStyle, cursor: style.cursor, opacity: Number(style.opacity) };
    });
  const enabledLook = await look(item('Primeira compra').getByRole('button', { name: 'Usar a conquista Primeira compra' }));
  const lockedLook = await look(lockedUse);
  expect(lockedLook.background).not.toBe(enabledLook.background);
  expect(lockedLook).toMatchObject({ border: 'dashed', cursor: 'not-allowed' });
  expect(lockedLook.opacity).toBeLessThan(1);

  // A tap on a locked one: the spec's can_not_use_achievement, with what is missing; nothing applied.
  await lockedUse.click({ force: true });
  const message = section.locator('[data-achievement-message]');
  await expect(message).toHaveText('Esta conquista não pode ser usada. Ela ainda não foi desbloqueada: faltam 4 pedidos concluídos.');

  // Free delivery needs delivery with a fee: not for pickup.
  await pickup(checkout);
  await item('Primeira compra').getByRole('button', { name: 'Usar a conquista Primeira compra' }).click();
  await expect(message).toHaveText('O prêmio das conquistas só vale para pedidos com entrega. Escolha a entrega para usá-lo.');
  await expect(item('Primeira compra')).not.toHaveAttribute('data-in-use', 'true');

  // Delivered to the Santos address (R$ 6,90): the prize takes the fee off.
  await deliverToSantos(checkout);
  await item('Primeira compra').getByRole('button', { name: 'Usar a conquista Primeira compra' }).click();
  await expect(message).toHaveText('Conquista “Primeira compra” aplicada ao pedido.');
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveAttribute('data-cents', String(-FEE));
  const shown = await cents(summaryRow(checkout, 'total'));
  await payOnDelivery(checkout);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/orders$/.test(r.url()));
  await send(page);
  expect((await sent).postDataJSON()).toMatchObject({ achievement_id: ids.achievement('Primeira compra'), coupon_id: null });
  const order = await placedOrder(page, request, registered);
  expect(order.promotion).toEqual({ kind: 'achievement', _id: ids.achievement('Primeira compra'), name: 'Primeira compra', discount: FEE });
  expect(order.totals.total).toBe(shown);
  const view = page.locator(`[data-order="${order._id}"]`);
  await expect(view.locator('[data-order-total-row="promotion"]')).toHaveText(/Conquista Primeira compra\s*- R\$\s6,90/);
  await expect(view.locator('[data-order-promotion="achievement"]')).toHaveText('Conquista “Primeira compra”: R$\u00a06,90 de desconto');

  // The next checkout shows it greyed out as used, and choosing it says so.
  checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 1]]);
  await expect(item('Primeira compra')).toHaveAttribute('data-state', 'used');
  await expect(item('Primeira compra')).toHaveClass(/grayscale/);
  await expect(item('Primeira compra').locator('[data-achievement-status]')).toHaveText('Prêmio já usado');
  await expect(item('Primeira compra').locator('[data-achievement-badge]')).toHaveText('Já usado');
  await deliverToSantos(checkout);
  const usedUse = item('Primeira compra').getByRole('button', { name: 'Usar a conquista Primeira compra' });
  await expect(usedUse).toBeDisabled();
  await expect(usedUse).toHaveAccessibleDescription('Prêmio já usado');
  await usedUse.click({ force: true });
  await expect(section.locator('[data-achievement-message]')).toHaveText('Esta conquista não pode ser usada. O prêmio dela já foi usado.');
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveCount(0);
});

test('a percentage prize needs products to discount: all on promotion warns, some ask a confirmation and it discounts the others [R-5.58] [R-5.59] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Fernanda Fiel');
  const ids = await promotionIds(request, registered.establishmentId);
  await completedOrders(request, registered, 5);
  let checkout = await checkoutWith(page, request, registered.establishmentId, [[MANTEIGA, 3]]);
  await deliverToSantos(checkout);
  let section = checkout.locator('[data-section="gamification"]');
  const fiel = () => section.locator(`[data-achievement="${ids.achievement('Cliente fiel')}"]`);
  await expect(fiel()).toHaveAttribute('data-state', 'unlocked');
  await fiel().getByRole('button', { name: 'Usar a conquista Cliente fiel' }).click();
  await expect(section.locator('[data-achievement-message]')).toHaveText(
    'Todos os itens do pedido já estão em promoção: o desconto da conquista não pode ser aplicado.',
  );
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveCount(0);

  checkout = await checkoutWith(page, request, registered.establishmentId, [
    [AZEITE, 2],
    [MANTEIGA, 1],
  ]);
  await deliverToSantos(checkout);
  section = checkout.locator('[data-section="gamification"]');
  await fiel().getByRole('button', { name: 'Usar a conquista Cliente fiel' }).click();
  await expect(confirmation(page)).toContainText('O desconto da conquista não se aplica aos itens em promoção. Usar a conquista nos demais itens?');
  await confirmation(page).getByRole('button', { name: 'Usar a conquista' }).click();
  await expect(fiel()).toHaveAttribute('data-in-use', 'true');
  // 10% of the olive oil (R$ 79,80), none of the butter.
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveAttribute('data-cents', '-798');
  await expect(checkout.locator('[data-section="summary"] dt').filter({ hasText: 'Conquista Cliente fiel' })).toBeVisible();
});

// ---- Credits -----------------------------------------------------------------------------

test('credits pay part of an order: ticked they come off the total, the rest needs a way to pay, unticked they and the payment type go; the order uses them and the header shows what is left [R-1.12] [R-2.93] [R-4.4] [R-4.5] [R-5.35] [R-4.40] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Clara Créditos');
  expect(await grantCredits(request, registered, 1000)).toBe(1000);
  const checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 1]]);
  await pickup(checkout);
  const credits = checkout.getByRole('checkbox', { name: 'Usar meus créditos (R$\u00a010,00)' });
  await expect(credits).not.toBeChecked();
  const total = await cents(summaryRow(checkout, 'total'));

  // Unticking clears the credits and the payment type chosen.
  await payOnDelivery(checkout, 'retirada');
  await credits.check();
  await expect(summaryRow(checkout, 'credits')).toHaveAttribute('data-cents', '-1000');
  await expect(summaryRow(checkout, 'total')).toHaveAttribute('data-cents', String(total - 1000));
  await expect(checkout.locator('[data-credits-used]')).toHaveText(
    `R$\u00a010,00 dos seus créditos neste pedido. Escolha acima como pagar o restante (R$\u00a0${((total - 1000) / 100).toFixed(2).replace('.', ',')}).`,
  );
  await credits.uncheck();
  await expect(summaryRow(checkout, 'credits')).toHaveCount(0);
  await expect(checkout.getByRole('button', { name: 'Pagar na retirada' })).toHaveAttribute('aria-pressed', 'false');
  let draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null') as Draft, registered.establishmentId);
  expect([draft.credits, draft.payment_type, draft.payment_method]).toEqual([0, null, null]);

  // Ticked with no other way to pay the rest: the order is not sent.
  await credits.check();
  const orders: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/orders$/.test(r.url())) orders.push(r.url());
  });
  await send(page);
  await expectToast(page, 'Os seus créditos não cobrem o total do pedido. Escolha uma forma de pagamento para o restante.');
  expect(orders).toEqual([]);

  await payOnDelivery(checkout, 'retirada');
  draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null') as Draft, registered.establishmentId);
  expect(draft.credits).toBe(1000);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/orders$/.test(r.url()));
  await send(page);
  expect((await sent).postDataJSON()).toMatchObject({ use_credits: true, payment_type: 'offline' });
  const order = await placedOrder(page, request, registered);
  expect(order.totals.credits).toBe(1000);
  expect(order.totals.total).toBe(total - 1000);
  const view = page.locator(`[data-order="${order._id}"]`);
  await expect(view.locator('[data-order-total-row="credits"]')).toHaveAttribute('data-cents', '1000');
  await expect(view.locator('[data-order-credits-used]')).toHaveText('R$\u00a010,00 pagos com os seus créditos');
  // The balance read again after the order: the header shows what is left.
  await expect(page.locator('[data-credits]').first()).toHaveAttribute('data-credits', '0');
  if (!isMobile(page)) await expect(page.locator('[data-credits]').first()).toHaveText('Créditos: R$ 0,00');
});

test('the four ways to pay (online card, at pickup, Pix, credits); credits that pay the whole order hide the other buttons and the order is paid by credits; after the cart grows the checkout shows what the server takes [R-4.6] [R-4.5] [R-4.40] [R-1.13] @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Wagner Whole');
  await grantCredits(request, registered, 5000);
  let checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 1]]);
  await pickup(checkout);
  const before = await cents(summaryRow(checkout, 'total'));
  expect(before).toBeLessThan(5000);
  // Every way a customer may pay is offered: the card on-line, at pickup, Pix and the credits.
  await expect(checkout.locator('[data-pay-online]')).toHaveText('Pagar on-line');
  await expect(checkout.locator('[data-pay-offline]')).toHaveText('Pagar na retirada');
  await expect(checkout.locator('[data-pay-pix]')).toHaveText('Pix');
  await checkout.getByRole('checkbox', { name: 'Usar meus créditos (R$\u00a050,00)' }).check();
  await expect(checkout.locator('[data-credits-cover]')).toHaveText('Seus créditos cobrem todo o pedido.');
  await expect(checkout.locator('[data-pay-offline], [data-pay-online], [data-pay-pix]')).toHaveCount(0);
  await expect(summaryRow(checkout, 'total')).toHaveAttribute('data-cents', '0');
  await expect(summaryRow(checkout, 'credits')).toHaveAttribute('data-cents', String(-before));

  // The cart grows to two bottles: the credits ticked for one no longer cover it; the checkout takes the
  // whole balance, as the server will, and asks how to pay the rest.
  await checkout.locator('[data-dialog-close]').click();
  const cart = page.getByRole('dialog', { name: 'Meu carrinho' });
  if (!(await cart.isVisible())) await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  const azeite = await productNamed(request, registered.establishmentId, AZEITE);
  await cart.locator(`[data-cart-line="${azeite._id}"] [data-qty-plus]`).click();
  checkout = await openCheckout(page);
  await expect(summaryRow(checkout, 'credits')).toHaveAttribute('data-cents', '-5000');
  await expect(checkout.locator('[data-credits-cover]')).toHaveCount(0);
  const rest = await cents(summaryRow(checkout, 'total'));
  expect(rest).toBeGreaterThan(0);
  await payOnDelivery(checkout, 'retirada');
  await send(page);
  let order = await placedOrder(page, request, registered);
  expect([order.totals.credits, order.totals.total]).toEqual([5000, rest]);
  await expect(page.locator('[data-credits]').first()).toHaveAttribute('data-credits', '0');

  // A balance that covers a whole order: paid by credits.
  await grantCredits(request, registered, 5000);
  checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 1]]);
  await pickup(checkout);
  await checkout.getByRole('checkbox', { name: 'Usar meus créditos (R$\u00a050,00)' }).check();
  await expect(checkout.locator('[data-credits-cover]')).toBeVisible();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/orders$/.test(r.url()));
  await send(page);
  expect((await sent).postDataJSON()).toMatchObject({ use_credits: true, payment_type: 'credits', payment_method_id: null });
  order = await placedOrder(page, request, registered);
  expect([order.payment_type, order.totals.credits, order.totals.total]).toEqual(['credits', before, 0]);
  await expect(page.locator(`[data-order="${order._id}"] [data-order-payment="credits"]`)).toContainText('Créditos');
  await expect(page.locator('[data-credits]').first()).toHaveAttribute('data-credits', String(5000 - before));
  if (!isMobile(page)) await expect(page.locator('[data-credits]').first()).toHaveText(`Créditos: R$ ${((5000 - before) / 100).toFixed(2).replace('.', ',')}`);
});

// ---- Refusals at submit --------------------------------------------------------------------

test('refusals when the order is sent: a coupon used meanwhile and an achievement used meanwhile are removed with their message, credits spent meanwhile are read again; the cart stays @one-viewport', async ({
  page,
  request,
}, info) => {
  const registered = await customer(page, request, info, 'Sérgio Submit');
  const ids = await promotionIds(request, registered.establishmentId);
  await completedOrders(request, registered, 1);
  const checkout = await checkoutWith(page, request, registered.establishmentId, [[AZEITE, 2]]);
  await deliverToSantos(checkout);
  await payOnDelivery(checkout);
  const box = await typeCoupon(checkout, 'BEMVINDO10');
  await expect(box.locator('[data-coupon-applied]')).toBeVisible();
  // The same customer uses the coupon elsewhere (its one use) before sending this order.
  expect((await orderByApi(request, registered, { items: [[AZEITE, 2]], coupon: ids.coupon('BEMVINDO10') })).status).toBe(201);
  await send(page);
  await expectToast(page, 'Você já usou este cupom todas as vezes permitidas; ele foi removido do pedido. Confira o novo total e envie de novo.');
  await expect(box.locator('[data-coupon-applied]')).toHaveCount(0);
  await expect(summaryRow(checkout, 'coupon-discount')).toHaveCount(0);
  await expect(checkout.locator('[data-checkout-line]')).toHaveCount(1);

  // The free-delivery prize, used by another order meanwhile.
  const section = checkout.locator('[data-section="gamification"]');
  const primeira = section.locator(`[data-achievement="${ids.achievement('Primeira compra')}"]`);
  await primeira.getByRole('button', { name: 'Usar a conquista Primeira compra' }).click();
  await expect(primeira).toHaveAttribute('data-in-use', 'true');
  expect((await orderByApi(request, registered, { items: [[AZEITE, 2]], achievement: ids.achievement('Primeira compra') })).status).toBe(201);
  await send(page);
  await expectToast(page, 'Esta conquista não pode ser usada e foi removida do pedido. Confira o novo total e envie de novo.');
  await expect(summaryRow(checkout, 'achievement-discount')).toHaveCount(0);
  // The list read again: now greyed out as used.
  await expect(primeira).toHaveAttribute('data-state', 'used');

  // Credits that covered the order, spent by another order meanwhile: the balance is read again.
  await grantCredits(request, registered, 20_000);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  const again = await openCheckout(page);
  await again.getByRole('checkbox', { name: /Usar meus créditos/ }).check();
  await expect(again.locator('[data-credits-cover]')).toBeVisible();
  const spent = await orderByApi(request, registered, { items: [[AZEITE, 4]], credits: true, paymentType: 'credits' });
  expect(spent.status, JSON.stringify(spent.body)).toBe(201);
  const left = 20_000 - spent.body.order.totals.credits;
  expect(left).toBeLessThan((await cents(summaryRow(again, 'credits'))) * -1);
  await send(page);
  await expectToast(page, 'Os seus créditos não cobrem o total do pedido. Escolha uma forma de pagamento para o restante.');
  await expect(summaryRow(again, 'credits')).toHaveAttribute('data-cents', String(-left));
  await expect(again.locator('[data-credits-cover]')).toHaveCount(0);
  await expect(again.getByRole('button', { name: 'Pagar na entrega' })).toBeVisible();
  await payOnDelivery(again);
  await send(page);
  const order = await placedOrder(page, request, registered);
  expect(order.totals.credits).toBe(left);
});

// ---- Preferences ---------------------------------------------------------------------------

test('the coupon box and the achievements show only where the preferences enable them [R-2.72] [R-2.74] [R-6.17] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const slug = `sem-promocoes-${info.project.name}`;
  await importCatalogue(shopCatalogue(slug, 'Empório Sem Promoções', { _id: 'graos', name: 'Grãos' }, [{ _id: 'cafe', name: 'Café em grãos', price: 4500 }]));
  const registered = await registerCustomer(request, slug, newCustomer(info, 'Olga Opções'));
  await useSession(context, registered.establishmentId, registered.token);
  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page.getByRole('button', { name: 'Adicionar Café em grãos ao pedido', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Café em grãos' });
  await expect(modal).toHaveAttribute('data-state', 'ready');
  await modal.locator('[data-add-submit]').click();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Meu carrinho' }).getByRole('button', { name: 'Finalizar pedido' }).click();
  const off = page.locator('[data-checkout="customer"]');
  await expect(off.locator('[data-section="summary"]')).toBeVisible();
  await expect(off.locator('[data-section="coupon"]')).toHaveCount(0);
  await expect(off.locator('[data-section="gamification"]')).toHaveCount(0);

  // Mercado Sol Centro takes both.
  await logIn(context, request, SLUG, info, 'Olga Opções');
  const on = await checkoutWith(page, request, await storeId(request, SLUG), [[AZEITE, 1]]);
  await expect(on.locator('[data-section="coupon"]')).toBeVisible();
  await expect(on.locator('[data-section="gamification"] [data-achievement]')).toHaveCount(4);
});
