// The owner's new price of a product (src/domain/menu-edit.ts): a promotion holds only while the
// price stays below the price it was struck from.
import { describe, expect, it } from 'vitest';
import { repriced } from '../../src/domain/menu-edit.ts';

describe('repriced', () => {
  it('sets the price of a product not on promotion and keeps its other fields', () => {
    expect(repriced({ price: 3000, normal_price: null, promo: false }, 3500)).toEqual({ price: 3500, normal_price: null, promo: false });
  });

  it('keeps a promotion while the new price is below the struck-through price', () => {
    expect(repriced({ price: 3500, normal_price: 4000, promo: true }, 3999)).toEqual({ price: 3999, normal_price: 4000, promo: true });
  });

  it('ends a promotion at or above the struck-through price', () => {
    expect(repriced({ price: 3500, normal_price: 4000, promo: true }, 4000)).toEqual({ price: 4000, normal_price: null, promo: false });
    expect(repriced({ price: 3500, normal_price: 4000, promo: true }, 5000)).toEqual({ price: 5000, normal_price: null, promo: false });
  });
});
