// The sold-out rule (src/domain/cart.ts 'Sold out'), one for every side: the product or a picked item
// marked sold out is refused with its code and names; presets never pick a sold-out item; the cart
// store refuses to add it; the cart's check finds the first line that holds one.
import { describe, expect, it } from 'vitest';
import { firstSoldOutLine, isSoldOut, soldOutProblem } from '../../src/domain/cart.ts';
import { presetSelections } from '../../src/domain/variation-pricing.ts';
import { createCartStore } from '../../islands/stores/cart.ts';
import { productView } from './fixtures/product.ts';

const sabores = (calabresaSoldOut: boolean) => ({
  _id: 'sabores',
  name: 'Sabores',
  layout: 'check' as const,
  min: 1,
  max: 2,
  price_rule: 2,
  items: [
    { _id: 'calabresa', name: 'Calabresa', price: 0, qnt: 1, ...(calabresaSoldOut ? { sold_out: true } : {}) },
    { _id: 'mussarela', name: 'Mussarela', price: 0 },
  ],
});
const pizza = (over: { soldOut?: boolean; calabresa?: boolean } = {}) =>
  productView({ _id: 'pizza', name: 'Pizza meio a meio', price: 5000, sold_out: over.soldOut ?? false, variations: [sabores(over.calabresa ?? false)] });
const calabresa = { variation_id: 'sabores', item_id: 'calabresa', qnt: 1 };
const mussarela = { variation_id: 'sabores', item_id: 'mussarela', qnt: 1 };

describe('soldOutProblem', () => {
  it('names the product when the product itself is sold out, whatever is picked', () => {
    expect(soldOutProblem(pizza({ soldOut: true }), [mussarela])).toEqual({ code: 'product_sold_out', params: { name: 'Pizza meio a meio' } });
    expect(soldOutProblem({ name: 'Suco', sold_out: true }, [])).toEqual({ code: 'product_sold_out', params: { name: 'Suco' } });
  });

  it('names the product and the item when a picked item is sold out', () => {
    expect(soldOutProblem(pizza({ calabresa: true }), [mussarela, calabresa])).toEqual({
      code: 'variation_item_sold_out',
      params: { name: 'Pizza meio a meio', item: 'Calabresa' },
    });
  });

  it('lets a product through when the sold-out item is not picked, picked zero times, or nothing is sold out', () => {
    expect(soldOutProblem(pizza({ calabresa: true }), [mussarela])).toBeNull();
    expect(soldOutProblem(pizza({ calabresa: true }), [{ ...calabresa, qnt: 0 }])).toBeNull();
    expect(soldOutProblem(pizza(), [calabresa, mussarela])).toBeNull();
    // An item the product does not have is the picks' own check, not this rule's.
    expect(soldOutProblem(pizza(), [{ variation_id: 'sabores', item_id: 'portuguesa' }])).toBeNull();
  });

  it('reads an absent or false flag as on sale', () => {
    expect(isSoldOut({})).toBe(false);
    expect(isSoldOut({ sold_out: false })).toBe(false);
    expect(isSoldOut({ sold_out: null })).toBe(false);
    expect(isSoldOut({ sold_out: true })).toBe(true);
  });
});

describe('firstSoldOutLine', () => {
  it('finds the first line holding something sold out, leaving unknown products to the caller', () => {
    const lines = [
      { product: undefined, picks: [] },
      { product: pizza(), picks: [calabresa] },
      { product: pizza({ calabresa: true }), picks: [calabresa] },
      { product: { name: 'Suco', sold_out: true }, picks: [] },
    ];
    expect(firstSoldOutLine(lines)).toEqual({
      index: 2,
      problem: { code: 'variation_item_sold_out', params: { name: 'Pizza meio a meio', item: 'Calabresa' } },
    });
    expect(firstSoldOutLine(lines.slice(0, 2))).toBeNull();
  });
});

describe('presets', () => {
  it('never pick a sold-out item for the customer', () => {
    expect(presetSelections([sabores(false)])).toEqual({ sabores: [{ item_id: 'calabresa', qnt: 1 }] });
    expect(presetSelections([sabores(true)])).toEqual({});
  });
});

describe('the cart store', () => {
  it('refuses to add a sold-out product or a sold-out pick, and adds once it is on sale', () => {
    const store = createCartStore('est-1', { storage: null, addEventListener: () => undefined, removeEventListener: () => undefined });
    try {
      expect(store.add(pizza({ soldOut: true }), [mussarela], 1)).toEqual({
        ok: false,
        reason: 'sold_out',
        problem: { code: 'product_sold_out', params: { name: 'Pizza meio a meio' } },
      });
      expect(store.add(pizza({ calabresa: true }), [calabresa], 1)).toMatchObject({
        ok: false,
        reason: 'sold_out',
        problem: { code: 'variation_item_sold_out' },
      });
      expect(store.count.value).toBe(0);
      expect(store.add(pizza({ calabresa: true }), [mussarela], 1)).toEqual({ ok: true });
      expect(store.add(pizza(), [calabresa], 1)).toEqual({ ok: true });
      expect(store.count.value).toBe(2);
    } finally {
      store.dispose();
    }
  });
});
