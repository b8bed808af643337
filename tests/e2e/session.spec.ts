// What ends a session in the browser (docs/api.md 'The session in the browser'), on a phone and a
// desktop, against the real accounts API: a 401 from a call the customer makes leads to the login
// and back, the cart kept; a 401 to the start-of-page load of the user ends it where the customer
// is, while a server error there ends nothing; logout in one tab ends it in the others, and a
// login there is followed; ending forgets the delivery address chosen in the cart's draft.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './fixtures.ts';
import { saveSantosAddress, API_HEADERS, isMobile, logIn, mercadoSolCheckout, productIdByName, type Registered } from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const AZEITE = 'Azeite de Oliva Extravirgem (500 ml)';
const ENDED = 'A sua sessão terminou. Entre de novo para continuar.';
const bearer = (token: string) => ({ ...API_HEADERS, Authorization: `Bearer ${token}` });

/** The session ends on the server, as another device's logout would end it. */
async function endOnServer(request: APIRequestContext, who: Registered): Promise<void> {
  const res = await request.post('/api/auth/logout', { headers: bearer(who.token), data: { establishment_id: who.establishmentId } });
  expect(res.status()).toBe(204);
}

async function hintCookie(context: BrowserContext, estId: string): Promise<boolean> {
  return (await context.cookies()).some((c) => c.name === `sf_auth_${estId}`);
}

/** The cart's stored draft: its product count and its chosen delivery address. */
async function storedDraft(page: Page, estId: string): Promise<{ products: number; address: string | null }> {
  return page.evaluate((key) => {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as { products: unknown[]; delivery_address: { street: string } | null } | null;
    return { products: draft?.products.length ?? 0, address: draft?.delivery_address?.street ?? null };
  }, `draft:${estId}`);
}

/** The olive oil in the cart from its page, then the checkout open on delivery with the saved address picked. */
async function checkoutWithAddress(page: Page, request: APIRequestContext, who: Registered, street: string): Promise<Locator> {
  await saveSantosAddress(request, who.token, street);
  const modal = await mercadoSolCheckout(page, request, who.establishmentId, AZEITE);
  await modal.getByRole('radio', { name: /Entrega/ }).check();
  await modal.locator('[data-address-item]').filter({ hasText: street }).getByRole('radio').click();
  await expect(modal.locator('[data-summary-where]')).toContainText(street);
  await expect(modal.locator('[data-summary-row="delivery-fee"]')).not.toHaveText('A calcular');
  return modal;
}

async function logInWithForm(page: Page, who: Registered): Promise<void> {
  await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
  const form = page.locator('form[data-login-form]');
  await form.getByLabel(/E-mail ou celular/).fill(who.customer.email);
  await form.locator('input[name="password"]').fill(who.customer.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

async function logOutWithMenu(page: Page): Promise<void> {
  if (isMobile(page)) {
    await page.locator('[data-burger] summary').click();
    await page.locator('[data-burger-user] [data-user-menu-item="sair"]').click();
  } else {
    await page.locator('[data-user-menu] summary').click();
    await page.locator('[data-user-menu-panel] [data-user-menu-item="sair"]').click();
  }
  await page.locator('dialog[data-logout-dialog]').getByRole('button', { name: 'Sair' }).click();
}

/** 'Entrar' in the header (in the burger on a phone), or the greeting of a customer. */
async function expectHeader(page: Page, greeting: string | null): Promise<void> {
  if (greeting === null) {
    await expect(page.locator('[data-header]')).not.toHaveAttribute('data-logged-in');
    return;
  }
  await expect(page.locator('[data-header]')).toHaveAttribute('data-logged-in');
  await expect(page.locator('[data-user-greeting]').first()).toHaveText(greeting);
}

test('a 401 on a call the customer makes ends the session and leads to the login, and back afterwards with the cart kept and the chosen address forgotten [R-8.68] [R-4.64] [R-4.62]', async ({
  page,
  context,
  request,
}, info) => {
  const who = await logIn(context, request, SLUG, info, 'Lúcia Expirada');
  const modal = await checkoutWithAddress(page, request, who, 'Rua Amador Bueno');
  const here = new URL(page.url()).pathname;
  expect(await storedDraft(page, who.establishmentId)).toEqual({ products: 1, address: 'Rua Amador Bueno' });

  await modal.getByRole('radio', { name: /Retirar no local/ }).check();
  // Choosing how to pay reads the customer again (their phone and e-mail verification ): done before the session ends.
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me');
  await modal.getByRole('button', { name: 'Pagar na retirada' }).click();
  await reread;
  await modal.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
  // The session ends on the server; the order's send is the call that finds out.
  await endOnServer(request, who);
  await modal.getByRole('button', { name: 'Avançar e Finalizar' }).click();

  await expect(page).toHaveURL(`/${SLUG}/minha-conta?voltar=${encodeURIComponent(here)}`);
  await expect(page.locator('[data-toast]').filter({ hasText: ENDED })).toBeVisible();
  await expect(page.locator('form[data-login-form]')).toBeVisible();
  expect(await hintCookie(context, who.establishmentId)).toBe(false);
  expect(await storedDraft(page, who.establishmentId)).toEqual({ products: 1, address: null });

  await logInWithForm(page, who);
  await expect(page).toHaveURL(here);
  await expect(page.locator('[data-cart-badge]').first()).toHaveText('1');
});

test('a 401 while the order page follows its order leads to the login, and back to the order [R-8.68]', async ({ page, context, request }, info) => {
  const who = await logIn(context, request, SLUG, info, 'Mário Acompanha');
  const groups = (await (await request.get(`/api/establishments/${who.establishmentId}/order-variations?active=true`, { headers: API_HEADERS })).json()) as {
    _id: string;
    min: number;
    items: { _id: string }[];
  }[];
  const placed = await request.post(`/api/establishments/${who.establishmentId}/orders`, {
    headers: { ...bearer(who.token), 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: await productIdByName(request, who.establishmentId, AZEITE), qnt: 1, note: '', variations: [] }],
      order_variations: groups.filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 })),
      payment_method_id: 'debito',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;
  const orderPage = `/${SLUG}/pedido/${orderId}`;
  await page.goto(orderPage);
  await expect(page.locator(`[data-order="${orderId}"]`)).toBeVisible();

  // The next look at the order (as every 10 s, or when the tab shows again) finds the session gone.
  await endOnServer(request, who);
  // The page may have looked on its own meanwhile and be leaving already: then there is nothing to nudge.
  await page
    .evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    .catch((err: unknown) => {
      if (!String(err).includes('Execution context was destroyed')) throw err;
    });
  await expect(page).toHaveURL(`/${SLUG}/minha-conta?voltar=${encodeURIComponent(orderPage)}`);
  await logInWithForm(page, who);
  await expect(page).toHaveURL(orderPage);
  await expect(page.locator(`[data-order="${orderId}"]`)).toBeVisible();
});

test('the start-of-page load of the user: a 401 ends the session where the customer is; a server error ends nothing [R-4.63]', async ({
  page,
  context,
  request,
}, info) => {
  const ended = await logIn(context, request, SLUG, info, 'Nair Antiga');
  await endOnServer(request, ended);
  await page.goto(`/${SLUG}/`);
  await expect(page.locator('[data-toast]').filter({ hasText: ENDED })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/${SLUG}/`);
  await expectHeader(page, null);
  expect(await hintCookie(context, ended.establishmentId)).toBe(false);

  const kept = await logIn(context, request, SLUG, info, 'Otília Mantida');
  await page.route('**/api/users/me', (route) => route.fulfill({ status: 503, json: { message: 'unknown_error' } }));
  const probe = page.waitForResponse((r) => r.url().endsWith('/api/users/me'));
  await page.goto(`/${SLUG}/`);
  expect((await probe).status()).toBe(503);
  await expectHeader(page, null);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  expect(await hintCookie(context, kept.establishmentId)).toBe(true);
  await page.unroute('**/api/users/me');
  await page.reload();
  await expectHeader(page, 'Olá, Otília');
});

test("logging out in one tab ends the session in the establishment's other tabs and forgets the chosen address; logging in there is followed [R-4.63] [R-4.62]", async ({
  page,
  context,
  request,
}, info) => {
  const who = await logIn(context, request, SLUG, info, 'Vera Duas Abas');
  await checkoutWithAddress(page, request, who, 'Rua João Pessoa');
  const account = await context.newPage();
  await account.goto(`/${SLUG}/minha-conta`);
  await expect(account.locator('form[data-profile-form]')).toBeVisible();
  await expectHeader(account, 'Olá, Vera');

  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await logOutWithMenu(page);
  await expect(page.locator('[data-toast]').filter({ hasText: 'Você saiu do sistema!' })).toBeVisible();
  // The other tab, untouched: the account turns into the login form, the header to 'Entrar'.
  await expect(account.locator('form[data-login-form]')).toBeVisible();
  await expectHeader(account, null);
  expect(await hintCookie(context, who.establishmentId)).toBe(false);
  expect(await storedDraft(page, who.establishmentId)).toEqual({ products: 1, address: null });

  await logInWithForm(account, who);
  await expect(account.locator('form[data-profile-form]')).toBeVisible();
  await expectHeader(page, 'Olá, Vera');
});
