// The schedule modal with the demo's products, on a phone and a desktop: an order holding
// a product with a minimum schedule time or availability windows asks when to receive it as soon
// as the customer picks how (the type sets the preparation time), names each such product and
// why, offers only the times those rules leave, and the order goes with the time chosen there.
import { expect, test } from './fixtures.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { Temporal } from '../../src/domain/time.ts';
import { API_HEADERS, logIn, mercadoSolCheckout } from './helpers.ts';

const SLUG = 'mercado-sol-centro';
const TIME_ZONE = 'America/Sao_Paulo';

test('a made-to-order product: picking how to receive asks when, only times 24 h ahead are offered, and the order goes scheduled [R-5.74]', async ({
  page,
  context,
  request,
}, info) => {
  const { establishmentId, token } = await logIn(context, request, SLUG, info, 'Beatriz Encomenda');
  const modal = await mercadoSolCheckout(page, request, establishmentId, 'Docinhos de Festa (50 unidades)');
  await expect(page.getByRole('dialog', { name: 'Quando você quer o seu pedido?' })).toHaveCount(0);

  await modal.getByRole('radio', { name: /Retirar no local/ }).check();
  const ask = page.getByRole('dialog', { name: 'Quando você quer o seu pedido?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Estes produtos têm horário ou antecedência: escolha a data e o horário do seu pedido.');
  await expect(ask.locator('[data-schedule-modal-product]')).toHaveText(['Docinhos de Festa (50 unidades)Encomende com 24 horas de antecedência.']);
  // It must be scheduled: no 'O quanto antes', nothing to confirm yet.
  const date = ask.getByLabel('Data');
  await expect(date.locator('option').first()).toHaveText('Escolha a data do agendamento.');
  const confirm = ask.getByRole('button', { name: 'Confirmar horário' });
  await expect(confirm).toBeDisabled();
  // Today cannot be 24 h ahead.
  await date.selectOption((await date.locator('option').nth(1).getAttribute('value'))!);
  await expect(ask.locator('[data-schedule-message]')).toHaveText('Não há tempo suficiente de preparo dentro do horário de funcionamento.');
  // Three days ahead, its first time.
  const day = (await date.locator('option').nth(4).getAttribute('value'))!;
  await date.selectOption(day);
  const time = ask.getByLabel('Horário');
  const first = (await time.locator('option').nth(1).getAttribute('value'))!;
  await time.selectOption(first);
  await confirm.click();
  await expect(ask).toBeHidden();

  const [y, m, d] = day.split('-');
  await expect(modal.locator('[data-schedule-chosen]')).toHaveText(`Agendado para ${d}/${m}/${y} às ${first}`);
  await expect(modal.locator('[data-summary-time]')).toContainText(`às ${first}`);
  await modal.getByRole('button', { name: 'Pagar na retirada' }).click();
  await modal.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão de débito' });
  await modal.getByRole('button', { name: 'Avançar e Finalizar' }).click();

  await page.waitForURL(new RegExp(`/${SLUG}/pedido/[^/]+$`), { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await request.get(`/api/establishments/${establishmentId}/orders/${orderId}`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  const order = (await res.json()) as OrderView;
  const scheduled = Temporal.Instant.from(order.scheduled_at!).toZonedDateTimeISO(TIME_ZONE);
  expect(scheduled.toPlainDate().toString()).toBe(day);
  expect(scheduled.toPlainTime().toString({ smallestUnit: 'minute' })).toBe(first);
  expect(Temporal.Instant.compare(Temporal.Instant.from(order.scheduled_at!), Temporal.Now.instant().add({ hours: 24 }))).toBe(1);
});

test("a product with availability windows: the modal says when it is sold, offers only those times, and 'O quanto antes' while it is [R-5.74]", async ({
  page,
  context,
  request,
}, info) => {
  // Feijoada is sold on Saturdays, 11:00-15:00: the browser's clock says next Saturday, 12:00.
  let saturday = Temporal.Now.plainDateISO(TIME_ZONE).add({ days: 1 });
  while (saturday.dayOfWeek !== 6) saturday = saturday.add({ days: 1 });
  await page.clock.setFixedTime(saturday.toPlainDateTime({ hour: 12 }).toZonedDateTime(TIME_ZONE).epochMilliseconds);
  const { establishmentId } = await logIn(context, request, SLUG, info, 'Rogério Sábado');
  const modal = await mercadoSolCheckout(page, request, establishmentId, 'Feijoada Completa (serve 2)');

  await modal.getByRole('radio', { name: /Retirar no local/ }).check();
  const ask = page.getByRole('dialog', { name: 'Quando você quer o seu pedido?' });
  await expect(ask).toBeVisible();
  await expect(ask.locator('[data-schedule-modal-product]')).toHaveText(['Feijoada Completa (serve 2)Disponível: sáb 11:00-15:00']);
  // Sold now and nothing forces a schedule: 'O quanto antes' is offered and is the answer so far.
  const date = ask.getByLabel('Data');
  await expect(date.locator('option').first()).toHaveText('O quanto antes');
  await expect(ask.getByRole('button', { name: 'Receber o quanto antes' })).toBeEnabled();
  // Today: from noon plus the 20 min of a pickup, on the quarter hour, until the window closes.
  await date.selectOption(saturday.toString());
  const times = await ask
    .getByLabel('Horário')
    .locator('option')
    .evaluateAll((options) => options.slice(1).map((o) => (o as HTMLOptionElement).value));
  expect(times[0]).toBe('12:30');
  expect(times.at(-1)).toBe('14:45');
  expect(times).toHaveLength(10);
  // Sunday sells no feijoada.
  await date.selectOption(saturday.add({ days: 1 }).toString());
  await expect(ask.locator('[data-schedule-message]')).toHaveText('Não há horários disponíveis para o dia selecionado.');
  await date.selectOption('');
  await ask.getByRole('button', { name: 'Receber o quanto antes' }).click();
  await expect(ask).toBeHidden();
  await expect(modal.locator('[data-schedule-chosen]')).toHaveCount(0);
  // Asked once per checkout: another type does not ask again.
  await modal.getByRole('radio', { name: /Entrega/ }).check();
  await expect(modal.getByRole('radio', { name: /Entrega/ })).toBeChecked();
  await expect(ask).toHaveCount(0);
});
