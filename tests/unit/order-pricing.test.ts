import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { type } from 'arktype';
import { Preferences } from '../../src/schemas/catalogue.ts';
import { packingFee, priceOrder, type OrderTotals, type PricingInput, type PricingLine, type PricingPreferences } from '../../src/domain/order-pricing.ts';

const PREFS: PricingPreferences = {
  use_packing_fee: false,
  use_packing_fee_products: false,
  packing_price: 0,
  has_pickup_discount: false,
  pickup_discount_type: 'fixed',
  pickup_discount_value: 0,
  free_delivery_tax_after_product_price: 0,
};

function line(line_cents: number, over: Partial<PricingLine> = {}): PricingLine {
  return { line_cents, qnt: 1, promo: false, packing_quantity: 0, ...over };
}

function input(over: Partial<PricingInput> = {}): PricingInput {
  return {
    lines: [line(5000)],
    order_variations_cents: 0,
    delivery_type: 'delivery',
    delivery_fee: 700,
    preferences: PREFS,
    free_delivery_enabled: false,
    coupon: null,
    achievement: null,
    credits_available: 0,
    ...over,
  };
}

function identityHolds(t: OrderTotals): boolean {
  return t.subtotal + t.order_variations_total + t.packing_fee + t.delivery_fee - t.discount - t.credits === t.total;
}

describe('subtotal, order variations and delivery fee', () => {
  it('adds the lines, the order variations and the fee', () => {
    const t = priceOrder(input({ lines: [line(2500), line(1990, { qnt: 2 })], order_variations_cents: 300 }));
    expect(t).toMatchObject({ subtotal: 4490, order_variations_total: 300, delivery_fee: 700, discount: 0, credits: 0, total: 5490 });
    expect(t.products_total).toBe(4790);
  });

  it('charges no delivery fee for pickup, local or before an address is chosen', () => {
    expect(priceOrder(input({ delivery_type: 'pickup' })).delivery_fee).toBe(0);
    expect(priceOrder(input({ delivery_type: 'local' })).delivery_fee).toBe(0);
    expect(priceOrder(input({ delivery_type: null })).delivery_fee).toBe(0);
    expect(priceOrder(input({ delivery_fee: null })).delivery_fee).toBe(0);
  });

  it('lets negative order variations bring the products down to 0 but not below', () => {
    const t = priceOrder(input({ lines: [line(1000)], order_variations_cents: -5000, delivery_fee: 0 }));
    expect(t.order_variations_total).toBe(-1000);
    expect(t.total).toBe(0);
    expect(identityHolds(t)).toBe(true);
  });

  it('is all zeros for an empty cart', () => {
    const t = priceOrder(input({ lines: [], delivery_type: null, preferences: { ...PREFS, use_packing_fee: true, packing_price: 200 } }));
    expect(t.total).toBe(0);
    expect(t.packing_fee).toBe(0);
  });

  it('refuses amounts that are not whole centavos', () => {
    expect(() => priceOrder(input({ lines: [line(10.5)] }))).toThrow(RangeError);
    expect(() => priceOrder(input({ coupon: { discount_type: 'fixed', value: 0.5 } }))).toThrow(RangeError);
    expect(() => priceOrder(input({ order_variations_cents: 0.1 }))).toThrow(RangeError);
  });
});

describe('packing fee', () => {
  const lines = [line(1000, { qnt: 2, packing_quantity: 1 }), line(500, { qnt: 1, packing_quantity: 3 })];

  it('is packing_price x Σ(packing_quantity x qty) with use_packing_fee_products [R-9.30]', () => {
    const prefs = { ...PREFS, use_packing_fee: true, use_packing_fee_products: true, packing_price: 150 };
    expect(packingFee(lines, prefs)).toBe(150 * (2 * 1 + 1 * 3));
    const t = priceOrder(input({ lines, preferences: prefs }));
    expect(t.packing_fee).toBe(750);
    expect(t.total).toBe(1500 + 750 + 700);
  });

  it('is packing_price once per order with use_packing_fee only', () => {
    expect(packingFee(lines, { use_packing_fee: true, use_packing_fee_products: false, packing_price: 150 })).toBe(150);
  });

  it('is 0 when use_packing_fee is off', () => {
    expect(packingFee(lines, { use_packing_fee: false, use_packing_fee_products: true, packing_price: 150 })).toBe(0);
  });

  it('applies to pickup as well', () => {
    const prefs = { ...PREFS, use_packing_fee: true, packing_price: 100 };
    expect(priceOrder(input({ delivery_type: 'pickup', preferences: prefs })).packing_fee).toBe(100);
  });
});

describe('pickup discount', () => {
  const pickup = (type: 'fixed' | 'percentage', value: number, has = true): PricingInput =>
    input({ delivery_type: 'pickup', preferences: { ...PREFS, has_pickup_discount: has, pickup_discount_type: type, pickup_discount_value: value } });

  it('subtracts a fixed amount for pickup [R-9.28]', () => {
    const t = priceOrder(pickup('fixed', 1000));
    expect(t).toMatchObject({ pickup_discount: 1000, discount: 1000, total: 4000 });
  });

  it('caps a fixed pickup discount at the subtotal [R-9.28]', () => {
    const t = priceOrder(pickup('fixed', 9000));
    expect(t).toMatchObject({ pickup_discount: 5000, total: 0 });
  });

  it('takes a percentage of the subtotal, rounded half up once [R-9.28]', () => {
    const t = priceOrder({ ...pickup('percentage', 12.5), lines: [line(1000), line(999)] });
    // 12.5% of 1999 = 249.875 -> 250 (not 125 + 124.875 -> 125 + 125 line by line)
    expect(t.pickup_discount).toBe(250);
    expect(t.total).toBe(1749);
  });

  it('includes promo lines in the pickup discount base', () => {
    const t = priceOrder({ ...pickup('percentage', 10), lines: [line(1000, { promo: true }), line(1000)] });
    expect(t.pickup_discount).toBe(200);
  });

  it('is not given for delivery or local, nor when the preference is off', () => {
    expect(priceOrder({ ...pickup('fixed', 1000), delivery_type: 'delivery' }).pickup_discount).toBe(0);
    expect(priceOrder({ ...pickup('fixed', 1000), delivery_type: 'local' }).pickup_discount).toBe(0);
    expect(priceOrder(pickup('fixed', 1000, false)).pickup_discount).toBe(0);
  });
});

describe('coupon', () => {
  const mixed = [line(4000), line(2000, { promo: true })];

  it('subtracts a fixed value [R-9.26]', () => {
    const t = priceOrder(input({ coupon: { discount_type: 'fixed', value: 1000 } }));
    expect(t).toMatchObject({ coupon_discount: 1000, discount: 1000, total: 4700, products_total: 4000 });
  });

  it('caps a fixed coupon at the non-promo products [R-9.26, R-5.53]', () => {
    const t = priceOrder(input({ lines: mixed, coupon: { discount_type: 'fixed', value: 5000 } }));
    expect(t.coupon_discount).toBe(4000);
    expect(t.total).toBe(2000 + 700);
  });

  it('applies a percentage to the non-promo product totals only [R-9.27, R-5.53]', () => {
    const t = priceOrder(input({ lines: mixed, coupon: { discount_type: 'percentage', value: 10 } }));
    expect(t.coupon_discount).toBe(400);
  });

  it('gives nothing when every product is discounted [R-5.53]', () => {
    const t = priceOrder(input({ lines: [line(3000, { promo: true })], coupon: { discount_type: 'percentage', value: 50 } }));
    expect(t.coupon_discount).toBe(0);
  });

  it('is refused for pickup and local [R-5.55]', () => {
    const coupon = { discount_type: 'fixed' as const, value: 500 };
    expect(priceOrder(input({ delivery_type: 'pickup', coupon })).coupon_discount).toBe(0);
    expect(priceOrder(input({ delivery_type: 'local', coupon })).coupon_discount).toBe(0);
  });

  it('needs a delivery address (a known fee) first [R-5.56]', () => {
    expect(priceOrder(input({ delivery_fee: null, coupon: { discount_type: 'fixed', value: 500 } })).coupon_discount).toBe(0);
  });

  it('is refused when delivery is free, by a zero fee or the threshold [R-5.54]', () => {
    const coupon = { discount_type: 'fixed' as const, value: 500 };
    expect(priceOrder(input({ delivery_fee: 0, coupon })).coupon_discount).toBe(0);
    const waived = priceOrder(input({ coupon, free_delivery_enabled: true, preferences: { ...PREFS, free_delivery_tax_after_product_price: 5000 } }));
    expect(waived.delivery_fee_waived).toBe(true);
    expect(waived.coupon_discount).toBe(0);
    expect(waived.total).toBe(5000);
  });

  it('wins over an achievement if both arrive (they are mutually exclusive)', () => {
    const t = priceOrder(input({ coupon: { discount_type: 'fixed', value: 500 }, achievement: { reward_type: 'fixed', reward_value: 900 } }));
    expect(t).toMatchObject({ coupon_discount: 500, achievement_discount: 0, discount: 500 });
  });
});

describe('achievement', () => {
  it('fixed and percentage rewards work like a coupon on non-promo products [R-5.58]', () => {
    const lines = [line(4000), line(2000, { promo: true })];
    expect(priceOrder(input({ lines, achievement: { reward_type: 'fixed', reward_value: 900 } })).achievement_discount).toBe(900);
    expect(priceOrder(input({ lines, achievement: { reward_type: 'fixed', reward_value: 9000 } })).achievement_discount).toBe(4000);
    expect(priceOrder(input({ lines, achievement: { reward_type: 'percentage', reward_value: 15 } })).achievement_discount).toBe(600);
  });

  it('free_delivery keeps the fee shown and discounts exactly the fee [R-5.57]', () => {
    const t = priceOrder(input({ achievement: { reward_type: 'free_delivery', reward_value: 0 } }));
    expect(t).toMatchObject({ delivery_fee: 700, achievement_discount: 700, discount: 700, total: 5000, products_total: 5000 });
    expect(identityHolds(t)).toBe(true);
  });

  it('free_delivery needs a fee above zero and a selected address [R-5.57]', () => {
    const a = { reward_type: 'free_delivery' as const, reward_value: 0 };
    expect(priceOrder(input({ delivery_fee: 0, achievement: a })).achievement_discount).toBe(0);
    expect(priceOrder(input({ delivery_fee: null, achievement: a })).achievement_discount).toBe(0);
  });

  it('is refused for pickup [R-5.55]', () => {
    expect(priceOrder(input({ delivery_type: 'pickup', achievement: { reward_type: 'fixed', reward_value: 500 } })).achievement_discount).toBe(0);
  });
});

describe('free-delivery threshold (decisions #14)', () => {
  const free = (threshold: number, over: Partial<PricingInput> = {}): OrderTotals =>
    priceOrder(input({ free_delivery_enabled: true, preferences: { ...PREFS, free_delivery_tax_after_product_price: threshold }, ...over }));

  it('waives the fee when the base reaches the threshold, equality included [R-9.29]', () => {
    expect(free(5000)).toMatchObject({ delivery_fee: 0, delivery_fee_waived: true, total: 5000 });
    expect(free(5001)).toMatchObject({ delivery_fee: 700, delivery_fee_waived: false, total: 5700 });
  });

  it('only applies when the establishment flag is on [R-9.29]', () => {
    const t = priceOrder(input({ free_delivery_enabled: false, preferences: { ...PREFS, free_delivery_tax_after_product_price: 100 } }));
    expect(t.delivery_fee).toBe(700);
  });

  it('counts packing in and discounts and credits out of the base [R-9.29]', () => {
    const prefs = { ...PREFS, free_delivery_tax_after_product_price: 5000, use_packing_fee: true, packing_price: 300 };
    // 4800 products + 300 packing = 5100 >= 5000
    expect(priceOrder(input({ lines: [line(4800)], free_delivery_enabled: true, preferences: prefs })).delivery_fee_waived).toBe(true);
    // ... minus 200 credits = 4900 < 5000: the fee stays, and credits are then taken against the total with the fee
    const t = priceOrder(input({ lines: [line(4800)], free_delivery_enabled: true, preferences: prefs, credits_available: 200 }));
    expect(t).toMatchObject({ delivery_fee_waived: false, delivery_fee: 700, credits: 200, total: 4800 + 300 + 700 - 200 });
  });

  it('subtracts the pickup discount from the base (no fee for pickup anyway)', () => {
    const t = free(4000, {
      delivery_type: 'pickup',
      preferences: { ...PREFS, free_delivery_tax_after_product_price: 4000, has_pickup_discount: true, pickup_discount_value: 1500 },
    });
    expect(t.delivery_fee_waived).toBe(false);
    expect(t.delivery_fee).toBe(0);
  });

  it('caps credits again against the final total once the waiver is decided', () => {
    const t = free(1000, { credits_available: 100_000 });
    // base = 5000 - min(100000, 5000) = 0 < 1000: fee stays, and credits cover the fee too
    expect(t).toMatchObject({ delivery_fee_waived: false, delivery_fee: 700, credits: 5700, total: 0 });
  });

  it('makes a threshold of 0 mean always free while the flag is on', () => {
    expect(free(0).delivery_fee).toBe(0);
  });
});

describe('credits', () => {
  it('adds credits up to the order total [R-4.5]', () => {
    expect(priceOrder(input({ credits_available: 1000 }))).toMatchObject({ credits: 1000, total: 4700 });
    expect(priceOrder(input({ credits_available: 99_999 }))).toMatchObject({ credits: 5700, total: 0 });
  });

  it('ignores a negative balance', () => {
    expect(priceOrder(input({ credits_available: -500 }))).toMatchObject({ credits: 0, total: 5700 });
  });
});

describe('invariants', () => {
  const arbLine = fc.record({
    line_cents: fc.nat(200_000),
    qnt: fc.integer({ min: 1, max: 999 }),
    promo: fc.boolean(),
    packing_quantity: fc.nat(5),
  });
  const arbPrefs = fc.record({
    use_packing_fee: fc.boolean(),
    use_packing_fee_products: fc.boolean(),
    packing_price: fc.nat(1000),
    has_pickup_discount: fc.boolean(),
    pickup_discount_type: fc.constantFrom('fixed' as const, 'percentage' as const),
    // integer in the preferences schema: centavos for fixed, whole percent for percentage
    pickup_discount_value: fc.oneof(fc.nat(20_000), fc.integer({ min: 0, max: 150 })),
    free_delivery_tax_after_product_price: fc.nat(300_000),
  });
  const arbInput: fc.Arbitrary<PricingInput> = fc.record({
    lines: fc.array(arbLine, { maxLength: 6 }),
    order_variations_cents: fc.integer({ min: -50_000, max: 50_000 }),
    delivery_type: fc.constantFrom('delivery' as const, 'pickup' as const, 'local' as const, null),
    delivery_fee: fc.option(fc.nat(5000)),
    preferences: arbPrefs,
    free_delivery_enabled: fc.boolean(),
    coupon: fc.option(
      fc.oneof(
        fc.record({ discount_type: fc.constant('fixed' as const), value: fc.nat(100_000) }),
        fc.record({ discount_type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 150 }) }),
      ),
    ),
    achievement: fc.option(
      fc.record({
        reward_type: fc.constantFrom('fixed' as const, 'percentage' as const, 'free_delivery' as const),
        reward_value: fc.nat(100),
      }),
    ),
    credits_available: fc.integer({ min: -1000, max: 500_000 }),
  });

  it('keeps every part whole, the total never below 0 and the parts adding up to it [R-9.31]', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const t = priceOrder(i);
        for (const value of Object.values(t)) if (typeof value === 'number') expect(Number.isSafeInteger(value)).toBe(true);
        expect(t.total).toBeGreaterThanOrEqual(0);
        expect(identityHolds(t)).toBe(true);
        expect(t.discount).toBe(t.pickup_discount + t.coupon_discount + t.achievement_discount);
        for (const part of [t.subtotal, t.packing_fee, t.delivery_fee, t.pickup_discount, t.coupon_discount, t.achievement_discount, t.credits]) {
          expect(part).toBeGreaterThanOrEqual(0);
        }
        expect(t.subtotal + t.order_variations_total).toBeGreaterThanOrEqual(0);
        expect(t.products_total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never discounts promo products with a coupon or prize, nor gives one outside delivery [R-5.53, R-5.55]', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const t = priceOrder(i);
        const nonPromo = i.lines.filter((l) => !l.promo).reduce((a, l) => a + l.line_cents, 0);
        expect(t.coupon_discount).toBeLessThanOrEqual(nonPromo);
        if (i.achievement?.reward_type !== 'free_delivery') expect(t.achievement_discount).toBeLessThanOrEqual(nonPromo);
        if (i.delivery_type !== 'delivery') expect(t.coupon_discount + t.achievement_discount).toBe(0);
        if (i.delivery_type !== 'pickup') expect(t.pickup_discount).toBe(0);
        if (t.coupon_discount > 0) expect(t.achievement_discount).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('never uses more credits than available, nor leaves credits unused while something is due [R-4.5]', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const t = priceOrder(i);
        expect(t.credits).toBeLessThanOrEqual(Math.max(0, i.credits_available));
        if (t.total > 0) expect(t.credits).toBe(Math.max(0, i.credits_available));
      }),
      { numRuns: 300 },
    );
  });

  it('waives the fee exactly when decisions #14 says so, and only a fee there is to waive [R-9.29]', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const t = priceOrder(i);
        if (t.delivery_fee_waived) {
          expect(i.free_delivery_enabled).toBe(true);
          expect(i.delivery_type).toBe('delivery');
          expect(t.delivery_fee).toBe(0);
          expect(t.coupon_discount + t.achievement_discount).toBe(0);
          expect(i.delivery_fee ?? 0).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('pickup_discount_type', () => {
  /** The preferences as an import reads them (src/schemas/catalogue.ts), with a pickup discount of `value`. */
  const imported = (pickup_discount_type: unknown, value: number) =>
    Preferences({ title: 'Cantina', desc: '', delivery_type: ['pickup'], has_pickup_discount: true, pickup_discount_type, pickup_discount_value: value });

  it("is 'fixed' (that many centavos off) or 'percentage' (that share of the products), and nothing else [R-3.26]", () => {
    const lines = [line(3000), line(1000, { qnt: 2 })];
    const off = (prefs: ReturnType<typeof imported>) => {
      if (prefs instanceof type.errors) throw new Error(prefs.summary);
      return priceOrder(input({ lines, delivery_type: 'pickup', preferences: prefs })).pickup_discount;
    };
    expect(off(imported('fixed', 250))).toBe(250);
    expect(off(imported('percentage', 25))).toBe(1000);
    // Left out, the discount is read as fixed.
    const omitted = Preferences({ title: 'Cantina', desc: '', delivery_type: ['pickup'], has_pickup_discount: true, pickup_discount_value: 250 });
    expect(off(omitted)).toBe(250);
    for (const other of ['percent', 'FIXED', 'valor', '', null, 10]) {
      expect(imported(other, 10), String(other)).toBeInstanceOf(type.errors);
    }
  });
});
