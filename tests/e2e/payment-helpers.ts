// Orders placed through the API at Mercado Sol Centro for the tests whose subject is what follows
// the order (paying, refunding, the establishment's panel): by Pix, by a verified card with its CVV
// sealed as the checkout seals it, or in cash with change; and the statement lines' amounts.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from './fixtures.ts';
import { fromBase64Url, seal } from '../../src/lib/sealed-box.ts';
import { orderPaymentSealContext, type OrderView, type OrderVariationPick, type PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { EncryptionKeyAnswer } from '../../src/schemas/sealed-box.ts';
import type { OrderVariationView, ProductsAnswer } from '../../src/schemas/views.ts';
import { API_HEADERS, type Registered } from './helpers.ts';

export const PAYMENTS_PRODUCT = 'Azeite de Oliva Extravirgem (500 ml)';

/** 'R$ 39,90' as the statement lines write an amount (any space after R$), as a pattern. */
export function amountPattern(cents: number): string {
  const reais = Math.floor(cents / 100).toLocaleString('pt-BR');
  return `R\\$\\s${reais.replace('.', '\\.')},${String(cents % 100).padStart(2, '0')}`;
}

async function productOf(request: APIRequestContext, establishmentId: string) {
  const res = await request.get(`/api/establishments/${establishmentId}/products?q=${encodeURIComponent(PAYMENTS_PRODUCT)}&limit=50`, { headers: API_HEADERS });
  return ((await res.json()) as ProductsAnswer).items.find((p) => p.name === PAYMENTS_PRODUCT)!;
}

/** The required order variations answered with each group's first option, as the extras modal does. */
async function orderVariationPicks(request: APIRequestContext, establishmentId: string): Promise<OrderVariationPick[]> {
  const res = await request.get(`/api/establishments/${establishmentId}/order-variations?active=true`, { headers: API_HEADERS });
  return ((await res.json()) as OrderVariationView[]).filter((g) => g.min > 0).map((g) => ({ _id: g._id, item_id: g.items[0]!._id, qnt: 1 }));
}

export type ApiPayment = { pix: true } | { card: CardView } | { cash: { change: number }; addressId?: string };

/**
 * Places the olive oil through the API: to pick up by Pix or by the card, or in cash with change
 * for `change` centavos (delivered to `addressId` when given, else picked up).
 */
export async function placeByApi(request: APIRequestContext, registered: Registered, payment: ApiPayment): Promise<OrderView> {
  const { establishmentId, token, userId } = registered;
  let fields: Record<string, unknown> = { payment_type: 'pix', delivery_type: 'pickup' };
  if ('card' in payment) {
    const key = (await (await request.get('/api/cards/encryption-key', { headers: API_HEADERS })).json()) as EncryptionKeyAnswer;
    const cvv = seal('123', { kid: key.kid, publicKey: fromBase64Url(key.public_key) }, orderPaymentSealContext(userId));
    fields = { payment_type: 'online', delivery_type: 'pickup', payment_card: { token_id: payment.card._id, security_code: cvv } };
  } else if ('cash' in payment) {
    fields = {
      payment_type: 'offline',
      payment_method_id: 'dinheiro',
      payment_payback: payment.cash.change,
      delivery_type: payment.addressId ? 'delivery' : 'pickup',
      address_id: payment.addressId ?? null,
    };
  }
  const res = await request.post(`/api/establishments/${establishmentId}/orders`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}`, 'Idempotent-Key': randomUUID() },
    data: {
      platform: 'web',
      products: [{ id: (await productOf(request, establishmentId))._id, qnt: 1, note: '', variations: [] }],
      order_variations: await orderVariationPicks(request, establishmentId),
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as PlaceOrderAnswer).order;
}
