// Our orders as Open Delivery v1.3 Orders (src/server/open-delivery/order.ts), validated against
// the official document's own `Order` schema (tests/fixtures/opendelivery/openapi.yaml) with ajv,
// and held to the document's equations in exact centavos. The orders are OrderRows as the server
// stores them, read through the server's own orderView, so the mapping's input is the real one.
import { describe, expect, it } from 'vitest';
import type { AddressView } from '../../src/schemas/api-geo.ts';
import type { OrderItemView, OrderPaymentDetails, OrderVariationEntry } from '../../src/schemas/api-orders.ts';
import type { OdOrder, OdPrice } from '../../src/schemas/open-delivery.ts';
import type { OrderRow } from '../../src/server/db/types.ts';
import { odItemId, odMerchantId, odOrderId, uuidV5 } from '../../src/server/open-delivery/ids.ts';
import { offlineMethodKind, odDecimal, odPrice, openDeliveryOrder, type OdOrderInput } from '../../src/server/open-delivery/order.ts';
import { orderView } from '../../src/server/services/orders.ts';
import { UUID, closed, odAjv, odDocument, odSchemaValidator, problems, type Json } from '../helpers/open-delivery-document.ts';

// ---------------------------------------------------------------- the official schema

// The loader is shared with the routes' API tests (tests/helpers/open-delivery-document.ts).
const validateOrder = odSchemaValidator('Order');
const validateClosedOrder = odSchemaValidator('Order', odAjv(closed(odDocument.components.schemas) as Json));

// ---------------------------------------------------------------- our orders

const EST = { id: '3f9a0c1d2e4b5a69', name: 'Cantina Centro', document: '12.345.678/0001-95' };
const CUSTOMER = { id: '9c1e2d3f4a5b6c7d', name: 'Maria Souza', phone: '11987654321', ordersCountOnMerchant: 3 };

const ADDRESS: AddressView = {
  _id: 'a1',
  street: 'Rua das Flores',
  number: '120',
  complement: 'Apto 3',
  ref: 'Portão azul',
  additionalInfo: 'Apto 3',
  neighborhood: 'Centro',
  city: 'São Paulo',
  state: 'SP',
  referencePoint: 'Portão azul',
  country: 'BR',
  place: 'house',
  lng_lat: [-46.6283, -23.5505],
};

const pick = (_id: string, item_id: string, name: string, price: number, qnt = 1, item_preffix?: string): OrderVariationEntry => ({
  _id,
  item_id,
  name,
  price,
  qnt,
  ...(item_preffix ? { item_preffix } : {}),
});

function line(product_id: string, name: string, unit_cents: number, qnt: number, variations: OrderVariationEntry[] = [], note = ''): OrderItemView {
  return { product_id, name, image: null, qnt, note, unit_cents, line_cents: unit_cents * qnt, variations };
}

type Totals = Pick<OrderRow, 'subtotal' | 'order_variations_total' | 'packing_fee' | 'delivery_fee' | 'discount' | 'credits' | 'total'>;

/** An order row as writeOrder stores it; totals checked to add up as src/domain/order-pricing.ts keeps them. */
function orderRow(o: {
  id: string;
  number: number;
  delivery_type: 'delivery' | 'pickup' | 'local';
  payment_type: 'online' | 'offline' | 'pix' | 'credits';
  items: OrderItemView[];
  order_variations?: OrderVariationEntry[];
  totals: Totals;
  payment_method?: { _id: string; name: string; payback: boolean } | null;
  payment_payback?: number | null;
  address?: AddressView | null;
  scheduled_at?: string | null;
  note?: string;
  tax_id?: string | null;
  coupon?: { id: string; code: string; discount: number };
  achievement?: { id: string; name: string; discount: number };
  payment?: { status: string; details: OrderPaymentDetails | null };
  time?: [number, number];
}): OrderRow {
  const t = o.totals;
  expect(t.subtotal + t.order_variations_total + t.packing_fee + t.delivery_fee - t.discount - t.credits).toBe(t.total);
  expect(o.items.reduce((s, l) => s + l.line_cents, 0)).toBe(t.subtotal);
  // Stored without the spec's second names, as older orders were: orderView adds them back.
  const stored = o.address ? (({ additionalInfo: _a, referencePoint: _r, ...rest }) => rest)(o.address) : null;
  return {
    id: o.id,
    establishment_id: EST.id,
    user_id: CUSTOMER.id,
    number: o.number,
    status: 'registered',
    step: 'registered',
    platform: 'web',
    delivery_type: o.delivery_type,
    payment_type: o.payment_type,
    payment_method: o.payment_method ? JSON.stringify(o.payment_method) : null,
    payment_payback: o.payment_payback ?? null,
    tax_receipt: o.tax_id ? 1 : 0,
    tax_id: o.tax_id ?? null,
    address: stored ? JSON.stringify(stored) : null,
    scheduled_at: o.scheduled_at ?? null,
    note: o.note ?? '',
    items: JSON.stringify(o.items),
    order_variations: JSON.stringify(o.order_variations ?? []),
    coupon_id: o.coupon?.id ?? null,
    achievement_id: o.achievement?.id ?? null,
    ...t,
    time_min: o.time?.[0] ?? 30,
    time_max: o.time?.[1] ?? 50,
    cancellation_type: null,
    cancellation_reason: null,
    created_at: '2026-11-27T22:10:05.123Z',
    updated_at: '2026-11-27T22:10:05.123Z',
    completed_at: null,
    evaluation_packing: null,
    evaluation_delivery: null,
    evaluation_product: null,
    evaluation_deadline: null,
    evaluated_at: null,
    whatsapp_updates: 0,
    payment_status: o.payment?.status ?? 'none',
    payment_details: o.payment?.details ? JSON.stringify(o.payment.details) : null,
    coupon_code: o.coupon?.code ?? null,
    achievement_name: o.achievement?.name ?? null,
    promotion_discount: o.coupon?.discount ?? o.achievement?.discount ?? 0,
    slot_at: o.scheduled_at ?? null,
    table_number: null,
    table_tab_id: null,
  };
}

const input = (row: OrderRow, extra: Partial<OdOrderInput> = {}): OdOrderInput => ({
  order: orderView(row, 'America/Sao_Paulo'),
  establishment: EST,
  customer: CUSTOMER,
  ...extra,
});

// Margherita 40,00; Grande +10,00 (one pick of the size group); Bacon 5,00 x 2 (additive extras).
const margheritaGrandeBacon = line('margherita', 'Margherita', 6000, 2, [pick('tamanho', 'grande', 'Grande', 1000), pick('extras', 'bacon', 'Bacon', 500, 2)]);

/** 1. Delivery paid by card online, a 10 % coupon and store credit. */
const deliveryCardCouponCredits = orderRow({
  id: 'a0b1c2d3e4f50617',
  number: 41,
  delivery_type: 'delivery',
  payment_type: 'online',
  items: [margheritaGrandeBacon, line('refrigerante', 'Refrigerante Lata', 600, 1)],
  totals: { subtotal: 12600, order_variations_total: 0, packing_fee: 150, delivery_fee: 500, discount: 1260, credits: 1000, total: 10990 },
  address: ADDRESS,
  coupon: { id: 'cup1', code: 'BEMVINDO10', discount: 1260 },
  tax_id: '52998224725',
  payment: { status: 'paid', details: { card: { brand: 'visa', last4: '4242' }, refund_to: 'card' } },
  note: 'Interfone quebrado, ligar ao chegar',
});

/** 2. Pickup paid in cash at the counter, change for R$ 50,00, 10 % pickup discount. */
const pickupCashChange = orderRow({
  id: 'b1c2d3e4f5061728',
  number: 42,
  delivery_type: 'pickup',
  payment_type: 'offline',
  items: [line('almoco', 'Prato do dia', 2500, 1, [], 'Sem cebola')],
  totals: { subtotal: 2500, order_variations_total: 0, packing_fee: 0, delivery_fee: 0, discount: 250, credits: 0, total: 2250 },
  payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
  payment_payback: 5000,
  time: [20, 30],
});

/** 3. Scheduled delivery paid by Pix, a free-delivery achievement reward. */
const scheduledPixAchievement = orderRow({
  id: 'c2d3e4f506172839',
  number: 43,
  delivery_type: 'delivery',
  payment_type: 'pix',
  items: [line('bolo', 'Bolo de encomenda', 9000, 1)],
  totals: { subtotal: 9000, order_variations_total: 0, packing_fee: 0, delivery_fee: 800, discount: 800, credits: 0, total: 9000 },
  address: { ...ADDRESS, number: null, complement: null, ref: '' },
  scheduled_at: '2026-11-29T17:30:00.000Z',
  achievement: { id: 'ach1', name: 'Fiel da Cantina', discount: 800 },
  payment: { status: 'paid', details: { pix: { txid: 'ord4f3e2d1c0b0a09f8e7d6c5b4' }, refund_to: 'pix' } },
});

/** 4. Eaten at the establishment, card machine at the counter, order-level extras that take 0,50 off. */
const localDebitExtras = orderRow({
  id: 'd3e4f5061728394a',
  number: 44,
  delivery_type: 'local',
  payment_type: 'offline',
  items: [line('chopp', 'Chopp', 1500, 2)],
  order_variations: [pick('talheres', 'sem', 'Sem talheres', 0), pick('saches', 'sem-saches', 'Sem sachês', -50)],
  totals: { subtotal: 3000, order_variations_total: -50, packing_fee: 0, delivery_fee: 0, discount: 0, credits: 0, total: 2950 },
  payment_method: { _id: 'debito', name: 'Cartão de débito', payback: false },
});

/** 5. Variations of several quantities, a half-and-half priced by the highest half, a note, order extras. */
const variationsAndNote = orderRow({
  id: 'e4f5061728394a5b',
  number: 45,
  delivery_type: 'pickup',
  payment_type: 'credits',
  items: [
    // Base 40,00 + Bacon 5,00 x 3 + Azeitona 3,00 x 2 = 61,00, three of them.
    line(
      'margherita',
      'Margherita',
      6100,
      3,
      [pick('extras', 'bacon', 'Bacon', 500, 3), pick('extras', 'azeitona', 'Azeitona', 300, 2)],
      'Bem assada, sem orégano',
    ),
    // Highest half (rule 4) over base 0: 45,00, not the halves' 85,00.
    line('meia', 'Pizza meio a meio', 4500, 1, [
      pick('sabores', 'calabresa', 'Calabresa', 4000, 1, '1/2'),
      pick('sabores', 'portuguesa', 'Portuguesa', 4500, 1, '1/2'),
    ]),
  ],
  order_variations: [pick('molhos', 'alho', 'Molho de alho', 150, 2)],
  totals: { subtotal: 22800, order_variations_total: 300, packing_fee: 0, delivery_fee: 0, discount: 0, credits: 23100, total: 0 },
});

const CASES: [string, OrderRow, Partial<OdOrderInput>?][] = [
  ['delivery paid by card with a coupon and store credit', deliveryCardCouponCredits],
  ['pickup in cash with change', pickupCashChange],
  ['scheduled delivery paid by Pix with an achievement reward', scheduledPixAchievement, { achievementFreeDelivery: true }],
  ['eaten at the establishment, card machine, extras that take money off', localDebitExtras],
  ['variations of several quantities, a half-and-half, a note, paid by credits', variationsAndNote],
];

// ---------------------------------------------------------------- the document's equations

/** A decimal of the document as exact centavos; fails when it is not a whole number of centavos. */
function cents(v: number | OdPrice): number {
  const value = typeof v === 'number' ? v : v.value;
  expect(String(value)).toMatch(/^-?\d+(\.\d{1,2})?$/);
  return Math.round(value * 100);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectEquations(od: OdOrder): void {
  for (const item of od.items) {
    const options = item.options ?? [];
    for (const o of options) expect(cents(o.totalPrice)).toBe(o.quantity * cents(o.unitPrice));
    expect(cents(item.optionsPrice)).toBe(sum(options.map((o) => cents(o.totalPrice))));
    expect(cents(item.totalPrice)).toBe(item.quantity * (cents(item.unitPrice) + cents(item.optionsPrice)));
    expect(cents(item.unitPrice)).toBeGreaterThanOrEqual(0);
  }
  expect(cents(od.total.itemsPrice)).toBe(sum(od.items.map((i) => cents(i.totalPrice))));
  expect(cents(od.total.otherFees)).toBe(sum((od.otherFees ?? []).map((f) => cents(f.price))));
  expect(cents(od.total.discount)).toBe(sum((od.discounts ?? []).map((d) => cents(d.amount))));
  for (const d of od.discounts ?? []) expect(sum(d.sponsorshipValues.map((s) => cents(s.amount)))).toBe(cents(d.amount));
  expect(cents(od.total.orderAmount)).toBe(cents(od.total.itemsPrice) + cents(od.total.otherFees) - cents(od.total.discount));
  expect(cents(od.payments.prepaid) + cents(od.payments.pending)).toBe(cents(od.total.orderAmount));
  expect(sum(od.payments.methods.map((m) => cents(m.value)))).toBe(cents(od.total.orderAmount));
  expect(sum(od.payments.methods.filter((m) => m.type === 'PREPAID').map((m) => cents(m.value)))).toBe(cents(od.payments.prepaid));
}

// ---------------------------------------------------------------- tests

describe('an order as an Open Delivery Order', () => {
  it.each(CASES)('%s: valid against the official Order schema, equations exact', (_name, row, extra) => {
    const od = openDeliveryOrder(input(row, extra));
    expect(problems(validateOrder, od)).toEqual([]);
    // No field outside the document either (a misspelt optional field would pass the open schema).
    expect(problems(validateClosedOrder, od)).toEqual([]);
    expectEquations(od);
    // The order's own figures: orderAmount is our total plus the store credit used.
    expect(cents(od.total.orderAmount)).toBe(row.total + row.credits);
    expect(od.id).toBe(odOrderId(row.id));
    expect(od.displayId).toBe(String(row.number));
    expect(od.createdAt).toBe('2026-11-27T22:10:05.123Z');
    // The same order always maps to the same document.
    expect(openDeliveryOrder(input(row, extra))).toEqual(od);
  });

  it('delivery by card with a coupon and credits: every figure', () => {
    const od = openDeliveryOrder(input(deliveryCardCouponCredits));
    expect(od.type).toBe('DELIVERY');
    expect(od.orderTiming).toBe('INSTANT');
    expect(od.preparationStartDateTime).toBe(od.createdAt);
    expect(od.merchant).toEqual({ id: odMerchantId(EST.id, EST.document), name: 'Cantina Centro' });
    expect(od.merchant.id).toMatch(/^12345678000195-[0-9a-f-]{36}$/);
    const [pizza, soda] = od.items;
    expect(pizza).toMatchObject({
      index: 0,
      name: 'Margherita',
      externalCode: 'margherita',
      unit: 'UN',
      quantity: 2,
      unitPrice: { value: 40, currency: 'BRL' },
      optionsPrice: { value: 20, currency: 'BRL' },
      totalPrice: { value: 120, currency: 'BRL' },
    });
    expect(pizza!.options).toEqual([
      expect.objectContaining({ index: 0, name: 'Grande', externalCode: 'grande', quantity: 1, unitPrice: odPrice(1000), totalPrice: odPrice(1000) }),
      expect.objectContaining({ index: 1, name: 'Bacon', externalCode: 'bacon', quantity: 2, unitPrice: odPrice(500), totalPrice: odPrice(1000) }),
    ]);
    expect(soda).toMatchObject({ index: 1, quantity: 1, unitPrice: odPrice(600), optionsPrice: odPrice(0), totalPrice: odPrice(600) });
    expect(soda!.options).toBeUndefined();
    expect(od.otherFees).toEqual([
      { name: 'Taxa de entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: odPrice(500) },
      { name: 'Taxa de embalagem', type: 'SERVICE_FEE', receivedBy: 'MERCHANT', price: odPrice(150) },
    ]);
    expect(od.discounts).toEqual([
      { amount: odPrice(1260), target: 'CART', sponsorshipValues: [{ name: 'MERCHANT', amount: odPrice(1260), discountCode: 'BEMVINDO10' }] },
    ]);
    expect(od.total).toEqual({ itemsPrice: odPrice(12600), otherFees: odPrice(650), discount: odPrice(1260), orderAmount: odPrice(11990) });
    expect(od.payments).toEqual({
      prepaid: 119.9,
      pending: 0,
      methods: [
        { value: 10, currency: 'BRL', type: 'PREPAID', method: 'PREPAID_REDEEM', methodInfo: 'Créditos do cliente na loja' },
        { value: 109.9, currency: 'BRL', type: 'PREPAID', method: 'CREDIT', brand: 'VISA', methodInfo: 'Cartão final 4242' },
      ],
    });
    expect(od.customer).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Maria Souza',
      documentNumber: '52998224725',
      phone: { number: '11987654321' },
      ordersCountOnMerchant: 3,
    });
    expect(od.delivery).toEqual({
      deliveredBy: 'MERCHANT',
      deliveryAddress: {
        country: 'BR',
        state: 'BR-SP',
        city: 'São Paulo',
        district: 'Centro',
        street: 'Rua das Flores',
        number: '120',
        complement: 'Apto 3',
        reference: 'Portão azul',
        formattedAddress: 'Rua das Flores, 120 - Apto 3 - Centro, São Paulo/SP',
        postalCode: '',
        coordinates: { latitude: -23.5505, longitude: -46.6283 },
      },
      // Placed 22:10:05 UTC, the longest delivery time shown (50 min) later.
      estimatedDeliveryDateTime: '2026-11-27T23:00:05.123Z',
    });
    expect(od.takeout).toBeUndefined();
    expect(od.schedule).toBeUndefined();
    expect(od.extraInfo).toBe('Interfone quebrado, ligar ao chegar');
  });

  it('pickup in cash: pending, change for the cash handed over, the pickup discount, the note on the item', () => {
    const od = openDeliveryOrder(input(pickupCashChange));
    expect(od.type).toBe('TAKEOUT');
    expect(od.takeout).toEqual({ mode: 'DEFAULT', takeoutDateTime: '2026-11-27T22:30:05.123Z' });
    expect(od.delivery).toBeUndefined();
    expect(od.items[0]!.specialInstructions).toBe('Sem cebola');
    expect(od.discounts).toEqual([{ amount: odPrice(250), target: 'CART', sponsorshipValues: [{ name: 'MERCHANT', amount: odPrice(250) }] }]);
    expect(od.payments).toEqual({
      prepaid: 0,
      pending: 22.5,
      methods: [{ value: 22.5, currency: 'BRL', type: 'PENDING', method: 'CASH', methodInfo: 'Dinheiro', changeFor: 50 }],
    });
    // No invoice document asked: none sent.
    expect(od.customer.documentNumber).toBeUndefined();
  });

  it('scheduled delivery by Pix: the schedule, preparation from the longest time before it, the reward against the delivery fee', () => {
    const od = openDeliveryOrder(input(scheduledPixAchievement, { achievementFreeDelivery: true }));
    expect(od.orderTiming).toBe('SCHEDULED');
    expect(od.schedule).toEqual({ scheduledDateTimeStart: '2026-11-29T17:30:00.000Z', scheduledDateTimeEnd: '2026-11-29T17:30:00.000Z' });
    expect(od.preparationStartDateTime).toBe('2026-11-29T16:40:00.000Z');
    expect(od.delivery!.estimatedDeliveryDateTime).toBe('2026-11-29T17:30:00.000Z');
    expect(od.delivery!.deliveryAddress).toMatchObject({ number: 'S/N', formattedAddress: 'Rua das Flores, S/N - Centro, São Paulo/SP' });
    expect(od.delivery!.deliveryAddress.complement).toBeUndefined();
    expect(od.delivery!.deliveryAddress.reference).toBeUndefined();
    expect(od.discounts).toEqual([
      { amount: odPrice(800), target: 'DELIVERY_FEE', sponsorshipValues: [{ name: 'MERCHANT', amount: odPrice(800), discountCode: 'Fiel da Cantina' }] },
    ]);
    expect(od.payments).toEqual({
      prepaid: 90,
      pending: 0,
      methods: [{ value: 90, currency: 'BRL', type: 'PREPAID', method: 'PIX', methodInfo: 'Pix txid ord4f3e2d1c0b0a09f8e7d6c5b4' }],
    });
    // Without the reward's type the discount goes against the cart; the totals are the same.
    const cart = openDeliveryOrder(input(scheduledPixAchievement));
    expect(cart.discounts![0]!.target).toBe('CART');
    expect(cart.total).toEqual(od.total);
  });

  it('sent from a table: INDOOR at the place of the table', () => {
    const od = openDeliveryOrder(input({ ...localDebitExtras, table_number: 7, table_tab_id: 'tab1' }));
    expect(od.type).toBe('INDOOR');
    expect(od.indoor).toEqual({ mode: 'PLACE', indoorDateTime: '2026-11-27T22:40:05.123Z', place: 'Mesa 7' });
  });

  it('a scheduled order placed later than its lead time starts preparing when it is placed', () => {
    const row = { ...scheduledPixAchievement, scheduled_at: '2026-11-27T22:30:00.000Z' };
    expect(openDeliveryOrder(input(row)).preparationStartDateTime).toBe('2026-11-27T22:10:05.123Z');
  });

  it('eaten at the establishment: INDOOR, a debit card machine, extras that take money off as a discount', () => {
    const od = openDeliveryOrder(input(localDebitExtras));
    expect(od.type).toBe('INDOOR');
    expect(od.indoor).toEqual({ mode: 'DEFAULT', indoorDateTime: '2026-11-27T22:40:05.123Z' });
    const extras = od.items[1]!;
    expect(extras).toMatchObject({ id: odItemId(localDebitExtras.id, 1), name: 'Adicionais do pedido', externalCode: 'order-variations', quantity: 1 });
    expect(extras.totalPrice).toEqual(odPrice(0));
    expect(extras.options!.map((o) => [o.name, o.unitPrice.value, o.originalPrice?.value])).toEqual([
      ['Sem talheres', 0, undefined],
      ['Sem sachês', 0, -0.5],
    ]);
    expect(od.discounts).toEqual([{ amount: odPrice(50), target: 'CART', sponsorshipValues: [{ name: 'MERCHANT', amount: odPrice(50) }] }]);
    expect(od.total).toEqual({ itemsPrice: odPrice(3000), otherFees: odPrice(0), discount: odPrice(50), orderAmount: odPrice(2950) });
    expect(od.payments.methods).toEqual([{ value: 29.5, currency: 'BRL', type: 'PENDING', method: 'DEBIT', methodInfo: 'Cartão de débito' }]);
  });

  it('variations of several quantities, a half-and-half priced by its highest half, paid by credits', () => {
    const od = openDeliveryOrder(input(variationsAndNote));
    const [margherita, half, extras] = od.items;
    // Additive extras: the options at their list prices, the item at the rest (the base price).
    expect(margherita).toMatchObject({
      quantity: 3,
      specialInstructions: 'Bem assada, sem orégano',
      unitPrice: odPrice(4000),
      optionsPrice: odPrice(2100),
      totalPrice: odPrice(18300),
    });
    expect(margherita!.options!.map((o) => [o.name, o.quantity, o.unitPrice.value, o.totalPrice.value])).toEqual([
      ['Bacon', 3, 5, 15],
      ['Azeitona', 2, 3, 6],
    ]);
    // The halves' list prices (85,00) exceed what the pizza costs (45,00): they go at 0, their price for information.
    expect(half).toMatchObject({ unitPrice: odPrice(4500), optionsPrice: odPrice(0), totalPrice: odPrice(4500) });
    expect(half!.options!.map((o) => [o.name, o.unitPrice.value, o.originalPrice?.value])).toEqual([
      ['1/2 Calabresa', 0, 40],
      ['1/2 Portuguesa', 0, 45],
    ]);
    expect(extras).toMatchObject({ unitPrice: odPrice(0), optionsPrice: odPrice(300), totalPrice: odPrice(300) });
    expect(od.payments).toEqual({
      prepaid: 231,
      pending: 0,
      methods: [{ value: 231, currency: 'BRL', type: 'PREPAID', method: 'PREPAID_REDEEM', methodInfo: 'Créditos do cliente na loja' }],
    });
  });

  it('the schema check fails on a missing required field, a wrong enum and a field the document does not have', () => {
    const od = openDeliveryOrder(input(deliveryCardCouponCredits)) as unknown as Json;
    const { payments: _payments, ...withoutPayments } = od;
    expect(problems(validateOrder, withoutPayments).join('\n')).toContain("must have required property 'payments'");
    expect(problems(validateOrder, { ...od, type: 'PICKUP' }).join('\n')).toContain('/type must be equal to one of the allowed values');
    const items = od.items as Json[];
    expect(problems(validateOrder, { ...od, items: [{ ...items[0], unit: 'UNIT' }] }).join('\n')).toContain(
      '/items/0/unit must be equal to one of the allowed values',
    );
    expect(problems(validateOrder, { ...od, id: 'a0b1c2d3e4f50617' }).join('\n')).toContain('/id must match format "uuid"');
    expect(problems(validateOrder, { ...od, total: { ...(od.total as Json), orderAmount: { value: 119.90001, currency: 'BRL' } } }).join('\n')).toContain(
      'must match format "decimal"',
    );
    expect(problems(validateClosedOrder, { ...od, customer: { ...(od.customer as Json), phoneNumber: '11987654321' } }).join('\n')).toContain(
      'must NOT have additional properties',
    );
  });

  it('refuses a stored order whose parts do not add up rather than send it wrong', () => {
    const row = { ...pickupCashChange, total: pickupCashChange.total + 1 };
    expect(() => openDeliveryOrder(input(row))).toThrow(RangeError);
  });
});

describe('Open Delivery money and ids', () => {
  it('centavos become the exact decimal reais, as JSON writes them', () => {
    expect(odDecimal(1990)).toBe(19.9);
    expect(odDecimal(5)).toBe(0.05);
    expect(odDecimal(123456789)).toBe(1234567.89);
    expect(odDecimal(0)).toBe(0);
    expect(JSON.stringify([odDecimal(1990), odDecimal(5), odDecimal(123456789), odDecimal(10), odDecimal(-50)])).toBe('[19.9,0.05,1234567.89,0.1,-0.5]');
    // Small and large amounts, against the number read from the decimal text built from the digits.
    const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const drifted: number[] = [];
    for (let c = 0; c < 100_000; c += 7) for (const amount of [c, c * 100_003 + 99]) if (odDecimal(amount) !== Number(text(amount))) drifted.push(amount);
    expect(drifted).toEqual([]);
    expect(() => odDecimal(1.5)).toThrow(RangeError);
  });

  it('ids are RFC 9562 version-5 UUIDs, stable per record and distinct between records', () => {
    // The RFC's own example: 'www.example.com' in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(odOrderId('a0b1c2d3e4f50617')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(odOrderId('a0b1c2d3e4f50617')).toBe(odOrderId('a0b1c2d3e4f50617'));
    expect(odOrderId('a0b1c2d3e4f50617')).not.toBe(odOrderId('a0b1c2d3e4f50618'));
    expect(odItemId('a0b1c2d3e4f50617', 0)).not.toBe(odItemId('a0b1c2d3e4f50617', 1));
    expect(odMerchantId('3f9a0c1d2e4b5a69')).toMatch(UUID);
    expect(odMerchantId('3f9a0c1d2e4b5a69').length).toBeGreaterThanOrEqual(36);
    const od = openDeliveryOrder(input(deliveryCardCouponCredits));
    const ids = [od.id, od.customer.id, ...od.items.flatMap((i) => [i.id, ...(i.options ?? []).map((o) => o.id)])];
    expect(new Set(ids).size).toBe(ids.length);
    // A merchant id the Software Service gave is sent as it is.
    expect(
      openDeliveryOrder(input(deliveryCardCouponCredits, { establishment: { ...EST, merchantId: 'pos-merchant-0001-aaaa-bbbb-cccc-dddd-eeee' } })).merchant.id,
    ).toBe('pos-merchant-0001-aaaa-bbbb-cccc-dddd-eeee');
  });

  it('offline methods are read from the names establishments give them', () => {
    const kind = (name: string, payback = false) => offlineMethodKind({ name, payback });
    expect(kind('Dinheiro')).toBe('CASH');
    expect(kind('Troco', true)).toBe('CASH');
    expect(kind('Pix na entrega')).toBe('PIX');
    expect(kind('Cartão de Crédito')).toBe('CREDIT');
    expect(kind('Débito')).toBe('DEBIT');
    expect(kind('Crédito ou débito')).toBe('CREDIT_DEBIT');
    expect(kind('Maquininha')).toBe('CREDIT_DEBIT');
    expect(kind('Vale-refeição')).toBe('MEAL_VOUCHER');
    expect(kind('VR')).toBe('MEAL_VOUCHER');
    expect(kind('Vale alimentação')).toBe('FOOD_VOUCHER');
    expect(kind('Fiado')).toBe('OTHER');
  });
});
