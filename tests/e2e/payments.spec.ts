// Paying an order online against the real server, its sandbox acquirer and its sandbox PSP
// (Mercado Sol Centro takes cards and Pix, open 24 h): a card chosen in the checkout and its CVV
// asked before sending, a validated card whose order the issuer declines (the sandbox's holder
// names choose the outcome of a card's purchases) and every refusal of an order's charge, Pix from the checkout to the QR code on the
// order page, paid as a bank would from the development outbox and followed there without a
// reload, a Pix that expires, and cancellations of orders paid by card and by Pix, refunded. On the
// phone and the desktop; axe on every new block and modal. Each test registers its own customer.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import type { EncryptionKeyAnswer } from '../../src/schemas/sealed-box.ts';
import { amountPattern, placeByApi } from './payment-helpers.ts';
import {
  API_HEADERS,
  capturedTestCard,
  logIn,
  logInVerified,
  outboxMessages,
  type Registered,
  verifiedCardByApi,
  importCatalogue,
  mercadoSolPickupCheckout,
  openCheckoutWith,
  shopCatalogue,
} from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const PRODUCT = 'Azeite de Oliva Extravirgem (500 ml)';
const port = Number(process.env.E2E_PORT ?? 4399);
/** tests/e2e/server.ts's data folder: its SQLite database and the internal token the server wrote at start. */
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const bearer = (token: string) => ({ ...API_HEADERS, Authorization: `Bearer ${token}` });

/** 'R$ 39,90' as the statement lines write an amount (any space after R$). */
async function openOrder(page: Page, id: string): Promise<Locator> {
  await page.goto(`/${SLUG}/pedido/${id}`);
  const order = page.locator(`[data-order="${id}"]`);
  await expect(order).toBeVisible();
  return order;
}

/** Marks the page so a test can tell it was never reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/** Runs the server's money jobs now (Pix expiry, refunds owed), as its minute's timer would. */
async function runPaymentJobs(request: APIRequestContext): Promise<void> {
  const token = readFileSync(join(dataDir, 'internal-token'), 'utf8').trim();
  const res = await request.post('/api/internal/payment-jobs', { headers: { 'X-Internal-Token': token } });
  expect(res.status(), await res.text()).toBe(200);
}

function inDatabase(run: (db: Database.Database) => void): void {
  const db = new Database(join(dataDir, 'storefront.sqlite'));
  try {
    run(db);
  } finally {
    db.close();
  }
}

test('paying by card: online, the verified card, Avançar e Finalizar asks its CVV; the order page says it was paid by card and the statement holds one charge of the total [R-2.94] [R-3.17] [R-3.18] [R-7.22]', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Paula Pagante');
  const card = await verifiedCardByApi(request, registered, capturedTestCard().number);
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  await payment
    .getByRole('radiogroup', { name: 'Cartão para pagar' })
    .getByRole('radio', { name: `Visa •••• ${card.last4}` })
    .check();
  const total = Number(await checkout.locator('[data-send-total]').getAttribute('data-cents'));

  // The payload's payment_card is the card and its CVV (sealed).
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/establishments\/[^/]+\/orders$/.test(r.url()));
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await expect(cvv).toBeVisible();
  expect(await axeProblems(page, '[data-cvv-modal]')).toEqual([]);
  await cvv.getByLabel('CVV').fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  const body = (await sent).postDataJSON() as {
    payment_type: string;
    payment_card: { token_id: string; security_code: Record<string, unknown> };
    payment_card_details: Record<string, unknown>;
  };
  expect(body.payment_type).toBe('online');
  expect(body.payment_card.token_id).toBe(card._id);
  // The payment's secrets are sealed in the page with the hybrid scheme (an ephemeral X25519 key,
  // XChaCha20-Poly1305) to the server's key: the CVV and the card shown, never in clear.
  const key = (await (await request.get('/api/cards/encryption-key', { headers: API_HEADERS })).json()) as EncryptionKeyAnswer;
  for (const box of [body.payment_card.security_code, body.payment_card_details]) {
    expect(box).toMatchObject({ v: 1, kid: key.kid, epk: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
  }
  expect(JSON.stringify(body)).not.toContain('"123"');

  await expect(page).toHaveURL(new RegExp(`/${SLUG}/pedido/[A-Za-z0-9_-]+$`));
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const order = page.locator(`[data-order="${orderId}"]`);
  await expect(order).toBeVisible();
  const paid = order.locator('[data-order-payment]');
  await expect(paid.locator('[data-order-payment-status="paid"]')).toHaveText('Pago com cartão');
  await expect(paid.locator('[data-order-card]')).toHaveText(`Visa •••• ${card.last4}`);
  await expect(order.locator('[data-order-total-row="total"]')).toHaveAttribute('data-cents', String(total));
  // No Pix block on a card order.
  await expect(page.locator('[data-pix-payment], [data-pix-placeholder]')).toHaveCount(0);
  expect(await axeProblems(page, '[data-order-payment]')).toEqual([]);

  // One charge of the order's total on the card's statement; the validation's own charge is another amount.
  const charges = (await outboxMessages(request)).filter(
    (m) => m.channel === 'card-statement' && m.recipient.endsWith(card.last4) && new RegExp(`^Compra aprovada ${amountPattern(total)}\\b`).test(m.text),
  );
  expect(charges).toHaveLength(1);
});

/** 'Avançar e Finalizar' of an order paid online with the card ending in `last4`, and its CVV in 'Informar CVV'; answers the orders call's answer. */
async function sendWithCard(page: Page, checkout: Locator, last4: string) {
  await checkout
    .locator('[data-section="payment"]')
    .getByRole('radiogroup', { name: 'Cartão para pagar' })
    .getByRole('radio', { name: `Visa •••• ${last4}` })
    .check();
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/establishments\/[^/]+\/orders$/.test(r.url()));
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  const answer = await answered;
  await expect(cvv).toBeHidden();
  return { status: answer.status(), body: (await answer.json()) as { message?: string } };
}

/** The customer's orders at the establishment, as the API counts them. */
async function orderCount(request: APIRequestContext, registered: Registered): Promise<number> {
  const orders = await request.get(`/api/establishments/${registered.establishmentId}/orders`, { headers: bearer(registered.token) });
  return ((await orders.json()) as { total: number }).total;
}

test('a card validated by its micro-charge whose order the issuer declines (the sandbox’s FUND holder): the catalogue’s message, no order, nothing charged, the cart and checkout as they were; paid at pickup instead, the order goes through [R-8.3] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(90_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Rita Recusada');
  // The holder's name makes the sandbox decline the card's purchases for insufficient funds; its
  // validation, a micro-charge like any customer's, goes through.
  const card = await verifiedCardByApi(request, registered, capturedTestCard().number, 'FUND DA SILVA');
  expect(card.verification_status).toBe('verified');
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  const total = Number(await checkout.locator('[data-send-total]').getAttribute('data-cents'));
  const url = page.url();
  const refused = await sendWithCard(page, checkout, card.last4);

  expect(refused).toEqual({ status: 403, body: { message: 'payment_not_done', params: { reason: 'insufficient_funds' } } });
  await expect(page.locator('[data-toast="error"]', { hasText: 'Pagamento recusado. Tente com outro cartão.' })).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(checkout).toBeVisible();
  await expect(checkout.locator('[data-checkout-line]')).toHaveCount(1);
  await expect(checkout.locator('[data-checkout-line]')).toContainText(PRODUCT);
  await expect(checkout.getByRole('radio', { name: /Retirar no local/ })).toBeChecked();
  const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null'), registered.establishmentId);
  expect(draft.products).toHaveLength(1);
  expect(draft.payment_type).toBe('online');
  expect(draft.payment_card._id).toBe(card._id);
  expect(await orderCount(request, registered)).toBe(0);
  // Nothing of the order's total was taken from the card.
  const taken = (await outboxMessages(request)).filter(
    (m) => m.channel === 'card-statement' && m.recipient.endsWith(card.last4) && new RegExp(`^Compra aprovada ${amountPattern(total)}\\b`).test(m.text),
  );
  expect(taken).toEqual([]);

  // Paying otherwise: the same cart, paid at pickup, becomes the order.
  await payment.getByRole('button', { name: 'Pagar na retirada' }).click();
  await payment.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/pedido/[A-Za-z0-9_-]+$`));
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.locator(`[data-order="${orderId}"] [data-order-total-row="total"]`)).toHaveAttribute('data-cents', String(total));
  expect(await orderCount(request, registered)).toBe(1);
});

/** The sandbox's holder names whose purchases the issuer or the gateway refuses, the spec's 403 each gives, and its message. */
const CHARGE_REFUSALS = [
  { holder: 'OTHE', message: 'credit_card_problems', text: 'Pagamento recusado. Tente com outro cartão.' },
  { holder: 'LOCK', message: 'credit_card_blocked', text: 'Este cartão está bloqueado. Use outro cartão.' },
  { holder: 'EXPI', message: 'credit_card_expired', text: 'Este cartão está vencido. Use outro cartão.' },
  { holder: 'CANC', message: 'credit_card_canceled', text: 'Este cartão foi cancelado. Use outro cartão.' },
  { holder: 'OFFL', message: 'payment_gateway_offline', text: 'O pagamento on-line está indisponível. Escolha pagar na entrega ou na retirada.' },
] as const;

test('each refusal of an order’s charge, by the real server and its sandbox, gives the catalogue’s message and loses nothing [R-8.4] [R-8.8] [R-8.9] [R-8.10] [R-8.12] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(120_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Sergio Sandbox');
  // One validated card per outcome (the five a customer may add and validate in a day).
  const cards: Array<{ last4: string } & (typeof CHARGE_REFUSALS)[number]> = [];
  for (const refusal of CHARGE_REFUSALS) {
    const card = await verifiedCardByApi(request, registered, capturedTestCard().number, `${refusal.holder} DA SILVA`);
    cards.push({ ...refusal, last4: card.last4 });
  }
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  await checkout.locator('[data-section="payment"]').getByRole('button', { name: 'Pagar on-line' }).click();
  for (const card of cards) {
    const refused = await sendWithCard(page, checkout, card.last4);
    expect([refused.status, refused.body.message], card.holder).toEqual([403, card.message]);
    await expect(page.locator('[data-toast="error"]', { hasText: card.text }).first(), card.holder).toBeVisible();
    await expect(checkout).toBeVisible();
    await expect(checkout.locator('[data-checkout-line]')).toHaveCount(1);
    await page.locator('[data-toast]').evaluateAll((toasts) => {
      for (const t of toasts) t.remove();
    });
  }
  expect(await orderCount(request, registered)).toBe(0);
});

test('paying by Pix: chosen in the checkout, the order page shows the QR code, the copia-e-cola and the time left; paid from the outbox in another tab, the page says Pagamento confirmado without a reload [R-2.96] [R-7.30] [R-7.31]', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const registered = await logIn(context, request, SLUG, info, 'Pietra Pix');
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  // Pix takes no phone or e-mail verification and no card.
  await payment.getByRole('button', { name: 'Pix', exact: true }).click();
  await expect(payment.getByRole('button', { name: 'Pix', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(payment.locator('[data-pix-note]')).toContainText('você paga com o QR code ou o Pix copia e cola na página do pedido');
  await expect(payment.locator('[data-card-selector]')).toHaveCount(0);
  expect(await axeProblems(page, '[data-section="payment"]')).toEqual([]);
  const total = Number(await checkout.locator('[data-send-total]').getAttribute('data-cents'));

  const charged = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pix');
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  // No CVV for Pix: straight to the order page.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/pedido/[A-Za-z0-9_-]+$`));
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  expect((await charged).status()).toBe(201);

  const block = page.locator('[data-pix-payment="ready"]');
  await expect(block.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible();
  await expect(block.locator('[data-pix-amount]')).toHaveAttribute('data-pix-amount', String(total));
  const qr = block.getByRole('img', { name: /^QR code do Pix de R\$\s[\d.]+,\d{2} para pagar este pedido$/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const code = block.getByLabel('Pix copia e cola');
  await expect(code).toHaveAttribute('readonly', '');
  const copyPaste = await code.inputValue();
  expect(copyPaste).toMatch(/^000201/);
  expect(copyPaste.toLowerCase()).toContain('br.gov.bcb.pix');
  await expect(block.locator('[data-pix-countdown]')).toHaveText(/^Expira em (29:[0-5]\d|30:00)$/);
  const before = await block.locator('[data-pix-countdown]').textContent();
  await expect(block.locator('[data-pix-countdown]')).not.toHaveText(before!);
  await block.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'Código copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copyPaste);
  // The order itself says it waits for its payment.
  await expect(page.locator('[data-order-payment-status="awaiting"]')).toHaveText('Aguardando pagamento');
  expect(await axeProblems(page, '[data-pix-payment]')).toEqual([]);
  expect(await axeProblems(page, '[data-order-payment]')).toEqual([]);
  const txid = await block.locator('[data-pix-charge]').getAttribute('data-pix-charge');

  // In another tab: 'Meus pedidos' says the order waits for its payment; the outbox pays the charge as a bank would.
  await markPage(page);
  const other = await context.newPage();
  await other.goto(`/${SLUG}/minha-conta/pedidos`);
  const listed = other.locator(`[data-orders-item="${orderId}"]`);
  await expect(listed.locator('[data-orders-awaiting-payment]')).toHaveText('Aguardando pagamento');
  await other.goto('/dev/caixa-de-saida');
  const open = other.locator(`[data-pix-charge="${txid}"]`);
  await expect(open.locator('[data-pix-amount]')).toHaveAttribute('data-pix-amount', String(total));
  const read = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/orders/${orderId}/pix`);
  await open.getByRole('button', { name: 'Pagar esta cobrança' }).click();
  await expect(other.locator(`[data-pix-charge="${txid}"]`)).toHaveCount(0);
  expect((await outboxMessages(request)).some((m) => m.channel === 'pix' && m.text.includes(`txid ${txid}`) && m.text.startsWith('Pix recebido'))).toBe(true);

  // Back on the order page, never reloaded: the payment is confirmed and the Pix data is gone.
  const paid = page.locator('[data-pix-payment="paid"]');
  await expect(paid.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  expect((await read).status()).toBe(200);
  await expect(paid.locator('[data-pix-paid]')).toHaveText(
    /^Recebemos o seu Pix de R\$\s[\d.]+,\d{2} em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\. O pedido segue para a loja\.$/,
  );
  await expect(page.locator('[data-pix-qr], [data-pix-code], [data-pix-countdown]')).toHaveCount(0);
  await expect(page.locator('[data-order-payment-status="paid"]')).toHaveText('Pago com Pix');
  await expect(page.locator('[data-order-announcement]')).toHaveText('Pagamento: Pago com Pix');
  expect(await stillSamePage(page)).toBe(true);
  expect(await axeProblems(page, '[data-pix-payment]')).toEqual([]);
  await other.close();
});

test('a Pix not paid in time: the order is cancelled by the server’s job and the open page says the time to pay ran out, without a reload @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logIn(context, request, SLUG, info, 'Tadeu Tardio');
  const placed = await placeByApi(request, registered, { pix: true });
  await openOrder(page, placed._id);
  await expect(page.locator('[data-pix-payment="ready"] [data-pix-countdown]')).toHaveText(/^Expira em (29|30):\d\d$/);
  await markPage(page);

  // The order was placed 31 minutes ago, as far as the server knows; its job then finds the Pix late.
  inDatabase((db) => db.prepare('update orders set created_at = ? where id = ?').run(new Date(Date.now() - 31 * 60_000).toISOString(), placed._id));
  await runPaymentJobs(request);

  const order = page.locator(`[data-order="${placed._id}"]`);
  await expect(order.locator('[data-order-status]')).toHaveText('Pedido cancelado');
  await expect(order.locator('[data-order-canceled]')).toHaveText('O prazo para pagar com Pix terminou e o pedido foi cancelado.');
  await expect(order.locator('[data-order-payment-status="expired"]')).toHaveText('Pix não pago no prazo');
  await expect(page.locator('[data-pix-payment], [data-pix-qr]')).toHaveCount(0);
  await expect(page.locator('[data-order-cancel]')).toHaveCount(0);
  expect(await stillSamePage(page)).toBe(true);
  expect(await axeProblems(page, `[data-order="${placed._id}"]`)).toEqual([]);
  // The charge can no longer be paid: the outbox lists it no more.
  const outbox = await (await request.get('/dev/caixa-de-saida')).text();
  expect(outbox).not.toContain(`data-pix-charge="${placed.payment.pix!.txid}"`);
});

test('the countdown reaching zero says the time to pay ran out at once, before the server cancels the order @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logIn(context, request, SLUG, info, 'Clara Contagem');
  const placed = await placeByApi(request, registered, { pix: true });
  await page.clock.install();
  await openOrder(page, placed._id);
  const block = page.locator('[data-pix-payment]');
  await expect(block.locator('[data-pix-countdown]')).toHaveText(/^Expira em (29|30):\d\d$/);
  await page.clock.fastForward('30:01');
  await expect(page.locator('[data-pix-payment="expired"]')).toBeVisible();
  await expect(page.locator('[data-pix-expired]')).toHaveText('O prazo para pagar com Pix terminou e o pedido foi cancelado.');
  await expect(page.locator('[data-pix-announcement]')).toHaveText('O prazo para pagar com Pix terminou e o pedido foi cancelado.');
  await expect(page.locator('[data-pix-qr], [data-pix-code]')).toHaveCount(0);
  expect(await axeProblems(page, '[data-pix-payment]')).toEqual([]);
});

test('cancelling an order paid by card: the dialog says the amount goes back; the page then shows it refunded and the statement the Estorno line @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Edson Estorno');
  const card = await verifiedCardByApi(request, registered, capturedTestCard().number);
  const placed = await placeByApi(request, registered, { card });
  const total = placed.totals.total;
  const order = await openOrder(page, placed._id);
  await expect(order.locator('[data-order-payment-status="paid"]')).toHaveText('Pago com cartão');

  await page.locator('[data-order-cancel]').click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar pedido' });
  await expect(dialog.locator('[data-order-cancel-payment="paid"]')).toHaveText(/^O valor de R\$\s[\d.]+,\d{2} pago com cartão será estornado\.$/);
  await expect(dialog).toHaveAccessibleDescription(/pago com cartão será estornado/);
  expect(await axeProblems(page, '[data-order-cancel-dialog]')).toEqual([]);
  await dialog.getByLabel('Motivo do cancelamento').fill('Comprei em outra loja');
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();

  await expect(page.locator('[data-toast="success"]', { hasText: 'Pedido cancelado.' })).toBeVisible();
  await expect(order.locator('[data-order-status]')).toHaveText('Pedido cancelado');
  await expect(order.locator('[data-order-payment-status="refunded"]')).toHaveText('Valor estornado');
  await expect(order.locator('[data-order-refund]')).toHaveText(/^O valor de R\$\s[\d.]+,\d{2} foi estornado\.$/);
  expect(await axeProblems(page, '[data-order-payment]')).toEqual([]);
  const refunds = (await outboxMessages(request)).filter(
    (m) => m.channel === 'card-statement' && m.recipient.endsWith(card.last4) && new RegExp(`^Estorno ${amountPattern(total)}\\b`).test(m.text),
  );
  expect(refunds).toHaveLength(1);
});

test('a Pix paid through the webhook’s test-helper form turns the open page to Pagamento confirmado; cancelled then, the Pix goes back to the payer [R-7.32] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logIn(context, request, SLUG, info, 'Heitor Helper');
  const placed = await placeByApi(request, registered, { pix: true });
  const total = placed.totals.total;
  await openOrder(page, placed._id);
  const txid = await page.locator('[data-pix-payment="ready"] [data-pix-charge]').getAttribute('data-pix-charge');
  expect(txid).toBe(placed.payment.pix!.txid);
  await markPage(page);

  const paid = await request.post('/api/pix/webhook', { data: { transaction_id: txid, status: 'paid', amount: total } });
  expect(paid.status(), await paid.text()).toBe(202);
  await expect(page.locator('[data-pix-payment="paid"]').getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await expect(page.locator('[data-order-payment-status="paid"]')).toHaveText('Pago com Pix');
  expect(await stillSamePage(page)).toBe(true);

  await page.locator('[data-order-cancel]').click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar pedido' });
  await expect(dialog.locator('[data-order-cancel-payment="paid"]')).toHaveText(
    /^O valor de R\$\s[\d.]+,\d{2} pago com Pix será devolvido para a conta que pagou\.$/,
  );
  expect(await axeProblems(page, '[data-order-cancel-dialog]')).toEqual([]);
  await dialog.getByLabel('Motivo do cancelamento').fill('Pedi por engano');
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  const order = page.locator(`[data-order="${placed._id}"]`);
  await expect(order.locator('[data-order-status]')).toHaveText('Pedido cancelado');
  await expect(order.locator('[data-order-payment-status="refunded"]')).toHaveText('Valor estornado');
  await expect(order.locator('[data-order-refund]')).toHaveText(/^O valor de R\$\s[\d.]+,\d{2} foi devolvido por Pix para a conta que pagou\.$/);
  await expect(page.locator('[data-pix-payment]')).toHaveCount(0);
  // The receiver's statement: the Pix received for this charge, and the same Pix returned whole.
  const pixLines = (await outboxMessages(request)).filter((m) => m.channel === 'pix');
  const received = pixLines.find((m) => m.text.startsWith('Pix recebido') && m.text.includes(`txid ${txid}`));
  const endToEndId = received?.text.match(/· (E[0-9A-Za-z]{31})$/)?.[1];
  expect(endToEndId, received?.text).toBeTruthy();
  const returned = pixLines.filter((m) => m.text.startsWith('Pix devolvido') && m.text.endsWith(`do Pix ${endToEndId}`));
  expect(returned).toHaveLength(1);
  expect(returned[0]!.text).toMatch(new RegExp(`^Pix devolvido ${amountPattern(total)}\\b`));
});

test('the preferences switch online payment and Pix each on its own: Mercado Sol Centro offers both, a shop with Pix only offers Pix and no card, a shop with online payment only offers the card and no Pix [R-6.13] [R-6.14] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(60_000);
  const sol = await logIn(context, request, SLUG, info, 'Pedro Preferencias');
  const offers = await mercadoSolPickupCheckout(page, request, sol.establishmentId);
  await expect(offers.locator('[data-pay-online]')).toBeVisible();
  await expect(offers.locator('[data-pay-pix]')).toBeVisible();

  // Two shops whose preferences turn one switch on and the other off, each paid at pickup too.
  const ways = [
    { slug: `quitanda-so-pix-${info.project.name}`, name: 'Quitanda Só Pix', has_online_payment: false, has_pix_payment: true },
    { slug: `quitanda-so-cartao-${info.project.name}`, name: 'Quitanda Só Cartão', has_online_payment: true, has_pix_payment: false },
  ];
  for (const way of ways) {
    const shop = shopCatalogue(way.slug, way.name, { _id: 'frutas', name: 'Frutas' }, [{ _id: 'pera', name: 'Pera Williams', price: 890 }]);
    await importCatalogue({
      ...shop,
      establishment: {
        ...shop.establishment,
        preferences: {
          ...shop.establishment.preferences,
          pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro' }],
          has_online_payment: way.has_online_payment,
          has_pix_payment: way.has_pix_payment,
        },
      },
    });
    await logIn(context, request, way.slug, info, 'Pedro Preferencias');
    const checkout = await openCheckoutWith(page, way.slug, 'Pera Williams');
    await checkout.getByRole('radio', { name: /Retirar no local/ }).check();
    const payment = checkout.locator('[data-section="payment"]');
    await expect(payment.locator('[data-pay-offline]'), way.name).toBeVisible();
    await expect(payment.locator('[data-pay-online]'), way.name).toHaveCount(way.has_online_payment ? 1 : 0);
    await expect(payment.locator('[data-pay-pix]'), way.name).toHaveCount(way.has_pix_payment ? 1 : 0);
    // The way on offer is the one that can be chosen.
    const only = way.has_pix_payment ? payment.getByRole('button', { name: 'Pix', exact: true }) : payment.getByRole('button', { name: 'Pagar on-line' });
    await only.click();
    await expect(only).toHaveAttribute('aria-pressed', 'true');
  }
});
