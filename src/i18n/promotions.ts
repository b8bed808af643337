// The Portuguese of the promotions the customer sees outside the checkout: each achievement as the
// achievements page and the header's dropdown show it, the credits statement's lines, the referral's
// invitation and the message shared on WhatsApp. The numbers are the domain's
// (src/domain/achievement.ts); the words are the 'promotions' namespace, which travels with the code
// that imports this module rather than with every catalogue page's scripts (src/i18n/index.ts).
import { achievementProgress, achievementRemaining, achievementState, type AchievementLike, type AchievementState } from '../domain/achievement.ts';
import { formatBRL, normalizeSpaces } from '../domain/money.ts';
import { registerNamespace, t } from './index.ts';
import { achievementRemainingText, achievementRewardText } from './messages.ts';
import texts from './locales/pt-BR/promotions.json';
import type { Catalogue } from './keys.ts';

registerNamespace('promotions', texts);

/** An amount as the customer reads it, with an ordinary space after 'R$' (what tests and copies of the text expect). */
const money = (cents: number) => normalizeSpaces(formatBRL(cents));

/** What a customer reads of one achievement: its reward in words, progress, lock state and what is missing or why it cannot be used. */
export interface AchievementSummary {
  state: AchievementState;
  /** Whole percent, 0-100. */
  percent: number;
  /** '10% de desconto', 'R$ 20,00 de desconto', 'Entrega grátis'. */
  reward: string;
  /** 'Faltam 3 pedidos', 'Faltam R$ 120,00' while locked; 'Desbloqueada! ...' once unlocked; 'Você já usou ...' once used. */
  status: string;
  /** The same, short, for the header's dropdown. */
  statusShort: string;
}

/**
 * Example: `achievementSummary({ goal_type: 'orders_count', goal_value: 5, reached: 2, reward_type: 'percentage', reward_value: 10, is_used: false })`
 * is `{ state: 'locked', percent: 40, reward: '10% de desconto', status: 'Faltam 3 pedidos', statusShort: 'Faltam 3 pedidos' }`.
 */
export function achievementSummary(a: AchievementLike): AchievementSummary {
  const state = achievementState(a);
  const reward = normalizeSpaces(achievementRewardText(a));
  if (state === 'used')
    return { state, percent: achievementProgress(a), reward, status: t('promotions:achievements.usedText'), statusShort: t('promotions:achievements.used') };
  if (state === 'unlocked')
    return { state, percent: 100, reward, status: t('promotions:achievements.unlocked'), statusShort: t('promotions:achievements.unlockedShort') };
  const remaining = normalizeSpaces(achievementRemainingText(achievementRemaining(a)) ?? '');
  return { state, percent: achievementProgress(a), reward, status: remaining, statusShort: remaining };
}

/** Why a credit balance moved, in words: one text per reason the API sends (src/schemas/api-promotions.ts CREDIT_REASONS). */
export function creditReasonText(reason: keyof Catalogue['promotions']['credits']['reason']): string {
  return t(`promotions:credits.reason.${reason}`);
}

/**
 * The line under a movement's reason: the establishment's own words for a grant or removal, both
 * names of a referral ('Você e João ganharam pela indicação.'); null when there is nothing to add.
 */
export function creditEntryNoteText(entry: { reason: string; note: string | null }): string | null {
  const note = entry.note?.trim();
  if (!note) return null;
  if (entry.reason === 'referral') return t('promotions:credits.referralWith', { name: note });
  return note;
}

/** A movement's amount with its sign: '+ R$ 10,00' received, '− R$ 5,00' spent (a real minus sign). */
export function creditAmountText(cents: number): string {
  return `${cents < 0 ? '−' : '+'} ${money(Math.abs(cents))}`;
}

/** How the referral works here, or that this establishment gives no credit for it (credit 0). */
export function referralProgrammeText(establishmentName: string, creditCents: number): string {
  return creditCents > 0
    ? t('promotions:referral.howItWorks', { amount: money(creditCents) })
    : t('promotions:referral.noProgramme', { name: establishmentName });
}

/** The message the customer sends a friend on WhatsApp, with the link. */
export function referralShareText(establishmentName: string, creditCents: number, link: string): string {
  return creditCents > 0
    ? t('promotions:referral.shareText', { name: establishmentName, amount: money(creditCents), link })
    : t('promotions:referral.shareTextNoProgramme', { name: establishmentName, link });
}
