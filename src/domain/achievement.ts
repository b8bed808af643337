// Achievements (gamification): the values the client derives from the API record — progress,
// lock state, what is still missing and whether it can be used (spec section 3 'Achievement',
// Monetary goal and reward values are centavos like every other amount. The
// words ('10% de desconto', 'Faltam 3 pedidos') are the locale's (src/i18n/messages.ts).

export type AchievementRewardType = 'percentage' | 'fixed' | 'free_delivery';
export const ACHIEVEMENT_REWARD_TYPES = ['percentage', 'fixed', 'free_delivery'] as const satisfies readonly AchievementRewardType[];

/** An achievement's goal: money spent (centavos) by a payment kind, or completed orders counted. */
export const ACHIEVEMENT_GOAL_TYPES = [
  'spend_value',
  'spend_cash_value',
  'spend_value_with_online_payment',
  'spend_value_with_pix',
  'orders_count',
  'delivery_orders_count',
  'pickup_orders_count',
] as const;
export type AchievementGoalType = (typeof ACHIEVEMENT_GOAL_TYPES)[number];

export type AchievementLike = {
  goal_type: string;
  goal_value: number;
  reached: number;
  reward_type: AchievementRewardType;
  reward_value: number;
  is_used?: boolean;
};

/**
 * Progress in whole percent: reached*100/goal_value, capped at 100.
 * Floored so a bar never shows 100% while the achievement is still locked.
 * Example: `achievementProgress({ reached: 3, goal_value: 4 }) === 75`
 */
export function achievementProgress(a: Pick<AchievementLike, 'reached' | 'goal_value'>): number {
  // A zero or missing goal is a data error; showing it locked is the safe reading.
  if (!(a.goal_value > 0) || !(a.reached > 0)) return 0;
  return Math.min(100, Math.floor((a.reached * 100) / a.goal_value));
}

/** Unlocked exactly when progress reaches 100% [R-4.56]. Example: `isAchievementUnlocked({ reached: 5000, goal_value: 5000 }) === true` */
export function isAchievementUnlocked(a: Pick<AchievementLike, 'reached' | 'goal_value'>): boolean {
  return achievementProgress(a) >= 100;
}

export type AchievementState = 'locked' | 'unlocked' | 'used';

/** Used ones are greyed out; otherwise locked or unlocked by progress. Example: `achievementState({ reached: 1, goal_value: 2, is_used: false }) === 'locked'` */
export function achievementState(a: Pick<AchievementLike, 'reached' | 'goal_value' | 'is_used'>): AchievementState {
  if (a.is_used) return 'used';
  return isAchievementUnlocked(a) ? 'unlocked' : 'locked';
}

/** Whether the goal counts money (spend_* types, centavos) rather than orders. Example: `isSpendGoal('spend_value_with_pix') === true` */
export function isSpendGoal(goalType: string): boolean {
  return goalType.startsWith('spend_');
}

/** What is still missing to unlock: an amount (spend goals) or a number of orders. */
export type AchievementRemaining = { kind: 'amount'; cents: number } | { kind: 'orders'; count: number };

/**
 * What is still missing: centavos for spend goals, orders for count goals; null once reached.
 * Example: `achievementRemaining({ goal_type: 'orders', goal_value: 10, reached: 7 })` is `{ kind: 'orders', count: 3 }`
 */
export function achievementRemaining(a: Pick<AchievementLike, 'goal_type' | 'goal_value' | 'reached'>): AchievementRemaining | null {
  const remaining = Math.max(0, a.goal_value - Math.max(0, a.reached));
  if (remaining === 0) return null;
  return isSpendGoal(a.goal_type) ? { kind: 'amount', cents: remaining } : { kind: 'orders', count: remaining };
}

/**
 * Used or locked achievements cannot be applied: can_not_use_achievement (the spec's 'alerts.can_not_use_achievement').
 * Example: `checkAchievementUsable({ reached: 1, goal_value: 2, is_used: false })` is `{ ok: false, code: 'can_not_use_achievement' }`
 */
export function checkAchievementUsable(
  a: Pick<AchievementLike, 'reached' | 'goal_value' | 'is_used'>,
): { ok: true } | { ok: false; code: 'can_not_use_achievement' } {
  return achievementState(a) === 'unlocked' ? { ok: true } : { ok: false, code: 'can_not_use_achievement' };
}

/** A customer's completed orders at an establishment, grouped by how they were paid and received (one row per pair). */
export type CompletedOrdersTally = readonly {
  payment_type: string;
  delivery_type: string;
  orders: number;
  /** Sum of the orders' totals (money paid), centavos. */
  paid: number;
  /** Sum of the credits the orders used, centavos. */
  credits: number;
}[];

/**
 * What a customer's completed orders reached toward a goal: spend_value counts every
 * order's value after discounts (money paid plus credits used); spend_cash_value, _online_payment
 * and _with_pix the money paid on delivery or pickup, by card, by Pix; orders_count every order,
 * delivery_orders_count and pickup_orders_count those received that way. An unknown goal reaches 0.
 * Example: `achievementReached('pickup_orders_count', [{ payment_type: 'offline', delivery_type: 'pickup', orders: 2, paid: 5000, credits: 0 }]) === 2`
 */
export function achievementReached(goalType: string, tally: CompletedOrdersTally): number {
  const sum = (pick: (row: CompletedOrdersTally[number]) => number, only: (row: CompletedOrdersTally[number]) => boolean = () => true) =>
    tally.filter(only).reduce((n, row) => n + pick(row), 0);
  switch (goalType) {
    case 'spend_value':
      return sum((r) => r.paid + r.credits);
    case 'spend_cash_value':
      return sum(
        (r) => r.paid,
        (r) => r.payment_type === 'offline',
      );
    case 'spend_value_with_online_payment':
      return sum(
        (r) => r.paid,
        (r) => r.payment_type === 'online',
      );
    case 'spend_value_with_pix':
      return sum(
        (r) => r.paid,
        (r) => r.payment_type === 'pix',
      );
    case 'orders_count':
      return sum((r) => r.orders);
    case 'delivery_orders_count':
      return sum(
        (r) => r.orders,
        (r) => r.delivery_type === 'delivery',
      );
    case 'pickup_orders_count':
      return sum(
        (r) => r.orders,
        (r) => r.delivery_type === 'pickup',
      );
    default:
      return 0;
  }
}
