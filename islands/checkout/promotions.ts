// The checkout's coupon box, achievement picker and credits as pure rules, outside React so unit
// tests reach them (tests/unit/checkout-promotions.test.ts). The rules themselves are the domain's,
// shared with the server (src/domain/coupon.ts, achievement.ts, order-pricing.ts); this module
// decides what the checkout does with them:
//
// - applying a coupon the server accepted (POST coupons/check) or an achievement: refused with a
//   warning when it has nothing to discount in this cart and delivery (decisions #1-#3 [R-5.48,
//   ..R-5.58]) or cannot be used; otherwise the confirmations to ask first
//   (replacing the other kind, items on promotion left out) and
//   the draft change;
// - an applied one that no longer fits (the cart or the delivery changed): the warning the box
//   shows and the submit check that keeps an order the server would refuse from leaving; when
//   every product is on promotion it is removed at once;
// - the coupon check's refusals as messages [R-8.43..R-8.47];
// - credits kept in step with what the server will take;
// - an order's promotion as the order page shows it.
import { couponBoundsProblem, discountedProducts, promotionProblem, type PromotionProblem } from '../../src/domain/coupon.ts';
import { achievementRemaining, achievementState } from '../../src/domain/achievement.ts';
import { formatBRL } from '../../src/domain/money.ts';
import type { OrderTotals } from '../../src/domain/order-pricing.ts';
import type { AchievementView, CouponView } from '../../src/schemas/api-promotions.ts';
import type { Draft, DraftAchievement, DraftCoupon } from '../../src/schemas/draft.ts';
import type { MessageKey } from '../../src/i18n/keys.ts';
import { COUPON_CHECK_REFUSALS, isOneOf } from '../../src/schemas/refusal-codes.ts';
import type { CheckoutPatch } from '../stores/cart.ts';

/** A message of the locale files: its key and parameters (shown with t()). */
export type PromotionMessage = { key: MessageKey; params?: Record<string, string | number>; detail?: PromotionMessage };

/** What the cart and the delivery say about a coupon or prize (from the draft and the priced totals). */
export interface PromotionFacts {
  lines: readonly { promo: boolean }[];
  delivery_type: Draft['delivery_type'];
  has_address: boolean;
  /** The chosen address's fee is known (not being asked again). */
  fee_known: boolean;
  /** The fee that will be charged: 0 when the address's band is free or the threshold waives it. */
  delivery_fee: number;
  /** The products' subtotal (what a coupon's bounds compare with, as the server does). */
  subtotal: number;
}

/** The facts of the checkout now. */
export function promotionFacts(draft: Draft, lines: readonly { promo: boolean }[], totals: Pick<OrderTotals, 'delivery_fee' | 'subtotal'>): PromotionFacts {
  const hasAddress = draft.delivery_type === 'delivery' && draft.delivery_address !== null;
  return {
    lines,
    delivery_type: draft.delivery_type,
    has_address: hasAddress,
    fee_known: !hasAddress || draft.delivery_tax !== null,
    delivery_fee: totals.delivery_fee,
    subtotal: totals.subtotal,
  };
}

/** The draft's record of a coupon the server accepted. */
export function draftCoupon(view: CouponView): DraftCoupon {
  return {
    _id: view._id,
    code: view.code,
    discount_type: view.discount_type,
    value: view.value,
    min_total_products: view.min_total_products,
    max_total_products: view.max_total_products,
  };
}

/** The draft's record of an achievement's reward. */
export function draftAchievement(view: AchievementView): DraftAchievement {
  return { _id: view._id, name: view.name, reward_type: view.reward_type, reward_value: view.reward_value };
}

/** '10% de desconto nos produtos' / 'R$ 15,00 de desconto nos produtos'. */
export function couponValueMessage(c: Pick<DraftCoupon, 'discount_type' | 'value'>): PromotionMessage {
  return c.discount_type === 'percentage'
    ? { key: 'checkout:coupon.value_percentage', params: { value: c.value } }
    : { key: 'checkout:coupon.value_fixed', params: { amount: formatBRL(c.value) } };
}

type Kind = 'coupon' | 'gamification';

function problemMessage(kind: Kind, problem: PromotionProblem | 'fee_loading'): PromotionMessage {
  return { key: `checkout:${kind}.problems.${problem}` };
}

function boundsMessage(c: Pick<DraftCoupon, 'min_total_products' | 'max_total_products'>, subtotal: number): PromotionMessage | null {
  const bounds = couponBoundsProblem(c, subtotal);
  if (!bounds) return null;
  return bounds.code === 'coupon_min_total'
    ? { key: 'checkout:coupon.problems.coupon_min_total', params: { min: formatBRL(bounds.min) } }
    : { key: 'checkout:coupon.problems.coupon_max_total', params: { max: formatBRL(bounds.max) } };
}

/** Why a coupon cannot apply to this cart and delivery, or null: its bounds, then decisions #3 and #1-#2 [R-5.52..R-5.56]. */
export function couponProblem(c: Pick<DraftCoupon, 'min_total_products' | 'max_total_products'>, facts: PromotionFacts): PromotionMessage | null {
  if (!facts.fee_known) return problemMessage('coupon', 'fee_loading');
  const bounds = boundsMessage(c, facts.subtotal);
  if (bounds) return bounds;
  const problem = promotionProblem({ kind: 'coupon' }, facts.lines, facts);
  return problem ? problemMessage('coupon', problem) : null;
}

/** Why a prize cannot apply to this cart and delivery, or null: decisions #3, products left to discount. */
export function prizeProblem(a: Pick<DraftAchievement, 'reward_type'>, facts: PromotionFacts): PromotionMessage | null {
  if (!facts.fee_known) return problemMessage('gamification', 'fee_loading');
  const problem = promotionProblem({ kind: 'achievement', reward_type: a.reward_type }, facts.lines, facts);
  return problem ? problemMessage('gamification', problem) : null;
}

/** A question asked before applying, in this order: replacing the other kind, then leaving items on promotion out. */
export type PromotionConfirmation = PromotionMessage & { confirmKey: MessageKey };

export type PromotionPlan =
  /** Not applied: the warning says why. */
  | { kind: 'refused'; message: PromotionMessage }
  /** Already the one in the draft: nothing to do. */
  | { kind: 'unchanged' }
  /** Applied once every confirmation is accepted (none: at once). */
  | { kind: 'apply'; confirmations: PromotionConfirmation[]; patch: CheckoutPatch };

/**
 * What applying a coupon the server accepted does to the draft (the check itself, its 403/404, came
 * before). Its bounds and decisions #1-#3 refuse it with a warning; an achievement in the draft and
 * items on promotion are confirmed first; applying it drops the achievement.
 * Example: `planCoupon(view, draft, { ...facts, delivery_type: 'pickup' })` is refused with `checkout:coupon.problems.promotion_needs_delivery`
 */
export function planCoupon(view: CouponView, draft: Pick<Draft, 'coupon' | 'achievement'>, facts: PromotionFacts): PromotionPlan {
  const problem = couponProblem(view, facts);
  if (problem) return { kind: 'refused', message: problem };
  const coupon = draftCoupon(view);
  if (draft.coupon && JSON.stringify(draft.coupon) === JSON.stringify(coupon) && !draft.achievement) return { kind: 'unchanged' };
  const confirmations: PromotionConfirmation[] = [];
  if (draft.achievement)
    confirmations.push({
      key: 'checkout:coupon.confirmReplaceAchievement',
      params: { name: draft.achievement.name, code: view.code },
      confirmKey: 'checkout:coupon.confirmReplace',
    });
  if (discountedProducts(facts.lines) === 'some') confirmations.push({ key: 'checkout:coupon.confirmSkipsPromo', confirmKey: 'checkout:coupon.confirm' });
  return { kind: 'apply', confirmations, patch: { coupon, achievement: null } };
}

/** Why the customer cannot use an achievement at all, can_not_use_achievement, with the reason: used, or locked and what is still missing. */
export function achievementRefusal(a: AchievementView): PromotionMessage | null {
  const state = achievementState(a);
  if (state === 'unlocked') return null;
  const base = 'checkout:gamification.problems.can_not_use_achievement';
  if (state === 'used') return { key: base, detail: { key: 'checkout:gamification.problems.used' } };
  const remaining = achievementRemaining(a);
  const detail: PromotionMessage =
    remaining === null
      ? { key: 'checkout:gamification.problems.locked' }
      : remaining.kind === 'amount'
        ? { key: 'checkout:gamification.problems.locked_amount', params: { amount: formatBRL(remaining.cents) } }
        : { key: 'checkout:gamification.problems.locked_orders', params: { count: remaining.count } };
  return { key: base, detail };
}

/**
 * What choosing an achievement does: used or locked gives can_not_use_achievement;
 * decisions #3 (free delivery needs a fee above zero and an address) and products left to
 * discount for a percentage or fixed prize refuse it; a coupon in the draft and items on
 * promotion (percentage or fixed) are confirmed first.
 */
export function planAchievement(a: AchievementView, draft: Pick<Draft, 'coupon' | 'achievement'>, facts: PromotionFacts): PromotionPlan {
  const refusal = achievementRefusal(a);
  if (refusal) return { kind: 'refused', message: refusal };
  if (draft.achievement?._id === a._id && !draft.coupon) return { kind: 'unchanged' };
  const problem = prizeProblem(a, facts);
  if (problem) return { kind: 'refused', message: problem };
  const confirmations: PromotionConfirmation[] = [];
  if (draft.coupon)
    confirmations.push({
      key: 'checkout:gamification.confirmReplaceCoupon',
      params: { code: draft.coupon.code, name: a.name },
      confirmKey: 'checkout:gamification.confirmReplace',
    });
  if (a.reward_type !== 'free_delivery' && discountedProducts(facts.lines) === 'some')
    confirmations.push({ key: 'checkout:gamification.confirmSkipsPromo', confirmKey: 'checkout:gamification.confirm' });
  return { kind: 'apply', confirmations, patch: { achievement: draftAchievement(a), coupon: null } };
}

/**
 * Why the draft's coupon or prize would be refused by the server now (the cart or the delivery
 * changed since it was applied), or null: shown in its box and checked before sending.
 */
export function appliedPromotionProblem(draft: Pick<Draft, 'coupon' | 'achievement'>, facts: PromotionFacts): PromotionMessage | null {
  if (draft.coupon) return couponProblem(draft.coupon, facts);
  if (draft.achievement) return prizeProblem(draft.achievement, facts);
  return null;
}

/**
 * Decisions #1-#2: once every product is on promotion the coupon (or a percentage or fixed
 * prize) has nothing left to discount and is removed, with a toast. Null while it still applies.
 * Example: `promotionToClear({ coupon, achievement: null }, [{ promo: true }])` is `{ patch: { coupon: null }, message: { key: 'checkout:coupon.clearedAllDiscounted', ... } }`
 */
export function promotionToClear(
  draft: Pick<Draft, 'coupon' | 'achievement'>,
  lines: readonly { promo: boolean }[],
): { patch: CheckoutPatch; message: PromotionMessage } | null {
  if (lines.length === 0 || discountedProducts(lines) !== 'all') return null;
  if (draft.coupon) return { patch: { coupon: null }, message: { key: 'checkout:coupon.clearedAllDiscounted', params: { code: draft.coupon.code } } };
  if (draft.achievement && draft.achievement.reward_type !== 'free_delivery')
    return { patch: { achievement: null }, message: { key: 'checkout:gamification.clearedAllDiscounted', params: { name: draft.achievement.name } } };
  return null;
}

/** The check's refusals that are about the coupon itself (the others: it does not exist, or the store takes none). */
const COUPON_REFUSALS_OF_A_COUPON = COUPON_CHECK_REFUSALS.filter((c) => c !== 'coupon_not_found' && c !== 'coupons_disabled');

/** The coupon check's answer when it is not a coupon, as the box shows it; `clearCode` empties the field [R-8.43..R-8.47]. */
export function couponCheckFailure(status: number, code: string): { message: PromotionMessage; clearCode: boolean } {
  if (status === 403 && isOneOf(COUPON_REFUSALS_OF_A_COUPON, code)) return { message: { key: `checkout:coupon.refusals.${code}` }, clearCode: true };
  // An unknown code, or one longer than any code (the server's 400).
  if (status === 404 || (status === 400 && code === 'invalid_body')) return { message: { key: 'checkout:coupon.refusals.coupon_not_found' }, clearCode: false };
  if (status === 403 && code === 'coupons_disabled') return { message: { key: 'checkout:coupon.refusals.coupons_disabled' }, clearCode: true };
  if (status === 0) return { message: { key: 'checkout:coupon.refusals.network_error' }, clearCode: false };
  return { message: { key: 'checkout:coupon.refusals.failed' }, clearCode: false };
}

/**
 * Credits as the server takes them: with use_credits it takes the balance up to the total
 * (src/domain/order-pricing.ts, priced by the preview the same way); the draft's amount follows what
 * the preview priced, and an order the credits pay in full is paid by credits: the other
 * buttons go and payment_type is 'credits'; when they no longer cover it, the customer
 * chooses again. With no balance left there is nothing to use. Null when the draft is in step.
 */
export function creditsPatch(
  draft: Pick<Draft, 'credits' | 'payment_type'>,
  totals: Pick<OrderTotals, 'credits' | 'total'>,
  balance: number,
): CheckoutPatch | null {
  if (draft.credits <= 0) return null;
  if (balance <= 0) return draft.payment_type === 'credits' ? { credits: 0, payment_type: null } : { credits: 0 };
  const patch: CheckoutPatch = {};
  if (totals.credits > 0 && totals.credits !== draft.credits) patch.credits = totals.credits;
  const covered = totals.credits > 0 && totals.total === 0;
  if (covered && draft.payment_type !== 'credits') Object.assign(patch, { payment_type: 'credits', payment_method: null, change: null });
  if (!covered && draft.payment_type === 'credits') patch.payment_type = null;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** Whether the credits pay the whole order (the other payment buttons are hidden ). */
export function creditsCoverOrder(draft: Pick<Draft, 'credits'>, totals: Pick<OrderTotals, 'credits' | 'total'>): boolean {
  return draft.credits > 0 && totals.credits > 0 && totals.total === 0;
}
