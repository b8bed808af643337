// The checkout's pure rules, outside React so unit tests reach them: which delivery types the
// cart may use, the order variations as draft entries and their amount, the pricing
// preview input (src/domain/order-pricing.ts priceOrder), the schedule context
// (src/domain/schedule.ts), the order payload of spec section 3, and the error catalogue of
// section 8 'Send order' as message keys [R-8.1..R-8.24].
import type { CartLine, DeliveryType } from '../../src/domain/cart.ts';
import { formatBRLNumber } from '../../src/domain/money.ts';
import type { PricingInput } from '../../src/domain/order-pricing.ts';
import type { OrderTotals } from '../../src/domain/order-pricing.ts';
import { zonedDateTimeParts } from '../../src/domain/schedule.ts';
import {
  deliveryTime as domainDeliveryTime,
  submitCheckFacts,
  type DeliveryTimes,
  type SubmitCheckInput,
  type SubmitProductRules,
} from '../../src/domain/submit-checks.ts';
import type { Temporal } from '../../src/domain/time.ts';
import { toVariationRule, variationGroupAmountCents } from '../../src/domain/variation-pricing.ts';
import type { VariationSelection } from '../../src/domain/variation-pricing.ts';
import type { MessageKey } from '../../src/i18n/keys.ts';
import type { OrderBody, OrderVariationPick } from '../../src/schemas/api-orders.ts';
import {
  COUPON_CHECK_REFUSALS,
  isOneOf,
  ORDER_SEND_REFUSALS,
  SPEC_ONLY_ORDER_REFUSALS,
  SUBMIT_PROBLEMS,
  type SubmitProblem,
} from '../../src/schemas/refusal-codes.ts';
import type { Draft, DraftVariation } from '../../src/schemas/draft.ts';
import type { EstablishmentView, OrderVariationView, ProductView } from '../../src/schemas/views.ts';
import './i18n.ts';

export type Prefs = EstablishmentView['preferences'];

/** What the checkout knows about each cart product beyond the draft (from the products API). */
export type ProductRules = Pick<
  ProductView,
  '_id' | 'name' | 'availabilities' | 'mandatory_schedule' | 'min_schedule_time' | 'accept_scheduling' | 'delivery_type'
> &
  /** Marked sold out, the product or an item (src/domain/cart.ts 'Sold out'). */
  Partial<Pick<ProductView, 'sold_out' | 'variations'>>;

// ---- Delivery type ---------------------------------------------------------------------

// The types offered (the server's check too): src/domain/cart.ts.
export { allowedDeliveryTypes } from '../../src/domain/cart.ts';

/** Whether the stored type must be reset on load. Example: `deliveryTypeNeedsReset('local', ['pickup']) === true` */
export function deliveryTypeNeedsReset(type: Draft['delivery_type'], allowed: readonly DeliveryType[]): boolean {
  return type !== null && !allowed.includes(type);
}

/** The estimate of a type in minutes (src/domain/submit-checks.ts deliveryTime, the order's own), or null before a type is chosen. */
export function deliveryTime(prefs: DeliveryTimes, type: DeliveryType | null): { min: number; max: number } | null {
  return type === null ? null : domainDeliveryTime(prefs, type);
}

// ---- Order variations (the extras modal) ----------------------------------------------

export type Selections = Record<string, VariationSelection[]>;

/** The stored entries of the picks, in the groups' order, each with the item's name and price. */
export function orderVariationEntries(groups: readonly OrderVariationView[], selections: Readonly<Selections>): DraftVariation[] {
  const out: DraftVariation[] = [];
  for (const group of groups) {
    for (const pick of selections[group._id] ?? []) {
      const item = group.items.find((i) => i._id === pick.item_id);
      if (item && pick.qnt > 0) out.push({ _id: group._id, item_id: item._id, qnt: pick.qnt, name: item.name, price: item.price });
    }
  }
  return out;
}

/** The picks of stored entries, per group (to reopen the extras modal with them). */
export function selectionsFromEntries(entries: readonly DraftVariation[]): Selections {
  const out: Selections = {};
  for (const e of entries) {
    out[e._id] ??= [];
    out[e._id]!.push({ item_id: e.item_id, qnt: e.qnt });
  }
  return out;
}

/**
 * The order variations' amount: each group's price rule over its picks (decisions 'Variation
 * price rules'), summed. Entries of groups that no longer exist count nothing.
 * Example: one rule-1 group with 'Sacola retornável' (490) x 1 gives 490
 */
export function orderVariationsCents(groups: readonly OrderVariationView[], entries: readonly DraftVariation[]): number {
  let total = 0;
  for (const group of groups) {
    const picks = entries
      .filter((e) => e._id === group._id)
      .map((e) => ({ priceCents: group.items.find((i) => i._id === e.item_id)?.price ?? e.price ?? 0, qnt: e.qnt }));
    if (picks.length > 0) total += variationGroupAmountCents(toVariationRule(group.price_rule), picks);
  }
  return total;
}

// ---- Pricing preview -----------------------------------------------------------------

/**
 * The priceOrder() input of the draft: what the server prices from its own data for the payload of
 * the same draft (orderPayload), so the preview shows the total the order will have.
 * `creditsAvailable` is the customer's credit balance.
 */
export function pricingInput(args: {
  draft: Draft;
  lines: readonly CartLine[];
  prefs: Prefs;
  freeDeliveryEnabled: boolean;
  orderVariationsCents: number;
  creditsAvailable: number;
}): PricingInput {
  const { draft, lines, prefs } = args;
  return {
    lines: lines.map((l) => ({ line_cents: l.line_cents, qnt: l.qnt, promo: l.promo, packing_quantity: l.packing_quantity })),
    order_variations_cents: args.orderVariationsCents,
    delivery_type: draft.delivery_type,
    delivery_fee: draft.delivery_type === 'delivery' && draft.delivery_address ? draft.delivery_tax : null,
    preferences: {
      use_packing_fee: prefs.use_packing_fee,
      use_packing_fee_products: prefs.use_packing_fee_products,
      packing_price: prefs.packing_price,
      has_pickup_discount: prefs.has_pickup_discount,
      pickup_discount_type: prefs.pickup_discount_type,
      pickup_discount_value: prefs.pickup_discount_value,
      free_delivery_tax_after_product_price: prefs.free_delivery_tax_after_product_price,
    },
    free_delivery_enabled: args.freeDeliveryEnabled,
    coupon: draft.coupon ? { discount_type: draft.coupon.discount_type, value: draft.coupon.value } : null,
    achievement: draft.achievement ? { reward_type: draft.achievement.reward_type, reward_value: draft.achievement.reward_value } : null,
    // As the server prices it: with use_credits (a credit amount in the draft) the whole balance is
    // available and priceOrder takes it up to the total; the amount the draft held when the box was
    // ticked is not a cap (the cart may have grown since).
    credits_available: usesCredits(draft) ? Math.max(0, args.creditsAvailable) : 0,
  };
}

/** Whether the order uses credits (the payload's use_credits): the box is ticked. Example: `usesCredits({ credits: 0 }) === false` */
export function usesCredits(draft: Pick<Draft, 'credits'>): boolean {
  return draft.credits > 0;
}

// ---- Schedule and submit checks ------------------------------------------------------

// The schedule context, 'unavailable today' and the product that refuses a schedule are the
// server's functions too (src/domain/submit-checks.ts).
export { productRefusingSchedule, scheduleContext, unavailableToday } from '../../src/domain/submit-checks.ts';

/** A cart product's rules, or the defaults of a product the checkout could not load (the server checks it anyway). */
function productFacts(line: Pick<CartLine, 'name'>, rules: ProductRules | undefined): SubmitProductRules {
  return {
    name: line.name,
    mandatory_schedule: rules?.mandatory_schedule ?? false,
    availabilities: rules?.availabilities ?? [],
    min_schedule_time: rules?.min_schedule_time ?? 0,
    accept_scheduling: rules?.accept_scheduling ?? true,
  };
}

/** The facts firstSubmitProblem() decides on, from the draft and what the checkout loaded (src/domain/submit-checks.ts submitCheckFacts). */
export function submitCheckInput(args: {
  draft: Draft;
  lines: readonly CartLine[];
  establishment: EstablishmentView;
  products: ReadonlyMap<string, ProductRules>;
  orderVariations: readonly OrderVariationView[];
  totals: OrderTotals;
  open: boolean;
  now: Temporal.Instant;
}): SubmitCheckInput {
  const { draft, establishment: est } = args;
  return submitCheckFacts({
    now: args.now,
    timeZone: est.time_zone,
    officeHours: est.office_hours,
    prefs: est.preferences,
    open: args.open,
    type: draft.delivery_type,
    products: args.lines.map((l) => productFacts(l, args.products.get(l.product_id))),
    schedule: { date: draft.scheduling_date, time: draft.scheduled_at ? zonedDateTimeParts(draft.scheduled_at, est.time_zone).time : null },
    totals: args.totals,
    useCredits: usesCredits(draft),
    paymentType: draft.payment_type,
    paymentMethod: draft.payment_method,
    change: draft.change,
    hasAddress: draft.delivery_address !== null,
    hasCard: draft.payment_card !== null,
    cardDocument: draft.payment_card_document,
    invoice: draft.invoice,
    orderVariations: { groups: args.orderVariations, selections: selectionsFromEntries(draft.order_variations) },
  });
}

// ---- Payload -------------------------------------------------------------------------

/**
 * The POST /establishments/{id}/orders body of a draft (spec section 3 'Order payload'): exactly the
 * OrderBody the server's parseOrderBody answers (src/schemas/api-orders.ts), or null while the draft
 * has no delivery or payment type (the submit checks ask for them first).
 */
export function orderPayload(draft: Draft): OrderBody | null {
  if (draft.delivery_type === null || draft.payment_type === null) return null;
  const entry = (v: OrderVariationPick): OrderVariationPick => ({ _id: v._id, item_id: v.item_id, qnt: v.qnt });
  const offline = draft.payment_type === 'offline';
  return {
    delivery_type: draft.delivery_type,
    payment_type: draft.payment_type,
    platform: 'web',
    products: draft.products.map((p) => ({ id: p.id, qnt: p.qnt, note: p.note, variations: p.variations.map(entry) })),
    order_variations: draft.order_variations.map(entry),
    note: draft.note.trim(),
    use_credits: usesCredits(draft),
    coupon_id: draft.coupon?._id ?? null,
    achievement_id: draft.achievement?._id ?? null,
    scheduled_at: draft.scheduled_at,
    tax_receipt: draft.invoice.status,
    tax_id: draft.invoice.status && draft.invoice.document ? draft.invoice.document.replace(/[^\dA-Za-z]/g, '').toUpperCase() : null,
    payment_payback: offline && draft.payment_method?.payback && draft.change !== null && draft.change > 0 ? draft.change : null,
    payment_method_id: offline ? (draft.payment_method?._id ?? null) : null,
    address_id: draft.delivery_type === 'delivery' ? (draft.delivery_address?._id ?? null) : null,
    // The card and its CVV are sealed at the moment of sending (./send.ts), never kept in the draft.
    payment_card: null,
    payment_card_details: null,
    // The table the customer scanned is added at the moment of sending (./send.ts), from the session.
    table: null,
  };
}

// ---- Problems and errors -------------------------------------------------------------

/** The min_order parameter as the message wants it: '30,00' (the template carries 'R$ '). */
export function minOrderParam(value: string | number): string {
  if (typeof value === 'number') return formatBRLNumber(value);
  return value.replace(/^\s*R\$[\s\u00a0]*/, '');
}

/** Which checkout section a submit problem points at (focused with the message). */
export type SectionId = 'delivery' | 'address' | 'schedule' | 'payment' | 'invoice' | 'summary' | 'extras' | 'coupon' | 'achievements';

/** Every submit check (src/schemas/refusal-codes.ts SUBMIT_PROBLEMS) points at a section: a new check without one does not compile. */
const PROBLEM_SECTION: Record<SubmitProblem, SectionId> = {
  closed_without_schedule: 'schedule',
  mandatory_schedule: 'schedule',
  unavailable_today: 'schedule',
  product_unavailable: 'schedule',
  products_not_same_day: 'schedule',
  schedule_invalid: 'schedule',
  credits_without_method: 'payment',
  min_order: 'summary',
  payment_type_missing: 'payment',
  payment_method_missing: 'payment',
  delivery_type_missing: 'delivery',
  address_missing: 'address',
  card_missing: 'payment',
  card_document_invalid: 'payment',
  change_too_low: 'payment',
  invoice_document_missing: 'invoice',
  variations_required: 'extras',
};

export function problemSection(code: string): SectionId {
  return isOneOf(SUBMIT_PROBLEMS, code) ? PROBLEM_SECTION[code] : 'summary';
}

/** Whether a code is one of the submit checks (also answered by the server as 422). */
export function isSubmitProblemCode(code: string): code is SubmitProblem {
  return isOneOf(SUBMIT_PROBLEMS, code);
}

/** What the checkout does with a failed send: the message key, and any draft repair. */
export interface SendFailureAction {
  /** 'checkout:errors.x' or 'checkout:problems.x'. */
  key: MessageKey;
  /** no_delivery_tax_found and invalid_address: the address is cleared. */
  clearAddress?: boolean;
  /** idempotency_key_reused: the next send needs a new key. */
  renewKey?: boolean;
  /** The section to focus (422 submit problems); 'promotion' is the box of the coupon or the achievement the draft holds. */
  section?: SectionId | 'promotion';
  /** The coupon can no longer be used (403 coupon_*, 404 coupon_not_found): it goes [R-8.43..R-8.47]. */
  clearCoupon?: boolean;
  /** The achievement's reward can no longer be used (403 can_not_use_achievement ): it goes, and the list is read again. */
  clearAchievement?: boolean;
  /** Nothing left to discount (422 promotion_all_discounted): whichever the draft holds goes. */
  clearPromotion?: boolean;
  /** The balance the checkout priced with is not the server's (credits_*): it is read again, and the draft follows it. */
  refreshCredits?: boolean;
}

/** The codes a send can answer with a text of its own in checkout:errors (islands/shared/refusal-messages.ts checks that each has one). */
const SEND_REFUSALS: readonly OrderSendErrorCode[] = [...ORDER_SEND_REFUSALS, ...SPEC_ONLY_ORDER_REFUSALS];
type OrderSendErrorCode = (typeof ORDER_SEND_REFUSALS)[number] | (typeof SPEC_ONLY_ORDER_REFUSALS)[number];

/**
 * The promotions' and credits' refusals of an order (docs/api.md 'Coupons on an order',
 * 'Achievements on an order', 'Credits'), each with its message and the repair of the draft, or null.
 */
function promotionFailureAction(status: number, code: string): SendFailureAction | null {
  if (isOneOf(COUPON_CHECK_REFUSALS, code)) return { key: `checkout:errors.${code}`, clearCoupon: true, section: 'coupon' };
  if (status === 403 && (code === 'can_not_use_achievement' || code === 'gamification_disabled'))
    return { key: `checkout:errors.${code}`, clearAchievement: true, section: 'achievements' };
  if (status === 422) {
    if (code === 'coupon_min_total' || code === 'coupon_max_total') return { key: `checkout:errors.${code}`, section: 'coupon' };
    if (code === 'promotion_needs_delivery') return { key: 'checkout:errors.promotion_needs_delivery', section: 'delivery' };
    if (code === 'promotion_needs_address') return { key: 'checkout:errors.promotion_needs_address', section: 'address' };
    if (code === 'promotion_free_delivery') return { key: 'checkout:errors.promotion_free_delivery', section: 'promotion' };
    if (code === 'promotion_all_discounted') return { key: 'checkout:errors.promotion_all_discounted', clearPromotion: true, section: 'summary' };
    // Not sent by this checkout (it keeps one of the two); the achievement goes, the coupon stays.
    if (code === 'coupon_and_achievement') return { key: 'checkout:errors.coupon_and_achievement', clearAchievement: true, section: 'coupon' };
    if (code === 'credits_cover_total') return { key: 'checkout:errors.credits_cover_total', refreshCredits: true, section: 'payment' };
    if (code === 'credits_without_method') return { key: 'checkout:problems.credits_without_method', refreshCredits: true, section: 'payment' };
  }
  if (status === 409 && code === 'credits_changed') return { key: 'checkout:errors.credits_changed', refreshCredits: true, section: 'summary' };
  return null;
}

/**
 * The error catalogue of spec section 8 'Send order' [R-8.1..R-8.24] plus the server's own codes
 * (422 submit checks, 404 no_delivery_tax_found, the promotions' and credits' refusals): every code
 * src/schemas/refusal-codes.ts declares for a send has its text, so none falls through to the
 * generic one. `code` is the server's message, or 'unknown_error' when it gave none.
 * Example: `sendFailureAction(409, 'unknown_error').key === 'checkout:errors.conflict'`
 */
export function sendFailureAction(status: number, code: string): SendFailureAction {
  if (status === 0) return { key: 'checkout:errors.network_error' };
  const promotion = promotionFailureAction(status, code);
  if (promotion) return promotion;
  if (isSubmitProblemCode(code)) return { key: `checkout:problems.${code}`, section: problemSection(code) };
  if (isOneOf(SCHEDULE_REASONS, code)) return { key: `checkout:problems.${code}`, section: 'schedule' };
  if (isOneOf(SEND_REFUSALS, code)) return { key: `checkout:errors.${code}`, ...SEND_REPAIRS[code] };
  if (status === 403) return { key: 'checkout:errors.forbidden' };
  if (status === 409) return { key: 'checkout:errors.conflict' };
  return { key: 'checkout:errors.generic' };
}

/** The reasons of a schedule_invalid, as the checkout's own schedule check names them. */
const SCHEDULE_REASONS = ['schedule_past', 'schedule_too_early', 'schedule_date_required'] as const;

/** What a send's refusal repairs besides its message. */
const SEND_REPAIRS: Partial<Record<OrderSendErrorCode, Omit<SendFailureAction, 'key'>>> = {
  invalid_address: { clearAddress: true, section: 'address' },
  no_delivery_tax_found: { clearAddress: true, section: 'address' },
  delivery_type_not_available: { section: 'delivery' },
  idempotency_key_reused: { renewKey: true },
  // A card pays from R$ 1,00 to R$ 10.000,00 (params min and max in centavos).
  card_amount_out_of_range: { section: 'payment' },
  // The kitchen's slot is full (the send offers the next free one, ./slot-full.ts).
  slot_full: { section: 'schedule' },
};
