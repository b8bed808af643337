// Saved cards against the real server and its sandbox acquirer (Mercado Sol Centro, which takes
// online payment): the wallet, the add-card drawer, the CVV modal, the validation steps read from
// the development outbox's card statement as a person trying the demo reads them, the blacklist,
// a declined card, and the same add-and-validate from the checkout as overlays. On the phone and
// the desktop; axe on every drawer, modal and step. Each test registers its own customer.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { fromBase64Url, seal } from '../../src/lib/sealed-box.ts';
import { cardSealContext } from '../../src/schemas/api-cards.ts';
import type { EncryptionKeyAnswer } from '../../src/schemas/sealed-box.ts';
import {
  API_HEADERS,
  capturedTestCard,
  chargedAmount,
  isMobile,
  logIn,
  logInVerified,
  outboxCode,
  outboxMessages,
  saveCardByApi,
  startValidationByApi,
  verifyContacts,
  type Registered,
  uniqueCpf,
  mercadoSolPickupCheckout,
  storeId,
  useSession,
  verifiedCardByApi,
} from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const WALLET = `/${SLUG}/minha-conta/carteira`;
const port = Number(process.env.E2E_PORT ?? 4399);
/** tests/e2e/server.ts's data folder and its SQLite database. */
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

/**
 * Keeps every toast the page shows from now on, in order ('error: Valor incorreto'), on every page
 * the context opens: a toast lasts seconds, so a test reads the record rather than the screen.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.matches('[data-toast]')) seen.push(`${node.dataset.toast}: ${node.textContent}`);
        }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsShown = (page: Page) => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openWallet(page: Page): Promise<Locator> {
  await page.goto(WALLET);
  const wallet = page.locator('[data-wallet]');
  await expect(wallet).toHaveAttribute('data-wallet-status', 'ready');
  return wallet;
}

/** Fills the drawer with a card that saves: any future expiry, a 3-digit CVV, a valid CPF. */
async function fillCard(drawer: Locator, number: string) {
  await drawer.getByLabel('Número do cartão').fill(number);
  await drawer.getByLabel('Nome do titular').fill('maria da silva');
  await drawer.getByLabel('Validade (mm/aa)').fill('1231');
  await drawer.getByLabel('Código de segurança').fill('123');
  await drawer.getByLabel('CPF/CNPJ do titular').fill(uniqueCpf());
}

/** From the start step: 'Iniciar validação', the CVV, then the amount step. */
async function charge(page: Page, scope: Locator) {
  await scope.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv).toBeHidden();
  await expect(scope.locator('[data-card-step="amount"]')).toBeVisible();
}

const wrongOf = (cents: number) => (cents >= 400 ? cents - 7 : cents + 7);
const typed = (cents: number) => String(cents);
/** The amount field's mask: '0,37', '4,12'. */
const reais = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

test('the wallet: add a card in the drawer, then validate it with the amount read on the statement; confirmed, and the wallet shows it validated [R-1.18] [R-2.20] [R-2.80] [R-2.81] [R-2.15] [R-8.30] [R-2.14] [R-4.19] [R-2.84] [R-2.85] [R-2.86] [R-5.9] [R-4.23] [R-2.16] [R-5.10] [R-2.17] [R-8.31] [R-8.35] [R-8.42] [R-2.87] [R-2.89] [R-7.74] [R-3.9]', async ({
  page,
  request,
  context,
}, info) => {
  // A long journey with an accessibility check at each screen.
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Carla Cartão');
  const card = capturedTestCard();
  const wallet = await openWallet(page);
  await expect(wallet.locator('[data-wallet-empty]')).toHaveText('Você não possui nenhum cartão cadastrado');
  await wallet.getByRole('button', { name: 'Validar cartão' }).click();
  const saved = page.getByRole('dialog', { name: 'Cartões cadastrados' });
  await expect(saved).toContainText('você não possui nenhum cartão cadastrado para validar');
  expect(await axeProblems(page, '[data-saved-cards]')).toEqual([]);
  await saved.locator('[data-dialog-close]').click();

  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  const drawer = page.getByRole('dialog', { name: 'Meus Cartões' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Número do cartão')).toBeFocused();
  await expect(drawer.getByLabel('Número do cartão')).toHaveAttribute('autocomplete', 'cc-number');
  await expect(drawer.getByLabel('Nome do titular')).toHaveAttribute('autocomplete', 'cc-name');
  await expect(drawer.getByLabel('Validade (mm/aa)')).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(drawer.getByLabel('Código de segurança')).toHaveAttribute('autocomplete', 'cc-csc');
  await expect(drawer.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  // A side sheet from 768 px, full screen on a phone.
  const box = (await drawer.boundingBox())!;
  if (isMobile(page)) expect(box.width).toBeGreaterThanOrEqual(389);
  else expect(box.x + box.width).toBeGreaterThan(1270);
  await fillCard(drawer, card.number);
  await expect(drawer.getByLabel('Nome do titular')).toHaveValue('MARIA DA SILVA');
  expect(await axeProblems(page, '[data-add-card-drawer]')).toEqual([]);
  await drawer.getByRole('button', { name: 'Salvar novo cartão' }).click();

  // The current path minus its last two segments, plus cartao-validar, the card in the query [R-2.15].
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-validar\\?cartao=pc_[A-Za-z0-9_-]+$`));
  await expect(page.locator('[data-toast="success"]', { hasText: 'Cartão adicionado!' })).toBeVisible();
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
  await expect(step.getByRole('heading', { level: 1 })).toHaveText('Validar cartão');
  await expect(step.locator('[data-card-last4]')).toHaveText(`•••• ${card.last4}`);
  await expect(step.locator('[data-charge-range]')).toContainText('R$\u00a00,01');
  await expect(step.locator('[data-charge-range]')).toContainText('R$\u00a05,00');
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);

  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  const cvvField = cvv.getByLabel('CVV');
  await expect(cvvField).toHaveAttribute('inputmode', 'numeric');
  // Decisions #8: 3 digits for Visa (4 only for American Express).
  await expect(cvvField).toHaveAttribute('maxlength', '3');
  if (isMobile(page)) await expect(cvvField).toBeFocused();
  else await expect(cvvField).not.toBeFocused();
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv.locator('[data-field-error="cvv"]')).toHaveText('Por favor, insira um CVV válido com 3 ou 4 dígitos.');
  await cvvField.fill('12');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv.locator('[data-field-error="cvv"]')).toHaveText('Por favor, insira um CVV válido com 3 ou 4 dígitos.');
  expect(await axeProblems(page, '[data-cvv-modal]')).toEqual([]);
  // Cancelar closes the modal and charges nothing: the start step stays, with the keyboard back on
  // 'Iniciar validação', and the card's statement has no line [R-2.86].
  await cvvField.fill('123');
  await cvv.getByRole('button', { name: 'Cancelar' }).click();
  await expect(cvv).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-validar\\?cartao=`));
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
  await expect(step.getByRole('button', { name: 'Iniciar validação' })).toBeFocused();
  expect((await outboxMessages(request)).filter((m) => m.channel === 'card-statement' && m.recipient.endsWith(card.last4))).toEqual([]);
  // Confirmar sends the code: the charge is made and the amount step follows [R-2.86].
  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  await expect(cvvField).toHaveValue('');
  await cvvField.fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();

  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-valor\\?cartao=`));
  await expect(step.locator('[data-statement-hint]')).toContainText('extrato ou no aplicativo do seu banco');
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);
  const amount = await chargedAmount(request, card.last4);
  expect(amount.cents).toBeGreaterThanOrEqual(1);
  expect(amount.cents).toBeLessThanOrEqual(500);
  const field = step.getByLabel('Valor cobrado (R$)');
  await field.pressSequentially(typed(amount.cents));
  await expect(field).toHaveValue(amount.reais);
  await step.getByRole('button', { name: 'Validar cartão' }).click();

  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-confirmado\\?cartao=`));
  await expect(step.getByRole('heading', { level: 1 })).toHaveText('Cartão validado com sucesso');
  await expect(page.locator('[data-toast="success"]', { hasText: 'Cartão Validado com sucesso!' })).toBeVisible();
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);

  await step.getByRole('link', { name: 'Ir para a carteira' }).click();
  await expect(page.locator('[data-wallet]')).toHaveAttribute('data-wallet-status', 'ready');
  const row = page.locator('[data-wallet-card]');
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-card-status]')).toHaveText('Validado');
  await expect(row.locator('[data-card-brand]')).toHaveText('Visa');
  await expect(row.locator('[data-card-expiry]')).toHaveText('Validade 12/31');
  await expect(row.locator('[data-card-pending]')).toHaveCount(0);
  // The brand picture is the storefront's own drawing, at the width the row gives it, loaded from
  // the storefront's origin as a vector that stays sharp at any width and screen density (R-7.74 as
  // docs/decisions-product.md settles it).
  const brand = row.locator('img[data-card-brand-image="visa"]');
  await expect(brand).toHaveAttribute('src', '/card-brands/visa.svg');
  await expect(brand).toHaveJSProperty('complete', true);
  expect(
    await brand.evaluate((img: HTMLImageElement) => ({
      loaded: img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
      origin: new URL(img.currentSrc).origin === location.origin,
    })),
  ).toEqual({ loaded: true, width: 48, height: 32, origin: true });
  const svg = await request.get('/card-brands/visa.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).toMatch(/^<svg [^>]*viewBox="0 0 48 32"/);
  expect(await axeProblems(page, '[data-wallet]')).toEqual([]);

  // The local copy is ciphertext: neither the holder nor the digits can be read in it [R-3.9].
  const stored = await page.evaluate((id) => localStorage.getItem(`cards:${id}`), registered.establishmentId);
  expect(stored).toBeTruthy();
  expect(stored).not.toContain('MARIA');
  expect(stored).not.toContain(card.last4);
  const everything = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(everything).not.toContain(card.number.replace(/ /g, ''));

  await page.getByRole('button', { name: 'Validar cartão' }).click();
  const list = page.getByRole('dialog', { name: 'Cartões cadastrados' });
  await expect(list.locator('[data-saved-card]')).toHaveCount(1);
  await expect(list.locator('[data-saved-card-validate]')).toHaveCount(0);
});

test('wrong amounts, one message each: the tries left under the field (no toast), the field emptied, the last-attempt warning and modal, then the attempts-exceeded page and no toast; the wallet disables Verificação Pendente and adding cards and says whom to call [R-2.87] [R-2.88] [R-2.90] [R-4.20] [R-5.11] [R-8.36] [R-8.37] [R-8.38] [R-8.39] [R-8.40] [R-8.41] [R-2.18] [R-2.91] [R-6.6] [R-6.7] [R-6.8] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  // A long journey with an accessibility check at each screen.
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Tito Tentativas');
  await recordToasts(context);
  const card = capturedTestCard();
  const saved = await saveCardByApi(request, registered, card.number);
  const wallet = await openWallet(page);
  const row = wallet.locator(`[data-wallet-card="${saved._id}"]`);
  await expect(row.locator('[data-card-status]')).toHaveText('Não validado');
  // The saved-cards modal offers the pending card's validation [R-2.87] [R-2.88].
  await wallet.getByRole('button', { name: 'Validar cartão' }).click();
  const list = page.getByRole('dialog', { name: 'Cartões cadastrados' });
  await expect(list.locator(`[data-saved-card="${saved._id}"] [data-card-last4]`)).toHaveText(`•••• ${card.last4}`);
  await expect(list.getByRole('link', { name: `Validar o cartão Visa •••• ${card.last4}` })).toHaveAttribute(
    'href',
    `/${SLUG}/cartao-validar?cartao=${saved._id}`,
  );
  expect(await axeProblems(page, '[data-saved-cards]')).toEqual([]);
  await list.locator('[data-dialog-close]').click();
  await row.getByRole('link', { name: 'Verificação Pendente' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-validar\\?cartao=${saved._id}$`));
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await charge(page, step);

  // A card already charged skips the charge: cartao-validar shows the amount [R-4.20].
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  await expect(step.locator('[data-card-step="amount"]')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-valor\\?cartao=${saved._id}$`));

  const { cents } = await chargedAmount(request, card.last4);
  const field = step.getByLabel('Valor cobrado (R$)');
  const submit = step.getByRole('button', { name: 'Validar cartão' });
  const errors = step.locator('[data-amount-error-line]');
  await submit.click();
  await expect(errors).toHaveText(['Informe um valor maior que zero.']);

  // Each wrong amount is said once, under the field: 'Valor incorreto' and the tries left; no toast.
  const amountAnswer = () => page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/cards\/verification\//.test(r.url()));
  let answered = amountAnswer();
  await field.pressSequentially(typed(wrongOf(cents)));
  await submit.click();
  expect((await answered).status()).toBe(400);
  await expect(errors).toHaveText(['Valor incorreto', '2 tentativas restantes']);
  await expect(step.locator('[role="alert"]')).toHaveCount(1);
  await expect(field).toHaveValue('');
  expect(await toastsShown(page)).toEqual([]);
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);

  answered = amountAnswer();
  await field.pressSequentially(typed(wrongOf(cents) + 1));
  await submit.click();
  expect((await answered).status()).toBe(400);
  await expect(errors).toHaveText(['Valor incorreto', '1 tentativa restante']);
  await expect(step.locator('[role="alert"]')).toHaveCount(1);
  await expect(field).toHaveValue('');
  await expect(step.locator('[data-last-attempt-warning]')).toHaveText('Você não poderá mais cadastrar cartões');
  expect(await toastsShown(page)).toEqual([]);

  await field.pressSequentially(typed(wrongOf(cents) + 2));
  await submit.click();
  const last = page.getByRole('alertdialog', { name: 'Última Tentativa de Validação' });
  await expect(last).toContainText('Se o valor estiver incorreto, você não poderá mais cadastrar cartões.');
  expect(await axeProblems(page, '[data-last-attempt]')).toEqual([]);
  // Going back sends nothing; the value is still there to check.
  await last.getByRole('button', { name: 'Conferir o valor' }).click();
  await expect(last).toBeHidden();
  await expect(field).toHaveValue(reais(wrongOf(cents) + 2));
  await expect(step.locator('[data-last-attempt-warning]')).toBeVisible();
  await submit.click();
  answered = amountAnswer();
  await last.getByRole('button', { name: 'Enviar valor' }).click();
  expect((await answered).status()).toBe(403);

  // The third: the blocked page says it, and nothing else does.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-tentativas-excedidas\\?cartao=${saved._id}$`));
  await expect(step.getByRole('heading', { level: 1 })).toHaveText('Você atingiu o limite de tentativas de validação');
  expect(await toastsShown(page)).toEqual([]);
  await expect(step.locator('[data-support-phone]')).toHaveAttribute('href', 'tel:+551332194400');
  await expect(step.locator('[data-support-phone]')).toHaveText('(13) 3219-4400');
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);

  // Validation cannot start again [R-6.7].
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  await expect(step.locator('[data-card-step="exceeded"]')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-tentativas-excedidas\\?cartao=${saved._id}$`));
  await expect(step.getByRole('button', { name: 'Iniciar validação' })).toHaveCount(0);

  const after = await openWallet(page);
  await expect(after.locator(`[data-wallet-card="${saved._id}"]`).getByRole('button', { name: 'Verificação Pendente' })).toBeDisabled();
  await expect(after.getByRole('button', { name: 'Adicionar cartão' })).toBeDisabled();
  const notice = after.locator('[data-blacklist-notice]');
  await expect(notice).toContainText('Você atingiu o limite de tentativas de validação');
  await expect(notice.locator('[data-support-phone]')).toHaveAttribute('href', 'tel:+551332194400');
  expect(await axeProblems(page, '[data-wallet]')).toEqual([]);
  await after.getByRole('button', { name: 'Validar cartão' }).click();
  await expect(page.getByRole('dialog', { name: 'Cartões cadastrados' }).locator('[data-saved-card-validate]')).toHaveCount(0);
});

test('a declined card saves, but its charge is refused: the problem is said once, on screen (no toast), with no error page [R-8.32] [R-8.82] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Dora Recusa');
  const saved = await saveCardByApi(request, registered, '4000 0000 0000 0515');
  await recordToasts(context);
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv).toBeHidden();
  await expect(step.locator('[data-card-declined]')).toHaveText('vixi, problema com o cartão, consulte seu banco!');
  await expect(step.locator('[role="alert"]')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/cartao-validar\\?cartao=${saved._id}$`));
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
  expect(await toastsShown(page)).toEqual([]);
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);
});

test('a charge refused for another reason than the issuer’s (the gateway no longer knows the card): one message, the toast, and nothing on screen [R-8.33] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Gilda Gateway');
  const saved = await saveCardByApi(request, registered, capturedTestCard().number);
  // The sandbox acquirer forgets the card, as a gateway does a card removed on its side.
  const db = new Database(join(dataDir, 'storefront.sqlite'));
  try {
    db.prepare("update payment_sandbox_cards set outcome = 'removed' where token = (select gateway_token from payment_cards where id = ?)").run(saved._id);
  } finally {
    db.close();
  }
  await recordToasts(context);
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/cards/purchase-verification'));
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  expect(await (await answered).json()).toEqual({ message: 'invalid_payment_card' });
  await expect(cvv).toBeHidden();
  await expect(page.locator('[data-toast="error"]', { hasText: 'Não foi possível validar o cartão. Verifique seus dados e tente novamente!' })).toBeVisible();
  expect(await toastsShown(page)).toEqual(['error: Não foi possível validar o cartão. Verifique seus dados e tente novamente!']);
  await expect(step.locator('[data-card-declined]')).toHaveCount(0);
  await expect(step.locator('[data-card-step="start"] [role="alert"]')).toHaveCount(0);
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
});

test('an amount the server never answered (the connection dropped): one message, the toast "Verifique o valor inserido!", nothing under the field, no try spent; sent again it validates [R-8.34] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Rui Rede');
  const card = capturedTestCard();
  const saved = await saveCardByApi(request, registered, card.number);
  await recordToasts(context);
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await charge(page, step);
  const { cents } = await chargedAmount(request, card.last4);
  const field = step.getByLabel('Valor cobrado (R$)');
  const submit = step.getByRole('button', { name: 'Validar cartão' });
  // The phone loses its connection as the amount leaves: the request never reaches the server.
  await page.route('**/api/cards/verification/**', (route) => route.abort('internetdisconnected'));
  await field.pressSequentially(typed(cents));
  await submit.click();
  await expect(page.locator('[data-toast="error"]', { hasText: 'Não foi possível validar o cartão. Verifique o valor inserido!' })).toBeVisible();
  expect(await toastsShown(page)).toEqual(['error: Não foi possível validar o cartão. Verifique o valor inserido!']);
  await expect(step.locator('[data-amount-error-line]')).toHaveCount(0);
  await expect(step.locator('[data-card-step="amount"]')).toBeVisible();

  // Back online, the same amount goes and validates the card: the failure spent none of its tries.
  await page.unroute('**/api/cards/verification/**');
  await field.fill('');
  await field.pressSequentially(typed(cents));
  await submit.click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'Cartão Validado com sucesso!' })).toBeVisible();
});

test('a card past its validations of the day: the start step and a toast say so in Portuguese (429 too_many_validations) @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Dora Limite');
  const saved = await saveCardByApi(request, registered, '4000 0000 0000 0515');
  // Three charges today already (declined ones count: each reached the card).
  for (let i = 0; i < 3; i++) expect((await startValidationByApi(request, registered, saved._id)).status()).toBe(403);
  await page.goto(`/${SLUG}/cartao-validar?cartao=${saved._id}`);
  const step = page.locator('[data-card-step-page][data-hydrated]');
  await step.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cvv).toBeHidden();
  const text = 'Você já fez muitas validações de cartão hoje. Tente novamente mais tarde.';
  await expect(step.locator('[data-card-too-many]')).toHaveText(text);
  await expect(page.locator('[data-toast="error"]', { hasText: text })).toBeVisible();
  await expect(step.locator('[data-card-declined]')).toHaveCount(0);
  await expect(step.locator('[data-card-step="start"]')).toBeVisible();
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);
});

test('"Adicionar cartão" opens the drawer only once the phone and then the e-mail are verified, saying why and offering both verifications there [R-2.83] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered: Registered = await logIn(context, request, SLUG, info, 'Vito Verifica');
  let wallet = await openWallet(page);
  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  await expect(page.getByRole('dialog', { name: 'Meus Cartões' })).toHaveCount(0);
  const needs = wallet.locator('[data-wallet-needs-contacts]');
  await expect(needs).toContainText('Para adicionar um cartão, confirme primeiro o seu celular e depois o seu e-mail. Falta confirmar o seu celular.');
  await expect(needs.locator('[data-contact-verification] [data-phone-open]')).toBeVisible();
  expect(await axeProblems(page, '[data-wallet]')).toEqual([]);

  await verifyContacts(request, registered, 'phone');
  wallet = await openWallet(page);
  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  await expect(page.getByRole('dialog', { name: 'Meus Cartões' })).toHaveCount(0);
  await expect(wallet.locator('[data-wallet-needs-contacts]')).toContainText('Falta confirmar o seu e-mail.');
  await expect(wallet.locator('[data-wallet-needs-contacts] [data-email-send]')).toBeVisible();

  const headers = { ...API_HEADERS, Authorization: `Bearer ${registered.token}` };
  await request.post('/api/users/email/validate/create', { headers, data: { email: registered.customer.email } });
  const code = await outboxCode(request, registered.customer.email, 'email');
  expect((await request.put('/api/users/email/validate', { headers, data: { email: registered.customer.email, code } })).status()).toBe(200);
  wallet = await openWallet(page);
  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  await expect(page.getByRole('dialog', { name: 'Meus Cartões' })).toBeVisible();
});

test('bad input in every field of the drawer gets its Portuguese message under the field; the masks and lengths hold [R-5.1] [R-5.2] [R-5.3] [R-5.4] [R-5.5] [R-5.6] [R-5.7] [R-5.8] [R-8.29] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  await logInVerified(context, request, SLUG, info, 'Bia Bagunça');
  const wallet = await openWallet(page);
  await wallet.getByRole('button', { name: 'Adicionar cartão' }).click();
  const drawer = page.getByRole('dialog', { name: 'Meus Cartões' });
  const number = drawer.getByLabel('Número do cartão');
  const validity = drawer.getByLabel('Validade (mm/aa)');
  const cvv = drawer.getByLabel('Código de segurança');
  const doc = drawer.getByLabel('CPF/CNPJ do titular');
  const save = drawer.getByRole('button', { name: 'Salvar novo cartão' });
  const error = (field: string) => drawer.locator(`[data-field-error="${field}"]`);

  await expect(number).toHaveAttribute('maxlength', '19');
  await expect(validity).toHaveAttribute('maxlength', '5');
  await expect(cvv).toHaveAttribute('maxlength', '3');
  await expect(doc).toHaveAttribute('maxlength', '18');
  await number.pressSequentially('40000000000000019999');
  await expect(number).toHaveValue('4000 0000 0000 0001');
  await validity.pressSequentially('0220');
  await expect(validity).toHaveValue('02/20');
  await cvv.pressSequentially('12');
  await doc.pressSequentially('123456');
  await expect(doc).toHaveValue('123.456');
  await save.click();
  await expect(error('number')).toHaveText('Número do cartão inválido.');
  await expect(error('holder')).toHaveText('Informe o nome do titular do cartão.');
  await expect(error('validity')).toHaveText('Validade inválida: use mês e ano, como 08/29.');
  await expect(error('securityCode')).toHaveText('Por favor, insira um CVV válido com 3 ou 4 dígitos.');
  await expect(error('document')).toHaveText('CPF/CNPJ incompleto');
  await expect(number).toBeFocused();
  expect(await axeProblems(page, '[data-add-card-drawer]')).toEqual([]);

  // Before the current month: the card is expired [R-5.1]; a CPF with a wrong check digit [R-5.3].
  await validity.fill('01/21');
  await doc.fill('111.111.111-11');
  await save.click();
  await expect(error('validity')).toHaveText('Cartão vencido: a validade é anterior ao mês atual.');
  await expect(error('document')).toHaveText('CPF/CNPJ inválido');

  // American Express takes 4 digits (decisions #8).
  await number.fill('3700 0000 0000 002');
  await expect(cvv).toHaveAttribute('maxlength', '4');
  await number.fill('4000 0000 0000 0002');
  await expect(cvv).toHaveAttribute('maxlength', '3');

  // The server's refusal of a card it will not keep twice: the toast and the reason [R-8.29].
  await drawer.getByLabel('Nome do titular').fill('Maria');
  await validity.fill('1231');
  await cvv.fill('123');
  await doc.fill(uniqueCpf());
  await save.click();
  await expect(page).toHaveURL(/cartao-validar/);
  await openWallet(page);
  await page.getByRole('button', { name: 'Adicionar cartão' }).click();
  await fillCard(drawer, '4000 0000 0000 0002');
  await save.click();
  await expect(
    page.locator('[data-toast="error"]', { hasText: 'Houve um erro ao cadastrar o cartão. Por favor, verifique os dados e tente novamente.' }),
  ).toBeVisible();
  await expect(drawer.locator('[data-form-error]')).toHaveText('Este cartão já está cadastrado na sua carteira.');
  // The number and the CVV left the form with the send.
  await expect(number).toHaveValue('');
  await expect(cvv).toHaveValue('');
});

test('in the checkout: online payment, then a card added and validated as overlays over it; the card is chosen and nothing else of the order is lost [R-2.92] [R-2.82] [R-2.114] [R-4.26] [R-2.100] [R-2.101]', async ({
  page,
  request,
  context,
}, info) => {
  // A long journey with an accessibility check at each screen.
  test.setTimeout(60_000);
  const registered = await logInVerified(context, request, SLUG, info, 'Olga Online');
  const card = capturedTestCard();
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const url = page.url();
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  await expect(payment.getByRole('button', { name: 'Pagar on-line' })).toHaveAttribute('aria-pressed', 'true');
  const selector = payment.locator('[data-card-selector]');
  await expect(selector.locator('[data-card-selector-empty]')).toBeVisible();
  expect(await axeProblems(page, '[data-card-selector]')).toEqual([]);

  await selector.getByRole('button', { name: 'Adicionar cartão' }).click();
  const drawer = page.getByRole('dialog', { name: 'Meus Cartões' });
  await fillCard(drawer, card.number);
  await drawer.getByRole('button', { name: 'Salvar novo cartão' }).click();
  await expect(page.locator('[data-toast="success"]', { hasText: 'Cartão adicionado!' })).toBeVisible();
  await expect(drawer).toBeHidden();
  // Nothing navigated: the validation runs over the checkout [R-2.82, R-2.114].
  expect(page.url()).toBe(url);
  const overlay = page.getByRole('dialog', { name: 'Validar cartão' });
  await expect(overlay.locator('[data-card-step="start"]')).toBeVisible();
  expect(await axeProblems(page, '[data-card-validation-overlay]')).toEqual([]);
  await charge(page, overlay);
  expect(await axeProblems(page, '[data-card-validation-overlay]')).toEqual([]);
  const { cents } = await chargedAmount(request, card.last4);
  await overlay.getByLabel('Valor cobrado (R$)').pressSequentially(typed(cents));
  await overlay.getByRole('button', { name: 'Validar cartão' }).click();
  await expect(overlay.locator('[data-card-step="confirmed"]')).toContainText('Cartão validado com sucesso');
  await expect(page.locator('[data-toast="success"]', { hasText: 'Cartão Validado com sucesso!' })).toBeVisible();
  expect(await axeProblems(page, '[data-card-validation-overlay]')).toEqual([]);
  await overlay.getByRole('button', { name: 'Continuar' }).click();
  await expect(overlay).toBeHidden();
  expect(page.url()).toBe(url);

  // The validated card is chosen; the order is as it was.
  await expect(selector.getByRole('radiogroup', { name: 'Cartão para pagar' }).getByRole('radio', { name: `Visa •••• ${card.last4}` })).toBeChecked();
  await expect(checkout).toBeVisible();
  await expect(checkout.getByRole('radio', { name: /Retirar no local/ })).toBeChecked();
  await expect(checkout.locator('[data-checkout-line]')).toContainText('Azeite de Oliva Extravirgem (500 ml)');
  const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null'), registered.establishmentId);
  expect(draft.payment_type).toBe('online');
  expect(draft.products).toHaveLength(1);
  expect(draft.delivery_type).toBe('pickup');
  expect(Object.keys(draft.payment_card).sort()).toEqual(['_id', 'brand', 'display_number', 'due_month', 'due_year', 'holder', 'token_id']);
  expect(draft.payment_card.display_number).toBe(`•••• ${card.last4}`);
  expect(JSON.stringify(draft)).not.toContain(card.number.replace(/ /g, ''));
  expect(await axeProblems(page, '[data-checkout="customer"]')).toEqual([]);
});

test('in the checkout a pending card is listed but cannot be chosen; its refused charge closes the overlay and the checkout says why, once [R-4.26] [R-4.27] [R-8.32] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Pedro Pendente');
  const saved = await saveCardByApi(request, registered, '4000 0000 0000 0515');
  await recordToasts(context);
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  const selector = payment.locator('[data-card-selector]');
  await expect(selector.getByRole('radio', { name: 'Visa •••• 0515' })).toBeDisabled();
  await expect(selector.locator(`[data-card-option="${saved._id}"] [data-card-pending]`)).toHaveText('Validação pendente');
  await selector.getByRole('button', { name: 'Validar o cartão Visa •••• 0515' }).click();
  const overlay = page.getByRole('dialog', { name: 'Validar cartão' });
  await overlay.getByRole('button', { name: 'Iniciar validação' }).click();
  const cvv = page.getByRole('dialog', { name: 'Informar CVV' });
  await cvv.getByLabel('CVV').fill('123');
  // (The cart said its own toasts before; the refused charge adds none.)
  const before = (await toastsShown(page)).length;
  await cvv.getByRole('button', { name: 'Confirmar' }).click();
  await expect(overlay).toBeHidden();
  await expect(selector.locator('[data-card-declined]')).toHaveText('vixi, problema com o cartão, consulte seu banco!');
  expect((await toastsShown(page)).slice(before)).toEqual([]);
  await expect(checkout).toBeVisible();
  const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`draft:${id}`) ?? 'null'), registered.establishmentId);
  expect(draft.payment_card).toBeNull();
});

test('the validation pages: on demand for the customer and never stored; no card leads to the wallet; a visitor logs in first and comes back [R-2.14] [R-2.16] [R-2.17] [R-2.18] [R-2.21] @one-viewport', async ({
  page,
  request,
}) => {
  for (const route of ['cartao-validar', 'cartao-valor', 'cartao-confirmado', 'cartao-tentativas-excedidas']) {
    const res = await request.get(`/${SLUG}/${route}?cartao=pc_abc`, { maxRedirects: 0 });
    expect(res.status(), route).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers()['x-robots-tag']).toBe('noindex');
    expect(res.headers()['x-page-cache']).toBeUndefined();
  }
  for (const route of ['cartao-validar', 'cartao-valor', 'cartao-confirmado']) {
    const res = await request.get(`/${SLUG}/${route}`, { maxRedirects: 0 });
    expect(res.status(), route).toBe(302);
    expect(res.headers().location).toBe(WALLET);
  }
  await page.goto(`/${SLUG}/cartao-valor?cartao=pc_abc`);
  await expect(page).toHaveURL(`/${SLUG}/minha-conta?voltar=${encodeURIComponent(`/${SLUG}/cartao-valor?cartao=pc_abc`)}`);
});

test('the store status updater leaves the wallet’s cards alone: past its ticks a verified card is still verified, and the page throws nothing @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Vera Validada');
  const card = await verifiedCardByApi(request, registered, capturedTestCard().number);
  const thrown: string[] = [];
  page.on('pageerror', (err) => thrown.push(err.message));
  await page.clock.install();
  const wallet = await openWallet(page);
  const row = wallet.locator(`[data-wallet-card="${card._id}"]`);
  await expect(row).toHaveAttribute('data-status', 'verified');
  // Three of the updater's 3-second ticks go by (src/page-scripts/status.ts).
  await page.clock.runFor(10_000);
  // It ran: the store's label says Mercado Sol Centro (open 24 h) is open...
  const label = page.locator('[data-store-status]:visible').first();
  await expect(label).toHaveAttribute('data-status', 'online');
  await expect(label.locator('[data-status-online]')).toHaveText('Aberto');
  // ...and touched nothing else: the card is as the wallet drew it.
  await expect(row).toHaveAttribute('data-status', 'verified');
  await expect(row.locator('[data-card-status]')).toHaveText('Validado');
  expect(thrown).toEqual([]);
});

/** POST /api/v2/cards/verification with a card sealed as the storefront seals it, whatever the answer. */
async function trySaveCard(request: APIRequestContext, token: string, userId: string) {
  const key = (await (await request.get('/api/cards/encryption-key', { headers: API_HEADERS })).json()) as EncryptionKeyAnswer;
  const card = {
    number: capturedTestCard().number,
    security_code: '123',
    due_month: 12,
    due_year: 2031,
    holder: 'Maria da Silva',
    payment_card_document: uniqueCpf(),
  };
  const box = seal(JSON.stringify(card), { kid: key.kid, publicKey: fromBase64Url(key.public_key) }, cardSealContext(userId));
  const res = await request.post('/api/v2/cards/verification', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` }, data: { card: box } });
  return { status: res.status(), body: (await res.json()) as unknown };
}

const OFFLINE_NOTICE = [
  'Esta loja não aceita pagamento on-line com cartão',
  'Por isso, aqui não é possível adicionar nem validar cartões, e nenhum valor é cobrado no seu cartão. Ao finalizar o pedido, escolha uma das formas de pagamento que a loja oferece.',
];

test('where online payment is off (Pizzaria Bella), the wallet says so and offers neither adding nor validating a card; the server refuses to save one there [R-6.14] [R-2.20] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, 'pizzaria-bella', info, 'Bruno Bella');
  await page.goto('/pizzaria-bella/minha-conta/carteira');
  const wallet = page.locator('[data-wallet]');
  await expect(wallet).toHaveAttribute('data-wallet-status', 'ready');
  await expect(wallet).toHaveAttribute('data-wallet-online', 'off');
  await expect(wallet.locator('[data-wallet-online-off] p')).toHaveText(OFFLINE_NOTICE);
  // No invitation to save cards 'para pagar on-line', nothing to add or validate.
  await expect(wallet).not.toContainText('para pagar on-line');
  await expect(wallet.getByRole('button', { name: 'Adicionar cartão' })).toHaveCount(0);
  await expect(wallet.getByRole('button', { name: 'Validar cartão' })).toHaveCount(0);
  await expect(wallet.locator('[data-wallet-empty]')).toHaveText('Você não possui nenhum cartão cadastrado');
  expect(await axeProblems(page, '[data-wallet]')).toEqual([]);

  const refused = await trySaveCard(request, registered.token, registered.userId);
  expect(refused).toEqual({ status: 403, body: { message: 'online_payment_not_available' } });
  await page.reload();
  await expect(page.locator('[data-wallet]')).toHaveAttribute('data-wallet-status', 'ready');
  await expect(page.locator('[data-wallet-empty]')).toBeVisible();
});

test('a card saved where online payment is on is listed where it is off (Mercado Sol Praia) but not validated there: no Verificação Pendente, the validation page says why, the server charges nothing [R-6.14] @one-viewport', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Paulo Praia');
  const pending = await saveCardByApi(request, registered, capturedTestCard().number);
  const verified = await verifiedCardByApi(request, registered, capturedTestCard().number);
  // The same account at Praia, Mercado Sol's establishment without online payment.
  const praia = await storeId(request, 'mercado-sol-praia');
  const login = await request.post('/api/auth/login', {
    headers: { ...API_HEADERS, 'X-Forwarded-For': registered.customer.address },
    data: { establishment_id: praia, login: registered.customer.email, password: registered.customer.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const sid = login.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`sid_${praia}=`))!;
  const token = decodeURIComponent(sid.value.split(';')[0]!.split('=')[1]!);
  await useSession(context, praia, token);

  await page.goto('/mercado-sol-praia/minha-conta/carteira');
  const wallet = page.locator('[data-wallet]');
  await expect(wallet).toHaveAttribute('data-wallet-status', 'ready');
  await expect(wallet.locator('[data-wallet-online-off] p')).toHaveText(OFFLINE_NOTICE);
  await expect(wallet.locator('[data-wallet-card]')).toHaveCount(2);
  const pendingRow = wallet.locator(`[data-wallet-card="${pending._id}"]`);
  await expect(pendingRow.locator('[data-card-status]')).toHaveText('Não validado');
  await expect(pendingRow.locator('[data-card-pending]')).toHaveCount(0);
  await expect(wallet.locator(`[data-wallet-card="${verified._id}"] [data-card-status]`)).toHaveText('Validado');
  // Deleting stays possible.
  await expect(pendingRow.getByRole('button', { name: `Excluir o cartão Visa •••• ${pending.last4}` })).toBeVisible();
  expect(await axeProblems(page, '[data-wallet]')).toEqual([]);

  await page.goto(`/mercado-sol-praia/cartao-validar?cartao=${pending._id}`);
  const step = page.locator('[data-card-step-page][data-hydrated]');
  const off = step.locator('[data-card-step="online-off"]');
  await expect(off.getByRole('heading', { level: 1 })).toHaveText('Validar cartão');
  await expect(off).toContainText(OFFLINE_NOTICE[0]!);
  await expect(off.getByRole('link', { name: 'Ir para a carteira' })).toHaveAttribute('href', '/mercado-sol-praia/minha-conta/carteira');
  await expect(step.getByRole('button', { name: 'Iniciar validação' })).toHaveCount(0);
  expect(await axeProblems(page, '[data-card-step-page]')).toEqual([]);

  // The server starts no validation there: nothing charged.
  const started = await startValidationByApi(request, { ...registered, establishmentId: praia, token }, pending._id);
  expect([started.status(), await started.json()]).toEqual([403, { message: 'online_payment_not_available' }]);
  expect((await outboxMessages(request)).filter((m) => m.channel === 'card-statement' && m.recipient.endsWith(pending.last4))).toEqual([]);
});
