// The rules of the card screens that are not drawing: which validation step a card is at, what a
// refused call means to the customer, the charge's range in words and the add-card form's field
// problems (the domain's codes and the server's `fields`, one text each). Pure, so they are tested
// on their own (tests/unit/card-validation-flow.test.ts).
import type { CardForm, CardProblemCode, CardVerificationStatus } from '../../src/domain/card.ts';
import { isCardValidated, verificationStartStep } from '../../src/domain/card.ts';
import { isLastAttempt, verificationBounds } from '../../src/domain/card-verification.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { CardStep } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { FieldProblem } from '../../src/schemas/api-errors.ts';
import type { DraftPaymentCard } from '../../src/schemas/draft.ts';
import './i18n.ts';

/** The validation's screens [R-2.14, R-2.16..R-2.18]: the card and what will happen, the amount, done, out of tries. */
export type ValidationStep = 'start' | 'amount' | 'confirmed' | 'exceeded';

/** Each step's route (spec section 2). */
export const STEP_ROUTE: Readonly<Record<ValidationStep, CardStep>> = {
  start: 'cartao-validar',
  amount: 'cartao-valor',
  confirmed: 'cartao-confirmado',
  exceeded: 'cartao-tentativas-excedidas',
};

/** The step a route shows. Example: `stepOfRoute('cartao-valor') === 'amount'` */
export function stepOfRoute(route: CardStep): ValidationStep {
  return (Object.keys(STEP_ROUTE) as ValidationStep[]).find((step) => STEP_ROUTE[step] === route) ?? 'start';
}

/**
 * The step a card is really at, whatever route was opened: a validated card is done; a blacklisted
 * customer can start nothing and is told why; a card already charged skips the
 * charge and goes to the amount; a card not yet charged starts at the beginning.
 * The attempts-exceeded route always shows what it says.
 * Example: `stepForCard({ brand: 'visa', verification_status: 'verification_in_progress' }, false, 'start') === 'amount'`
 */
export function stepForCard(
  card: { brand?: string | null; verification_status: CardVerificationStatus } | null,
  blocked: boolean,
  asked: ValidationStep,
): ValidationStep {
  if (asked === 'exceeded') return 'exceeded';
  if (card && isCardValidated(card)) return 'confirmed';
  if (blocked) return 'exceeded';
  if (!card) return asked;
  const start = verificationStartStep(card.verification_status);
  return start === 'charge' ? 'start' : start === 'amount' ? 'amount' : 'confirmed';
}

/**
 * The charge's range in reais, from the card's own bounds (decisions #15).
 * Example: `chargeRange({ min_value: 1, max_value: 500 })` is `{ min: 'R$ 0,01', max: 'R$ 5,00' }` (with a no-break space)
 */
export function chargeRange(card: { min_value?: number; max_value?: number }): { min: string; max: string } {
  const bounds = verificationBounds(card.min_value, card.max_value);
  return { min: formatBRL(bounds.min), max: formatBRL(bounds.max) };
}

/** What the customer reads after a wrong amount: 'Valor incorreto' and the tries left. Example: `wrongAmountText(1)` is `['Valor incorreto', '1 tentativa restante']` */
export function wrongAmountText(attemptsLeft: number): [string, string] {
  return [t('cards:steps.amount.wrong'), t('cards:steps.amount.attempts', { count: attemptsLeft })];
}

/** Whether the next amount is the customer's last try: the 'Última Tentativa' modal comes first. */
export function warnsLastAttempt(attemptsLeft: number | null): boolean {
  return attemptsLeft !== null && isLastAttempt(attemptsLeft);
}

type Refusal = { status: number; code: string; fields?: FieldProblem[]; params?: Record<string, string | number> };

/** Why a charge was refused, for the start step. */
export type ChargeFailure = 'declined' | 'blocked' | 'already_verified' | 'not_found' | 'contacts' | 'online_off' | 'invalid_cvv' | 'too_many' | 'other';

/** The issuer's (or the gateway's) refusals of the charge: 'problema com o cartão, consulte seu banco'. */
const DECLINED: ReadonlySet<string> = new Set([
  'payment_not_done',
  'credit_card_problems',
  'credit_card_expired',
  'credit_card_blocked',
  'credit_card_canceled',
  'payment_gateway_offline',
]);

/** Example: `chargeFailure({ status: 403, code: 'payment_not_done' }) === 'declined'` */
export function chargeFailure(err: Refusal): ChargeFailure {
  if (err.status === 403 && DECLINED.has(err.code)) return 'declined';
  if (err.status === 403 && err.code === 'card_holder_blocked') return 'blocked';
  if (err.status === 403 && (err.code === 'phone_not_verified' || err.code === 'email_not_verified')) return 'contacts';
  // The establishment takes no online payment (it was switched off while the page was open).
  if (err.status === 403 && err.code === 'online_payment_not_available') return 'online_off';
  if (err.status === 409 && err.code === 'card_already_verified') return 'already_verified';
  if (err.status === 404 && err.code === 'card_not_found') return 'not_found';
  // The day's validation charges for this card, or for the customer, are spent.
  if (err.status === 429) return 'too_many';
  if (err.status === 400 && (err.code === 'invalid_cvv' || err.fields?.some((f) => f.code === 'invalid_cvv' || f.path.includes('security_code'))))
    return 'invalid_cvv';
  return 'other';
}

/** What a refused amount means, for the amount step [R-8.36..R-8.41]. */
export type AmountFailure =
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'exceeded' }
  | { kind: 'not_positive' }
  | { kind: 'expired' }
  | { kind: 'charging' }
  | { kind: 'other' };

/** Example: `amountFailure({ status: 400, code: 'wrong_amount', params: { attempts_left: 2 } })` is `{ kind: 'wrong', attemptsLeft: 2 }` */
export function amountFailure(err: Refusal): AmountFailure {
  if (err.status === 400 && err.code === 'wrong_amount') {
    const left = Number(err.params?.attempts_left);
    return { kind: 'wrong', attemptsLeft: Number.isInteger(left) && left >= 0 ? left : 0 };
  }
  if (err.status === 403 && (err.code === 'attempts_exceeded' || err.code === 'card_holder_blocked')) return { kind: 'exceeded' };
  if (err.status === 400) return { kind: 'not_positive' };
  if (err.status === 404) return { kind: 'expired' };
  if (err.status === 409 && err.code === 'verification_charging') return { kind: 'charging' };
  return { kind: 'other' };
}

/** The add-card form's fields under the names the server answers in `fields`. */
const FIELD_OF_PATH: Readonly<Record<string, keyof CardForm>> = {
  number: 'number',
  due_month: 'validity',
  due_year: 'validity',
  holder: 'holder',
  security_code: 'securityCode',
  payment_card_document: 'document',
};

/** A field problem's text: the card's own wording, else the account forms'. Example: `cardProblemText('validate_card')` */
export function cardProblemText(code: CardProblemCode | string): string {
  const own = `cards:errors.${code}`;
  if (hasKey(own)) return t(own);
  const forms = `account:errors.${code}`;
  if (hasKey(forms)) return t(forms);
  return t('cards:drawer.failed');
}

/**
 * The server's field problems of a refused card, as texts under the form's fields (the same texts
 * as the browser's own checks); a path the form has no field for is left out.
 * Example: `serverFieldErrors([{ path: 'due_month', code: 'validate_card', message: '' }])` is `{ validity: 'Cartão vencido: …' }`
 */
export function serverFieldErrors(fields: readonly FieldProblem[] | undefined): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  for (const problem of fields ?? []) {
    const root = problem.path.replace(/^card\./, '').split(/[.[]/)[0] ?? '';
    const field = FIELD_OF_PATH[root];
    if (field && !errors[field]) errors[field] = cardProblemText(problem.code);
  }
  return errors;
}

/**
 * The card as the order draft keeps it (`payment_card`): what identifies and shows it, never a
 * number or a CVV (decisions.md 'Card data').
 * Example: `draftPaymentCard(card)` is `{ _id, token_id, display_number, brand, holder, due_month, due_year }`
 */
export function draftPaymentCard(card: CardView): DraftPaymentCard {
  return {
    _id: card._id,
    token_id: card.token_id,
    display_number: card.display_number,
    brand: card.brand,
    holder: card.holder,
    due_month: card.due_month,
    due_year: card.due_year,
  };
}
