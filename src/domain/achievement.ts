// Achievements (gamification): the values the client derives from the API record — progress,
// lock state, reward text and remaining text (spec section 3 'Achievement', R-4.56, R-9.18).
// Monetary goal and reward values are centavos like every other amount.
import { formatBRL } from './money.ts';

export type AchievementRewardType = 'percentage' | 'fixed' | 'free_delivery';

export type AchievementLike = {
  goal_type: string;
  goal_value: number;
  reached: number;
  reward_type: AchievementRewardType;
  reward_value: number;
  is_used?: boolean;
};

export const ACHIEVEMENT_CANNOT_USE_KEY = 'alerts.can_not_use_achievement';

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

// Built on first use: constructing Intl objects loads ICU data on the main thread.
let percent: Intl.NumberFormat | undefined;

/**
 * The reward in words: '10% de desconto', 'R$ 5,00 de desconto' or 'Entrega grátis'.
 * Example: `achievementRewardText({ reward_type: 'fixed', reward_value: 500 }) === 'R$\u00a05,00 de desconto'`
 */
export function achievementRewardText(a: Pick<AchievementLike, 'reward_type' | 'reward_value'>): string {
  switch (a.reward_type) {
    case 'percentage':
      percent ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
      return `${percent.format(a.reward_value)}% de desconto`;
    case 'fixed':
      return `${formatBRL(a.reward_value)} de desconto`;
    case 'free_delivery':
      return 'Entrega grátis';
    default:
      throw new RangeError(`unknown reward type: ${String(a.reward_type)}`);
  }
}

/**
 * What is still missing: 'Faltam R$ 20,00' for spend goals, 'Faltam 3 pedidos' / 'Falta 1 pedido' for count goals; null once reached.
 * Example: `achievementRemainingText({ goal_type: 'orders', goal_value: 10, reached: 7 }) === 'Faltam 3 pedidos'`
 */
export function achievementRemainingText(a: Pick<AchievementLike, 'goal_type' | 'goal_value' | 'reached'>): string | null {
  const remaining = Math.max(0, a.goal_value - Math.max(0, a.reached));
  if (remaining === 0) return null;
  if (isSpendGoal(a.goal_type)) return `Faltam ${formatBRL(remaining)}`;
  return remaining === 1 ? 'Falta 1 pedido' : `Faltam ${remaining} pedidos`;
}

/**
 * Used or locked achievements cannot be applied ('alerts.can_not_use_achievement').
 * Example: `checkAchievementUsable({ reached: 1, goal_value: 2, is_used: false })` is `{ ok: false, key: 'alerts.can_not_use_achievement' }`
 */
export function checkAchievementUsable(a: Pick<AchievementLike, 'reached' | 'goal_value' | 'is_used'>): { ok: true } | { ok: false; key: string } {
  return achievementState(a) === 'unlocked' ? { ok: true } : { ok: false, key: ACHIEVEMENT_CANNOT_USE_KEY };
}
