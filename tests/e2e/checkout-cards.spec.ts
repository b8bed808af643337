// Paying by a saved card in the checkout, on the phone and the desktop, against the real server and
// its sandbox acquirer (Mercado Sol Centro takes cards): the cards as a list of rows to tap, each
// with its brand, last 4 digits and expiry, worked from the keyboard as a radio group, a pending
// card listed but not choosable; then the CVV sheet saying what is paid and to whom, with a field
// and buttons of a thumb's size on a phone. Each test registers its own customer.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { formatBRL } from '../../src/domain/money.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import { capturedTestCard, isMobile, logInVerified, mercadoSolPickupCheckout, type Registered, saveCardByApi, verifiedCardByApi } from './helpers.ts';

const SLUG = 'mercado-sol-centro';

test.describe.configure({ timeout: 90_000 });

/** The card validated through the API as a customer does it: the micro-charge, then the amount read on the statement. */
const verifiedCard = (request: APIRequestContext, registered: Registered): Promise<CardView> =>
  verifiedCardByApi(request, registered, capturedTestCard().number);

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const draftOf = (page: Page, establishmentId: string) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `draft:${establishmentId}`) as Promise<Draft>;

test('saved cards are rows to tap, each with brand, last 4 digits and expiry; a radio group from the keyboard; a pending card is listed but cannot be chosen [R-2.92] [R-4.26]', async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Carla Cartões');
  const first = await verifiedCard(request, registered);
  const second = await verifiedCard(request, registered);
  const pending = await saveCardByApi(request, registered, '4000 0000 0000 0515');
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();

  // No dropdown: a radio group named for what it chooses, one row per card.
  const group = payment.getByRole('radiogroup', { name: 'Cartão para pagar' });
  await expect(group).toBeVisible();
  await expect(payment.locator('select')).toHaveCount(0);
  await expect(group.getByRole('radio')).toHaveCount(3);
  for (const card of [first, second]) {
    const row = group.locator(`[data-card-option="${card._id}"]`);
    await expect(row.locator('[data-card-brand]')).toHaveText('Visa');
    await expect(row.locator('[data-card-last4]')).toHaveText(`•••• ${card.last4}`);
    await expect(row.locator('[data-card-expiry]')).toHaveText('Validade 12/31');
    await expect(row.locator('[data-card-brand-image]')).toBeVisible();
    // What a screen reader reads for it: brand, last digits and expiry.
    await expect(group.getByRole('radio', { name: `Visa •••• ${card.last4} Validade 12/31` })).toBeEnabled();
    // A row a thumb can hit.
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(56);
  }
  await expect(group.getByRole('radio', { name: 'Visa •••• 0515' })).toBeDisabled();
  await expect(group.locator(`[data-card-option="${pending._id}"] [data-card-pending]`)).toHaveText('Validação pendente');
  await expect(payment.getByRole('button', { name: 'Validar o cartão Visa •••• 0515' })).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Adicionar cartão' })).toBeVisible();
  expect(await axeProblems(page, '[data-card-selector]')).toEqual([]);

  // One tap anywhere on the row's card chooses it.
  await group.locator(`[data-card-option="${second._id}"] [data-card-label]`).click();
  await expect(group.getByRole('radio', { name: `Visa •••• ${second.last4}` })).toBeChecked();
  await expect(group.locator(`[data-card-option="${second._id}"]`)).toHaveAttribute('data-selected', 'true');
  expect((await draftOf(page, registered.establishmentId)).payment_card?._id).toBe(second._id);

  // The keyboard: the arrows move between the cards that can pay, choosing as they go, and skip
  // the pending one (listed newest first, wherever it stands).
  const listed = await group.locator('[data-card-option]').evaluateAll((els) => els.map((el) => el.getAttribute('data-card-option')!));
  expect(listed.sort()).toEqual([first._id, second._id, pending._id].sort());
  const radio = (id: string) => group.locator(`[data-card-option="${id}"] [data-card-radio]`);
  await radio(second._id).focus();
  await page.keyboard.press('ArrowDown');
  await expect(radio(first._id)).toBeChecked();
  await expect(radio(first._id)).toBeFocused();
  await expect(radio(second._id)).not.toBeChecked();
  expect((await draftOf(page, registered.establishmentId)).payment_card?._id).toBe(first._id);
  await page.keyboard.press('ArrowDown');
  await expect(radio(second._id)).toBeChecked();
  await expect(radio(second._id)).toBeFocused();
  expect((await draftOf(page, registered.establishmentId)).payment_card?._id).toBe(second._id);
  await page.keyboard.press('ArrowUp');
  await expect(radio(first._id)).toBeChecked();
  await expect(radio(pending._id)).not.toBeChecked();
});

test("the CVV sheet says what is paid and to whom, 'Pagar R$ … a Mercado Sol — Centro com Visa •••• …'; on a phone it sits at the bottom with a full-width field, focused, and full-width buttons; Cancelar sends nothing, Confirmar pays the order, sent with an Idempotent-Key [R-2.84] [R-2.85] [R-2.86] [R-7.4]", async ({
  page,
  request,
  context,
}, info) => {
  const registered = await logInVerified(context, request, SLUG, info, 'Paulo Pagamento');
  const card = await verifiedCard(request, registered);
  const checkout = await mercadoSolPickupCheckout(page, request, registered.establishmentId);
  const payment = checkout.locator('[data-section="payment"]');
  await payment.getByRole('button', { name: 'Pagar on-line' }).click();
  await payment.getByRole('radio', { name: `Visa •••• ${card.last4}` }).check();
  const total = Number(await checkout.locator('[data-send-total]').getAttribute('data-cents'));
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();

  const sheet = page.getByRole('dialog', { name: 'Informar CVV' });
  await expect(sheet).toBeVisible();
  const purpose = `Pagar ${formatBRL(total)} a Mercado Sol — Centro com Visa •••• ${card.last4}`;
  await expect(sheet.locator('[data-cvv-purpose]')).toHaveText(purpose);
  const field = sheet.getByLabel('CVV');
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`^${purpose.replace(/[$.*+?^()|[\]\\]/g, '\\$&')} O código de segurança do cartão Visa •••• ${card.last4}: os 3 dígitos no verso\\.$`),
  );
  const confirm = sheet.getByRole('button', { name: 'Confirmar' });
  const cancel = sheet.getByRole('button', { name: 'Cancelar' });
  const viewport = page.viewportSize()!;
  const box = (await sheet.boundingBox())!;
  const fieldBox = (await field.boundingBox())!;
  const confirmBox = (await confirm.boundingBox())!;
  expect(fieldBox.height).toBeGreaterThanOrEqual(48);
  expect(confirmBox.height).toBeGreaterThanOrEqual(48);
  if (isMobile(page)) {
    // A bottom sheet as tall as what it holds, not a bare full screen.
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    expect(box.height).toBeLessThan(viewport.height * 0.7);
    // The field and both buttons span the sheet; the field has the keyboard at once.
    expect(fieldBox.width).toBeGreaterThan(box.width * 0.8);
    expect(confirmBox.width).toBeGreaterThan(box.width * 0.8);
    expect((await cancel.boundingBox())!.width).toBeGreaterThan(box.width * 0.8);
    // Confirmar on top, under the thumb.
    expect(confirmBox.y).toBeLessThan((await cancel.boundingBox())!.y);
    await expect(field).toBeFocused();
  } else {
    // A centred card on a desktop.
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(box.height).toBeLessThan(viewport.height * 0.8);
  }
  expect(await axeProblems(page, '[data-cvv-modal]')).toEqual([]);

  // Cancelar closes the sheet and sends no order: the checkout stays as it was.
  const orderPosts: Array<string | undefined> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /^\/api\/establishments\/[^/]+\/orders$/.test(new URL(r.url()).pathname)) orderPosts.push(r.headers()['idempotent-key']);
  });
  await field.fill('123');
  await cancel.click();
  await expect(sheet).toBeHidden();
  await expect(checkout).toBeVisible();
  await expect(payment.getByRole('radio', { name: `Visa •••• ${card.last4}` })).toBeChecked();
  expect(orderPosts).toEqual([]);
  // Confirmar sends the order with the code, and it is paid.
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await expect(field).toHaveValue('');
  await field.fill('123');
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/pedido/[A-Za-z0-9_-]+$`));
  await expect(page.locator('[data-order-payment-status="paid"]')).toHaveText('Pago com cartão');
  // The card's order is sent with an Idempotent-Key as every order is.
  expect(orderPosts).toHaveLength(1);
  expect(orderPosts[0]).toMatch(/^\S{16,}$/);
});
