// What a sandbox card's charges do (docs/payments.md 'Test cards'): chosen by the two digits before
// its number's check digit, or, for an approved number's purchases, by its holder's first name.
import { stripCardNumber, type CardBrand } from '../../../domain/card.ts';
import type { DeclineReason } from '../../../schemas/payments.ts';

/** What a charge of a sandbox card does: approved, declined for a reason (DeclineReason), an issuer error, or offline. */
export type SandboxOutcome = 'approved' | DeclineReason | 'issuer_error' | 'offline';

/** The outcome digits (the two before the check digit) and what they do. */
const OUTCOME_DIGITS: Record<string, SandboxOutcome> = {
  '51': 'insufficient_funds',
  '59': 'suspected_fraud',
  '96': 'issuer_error',
  '91': 'offline',
};

/** One Luhn-valid test card per brand and outcome; docs/payments.md lists the same table. */
export const SANDBOX_TEST_CARDS: ReadonlyArray<{ number: string; brand: CardBrand; outcome: SandboxOutcome }> = [
  { number: '4000000000000002', brand: 'visa', outcome: 'approved' },
  { number: '4000000000000515', brand: 'visa', outcome: 'insufficient_funds' },
  { number: '4000000000000598', brand: 'visa', outcome: 'suspected_fraud' },
  { number: '4000000000000960', brand: 'visa', outcome: 'issuer_error' },
  { number: '4000000000000911', brand: 'visa', outcome: 'offline' },
  { number: '5100000000000008', brand: 'mastercard', outcome: 'approved' },
  { number: '5100000000000511', brand: 'mastercard', outcome: 'insufficient_funds' },
  { number: '5100000000000594', brand: 'mastercard', outcome: 'suspected_fraud' },
  { number: '5100000000000966', brand: 'mastercard', outcome: 'issuer_error' },
  { number: '5100000000000917', brand: 'mastercard', outcome: 'offline' },
  { number: '5066990000000002', brand: 'elo', outcome: 'approved' },
  { number: '5066990000000515', brand: 'elo', outcome: 'insufficient_funds' },
  { number: '5066990000000598', brand: 'elo', outcome: 'suspected_fraud' },
  { number: '5066990000000960', brand: 'elo', outcome: 'issuer_error' },
  { number: '5066990000000911', brand: 'elo', outcome: 'offline' },
  { number: '370000000000002', brand: 'amex', outcome: 'approved' },
  { number: '370000000000515', brand: 'amex', outcome: 'insufficient_funds' },
  { number: '370000000000598', brand: 'amex', outcome: 'suspected_fraud' },
  { number: '370000000000960', brand: 'amex', outcome: 'issuer_error' },
  { number: '370000000000911', brand: 'amex', outcome: 'offline' },
  { number: '6062820000000003', brand: 'hipercard', outcome: 'approved' },
  { number: '6062820000000516', brand: 'hipercard', outcome: 'insufficient_funds' },
  { number: '6062820000000599', brand: 'hipercard', outcome: 'suspected_fraud' },
  { number: '6062820000000961', brand: 'hipercard', outcome: 'issuer_error' },
  { number: '6062820000000912', brand: 'hipercard', outcome: 'offline' },
];

/** What charging a card with this number does in the sandbox. */
export function sandboxOutcome(cardNumber: string): SandboxOutcome {
  const digits = stripCardNumber(cardNumber);
  return OUTCOME_DIGITS[digits.slice(-3, -1)] ?? 'approved';
}

/**
 * The outcome a card holder's name chooses for the card's purchases (its first word, in any case):
 * Mercado Pago's test names (its 'Test cards' page), mapped as its engine maps their answers
 * (payment-mercadopago.ts), and two of the sandbox's own for what Mercado Pago has no name for.
 * docs/payments.md 'Test cards' lists the same, with the message each gives the customer.
 */
export const HOLDER_OUTCOMES: Readonly<Record<string, SandboxOutcome>> = {
  /** Approved. */
  APRO: 'approved',
  /** Mercado Pago: declined for a general error (cc_rejected_other_reason). */
  OTHE: 'issuer_error',
  /** Mercado Pago: pending payment; the issuer did not decide. */
  CONT: 'issuer_error',
  /** Mercado Pago: declined, call the issuer to authorise (cc_rejected_call_for_authorize). */
  CALL: 'not_authorized',
  /** Mercado Pago: declined for insufficient funds (cc_rejected_insufficient_amount). */
  FUND: 'insufficient_funds',
  /** Mercado Pago: declined for an invalid security code (cc_rejected_bad_filled_security_code). */
  SECU: 'invalid_card',
  /** Mercado Pago: declined for the expiry date (cc_rejected_bad_filled_date). */
  EXPI: 'expired_card',
  /** Mercado Pago: declined for a form error (cc_rejected_bad_filled_other). */
  FORM: 'invalid_card',
  /** Mercado Pago: declined, the card is disabled (cc_rejected_card_disabled). */
  LOCK: 'card_blocked',
  /** Mercado Pago: declined, the card is on a blacklist (cc_rejected_blacklist). */
  BLAC: 'suspected_fraud',
  /** The sandbox's own: declined, the issuer cancelled the card. */
  CANC: 'card_canceled',
  /** The sandbox's own: the gateway does not answer (nothing charged). */
  OFFL: 'offline',
};

/** The outcome a holder's name chooses for purchases, or null when it chooses none. Example: `holderOutcome('fund da silva') === 'insufficient_funds'` */
export function holderOutcome(holderName: string): SandboxOutcome | null {
  const first = holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return Object.hasOwn(HOLDER_OUTCOMES, first) ? HOLDER_OUTCOMES[first]! : null;
}

/** The outcome as the charge's status and decline reason. */
export function chargeOutcome(outcome: SandboxOutcome): { status: 'captured' | 'declined' | 'issuer_error'; reason: DeclineReason | null } {
  if (outcome === 'approved') return { status: 'captured', reason: null };
  if (outcome === 'issuer_error' || outcome === 'offline') return { status: 'issuer_error', reason: null };
  return { status: 'declined', reason: outcome };
}
