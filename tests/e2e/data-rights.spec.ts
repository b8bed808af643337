// The customer's data rights in 'Meus dados' (docs/privacy.md), on the phone and the desktop,
// against the real server: 'Baixar meus dados' saves a JSON copy of the account; 'Excluir minha
// conta' asks for the password, says in Portuguese what stops it (a wrong password, an order in
// progress) and asks for the customer's word before a credit balance is lost; once erased, the
// session is gone in the browser, the home says so, and the old password opens nothing.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { demoOrderPayload } from '../api/helpers/demo-order.ts';
import { API_HEADERS, isMobile, logIn, type Registered } from './helpers.ts';
import type { AccountExport } from '../../src/schemas/api-account-data.ts';

const SLUG = 'mercado-sol-centro';
const ACCOUNT = `/${SLUG}/minha-conta`;
const port = Number(process.env.E2E_PORT ?? 4399);
/** tests/e2e/server.ts's data folder: the seed wrote the establishments' API keys there. */
const dataDir = join(tmpdir(), `storefront-e2e-${port}`);

function establishmentKeyHeaders(): Record<string, string> {
  const keys = JSON.parse(readFileSync(join(dataDir, 'establishment-keys.json'), 'utf8')) as Record<string, string>;
  return { ...API_HEADERS, Authorization: `ApiKey ${keys[SLUG]}` };
}

async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function placeOrder(request: APIRequestContext, who: Registered, baseURL: string): Promise<string> {
  const placed = await request.post(`/api/establishments/${who.establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${who.token}`, 'Idempotent-Key': crypto.randomUUID() },
    data: await demoOrderPayload(baseURL, who.establishmentId),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { _id: string } }).order._id;
}

async function openMyData(page: Page) {
  await page.goto(ACCOUNT);
  await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
  const rights = page.locator('[data-data-rights]');
  await expect(rights.getByRole('heading', { name: 'Seus dados e privacidade' })).toBeVisible();
  return rights;
}

test('Baixar meus dados saves a JSON copy of the account with its profile and orders', async ({ page, context, request, baseURL }, info) => {
  const who = await logIn(context, request, SLUG, info, 'Vera Cópia Dados');
  const orderId = await placeOrder(request, who, baseURL!);
  const rights = await openMyData(page);
  expect(await axeProblems(page, '[data-data-rights]')).toEqual([]);
  const download = page.waitForEvent('download');
  await rights.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^meus-dados-${SLUG}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as AccountExport;
  expect(data.profile).toMatchObject({ name: 'Vera Cópia Dados', email: who.customer.email });
  expect(data.orders.map((o) => o._id)).toEqual([orderId]);
  await expect(page.locator('[data-toast="success"]', { hasText: 'Seus dados foram baixados.' })).toBeVisible();
});

test('Excluir minha conta asks for the password, says what stops it, takes the credits only on the customer’s word, and ends the session', async ({
  page,
  context,
  request,
  baseURL,
}, info) => {
  const who = await logIn(context, request, SLUG, info, 'Otávio Sai Daqui');
  const orderId = await placeOrder(request, who, baseURL!);
  const granted = await request.post(`/api/establishments/${who.establishmentId}/credits`, {
    headers: establishmentKeyHeaders(),
    data: { user: who.userId, amount: 1500, reason: 'Cortesia' },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  const rights = await openMyData(page);
  await rights.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.locator('[data-delete-account-dialog]');
  await expect(dialog.getByRole('heading', { name: 'Excluir minha conta' })).toBeVisible();
  await expect(dialog.getByLabel('Sua senha')).toBeFocused();
  expect(await axeProblems(page, '[data-delete-account-dialog]')).toEqual([]);
  if (isMobile(page)) {
    // Full width on the phone, every control reachable.
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(380);
  }

  // Nothing typed: the password is asked, and the credit balance needs the customer's word.
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(dialog.locator('[data-field-error="password"]')).toHaveText('Informe sua senha.');
  await expect(dialog.locator('[data-field-error="forfeit"]')).toHaveText('Confirme que aceita perder seus créditos.');
  await expect(dialog.getByLabel('Entendo que perco meus créditos de R$ 15,00.')).toBeVisible();
  await dialog.getByLabel('Entendo que perco meus créditos de R$ 15,00.').check();

  // A wrong password.
  await dialog.getByLabel('Sua senha').fill('errada');
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(dialog.locator('[data-field-error="password"]')).toHaveText('Senha incorreta.');

  // The right one, with an order still in progress.
  await dialog.getByLabel('Sua senha').fill(who.customer.password);
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(dialog.locator('[data-form-error]')).toHaveText(
    'Você tem um pedido em andamento. A conta pode ser excluída depois que ele for concluído ou cancelado.',
  );
  expect(await axeProblems(page, '[data-delete-account-dialog]')).toEqual([]);

  // The order ends; the account goes.
  const cancelled = await request.put(`/api/establishments/${who.establishmentId}/orders/${orderId}/status`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${who.token}` },
    data: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Mudei de ideia' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/?$`));
  await expect(page.locator('[data-toast]', { hasText: 'Sua conta foi excluída.' })).toBeVisible();
  if (!isMobile(page)) await expect(page.locator('a[data-login]').first()).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name.startsWith('sid_') || c.name.startsWith('sf_auth_'))).toEqual([]);
  const login = await request.post('/api/auth/login', {
    headers: API_HEADERS,
    data: { establishment_id: who.establishmentId, login: who.customer.email, password: who.customer.password },
  });
  expect(login.status()).toBe(401);
  // The account page offers the login again.
  await page.goto(ACCOUNT);
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
});
