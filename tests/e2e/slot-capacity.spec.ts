// Kitchen capacity end to end, on a phone and a desktop (docs/api.md 'Kitchen capacity'): a shop of
// its own per test, its kitchen taking one pickup order per 15-minute slot. The checkout's schedule
// greys a slot another customer filled ('Horário lotado'); a slot filled while the customer was
// deciding is refused by the server when the order is sent, the next free slot is offered, taken in
// one tap, and the order goes for it; and the owner sets the cap in the panel's 'Loja' tab and
// reads each slot's load on the order screen.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type TestInfo } from './fixtures.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import { asapSlot, slotAt, slotTime } from '../../src/domain/slot-capacity.ts';
import { Temporal } from '../../src/domain/time.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { API_HEADERS, importCatalogue, logIn, newCustomer, openCheckoutWith, productIdByName, registerCustomer } from './helpers.ts';
import { groceryCatalogue } from './live-helpers.ts';

const TZ = 'America/Sao_Paulo';
const dataDir = join(tmpdir(), `storefront-e2e-${Number(process.env.E2E_PORT ?? 4399)}`);
/** Tomorrow on the shop's calendar: every quarter hour of it is offered (the shop is open around the clock). */
const tomorrow = () => Temporal.Now.plainDateISO(TZ).add({ days: 1 }).toString();
const brDate = (date: string) => date.split('-').reverse().join('/');

/** A grocery of its own for the test and project, scheduling two days ahead, one pickup order per slot (or as `capacity` says; null: no cap). */
async function shopFor(info: TestInfo, capacity: Record<string, number> | null = { pickup: 1 }, timeZone = TZ): Promise<string> {
  const slug = `cozinha-lotada-${info.project.name}-${info.line}`;
  const catalogue = groceryCatalogue(slug, 600);
  const preferences = { ...catalogue.establishment.preferences, max_days_scheduling: 2, min_pickup_time: 15, ...(capacity && { slot_capacity: capacity }) };
  await importCatalogue({ ...catalogue, establishment: { ...catalogue.establishment, time_zone: timeZone, preferences } });
  return slug;
}

/**
 * A zone where it is not the last hour of the day: the order screen shows its calendar day, and an
 * order as soon as possible placed in a day's last half hour takes a slot of the next day.
 */
function zoneAwayFromMidnight(): string {
  const hour = Temporal.Now.zonedDateTimeISO(TZ).hour;
  return hour >= 22 || hour < 1 ? 'Asia/Tokyo' : TZ;
}

/** Another customer takes the slot through the API: a pickup of one Banana Prata, cash, on `date` (tomorrow unless told) at `time`. */
async function takeSlot(request: APIRequestContext, info: TestInfo, slug: string, time: string, date = tomorrow()): Promise<void> {
  const other = await registerCustomer(request, slug, newCustomer(info, 'Outra Cliente'));
  const banana = await productIdByName(request, other.establishmentId, 'Banana Prata');
  const res = await request.post(`/api/establishments/${other.establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${other.token}`, 'Idempotent-Key': randomUUID(), 'X-Forwarded-For': other.customer.address },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: banana, qnt: 1 }],
      payment_method_id: 'dinheiro',
      scheduled_at: slotAt(date, time, TZ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The checkout with one Banana Prata to pick up, paying cash at the counter. */
async function pickupCheckout(page: Parameters<typeof openCheckoutWith>[0], slug: string): Promise<Locator> {
  const checkout = await openCheckoutWith(page, slug, 'Banana Prata');
  await checkout.getByRole('radio', { name: /Retirar no local/ }).check();
  await checkout.getByRole('button', { name: 'Pagar na retirada' }).click();
  await checkout.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });
  return checkout;
}

test("the schedule greys a slot the kitchen has full, with 'Horário lotado', and offers the others", async ({ page, context, request }, info) => {
  const slug = await shopFor(info);
  await takeSlot(request, info, slug, '12:00');
  await logIn(context, request, slug, info, 'Clara Agenda');
  const checkout = await pickupCheckout(page, slug);

  const schedule = checkout.locator('[data-section="schedule"]');
  await schedule.getByLabel('Data').selectOption(tomorrow());
  const time = schedule.getByLabel('Horário');
  const full = time.locator('option[value="12:00"]');
  await expect(full).toHaveText('12:00 · Horário lotado');
  await expect(full).toBeDisabled();
  await expect(time.locator('option[value="12:15"]')).toHaveText('12:15');
  await expect(time.locator('option[value="12:15"]')).toBeEnabled();
  await expect(time.locator('option[disabled]')).toHaveCount(1);
  await time.selectOption('12:15');
  await expect(schedule.locator('[data-schedule-chosen]')).toHaveText(`Agendado para ${brDate(tomorrow())} às 12:15`);
});

test('a slot filled while the customer decides: the send is refused, the next free slot is offered, taken in one tap, and the order goes for it', async ({
  page,
  context,
  request,
}, info) => {
  const slug = await shopFor(info);
  const customer = await logIn(context, request, slug, info, 'Davi Corrida');
  const checkout = await pickupCheckout(page, slug);
  const schedule = checkout.locator('[data-section="schedule"]');
  await schedule.getByLabel('Data').selectOption(tomorrow());
  await schedule.getByLabel('Horário').selectOption('12:00');
  await expect(schedule.locator('[data-schedule-chosen]')).toHaveText(`Agendado para ${brDate(tomorrow())} às 12:00`);

  // Meanwhile another customer takes the last place at 12:00.
  await takeSlot(request, info, slug, '12:00');
  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  const offer = page.getByRole('alertdialog');
  await expect(offer).toHaveText(
    new RegExp(
      `Horário lotado\\. A cozinha já recebeu todos os pedidos que aceita para ${brDate(tomorrow())} às 12:00\\. O próximo horário livre é ${brDate(tomorrow())} às 12:15\\. Quer agendar para esse horário\\?`,
    ),
  );
  await offer.getByRole('button', { name: `Agendar para ${brDate(tomorrow())} às 12:15` }).click();
  await expect(offer).toBeHidden();
  await expect(schedule.locator('[data-schedule-chosen]')).toHaveText(`Agendado para ${brDate(tomorrow())} às 12:15`);
  // The day's full slots were read again: 12:00 is greyed now.
  await expect(schedule.getByLabel('Horário').locator('option[value="12:00"]')).toBeDisabled();

  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await page.waitForURL(new RegExp(`/${slug}/pedido/[^/]+$`), { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await request.get(`/api/establishments/${customer.establishmentId}/orders/${orderId}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${customer.token}` },
  });
  expect(((await res.json()) as OrderView).scheduled_at).toBe(slotAt(tomorrow(), '12:15', TZ));
});

test("'O quanto antes' landing in a full slot says so, offers the next free slot in one tap, and the order goes for it", async ({
  page,
  context,
  request,
}, info) => {
  const slug = await shopFor(info);
  // The slot of 'O quanto antes' moves at each quarter hour: not in the last 40 s of one, so the
  // slot filled here is still the checkout's.
  const toNextQuarter = 900_000 - (Date.now() % 900_000);
  if (toNextQuarter < 40_000) await page.waitForTimeout(toNextQuarter + 1000);
  // min_pickup_time is 15 minutes (shopFor).
  const asapAt = asapSlot(Temporal.Now.instant(), TZ, 15);
  const asap = slotTime(asapAt.toString(), TZ);
  const next = slotTime(asapAt.add({ minutes: 15 }).toString(), TZ);
  await takeSlot(request, info, slug, asap.time, asap.date);
  const customer = await logIn(context, request, slug, info, 'Elisa Agora');
  const checkout = await pickupCheckout(page, slug);

  const schedule = checkout.locator('[data-section="schedule"]');
  await expect(schedule.getByLabel('Data').locator('option[value=""]')).toHaveText('O quanto antes · Lotado agora');
  const message = schedule.locator('[data-schedule-message="asap-full"]');
  await expect(message).toContainText(`A cozinha está lotada para agora: o pedido o quanto antes não cabe no horário das ${asap.time}.`);
  await message.getByRole('button', { name: new RegExp(`^Agendar para (Hoje|Amanhã), ${brDate(next.date).slice(0, 5)} às ${next.time}$`) }).click();
  await expect(schedule.locator('[data-schedule-chosen]')).toHaveText(`Agendado para ${brDate(next.date)} às ${next.time}`);
  await expect(message).toHaveCount(0);

  await checkout.getByRole('button', { name: 'Avançar e Finalizar' }).click();
  await page.waitForURL(new RegExp(`/${slug}/pedido/[^/]+$`), { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await request.get(`/api/establishments/${customer.establishmentId}/orders/${orderId}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${customer.token}` },
  });
  expect(((await res.json()) as OrderView).scheduled_at).toBe(slotAt(next.date, next.time, TZ));
});

test("the owner caps the kitchen in the 'Loja' tab, and the order screen shows each slot's load", async ({ page, context, request }, info) => {
  const slug = await shopFor(info, null, zoneAwayFromMidnight());
  const establishmentId = (await registerCustomer(request, slug, newCustomer(info))).establishmentId;
  const email = `dona.${info.project.name}.${info.line}@cozinha.example`;
  const { db } = await openDatabase({ databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') });
  try {
    await createStaffMember(db, { establishmentId, email, name: 'Dona Cozinha', role: 'owner', password: 'cozinha-dona-1' }, new Date()).catch(
      (err: unknown) => {
        if (!(err instanceof Error && err.message === 'staff_email_taken')) throw err;
      },
    );
  } finally {
    await db.destroy();
  }
  const login = await context.request.post('/api/staff/login', {
    headers: API_HEADERS,
    data: { establishment_id: establishmentId, email, password: 'cozinha-dona-1' },
  });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto(`/${slug}/painel#loja`);
  const form = page.locator('[data-board-capacity="edit"]');
  await expect(form.getByRole('heading', { name: 'Capacidade da cozinha' })).toBeVisible();
  const pickup = form.getByLabel('Retirada no balcão');
  await expect(pickup).toHaveValue('');
  await pickup.fill('0');
  await form.getByRole('button', { name: 'Salvar capacidade' }).click();
  await expect(form.locator('[data-board-capacity-error="pickup"]')).toHaveText('Use um número inteiro de 1 a 999, ou deixe em branco para não limitar.');
  await pickup.fill('1');
  await form.getByRole('button', { name: 'Salvar capacidade' }).click();
  await expect(page.getByText(/Capacidade salva/)).toBeVisible();
  const est = await (await request.get(`/api/establishments/${establishmentId}`, { headers: API_HEADERS })).json();
  expect(est.preferences.slot_capacity).toEqual({ pickup: 1 });

  // Today's load: an order as soon as possible takes the earliest slot of today.
  const other = await registerCustomer(request, slug, newCustomer(info, 'Outra Cliente'));
  const banana = await productIdByName(request, establishmentId, 'Banana Prata');
  const placed = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${other.token}`, 'Idempotent-Key': randomUUID(), 'X-Forwarded-For': other.customer.address },
    data: { delivery_type: 'pickup', payment_type: 'offline', platform: 'web', products: [{ id: banana, qnt: 1 }], payment_method_id: 'dinheiro' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  const strip = page.locator('[data-board-slots]');
  await expect(strip.getByRole('heading', { name: 'Carga por horário' })).toBeVisible();
  const slot = strip.locator('[data-board-slot-type="pickup"]');
  await expect(slot).toHaveCount(1);
  await expect(slot.locator('[data-board-slot-load]')).toHaveText('1/1 · lotado');
  await expect(slot).toHaveAttribute('data-board-slot-full', '');
});
