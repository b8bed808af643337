// 'Pedir de novo' against the real server: a greengrocer's completed order (two Banana Prata with a
// note and one Maçã Gala) ordered again after the establishment changed its catalogue: the banana
// costs more and the apple is no longer sold. The order page rebuilds the cart at today's price
// with the same note, says what changed and what was left out and why, and the cart shows it;
// 'Meus pedidos' offers the same on each finished order. On the phone and the desktop.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type TestInfo } from './fixtures.ts';
import type { PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import { API_HEADERS, importCatalogue, logIn } from './helpers.ts';
import { apiKeyOf, groceryCatalogue, setOrderStatus } from './live-helpers.ts';

async function shopFor(info: TestInfo): Promise<string> {
  const slug = `quitanda-de-novo-${info.project.name}-${info.line}`;
  await importCatalogue(groceryCatalogue(slug, 600));
  return slug;
}

test('ordering a finished order again: today’s price, the same note, what changed and what was left out said in Portuguese; the cart holds it', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(60_000);
  const slug = await shopFor(info);
  const { token, establishmentId } = await logIn(context, request, slug, info, 'Renata De Novo');
  const products = (await (await request.get(`/api/establishments/${establishmentId}/products?limit=10`, { headers: API_HEADERS })).json()) as {
    items: { _id: string; name: string }[];
  };
  const id = (name: string) => products.items.find((p) => p.name === name)!._id;
  const placed = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}`, 'Idempotent-Key': randomUUID() },
    data: {
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [
        { id: id('Banana Prata'), qnt: 2, note: 'bem maduras' },
        { id: id('Maçã Gala'), qnt: 1 },
      ],
      payment_method_id: 'dinheiro',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as PlaceOrderAnswer)._id;
  const key = await apiKeyOf(slug);
  await setOrderStatus(request, '', establishmentId, orderId, 'confirmed', key);
  await setOrderStatus(request, '', establishmentId, orderId, 'complete', key);

  // The establishment raised the banana and stopped selling apples.
  const catalogue = groceryCatalogue(slug, 750);
  await importCatalogue({ ...catalogue, categories: catalogue.categories.map((c) => ({ ...c, products: c.products.filter((p) => p._id !== 'maca') })) });

  await page.goto(`/${slug}/pedido/${orderId}`);
  await expect(page.locator('[data-order-status]')).toHaveText('Pedido concluído');
  await page.getByRole('button', { name: 'Pedir de novo' }).click();
  const outcome = page.locator('[data-reorder-outcome]');
  await expect(outcome.locator('[data-reorder-added]')).toHaveText('2 itens deste pedido foram para o carrinho, com os preços de hoje.');
  await expect(outcome.locator('[data-reorder-price]')).toHaveText(/^Banana Prata: de R\$\s6,00 por R\$\s7,50 cada\.$/);
  await expect(outcome.locator('[data-reorder-dropped] li')).toHaveText(['Maçã Gala (não é mais vendido)']);
  expect(
    (await new AxeBuilder({ page }).include('[data-reorder]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  // The header's count follows at once.
  await expect(page.locator('[data-cart-badge]')).toHaveText('2');

  await outcome.getByRole('button', { name: 'Ver carrinho' }).click();
  const line = page.locator(`[data-cart-line="${id('Banana Prata')}"]`);
  await expect(line).toBeVisible();
  await expect(line.locator('[data-cart-line-note]')).toContainText('bem maduras');
  await expect(page.locator('[data-cart-line]')).toHaveCount(1);

  // 'Meus pedidos' offers it on the finished order.
  await page.goto(`/${slug}/minha-conta/pedidos`);
  await expect(page.locator(`[data-orders-item="${orderId}"] [data-reorder-button]`)).toHaveText('Pedir de novo');
});
