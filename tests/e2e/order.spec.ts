// The order page (/{slug}/pedido/{id}, decisions #24) and the account's order list against the
// real server: orders are placed through the API with a customer session (Mercado Sol Centro is
// open 24 h), the establishment acts through `npm run orders` (scripts/orders.ts with the key the
// seed wrote to the e2e data folder), and the open page follows the status without a reload.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { storeId, useSession } from './helpers.ts';
import { PRODUCT, SLUG, bearer, openOrder, ordersCli, placeOrder, register } from './order-helpers.ts';
import { withoutLiveUpdates } from './live-helpers.ts';

const TIME_ZONE = 'America/Sao_Paulo';
const norm = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

function zoned(iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

test('the order page shows the order: number, status, time made in the establishment zone, items, pickup, payment with change and CPF, totals [R-2.29] [R-2.30] [R-3.52] [R-9.14] [R-9.12]', async ({
  page,
  context,
  request,
}, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token, { note: 'Tocar a campainha' });
  await useSession(context, await storeId(request, SLUG), token);
  const res = await openOrder(page, order._id);
  // On demand, never stored.
  expect(res.status()).toBe(200);
  expect(res.headers()['x-page-cache']).toBeUndefined();
  expect(res.headers()['cache-control']).toContain('no-store');

  const view = page.locator(`[data-order="${order._id}"]`);
  await expect(view.locator('[data-order-number]')).toHaveText(`Pedido nº ${order.order}`);
  await expect(view.locator('[data-order-status]')).toHaveText('Pedido registrado');
  await expect(view.locator('[data-order-created]')).toHaveText(`Feito em ${zoned(order.created_at)}`);
  expect(zoned(order.created_at)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(view.locator('[data-order-pickup]')).toHaveText('Retirar no local');
  await expect(view.locator('[data-order-time]')).toHaveText(/^Previsão: entre \d{2}:\d{2} e \d{2}:\d{2}$/);
  const item = view.locator('[data-order-items] li').first();
  await expect(item).toContainText('4x');
  await expect(item.locator('[data-order-item-name]')).toHaveText(PRODUCT);
  await expect(item.locator('[data-order-item-note]')).toHaveText('Obs.: Bem assadinhos');
  await expect(view.locator('[data-order-extras] li')).not.toHaveCount(0);
  // The order's options are named as the checkout names them.
  await expect(view.locator('[data-order-extras] h3')).toHaveText('Opções do pedido');
  await expect(view.locator('[data-order-note]')).toHaveText('Observação do pedido: Tocar a campainha');
  await expect(view.locator('[data-order-payment]')).toContainText('Pagar na retirada · Dinheiro');
  expect(norm(await view.locator('[data-order-change]').textContent())).toBe('Troco para R$ 100,00');
  await expect(view.locator('[data-order-tax-id]')).toHaveText('CPF/CNPJ na nota: 529.982.247-25');
  const rows = view.locator('[data-order-totals]');
  await expect(rows.locator('[data-order-total-row="subtotal"]')).toHaveAttribute('data-cents', String(order.totals.subtotal));
  // The pickup discount is there, named as the checkout names it; the total is the server's.
  await expect(rows.locator('[data-order-total-row="discount"]')).toHaveAttribute('data-cents', String(order.totals.discount));
  await expect(rows.locator('[data-order-total-row="discount"] dt')).toHaveText('Desconto de retirada');
  expect(norm(await rows.locator('[data-order-total-row="total"] dd').textContent())).toBe(`R$ ${(order.totals.total / 100).toFixed(2).replace('.', ',')}`);
  await expect(page.locator('[data-order-cancel]')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[data-order-page]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a delivery order shows its address, reference and fee [R-3.52]', async ({ page, context, request }, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token, { delivery: true });
  await useSession(context, await storeId(request, SLUG), token);
  await openOrder(page, order._id);
  const view = page.locator(`[data-order="${order._id}"]`);
  await expect(view.locator('[data-order-address]')).toHaveText('Rua Amador Bueno, 481 - Centro, Santos/SP');
  await expect(view.locator('[data-order-delivery="delivery"]')).toContainText('Referência: Prédio amarelo');
  await expect(view.locator('[data-order-total-row="delivery_fee"]')).toHaveAttribute('data-cents', String(order.totals.delivery_fee));
  await expect(view.locator('[data-order-payment]')).toContainText('Pagar na entrega · Dinheiro');
});

test('a scheduled order shows its date and time on the establishment clock [R-9.13]', async ({ page, context, request }, info) => {
  const token = await register(request, info);
  // Tomorrow at 10:00 in São Paulo (the store is open 24 h and schedules up to 7 days ahead).
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
  const order = await placeOrder(request, token, { scheduledAt: `${tomorrow}T10:00:00-03:00` });
  await useSession(context, await storeId(request, SLUG), token);
  await openOrder(page, order._id);
  const [y, m, d] = tomorrow.split('-');
  await expect(page.locator('[data-order-time]')).toHaveText(`Agendado para ${d}/${m}/${y} às 10:00`);
});

test('with the live-updates socket down, the open page follows a confirmation from the command line by its 10 s poll, without a reload; unchanged polls are 304', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(60_000);
  const token = await register(request, info);
  const order = await placeOrder(request, token);
  await useSession(context, await storeId(request, SLUG), token);
  // The socket's own path is tests/e2e/live-updates.spec.ts; here the fallback is followed.
  await withoutLiveUpdates(page);
  await openOrder(page, order._id);
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido registrado');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // The 10-second poll revalidates with the ETag: nothing changed, 304.
  const unchanged = await page.waitForResponse(
    (r) => r.url().endsWith(`/orders/${order._id}`) && r.request().method() === 'GET' && r.request().headers()['if-none-match'] !== undefined,
    { timeout: 15_000 },
  );
  expect(unchanged.status()).toBe(304);

  const confirmed = await ordersCli(info, 'confirm', String(order.order));
  expect(confirmed.code, confirmed.out).toBe(0);
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido confirmado', { timeout: 15_000 });
  await expect(page.locator('[data-order-announcement]')).toHaveText('Situação atualizada: Pedido confirmado');
  await expect(page.locator('[data-order-progress] [aria-current="step"]')).toContainText('Confirmado');
  // Only registered orders can be cancelled by the customer.
  await expect(page.locator('[data-order-cancel]')).toBeHidden();

  // Becoming visible again checks at once (no wait for the next tick).
  const completed = await ordersCli(info, 'complete', String(order.order));
  expect(completed.code, completed.out).toBe(0);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido concluído', { timeout: 3_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('a delivery’s page follows the kitchen’s steps live, in Portuguese, without a reload: em preparo, pronto, saiu para entrega', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(60_000);
  const token = await register(request, info);
  const order = await placeOrder(request, token, { delivery: true });
  await useSession(context, await storeId(request, SLUG), token);
  await openOrder(page, order._id);
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido registrado');
  await expect(page.locator('[data-order-progress] li')).toHaveText(['1Registrado', '2Confirmado', '3Em preparo', '4Pronto', '5A caminho', '6Concluído']);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const steps: [string, string, string][] = [
    ['confirm', 'Pedido confirmado', 'Confirmado'],
    ['prepare', 'Em preparo', 'Em preparo'],
    ['ready', 'Pronto, aguardando o entregador', 'Pronto'],
    ['dispatch', 'Saiu para entrega', 'A caminho'],
  ];
  for (const [command, label, progress] of steps) {
    const moved = await ordersCli(info, command, String(order.order));
    expect(moved.code, moved.out).toBe(0);
    await expect(page.locator('[data-order-status]')).toHaveText(label);
    await expect(page.locator('[data-order-announcement]')).toHaveText(`Situação atualizada: ${label}`);
    await expect(page.locator('[data-order-progress] [aria-current="step"]')).toContainText(progress);
  }
  // The spec's status stays 'confirmed' through the finer steps.
  await expect(page.locator('[data-order-status]')).toHaveAttribute('data-order-status', 'confirmed');
  await expect(page.locator('[data-order-status]')).toHaveAttribute('data-order-step', 'dispatched');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await page.goto(`/${SLUG}/minha-conta/pedidos`);
  await expect(page.locator(`[data-orders-item="${order._id}"] [data-order-status]`)).toHaveText('Saiu para entrega');
});

test('the customer cancels a registered order after the confirmation and a reason [R-4.65] [R-4.66] [R-7.25]', async ({ page, context, request }, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token);
  await useSession(context, await storeId(request, SLUG), token);
  await openOrder(page, order._id);
  await page.locator('[data-order-cancel]').click();
  const dialog = page.locator('[data-order-cancel-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-order-cancel-message]')).toHaveText('Tem certeza que deseja cancelar esse pedido?');
  await expect(dialog.locator('[data-order-cancel-reason]')).toBeFocused();
  // 'Voltar' keeps the order.
  await dialog.locator('[data-order-cancel-back]').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-order-cancel]')).toBeFocused();

  await page.locator('[data-order-cancel]').click();
  await dialog.locator('[data-order-cancel-confirm]').click();
  await expect(dialog.locator('[data-order-cancel-error]')).toHaveText('Informe o motivo do cancelamento.');
  await dialog.locator('[data-order-cancel-reason]').fill('Pedi por engano');
  const put = page.waitForRequest((r) => r.url().endsWith(`/orders/${order._id}/status`) && r.method() === 'PUT');
  await dialog.locator('[data-order-cancel-confirm]').click();
  expect((await put).postDataJSON()).toEqual({ status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Pedi por engano' });
  await expect(page.locator('[data-toast="success"]', { hasText: 'Pedido cancelado.' })).toBeVisible();
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido cancelado');
  await expect(page.locator('[data-order-canceled]')).toContainText('Você cancelou este pedido.');
  await expect(page.locator('[data-order-canceled]')).toContainText('Motivo: Pedi por engano');
  await expect(page.locator('[data-order-cancel]')).toBeHidden();
  const stored = (await (
    await request.get(`/api/establishments/${await storeId(request, SLUG)}/orders/${order._id}`, { headers: bearer(token) })
  ).json()) as OrderView;
  expect(stored).toMatchObject({ status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Pedi por engano' });
});

test('cancelling an order the establishment has already confirmed says it cannot be cancelled [R-8.59]', async ({ page, context, request }, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token);
  await useSession(context, await storeId(request, SLUG), token);
  // Without the socket (which would show the confirmation at once), the page still shows the order as registered.
  await withoutLiveUpdates(page);
  await openOrder(page, order._id);
  await expect(page.locator('[data-order-cancel]')).toBeVisible();
  // Confirmed behind the page's back (before its next poll).
  const confirmed = await ordersCli(info, 'confirm', order._id);
  expect(confirmed.code, confirmed.out).toBe(0);
  await page.locator('[data-order-cancel]').click();
  const dialog = page.locator('[data-order-cancel-dialog]');
  await dialog.locator('[data-order-cancel-reason]').fill('Demorou demais');
  await dialog.locator('[data-order-cancel-confirm]').click();
  await expect(page.locator('[data-toast="error"]', { hasText: 'Este pedido não pode mais ser cancelado.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido confirmado');
  await expect(page.locator('[data-order-cancel]')).toBeHidden();
});

test("a visitor gets the login link back to the order; another customer's order is not found", async ({ page, context, request }, info) => {
  const owner = await register(request, info);
  const order = await placeOrder(request, owner);
  await openOrder(page, order._id);
  const login = page.locator('[data-order-visitor] [data-order-login]');
  await expect(login).toHaveText('Entrar ou criar conta');
  await expect(login).toHaveAttribute('href', `/${SLUG}/minha-conta?voltar=${encodeURIComponent(`/${SLUG}/pedido/${order._id}`)}`);

  const stranger = await register(request, info, 'Outra Pessoa Teste');
  await useSession(context, await storeId(request, SLUG), stranger);
  await openOrder(page, order._id);
  await expect(page.locator('[data-order-not-found]')).toContainText('Pedido não encontrado');
  await expect(page.locator(`[data-order="${order._id}"]`)).toHaveCount(0);

  // Malformed ids are a 404 of the route itself; the bare route goes to the order list.
  expect((await request.get(`/${SLUG}/pedido/a/b`)).status()).toBe(404);
  const bare = await request.get(`/${SLUG}/pedido`, { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe(`/${SLUG}/minha-conta/pedidos`);
});

test('Meus pedidos lists the orders newest first with status, date, type and total, each linking to its page [R-2.24] [R-3.51] [R-7.23]', async ({
  page,
  context,
  request,
}, info) => {
  const token = await register(request, info);
  await useSession(context, await storeId(request, SLUG), token);
  await page.goto(`/${SLUG}/minha-conta/pedidos`);
  await expect(page.locator('[data-orders-empty]')).toContainText('Você ainda não fez nenhum pedido.');

  const first = await placeOrder(request, token);
  const second = await placeOrder(request, token, { delivery: true });
  await ordersCli(info, 'confirm', String(first.order));
  await page.reload();
  const items = page.locator('[data-orders-item]');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-orders-item', second._id);
  await expect(items.nth(1)).toHaveAttribute('data-orders-item', first._id);
  await expect(items.nth(0)).toContainText(`Pedido nº ${second.order}`);
  await expect(items.nth(0)).toContainText('Entrega');
  await expect(items.nth(0).locator('[data-order-status]')).toHaveText('Registrado');
  await expect(items.nth(1).locator('[data-order-status]')).toHaveText('Confirmado');
  await expect(items.nth(1)).toContainText('Retirada');
  await expect(items.nth(1)).toContainText(zoned(first.created_at).slice(0, 16));
  await expect(items.nth(0).locator('[data-orders-total]')).toHaveAttribute('data-orders-total', String(second.totals.total));
  await items.nth(1).locator('a').click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/pedido/${first._id}$`));
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido confirmado');
});
