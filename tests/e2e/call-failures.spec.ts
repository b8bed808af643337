// The one error policy of the islands (islands/shared/call-failure.ts, decisions #4) as the
// customer meets it, on a phone and a desktop: a failed call the customer made shows the error
// catalogue's message as a toast and is logged; the silent cases of section 8 show nothing (only
// the log); a failure of a page's required data leads to the error page, whose 'Tentar novamente'
// comes back; a call made without being asked (the order page's poll) is only logged. The server
// is the real one; a test answers a call itself only to produce a failure the server would not
// give on demand, with the status and code it sends.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type ConsoleMessage, type Locator, type Page } from './fixtures.ts';
import { saveSantosAddress, API_HEADERS, logIn, mercadoSolCheckout, productIdByName } from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const bearer = (token: string) => ({ ...API_HEADERS, Authorization: `Bearer ${token}` });

/** Every console error of the page, in order. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

async function saveAddress(request: APIRequestContext, token: string, street: string): Promise<string> {
  return saveSantosAddress(request, token, street);
}

/** A pickup order of the customer through the API (Mercado Sol Centro is open 24 h). */
async function placeOrder(request: APIRequestContext, estId: string, token: string): Promise<string> {
  const groups = (await (await request.get(`/api/establishments/${estId}/order-variations?active=true`, { headers: API_HEADERS })).json()) as {
    _id: string;
    min: number;
    items: { _id: string }[];
  }[];
  const res = await request.post(`/api/establishments/${estId}/orders`, {
    headers: { ...bearer(token), 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: await productIdByName(request, estId, 'Azeite de Oliva Extravirgem (500 ml)'), qnt: 1, note: '', variations: [] }],
      order_variations: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 })),
      payment_method_id: 'debito',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The checkout open on delivery, its address list showing the customer's saved address. */
async function checkoutWithAddresses(page: Page, request: APIRequestContext, estId: string): Promise<Locator> {
  const modal = await mercadoSolCheckout(page, request, estId, 'Azeite de Oliva Extravirgem (500 ml)');
  await modal.getByRole('radio', { name: /Entrega/ }).check();
  await expect(modal.locator('[data-address-item]')).toHaveCount(1);
  return modal;
}

/** Answers the next DELETE of an address with `status` and `message`, then lets the server answer again. */
async function answerDelete(page: Page, status: number, message: string): Promise<void> {
  await page.unroute('**/api/users/me/addresses/*');
  await page.route('**/api/users/me/addresses/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status, json: { message } }) : route.fallback(),
  );
}

async function removeAddress(page: Page, modal: Locator): Promise<void> {
  await modal.locator('[data-address-remove]').first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
}

test("a failed call the customer made shows the catalogue's message as a toast, is logged and loses nothing [R-8.58]", async ({
  page,
  context,
  request,
}, info) => {
  const errors = consoleErrors(page);
  const { establishmentId, token } = await logIn(context, request, SLUG, info, 'Tereza Falha');
  await saveAddress(request, token, 'Rua Amador Bueno');
  const modal = await checkoutWithAddresses(page, request, establishmentId);

  // A server error on a deletion: the catalogue's message for its code.
  await answerDelete(page, 500, 'internal_error');
  await removeAddress(page, modal);
  await expect(page.locator('[data-toast="error"]')).toHaveText('Tivemos um problema no servidor. Tente novamente em instantes.');
  await expect.poll(() => errors.some((e) => e.includes('[DELETE /users/me/addresses/{id}] 500 internal_error (toast)'))).toBe(true);
  await expect(modal.locator('[data-address-item]')).toHaveCount(1);

  // Saving a new address refused: the address failure toast, and the form keeps what was typed.
  await page.route('**/api/users/me/addresses', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { message: 'unknown_error' } }) : route.fallback(),
  );
  await modal.getByRole('button', { name: 'Novo endereço' }).click();
  const addressModal = page.locator('[data-address-modal]');
  await addressModal.locator('[data-address-continue]').click();
  await expect(addressModal).toHaveAttribute('data-step', 'form');
  const form = addressModal.locator('[data-address-form]');
  await form.getByLabel('Rua').fill('Rua João Pessoa');
  await form.getByLabel('Número', { exact: true }).fill('120');
  await form.getByLabel('Sem complemento (S/C)').check();
  await form.getByLabel('Bairro').fill('Centro');
  await form.getByLabel('Ponto de referência').fill('Ao lado da padaria');
  await addressModal.locator('[data-address-save]').click();
  await expect(page.locator('[data-toast="error"]').filter({ hasText: 'Não foi possível salvar o endereço' })).toHaveText(
    'Não foi possível salvar o endereço. Verifique os dados e tente novamente.',
  );
  await expect.poll(() => errors.some((e) => e.includes('[POST /users/me/addresses] 503 unknown_error (toast)'))).toBe(true);
  await expect(addressModal).toHaveAttribute('data-step', 'form');
  await expect(form.getByLabel('Rua')).toHaveValue('Rua João Pessoa');
});

const SILENT: Array<{ status: number; message: string; id: string }> = [
  { status: 403, message: 'establishment_unavailable', id: 'R-8.70' },
  { status: 404, message: 'no_delivery_tax_found', id: 'R-8.71' },
  { status: 403, message: 'coupon_expired', id: 'R-8.72' },
  { status: 403, message: 'payment_not_done', id: 'R-8.73' },
  { status: 404, message: 'validation_not_found', id: 'R-8.74' },
  { status: 403, message: 'unknown_token', id: 'R-8.75' },
  { status: 404, message: 'Pix não encontrado!', id: 'R-8.76' },
  { status: 422, message: '"tax_id" is not allowed to be empty', id: 'R-8.77' },
  { status: 409, message: 'write_conflict', id: 'R-8.78' },
  { status: 400, message: 'invalid_body', id: 'R-8.79' },
];

test(`the silent cases of section 8 show nothing: no toast, no error page, only the log ${SILENT.map((c) => `[${c.id}]`).join(' ')}`, async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(60_000);
  const errors = consoleErrors(page);
  const { establishmentId, token } = await logIn(context, request, SLUG, info, 'Silvio Silêncio');
  await saveAddress(request, token, 'Rua Amador Bueno');
  const modal = await checkoutWithAddresses(page, request, establishmentId);
  const url = page.url();
  for (const answer of SILENT) {
    await answerDelete(page, answer.status, answer.message);
    await removeAddress(page, modal);
    // The policy logs its decision before it would show anything: once the line is there, a toast
    // or a navigation would be too.
    await expect.poll(() => errors.some((e) => e.includes(`] ${answer.status} ${answer.message} (silent)`)), answer.message).toBe(true);
    await expect(page.locator('[data-toast]'), answer.message).toHaveCount(0);
    expect(page.url()).toBe(url);
    await expect(modal.locator('[data-address-item]')).toHaveCount(1);
  }
});

test("a failure of a page's required data leads to the error page, whose 'Tentar novamente' comes back [R-8.69]", async ({ page, context, request }, info) => {
  const { establishmentId, token } = await logIn(context, request, SLUG, info, 'Otávio Erro');
  const orderId = await placeOrder(request, establishmentId, token);
  const here = `/${SLUG}/pedido/${orderId}`;
  await page.route(`**/api/establishments/*/orders/${orderId}`, (route) => route.fulfill({ status: 500, json: { message: 'internal_error' } }));
  await page.goto(here);
  await expect(page).toHaveURL(`/error?from=${encodeURIComponent(here)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algo deu errado');
  await page.unroute(`**/api/establishments/*/orders/${orderId}`);
  await page.getByRole('link', { name: 'Tentar novamente' }).click();
  await expect(page).toHaveURL(here);
  await expect(page.locator(`[data-order="${orderId}"]`)).toBeVisible();
});

test('a call made without being asked (the order page following its order) is only logged when it fails [R-8.85]', async ({ page, context, request }, info) => {
  const errors = consoleErrors(page);
  const { establishmentId, token } = await logIn(context, request, SLUG, info, 'Paulo Poll');
  const orderId = await placeOrder(request, establishmentId, token);
  await page.goto(`/${SLUG}/pedido/${orderId}`);
  const order = page.locator(`[data-order="${orderId}"]`);
  await expect(order).toBeVisible();
  await page.route(`**/api/establishments/*/orders/${orderId}`, (route) => route.fulfill({ status: 503, json: { message: 'unknown_error' } }));
  // The page asks again when it becomes visible (as every 10 s).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => errors.some((e) => e.includes('(poll)] 503 unknown_error (logged)'))).toBe(true);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await expect(order).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/${SLUG}/pedido/${orderId}`);
});

test("a profile the server refuses says 'Não foi possível salvar os dados.', marks the field it names and keeps what was typed [R-8.63]", async ({
  page,
  context,
  request,
}, info) => {
  const first = await logIn(context, request, SLUG, info, 'Primeira Cliente');
  await context.clearCookies();
  await logIn(context, request, SLUG, info, 'Segunda Cliente');
  await page.goto(`/${SLUG}/minha-conta`);
  const form = page.locator('form[data-profile-form]');
  await expect(form.getByLabel('Nome')).toHaveValue('Segunda Cliente');
  await form.getByLabel('Data de nascimento').fill('15031990');
  await form.getByLabel('Gênero').selectOption('female');
  // The first customer's e-mail: the server refuses it (409 email_taken).
  await form.getByLabel('E-mail').fill(first.customer.email);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('[data-toast="error"]')).toHaveText('Não foi possível salvar os dados.');
  await expect(form.locator('[data-field-error="email"]')).toHaveText('Este e-mail já está cadastrado. Entre com sua senha.');
  await expect(form.getByLabel('E-mail')).toHaveValue(first.customer.email);
  await expect(form.getByLabel('Data de nascimento')).toHaveValue('15/03/1990');
});
