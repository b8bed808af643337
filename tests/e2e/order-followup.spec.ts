// After an order is placed, against the real server: the customer evaluates a completed order on
// the account's evaluation page (keyboard and pointer, axe clean), 'Meus pedidos' and the order
// page offer 'Avaliar pedido' and then show the rating; the customer turns on the WhatsApp updates
// on the order page and, once the establishment confirms from the command line, the message is in
// the development outbox (/dev/caixa-de-saida). Orders are placed at Mercado Sol Centro (open 24 h).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { newCustomer, registerCustomer, storeId, useSession } from './helpers.ts';
import { SLUG, bearer, openOrder, ordersCli, placeOrder, register } from './order-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4399);

async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the customer evaluates a completed order with four star ratings, by keyboard and by pointer, and gets ‘Avaliação enviada’ [R-1.15] [R-2.27] [R-8.60]', async ({
  page,
  context,
  request,
}, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token);
  const waiting = await placeOrder(request, token);
  for (const step of ['confirm', 'complete']) expect((await ordersCli(info, step, String(order.order))).code).toBe(0);
  await useSession(context, await storeId(request, SLUG), token);

  // 'Meus pedidos' offers the evaluation on the completed order only.
  await page.goto(`/${SLUG}/minha-conta/pedidos`);
  const completed = page.locator(`[data-orders-item="${order._id}"]`);
  await expect(completed.locator('[data-evaluate-link]')).toHaveText('Avaliar pedido');
  await expect(completed.locator('[data-evaluate-link]')).toHaveAttribute('aria-label', `Avaliar o pedido nº ${order.order}`);
  await expect(page.locator(`[data-orders-item="${waiting._id}"]`)).toBeVisible();
  await expect(page.locator(`[data-orders-item="${waiting._id}"] [data-evaluate-link]`)).toHaveCount(0);

  // So does the order page, which leads to the account's evaluation page.
  await openOrder(page, order._id);
  await page.locator('[data-evaluate-link]').click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/minha-conta/pedidos/evaluation\\?pedido=${order._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avaliar pedido');
  const form = page.locator('[data-evaluation-form]');
  await expect(form).toBeVisible();
  await expect(page.locator('[data-evaluation-order]')).toHaveText(`Pedido nº ${order.order}`);
  // A pickup order: its 'delivery' is the handing over at the counter.
  for (const name of ['Embalagem', 'Retirada no local', 'Produto', 'Prazo']) {
    await expect(form.getByRole('group', { name })).toBeVisible();
    await expect(form.getByRole('group', { name }).getByRole('radio')).toHaveCount(5);
  }
  await expect(form.getByRole('group', { name: 'Prazo' }).getByRole('radio', { name: '1 estrela', exact: true })).toBeVisible();
  await expectAxeClean(page, '[data-account-area]');

  // Sending without stars says what is missing and goes to the first group.
  await page.locator('[data-evaluation-send]').click();
  await expect(page.locator('[data-evaluation-missing]')).toHaveText('Falta dar estrelas a: Embalagem, Retirada no local, Produto, Prazo.');
  const packing = form.getByRole('group', { name: 'Embalagem' });
  await expect(packing.getByRole('radio').first()).toBeFocused();

  // The keyboard: the arrow keys move along a group's stars, Tab goes to the next group.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(packing.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('group', { name: 'Retirada no local' }).getByRole('radio', { name: '4 estrelas' })).toBeChecked();
  await expect(page.locator('[data-evaluation-missing]')).toHaveText('Falta dar estrelas a: Produto, Prazo.');
  // The pointer: a tap on a star.
  await form.getByRole('group', { name: 'Produto' }).locator('[data-star="5"]').click();
  await form.getByRole('group', { name: 'Prazo' }).locator('[data-star="3"]').click();
  await expect(form.getByRole('group', { name: 'Prazo' }).getByRole('radio', { name: '3 estrelas' })).toBeChecked();
  await expect(page.locator('[data-evaluation-missing]')).toHaveCount(0);

  const put = page.waitForRequest((r) => r.url().endsWith(`/orders/${order._id}/evaluate`) && r.method() === 'PUT');
  await page.locator('[data-evaluation-send]').click();
  expect((await put).postDataJSON()).toEqual({ packing: 5, delivery: 4, product: 5, deadline: 3 });
  await expect(page.locator('[data-toast="success"]', { hasText: 'Avaliação enviada!' })).toBeVisible();
  const result = page.locator('[data-evaluation-result]');
  await expect(result.locator('[data-evaluation-total]')).toHaveText('Nota 17 de 20');
  await expect(result.locator('[data-evaluation-aspect="delivery"] [data-stars]')).toHaveAttribute('data-stars', '4');
  await expect(form).toHaveCount(0);
  await expectAxeClean(page, '[data-account-area]');

  // Stored, and shown in the list and on the order page instead of the link.
  const stored = (await (
    await request.get(`/api/establishments/${await storeId(request, SLUG)}/orders/${order._id}`, { headers: bearer(token) })
  ).json()) as OrderView;
  expect(stored.evaluation).toMatchObject({ packing: 5, delivery: 4, product: 5, deadline: 3, total: 17 });
  await page.goto(`/${SLUG}/minha-conta/pedidos`);
  await expect(completed.locator('[data-orders-rating]')).toHaveText('★ Avaliação 17/20');
  await expect(completed.locator('[data-evaluate-link]')).toHaveCount(0);
  await openOrder(page, order._id);
  await expect(page.locator('[data-evaluation-result] [data-evaluation-total]')).toHaveText('Nota 17 de 20');
  await expect(page.locator('[data-evaluate-link]')).toHaveCount(0);
});

test('an evaluation the server refuses says ‘Avaliação não enviada’ with the reason, then shows the order as it is [R-8.61]', async ({
  page,
  context,
  request,
}, info) => {
  const token = await register(request, info);
  const order = await placeOrder(request, token);
  for (const step of ['confirm', 'complete']) expect((await ordersCli(info, step, String(order.order))).code).toBe(0);
  await useSession(context, await storeId(request, SLUG), token);
  await page.goto(`/${SLUG}/minha-conta/pedidos/evaluation?pedido=${order._id}`);
  const form = page.locator('[data-evaluation-form]');
  await expect(form).toBeVisible();
  // Meanwhile, the same customer evaluated it elsewhere (another tab, the app).
  const elsewhere = await request.put(`/api/establishments/${await storeId(request, SLUG)}/orders/${order._id}/evaluate`, {
    headers: bearer(token),
    data: { packing: 2, delivery: 2, product: 2, deadline: 2 },
  });
  expect(elsewhere.status()).toBe(200);
  for (const aspect of ['packing', 'delivery', 'product', 'deadline']) await form.locator(`[data-rating="${aspect}"] [data-star="5"]`).click();
  await page.locator('[data-evaluation-send]').click();
  await expect(page.locator('[data-toast="error"]', { hasText: 'Avaliação não enviada: este pedido já foi avaliado.' })).toBeVisible();
  await expect(page.locator('[data-evaluation-result] [data-evaluation-total]')).toHaveText('Nota 8 de 20');
  await expect(form).toHaveCount(0);
});

test('the evaluation page says why an order cannot be evaluated: none named, not complete yet, canceled', async ({ page, context, request }, info) => {
  const token = await register(request, info);
  const registered = await placeOrder(request, token);
  const canceled = await placeOrder(request, token);
  expect((await ordersCli(info, 'cancel', String(canceled.order))).code).toBe(0);
  await useSession(context, await storeId(request, SLUG), token);

  await page.goto(`/${SLUG}/minha-conta/pedidos/evaluation`);
  await expect(page.locator('[data-evaluation-no-order]')).toContainText('Escolha em Meus pedidos o pedido concluído que você quer avaliar.');
  await page.goto(`/${SLUG}/minha-conta/pedidos/evaluation?pedido=${registered._id}`);
  await expect(page.locator('[data-evaluation-closed]')).toHaveText(
    'Este pedido ainda não foi concluído. Quando ele for concluído, você poderá avaliá-lo por 7 dias.',
  );
  await expect(page.locator('[data-evaluation-form]')).toHaveCount(0);
  await page.goto(`/${SLUG}/minha-conta/pedidos/evaluation?pedido=${canceled._id}`);
  await expect(page.locator('[data-evaluation-closed]')).toHaveText('Este pedido foi cancelado e não pode ser avaliado.');
  await page.goto(`/${SLUG}/minha-conta/pedidos/evaluation?pedido=naoexiste`);
  await expect(page.locator('[data-evaluation-no-order="not_found"]')).toContainText('Não encontramos este pedido na sua conta.');
});

test('the customer turns on WhatsApp updates on the order page; the establishment’s confirmation is then at the top of the development outbox [R-7.27] [R-7.28] [R-7.29]', async ({
  page,
  context,
  request,
}, info) => {
  const customer = newCustomer(info, 'Wagner Zap Teste');
  const { token, establishmentId } = await registerCustomer(request, SLUG, customer);
  const order = await placeOrder(request, token);
  await useSession(context, establishmentId, token);

  const bot = await request.get(`/api/amodelivery/whatsapp-bot/${establishmentId}/status`, { headers: bearer(token) });
  expect(await bot.json()).toEqual({ connected: true });
  await openOrder(page, order._id);
  const toggle = page.getByRole('switch', { name: 'Receber atualizações pelo WhatsApp' });
  await expect(toggle).not.toBeChecked();
  await expect(page.locator('#whatsapp-updates-hint')).toHaveText(
    `Avisamos no ${customer.maskedPhone} a cada passo do pedido: confirmado, em preparo, pronto, a caminho, concluído ou cancelado.`,
  );
  await expectAxeClean(page, '[data-order-page]');

  const patch = page.waitForRequest((r) => r.url().endsWith(`/api/orders/${order._id}/whatsapp-updates`) && r.method() === 'PATCH');
  await toggle.click();
  expect((await patch).postDataJSON()).toEqual({ receive_updates_in_whatsapp: true });
  await expect(page.locator('[data-toast="success"]', { hasText: 'Você vai receber as atualizações deste pedido pelo WhatsApp.' })).toBeVisible();
  await expect(toggle).toBeChecked();
  const read = await request.get(`/api/orders/${order._id}/whatsapp-updates`, { headers: bearer(token) });
  expect(await read.json()).toEqual({ receive_updates_in_whatsapp: true });

  const confirmed = await ordersCli(info, 'confirm', String(order.order));
  expect(confirmed.code, confirmed.out).toBe(0);
  const res = await page.goto('/dev/caixa-de-saida');
  expect(res!.status()).toBe(200);
  expect(res!.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Caixa de saída');
  const messages = page.locator('[data-outbox-message]');
  const mine = messages.filter({ has: page.locator('[data-outbox-recipient]', { hasText: `+55${customer.phone}` }) });
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('[data-outbox-channel]')).toHaveText('WhatsApp');
  await expect(mine.locator('[data-outbox-text]')).toHaveText(
    `Mercado Sol — Centro: seu pedido nº ${order.order} foi confirmado. Veja o pedido: http://mercadosol.localhost:${port}/${SLUG}/pedido/${order._id}`,
  );
  // Newest first: the top of the list, or below only messages other tests sent after it.
  const times = await messages.locator('[data-outbox-time]').evaluateAll((els) => els.map((e) => e.getAttribute('data-outbox-time')!));
  const at = await mine.locator('[data-outbox-time]').getAttribute('data-outbox-time');
  const index = await messages.evaluateAll(
    (els, id) => els.findIndex((e) => e.getAttribute('data-outbox-message') === id),
    await mine.getAttribute('data-outbox-message'),
  );
  expect(times.slice(0, index).every((t) => t >= at!)).toBe(true);
  expect([...times].sort().reverse()).toEqual(times);
  await expectAxeClean(page, 'main');

  // The order page, once the order is confirmed, still offers to turn them off.
  await openOrder(page, order._id);
  await expect(page.getByRole('switch', { name: 'Receber atualizações pelo WhatsApp' })).toBeChecked();
});
