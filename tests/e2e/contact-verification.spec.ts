// Phone and e-mail verification in 'Meus dados', against the real server (Mercado Sol Centro): the
// phone drawer through its steps and the e-mail block, the codes read from the development outbox
// (/dev/caixa-de-saida) as a person trying the demo reads them. On the phone and the desktop, axe
// on every step of the drawer.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { API_HEADERS, importCatalogue, logIn, newCustomer, shopCatalogue, verifyContacts, mercadoSolPickupCheckout } from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const ACCOUNT = `/${SLUG}/minha-conta`;
/** tests/e2e/server.ts's data folder (its SQLite database). */
const dataDir = join(tmpdir(), `storefront-e2e-${Number(process.env.E2E_PORT ?? 4399)}`);

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The codes sent to a recipient, newest first, read on the outbox page in a tab of its own. */
async function codesInOutbox(context: BrowserContext, recipient: string, channel: 'SMS' | 'E-mail'): Promise<string[]> {
  const tab = await context.newPage();
  await tab.goto('/dev/caixa-de-saida');
  const mine = tab
    .locator('[data-outbox-message]')
    .filter({ has: tab.locator('[data-outbox-recipient]', { hasText: recipient }) })
    .filter({ has: tab.locator('[data-outbox-channel]', { hasText: channel }) });
  const texts = await mine.locator('[data-outbox-text]').allTextContents();
  await tab.close();
  return texts.map((text) => text.match(/\b(\d{4})\b/)?.[1] ?? '').filter(Boolean);
}

const wrong = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

async function openMeusDados(page: Page) {
  await page.goto(ACCOUNT);
  await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
  await expect(page.locator('[data-contact-verification]')).toBeVisible();
}

test('the phone drawer: confirm the registered number, a wrong retyped number is refused and cleared, the SMS code from the outbox verifies it; axe on every step [R-2.117] [R-4.30] [R-4.67] [R-5.23] [R-5.24] [R-5.28] [R-5.29] [R-8.53] [R-8.54] [R-8.56]', async ({
  page,
  context,
  request,
}, info) => {
  const { customer } = await logIn(context, request, SLUG, info, 'Vera Celular');
  await openMeusDados(page);
  const block = page.locator('[data-phone-block]');
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Não verificado');
  await block.getByRole('button', { name: 'Verificar celular' }).click();

  const drawer = page.getByRole('dialog', { name: 'Confirmar celular' });
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-init');
  await expect(drawer.locator('[data-registered-phone]')).toHaveText(customer.maskedPhone);
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);

  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-input');
  const field = drawer.getByLabel('Número do celular');
  await field.fill('(11) 91234-5678');
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer.locator('[data-field-error="phone"]')).toHaveText('O número digitado não confere com o número cadastrado. Tente novamente.');
  await expect(field).toHaveValue('');
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);

  await field.fill(customer.phone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-verification');
  await expect(page.locator('[data-toast="success"]', { hasText: 'Código enviado!' })).toBeVisible();
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  const [code] = await codesInOutbox(context, `+55${customer.phone}`, 'SMS');
  expect(code).toMatch(/^\d{4}$/);

  const codeField = drawer.getByLabel('Código');
  await codeField.fill(wrong(code!));
  await expect(drawer.locator('[data-field-error="code"]')).toHaveText('Código incorreto. Tente novamente.');
  await expect(codeField).toHaveValue('');
  // The fourth digit submits it: no button to press.
  await codeField.fill(code!);
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-verification');
  await expect(drawer).toContainText('Celular confirmado!');
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Concluir' }).click();
  await expect(drawer).toBeHidden();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Verificado');
  // From the server, on a fresh visit.
  await openMeusDados(page);
  await expect(page.locator('[data-phone-block] [data-contact-status="phone"]')).toHaveText('Verificado');
});

test('"Depois" closes the drawer and it opens afresh at phone-init; a new number proven by its code replaces the registered one [R-4.30] [R-4.32] [R-4.33] [R-8.55] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const { customer } = await logIn(context, request, SLUG, info, 'Caio Depois');
  await openMeusDados(page);
  const block = page.locator('[data-phone-block]');
  const open = block.getByRole('button', { name: 'Verificar celular' });
  await open.click();
  const drawer = page.locator('[data-phone-drawer]');
  await drawer.getByRole('button', { name: 'Alterar número' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-add');
  await drawer.getByLabel('Número do celular').fill('(11) 1234');
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer.locator('[data-field-error="phone"]')).toHaveText('Telefone incompleto');
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  await drawer.locator('[data-dialog-close]').click();
  await expect(drawer).toBeHidden();

  await open.click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-init');
  await drawer.getByRole('button', { name: 'Depois' }).click();
  await expect(drawer).toBeHidden();

  await open.click();
  await drawer.getByRole('button', { name: 'Alterar número' }).click();
  const fresh = `1197${customer.phone.slice(-7)}`;
  await drawer.getByLabel('Número do celular').fill(fresh);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-verification');
  const [code] = await codesInOutbox(context, `+55${fresh}`, 'SMS');
  await drawer.getByLabel('Código').fill(code!);
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-verification');
  await drawer.getByRole('button', { name: 'Concluir' }).click();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Verificado');
  await expect(block).toContainText(`(11) 97${fresh.slice(4, 7)}-${fresh.slice(7)}`);
  await expect(page.locator('form[data-profile-form]').getByLabel('Celular')).toHaveValue(`(11) 97${fresh.slice(4, 7)}-${fresh.slice(7)}`);
});

test('resending the code counts the sends; a send past the limit shows sms-error [R-4.31] [R-8.51] @one-viewport', async ({ page, context, request }, info) => {
  const { customer } = await logIn(context, request, SLUG, info, 'Rui Reenvio');
  await openMeusDados(page);
  await page.locator('[data-phone-block]').getByRole('button', { name: 'Verificar celular' }).click();
  const drawer = page.locator('[data-phone-drawer]');
  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await drawer.getByLabel('Número do celular').fill(customer.phone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-verification');
  await drawer.getByRole('button', { name: 'Reenviar código' }).click();
  await expect(drawer.locator('[data-phone-sends]')).toHaveText('Código reenviado (2 de 3 envios).');
  await drawer.getByRole('button', { name: 'Reenviar código' }).click();
  await expect(drawer.locator('[data-phone-sends]')).toHaveText('Código reenviado (3 de 3 envios).');
  expect(await codesInOutbox(context, `+55${customer.phone}`, 'SMS')).toHaveLength(3);
  await drawer.getByRole('button', { name: 'Reenviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-error');
  await expect(drawer.locator('[data-phone-error]')).toHaveText('Não foi possível enviar o código de confirmação, verifique o telefone digitado.');
  await expect(page.locator('[data-toast="error"]', { hasText: 'Não foi possível enviar o código de confirmação' })).toBeVisible();
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Depois' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('[data-phone-block] [data-contact-status="phone"]')).toHaveText('Não verificado');
});

test("a send past the account's 3 phones or addresses a day says so in the drawer and in the e-mail block, in Portuguese @one-viewport", async ({
  page,
  context,
  request,
}, info) => {
  const { customer, token } = await logIn(context, request, SLUG, info, 'Dora Destinos');
  // Codes already sent today to 3 other phones and 3 other addresses, as the same customer from the same line.
  const headers = { ...API_HEADERS, Authorization: `Bearer ${token}`, 'X-Forwarded-For': customer.address };
  for (let i = 0; i < 3; i++) {
    const other = newCustomer(info);
    expect((await request.put('/api/users/me/generate_code_validate_phone', { headers, data: { phone: other.phone, method: 'sms' } })).status()).toBe(200);
    expect((await request.post('/api/users/email/validate/create', { headers, data: { email: other.email } })).status()).toBe(200);
  }
  await openMeusDados(page);
  await page.locator('[data-phone-block]').getByRole('button', { name: 'Verificar celular' }).click();
  const drawer = page.locator('[data-phone-drawer]');
  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await drawer.getByLabel('Número do celular').fill(customer.phone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  const text = 'Você já pediu códigos para muitos números ou e-mails diferentes hoje. Tente novamente amanhã.';
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-error');
  await expect(drawer.locator('[data-phone-error]')).toHaveText(text);
  await expect(page.locator('[data-toast="error"]', { hasText: text })).toBeVisible();
  // Another number would not help: only 'Depois'.
  await expect(drawer.getByRole('button', { name: 'Alterar número' })).toHaveCount(0);
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Depois' }).click();

  const block = page.locator('[data-email-block]');
  await block.getByRole('button', { name: 'Verificar e-mail' }).click();
  await expect(block.locator('[data-email-error]')).toHaveText(text);
  expect(await codesInOutbox(context, customer.email, 'E-mail')).toEqual([]);
});

test('a send the SMS provider failed ends at unexpected-error with a toast and nothing else; a wrong code is a toast too [R-8.50] [R-8.52] [R-8.83] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const { customer } = await logIn(context, request, SLUG, info, 'Fabio Falha');
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await openMeusDados(page);
  // The development outbox never fails; the provider's failure is answered as the server answers it (502 code_not_sent).
  let failSend = true;
  await page.route('**/api/users/me/generate_code_validate_phone', async (route) => {
    if (!failSend) return route.fallback();
    await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'code_not_sent' }) });
  });
  await page.locator('[data-phone-block]').getByRole('button', { name: 'Verificar celular' }).click();
  const drawer = page.locator('[data-phone-drawer]');
  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await drawer.getByLabel('Número do celular').fill(customer.phone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'unexpected-error');
  await expect(drawer.locator('[data-phone-error]')).toHaveText('Não foi possível realizar a tarefa. Tente novamente.');
  await expect(page.locator('[data-toast="error"]', { hasText: 'Não foi possível realizar a tarefa' })).toBeVisible();
  // A silent call of the global policy: no error page, the account page stays.
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
  expect(errors.some((e) => e.includes('phone verification'))).toBe(true);
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);

  failSend = false;
  await drawer.getByRole('button', { name: 'Depois' }).click();
  await page.locator('[data-phone-block]').getByRole('button', { name: 'Verificar celular' }).click();
  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await drawer.getByLabel('Número do celular').fill(customer.phone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-verification');
  const [code] = await codesInOutbox(context, `+55${customer.phone}`, 'SMS');
  await drawer.getByLabel('Código').fill(wrong(code!));
  await expect(page.locator('[data-toast="error"]', { hasText: 'Código incorreto. Tente novamente.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
});

test('the e-mail block: a code sent to the address, read from the outbox, verifies it [R-4.68] [R-7.68] [R-7.69] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const { customer } = await logIn(context, request, SLUG, info, 'Eva Email');
  await openMeusDados(page);
  const block = page.locator('[data-email-block]');
  await expect(block.locator('[data-contact-status="email"]')).toHaveText('Não verificado');
  await block.getByRole('button', { name: 'Verificar e-mail' }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'Código enviado!' })).toBeVisible();
  const [code] = await codesInOutbox(context, customer.email, 'E-mail');
  expect(code).toMatch(/^\d{4}$/);
  const field = block.getByLabel('Código');
  await field.fill(wrong(code!));
  await block.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(block.locator('[data-field-error="email-code"]')).toHaveText('Código incorreto. Tente novamente.');
  expect(await axeProblems(page, '[data-contact-verification]')).toEqual([]);
  await field.fill(code!);
  await block.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'E-mail confirmado!' })).toBeVisible();
  await expect(block.locator('[data-contact-status="email"]')).toHaveText('Verificado');
  expect(await axeProblems(page, '[data-contact-verification]')).toEqual([]);
});

test('the payment chooser offers the phone and e-mail verification with online payment; both are verified there without leaving the checkout [R-2.100] [R-2.101] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const { customer, establishmentId } = await logIn(context, request, SLUG, info, 'Pia Pagamento');
  const checkout = await mercadoSolPickupCheckout(page, request, establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await expect(payment.locator('[data-pay-online]')).toBeVisible();
  const block = payment.locator('[data-contact-verification]');
  // Only online payment needs them: they show once it is chosen.
  await expect(block).toHaveCount(0);
  await payment.locator('[data-pay-online]').click();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Não verificado');
  await expect(block.locator('[data-contact-status="email"]')).toHaveText('Não verificado');

  await block.getByRole('button', { name: 'Verificar celular' }).click();
  const drawer = page.locator('[data-phone-drawer]');
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-init');
  expect(await axeProblems(page, '[data-phone-drawer]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Confirmar este número' }).click();
  await drawer.getByLabel('Número do celular').fill(customer.maskedPhone);
  await drawer.getByRole('button', { name: 'Enviar código' }).click();
  await expect(drawer).toHaveAttribute('data-phone-drawer', 'sms-verification');
  const [smsCode] = await codesInOutbox(context, `+55${customer.phone}`, 'SMS');
  await drawer.getByLabel('Código').fill(smsCode!);
  await drawer.getByRole('button', { name: 'Concluir' }).click();
  await expect(drawer).toBeHidden();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Verificado');

  await block.getByRole('button', { name: 'Verificar e-mail' }).click();
  await expect(block.getByLabel('Código')).toBeVisible();
  const [mailCode] = await codesInOutbox(context, customer.email, 'E-mail');
  await block.getByLabel('Código').fill(mailCode!);
  await block.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(block.locator('[data-contact-status="email"]')).toHaveText('Verificado');
  expect(await axeProblems(page, '[data-checkout="customer"]')).toEqual([]);
  // Still the checkout, with the product.
  await expect(checkout).toBeVisible();
});

test('choosing a payment type reads the phone and e-mail verification again: proven in another tab meanwhile, they count at once [R-4.3] [R-4.28] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const registered = await logIn(context, request, SLUG, info, 'Rita Revalida');
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  const block = payment.locator('[data-contact-verification]');
  await payment.locator('[data-pay-online]').click();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Não verificado');
  // Both proven elsewhere (the account page in another tab), while this checkout stays open:
  // nothing has read them again yet.
  await verifyContacts(request, registered);
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Não verificado');
  // Choosing a payment type reads them again; paying at pickup needs no verification (no block).
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me');
  await payment.locator('[data-pay-offline]').click();
  await reread;
  await expect(block).toHaveCount(0);
  await payment.locator('[data-pay-online]').click();
  await expect(block.locator('[data-contact-status="phone"]')).toHaveText('Verificado');
  await expect(block.locator('[data-contact-status="email"]')).toHaveText('Verificado');
  // Online payment, both verified: the cards can be chosen.
  await expect(payment.locator('[data-card-selector]')).toBeVisible();
});

test('a customer with no phone on record: the drawer opens at phone-add, and the number field keeps the digits of what is typed, masked [R-4.29] [R-5.20] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  // Registration asks for a phone, so an account without one is one kept from before it did: made
  // here in the server's database. The phone is unique per company, so the shop (and its company)
  // is this test's own, one per project.
  const slug = `banca-sem-celular-${info.project.name}`;
  await importCatalogue(
    shopCatalogue(slug, 'Banca Sem Celular', { _id: 'revistas', name: 'Revistas' }, [{ _id: 'gibi', name: 'Gibi da Semana', price: 1290 }]),
  );
  const { userId } = await logIn(context, request, slug, info, 'Nina Sem Celular');
  const db = new Database(join(dataDir, 'storefront.sqlite'));
  try {
    db.prepare("update users set phone = '' where id = ?").run(userId);
    await page.goto(`/${slug}/minha-conta`);
    await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
    const block = page.locator('[data-phone-block]');
    await expect(block).toContainText('Nenhum celular cadastrado');
    await block.getByRole('button', { name: 'Verificar celular' }).click();
    const drawer = page.locator('[data-phone-drawer]');
    await expect(drawer).toHaveAttribute('data-phone-drawer', 'phone-add');
    const field = drawer.getByLabel('Número do celular');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    // Letters, spaces and signs typed among the digits are dropped as they are typed.
    await field.pressSequentially('a1 1-b9(8)7x6.5+4 3c2/1');
    await expect(field).toHaveValue('(11) 98765-4321');
    await field.fill('');
    await field.pressSequentially('celular');
    await expect(field).toHaveValue('');
    await drawer.locator('[data-dialog-close]').click();
    await expect(drawer).toBeHidden();
    // The profile form's Celular too.
    const profile = page.locator('form[data-profile-form]').getByLabel('Celular');
    await profile.pressSequentially('(11) 9a8b7c6-5d4e3f2g1');
    await expect(profile).toHaveValue('(11) 98765-4321');
  } finally {
    db.close();
  }
});
