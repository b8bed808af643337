// Coupons and the rules a coupon or an achievement prize shares (src/domain/coupon.ts): the code as
// typed, whether it can be used now, its product-total bounds, the discounted products of
// decisions #1-#2 and the delivery of decisions #3.
import { describe, expect, it } from 'vitest';
import {
  couponBoundsProblem,
  couponRefusal,
  couponStanding,
  couponUsesLeft,
  couponWindowInstant,
  discountedProducts,
  normalizeCouponCode,
  promotionDeliveryProblem,
  promotionProblem,
  type CouponUsability,
} from '../../src/domain/coupon.ts';
import { Temporal } from '../../src/domain/time.ts';

const NOW = Temporal.Instant.from('2026-11-27T15:00:00Z');
const OPEN: CouponUsability = { active: true, starts_at: null, ends_at: null, total_uses: null, uses_count: 0, uses_per_customer: 1, customer_uses: 0 };

describe('coupon codes', () => {
  it('are read without spaces and in capitals [R-5.47]', () => {
    expect(normalizeCouponCode(' bem vindo10 ')).toBe('BEMVINDO10');
    expect(normalizeCouponCode('feira\t15')).toBe('FEIRA15');
    expect(normalizeCouponCode('BEMVINDO10')).toBe('BEMVINDO10');
  });
});

describe('whether a coupon can be used now', () => {
  it('can while on, in its window, with uses left in all and for the customer', () => {
    expect(couponRefusal(OPEN, NOW)).toBeNull();
    expect(couponRefusal({ ...OPEN, starts_at: '2026-11-27T15:00:00Z', ends_at: '2026-11-27T15:00:00.001Z' }, NOW)).toBeNull();
  });

  it('refuses in the order of the 403 answers: inactive, expired, sold out, used', () => {
    expect(couponRefusal({ ...OPEN, active: false, ends_at: '2020-01-01T00:00:00Z', total_uses: 1, uses_count: 1 }, NOW)).toBe('coupon_inactive');
    expect(couponRefusal({ ...OPEN, ends_at: '2026-11-27T15:00:00Z' }, NOW)).toBe('coupon_expired');
    expect(couponRefusal({ ...OPEN, starts_at: '2026-11-28T03:00:00Z' }, NOW)).toBe('coupon_expired');
    expect(couponRefusal({ ...OPEN, total_uses: 3, uses_count: 3, customer_uses: 1 }, NOW)).toBe('coupon_sold_out');
    expect(couponRefusal({ ...OPEN, uses_per_customer: 2, customer_uses: 2 }, NOW)).toBe('coupon_used');
  });

  it('stands, for every customer, as switched off, not started, ended, sold out or usable', () => {
    const usable = { active: true, starts_at: null, ends_at: null, uses_left: null };
    expect(couponStanding(usable, NOW)).toBe('active');
    expect(couponStanding({ ...usable, active: false, ends_at: '2020-01-01T00:00:00Z' }, NOW)).toBe('inactive');
    expect(couponStanding({ ...usable, starts_at: '2026-11-28T03:00:00Z' }, NOW)).toBe('not_started');
    expect(couponStanding({ ...usable, ends_at: '2026-11-27T15:00:00Z' }, NOW)).toBe('ended');
    expect(couponStanding({ ...usable, uses_left: 0 }, NOW)).toBe('sold_out');
    expect(couponStanding({ ...usable, uses_left: 1 }, NOW)).toBe('active');
  });

  it('counts the uses left in all (none = no limit) and for the customer', () => {
    expect(couponUsesLeft({ ...OPEN, total_uses: 10, uses_count: 4, uses_per_customer: 3, customer_uses: 1 })).toEqual({ total: 6, customer: 2 });
    expect(couponUsesLeft(OPEN)).toEqual({ total: null, customer: 1 });
  });
});

describe('product-total bounds', () => {
  const bounds = { min_total_products: 3000, max_total_products: 10000 };
  it('warns below the minimum [R-5.48]', () => {
    expect(couponBoundsProblem(bounds, 2999)).toEqual({ code: 'coupon_min_total', min: 3000 });
    expect(couponBoundsProblem(bounds, 3000)).toBeNull();
  });

  it('warns above a maximum that is not 0 [R-5.49]', () => {
    expect(couponBoundsProblem(bounds, 10001)).toEqual({ code: 'coupon_max_total', max: 10000 });
    expect(couponBoundsProblem(bounds, 10000)).toBeNull();
  });

  it('reads a maximum of 0 as no maximum [R-3.40]', () => {
    expect(couponBoundsProblem({ min_total_products: 0, max_total_products: 0 }, 99_999_999)).toBeNull();
  });
});

describe('discounted products (decisions #1, #2)', () => {
  it('applies to all when none is discounted, skips the discounted ones when some are, and has nothing to discount when all are [R-5.50] [R-5.52]', () => {
    expect(discountedProducts([{ promo: false }, { promo: false }])).toBe('none');
    expect(discountedProducts([{ promo: true }, { promo: false }])).toBe('some');
    expect(discountedProducts([{ promo: true }, { promo: true }])).toBe('all');
  });

  it('keeps a coupon or a percentage/fixed prize off a cart of discounted products only [R-5.53] [R-5.58]', () => {
    const delivery = { delivery_type: 'delivery' as const, has_address: true, delivery_fee: 700 };
    expect(promotionProblem({ kind: 'coupon' }, [{ promo: true }], delivery)).toBe('promotion_all_discounted');
    expect(promotionProblem({ kind: 'achievement', reward_type: 'percentage' }, [{ promo: true }], delivery)).toBe('promotion_all_discounted');
    expect(promotionProblem({ kind: 'coupon' }, [{ promo: true }, { promo: false }], delivery)).toBeNull();
    // A free-delivery prize discounts the fee, not products.
    expect(promotionProblem({ kind: 'achievement', reward_type: 'free_delivery' }, [{ promo: true }], delivery)).toBeNull();
  });
});

describe('delivery (decisions #3)', () => {
  it('refuses pickup [R-5.55]', () => {
    expect(promotionDeliveryProblem({ delivery_type: 'pickup', has_address: false, delivery_fee: 0 })).toBe('promotion_needs_delivery');
    expect(promotionDeliveryProblem({ delivery_type: null, has_address: false, delivery_fee: 0 })).toBe('promotion_needs_delivery');
  });

  it('needs the delivery address chosen first [R-5.56]', () => {
    expect(promotionDeliveryProblem({ delivery_type: 'delivery', has_address: false, delivery_fee: 0 })).toBe('promotion_needs_address');
  });

  it('refuses a delivery that is already free [R-5.54]; a free-delivery prize needs a fee above zero and an address [R-5.57]', () => {
    expect(promotionDeliveryProblem({ delivery_type: 'delivery', has_address: true, delivery_fee: 0 })).toBe('promotion_free_delivery');
    expect(
      promotionProblem({ kind: 'achievement', reward_type: 'free_delivery' }, [{ promo: false }], {
        delivery_type: 'delivery',
        has_address: true,
        delivery_fee: 0,
      }),
    ).toBe('promotion_free_delivery');
    expect(promotionDeliveryProblem({ delivery_type: 'delivery', has_address: true, delivery_fee: 1 })).toBeNull();
  });
});

describe("a coupon's window as the catalogue states it", () => {
  it('reads a date as the whole day in the establishment time zone', () => {
    expect(couponWindowInstant('2026-12-31', 'start', 'America/Sao_Paulo')).toBe('2026-12-31T03:00:00Z');
    expect(couponWindowInstant('2026-12-31', 'end', 'America/Sao_Paulo')).toBe('2027-01-01T03:00:00Z');
    expect(couponWindowInstant('2026-12-31', 'end', 'America/Manaus')).toBe('2027-01-01T04:00:00Z');
  });

  it('takes a date-time with its offset as written, and nothing else', () => {
    expect(couponWindowInstant('2026-12-24T18:00:00-03:00', 'end', 'America/Sao_Paulo')).toBe('2026-12-24T21:00:00Z');
    for (const bad of ['2026-02-30', '2026-12-24T18:00', 'amanhã', '31/12/2026']) expect(couponWindowInstant(bad, 'end', 'America/Sao_Paulo'), bad).toBeNull();
  });
});
