// Coupons and achievements (docs/api.md 'Coupons', 'Achievements'; spec sections 3, 5, 7, 8, 9):
// checking a code for a customer, the achievements with the customer's progress, and what an order
// does with them: find and check the one it names before it is priced, refuse it when the cart or
// the delivery leave it nothing to discount, claim its use in the order's transaction (where the
// limits hold under concurrency) and give the use back when the order is cancelled.
import type { Transaction } from 'kysely';
import type { AchievementRow, CouponRow, DB } from '../db/types.ts';
import type { Executor } from '../db/database.ts';
import type { Preferences } from '../../schemas/catalogue.ts';
import type { AchievementView, CouponView } from '../../schemas/api-promotions.ts';
import { Refusal } from './refusal.ts';
import {
  achievementById,
  claimAchievementUse,
  claimCouponUse,
  completedOrdersTally,
  couponById,
  couponByCode,
  customerCouponUses,
  listAchievements,
  releaseAchievementUse,
  releaseCouponUse,
  usedAchievementIds,
} from '../db/promotions-repo.ts';
import { couponBoundsProblem, couponRefusal, couponUsesLeft, promotionProblem, type CouponUsability, type PromotionDelivery } from '../../domain/coupon.ts';
import { achievementReached, checkAchievementUsable, type AchievementGoalType, type AchievementRewardType } from '../../domain/achievement.ts';
import type { OrderTotals, PricingAchievement, PricingCoupon } from '../../domain/order-pricing.ts';
import { Temporal } from '../../domain/time.ts';

// ---------------------------------------------------------------- coupons

/** What the coupon rules decide on (src/domain/coupon.ts): the coupon's record and the customer's uses of it. */
export function couponUsability(row: CouponRow, customerUses: number): CouponUsability {
  return {
    active: row.active === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    total_uses: row.total_uses === null ? null : Number(row.total_uses),
    uses_count: Number(row.uses_count),
    uses_per_customer: Number(row.uses_per_customer),
    customer_uses: customerUses,
  };
}

/** A coupon as the API shows it, with the uses left in all and for this customer. */
export function couponView(row: CouponRow, customerUses: number): CouponView {
  const left = couponUsesLeft(couponUsability(row, customerUses));
  return {
    _id: row.id,
    code: row.code,
    discount_type: row.discount_type as CouponView['discount_type'],
    value: Number(row.value),
    min_total_products: Number(row.min_total_products),
    max_total_products: Number(row.max_total_products),
    description: row.description,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    active: row.active === 1,
    uses_left: left.total,
    uses_left_for_customer: left.customer,
  };
}

/**
 * The coupon a customer may use now, or its refusal: 403 coupons_disabled when the establishment
 * takes none, 404 coupon_not_found, 403 coupon_inactive, coupon_expired,
 * coupon_sold_out, coupon_used [R-8.43..R-8.46].
 */
async function usableCoupon(
  db: Executor,
  prefs: Preferences,
  row: CouponRow | undefined,
  userId: string,
  now: Date,
): Promise<{ row: CouponRow; uses: number }> {
  if (!prefs.use_discount_coupon) throw new Refusal('forbidden', 'coupons_disabled');
  if (!row) throw new Refusal('not_found', 'coupon_not_found');
  const uses = await customerCouponUses(db, row.id, userId);
  const refusal = couponRefusal(couponUsability(row, uses), Temporal.Instant.fromEpochMilliseconds(now.getTime()));
  if (refusal) throw new Refusal('forbidden', refusal);
  return { row, uses };
}

/** POST/GET coupons/check: the coupon with this code (any spacing or case) if the customer may use it now. */
export async function checkCoupon(
  db: Executor,
  input: { establishmentId: string; prefs: Preferences; userId: string; code: string; now: Date },
): Promise<CouponView> {
  const found = await couponByCode(db, input.establishmentId, input.code);
  const { row, uses } = await usableCoupon(db, input.prefs, found, input.userId, input.now);
  return couponView(row, uses);
}

// ---------------------------------------------------------------- achievements

function achievementView(row: AchievementRow, reached: number, used: boolean): AchievementView {
  return {
    _id: row.id,
    name: row.name,
    goal_description: row.goal_description,
    goal_type: row.goal_type as AchievementGoalType,
    goal_value: Number(row.goal_value),
    reached,
    reward_type: row.reward_type as AchievementRewardType,
    reward_value: Number(row.reward_value),
    reward_description: row.reward_description,
    is_used: used,
  };
}

/**
 * The establishment's achievements with what the customer's completed orders there
 * reached and whether the reward was used; for a visitor (no user) nothing is
 * reached. None when the establishment has gamification off.
 */
export async function achievementsFor(db: Executor, input: { establishmentId: string; prefs: Preferences; userId: string | null }): Promise<AchievementView[]> {
  if (!input.prefs.use_gamification) return [];
  const rows = await listAchievements(db, input.establishmentId);
  if (input.userId === null || rows.length === 0) return rows.map((r) => achievementView(r, 0, false));
  const [tally, used] = await Promise.all([
    completedOrdersTally(db, input.userId, input.establishmentId),
    usedAchievementIds(
      db,
      input.userId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => achievementView(r, achievementReached(r.goal_type, tally), used.has(r.id)));
}

// ---------------------------------------------------------------- on an order

/** The coupon or achievement an order names, found and checked, with what the pricing needs. */
export type OrderPromotion =
  | { kind: 'coupon'; row: CouponRow; pricing: PricingCoupon }
  | { kind: 'achievement'; row: AchievementRow; pricing: PricingAchievement }
  | null;

/**
 * The order's coupon or achievement before it is priced: 422 coupon_and_achievement for both
 * a coupon as coupons/check answers it; an achievement must be the establishment's,
 * unlocked by the customer's completed orders and not used: 403 can_not_use_achievement otherwise
 * [R-5.60] (403 gamification_disabled when the establishment has it off).
 */
export async function orderPromotion(
  db: Executor,
  input: { establishmentId: string; prefs: Preferences; userId: string; couponId: string | null; achievementId: string | null; now: Date },
): Promise<OrderPromotion> {
  if (input.couponId !== null && input.achievementId !== null) throw new Refusal('unprocessable', 'coupon_and_achievement');
  if (input.couponId !== null) {
    const { row } = await usableCoupon(db, input.prefs, await couponById(db, input.establishmentId, input.couponId), input.userId, input.now);
    return { kind: 'coupon', row, pricing: { discount_type: row.discount_type as PricingCoupon['discount_type'], value: Number(row.value) } };
  }
  if (input.achievementId !== null) {
    if (!input.prefs.use_gamification) throw new Refusal('forbidden', 'gamification_disabled');
    const row = await achievementById(db, input.establishmentId, input.achievementId);
    if (!row) throw new Refusal('forbidden', 'can_not_use_achievement');
    const [tally, used] = await Promise.all([completedOrdersTally(db, input.userId, input.establishmentId), usedAchievementIds(db, input.userId, [row.id])]);
    const usable = checkAchievementUsable({ reached: achievementReached(row.goal_type, tally), goal_value: Number(row.goal_value), is_used: used.has(row.id) });
    if (!usable.ok) throw new Refusal('forbidden', usable.code);
    return {
      kind: 'achievement',
      row,
      pricing: { reward_type: row.reward_type as PricingAchievement['reward_type'], reward_value: Number(row.reward_value) },
    };
  }
  return null;
}

/**
 * What keeps a priced order's coupon or prize from applying, as a 422: the coupon's product-total
 * bounds (coupon_min_total / coupon_max_total with params.min / params.max ), then
 * decisions #3 (promotion_needs_delivery, promotion_needs_address, promotion_free_delivery
 * [R-5.54..R-5.57]) and products left to discount (promotion_all_discounted ).
 */
export function assertPromotionApplies(
  promotion: OrderPromotion,
  lines: readonly { promo: boolean }[],
  totals: OrderTotals,
  delivery: { delivery_type: PromotionDelivery['delivery_type']; has_address: boolean },
): void {
  if (!promotion) return;
  if (promotion.kind === 'coupon') {
    const bounds = couponBoundsProblem(
      { min_total_products: Number(promotion.row.min_total_products), max_total_products: Number(promotion.row.max_total_products) },
      totals.subtotal,
    );
    if (bounds) {
      const { code, ...params } = bounds;
      throw new Refusal('unprocessable', code, { params });
    }
  }
  const problem = promotionProblem(
    promotion.kind === 'coupon' ? { kind: 'coupon' } : { kind: 'achievement', reward_type: promotion.pricing.reward_type },
    lines,
    { ...delivery, delivery_fee: totals.delivery_fee },
  );
  if (problem) throw new Refusal('unprocessable', problem);
}

/** Claims the order's coupon or prize use in its transaction; 403 coupon_sold_out / coupon_used / can_not_use_achievement when an order racing this one took it. */
export async function claimOrderPromotion(trx: Transaction<DB>, promotion: OrderPromotion, userId: string, orderId: string, now: Date): Promise<void> {
  if (!promotion) return;
  if (promotion.kind === 'coupon') {
    const claimed = await claimCouponUse(trx, promotion.row, userId, orderId, now);
    if (claimed !== 'ok') throw new Refusal('forbidden', claimed);
    return;
  }
  if (!(await claimAchievementUse(trx, promotion.row.id, userId, orderId, now))) throw new Refusal('forbidden', 'can_not_use_achievement');
}

/** Gives back the coupon use or achievement reward a cancelled order held, in the cancellation's transaction. */
export async function releaseOrderPromotion(trx: Transaction<DB>, orderId: string): Promise<void> {
  await releaseCouponUse(trx, orderId);
  await releaseAchievementUse(trx, orderId);
}
