// An establishment without order variations, imported while the server runs, manually closed
// but scheduling: 'Finalizar pedido' opens the complete-request modal directly (no extras modal),
// the closed notice shows, the order must be scheduled, and the server accepts the scheduled order.
import { expect, test } from './fixtures.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { API_HEADERS, importCatalogue, isMobile, logIn } from './helpers.ts';

/** A small snack bar, closed by hand right now, open every day 08:00-22:00, scheduling 3 days ahead. */
function catalogue(slug: string) {
  return {
    company: { slug, name: 'Quiosque da Praça' },
    establishment: {
      slug,
      name: 'Quiosque da Praça',
      kind: 'Restaurant',
      is_open: 'closed',
      phone: '1130304041',
      address: { street: 'Rua Harmonia', number: '300', neighborhood: 'Vila Madalena', city: 'São Paulo', state: 'SP', lng_lat: [-46.6889, -23.5543] },
      design: { theme: 'light', navbarcolor: '#2b8a3e', primary: '#2b8a3e', darkprimary: '#1e6b2f', primaryinverse: '#ffffff' },
      preferences: {
        title: 'Quiosque da Praça',
        desc: 'Lanches e sucos na praça.',
        delivery_type: ['pickup'],
        max_days_scheduling: 3,
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      },
      office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 800, stop_at: 2200 })),
    },
    categories: [
      { _id: 'lanches', name: 'Lanches', products: [{ _id: 'misto-quente', name: 'Misto Quente', desc: 'Pão de forma, queijo e presunto.', price: 1200 }] },
    ],
  };
}

test('without order variations Finalizar pedido opens the complete-request modal directly; closed, it must be scheduled [R-2.68] [R-2.70] [R-5.70] [R-2.106]', async ({
  page,
  context,
  request,
}, info) => {
  // One tenant per project: the two projects run at the same time.
  const slug = `quiosque-${info.project.name}`;
  await importCatalogue(catalogue(slug));

  const { establishmentId: id, token } = await logIn(context, request, slug, info, 'Rafael Souza');

  await page.goto(`/${slug}/`);
  await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
  await page
    .getByRole('button', { name: /Adicionar Misto Quente/ })
    .first()
    .click();
  const productModal = page.getByRole('dialog', { name: 'Misto Quente' });
  await expect(productModal).toHaveAttribute('data-state', 'ready');
  await productModal.locator('[data-add-submit]').click();
  await expect(productModal).toBeHidden();
  await page.locator(isMobile(page) ? '[data-cart-bar-button]' : '[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Meu carrinho' }).getByRole('button', { name: 'Finalizar pedido' }).click();

  // Straight to the complete-request modal: no extras step.
  const modal = page.locator('[data-checkout="customer"]');
  await expect(modal).toBeVisible();
  await expect(page.locator('[data-checkout-extras]')).toHaveCount(0);
  await expect(modal.locator('[data-checkout-extras-back]')).toHaveCount(0);
  // Closed: the notice, and only scheduled dates are offered.
  await expect(modal.locator('[data-section="closed"]')).toBeVisible();
  await modal.getByRole('radio', { name: /Retirar no local/ }).check();
  const dateSelect = modal.getByLabel('Data');
  await expect(dateSelect.locator('option').first()).toHaveText('Escolha a data do agendamento.');
  // Tomorrow: 08:00-22:00 whatever the time the test runs.
  await dateSelect.selectOption((await dateSelect.locator('option').nth(2).getAttribute('value'))!);
  const timeSelect = modal.getByLabel('Horário');
  await timeSelect.selectOption('12:00');
  await modal.getByRole('button', { name: 'Pagar na retirada' }).click();
  await modal.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });
  await modal.getByRole('button', { name: 'Avançar e Finalizar' }).click();

  await page.waitForURL(new RegExp(`/${slug}/pedido/[^/]+$`), { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const res = await request.get(`/api/establishments/${id}/orders/${orderId}`, { headers: { ...API_HEADERS, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const order = (await res.json()) as OrderView;
  expect(order.delivery_type).toBe('pickup');
  expect(new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(new Date(order.scheduled_at!))).toBe(
    '12:00',
  );
});
