// The order's totals (spec section 9 'Discounts', decisions #1-3, #14 and 'Rounding'): one pure
// function shared by the checkout preview and the server, which recomputes every order from its
// own data. Every part is an integer number of centavos, rounded once where it is computed, and
// the parts always add up to the total:
//
//   subtotal + order_variations_total + packing_fee + delivery_fee - discount - credits === total
//
// Representation of a free_delivery achievement (the one place two readings were possible):
// delivery_fee stays the address's fee and the same amount is counted in achievement_discount
// (hence in discount), so the summary shows the fee and the prize that cancels it and the identity
// above still holds. A fee waived by the free-delivery threshold is different: nothing is charged,
// so delivery_fee is 0 and delivery_fee_waived is true.
import { assertCents, nonNegativeCents, percentOfCents, sumCents } from './money.ts';

export type PricingLine = { line_cents: number; qnt: number; promo: boolean; packing_quantity: number };
export type PricingPreferences = {
  use_packing_fee: boolean;
  use_packing_fee_products: boolean;
  packing_price: number;
  has_pickup_discount: boolean;
  pickup_discount_type: 'fixed' | 'percentage';
  pickup_discount_value: number;
  free_delivery_tax_after_product_price: number;
};
/** value: centavos for 'fixed', percent for 'percentage'. */
export type PricingCoupon = { discount_type: 'fixed' | 'percentage'; value: number };
/** reward_value: centavos for 'fixed', percent for 'percentage', ignored for 'free_delivery'. */
export type PricingAchievement = { reward_type: 'fixed' | 'percentage' | 'free_delivery'; reward_value: number };
export type PricingInput = {
  lines: readonly PricingLine[];
  /** Sum of the order-level variation amounts. */
  order_variations_cents: number;
  delivery_type: 'delivery' | 'pickup' | 'local' | null;
  /** From POST /delivery_tax for the chosen address (delivery only); null while no address is chosen. */
  delivery_fee: number | null;
  preferences: PricingPreferences;
  /** establishment.has_free_delivery_tax_after_product_price */
  free_delivery_enabled: boolean;
  coupon?: PricingCoupon | null;
  achievement?: PricingAchievement | null;
  /** 0 when not using credits. */
  credits_available: number;
};
export type OrderTotals = {
  /** Sum of line_cents. */
  subtotal: number;
  order_variations_total: number;
  /** packing_price x Σ(packing_quantity x qnt) with use_packing_fee_products; packing_price once with use_packing_fee only; else 0. */
  packing_fee: number;
  /** The address's fee for delivery; 0 when waived by the threshold, for pickup/local, or before an address is chosen. */
  delivery_fee: number;
  /** Free-delivery threshold reached (decisions #14). */
  delivery_fee_waived: boolean;
  pickup_discount: number;
  /** Only on non-promo lines (decisions #1-3); none for pickup / free delivery / no address. */
  coupon_discount: number;
  /** fixed/percentage as a coupon; free_delivery = the delivery fee (see the header comment). */
  achievement_discount: number;
  /** pickup + coupon + achievement discounts. */
  discount: number;
  /** Credits applied: min(credits_available, total before credits). */
  credits: number;
  /** Never below 0. */
  total: number;
  /**
   * Products after the discounts on products (subtotal + order variations - pickup, coupon and
   * fixed/percentage achievement discounts; a free-delivery prize is not a product discount):
   * the amount min_order is compared with. Not one of the parts of the identity above.
   */
  products_total: number;
};

/**
 * The packing fee of spec section 9: packing_price x Σ(packing_quantity x qnt) when both
 * use_packing_fee and use_packing_fee_products are on; packing_price once per order with only
 * use_packing_fee; 0 otherwise and for an empty cart.
 * Example: `packingFee([{ qnt: 2, packing_quantity: 1 }, { qnt: 1, packing_quantity: 3 }], { use_packing_fee: true, use_packing_fee_products: true, packing_price: 100 }) === 500`
 */
export function packingFee(
  lines: readonly Pick<PricingLine, 'qnt' | 'packing_quantity'>[],
  prefs: Pick<PricingPreferences, 'use_packing_fee' | 'use_packing_fee_products' | 'packing_price'>,
): number {
  if (!prefs.use_packing_fee || lines.length === 0) return 0;
  const price = nonNegativeCents(prefs.packing_price);
  if (!prefs.use_packing_fee_products) return price;
  const units = lines.reduce((acc, l) => acc + Math.max(0, l.packing_quantity) * Math.max(0, l.qnt), 0);
  return sumCents([price * units]);
}

// A fixed amount is capped at what it discounts; a percentage (possibly over 100) too.
function discountOn(base: number, type: 'fixed' | 'percentage', value: number): number {
  if (base <= 0 || !(value > 0)) return 0;
  const amount = type === 'fixed' ? value : percentOfCents(base, value);
  assertCents(amount, 'discount');
  return Math.min(amount, base);
}

/**
 * Prices an order (spec section 9, decisions #1-3, #14, 'Rounding'); see the header comment for the
 * identity the parts keep and how a free_delivery prize is shown.
 *
 * - Pickup discount: pickup only, fixed (capped at the subtotal) or a percentage of the subtotal.
 * - Coupon / achievement: delivery only, with the address's fee known and above 0 and not waived
 *   [R-5.53..R-5.57]; fixed capped at the non-promo subtotal, percentage of the non-promo subtotal
 *   . A coupon and an achievement are mutually exclusive (the UI and the server
 *   refuse both); if both arrive anyway the coupon wins and the achievement is ignored.
 * - Free delivery (decisions #14): with free_delivery_enabled, the fee is waived when
 *   subtotal + order_variations - discounts + packing - credits >= the threshold.
 * - Credits: min(credits_available, total before credits); total never below 0.
 *
 * Example: `priceOrder({ lines: [{ line_cents: 5000, qnt: 1, promo: false, packing_quantity: 0 }], order_variations_cents: 0, delivery_type: 'delivery', delivery_fee: 700, preferences, free_delivery_enabled: false, credits_available: 0 }).total === 5700`
 */
export function priceOrder(input: PricingInput): OrderTotals {
  const { lines, preferences: prefs, delivery_type: type } = input;
  for (const l of lines) assertCents(l.line_cents, 'line_cents');
  const subtotal = sumCents(lines.map((l) => Math.max(0, l.line_cents)));
  const nonPromoSubtotal = sumCents(lines.filter((l) => !l.promo).map((l) => Math.max(0, l.line_cents)));
  assertCents(input.order_variations_cents, 'order_variations_cents');
  // Order-level variations may carry negative prices; they can bring the products down to 0 but
  // not below, so no later part has to absorb a negative products amount.
  const order_variations_total = Math.max(input.order_variations_cents, -subtotal);
  const products = subtotal + order_variations_total;
  const packing_fee = packingFee(lines, prefs);
  const creditsAvailable = nonNegativeCents(input.credits_available);

  const pickup_discount =
    type === 'pickup' && prefs.has_pickup_discount ? Math.min(discountOn(subtotal, prefs.pickup_discount_type, prefs.pickup_discount_value), products) : 0;

  const addressFee = type === 'delivery' && input.delivery_fee !== null ? nonNegativeCents(input.delivery_fee) : 0;

  // Decisions #14 counts credits in the threshold's base while credits are capped by a total that
  // includes the fee. To break the circle: credits are first taken against the total without the
  // fee, that base decides the waiver, and the credits are capped again against the final total.
  // The coupon/achievement is left out of this base on purpose: it only applies when the fee is
  // not waived, and it can only lower the base, so adding it could never flip the waiver back.
  const withoutFee = products + packing_fee - pickup_discount;
  const thresholdBase = withoutFee - Math.min(creditsAvailable, withoutFee);
  const delivery_fee_waived = addressFee > 0 && input.free_delivery_enabled && thresholdBase >= nonNegativeCents(prefs.free_delivery_tax_after_product_price);
  const delivery_fee = delivery_fee_waived ? 0 : addressFee;

  // Decisions #3: a coupon or prize needs delivery to a chosen address with a fee still charged.
  const promotionAllowed = type === 'delivery' && input.delivery_fee !== null && delivery_fee > 0;
  // The discountable amount: non-promo products, never more than what the products amount to.
  const discountable = Math.max(0, Math.min(nonPromoSubtotal, products));
  let coupon_discount = 0;
  let achievement_discount = 0;
  let freeDeliveryPrize = false;
  if (promotionAllowed && input.coupon) {
    coupon_discount = discountOn(discountable, input.coupon.discount_type, input.coupon.value);
  } else if (promotionAllowed && input.achievement) {
    const a = input.achievement;
    if (a.reward_type === 'free_delivery') {
      achievement_discount = delivery_fee;
      freeDeliveryPrize = true;
    } else {
      achievement_discount = discountOn(discountable, a.reward_type, a.reward_value);
    }
  }
  const discount = pickup_discount + coupon_discount + achievement_discount;

  const beforeCredits = products + packing_fee + delivery_fee - discount;
  // Every discount is capped by the amount it reduces, so this cannot go negative; the guard keeps
  // the promise of even if a future rule forgets to cap.
  if (beforeCredits < 0) throw new RangeError('discounts exceed the order amount');
  const credits = Math.min(creditsAvailable, beforeCredits);
  const total = beforeCredits - credits;
  const products_total = products - pickup_discount - coupon_discount - (freeDeliveryPrize ? 0 : achievement_discount);

  return {
    subtotal,
    order_variations_total,
    packing_fee,
    delivery_fee,
    delivery_fee_waived,
    pickup_discount,
    coupon_discount,
    achievement_discount,
    discount,
    credits,
    total,
    products_total,
  };
}
