// Sold out in one tap from the panel (docs/panel.md 'The other tabs'): a staff member (not the
// owner), invited by the owner and logged in through the API, opens the panel's Cardápio at tablet
// size: switches for each product and each option, no edits. Marked sold out there, Banana Prata is
// shown 'Esgotado' by a product page already open in the storefront, without a reload and within
// the default expect timeout, and its 'Adicionar' refuses it; marked available again, the page
// offers it again. One option (Maçã Gala's 'Grande') likewise. A tap the server refuses (the
// session ended meanwhile) is taken back with a toast in Portuguese. Keyboard and axe on the tab.
import { expect, test, type Browser, type BrowserContext, type TestInfo } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import { API_HEADERS, importCatalogue, outboxMessages, productIdByName, storeId } from './helpers.ts';
import { groceryCatalogue, liveConnected } from './live-helpers.ts';
import { TABLET, axeProblems, e2eDatabaseFile } from './panel-helpers.ts';

/** The grocery with a size to choose for Maçã Gala: 'Pequena' or 'Grande'. */
function shop(slug: string) {
  const catalogue = groceryCatalogue(slug, 600);
  const tamanho = {
    _id: 'tamanho',
    name: 'Tamanho',
    layout: 'check',
    min: 1,
    max: 1,
    price_rule: 1,
    items: [
      { _id: 'pequena', name: 'Pequena', price: 0 },
      { _id: 'grande', name: 'Grande', price: 200 },
    ],
  };
  return {
    ...catalogue,
    categories: catalogue.categories.map((c) => ({ ...c, products: c.products.map((p) => (p._id === 'maca' ? { ...p, variations: [tamanho] } : p)) })),
  };
}

/** A browser context at tablet size logged in to the establishment's panel through the API. */
async function panelContext(browser: Browser, info: TestInfo, establishmentId: string, email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: TABLET });
  const res = await context.request.post('/api/staff/login', { headers: API_HEADERS, data: { establishment_id: establishmentId, email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/**
 * The shop's staff member, as a restaurant gets one: its first owner made as the seed makes one
 * (nobody to invite them), who invites by e-mail through the API; the invitation accepted through
 * the API with the link from the outbox. Answers the member's e-mail and password.
 */
async function staffOf(browser: Browser, info: TestInfo, establishmentId: string): Promise<{ email: string; password: string }> {
  const owner = { email: `dono.${info.project.name}@quitanda-esgotada.example`, password: 'quitanda-dona-1' };
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: e2eDatabaseFile });
  try {
    await createStaffMember(db, { establishmentId, email: owner.email, name: 'Dona Quitanda', role: 'owner', password: owner.password }, new Date()).catch(
      (err: unknown) => {
        if (!(err instanceof Error && err.message === 'staff_email_taken')) throw err;
      },
    );
  } finally {
    await db.destroy();
  }
  const ownerCtx = await panelContext(browser, info, establishmentId, owner.email, owner.password);
  const email = `caixa.${info.project.name}.${Date.now().toString(36)}@quitanda-esgotada.example`;
  const invited = await ownerCtx.request.post(`/api/establishments/${establishmentId}/staff/invitations`, { headers: API_HEADERS, data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = (await outboxMessages(ownerCtx.request)).find((m) => m.channel === 'email' && m.recipient === email);
  const token = mail?.text.match(/\/painel\/convite\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, 'the invitation e-mail carries its link').toBeTruthy();
  const password = 'caixa-senha-1';
  const accepted = await ownerCtx.request.post('/api/staff/invitations/accept', {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, token, name: 'Caio Caixa', password },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await ownerCtx.close();
  return { email, password };
}

test('staff mark a product and an option sold out in the panel; an open product page refuses them at once and offers them again when marked available', async ({
  browser,
  page,
  request,
}, info) => {
  // Three log ins (hashed), an invitation, two pages with their live sockets and two axe runs.
  test.setTimeout(120_000);
  const slug = `quitanda-painel-esgotado-${info.project.name}`;
  await importCatalogue(shop(slug));
  const establishmentId = await storeId(request, slug);
  const banana = await productIdByName(request, establishmentId, 'Banana Prata');
  const maca = await productIdByName(request, establishmentId, 'Maçã Gala');
  const member = await staffOf(browser, info, establishmentId);

  // The storefront: Banana Prata's page open, its live updates connected.
  await page.goto(`/${slug}/produto/${banana}`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  const add = page.getByRole('button', { name: 'Adicionar Banana Prata ao pedido', exact: true }).first();
  const soldOutMark = page.locator('[data-product-page] [data-sold-out-label]');
  await expect(add).toBeEnabled();
  await expect(soldOutMark).toBeHidden();
  await liveConnected(page);

  // The staff member's panel at tablet size: the menu with switches, no edits.
  const staffCtx = await panelContext(browser, info, establishmentId, member.email, member.password);
  const panel = await staffCtx.newPage();
  await panel.goto(`/${slug}/painel#cardapio`);
  await expect(panel.locator('[data-staff-who]')).toHaveText('Você entrou como Caio Caixa (equipe)');
  await expect(panel.getByRole('tab')).toHaveText(['Pedidos', 'Loja', 'Cardápio', 'Mesas', 'Clientes']);
  await expect(panel.getByRole('tab', { name: 'Cardápio' })).toHaveAttribute('aria-selected', 'true');
  const bananaRow = panel.locator(`[data-menu-product="${banana}"]`);
  const bananaSwitch = bananaRow.getByRole('switch', { name: 'Esgotado: Banana Prata' });
  await expect(bananaSwitch).not.toBeChecked();
  await expect(bananaRow.locator('[data-menu-availability]')).toHaveText('Disponível');
  await expect(panel.locator('[data-menu-edit-button]')).toHaveCount(0);
  expect(await axeProblems(panel)).toEqual([]);

  // Marked sold out with the keyboard: the panel shows it at once, the open page within the expect timeout.
  await bananaSwitch.focus();
  await panel.keyboard.press('Space');
  await expect(bananaSwitch).toBeChecked();
  await expect(bananaRow.locator('[data-menu-availability]')).toHaveText('Esgotado');
  await expect(panel.locator('[data-toast]').filter({ hasText: 'Banana Prata: esgotado.' })).toBeVisible();
  await expect(soldOutMark).toHaveText('Esgotado');
  await expect(add).toBeDisabled();
  // A tap on it adds nothing to the cart.
  await add.click({ force: true });
  await expect(page.locator('[data-cart-badge]')).toHaveText('0');

  // Marked available again: the open page offers it again.
  await bananaSwitch.click();
  await expect(bananaSwitch).not.toBeChecked();
  await expect(bananaRow.locator('[data-menu-availability]')).toHaveText('Disponível');
  await expect(panel.locator('[data-toast]').filter({ hasText: 'Banana Prata: disponível de novo.' })).toBeVisible();
  await expect(add).toBeEnabled();
  await expect(soldOutMark).toBeHidden();

  // One option: Maçã Gala's 'Grande', behind 'Opções', on Maçã Gala's open page.
  await page.goto(`/${slug}/produto/${maca}`);
  await liveConnected(page);
  const grandeRow = page.locator('[data-product-page] [data-variation="tamanho"] [data-variation-item="grande"]');
  const grande = grandeRow.locator('[data-item-sold-out]');
  await expect(grandeRow).toBeVisible();
  await expect(grande).toBeHidden();
  const macaRow = panel.locator(`[data-menu-product="${maca}"]`);
  const options = macaRow.getByRole('button', { name: 'Opções de Maçã Gala' });
  await options.focus();
  await panel.keyboard.press('Enter');
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  expect(await axeProblems(panel, '[data-menu-panel]')).toEqual([]);
  const grandeSwitch = macaRow.getByRole('switch', { name: 'Esgotado: Grande (Tamanho, Maçã Gala)' });
  await grandeSwitch.click();
  await expect(grandeSwitch).toBeChecked();
  await expect(macaRow).toContainText('1 opção esgotada');
  await expect(grande).toHaveText('Esgotado');
  // Tapped again at once: sent after the first, so the last tap is what the server keeps.
  await grandeSwitch.click();
  await expect(grandeSwitch).not.toBeChecked();
  await expect(panel.locator('[data-toast]').filter({ hasText: 'Grande (Maçã Gala): disponível de novo.' })).toBeVisible();
  await expect(grandeSwitch).not.toHaveAttribute('aria-busy', /.*/);
  await expect(grandeRow).toBeVisible();
  await expect(grande).toBeHidden();

  // A tap the server refuses is taken back, and says why: here the session ended meanwhile.
  const out = await staffCtx.request.post('/api/staff/logout', { headers: API_HEADERS, data: { establishment_id: establishmentId } });
  expect(out.status()).toBe(204);
  await bananaSwitch.click();
  await expect(panel.locator('[data-toast]').filter({ hasText: 'Sua sessão do painel terminou. Entre de novo.' })).toBeVisible();
  await expect(bananaSwitch).not.toBeChecked();
  await expect(bananaRow.locator('[data-menu-availability]')).toHaveText('Disponível');
  const stored = await request.get(`/api/establishments/${establishmentId}/products/${banana}`, { headers: API_HEADERS });
  expect(((await stored.json()) as { sold_out: boolean }).sold_out).toBe(false);
  await staffCtx.close();
});
