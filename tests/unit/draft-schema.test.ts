import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildLine, selectedEntries } from '../../src/domain/cart.ts';
import { draftLines, draftProductFromLine, emptyDraft, parseDraft, type Draft } from '../../src/schemas/draft.ts';
import type { ProductView } from '../../src/schemas/views.ts';

const BURGER: ProductView = {
  _id: 'x-burger',
  name: 'X-Burger',
  desc: '',
  image: '/img/x-burger.webp',
  note: null,
  price: 2500,
  normal_price: 2900,
  starting_price: false,
  promo: true,
  hide_price: false,
  category_id: 'lanches',
  sort: 0,
  delivery_type: ['delivery', 'pickup'],
  availabilities: [],
  mandatory_schedule: false,
  min_schedule_time: 0,
  packing_quantity: 1,
  accept_scheduling: true,
  variations: [
    {
      _id: 'extras',
      name: 'Extras',
      layout: 'addremove',
      min: 0,
      max: 5,
      price_rule: 1,
      items: [{ _id: 'bacon', name: 'Bacon', price: 500 }],
    },
  ],
};

function fullDraft(): Draft {
  const picks = [{ variation_id: 'extras', item_id: 'bacon', qnt: 2 }];
  const line = buildLine(BURGER, picks, 3, 'sem cebola');
  return {
    ...emptyDraft(1_773_154_800_000, '0f7c2a4e-1d3b-4c55-9a8e-3b2f1e0d9c8b'),
    products: [draftProductFromLine(line, BURGER, selectedEntries(BURGER, picks))],
    order_variations: [{ _id: 'talheres', item_id: 'sim', qnt: 1, name: 'Sim', price: 0 }],
    delivery_type: 'delivery',
    delivery_address: {
      _id: 'addr-1',
      street: 'Rua das Flores',
      number: null,
      complement: 'Apto 12',
      neighborhood: 'Centro',
      city: 'Curitiba',
      state: 'PR',
      lng_lat: [-49.27, -25.43],
    },
    delivery_tax: 700,
    delivery_time: { min: 30, max: 60 },
    scheduled_at: '2026-03-10T18:30:00.000Z',
    scheduling_date: '2026-03-10',
    note: 'Tocar o interfone',
    payment_type: 'offline',
    payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
    payment_card: null,
    payment_card_document: null,
    change: 10000,
    coupon: { _id: 'c1', code: 'BEMVINDO', discount_type: 'percentage', value: 12.5, min_total_products: 3000, max_total_products: 0 },
    achievement: null,
    credits: 150,
    invoice: { status: true, document: '' },
    currentTime: 1_773_154_800_000,
    was_evaluation: false,
  };
}

describe('Draft schema', () => {
  it('an empty draft has every field of the order draft, reset [R-3.20]', () => {
    const draft = emptyDraft(1000, 'k1');
    expect(Object.keys(draft).sort()).toEqual(
      [
        'version',
        'products',
        'order_variations',
        'delivery_type',
        'delivery_address',
        'delivery_tax',
        'delivery_time',
        'scheduled_at',
        'scheduling_date',
        'note',
        'payment_type',
        'payment_method',
        'payment_card',
        'payment_card_document',
        'change',
        'coupon',
        'achievement',
        'credits',
        'invoice',
        'currentTime',
        'created_at',
        'idempotent_key',
        'was_evaluation',
      ].sort(),
    );
    expect(draft).toMatchObject({ version: 1, products: [], created_at: 1000, idempotent_key: 'k1' });
    expect(parseDraft(draft)).toEqual(draft);
  });

  it('round-trips a filled draft through JSON text', () => {
    const draft = fullDraft();
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('gives back the cart lines it stores', () => {
    const lines = draftLines(fullDraft());
    expect(lines).toEqual([buildLine(BURGER, [{ variation_id: 'extras', item_id: 'bacon', qnt: 2 }], 3, 'sem cebola')]);
    expect(fullDraft().products[0]).toMatchObject({ price: 2500, normal_price: 2900, promo: true, unit_cents: 3500, line_cents: 10500 });
  });

  it('answers null for corrupted text, other versions and wrong shapes', () => {
    const good = fullDraft();
    expect(parseDraft('{"version":1,')).toBeNull();
    expect(parseDraft('')).toBeNull();
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft([])).toBeNull();
    expect(parseDraft({ ...good, version: 0 })).toBeNull();
    expect(parseDraft({ ...good, version: 2 })).toBeNull();
    const { version: _v, ...unversioned } = good;
    expect(parseDraft(unversioned)).toBeNull();
    expect(parseDraft({ ...good, idempotent_key: '' })).toBeNull();
    expect(parseDraft({ ...good, delivery_tax: 7.5 })).toBeNull();
    expect(parseDraft({ ...good, scheduling_date: '10/03/2026' })).toBeNull();
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, qnt: 1000 }] })).toBeNull();
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, qnt: 0 }] })).toBeNull();
    // a line total that is not unit x quantity is tampered or stale
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, line_cents: 1 }] })).toBeNull();
  });

  it('drops card data other than what identifies the card when read back', () => {
    const withCard = {
      ...fullDraft(),
      payment_card: { _id: 'card-1', brand: 'visa', display_number: '**** 1111', security_code: '123', number: '4111111111111111' },
    };
    expect(parseDraft(JSON.stringify(withCard))?.payment_card).toEqual({ _id: 'card-1', brand: 'visa', display_number: '**** 1111' });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (value) => {
        expect(() => parseDraft(value)).not.toThrow();
      }),
    );
  });
});
