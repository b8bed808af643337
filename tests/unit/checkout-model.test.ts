import { describe, expect, it } from 'vitest';
import { type } from 'arktype';
import { Preferences } from '../../src/schemas/catalogue.ts';
import {
  allowedDeliveryTypes,
  deliveryTime,
  deliveryTypeNeedsReset,
  minOrderParam,
  orderPayload,
  orderVariationEntries,
  orderVariationsCents,
  pricingInput,
  sendFailureAction,
  submitCheckInput,
  unavailableToday,
  productRefusingSchedule,
} from '../../islands/checkout/model.ts';
import { problemMessage } from '../../islands/checkout/send.ts';
import { draftLines, emptyDraft, type Draft } from '../../src/schemas/draft.ts';
import type { EstablishmentView, OrderVariationView } from '../../src/schemas/views.ts';
import { priceOrder } from '../../src/domain/order-pricing.ts';
import { firstSubmitProblem } from '../../src/domain/submit-checks.ts';
import { Temporal } from '../../src/domain/time.ts';
import { t, type MessageKey } from '../../src/i18n/index.ts';
import { COUPON_CHECK_REFUSALS, ORDER_SEND_REFUSALS, SUBMIT_PROBLEMS } from '../../src/schemas/refusal-codes.ts';
import { parseOrderBody } from '../../src/schemas/api-orders.ts';

const BAGS: OrderVariationView = {
  _id: 'sacolas',
  name: 'Sacolas',
  layout: 'check',
  min: 1,
  max: 1,
  price: 0,
  price_rule: 1,
  active: true,
  image: null,
  items: [
    { _id: 'sem-sacola', name: 'Sem sacola', price: 0 },
    { _id: 'retornavel', name: 'Sacola retornável', price: 490 },
  ],
};
const SAUCES: OrderVariationView = {
  _id: 'molhos',
  name: 'Molhos extras',
  layout: 'addremove',
  min: 0,
  max: 6,
  price: 0,
  price_rule: 1,
  active: true,
  image: null,
  items: [
    { _id: 'ketchup', name: 'Ketchup', price: 50 },
    { _id: 'mostarda', name: 'Mostarda', price: 0 },
  ],
};

const PREFS = {
  title: 'Mercado',
  desc: '',
  unavailable: false,
  min_order: 3000,
  use_packing_fee: true,
  use_packing_fee_products: true,
  packing_price: 50,
  has_pickup_discount: true,
  pickup_discount_type: 'fixed' as const,
  pickup_discount_value: 300,
  has_online_payment: false,
  has_delivery_payment: true,
  has_pix_payment: false,
  has_pickup_payment: true,
  tax_receipt: 'optional' as const,
  delivery_type: ['delivery', 'pickup'] as ('delivery' | 'pickup' | 'local')[],
  delivery_radius: 7000,
  delivery_bands: [],
  min_delivery_time: 45,
  max_delivery_time: 90,
  min_pickup_time: 20,
  max_pickup_time: 40,
  pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
  delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
  online_payment_methods: [],
  free_delivery_tax_after_product_price: 20000,
  max_days_scheduling: 7,
  use_gamification: false,
  use_discount_coupon: false,
};

const EST = {
  _id: 'e1',
  slug_area: 'mercado',
  name: 'Mercado',
  active: true,
  open_mode: 'auto',
  time_zone: 'America/Sao_Paulo',
  kind: 'Store',
  company: { _id: 'c', slug: 'c', name: 'C' },
  address: { street: 'Rua', number: '1', neighborhood: 'Centro', city: 'Santos', state: 'SP', lng_lat: [-46.33, -23.93] },
  design: { theme: 'light', navbarcolor: '#000000', primary: '#000000', darkprimary: '#000000', primaryinverse: '#ffffff' },
  preferences: PREFS,
  office_hours: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ _id: `h${wday}`, wday, start_at: 800, stop_at: 2000 })),
  has_free_delivery_tax_after_product_price: true,
  hide_phone: false,
  phone: null,
  has_online_payment: false,
  uses_tables: false,
  updated_at: '2026-01-01T00:00:00Z',
} as EstablishmentView;

function draftWith(patch: Partial<Draft>): Draft {
  return {
    ...emptyDraft(0, 'k1'),
    products: [
      {
        id: 'azeite',
        name: 'Azeite',
        image: null,
        qnt: 2,
        promo: false,
        packing_quantity: 1,
        price: 2000,
        normal_price: null,
        unit_cents: 2000,
        line_cents: 4000,
        note: 'garrafa de vidro',
        delivery_type: ['delivery', 'pickup'],
        tags: [],
        variations: [{ _id: 'tam', item_id: 'g', qnt: 1, name: 'Grande', price: 0 }],
      },
    ],
    ...patch,
  };
}

// A Tuesday, 15:00 in São Paulo.
const NOW = Temporal.Instant.from('2026-03-10T18:00:00Z');

describe('checkout model', () => {
  it('offers the establishment types every product accepts, local only when listed [R-2.111] [R-4.13]', () => {
    expect(allowedDeliveryTypes(['delivery', 'pickup'], [{ delivery_type: ['pickup', 'delivery', 'local'] }, { delivery_type: ['pickup'] }])).toEqual([
      'pickup',
    ]);
    expect(allowedDeliveryTypes(['delivery', 'pickup', 'local'], [{ delivery_type: ['delivery', 'pickup', 'local'] }])).toEqual([
      'delivery',
      'pickup',
      'local',
    ]);
    expect(allowedDeliveryTypes(['delivery', 'pickup'], [{ delivery_type: ['delivery', 'pickup', 'local'] }])).toEqual(['delivery', 'pickup']);
  });

  it('keeps a stored type only when still allowed [R-4.13] [R-4.14]', () => {
    expect(deliveryTypeNeedsReset('delivery', ['pickup'])).toBe(true);
    expect(deliveryTypeNeedsReset('pickup', ['pickup'])).toBe(false);
    expect(deliveryTypeNeedsReset(null, ['pickup'])).toBe(false);
  });

  it('gives each type its estimate', () => {
    expect(deliveryTime(PREFS, 'delivery')).toEqual({ min: 45, max: 90 });
    expect(deliveryTime(PREFS, 'pickup')).toEqual({ min: 20, max: 40 });
    expect(deliveryTime(PREFS, null)).toBeNull();
  });

  it('stores the order variation picks with names and prices and prices them by their rule [R-2.67]', () => {
    const entries = orderVariationEntries([BAGS, SAUCES], {
      sacolas: [{ item_id: 'retornavel', qnt: 1 }],
      molhos: [
        { item_id: 'ketchup', qnt: 3 },
        { item_id: 'mostarda', qnt: 1 },
      ],
    });
    expect(entries).toEqual([
      { _id: 'sacolas', item_id: 'retornavel', qnt: 1, name: 'Sacola retornável', price: 490 },
      { _id: 'molhos', item_id: 'ketchup', qnt: 3, name: 'Ketchup', price: 50 },
      { _id: 'molhos', item_id: 'mostarda', qnt: 1, name: 'Mostarda', price: 0 },
    ]);
    expect(orderVariationsCents([BAGS, SAUCES], entries)).toBe(490 + 150);
  });

  it('previews the pickup discount and packing fee through priceOrder [R-9.28] [R-9.30] [R-2.110]', () => {
    const draft = draftWith({ delivery_type: 'pickup' });
    const totals = priceOrder(
      pricingInput({ draft, lines: draftLines(draft), prefs: PREFS, freeDeliveryEnabled: true, orderVariationsCents: 490, creditsAvailable: 0 }),
    );
    expect(totals).toMatchObject({ subtotal: 4000, order_variations_total: 490, packing_fee: 100, pickup_discount: 300, delivery_fee: 0, total: 4290 });
  });

  it('counts the delivery fee only for delivery with an address', () => {
    const address = { _id: 'a1', street: 'Rua', number: '1', complement: null, neighborhood: 'Centro', city: 'Santos', state: 'SP' };
    const withAddress = pricingInput({
      draft: draftWith({ delivery_type: 'delivery', delivery_address: address, delivery_tax: 690 }),
      lines: [],
      prefs: PREFS,
      freeDeliveryEnabled: true,
      orderVariationsCents: 0,
      creditsAvailable: 0,
    });
    expect(withAddress.delivery_fee).toBe(690);
    const pickup = pricingInput({
      draft: draftWith({ delivery_type: 'pickup', delivery_address: address, delivery_tax: 690 }),
      lines: [],
      prefs: PREFS,
      freeDeliveryEnabled: true,
      orderVariationsCents: 0,
      creditsAvailable: 0,
    });
    expect(pickup.delivery_fee).toBeNull();
  });

  it('builds the spec section 3 payload: change in centavos only for a payback method, address only for delivery, tax id digits only', () => {
    const draft = draftWith({
      delivery_type: 'pickup',
      delivery_address: { _id: 'a1', street: 'Rua', number: null, complement: null, neighborhood: 'Centro', city: 'Santos', state: 'SP' },
      payment_type: 'offline',
      payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
      change: 10000,
      invoice: { status: true, document: '529.982.247-25' },
      order_variations: [{ _id: 'sacolas', item_id: 'sem-sacola', qnt: 1, name: 'Sem sacola', price: 0 }],
      scheduled_at: '2026-03-11T15:00:00Z',
      note: '  tocar a campainha ',
    });
    expect(orderPayload(draft)).toEqual({
      delivery_type: 'pickup',
      payment_type: 'offline',
      platform: 'web',
      products: [{ id: 'azeite', qnt: 2, note: 'garrafa de vidro', variations: [{ _id: 'tam', item_id: 'g', qnt: 1 }] }],
      order_variations: [{ _id: 'sacolas', item_id: 'sem-sacola', qnt: 1 }],
      note: 'tocar a campainha',
      use_credits: false,
      coupon_id: null,
      achievement_id: null,
      scheduled_at: '2026-03-11T15:00:00Z',
      tax_receipt: true,
      tax_id: '52998224725',
      payment_payback: 10000,
      payment_method_id: 'dinheiro',
      address_id: null,
      payment_card: null,
      payment_card_details: null,
      table: null,
    });
    expect(orderPayload({ ...draft, payment_method: { _id: 'debito', name: 'Débito', payback: false } })!.payment_payback).toBeNull();
    expect(orderPayload({ ...draft, change: 0 })!.payment_payback).toBeNull();
    expect(orderPayload({ ...draft, delivery_type: 'delivery' })!.address_id).toBe('a1');
  });

  it('builds exactly the body the server parses: parseOrderBody answers it unchanged', () => {
    const draft = draftWith({
      delivery_type: 'delivery',
      delivery_address: { _id: 'a1', street: 'Rua', number: '7', complement: null, neighborhood: 'Centro', city: 'Santos', state: 'SP' },
      payment_type: 'offline',
      payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
      change: 5000,
      invoice: { status: true, document: '11.222.333/0001-81' },
      note: 'Interfone quebrado',
    });
    const body = orderPayload(draft)!;
    expect(parseOrderBody(JSON.parse(JSON.stringify(body)))).toEqual(body);
    // Until the draft has both types there is nothing to send (the submit checks ask for them first).
    expect(orderPayload({ ...draft, delivery_type: null })).toBeNull();
    expect(orderPayload({ ...draft, payment_type: null })).toBeNull();
  });

  it('maps every 403 code of the send-order catalogue to its own message, others to the generic one [R-8.3] [R-8.4] [R-8.5] [R-8.6] [R-8.7] [R-8.8] [R-8.9] [R-8.10] [R-8.11] [R-8.12] [R-8.13] [R-8.14] [R-8.15] [R-8.16] [R-8.17]', () => {
    const codes = [
      'payment_not_done',
      'credit_card_problems',
      'establishment_unavailable',
      'invalid_payment_card',
      'payment_card_already_exist',
      'credit_card_blocked',
      'credit_card_expired',
      'credit_card_canceled',
      'invalid_payment_card_brand',
      'payment_gateway_offline',
      'failed_save',
      'invalid_address',
      'user_is_banned',
      'user_not_allowed_to_send_order',
    ];
    for (const code of codes) {
      const action = sendFailureAction(403, code);
      expect(action.key).toBe(`checkout:errors.${code}`);
      expect(t(action.key)).not.toBe(`errors.${code}`);
    }
    expect(t(sendFailureAction(403, 'payment_not_done').key)).toBe('Pagamento recusado. Tente com outro cartão.');
    expect(t(sendFailureAction(403, 'payment_gateway_offline').key)).toContain('Escolha pagar na entrega ou na retirada');
    expect(sendFailureAction(403, 'invalid_address')).toMatchObject({ clearAddress: true, section: 'address' });
    expect(t(sendFailureAction(403, 'something_new').key)).toBe('Houve um problema ao enviar o seu pedido. Tente novamente.');
  });

  it('maps every 409 code, and a 409 without message to the purchase-limit text [R-8.2] [R-8.18] [R-8.19] [R-8.20] [R-8.21] [R-8.22] [R-8.23]', () => {
    for (const code of ['offer_not_available', 'offer_changed', 'price_changed', 'user_offer_limit_reached', 'sales_limit_reached', 'write_conflict']) {
      expect(sendFailureAction(409, code).key).toBe(`checkout:errors.${code}`);
      expect(t(sendFailureAction(409, code).key)).not.toMatch(/^errors\./);
    }
    expect(t(sendFailureAction(409, 'price_changed').key)).toBe('Os preços mudaram. Faça o pedido novamente.');
    expect(t(sendFailureAction(409, 'unknown_error').key)).toBe(
      'Desculpe, houve um erro. Este produto possui limitação de compra. Por favor, tente novamente amanhã.',
    );
  });

  it('maps a failure without a message to the generic text, an address outside the radius to its message with the address cleared [R-8.24] [R-8.48] [R-8.49]', () => {
    expect(t(sendFailureAction(500, 'unknown_error').key)).toBe('O seu pedido não pôde ser adicionado. Confira os seus dados e tente novamente.');
    expect(t(sendFailureAction(400, 'invalid_body').key)).toBe('O seu pedido não pôde ser adicionado. Confira os seus dados e tente novamente.');
    const outside = sendFailureAction(404, 'no_delivery_tax_found');
    expect(outside).toMatchObject({ clearAddress: true, section: 'address' });
    expect(t(outside.key)).toBe('Desculpe-nos, mas não entregamos na sua localização. Tente outro local para entrega.');
  });

  it("maps the server's 422 submit problems to the checkout's messages and a reused key to a new key", () => {
    expect(sendFailureAction(422, 'change_too_low')).toEqual({ key: 'checkout:problems.change_too_low', section: 'payment' });
    expect(t(sendFailureAction(422, 'min_order').key, { min_order: '30,00' })).toBe('O pedido mínimo é de R$ 30,00');
    expect(sendFailureAction(422, 'idempotency_key_reused').renewKey).toBe(true);
  });

  it('has a message for every refusal of an order paid by card or Pix: the card amount out of range with its bounds, the payment type not taken', () => {
    const range = sendFailureAction(422, 'card_amount_out_of_range');
    expect(range).toEqual({ key: 'checkout:errors.card_amount_out_of_range', section: 'payment' });
    expect(t(range.key, { min: 'R$\u00a01,00', max: 'R$\u00a010.000,00' })).toBe(
      'O pagamento com cartão aceita pedidos de R$\u00a01,00 a R$\u00a010.000,00. Escolha outra forma de pagamento.',
    );
    expect(t(sendFailureAction(403, 'payment_type_not_available').key)).toBe('Esta forma de pagamento não está disponível nesta loja. Escolha outra.');
    // card_missing is a submit check of its own.
    expect(sendFailureAction(422, 'card_missing')).toEqual({ key: 'checkout:problems.card_missing', section: 'payment' });
    for (const [status, code] of [
      [403, 'payment_not_done'],
      [403, 'credit_card_problems'],
      [403, 'credit_card_expired'],
      [403, 'payment_gateway_offline'],
      [403, 'invalid_payment_card'],
      [403, 'invalid_payment_card_brand'],
      [409, 'price_changed'],
      [409, 'write_conflict'],
      [409, 'idempotency_key_in_flight'],
    ] as const)
      expect(sendFailureAction(status, code).key).toBe(`checkout:errors.${code}`);
  });

  it('gives every code a send can be refused with its own message, none the generic one', () => {
    const generic = new Set(['checkout:errors.generic', 'checkout:errors.forbidden', 'checkout:errors.conflict'].map((k) => t(k as MessageKey)));
    for (const code of [...ORDER_SEND_REFUSALS, ...SUBMIT_PROBLEMS, ...COUPON_CHECK_REFUSALS]) {
      for (const status of [403, 404, 409, 422]) {
        const text = t(sendFailureAction(status, code).key, { min: '1', max: '2', min_order: '30,00' });
        expect(generic.has(text), `${status} ${code}`).toBe(false);
        expect(text, `${status} ${code}`).not.toMatch(/^[a-z_.]+$/);
      }
    }
  });

  it('says that the chosen delivery type is not taken, and points at the delivery choice', () => {
    const action = sendFailureAction(403, 'delivery_type_not_available');
    expect(action).toEqual({ key: 'checkout:errors.delivery_type_not_available', section: 'delivery' });
    expect(t(action.key)).toBe('Esta forma de entrega não está disponível para este pedido. Escolha outra.');
  });

  it("writes min_order as 'R$ 30,00' whichever form the amount comes in (decisions #18) [R-5.36]", () => {
    expect(minOrderParam('R$\u00a030,00')).toBe('30,00');
    expect(minOrderParam(3000)).toBe('30,00');
    expect(problemMessage({ code: 'min_order', params: { min_order: 'R$\u00a030,00' } }, 3000)).toBe('O pedido mínimo é de R$ 30,00');
  });

  it('gathers the submit facts so the spec order holds: below the minimum first, then payment, then delivery type [R-5.30] [R-5.36] [R-5.37] [R-5.38]', () => {
    const check = (draft: Draft) => {
      const lines = draftLines(draft);
      const totals = priceOrder(pricingInput({ draft, lines, prefs: PREFS, freeDeliveryEnabled: true, orderVariationsCents: 0, creditsAvailable: 0 }));
      return firstSubmitProblem(
        submitCheckInput({
          draft,
          lines,
          establishment: EST,
          products: new Map(),
          orderVariations: [BAGS],
          totals,
          open: true,
          now: NOW,
        }),
      );
    };
    const small = draftWith({ products: [{ ...draftWith({}).products[0]!, qnt: 1, line_cents: 2000 }] });
    expect(check(small)?.code).toBe('min_order');
    const base = draftWith({ order_variations: [{ _id: 'sacolas', item_id: 'sem-sacola', qnt: 1 }] });
    expect(check(base)?.code).toBe('payment_type_missing');
    expect(check({ ...base, payment_type: 'offline' })?.code).toBe('payment_method_missing');
    const paid = { ...base, payment_type: 'offline' as const, payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true } };
    expect(check(paid)?.code).toBe('delivery_type_missing');
    expect(check({ ...paid, delivery_type: 'delivery' })?.code).toBe('address_missing');
    expect(check({ ...paid, delivery_type: 'pickup', change: 0 })?.code).toBe('change_too_low');
    expect(check({ ...paid, delivery_type: 'pickup', invoice: { status: true, document: '' } })?.code).toBe('invoice_document_missing');
    expect(check({ ...paid, delivery_type: 'pickup', order_variations: [] })?.code).toBe('variations_required');
    expect(check({ ...paid, delivery_type: 'pickup', scheduling_date: '2026-03-11' })?.code).toBe('schedule_invalid');
    expect(check({ ...paid, delivery_type: 'pickup' })).toBeNull();
  });

  it('reads a closed establishment with no opening left today as unavailable today, as the server does [R-5.32]', () => {
    // Tuesday 15:00, open 08:00-20:00 every day.
    expect(unavailableToday(EST, true, NOW)).toBe(false);
    // Closed now (a manual close) but opening again today at 16:00.
    const later = EST.office_hours.map((h) => ({ ...h, start_at: 1600 }));
    expect(unavailableToday({ ...EST, office_hours: later }, false, NOW)).toBe(false);
    // No hours on Tuesday: the next opening is tomorrow.
    expect(unavailableToday({ ...EST, office_hours: EST.office_hours.filter((h) => h.wday !== 3) }, false, NOW)).toBe(true);
    expect(unavailableToday({ ...EST, office_hours: [] }, false, NOW)).toBe(true);
  });

  it('names the product that takes no scheduled order', () => {
    expect(
      productRefusingSchedule([
        { name: 'Gelo', accept_scheduling: false },
        { name: 'Água', accept_scheduling: true },
      ]),
    ).toBe('Gelo');
    expect(productRefusingSchedule([{ name: 'Água', accept_scheduling: true }])).toBeNull();
  });
});

describe('preferences.delivery_type', () => {
  const imported = (delivery_type: unknown) => Preferences({ title: 'Loja', desc: '', delivery_type });

  it('lists delivery, pickup and local (on the premises), at least one, nothing else; the checkout offers what it lists [R-3.28]', () => {
    for (const list of [['delivery'], ['pickup'], ['local'], ['delivery', 'pickup', 'local']]) {
      const prefs = imported(list);
      if (prefs instanceof type.errors) throw new Error(`${list}: ${prefs.summary}`);
      // With products that take every type, the checkout offers exactly the listed ones.
      expect(allowedDeliveryTypes(prefs.delivery_type, [{ delivery_type: ['delivery', 'pickup', 'local'] }])).toEqual(list);
    }
    // A product sold for pickup only narrows the offer; 'local' is never offered unless listed (decisions #13).
    expect(allowedDeliveryTypes(['delivery', 'pickup', 'local'], [{ delivery_type: ['pickup', 'local'] }])).toEqual(['pickup', 'local']);
    expect(allowedDeliveryTypes(['delivery', 'pickup'], [{ delivery_type: ['pickup', 'local'] }])).toEqual(['pickup']);
    for (const other of [['takeaway'], ['entrega'], ['delivery', 'drive-thru'], [], 'delivery', null]) {
      expect(imported(other), JSON.stringify(other)).toBeInstanceOf(type.errors);
    }
  });
});
