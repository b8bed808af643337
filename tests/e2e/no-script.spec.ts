// The store without its scripts: with JavaScript off, and on a slow phone before the account
// island has hydrated. The login and registration forms post by themselves to the server's form
// endpoint (a POST, so the password never reaches the address bar, the history or a log), the
// customer ends logged in, a refusal comes back in Portuguese; 'Adicionar' says why ordering
// needs JavaScript, and so does the customer's account, both in the store's style. The cross-site
// guard of the form endpoint is proved in tests/api/auth-forms.test.ts.
import { expect, test, type APIRequestContext, type Locator, type Page, type Request, type Route } from './fixtures.ts';
import { actFrom, expectGreeting, isMobile, newCustomer, registerCustomer, storeId, type NewCustomer } from './helpers.ts';

const SLUG = 'pizzaria-bella';
const ACCOUNT = `/${SLUG}/minha-conta`;
const LOGIN_POST = '/api/auth/form/login';
const REGISTER_POST = '/api/auth/form/register';

/**
 * Records every address the page asks for or shows (requests and navigations), to prove a secret
 * never lands in one, and the posts of the account forms.
 */
function watch(page: Page) {
  const addresses: string[] = [];
  const formPosts: Request[] = [];
  page.on('request', (req) => {
    addresses.push(req.url());
    const path = new URL(req.url()).pathname;
    if (path === LOGIN_POST || path === REGISTER_POST) formPosts.push(req);
  });
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  return {
    formPosts,
    /** No address the browser used holds the password, in any encoding. */
    expectNoAddressHolds(secret: string) {
      const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
      for (const url of addresses) for (const form of forms) expect(url, 'an address holds the password').not.toContain(form);
    },
  };
}

/** The account page's forms, as the server rendered them. */
const loginForm = (page: Page) => page.locator('form[data-login-form]');
const registerForm = (page: Page) => page.locator('form[data-register-form]');

/** The account home a logged-in customer lands on: its side menu and 'Meus dados', no login form. */
async function expectAccountHome(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
  await expect(page.getByRole('navigation', { name: 'Menu da conta' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();
  await expect(loginForm(page)).toHaveCount(0);
}

async function expectSessionCookies(page: Page, request: APIRequestContext) {
  const id = await storeId(request, SLUG);
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining([`sid_${id}`, `sf_auth_${id}`]));
}

async function fillLogin(page: Page, login: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel('E-mail ou celular').fill(login);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

async function fillRegistration(page: Page, c: NewCustomer) {
  await actFrom(page.context(), c);
  const form = registerForm(page);
  await form.getByLabel('Nome').fill(c.name);
  await form.getByLabel('E-mail').fill(c.email);
  await form.getByLabel('Celular').fill(c.maskedPhone);
  await form.locator('input[name="password"]').fill(c.password);
  await form.getByRole('button', { name: 'Criar conta' }).click();
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('logging in posts the form: a wrong password is refused in Portuguese, the right one opens the account, the password never in an address [R-6.1] @one-viewport', async ({
    page,
    request,
  }, info) => {
    const { customer } = await registerCustomer(request, SLUG, newCustomer(info));
    const seen = watch(page);
    await page.goto(ACCOUNT);
    await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');

    await fillLogin(page, customer.email, 'errada1');
    await expect(loginForm(page).locator('[data-form-error]')).toHaveText('E-mail/celular ou senha incorretos.');
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}\\?erro=invalid_credentials&login=`));
    // The login typed stays; the password does not.
    await expect(loginForm(page).getByLabel('E-mail ou celular')).toHaveValue(customer.email);
    await expect(loginForm(page).locator('input[name="password"]')).toHaveValue('');

    await fillLogin(page, customer.email, customer.password);
    await expectAccountHome(page);
    await expectSessionCookies(page, request);

    expect(seen.formPosts.map((r) => r.method())).toEqual(['POST', 'POST']);
    seen.expectNoAddressHolds('errada1');
    seen.expectNoAddressHolds(customer.password);
  });

  test('registering posts the form: the tab is a link, a refused field comes back in Portuguese, then the account opens logged in [R-5.94] @one-viewport', async ({
    page,
    request,
  }, info) => {
    const customer = newCustomer(info);
    const seen = watch(page);
    await page.goto(ACCOUNT);
    await page.getByRole('tab', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}\\?aba=cadastro$`));
    await expect(page.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute('aria-selected', 'true');

    await fillRegistration(page, { ...customer, password: 'abc' });
    await expect(registerForm(page).locator('[data-form-error]')).toHaveText('A senha deve ter de 4 a 10 caracteres.');
    await expect(registerForm(page).getByLabel('E-mail')).toHaveValue(customer.email);

    await fillRegistration(page, customer);
    await expectAccountHome(page);
    await expectSessionCookies(page, request);

    expect(seen.formPosts.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([
      ['POST', REGISTER_POST],
      ['POST', REGISTER_POST],
    ]);
    seen.expectNoAddressHolds(customer.password);
  });

  test("'Adicionar' on a product card and on the product page says why ordering needs JavaScript, in a dialog drawn as the store's others", async ({
    page,
  }) => {
    await page.goto(`/${SLUG}/`);
    const note = page.getByRole('dialog', { name: 'Para pedir, ative o JavaScript' });
    await expect(note).toBeHidden();
    const card = page.locator('[data-product-card]').first();
    await card.locator('[data-add-product]').click();
    await expect(note).toBeVisible();
    await expect(note).toContainText('Ative-o e recarregue a página');
    // The store's card colours and rounded corners, a bold title, the button in the store's colour.
    await expectStoreStyle(note, note.getByRole('heading', { name: 'Para pedir, ative o JavaScript' }));
    const button = note.getByRole('button', { name: 'Entendi' });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await cssColour(page, '--c-primary'));
    await note.getByRole('button', { name: 'Entendi' }).click();
    await expect(note).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/$`));

    await card.locator('[data-product-link]').click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/produto/`));
    await page.locator('main [data-add-product]').first().click();
    await expect(page.getByRole('dialog', { name: 'Para pedir, ative o JavaScript' })).toBeVisible();
  });

  test("a logged-in customer's account says in Portuguese, in the store's card, that its sections need JavaScript, instead of 'Carregando…' for ever; the account menu stays", async ({
    page,
    request,
  }, info) => {
    const { customer } = await registerCustomer(request, SLUG, newCustomer(info));
    await page.goto(ACCOUNT);
    await fillLogin(page, customer.email, customer.password);
    await expectAccountHome(page);
    for (const [path, title] of [
      ['', 'Meus dados'],
      ['/pedidos', 'Meus pedidos'],
      ['/carteira', 'Carteira'],
    ] as const) {
      if (path) await page.goto(`${ACCOUNT}${path}`);
      const note = page.locator('[data-account-no-script]');
      await expect(note).toBeVisible();
      await expect(note.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(note).toContainText('Esta parte da sua conta precisa do JavaScript do navegador, que está desativado. Ative-o e recarregue a página');
      await expect(note.getByRole('link', { name: 'Ver o cardápio' })).toHaveAttribute('href', `/${SLUG}/`);
      await expect(page.getByText(/Carregando/).filter({ visible: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: 'Menu da conta' })).toBeVisible();
      await expectStoreStyle(note, note.getByRole('heading', { level: 1 }));
      // Beside the menu on a desktop, under it on a phone.
      const [menu, card] = [await page.getByRole('navigation', { name: 'Menu da conta' }).boundingBox(), await note.boundingBox()];
      if (isMobile(page)) expect(card!.y).toBeGreaterThan(menu!.y + menu!.height - 1);
      else expect(card!.x).toBeGreaterThan(menu!.x + menu!.width - 1);
    }
  });
});

/** The page's value of a colour variable of the store's theme, as the browser computes it in a colour property. */
function cssColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((v) => {
    const probe = document.createElement('i');
    probe.style.color = `var(${v})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

/** Drawn as the store's cards and dialogs are: its card background and text colours, rounded corners, a bold title. */
async function expectStoreStyle(box: Locator, title: Locator) {
  const page = box.page();
  const style = await box.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, colour: s.color, radius: Number.parseFloat(s.borderTopLeftRadius) };
  });
  expect(style.background).toBe(await cssColour(page, '--c-card'));
  expect(style.colour).toBe(await cssColour(page, '--c-ink'));
  expect(style.radius).toBeGreaterThanOrEqual(12);
  expect(Number(await title.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
  expect(Number.parseFloat(await title.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThan(16);
}

test("with JavaScript, 'Adicionar' opens the product as before and the note is not even in the page", async ({ page }) => {
  await page.goto(`/${SLUG}/`);
  const add = page.locator('[data-product-card] [data-add-product]').first();
  const id = await add.getAttribute('data-add-product');
  await add.click();
  await expect(page.locator(`[data-add-product-modal="${id}"]`)).toBeVisible();
  await expect(page.locator('[data-no-script-ordering]')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Para pedir, ative o JavaScript' })).toHaveCount(0);
});

test.describe('before the account island has hydrated', () => {
  /**
   * Holds the account island's script (as a slow phone would still be fetching it) until release(),
   * so the customer submits the server-rendered form.
   */
  async function holdIsland(page: Page, request: APIRequestContext) {
    const html = await (await request.get(ACCOUNT)).text();
    const component = /component-url="([^"]*AccountArea[^"]*)"/.exec(html)?.[1];
    if (!component) throw new Error('no account island on the account page');
    const held: Route[] = [];
    let holding = true;
    await page.route(`**${component}`, (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    return {
      release() {
        holding = false;
        // The routes of pages left behind are gone with them; the current page's goes on.
        for (const route of held.splice(0)) void route.continue().catch(() => undefined);
      },
    };
  }

  test('a login tapped before hydration posts the form, and the customer lands logged in with the greeting [R-4.59] [R-4.61]', async ({
    page,
    request,
  }, info) => {
    const { customer } = await registerCustomer(request, SLUG, newCustomer(info));
    const island = await holdIsland(page, request);
    const seen = watch(page);
    const jsonLogins: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/login') jsonLogins.push(req.url());
    });
    await page.goto(ACCOUNT);
    await expect(loginForm(page)).toBeVisible();
    await expect(page.locator('[data-account-area][data-hydrated]')).toHaveCount(0);

    await fillLogin(page, customer.email, 'errada1');
    await expect(loginForm(page).locator('[data-form-error]')).toHaveText('E-mail/celular ou senha incorretos.');

    await fillLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
    island.release();
    await expect(page.locator('form[data-profile-form]')).toBeVisible();
    await expectGreeting(page, 'Joana');

    expect(seen.formPosts.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([
      ['POST', LOGIN_POST],
      ['POST', LOGIN_POST],
    ]);
    expect(jsonLogins).toEqual([]);
    seen.expectNoAddressHolds('errada1');
    seen.expectNoAddressHolds(customer.password);
  });

  test('a registration tapped before hydration posts the form, and the new customer lands logged in with the greeting [R-4.59] [R-4.61]', async ({
    page,
    request,
  }, info) => {
    const customer = newCustomer(info, 'Beatriz Lima Rocha');
    const island = await holdIsland(page, request);
    const seen = watch(page);
    await page.goto(`${ACCOUNT}?aba=cadastro`);
    await expect(registerForm(page)).toBeVisible();
    await expect(page.locator('[data-account-area][data-hydrated]')).toHaveCount(0);

    await fillRegistration(page, customer);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT}$`));
    island.release();
    await expect(page.locator('form[data-profile-form]')).toBeVisible();
    await expectGreeting(page, 'Beatriz');

    expect(seen.formPosts.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([['POST', REGISTER_POST]]);
    seen.expectNoAddressHolds(customer.password);
  });
});
