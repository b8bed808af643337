// Coupons and the rules a coupon or an achievement prize shares (spec section 5 'Coupon' and
// 'Achievement', decisions #1-#3): normalising a typed code, whether a coupon can still be used
// (switched on, within its window, uses left in all and for this customer), the product-total
// bounds the checkout warns with, and whether the cart and delivery let a prize apply at all.
// The checkout and the server call the same functions; the amounts are order-pricing.ts's.
import { Temporal } from './time.ts';

/** Spaces removed and upper-cased. Example: `normalizeCouponCode(' bem vindo10 ') === 'BEMVINDO10'` */
export function normalizeCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** What decides whether a coupon can be used now: the establishment's record and this customer's uses. */
export type CouponUsability = {
  active: boolean;
  /** ISO instants; null = open end. `ends_at` is exclusive. */
  starts_at: string | null;
  ends_at: string | null;
  /** null = no limit in all. */
  total_uses: number | null;
  uses_count: number;
  uses_per_customer: number;
  /** The customer's uses of this coupon on orders not cancelled. */
  customer_uses: number;
};

export type CouponRefusal = 'coupon_inactive' | 'coupon_expired' | 'coupon_sold_out' | 'coupon_used';

/**
 * Why a coupon cannot be used now, in the spec's order of its 403 answers, or null [R-8.43..R-8.46]:
 * switched off, outside its window, no use left in all, no use left for this customer.
 * Example: `couponRefusal({ active: true, starts_at: null, ends_at: null, total_uses: 1, uses_count: 1, uses_per_customer: 1, customer_uses: 0 }, now) === 'coupon_sold_out'`
 */
export function couponRefusal(c: CouponUsability, now: Temporal.Instant): CouponRefusal | null {
  const standing = couponStanding({ active: c.active, starts_at: c.starts_at, ends_at: c.ends_at, uses_left: couponUsesLeft(c).total }, now);
  if (standing === 'inactive') return 'coupon_inactive';
  if (standing === 'not_started' || standing === 'ended') return 'coupon_expired';
  if (standing === 'sold_out') return 'coupon_sold_out';
  if (c.customer_uses >= c.uses_per_customer) return 'coupon_used';
  return null;
}

/** Where a coupon stands for every customer: switched off, before or after its window, no use left, or usable. */
export type CouponStanding = 'inactive' | 'not_started' | 'ended' | 'sold_out' | 'active';

/**
 * A coupon's standing now, whoever the customer: what the establishment's list shows, and the part
 * of couponRefusal that is not about one customer's uses.
 * Example: `couponStanding({ active: true, starts_at: null, ends_at: '2020-04-01T03:00:00Z', uses_left: null }, now) === 'ended'`
 */
export function couponStanding(
  c: { active: boolean; starts_at: string | null; ends_at: string | null; uses_left: number | null },
  now: Temporal.Instant,
): CouponStanding {
  if (!c.active) return 'inactive';
  if (c.starts_at !== null && Temporal.Instant.compare(now, Temporal.Instant.from(c.starts_at)) < 0) return 'not_started';
  if (c.ends_at !== null && Temporal.Instant.compare(now, Temporal.Instant.from(c.ends_at)) >= 0) return 'ended';
  if (c.uses_left !== null && c.uses_left <= 0) return 'sold_out';
  return 'active';
}

/** Uses left in all (null = no limit) and for this customer. */
export function couponUsesLeft(c: CouponUsability): { total: number | null; customer: number } {
  return {
    total: c.total_uses === null ? null : Math.max(0, c.total_uses - c.uses_count),
    customer: Math.max(0, c.uses_per_customer - c.customer_uses),
  };
}

/**
 * The product-total bounds of a coupon, centavos: below min_total_products, or above
 * max_total_products when that is not 0 (0 = no maximum). The checkout
 * shows them as warnings; the order refuses them.
 * Example: `couponBoundsProblem({ min_total_products: 3000, max_total_products: 0 }, 2500)` is `{ code: 'coupon_min_total', min: 3000 }`
 */
export function couponBoundsProblem(
  c: { min_total_products: number; max_total_products: number },
  productsCents: number,
): { code: 'coupon_min_total'; min: number } | { code: 'coupon_max_total'; max: number } | null {
  if (productsCents < c.min_total_products) return { code: 'coupon_min_total', min: c.min_total_products };
  if (c.max_total_products > 0 && productsCents > c.max_total_products) return { code: 'coupon_max_total', max: c.max_total_products };
  return null;
}

/**
 * How many of the cart's products are already discounted (decisions #1, #2 [R-5.50..R-5.53]):
 * 'none' (the coupon applies to all), 'some' (a confirmation: the coupon skips them), 'all' (a
 * warning: nothing left to discount; a coupon already applied is cleared).
 * Example: `discountedProducts([{ promo: true }, { promo: false }]) === 'some'`
 */
export function discountedProducts(lines: readonly { promo: boolean }[]): 'none' | 'some' | 'all' {
  const promo = lines.filter((l) => l.promo).length;
  if (promo === 0) return 'none';
  return promo === lines.length ? 'all' : 'some';
}

export type PromotionDelivery = {
  delivery_type: 'delivery' | 'pickup' | 'local' | null;
  /** An address is chosen (its fee known). */
  has_address: boolean;
  /** The fee that will be charged (0 when the address's band is free or the threshold waives it). */
  delivery_fee: number;
};

export type PromotionDeliveryProblem = 'promotion_needs_delivery' | 'promotion_needs_address' | 'promotion_free_delivery';

/**
 * Decisions #3: a coupon or an achievement prize needs delivery, to a chosen address
 * with a fee still charged; null when it may apply.
 * Example: `promotionDeliveryProblem({ delivery_type: 'pickup', has_address: false, delivery_fee: 0 }) === 'promotion_needs_delivery'`
 */
export function promotionDeliveryProblem(d: PromotionDelivery): PromotionDeliveryProblem | null {
  if (d.delivery_type !== 'delivery') return 'promotion_needs_delivery';
  if (!d.has_address) return 'promotion_needs_address';
  if (!(d.delivery_fee > 0)) return 'promotion_free_delivery';
  return null;
}

export type PromotionKind = { kind: 'coupon' } | { kind: 'achievement'; reward_type: 'percentage' | 'fixed' | 'free_delivery' };

export type PromotionProblem = PromotionDeliveryProblem | 'promotion_all_discounted';

/**
 * Everything that keeps a coupon or prize from applying to this cart and delivery, or null: the
 * delivery rules above, then (coupon, percentage or fixed prize) products left to discount
 * . A free-delivery prize discounts the fee, not products, so promotions on every
 * product do not stop it.
 * Example: `promotionProblem({ kind: 'coupon' }, [{ promo: true }], { delivery_type: 'delivery', has_address: true, delivery_fee: 500 }) === 'promotion_all_discounted'`
 */
export function promotionProblem(p: PromotionKind, lines: readonly { promo: boolean }[], d: PromotionDelivery): PromotionProblem | null {
  const delivery = promotionDeliveryProblem(d);
  if (delivery) return delivery;
  const productReward = p.kind === 'coupon' || p.reward_type !== 'free_delivery';
  if (productReward && discountedProducts(lines) === 'all') return 'promotion_all_discounted';
  return null;
}

/**
 * A coupon's validity as the catalogue states it, as instants: a date ('2026-12-31') is the whole
 * day in the establishment's time zone (a start at the day's first instant, an end at the next
 * day's first instant, exclusive); a date-time must carry its offset and is taken as written.
 * Returns null for text that is neither.
 * Example: `couponWindowInstant('2026-12-31', 'end', 'America/Sao_Paulo') === '2027-01-01T03:00:00Z'`
 */
export function couponWindowInstant(text: string, edge: 'start' | 'end', timeZone: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    let date: Temporal.PlainDate;
    try {
      date = Temporal.PlainDate.from(text, { overflow: 'reject' });
    } catch {
      return null;
    }
    const day = edge === 'end' ? date.add({ days: 1 }) : date;
    return day.toZonedDateTime({ timeZone }).toInstant().toString();
  }
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return null;
  try {
    return Temporal.Instant.from(text).toString();
  } catch {
    return null;
  }
}
