// The Portuguese of what src/domain answers. The domain returns codes with their parameters and
// never a sentence; the islands and pages show them through these functions, whose texts are the
// locale's (src/i18n/locales/pt-BR/*.json). One function per kind of answer.
import type { AchievementLike, AchievementRemaining } from '../domain/achievement.ts';
import { formatAddressLine } from '../domain/address.ts';
import type { CardProblemCode } from '../domain/card.ts';
import type { WeeklyTableRow } from '../domain/office-hours.ts';
import { formatBRL, normalizeSpaces } from '../domain/money.ts';
import type { PhoneProblemCode } from '../domain/phone.ts';
import type { SoldOutProblem } from '../domain/cart.ts';
import type { TaxIdErrorCode } from '../domain/tax-id.ts';
import type { VariationProblem } from '../domain/variation-pricing.ts';
import type { WallClockTime } from '../domain/week-clock.ts';
import { opensText } from './hours-text.ts';
import { t } from './index.ts';
import type { Catalogue } from './keys.ts';
import layout from './locales/pt-BR/layout.json';

/** What the cart and the add-product modal say of a sold-out product or item (src/domain/cart.ts 'Sold out'). Example: 'Calabresa esgotou (Pizza).' */
export function soldOutText(problem: SoldOutProblem): string {
  return t(`cart:soldOut.${problem.code}`, problem.params);
}

/**
 * The message of a variation problem (decisions #25: check 'Escolha no mínimo {min} opção de
 * {name}', addremove 'Escolha no mínimo {min} {name}').
 * Example: `variationProblemText({ code: 'below_min', groupId: 'g', name: 'Sabores', layout: 'check', min: 1 }) === 'Escolha no mínimo 1 opção de Sabores'`
 */
export function variationProblemText(problem: VariationProblem): string {
  switch (problem.code) {
    case 'below_min':
      return t(`cart:picks.below_min_${problem.layout}`, { min: problem.min, name: problem.name });
    case 'above_max':
      return problem.layout === 'check'
        ? t('cart:picks.above_max_check', { count: problem.max, name: problem.name })
        : t('cart:picks.above_max_addremove', { max: problem.max, name: problem.name });
    case 'picked_twice':
    case 'unknown_item':
      return t(`cart:picks.${problem.code}`, { name: problem.name });
    case 'unknown_group':
    case 'invalid_quantity':
      return t(`cart:picks.${problem.code}`);
  }
}

/** A field refusal of the domain (phone, CPF/CNPJ, card, achievement), from the form errors' catalogue (account.json errors). */
export type FieldProblemCode = PhoneProblemCode | TaxIdErrorCode | CardProblemCode | 'sms_code_wrong' | 'can_not_use_achievement';

/** Example: `fieldProblemText('document_incomplete') === 'CPF/CNPJ incompleto'` */
export function fieldProblemText(code: FieldProblemCode): string {
  return t(`account:errors.${code}`);
}

// Built on first use: constructing Intl objects loads ICU data on the main thread.
let percent: Intl.NumberFormat | undefined;

/**
 * An achievement's reward in words: '10% de desconto', 'R$ 5,00 de desconto' or 'Entrega grátis'.
 * Example: `achievementRewardText({ reward_type: 'fixed', reward_value: 500 }) === 'R$\u00a05,00 de desconto'`
 */
export function achievementRewardText(a: Pick<AchievementLike, 'reward_type' | 'reward_value'>): string {
  switch (a.reward_type) {
    case 'percentage':
      percent ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
      return t('account:achievement.reward_percentage', { value: percent.format(a.reward_value) });
    case 'fixed':
      return t('account:achievement.reward_fixed', { amount: formatBRL(a.reward_value) });
    case 'free_delivery':
      return t('account:achievement.reward_free_delivery');
    default:
      throw new RangeError(`unknown reward type: ${String(a.reward_type)}`);
  }
}

/** 'Faltam R$ 20,00', 'Faltam 3 pedidos', 'Falta 1 pedido' (src/domain/achievement.ts achievementRemaining); null once reached. */
export function achievementRemainingText(remaining: AchievementRemaining | null): string | null {
  if (remaining === null) return null;
  if (remaining.kind === 'amount') return t('account:achievement.remaining_amount', { amount: formatBRL(remaining.cents) });
  return t('account:achievement.remaining_orders', { count: remaining.count });
}

/** A weekday as the locale's weekday texts name it: '1' (Sunday) to '7'. */
export type Wday = keyof Catalogue['catalogue']['weekday']['long'];

/** A weekday's name, 1 = Sunday. Example: `weekdayName(1) === 'Domingo'` */
export function weekdayName(wday: number): string {
  return t(`catalogue:weekday.long.${String(wday) as Wday}`);
}

/** A day of src/domain/office-hours.ts weeklyTable in words: '11:00 às 15:00, 18:00 às 23:00', or 'Fechado'. */
export function dayHoursText(row: WeeklyTableRow): string {
  if (row.intervals.length === 0) return t('catalogue:weekday.closed');
  return row.intervals.map((i) => t('catalogue:weekday.interval', { start: i.opening, end: i.closing })).join(', ');
}

/** An address in one line, 'S/N' for no number: 'Rua A, S/N - Centro, Itajaí/SC' (src/domain/address.ts formatAddressLine). */
export function addressLineText(a: Parameters<typeof formatAddressLine>[0]): string {
  return formatAddressLine(a, t('common:address.noNumber'));
}

/** When a closed establishment opens (src/domain/open-now.ts nextOpeningAtMinute). Example: `openingText({ days: 0, wday: 4, time: '18:00' }) === 'Abre hoje às 18:00'` */
export function openingText(opening: WallClockTime): string {
  return opensText(opening, layout.hours);
}

// ---------------------------------------------------------------- promotions: the referral's invitation
// (the promotions' other words are src/i18n/promotions.ts, which travels with the promotions' code; this
// one is the registration form's, which every account page carries)

/**
 * What the registration form tells a visitor who came through a friend's link, when the
 * establishment runs a referral programme (credit > 0); null otherwise (docs/api.md 'Referral').
 * Example: `referralInvitationText(1000) === 'Você foi indicado por um amigo: conclua o seu primeiro pedido e vocês dois ganham R$ 10,00 em créditos.'`
 */
export function referralInvitationText(creditCents: number): string | null {
  return creditCents > 0 ? t('account:auth.invited', { amount: normalizeSpaces(formatBRL(creditCents)) }) : null;
}
