// Validating a saved card by a micro-charge (spec section 4 'Card'; decisions #15 and 'Card
// validation attempts', 'Unfinished card validation'): a random amount of whole centavos between
// the card's min and max is charged, the customer types it back from their statement, and the
// charge goes back: as store credit only once the card is verified, to the card otherwise. A card
// holder has 3 wrong amounts in all; the third puts them on the blacklist. Pure rules: the server
// draws the amount from a cryptographic source and keeps the counts.

/** The charge's default bounds, centavos: R$ 0,01 to R$ 5,00 (decisions #15). */
export const VERIFICATION_MIN_CENTS = 1;
export const VERIFICATION_MAX_CENTS = 500;
/** Wrong amounts a card holder may type in all before the blacklist. */
export const HOLDER_MAX_WRONG_TRIES = 3;
/** A validation not finished this long after its charge is cancelled and refunded. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** What an order paid by card may cost by default, centavos (R$ 1,00 to R$ 10.000,00). */
export const CARD_PURCHASE_MIN_CENTS = 100;
export const CARD_PURCHASE_MAX_CENTS = 1_000_000;
/** Cards a customer may add in a day: a guard against testing stolen numbers through the form. */
export const CARDS_ADDED_PER_DAY = 5;
/**
 * Validation charges a card may get in a day, over every account of the company (the card is known
 * by its fingerprint): more than a customer who mistyped a CVV or let one lapse needs, few enough
 * that nobody can run a stream of micro-charges through someone else's card.
 */
export const VALIDATIONS_PER_CARD_PER_DAY = 3;
/** Validation charges a customer may start in a day, over all their cards. */
export const VALIDATIONS_PER_CUSTOMER_PER_DAY = 5;
/** The window both caps count in, seconds. */
export const VALIDATION_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The bounds a card's charge is drawn from: the establishment's, when they make sense, else the defaults.
 * Example: `verificationBounds(0, 0)` is `{ min: 1, max: 500 }`, `verificationBounds(10, 99)` is `{ min: 10, max: 99 }`
 */
export function verificationBounds(min: number | undefined, max: number | undefined): { min: number; max: number } {
  const lo = Number.isSafeInteger(min) && (min as number) > 0 ? (min as number) : VERIFICATION_MIN_CENTS;
  const hi = Number.isSafeInteger(max) && (max as number) >= lo ? (max as number) : Math.max(lo, VERIFICATION_MAX_CENTS);
  return { min: lo, max: hi };
}

/**
 * The charge amount from a uniform integer draw `draw(n)` in [0, n): min + draw(max - min + 1).
 * Example: `verificationAmount({ min: 1, max: 500 }, () => 0) === 1`
 */
export function verificationAmount(bounds: { min: number; max: number }, draw: (n: number) => number): number {
  const span = bounds.max - bounds.min + 1;
  const picked = draw(span);
  if (!Number.isInteger(picked) || picked < 0 || picked >= span) throw new RangeError(`draw must be an integer in [0, ${span})`);
  return bounds.min + picked;
}

/** Wrong amounts left after `wrongTries`. Example: `attemptsLeft(1) === 2` */
export function attemptsLeft(wrongTries: number): number {
  return Math.max(0, HOLDER_MAX_WRONG_TRIES - wrongTries);
}

/** Whether the next wrong amount is the last one the holder has: the 'Última Tentativa' warning. Example: `isLastAttempt(1) === true` */
export function isLastAttempt(left: number): boolean {
  return left === 1;
}

/** When a validation charged at `chargedAt` lapses. */
export function verificationExpiresAt(chargedAt: Date): Date {
  return new Date(chargedAt.getTime() + VERIFICATION_TTL_MS);
}

/** Whether a validation charged at `chargedAt` is past its 24 hours at `now`. */
export function isVerificationExpired(chargedAt: Date, now: Date): boolean {
  return now.getTime() >= verificationExpiresAt(chargedAt).getTime();
}

/** Where the charge goes back: 'card' to the card, anything else as store credit. Example: `refundDestination('credit') === 'credit'` */
export function refundDestination(refundType: string | null | undefined): 'card' | 'credit' {
  return refundType === 'card' ? 'card' : 'credit';
}

/**
 * Where a validation's charge goes back: as store credit only when the card ended verified and its
 * refund_type says credit; every other end (cancelled, deleted, lapsed, blocked, failed)
 * sends it back to the card. Otherwise anyone holding a stolen card could start a validation and
 * cancel it, again and again, and walk away with the card's money as credit in the store.
 * Example: `verificationRefundDestination('credit', 'cancelled') === 'card'`, `verificationRefundDestination('credit', 'verified') === 'credit'`
 */
export function verificationRefundDestination(refundType: string | null | undefined, status: string): 'card' | 'credit' {
  return status === 'verified' ? refundDestination(refundType) : 'card';
}

/** The masked number a card shows: '•••• •••• •••• 0002'; 'display' gives '•••• 0002'. */
export function maskedCardNumber(last4: string, form: 'full' | 'display' = 'full'): string {
  return form === 'full' ? `•••• •••• •••• ${last4}` : `•••• ${last4}`;
}

/** 'MM/AA' from a card's due month and year. Example: `cardExpiryText(3, 2031) === '03/31'` */
export function cardExpiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
