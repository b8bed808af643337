// The promotions a customer sees outside the checkout, against the real server (Mercado Sol Centro:
// open 24 h, gamification on, R$ 10,00 of credit to each side of a referral; Mercado Sol Praia:
// gamification off, no referral programme): the achievements page for a visitor and for a customer
// with progress, unlocked and used achievements; the desktop achievements dropdown with the
// customer's real progress, silent when its call fails, absent where gamification is off; the
// referral journey from one customer's 'Indicar a loja' to a friend's registration through the link
// (with and without JavaScript), the friend's first order completed by the establishment with its
// API key, and both balances in the header and the credits statement of the wallet. Orders are
// placed through the API and moved by the establishment's key; every test makes its own customers.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from './fixtures.ts';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { REFERRAL_ALPHABET } from '../../src/domain/referral.ts';
import type { OrderView, PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { AchievementsAnswer, ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { readKeysFile } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS, actFrom, isMobile, logIn, newCustomer, registerCustomer, saveSantosAddress, storeId } from './helpers.ts';
import { PRODUCT, SLUG, bearer, placeOrder } from './order-helpers.ts';

const OFF = 'mercado-sol-praia';
const port = Number(process.env.E2E_PORT ?? 4399);
const brl = (cents: number) => normalizeSpaces(formatBRL(cents));

/** Serious or critical accessibility problems inside `include`. */
async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The establishment moves an order with its API key, as its own systems do. */
async function setStatus(request: APIRequestContext, orderId: string, data: Record<string, unknown>): Promise<void> {
  const establishmentId = await storeId(request, SLUG);
  const res = await request.put(`/api/establishments/${establishmentId}/orders/${orderId}/status`, {
    headers: { ...API_HEADERS, Authorization: `ApiKey ${apiKey()}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function completeOrder(request: APIRequestContext, orderId: string): Promise<void> {
  await setStatus(request, orderId, { status: 'confirmed' });
  await setStatus(request, orderId, { status: 'complete' });
}

/** An order of four 'Pão Francês' paid in cash, with what the test adds (delivery, an achievement, credits). */
async function placeOrderWith(request: APIRequestContext, token: string, extra: Record<string, unknown>): Promise<OrderView> {
  const establishmentId = await storeId(request, SLUG);
  const products = await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent(PRODUCT)}&limit=20`, { headers: API_HEADERS });
  const product = ((await products.json()) as { items: { _id: string; name: string }[] }).items.find((p) => p.name === PRODUCT)!;
  const groups = await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS });
  const picks = ((await groups.json()) as { _id: string; min: number; items: { _id: string }[] }[])
    .filter((g) => g.min > 0)
    .map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 }));
  const res = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...bearer(token), 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: product._id, qnt: 4, note: '', variations: [] }],
      order_variations: picks,
      payment_method_id: 'dinheiro',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as PlaceOrderAnswer).order;
}

/** A delivery order to a Santos address that uses an achievement's reward (free delivery needs a fee to take off). */
async function placeDeliveryWithAchievement(request: APIRequestContext, token: string, achievementId: string): Promise<OrderView> {
  const addressId = await saveSantosAddress(request, token);
  const order = await placeOrderWith(request, token, { delivery_type: 'delivery', address_id: addressId, achievement_id: achievementId });
  expect(order.promotion).toMatchObject({ kind: 'achievement', _id: achievementId });
  return order;
}

/** The establishment's API key (the seed wrote it to the e2e data folder). */
function apiKey(): string {
  const key = readKeysFile(join(tmpdir(), `storefront-e2e-${port}`))[SLUG];
  if (!key) throw new Error(`no API key for ${SLUG} in the e2e data folder`);
  return key;
}

/** A grant (+) or removal (-) of credit by the establishment, with its reason (docs/api.md 'Credits'). */
async function moveCredits(request: APIRequestContext, userId: string, amount: number, reason: string): Promise<void> {
  const res = await request.post(`/api/establishments/${await storeId(request, SLUG)}/credits`, {
    headers: { ...API_HEADERS, Authorization: `ApiKey ${apiKey()}` },
    data: { user: userId, amount, reason },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The header's credits: in the top bar on a desktop, in the burger's user block on a phone [R-1.31]. */
async function expectHeaderCredits(page: Page, cents: number): Promise<void> {
  const text = `Créditos: ${brl(cents)}`;
  if (isMobile(page)) {
    await page.locator('[data-burger] summary').click();
    await expect(page.locator('[data-burger-user] [data-credits]')).toHaveText(text);
    await page.locator('[data-burger] summary').click();
  } else {
    await expect(page.locator('[data-header] [data-credits]:visible')).toHaveText(text);
  }
}

/** The seed's achievements at Mercado Sol Centro by name, with the ids the API gives them. */
const NAMES = { first: 'Primeira compra', loyal: 'Cliente fiel', cart: 'Carrinho cheio', pix: 'Pix na hora' } as const;
async function achievementIds(request: APIRequestContext): Promise<Record<keyof typeof NAMES, string>> {
  const res = await request.get(`/api/establishments/${await storeId(request, SLUG)}/achievements`, { headers: API_HEADERS });
  const { achievements } = (await res.json()) as AchievementsAnswer;
  const idOf = (name: string) => achievements.find((a) => a.name === name)?._id ?? `missing ${name}`;
  return { first: idOf(NAMES.first), loyal: idOf(NAMES.loyal), cart: idOf(NAMES.cart), pix: idOf(NAMES.pix) };
}

const card = (scope: Page | Locator, id: string) => scope.locator(`[data-achievement="${id}"]`);

/** Another person's browser, with this project's device (phone or desktop), pages opened by full URL. */
function otherBrowser(browser: Browser, info: TestInfo, javaScriptEnabled = true): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch, locale, timezoneId } = info.project.use;
  return browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch, locale, timezoneId, javaScriptEnabled });
}

test.describe('the achievements page', () => {
  test("a visitor reads 'Faça login para ver as suas conquistas!!' and what each achievement gives [R-2.10] [R-2.103]", async ({ page, request }) => {
    const ids = await achievementIds(request);
    const res = await page.goto(`/${SLUG}/conquistas`);
    expect(res?.status()).toBe(200);
    // Rendered for each request, never stored as a catalogue page.
    expect(res?.headers()['x-page-cache']).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conquistas');
    const view = page.locator('[data-achievements-page]');
    await expect(view).toHaveAttribute('data-view', 'visitor');
    await expect(view.locator('[data-achievements-visitor]')).toContainText('Faça login para ver as suas conquistas!!');
    // What there is to win, without a progress nobody has reached.
    await expect(view.locator('[data-achievement]')).toHaveCount(4);
    await expect(card(page, ids.first).getByRole('heading')).toHaveText('Primeira compra');
    await expect(card(page, ids.first).locator('[data-achievement-goal]')).toHaveText('Objetivo: Conclua o seu primeiro pedido');
    await expect(card(page, ids.first).locator('[data-achievement-reward]')).toContainText('Prêmio: Entrega grátis');
    await expect(card(page, ids.loyal).locator('[data-achievement-reward]')).toContainText('Prêmio: 10% de desconto');
    await expect(card(page, ids.cart).locator('[data-achievement-reward]')).toContainText('Prêmio: R$ 20,00 de desconto');
    await expect(view.getByRole('progressbar')).toHaveCount(0);
    expect(await axeProblems(page, 'main')).toEqual([]);
    // Logging in from here comes back here.
    await view.getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`/${SLUG}/minha-conta?voltar=${encodeURIComponent(`/${SLUG}/conquistas`)}`);
  });

  test('a customer sees their progress toward each reward, unlocked at 100% and greyed out once used [R-2.10] [R-2.102] [R-3.44] [R-4.56] [R-2.104]', async ({
    page,
    context,
    request,
  }, info) => {
    const ids = await achievementIds(request);
    const { token } = await logIn(context, request, SLUG, info, 'Paula Conquista Alves');
    const first = await placeOrder(request, token);
    const second = await placeOrder(request, token);
    await completeOrder(request, first._id);
    await completeOrder(request, second._id);
    const spent = first.totals.total + second.totals.total;

    await page.goto(`/${SLUG}/conquistas`);
    const view = page.locator('[data-achievements-page]');
    await expect(view).toHaveAttribute('data-view', 'customer');
    await expect(view.locator('[data-achievements-visitor]')).toHaveCount(0);
    await expect(page.locator('main').getByText('Faça login para ver as suas conquistas!!')).toHaveCount(0);

    // Two completed orders: the first order's goal is reached, the others on their way.
    const firstOrder = card(page, ids.first);
    await expect(firstOrder).toHaveAttribute('data-achievement-state', 'unlocked');
    await expect(firstOrder.getByRole('progressbar', { name: 'Progresso de Primeira compra' })).toHaveAttribute('aria-valuenow', '100');
    await expect(firstOrder.locator('[data-achievement-percent]')).toHaveText('100%');
    await expect(firstOrder.locator('[data-achievement-status]')).toHaveText('Desbloqueada! Escolha este prêmio ao finalizar o seu próximo pedido.');
    await expect(firstOrder.locator('[data-achievement-badge]')).toHaveText('Desbloqueada!');

    const loyal = card(page, ids.loyal);
    await expect(loyal).toHaveAttribute('data-achievement-state', 'locked');
    await expect(loyal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(loyal.locator('[data-achievement-percent]')).toHaveText('40%');
    await expect(loyal.locator('[data-achievement-status]')).toHaveText('Faltam 3 pedidos');
    // A locked one says so, as the checkout's picker does.
    await expect(loyal.locator('[data-achievement-badge="locked"]')).toHaveText('Bloqueada');

    // Spent so far against R$ 300,00, in money.
    const cart = card(page, ids.cart);
    const percent = Math.floor((spent * 100) / 30000);
    await expect(cart.locator('[data-achievement-percent]')).toHaveText(`${percent}%`);
    await expect(cart.locator('[data-achievement-status]')).toHaveText(`Faltam ${brl(30000 - spent)}`);
    // Nothing paid by Pix yet.
    await expect(card(page, ids.pix).locator('[data-achievement-status]')).toHaveText('Faltam R$ 100,00');
    expect(await axeProblems(page, 'main')).toEqual([]);
    // The progress is in the page's HTML: nothing to wait for, nothing needing JavaScript.
    const html = await (await page.request.get(`/${SLUG}/conquistas`)).text();
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('data-view="customer"');

    // Its reward used on an order: greyed out with 'Já usado'.
    await placeDeliveryWithAchievement(request, token, ids.first);
    await page.reload();
    await expect(firstOrder).toHaveAttribute('data-achievement-state', 'used');
    await expect(firstOrder.locator('[data-achievement-badge="used"]')).toHaveText('Já usado');
    await expect(firstOrder.locator('[data-achievement-status]')).toHaveText('Você já usou este prêmio em um pedido.');
    await expect(firstOrder).toHaveCSS('border-style', 'dashed');
    const [usedInk, lockedInk] = await Promise.all([
      firstOrder.getByRole('heading').evaluate((el) => getComputedStyle(el).color),
      loyal.getByRole('heading').evaluate((el) => getComputedStyle(el).color),
    ]);
    expect(usedInk, 'the used one reads greyed out').not.toBe(lockedInk);
    await expect(loyal).toHaveAttribute('data-achievement-state', 'locked');
    expect(await axeProblems(page, 'main')).toEqual([]);
  });

  test('the header links the page where it makes sense; where gamification is off there is no page and no link [R-6.16]', async ({ page }) => {
    await page.goto(`/${SLUG}/`);
    if (isMobile(page)) {
      await page.locator('[data-burger] summary').click();
      await page.locator('[data-burger-panel]').getByRole('link', { name: 'Conquistas' }).click();
    } else {
      await page.locator('details[data-achievements] summary').click();
      await page.locator('[data-achievements-panel]').getByRole('link', { name: 'Ver as conquistas' }).click();
    }
    await expect(page).toHaveURL(`/${SLUG}/conquistas`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conquistas');

    await page.goto(`/${OFF}/`);
    await expect(page.locator('details[data-achievements]')).toHaveCount(0);
    await expect(page.locator(`a[href="/${OFF}/conquistas"]`)).toHaveCount(0);
    const res = await page.goto(`/${OFF}/conquistas`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sem conquistas por aqui');
    await expect(page.locator('[data-achievements-off]')).toContainText('não oferece conquistas no momento');
    await expect(page.locator('[data-achievements-off]').getByRole('link', { name: 'Voltar ao cardápio' })).toHaveAttribute('href', `/${OFF}/`);
  });
});

// The top bar has the dropdown on a desktop only [R-2.40]: the phone project leaves these out (playwright.config.ts).
test.describe('the desktop achievements dropdown', { tag: '@desktop-only' }, () => {
  test("shows the customer's real progress, read when it opens, and no prompt to log in [R-2.40] [R-2.102] [R-2.103]", async ({
    page,
    context,
    request,
  }, info) => {
    const ids = await achievementIds(request);
    const { token } = await logIn(context, request, SLUG, info, 'Rui Trofeu Lima');
    const done = await placeOrder(request, token);
    await completeOrder(request, done._id);
    let reads = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.endsWith('/achievements')) reads += 1;
    });
    await page.goto(`/${SLUG}/`);
    await expect(page.locator('[data-header][data-logged-in]')).toBeVisible();
    // Nothing is read before the customer asks.
    expect(reads).toBe(0);
    const panel = page.locator('[data-achievements-panel]');
    await page.locator('details[data-achievements] summary').click();
    await expect(panel.locator('[data-achievement]')).toHaveCount(4);
    await expect(panel.getByText('Faça login para ver as suas conquistas!!')).toBeHidden();
    const first = card(panel, ids.first);
    await expect(first).toHaveAttribute('data-achievement-state', 'unlocked');
    await expect(first.locator('[data-achievement-status]')).toHaveText('100% · Desbloqueada!');
    await expect(first.getByRole('progressbar', { name: 'Progresso de Primeira compra' })).toHaveAttribute('aria-valuenow', '100');
    await expect(card(panel, ids.loyal).locator('[data-achievement-status]')).toHaveText('20% · Faltam 4 pedidos');
    await expect(card(panel, ids.loyal)).toContainText('10% de desconto');
    await expect(panel.getByRole('link', { name: 'Ver as conquistas' })).toHaveAttribute('href', `/${SLUG}/conquistas`);
    expect(reads).toBe(1);
    expect(await axeProblems(page, '[data-achievements-panel]')).toEqual([]);

    // Read again at each opening: a second completed order shows at once.
    const next = await placeOrder(request, token);
    await completeOrder(request, next._id);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.locator('details[data-achievements] summary').click();
    await expect(card(panel, ids.loyal).locator('[data-achievement-status]')).toHaveText('40% · Faltam 3 pedidos');
    expect(reads).toBe(2);
  });

  test('a failing achievements call is silent: no message, the link to the page stays [R-8.81]', async ({ page, context, request }, info) => {
    await logIn(context, request, SLUG, info, 'Lia Silencio Rocha');
    await page.route('**/api/establishments/*/achievements', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal_error"}' }),
    );
    await page.goto(`/${SLUG}/`);
    await expect(page.locator('[data-header][data-logged-in]')).toBeVisible();
    const failed = page.waitForResponse((res) => res.url().endsWith('/achievements'));
    await page.locator('details[data-achievements] summary').click();
    await failed;
    const panel = page.locator('[data-achievements-panel]');
    await expect(panel.getByRole('link', { name: 'Ver as conquistas' })).toBeVisible();
    await expect(panel.locator('[data-achievements-progress]')).toHaveCount(0);
    await expect(page.locator('[data-toast]')).toHaveCount(0);
    await expect(page).toHaveURL(`/${SLUG}/`);
  });

  test('is not in the top bar where gamification is off, for visitors and customers alike [R-6.16]', async ({ page, context, request }, info) => {
    await page.goto(`/${OFF}/`);
    await expect(page.locator('[data-header] [data-cart-button]')).toBeVisible();
    await expect(page.locator('details[data-achievements]')).toHaveCount(0);
    await logIn(context, request, OFF, info, 'Caio Praia Nunes');
    await page.reload();
    await expect(page.locator('[data-header][data-logged-in]')).toBeVisible();
    await expect(page.locator('details[data-achievements]')).toHaveCount(0);
    // While the establishment next door, which runs them, has it.
    await page.goto(`/${SLUG}/`);
    await expect(page.locator('details[data-achievements]')).toHaveCount(1);
  });
});

test.describe('the referral', () => {
  /** The friend's session token, from the cookie their registration set in their browser. */
  async function tokenOf(context: BrowserContext, establishmentId: string): Promise<string> {
    const sid = (await context.cookies()).find((c) => c.name === `sid_${establishmentId}`);
    if (!sid) throw new Error('the registration set no session cookie');
    return decodeURIComponent(sid.value);
  }

  test("a friend registers through the customer's link, completes a first order, and both get R$ 10,00 in the header and the statement [R-2.23] [R-1.31] @one-viewport", async ({
    page,
    context,
    browser,
    request,
  }, info) => {
    test.setTimeout(60_000);
    const establishmentId = await storeId(request, SLUG);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(context, request, SLUG, info, 'Marta Indica Souza');

    // A opens 'Indicar a loja': the code, the link, what both earn, no friend yet.
    await page.goto(`/${SLUG}/minha-conta/indicar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indicar a loja');
    const referral = page.locator('[data-referral]');
    await expect(referral.locator('[data-referral-programme]')).toHaveText(
      'Quando um amigo criar a conta pelo seu link e concluir o primeiro pedido, vocês dois ganham R$ 10,00 em créditos para usar nos próximos pedidos.',
    );
    const code = (await referral.locator('[data-referral-code]').textContent())!.trim();
    expect(code).toMatch(new RegExp(`^MARTA[${REFERRAL_ALPHABET}]{4}$`));
    const link = await referral.getByLabel('Seu link de indicação').inputValue();
    expect(link).toBe(`http://mercadosol.localhost:${port}/${SLUG}/minha-conta?aba=cadastro&indicacao=${code}`);
    await expect(referral.locator('[data-referral-empty]')).toHaveText('Você ainda não indicou ninguém. Compartilhe o seu link!');
    // WhatsApp: a message in Portuguese with the link.
    const whatsapp = referral.getByRole('link', { name: /Compartilhar no WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    const shared = new URL((await whatsapp.getAttribute('href'))!);
    expect(shared.origin + shared.pathname).toBe('https://wa.me/');
    expect(shared.searchParams.get('text')).toBe(
      `Oi! Eu compro em Mercado Sol — Centro e estou te indicando: crie a sua conta pelo meu link e, quando o seu primeiro pedido for concluído, nós dois ganhamos R$ 10,00 em créditos. ${link}`,
    );
    // Copy, with its feedback.
    await referral.getByRole('button', { name: 'Copiar link' }).click();
    await expect(referral.locator('[data-referral-copy]')).toHaveText('Link copiado!');
    await expect(page.locator('[data-toast="success"]', { hasText: 'Link copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await axeProblems(page, '[data-account-area]')).toEqual([]);

    // B, in a browser of their own, opens the link: the registration, and the invitation.
    const friendContext = await otherBrowser(browser, info);
    try {
      const friend = await friendContext.newPage();
      await friend.goto(link);
      await expect(friend.locator('[data-account-area][data-hydrated]')).toBeVisible();
      await expect(friend.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute('aria-selected', 'true');
      const form = friend.locator('form[data-register-form]');
      await expect(form.locator('[data-referral-invitation]')).toHaveText(
        'Você foi indicado por um amigo: conclua o seu primeiro pedido e vocês dois ganham R$ 10,00 em créditos.',
      );
      await expect(form.locator('input[type="hidden"][name="referral_code"]')).toHaveValue(code);
      const b = newCustomer(info, 'Bruno Amigo Dias');
      await actFrom(friendContext, b);
      await form.getByLabel('Nome').fill(b.name);
      await form.getByLabel('E-mail').fill(b.email);
      await form.getByLabel('Celular').fill(b.maskedPhone);
      await form.locator('input[name="password"]').fill(b.password);
      const registered = friend.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/register');
      await form.getByRole('button', { name: 'Criar conta' }).click();
      expect((await registered).status()).toBe(201);
      await expect(friend.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();

      // A's list has B, registered, waiting for the first order.
      await page.reload();
      const friendRow = page.locator('[data-referral-friend="Bruno"]');
      await expect(friendRow).toHaveAttribute('data-referral-status', 'registered');
      await expect(friendRow).toContainText('Cadastrado');

      // B's first order, pickup, completed by the establishment.
      const friendToken = await tokenOf(friendContext, establishmentId);
      const order = await placeOrder(request, friendToken);
      await completeOrder(request, order._id);

      // Both see R$ 10,00 in the header and an entry in the wallet's statement.
      await page.goto(`/${SLUG}/minha-conta/carteira`);
      await expectHeaderCredits(page, 1000);
      const aStatement = page.locator('[data-credits-statement]');
      await expect(aStatement.locator('[data-credits-balance]')).toHaveText('R$ 10,00');
      const aEntry = aStatement.locator('[data-credit-entry]').first();
      await expect(aEntry.locator('[data-credit-reason-text]')).toHaveText('Bônus de indicação');
      await expect(aEntry.locator('[data-credit-note]')).toHaveText('Você e Bruno ganharam pela indicação.');
      await expect(aEntry.locator('[data-credit-amount]')).toContainText('+ R$ 10,00');
      expect(await axeProblems(page, '[data-account-area]')).toEqual([]);

      await friend.goto(new URL(`/${SLUG}/minha-conta/carteira`, link).href);
      await expectHeaderCredits(friend, 1000);
      const bEntry = friend.locator('[data-credits-statement] [data-credit-entry]').first();
      await expect(bEntry.locator('[data-credit-reason-text]')).toHaveText('Bônus de indicação');
      await expect(bEntry.locator('[data-credit-note]')).toHaveText('Você e Marta ganharam pela indicação.');
      await expect(bEntry.locator('[data-credit-amount]')).toContainText('+ R$ 10,00');
      // The order that earned it, linking to its page.
      const orderLink = bEntry.getByRole('link', { name: `Pedido nº ${order.order}` });
      await expect(orderLink).toHaveAttribute('href', `/${SLUG}/pedido/${order._id}`);

      // A's list now says the credit came.
      await page.goto(`/${SLUG}/minha-conta/indicar`);
      await expect(friendRow).toHaveAttribute('data-referral-status', 'rewarded');
      await expect(friendRow).toContainText('Crédito recebido');
    } finally {
      await friendContext.close();
    }
  });

  test('without JavaScript the registration form carries the code and the friend is linked to whoever shared it [R-2.23] @one-viewport', async ({
    browser,
    request,
  }, info) => {
    const a = await registerCustomer(request, SLUG, newCustomer(info, 'Nina Sem Script'));
    const me = await request.get('/api/users/me/referral', { headers: { ...API_HEADERS, Authorization: `Bearer ${a.token}` } });
    const { link, code } = (await me.json()) as ReferralAnswer;
    const context = await otherBrowser(browser, info, false);
    try {
      const page = await context.newPage();
      await page.goto(link);
      const form = page.locator('form[data-register-form]');
      await expect(form.locator('[data-referral-invitation]')).toContainText('R$ 10,00 em créditos');
      await expect(form.locator('input[type="hidden"][name="referral_code"]')).toHaveValue(code);
      const b = newCustomer(info, 'Otto Sem Script');
      await actFrom(context, b);
      await form.locator('input[name="name"]').fill(b.name);
      await form.locator('input[name="email"]').fill(b.email);
      await form.locator('input[name="phone"]').fill(b.phone);
      await form.locator('input[name="password"]').fill(b.password);
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta$`));
    } finally {
      await context.close();
    }
    const after = (await (
      await request.get('/api/users/me/referral', { headers: { ...API_HEADERS, Authorization: `Bearer ${a.token}` } })
    ).json()) as ReferralAnswer;
    expect(after.referrals).toEqual([expect.objectContaining({ name: 'Otto', status: 'registered' })]);
  });

  test('where the establishment gives no credit for a referral, the screen says so and the link invites nobody to a reward @one-viewport', async ({
    page,
    context,
    request,
  }, info) => {
    await logIn(context, request, OFF, info, 'Igor Sem Programa');
    await page.goto(`/${OFF}/minha-conta/indicar`);
    const referral = page.locator('[data-referral]');
    await expect(referral.locator('[data-referral-programme]')).toHaveText(
      'No momento Mercado Sol — Praia não dá créditos por indicação. Você ainda pode compartilhar o seu link com quem quiser conhecer a loja.',
    );
    const link = await referral.getByLabel('Seu link de indicação').inputValue();
    const shared = new URL((await referral.getByRole('link', { name: /Compartilhar no WhatsApp/ }).getAttribute('href'))!).searchParams.get('text');
    expect(shared).not.toContain('R$');
    expect(shared).toContain(link);
    // The friend who opens it registers without a promise of credit.
    await context.clearCookies();
    await page.goto(link);
    await expect(page.locator('form[data-register-form]')).toBeVisible();
    await expect(page.locator('[data-referral-invitation]')).toHaveCount(0);
  });
});

test.describe('the credits statement in the wallet', () => {
  // A browser on another continent: the dates must still be the establishment's (São Paulo).
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("lists every movement with why, the note and the order, on the establishment's clock; the header follows the balance it reads [R-1.31]", async ({
    page,
    context,
    request,
  }, info) => {
    const { userId, token } = await logIn(context, request, SLUG, info, 'Sara Extrato Reis');
    await moveCredits(request, userId, 1500, 'Desculpe o atraso na entrega');
    const order = await placeOrderWith(request, token, { use_credits: true });
    expect(order.totals.credits).toBe(1500);
    await setStatus(request, order._id, { status: 'canceled', cancellation_type: 'establishment', cancellation_reason: 'Produto em falta' });
    await moveCredits(request, userId, -500, 'Ajuste de saldo');

    // The header reads the balance as the page starts (R$ 10,00); a grant lands before the statement is read.
    const me = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/me');
    await page.route('**/api/users/me/credits/entries', async (route) => {
      await me;
      await moveCredits(request, userId, 700, 'Brinde de aniversário');
      await route.continue();
    });
    await page.goto(`/${SLUG}/minha-conta/carteira`);
    const statement = page.locator('[data-credits-statement][data-credits-status="ready"]');
    await expect(statement.locator('[data-credits-balance]')).toHaveText('R$ 17,00');
    await expectHeaderCredits(page, 1700);

    const rows = statement.locator('[data-credit-entry]');
    await expect(rows).toHaveCount(5);
    const expected = [
      { reason: 'Crédito da loja', note: 'Brinde de aniversário', amount: '+ R$ 7,00', order: false },
      { reason: 'Crédito retirado pela loja', note: 'Ajuste de saldo', amount: '− R$ 5,00', order: false },
      { reason: 'Devolvido: pedido cancelado', note: null, amount: '+ R$ 15,00', order: true },
      { reason: 'Usado em um pedido', note: null, amount: '− R$ 15,00', order: true },
      { reason: 'Crédito da loja', note: 'Desculpe o atraso na entrega', amount: '+ R$ 15,00', order: false },
    ];
    for (const [i, want] of expected.entries()) {
      const row = rows.nth(i);
      await expect(row.locator('[data-credit-reason-text]')).toHaveText(want.reason);
      if (want.note) await expect(row.locator('[data-credit-note]')).toHaveText(want.note);
      else await expect(row.locator('[data-credit-note]')).toHaveCount(0);
      await expect(row.locator('[data-credit-amount]')).toContainText(want.amount);
      if (want.order) await expect(row.getByRole('link', { name: `Pedido nº ${order.order}` })).toHaveAttribute('href', `/${SLUG}/pedido/${order._id}`);
      else await expect(row.getByRole('link')).toHaveCount(0);
    }
    // DD/MM/YYYY HH:mm in São Paulo, not in the browser's Tokyo.
    const time = rows.first().locator('time');
    const at = (await time.getAttribute('datetime'))!;
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(at))
        .map((x) => [x.type, x.value]),
    );
    await expect(time).toHaveText(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);
    expect(await axeProblems(page, '[data-credits-statement]')).toEqual([]);

    // The order's link leads to its page.
    await rows
      .nth(2)
      .getByRole('link', { name: `Pedido nº ${order.order}` })
      .click();
    await expect(page).toHaveURL(`/${SLUG}/pedido/${order._id}`);
  });

  test('a customer without any movement reads that there is none, and a balance of R$ 0,00 @one-viewport', async ({ page, context, request }, info) => {
    await logIn(context, request, SLUG, info, 'Tito Sem Extrato');
    await page.goto(`/${SLUG}/minha-conta/carteira`);
    const statement = page.locator('[data-credits-statement]');
    await expect(statement.locator('[data-credits-balance]')).toHaveText('R$ 0,00');
    await expect(statement.locator('[data-credits-empty]')).toHaveText('Nenhuma movimentação de créditos até agora.');
    // The cards are still the wallet's first part.
    await expect(page.locator('[data-wallet]')).toBeVisible();
  });
});
