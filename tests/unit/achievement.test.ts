import { describe, it, expect } from 'vitest';
import {
  achievementProgress,
  achievementRemaining,
  achievementState,
  checkAchievementUsable,
  isAchievementUnlocked,
  isSpendGoal,
  achievementReached,
  ACHIEVEMENT_GOAL_TYPES,
  type CompletedOrdersTally,
} from '../../src/domain/achievement.ts';
import { normalizeSpaces } from '../../src/domain/money.ts';
import { achievementRemainingText as remainingText, achievementRewardText, fieldProblemText } from '../../src/i18n/messages.ts';

/** What the customer reads: the domain's reading of what is missing, in the locale's words. */
const achievementRemainingText = (a: Parameters<typeof achievementRemaining>[0]) => remainingText(achievementRemaining(a));

const SPEND_100_REAIS = { goal_type: 'spend_value', goal_value: 10000, reached: 8000, is_used: false };
const FIVE_ORDERS = { goal_type: 'orders_count', goal_value: 5, reached: 2, is_used: false };

describe('achievement progress', () => {
  it('is reached*100/goal_value [R-9.18]', () => {
    expect(achievementProgress(SPEND_100_REAIS)).toBe(80);
    expect(achievementProgress(FIVE_ORDERS)).toBe(40);
    expect(achievementProgress({ reached: 1, goal_value: 3 })).toBe(33);
  });

  it('is capped at 100 [R-9.18]', () => {
    expect(achievementProgress({ reached: 25000, goal_value: 10000 })).toBe(100);
  });

  it('never shows 100 before the goal is reached', () => {
    expect(achievementProgress({ reached: 9999, goal_value: 10000 })).toBe(99);
  });

  it('is 0 for a missing goal or negative progress', () => {
    expect(achievementProgress({ reached: 10, goal_value: 0 })).toBe(0);
    expect(achievementProgress({ reached: -5, goal_value: 10 })).toBe(0);
  });
});

describe('achievement lock [R-4.56]', () => {
  it('is locked below 100% and unlocked at 100%', () => {
    expect(isAchievementUnlocked({ reached: 9999, goal_value: 10000 })).toBe(false);
    expect(isAchievementUnlocked({ reached: 10000, goal_value: 10000 })).toBe(true);
    expect(achievementState(SPEND_100_REAIS)).toBe('locked');
    expect(achievementState({ ...SPEND_100_REAIS, reached: 10000 })).toBe('unlocked');
  });

  it('shows used ones as used', () => {
    expect(achievementState({ ...SPEND_100_REAIS, reached: 10000, is_used: true })).toBe('used');
  });

  it("refuses used or locked ones with 'alerts.can_not_use_achievement' [R-5.60]", () => {
    expect(checkAchievementUsable(SPEND_100_REAIS)).toEqual({ ok: false, code: 'can_not_use_achievement' });
    expect(checkAchievementUsable({ ...SPEND_100_REAIS, reached: 10000, is_used: true })).toEqual({ ok: false, code: 'can_not_use_achievement' });
    expect(fieldProblemText('can_not_use_achievement')).toBe('Esta conquista não pode ser usada.');
    expect(checkAchievementUsable({ ...SPEND_100_REAIS, reached: 10000 })).toEqual({ ok: true });
  });
});

describe('achievement texts: the reward, the progress, the lock and what is missing, derived by the client [R-3.44]', () => {
  it('describes each reward type: percentage, fixed or free delivery [R-3.43]', () => {
    expect(achievementRewardText({ reward_type: 'percentage', reward_value: 10 })).toBe('10% de desconto');
    expect(achievementRewardText({ reward_type: 'percentage', reward_value: 12.5 })).toBe('12,5% de desconto');
    expect(normalizeSpaces(achievementRewardText({ reward_type: 'fixed', reward_value: 500 }))).toBe('R$ 5,00 de desconto');
    expect(achievementRewardText({ reward_type: 'free_delivery', reward_value: 0 })).toBe('Entrega grátis');
  });

  it('answers what is missing as a number, never words', () => {
    expect(achievementRemaining(SPEND_100_REAIS)).toEqual({ kind: 'amount', cents: 2000 });
    expect(achievementRemaining(FIVE_ORDERS)).toEqual({ kind: 'orders', count: 3 });
    expect(achievementRemaining({ ...FIVE_ORDERS, reached: 5 })).toBeNull();
  });

  it('says what is missing in reais for spend goals', () => {
    expect(isSpendGoal('spend_value_with_online_payment')).toBe(true);
    expect(normalizeSpaces(achievementRemainingText(SPEND_100_REAIS)!)).toBe('Faltam R$ 20,00');
    expect(normalizeSpaces(achievementRemainingText({ goal_type: 'spend_cash_value', goal_value: 5000, reached: 4999 })!)).toBe('Faltam R$ 0,01');
  });

  it('says how many orders are missing for count goals', () => {
    expect(achievementRemainingText(FIVE_ORDERS)).toBe('Faltam 3 pedidos');
    expect(achievementRemainingText({ ...FIVE_ORDERS, reached: 4 })).toBe('Falta 1 pedido');
  });

  it('says nothing once the goal is reached', () => {
    expect(achievementRemainingText({ ...FIVE_ORDERS, reached: 7 })).toBeNull();
  });
});

describe('what completed orders reach toward a goal', () => {
  // Two pickups paid at the counter, one delivery by card, one delivery by Pix partly paid with credits.
  const tally: CompletedOrdersTally = [
    { payment_type: 'offline', delivery_type: 'pickup', orders: 2, paid: 6000, credits: 0 },
    { payment_type: 'online', delivery_type: 'delivery', orders: 1, paid: 4500, credits: 0 },
    { payment_type: 'pix', delivery_type: 'delivery', orders: 1, paid: 2000, credits: 1000 },
  ];

  it('counts money by how it was paid and orders by how they were received, for every goal type [R-3.42]', () => {
    expect(Object.fromEntries(ACHIEVEMENT_GOAL_TYPES.map((g) => [g, achievementReached(g, tally)]))).toEqual({
      // Every order's value after discounts: money paid plus credits used.
      spend_value: 13500,
      spend_cash_value: 6000,
      spend_value_with_online_payment: 4500,
      spend_value_with_pix: 2000,
      orders_count: 4,
      delivery_orders_count: 2,
      pickup_orders_count: 2,
    });
  });

  it('reaches nothing without completed orders or for a goal it does not know', () => {
    for (const g of ACHIEVEMENT_GOAL_TYPES) expect(achievementReached(g, [])).toBe(0);
    expect(achievementReached('visits', tally)).toBe(0);
  });
});
