// The customer account UI against the real accounts API: registration and login (e-mail or
// phone), the header greeting, credits and user menu, logout with its confirmation, the profile
// rules and save, the handover of another app's session (?handover=<code>), the account child
// routes and the encoded-space variant.
// Every test uses its own user (unique e-mail and phone per worker and time).
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { API_HEADERS, actFrom, expectGreeting, isMobile, newCustomer, registerCustomer, storeId, useSession, type NewCustomer } from './helpers.ts';

const SLUG = 'pizzaria-bella';
type User = NewCustomer;

/** Registers through the API (a context of its own, so the browser stays a visitor); returns the session token. */
async function registerByApi(request: APIRequestContext, user: User): Promise<string> {
  return (await registerCustomer(request, SLUG, user)).token;
}

/** Opens the user menu for the viewport and returns the element holding its entries. */
async function openUserMenu(page: Page) {
  if (isMobile(page)) {
    await page.locator('[data-burger] summary').click();
    return page.locator('[data-burger-user]');
  }
  await page.locator('[data-user-menu] summary').click();
  return page.locator('[data-user-menu-panel]');
}

/** Waits until React owns the account page (typing before that would be lost to hydration). */
async function hydrated(page: Page) {
  await expect(page.locator('[data-account-area][data-hydrated]')).toBeVisible();
}

async function loginForm(page: Page) {
  await page.goto(`/${SLUG}/minha-conta`);
  await hydrated(page);
  const form = page.locator('form[data-login-form]');
  await expect(form).toBeVisible();
  return form;
}

test('a visitor sees Entrar and no credits, user menu or logout [R-6.1] [R-6.2] [R-6.3] [R-6.4] [R-2.42]', async ({ page }) => {
  await page.goto(`/${SLUG}/`);
  await page.waitForLoadState('load');
  if (isMobile(page)) {
    await page.locator('[data-burger] summary').click();
    await expect(page.locator('[data-burger-panel] a[data-login]')).toHaveText('Entrar');
    await expect(page.locator('[data-burger-user]')).toBeHidden();
  } else {
    await expect(page.locator('a[data-login]').first()).toBeVisible();
    await expect(page.locator('a[data-login]').first()).toHaveText(/Entrar/);
  }
  await expect(page.locator('[data-user-menu]')).toBeHidden();
  await expect(page.locator('[data-credits]:visible')).toHaveCount(0);
  await expect(page.locator('[data-logout]:visible')).toHaveCount(0);
  await expect(page.getByText(/Créditos/)).toHaveCount(0);
  // The account page offers the login and the registration.
  await page.goto(`/${SLUG}/minha-conta`);
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toBeVisible();
});

test('registering through the UI logs in: greeting, credits and the six menu entries; logout asks, says goodbye and goes home [R-1.29] [R-1.31] [R-2.49] [R-2.50] [R-2.52] [R-2.53] [R-6.2]', async ({
  page,
  context,
  request,
}, info) => {
  const user = newCustomer(info);
  await actFrom(context, user);
  const establishmentId = await storeId(request, SLUG);
  await page.goto(`/${SLUG}/minha-conta`);
  await hydrated(page);
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  const form = page.locator('form[data-register-form]');
  await form.getByLabel('Nome').fill(user.name);
  await form.getByLabel('E-mail').fill(user.email);
  await form.getByLabel('Celular').pressSequentially(user.phone);
  await expect(form.getByLabel('Celular')).toHaveValue(user.maskedPhone);
  await form.locator('input[name="password"]').fill(user.password);
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
  await form.getByRole('button', { name: 'Criar conta' }).click();
  expect((await registered).status()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta$`));
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  await expectGreeting(page, 'Joana');

  const menu = await openUserMenu(page);
  const items = menu.locator('[data-user-menu-item]');
  await expect(items).toHaveText(['Meus dados', 'Meus pedidos', 'Meus endereços', 'Carteira', 'Configurações', 'Sair']);
  await expect(menu.locator('a[data-user-menu-item="pedidos"]')).toHaveAttribute('href', `/${SLUG}/minha-conta/pedidos`);
  await expect(menu.locator('a[data-user-menu-item="configuracoes"]')).toHaveAttribute('href', `/${SLUG}/minha-conta/configuracoes`);
  await expect(page.locator('[data-credits]:visible')).toHaveText('Créditos: R$ 0,00');

  // Cancelar keeps the session.
  await menu.locator('[data-user-menu-item="sair"]').click();
  const dialog = page.locator('dialog[data-logout-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Tem certeza que deseja sair do sistema?');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect((await context.cookies()).some((c) => c.name === `sf_auth_${establishmentId}`)).toBe(true);

  const menu2 = await openUserMenu(page);
  await menu2.locator('[data-user-menu-item="sair"]').click();
  await dialog.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/$`));
  const toast = page.locator('[data-toast]', { hasText: 'Você saiu do sistema!' });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 4000 });
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name === `sf_auth_${establishmentId}`)).toBe(false);
  expect(cookies.some((c) => c.name === `sid_${establishmentId}`)).toBe(false);
  if (isMobile(page)) await page.locator('[data-burger] summary').click();
  await expect(page.locator('a[data-login]:visible')).toHaveText(/Entrar/);
  await expect(page.locator('[data-user-menu]')).toBeHidden();
});

test('logging in with the e-mail and with the phone; a wrong password is refused in Portuguese [R-4.59] [R-4.61] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const user = newCustomer(info);
  await registerByApi(request, user);

  let form = await loginForm(page);
  await form.getByLabel('E-mail ou celular').fill(user.email);
  await form.locator('input[name="password"]').fill('errada1');
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(form.locator('[data-form-error]')).toHaveText('E-mail/celular ou senha incorretos.');

  await form.locator('input[name="password"]').fill(user.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  await expectGreeting(page, 'Joana');

  await context.clearCookies();
  form = await loginForm(page);
  await form.getByLabel('E-mail ou celular').fill(user.maskedPhone);
  await form.locator('input[name="password"]').fill(user.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  await expectGreeting(page, 'Joana');
});

test('a login from a child page returns to it (?voltar= and the page itself) @one-viewport', async ({ page, request }, info) => {
  const user = newCustomer(info);
  await registerByApi(request, user);
  await page.goto(`/${SLUG}/minha-conta/enderecos`);
  await hydrated(page);
  const form = page.locator('form[data-login-form]');
  await form.getByLabel('E-mail ou celular').fill(user.email);
  await form.locator('input[name="password"]').fill(user.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta/enderecos$`));
  await expect(page.locator('[data-address-book]')).toBeVisible();
});

test('the profile is checked with the rules and saved [R-5.93] [R-5.96] [R-5.97] [R-5.98] [R-8.62] @one-viewport', async ({ page, context, request }, info) => {
  const user = newCustomer(info);
  await useSession(context, await storeId(request, SLUG), await registerByApi(request, user));
  await page.goto(`/${SLUG}/minha-conta`);
  const form = page.locator('form[data-profile-form]');
  await expect(form.getByLabel('Nome')).toHaveValue(user.name);
  const error = (name: string) => form.locator(`[data-field-error="${name}"]`);
  const save = () => form.getByRole('button', { name: 'Salvar' }).click();

  await form.getByLabel('Nome').fill('Jo');
  await form.getByLabel('CPF/CNPJ').fill('111.111.111-11');
  await save();
  await expect(error('name')).toHaveText('O nome deve ter de 4 a 200 caracteres.');
  await expect(error('document')).toHaveText('CPF/CNPJ inválido');
  await expect(error('birthday')).toHaveText('Informe a data de nascimento.');
  await expect(error('gender')).toHaveText('Selecione o gênero.');

  await form.getByLabel('CPF/CNPJ').fill('123456');
  await form.getByLabel('Data de nascimento').fill('31/02/2000');
  await save();
  await expect(error('document')).toHaveText('CPF/CNPJ incompleto');
  await expect(error('birthday')).toHaveText('Data de nascimento inválida.');

  await form.getByLabel('Nome').fill('Carla Mendes');
  await form.getByLabel('CPF/CNPJ').fill('52998224725');
  await expect(form.getByLabel('CPF/CNPJ')).toHaveValue('529.982.247-25');
  await form.getByLabel('Data de nascimento').fill('15031990');
  await expect(form.getByLabel('Data de nascimento')).toHaveValue('15/03/1990');
  await form.getByLabel('Gênero').selectOption('female');
  await save();
  await expect(page.locator('[data-toast]', { hasText: 'Dados salvos!' })).toBeVisible();
  await expect(form.locator('[data-field-error]')).toHaveCount(0);
  await expectGreeting(page, 'Carla');

  await page.reload();
  await expect(form.getByLabel('Nome')).toHaveValue('Carla Mendes');
  await expect(form.getByLabel('CPF/CNPJ')).toHaveValue('529.982.247-25');
  await expect(form.getByLabel('Data de nascimento')).toHaveValue('15/03/1990');
  await expect(form.getByLabel('Gênero')).toHaveValue('female');
});

test('a session handed over by another app with a single-use code logs in; the code leaves the address, and no request of the page carries it [R-4.60] [R-4.59] @one-viewport', async ({
  page,
  request,
}, info) => {
  const user = newCustomer(info);
  const token = await registerByApi(request, user);
  const establishmentId = await storeId(request, SLUG);
  // The other app, with its bearer session, asks for the code.
  const asked = await request.post('/api/auth/handover', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
    data: { establishment_id: establishmentId },
  });
  expect(asked.status()).toBe(201);
  const { code } = (await asked.json()) as { code: string };
  // Every request the page makes after its own carries the address as it is then (the Referer).
  const referers: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) return;
    referers.push(r.headers().referer ?? '');
  });
  await page.goto(`/${SLUG}/?handover=${encodeURIComponent(code)}&q=pizza`);
  await expectGreeting(page, 'Joana');
  await expect(page).toHaveURL((url) => !url.searchParams.has('handover') && url.searchParams.get('q') === 'pizza');
  expect(referers.length).toBeGreaterThan(0);
  expect(referers.filter((r) => r.includes(code))).toEqual([]);
  // The page holds a session of its own, not the app's token.
  const cookie = (await page.context().cookies()).find((c) => c.name === `sid_${establishmentId}`);
  expect(cookie?.value).toBeTruthy();
  expect(cookie?.value).not.toBe(token);
  await page.goto(`/${SLUG}/minha-conta`);
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  // The code is spent.
  const again = await request.post('/api/auth/exchange', { headers: API_HEADERS, data: { establishment_id: establishmentId, handover: code } });
  expect(again.status()).toBe(401);
});

test('a session token in the address (an older app) is never used: it leaves the address and the visitor is asked to log in @one-viewport', async ({
  page,
  request,
}, info) => {
  const token = await registerByApi(request, newCustomer(info));
  await page.goto(`/${SLUG}/?token=${encodeURIComponent(token)}`);
  await expect(page.locator('[data-toast]', { hasText: 'Não foi possível entrar com o link recebido. Faça login novamente.' })).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('token'));
  expect((await page.context().cookies()).filter((c) => c.name.startsWith('sid_'))).toEqual([]);
});

test('every account child route answers 200 and the encoded-space variant resolves [R-2.19] [R-2.25] [R-2.26] [R-2.28] @one-viewport', async ({
  page,
  context,
  request,
}, info) => {
  const children = ['', '/carteira', '/enderecos', '/indicar', '/pedidos', '/reportar', '/sugestoes', '/pedidos/evaluation', '/configuracoes'];
  for (const child of children) {
    const res = await request.get(`/${SLUG}/minha-conta${child}`);
    expect(res.status(), child).toBe(200);
    expect(res.headers()['x-page-cache']).toBeUndefined();
    const spaced = await request.get(`/${SLUG}/%20minha-conta${child}`);
    expect(spaced.status(), `%20${child}`).toBe(200);
    expect(new URL(spaced.url()).pathname).toBe(`/${SLUG}/minha-conta${child}`);
  }
  expect((await request.get(`/${SLUG}/minha-conta/nao-existe`)).status()).toBe(404);

  const user = newCustomer(info);
  await useSession(context, await storeId(request, SLUG), await registerByApi(request, user));
  await page.goto(`/${SLUG}/%20minha-conta/pedidos/evaluation`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta/pedidos/evaluation$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avaliar pedido');
  await expect(page.locator('[data-evaluation-no-order]')).toBeVisible();
  const side = page.locator('[data-account-menu]');
  await expect(side.locator('[aria-current="page"]')).toHaveText('Meus pedidos');
  await side.locator('[data-account-menu-item="carteira"]').click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta/carteira$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carteira');
});

test('a 401 clears the session and shows the login form again [R-4.63] [R-4.64] @one-viewport', async ({ page, context, request }, info) => {
  const user = newCustomer(info);
  const token = await registerByApi(request, user);
  await useSession(context, await storeId(request, SLUG), token);
  // The session ends elsewhere (logout with the bearer token).
  const id = await storeId(request, SLUG);
  const out = await request.post('/api/auth/logout', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` }, data: { establishment_id: id } });
  expect(out.status()).toBe(204);
  await page.goto(`/${SLUG}/minha-conta`);
  await expect(page.locator('form[data-login-form]')).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === `sf_auth_${id}`)).toBe(false);
});

test("logging out says 'Você saiu do sistema!' for 3 s, on the home and on the home it leads to from another page [R-2.51]", async ({
  page,
  context,
  request,
}, info) => {
  const establishmentId = await storeId(request, SLUG);
  await useSession(context, establishmentId, await registerByApi(request, newCustomer(info)));
  const bye = page.locator('[data-toast]', { hasText: 'Você saiu do sistema!' });
  const logOut = async () => {
    const menu = await openUserMenu(page);
    await menu.locator('[data-user-menu-item="sair"]').click();
    await page.locator('dialog[data-logout-dialog]').getByRole('button', { name: 'Sair' }).click();
  };

  // On the home the page stays: the toast is there from the tap, for 3 s.
  await page.clock.install();
  await page.goto(`/${SLUG}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await expect(page.locator('[data-header]')).toHaveAttribute('data-logged-in');
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
  await logOut();
  await expect(bye).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(bye).toBeVisible();
  await page.clock.runFor(100);
  await expect(bye).toHaveCount(0);

  // From the account page the customer is taken home, and the message goes on there until 3 s after the tap.
  await useSession(context, establishmentId, await registerByApi(request, newCustomer(info)));
  await page.clock.resume();
  await page.goto(`/${SLUG}/minha-conta`);
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await expect(page.locator('form[data-profile-form]')).toBeVisible();
  const tappedAt = (await page.evaluate(() => Date.now())) + 1000;
  await page.clock.pauseAt(new Date(tappedAt));
  await logOut();
  await page.waitForURL(new RegExp(`/${SLUG}/$`));
  // The home's scripts start in turns (timers of their own): the stopped clock is moved in small steps until they run.
  await expect
    .poll(async () => {
      await page.clock.runFor(5);
      return bye.count();
    })
    .toBe(1);
  const elapsed = (await page.evaluate(() => Date.now())) - tappedAt;
  expect(elapsed).toBeLessThan(1000);
  await page.clock.runFor(2_900 - elapsed);
  await expect(bye).toBeVisible();
  await page.clock.runFor(100);
  await expect(bye).toHaveCount(0);
});

test('a toast of success stays 2 s and a toast of error 5 s (decisions #20) [R-9.6] @one-viewport', async ({ page, context, request }, info) => {
  const taken = newCustomer(info, 'Primeira Cliente');
  await registerByApi(request, taken);
  const user = newCustomer(info);
  await useSession(context, await storeId(request, SLUG), await registerByApi(request, user));
  await page.clock.install();
  await page.goto(`/${SLUG}/minha-conta`);
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  const form = page.locator('form[data-profile-form]');
  await expect(form.getByLabel('Nome')).toHaveValue(user.name);
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await form.getByLabel('Data de nascimento').fill('15031990');
  await form.getByLabel('Gênero').selectOption('female');

  // Another customer's e-mail: the server refuses the save, an error.
  await form.getByLabel('E-mail').fill(taken.email);
  await form.getByRole('button', { name: 'Salvar' }).click();
  const error = page.locator('[data-toast="error"]', { hasText: 'Não foi possível salvar os dados.' });
  await expect(error).toBeVisible();
  await page.clock.runFor(4_900);
  await expect(error).toBeVisible();
  await page.clock.runFor(100);
  await expect(error).toHaveCount(0);

  // The customer's own e-mail again: saved, a success.
  await form.getByLabel('E-mail').fill(user.email);
  await form.getByRole('button', { name: 'Salvar' }).click();
  const saved = page.locator('[data-toast="success"]', { hasText: 'Dados salvos!' });
  await expect(saved).toBeVisible();
  await page.clock.runFor(1_900);
  await expect(saved).toBeVisible();
  await page.clock.runFor(100);
  await expect(saved).toHaveCount(0);
});

test.describe('a browser whose clock has already passed midnight', () => {
  // Tokyo is 12 hours ahead of pizzaria-bella's zone (America/Sao_Paulo).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("judges the birthday on the establishment's calendar, as the API does [R-5.97] @one-viewport", async ({ page, context, request }, info) => {
    // 22:30 on Sunday 9 March 2025 in São Paulo; 10:30 on Monday 10 March for the browser.
    await page.clock.setFixedTime(new Date('2025-03-10T01:30:00Z'));
    const user = newCustomer(info);
    const token = await registerByApi(request, user);
    await useSession(context, await storeId(request, SLUG), token);
    await page.goto(`/${SLUG}/minha-conta`);
    const form = page.locator('form[data-profile-form]');
    await expect(form.getByLabel('Nome')).toHaveValue(user.name);
    expect(await page.evaluate(() => new Date().toDateString())).toBe('Mon Mar 10 2025');

    // The browser's today is still tomorrow at the establishment.
    await form.getByLabel('Data de nascimento').fill('10/03/2025');
    await form.getByLabel('Gênero').selectOption('other');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.locator('[data-field-error="birthday"]')).toHaveText('Data de nascimento inválida.');

    await form.getByLabel('Data de nascimento').fill('09/03/2025');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.locator('[data-toast]', { hasText: 'Dados salvos!' })).toBeVisible();
    const me = await request.get('/api/users/me', { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
    expect((await me.json()).birthday).toBe('2025-03-09');
  });
});
