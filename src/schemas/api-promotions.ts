// Boundary schemas of the promotions (spec section 7 'Coupons, achievements, credits' [R-7.33..R-7.37];
// docs/api.md 'Coupons', 'Achievements', 'Credits', 'Referral'): checking a coupon, the
// establishment's coupons, the customer's achievements with their progress, the credit balance and
// its ledger, and the customer's referral code. The prices are the domain's
// (src/domain/order-pricing.ts): the checkout previews them, the server charges them.
import { type } from 'arktype';
import type { AchievementGoalType } from '../domain/achievement.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/** A coupon code as typed: spaces are removed and it is upper-cased by the domain (normalizeCouponCode). */
const code = type('1 <= string <= 40');

/** POST /api/establishments/{id}/coupons/check: the code and, optionally, the user it is checked for (the session's, when absent). */
export const CouponCheckBody = type({ code, 'user?': id, '+': 'delete' });
export type CouponCheckBody = typeof CouponCheckBody.infer;

/** GET /api/establishments/{id}/coupons/check?code=&user= [R-7.34]. */
export const CouponCheckQuery = type({ code, 'user?': id, 'establishment?': id });
export type CouponCheckQuery = typeof CouponCheckQuery.infer;

/** PUT /api/establishments/{id}/coupons/{couponId}: the establishment switches a coupon on or off, or changes its limits (API key). */
export const CouponUpdateBody = type({
  'active?': 'boolean',
  'total_uses?': 'number.integer >= 0 | null',
  'uses_per_customer?': 'number.integer >= 1',
  'ends_at?': 'string | null',
  '+': 'delete',
});
export type CouponUpdateBody = typeof CouponUpdateBody.infer;

export const CouponParams = type({ id, couponId: id });

/** GET /api/establishments/{id}/coupons (API key): the establishment's coupons with their uses left. */
export interface CouponsAnswer {
  coupons: CouponView[];
}

/** A coupon as the API shows it. */
export interface CouponView {
  _id: string;
  /** Normalised: no spaces, upper case. */
  code: string;
  discount_type: 'fixed' | 'percentage';
  /** Centavos when fixed, percent (1-100) when percentage. */
  value: number;
  /** Product totals (centavos) the coupon needs; max 0 = no maximum. */
  min_total_products: number;
  max_total_products: number;
  description: string;
  /** ISO instants of its validity, null for open ends. */
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  /** Uses left in all (null = no limit), and for this customer. */
  uses_left: number | null;
  uses_left_for_customer: number;
}

export { ACHIEVEMENT_GOAL_TYPES, type AchievementGoalType } from '../domain/achievement.ts';

/** An achievement with the customer's progress [R-3.41] (GET /api/establishments/{id}/achievements ). */
export interface AchievementView {
  _id: string;
  name: string;
  goal_description: string;
  goal_type: AchievementGoalType;
  /** Centavos for spend goals, orders for count goals. */
  goal_value: number;
  /** What the customer's completed orders at this establishment have reached (same unit); 0 for a visitor. */
  reached: number;
  reward_type: 'percentage' | 'fixed' | 'free_delivery';
  /** Centavos when fixed, percent when percentage, 0 for free delivery. */
  reward_value: number;
  reward_description: string;
  /** The customer used its reward already (once per customer). */
  is_used: boolean;
}

export interface AchievementsAnswer {
  achievements: AchievementView[];
}

/** GET /api/users/me/credits: the balance, centavos. */
export interface CreditsAnswer {
  value: number;
}

/** Why a credit balance moved (docs/api.md 'Credits'). */
export const CREDIT_REASONS = [
  'order',
  'order_cancelled',
  'order_refund',
  'card_verification_refund',
  'grant',
  'removal',
  'referral',
  'opening_balance',
  /** The balance forfeited when the customer erased the account (docs/privacy.md). */
  'account_deleted',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** One movement of the ledger: + received, - spent, with why. */
export interface CreditEntryView {
  _id: string;
  /** Signed centavos. */
  amount: number;
  reason: CreditReason;
  /** In words for the customer where the reason alone does not say it (a grant's note, the order number). */
  note: string | null;
  order_number: number | null;
  /** The order's id and the slug of the establishment it was placed at (its page is /{order_slug}/pedido/{order_id}); null without an order. */
  order_id: string | null;
  order_slug: string | null;
  created_at: string;
}

/** GET /api/users/me/credits/entries: the ledger, newest first; its amounts add up to the balance. */
export interface CreditEntriesAnswer {
  value: number;
  entries: CreditEntryView[];
}

/** POST /api/establishments/{id}/credits (API key): a grant (+) or a removal (-) with its reason, for a customer of the company. */
export const CreditGrantBody = type({
  user: '1 <= string <= 254',
  amount: 'number.integer',
  reason: '1 <= string <= 200',
  '+': 'delete',
});
export type CreditGrantBody = typeof CreditGrantBody.infer;

/** The customer's new balance after a grant or removal. */
export interface CreditGrantAnswer {
  value: number;
  user: { _id: string; name: string };
}

/** GET /api/users/me/referral: the customer's code and link, and whom they brought. */
export interface ReferralAnswer {
  code: string;
  /** The registration page with the code: what the customer shares. */
  link: string;
  /** Centavos each of the two gets once the new customer's first order is complete; 0 = no referral programme. */
  credit: number;
  referrals: { name: string; status: 'registered' | 'rewarded'; created_at: string }[];
}
