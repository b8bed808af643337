// The establishment's order screen against the real server (docs/panel.md), side by side with its
// customers: the panel of Mercado Sol Centro open at tablet size with the owner's session; one
// customer orders for delivery paying cash with change, another pays by Pix; both reach the panel
// over its socket and it rings; the cash order is accepted, its kitchen ticket printed on the 80 mm
// layout (window.print answered here; the print-media screenshot is attached to the report), moved
// through the kitchen to 'Saiu para entrega' while the customer's page follows without a reload;
// an order paid by card cancelled in the panel is refunded once. Then the staff member's panel:
// no coupons, no team, no menu edits; and the owner edits a product of a shop of its own.
import { expect, test, type Browser, type BrowserContext, type TestInfo } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import { amountPattern, placeByApi } from './payment-helpers.ts';
import {
  API_HEADERS,
  capturedTestCard,
  importCatalogue,
  logIn,
  logInVerified,
  outboxMessages,
  saveSantosAddress,
  storeId,
  verifiedCardByApi,
} from './helpers.ts';
import { groceryCatalogue } from './live-helpers.ts';
import { TABLET, axeProblems, e2eDatabaseFile } from './panel-helpers.ts';

const SLUG = 'mercado-sol-centro';

/** A browser context at tablet size logged in to the establishment's panel through its log in call (the page's own log in is tests/e2e/staff-panel.spec.ts). */
async function panelContext(browser: Browser, info: TestInfo, establishmentId: string, email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: TABLET });
  const res = await context.request.post('/api/staff/login', { headers: API_HEADERS, data: { establishment_id: establishmentId, email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

test('two customers order, the tablet panel shows both at once and rings; accepted, printed, dispatched, the customer reads Saiu para entrega live; a card order cancelled is refunded once @one-viewport', async ({
  browser,
  page,
  context,
  request,
}, info) => {
  test.setTimeout(120_000);
  const establishmentId = await storeId(request, SLUG);
  const panelCtx = await panelContext(browser, info, establishmentId, `dono@${SLUG}.demo`, 'painel-dono');
  const panel = await panelCtx.newPage();
  await panel.goto(`/${SLUG}/painel`);
  const board = panel.locator('[data-order-board]');
  await expect(board).toBeVisible();
  await expect(panel.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
  await panel.getByRole('button', { name: 'Ativar som dos pedidos' }).click();
  await expect(panel.locator('[data-board-sound-on]')).toHaveText('Som ativado');
  expect(await axeProblems(panel)).toEqual([]);
  // The print dialog is the browser's: here it is counted, not opened.
  await panel.evaluate(() => {
    const w = window as unknown as { __printed: number };
    w.__printed = 0;
    window.print = () => {
      w.__printed++;
      window.dispatchEvent(new Event('afterprint'));
    };
  });

  // Customer A: delivery to Santos, cash with change for R$ 100,00; her order page open.
  const ana = await logIn(context, request, SLUG, info, 'Ana Dinheiro');
  const cash = await placeByApi(request, ana, { cash: { change: 10_000 }, addressId: await saveSantosAddress(request, ana.token) });
  await page.goto(`/${SLUG}/pedido/${cash._id}`);
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido registrado');
  // Customer B pays by Pix.
  const bruno = await logIn(await browser.newContext({ baseURL: info.project.use.baseURL }), request, SLUG, info, 'Bruno Pix');
  const pix = await placeByApi(request, bruno, { pix: true });

  const cashCard = panel.locator(`[data-board-order="${cash._id}"]`);
  await expect(panel.locator('[data-board-column="new"]').locator(`[data-board-order="${cash._id}"]`)).toBeVisible();
  await expect(panel.locator('[data-board-column="awaiting_payment"]').locator(`[data-board-order="${pix._id}"]`)).toBeVisible();
  // The charge is made when Bruno's order page asks for it (POST /api/pix), then paid as a bank would.
  const charge = await request.post('/api/pix', { headers: { ...API_HEADERS, Authorization: `Bearer ${bruno.token}` }, data: { order_id: pix._id } });
  expect(charge.status(), await charge.text()).toBe(201);
  const paid = await request.post('/api/pix/webhook', { data: { transaction_id: pix.payment.pix!.txid, status: 'paid', amount: pix.totals.total } });
  expect(paid.status(), await paid.text()).toBe(202);
  await expect(panel.locator('[data-board-column="new"]').locator(`[data-board-order="${pix._id}"]`)).toBeVisible();
  await expect(panel.locator(`[data-board-order="${pix._id}"] [data-board-payment]`)).toHaveText('Pago com Pix');
  // It rings, and the tab's title counts the orders waiting.
  await expect(board).toHaveAttribute('data-board-ringing', '');
  await expect(panel).toHaveTitle(/^\(\d+\) Pedidos$/);

  // The cash order as the kitchen reads it.
  await expect(cashCard.locator('[data-board-customer]')).toHaveText('Cliente: Ana');
  await expect(cashCard.locator('[data-board-payment]')).toHaveText(/^Dinheiro na entrega: troco para R\$\s100,00$/);
  await expect(cashCard.locator('[data-board-place]')).toContainText('Rua Amador Bueno');
  await expect(cashCard.locator('[data-board-place] a')).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d/);

  await cashCard.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido confirmado');
  await cashCard.getByRole('button', { name: 'Imprimir' }).click();
  const ticket = panel.locator(`[data-kitchen-ticket="${cash._id}"]`);
  await expect.poll(() => panel.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  await expect(ticket).toHaveCount(0);
  // The ticket as it prints: only it on the page, 80 mm wide.
  await panel.evaluate(() => {
    window.print = () => undefined;
  });
  await cashCard.getByRole('button', { name: 'Imprimir' }).click();
  await panel.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(`Pedido nº ${cash.order}`);
  await expect(ticket).toContainText('ENTREGA');
  await expect(ticket).toContainText('Azeite de Oliva Extravirgem (500 ml)');
  await expect(ticket).toContainText(/Pagamento: Dinheiro na entrega: troco para R\$\s100,00/);
  const box = await ticket.boundingBox();
  // 72 mm of print width at 96 px per inch.
  expect(Math.round(box!.width)).toBe(Math.round((72 / 25.4) * 96));
  await info.attach('kitchen-ticket.png', { body: await ticket.screenshot(), contentType: 'image/png' });
  await panel.emulateMedia({ media: 'screen' });
  await panel.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(ticket).toHaveCount(0);

  for (const step of ['Em preparo', 'Pronto', 'Saiu para entrega']) await cashCard.getByRole('button', { name: step }).click();
  await expect(panel.locator('[data-board-column="on_the_way"]').locator(`[data-board-order="${cash._id}"]`)).toBeVisible();
  await expect(page.locator('[data-order-status]')).toHaveText('Saiu para entrega');

  // A card order cancelled in the panel: refunded once.
  const carla = await logInVerified(await browser.newContext({ baseURL: info.project.use.baseURL }), request, SLUG, info, 'Carla Cartão');
  const card = await verifiedCardByApi(request, carla, capturedTestCard().number);
  const byCard = await placeByApi(request, carla, { card });
  const cardOrder = panel.locator(`[data-board-order="${byCard._id}"]`);
  await expect(cardOrder.locator('[data-board-payment]')).toHaveText('Pago on-line (cartão)');
  await cardOrder.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = panel.getByRole('dialog', { name: `Cancelar o pedido nº ${byCard.order}` });
  await dialog.getByLabel('Motivo do cancelamento').fill('Produto em falta');
  expect(await axeProblems(panel, '[data-board-cancel-dialog]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(dialog).toBeHidden();
  await panel.locator('[data-board-done] summary').click();
  await expect(panel.locator(`[data-board-done] [data-board-order="${byCard._id}"]`)).toContainText('Cancelado pela loja · Motivo: Produto em falta');
  await expect
    .poll(async () =>
      (await outboxMessages(request)).filter(
        (m) =>
          m.channel === 'card-statement' && m.recipient.endsWith(card.last4) && new RegExp(`^Estorno ${amountPattern(byCard.totals.total)}\\b`).test(m.text),
      ),
    )
    .toHaveLength(1);
  await expect(panel.locator('[data-board-totals]')).toBeVisible();
  await panelCtx.close();
});

test('a staff member’s panel has no coupons, no team and no menu edits; the owner edits a product and its page shows it @one-viewport', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(60_000);
  const staffCtx = await panelContext(browser, info, await storeId(request, SLUG), `equipe@${SLUG}.demo`, 'painel-equipe');
  const staff = await staffCtx.newPage();
  await staff.goto(`/${SLUG}/painel`);
  await expect(staff.getByRole('tab')).toHaveText(['Pedidos', 'Loja', 'Cardápio', 'Mesas', 'Clientes']);
  await staff.getByRole('tab', { name: 'Cardápio' }).click();
  await expect(staff.locator('[data-menu-product]').first()).toBeVisible();
  await expect(staff.locator('[data-menu-edit-button]')).toHaveCount(0);
  // The keyboard moves between the tabs.
  await staff.getByRole('tab', { name: 'Cardápio' }).focus();
  await staff.keyboard.press('ArrowRight');
  await expect(staff.getByRole('tab', { name: 'Mesas' })).toBeFocused();
  await expect(staff.getByRole('tab', { name: 'Mesas' })).toHaveAttribute('aria-selected', 'true');
  await expect(staff).toHaveURL(/#mesas$/);
  await staffCtx.close();

  // The owner of a shop of its own edits a product's name and price.
  const slug = `quitanda-painel-${info.project.name}`;
  await importCatalogue(groceryCatalogue(slug, 600));
  const establishmentId = await storeId(request, slug);
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: e2eDatabaseFile });
  try {
    await createStaffMember(
      db,
      { establishmentId, email: `dono.${info.project.name}@quitanda.example`, name: 'Dona Quitanda', role: 'owner', password: 'quitanda-dona-1' },
      new Date(),
    ).catch((err: unknown) => {
      if (!(err instanceof Error && err.message === 'staff_email_taken')) throw err;
    });
  } finally {
    await db.destroy();
  }
  const ownerCtx = await panelContext(browser, info, establishmentId, `dono.${info.project.name}@quitanda.example`, 'quitanda-dona-1');
  const owner = await ownerCtx.newPage();
  await owner.goto(`/${slug}/painel#cardapio`);
  const banana = owner.locator('[data-menu-product]', { hasText: 'Banana Prata' });
  await banana.getByRole('button', { name: 'Editar Banana Prata' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Editar produto' });
  expect(await axeProblems(owner, '[data-menu-edit]')).toEqual([]);
  await dialog.getByLabel('Nome').fill('Banana Prata Orgânica');
  await dialog.getByLabel('Preço (R$)').fill('');
  await dialog.getByLabel('Preço (R$)').pressSequentially('725');
  await expect(dialog.getByLabel('Preço (R$)')).toHaveValue('7,25');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.locator('[data-menu-product]', { hasText: 'Banana Prata Orgânica' }).locator('[data-menu-price]')).toHaveText(/^R\$\s7,25$/);
  await ownerCtx.close();

  // The storefront's page was rendered again with it.
  await page.goto(`/${slug}/`);
  await expect(page.getByText('Banana Prata Orgânica')).toBeVisible();
});
