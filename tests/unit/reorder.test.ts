// 'Pedir de novo' (src/domain/reorder.ts): a past order's items as cart lines at today's prices,
// with their variations and notes; what cannot come back is left out with its reason.
import { describe, expect, it } from 'vitest';
import { planReorder, type PastItem } from '../../src/domain/reorder.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { productView } from './fixtures/product.ts';

const pizza = productView({
  _id: 'pizza',
  name: 'Pizza',
  price: 0,
  variations: [
    {
      _id: 'sabores',
      name: 'Sabores',
      layout: 'check',
      min: 1,
      max: 2,
      price_rule: 4,
      items: [
        { _id: 'calabresa', name: 'Calabresa', price: 4500, item_preffix: '1/2' },
        { _id: 'mussarela', name: 'Mussarela', price: 4000, item_preffix: '1/2' },
      ],
    },
  ],
} as Partial<ProductView> & Pick<ProductView, '_id' | 'name'>);
const soda = productView({ _id: 'soda', name: 'Refrigerante', price: 700 });

const pizzaItem = (items: string[], unit = 4500): PastItem => ({
  product_id: 'pizza',
  name: 'Pizza',
  qnt: 2,
  note: 'bem assada',
  unit_cents: unit,
  variations: items.map((item_id) => ({ _id: 'sabores', item_id, qnt: 1 })),
});
const sodaItem: PastItem = { product_id: 'soda', name: 'Refrigerante', qnt: 3, note: '', unit_cents: 600, variations: [] };
const catalogue =
  (...products: ProductView[]) =>
  (id: string) =>
    products.find((p) => p._id === id) ?? null;
const always = () => true;

describe('planReorder', () => {
  it('rebuilds each item with its variations, quantity and note, at today’s price, saying what the unit cost then', () => {
    const plan = planReorder([pizzaItem(['calabresa', 'mussarela']), sodaItem], catalogue(pizza, soda), always);
    expect(plan.dropped).toEqual([]);
    expect(plan.lines.map((l) => [l.product._id, l.qnt, l.note, l.picks, l.unit_before, l.unit_now])).toEqual([
      [
        'pizza',
        2,
        'bem assada',
        [
          { variation_id: 'sabores', item_id: 'calabresa', qnt: 1 },
          { variation_id: 'sabores', item_id: 'mussarela', qnt: 1 },
        ],
        4500,
        4500,
      ],
      ['soda', 3, '', [], 600, 700],
    ]);
  });

  it('leaves out, with its reason, what is no longer sold, not available now, or whose chosen option is gone or no longer fits', () => {
    const noMussarela = { ...pizza, variations: [{ ...pizza.variations[0]!, items: [pizza.variations[0]!.items[0]!] }] };
    expect(planReorder([pizzaItem(['calabresa', 'mussarela']), sodaItem], catalogue(noMussarela), always).dropped).toEqual([
      { name: 'Pizza', reason: 'option_gone' },
      { name: 'Refrigerante', reason: 'not_sold' },
    ]);
    const oneFlavour = { ...pizza, variations: [{ ...pizza.variations[0]!, max: 1 }] };
    expect(planReorder([pizzaItem(['calabresa', 'mussarela'])], catalogue(oneFlavour), always).dropped).toEqual([{ name: 'Pizza', reason: 'options_changed' }]);
    const lunchOnly = (p: ProductView) => p._id !== 'soda';
    const plan = planReorder([pizzaItem(['calabresa']), sodaItem], catalogue(pizza, soda), lunchOnly);
    expect(plan.lines.map((l) => l.product._id)).toEqual(['pizza']);
    expect(plan.dropped).toEqual([{ name: 'Refrigerante', reason: 'not_available_now' }]);
  });

  it('an order of nothing that can come back gives no line', () => {
    expect(planReorder([sodaItem], catalogue(), always)).toEqual({ lines: [], dropped: [{ name: 'Refrigerante', reason: 'not_sold' }] });
  });
});
