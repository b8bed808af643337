// Card rules: the card-to-register payload (spec section 3, R-3.2..R-3.5), the add-card
// field masks and checks (section 5 'Card', decisions #8 and #10), brand detection and the
// verification status of saved cards. The CVV is passed through for the one charge and never
// kept (decisions: 'Card data'). Refusals are codes; their Portuguese (the spec's
// 'forms.validate_card', 'forms.document_not_validate', the CVV message...) is the locale's.
import { validateTaxId } from './tax-id.ts';
import type { TaxIdKind } from './tax-id.ts';
import { Temporal, addDaysToInstant } from './time.ts';

export const CARD_NUMBER_MAX_MASKED_LENGTH = 19;
export const CARD_VALIDITY_MAX_LENGTH = 5;
export const CARD_DOCUMENT_MAX_LENGTH = 18;
export const CARD_EXPIRY_DAYS = 7;
/** The smallest validity the mask accepts, 03/20 (decisions #10). */
export const CARD_VALIDITY_MINIMUM = { month: 3, year: 2020 } as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'diners';

/**
 * Why a card field is refused: validate_card (expired, the spec's 'forms.validate_card' ),
 * invalid_validity (not a month from 03/20 on), document_incomplete / document_not_validate (the
 * holder's CPF/CNPJ ), invalid_cvv, amount_not_positive,
 * invalid_number, holder_required, holder_too_long (over 26 characters, what a card carries).
 */
export type CardProblemCode =
  | 'validate_card'
  | 'invalid_validity'
  | 'document_incomplete'
  | 'document_not_validate'
  | 'invalid_cvv'
  | 'amount_not_positive'
  | 'invalid_number'
  | 'holder_required'
  | 'holder_too_long';

export type CardCheck = { ok: true } | { ok: false; code: CardProblemCode };

/** Digits only, spaces and any other separators stripped. Example: `stripCardNumber('4111 1111 1111 1111') === '4111111111111111'` */
export function stripCardNumber(input: string): string {
  return input.replace(/\D/g, '');
}

/** Groups the number in fours, at most 19 characters (16 digits). Example: `maskCardNumber('41111111111111119999') === '4111 1111 1111 1111'` */
export function maskCardNumber(input: string): string {
  const digits = stripCardNumber(input).slice(0, 16);
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}

/** The 4-digit due year from the two typed digits: 2000 + yy. Example: `cardDueYear('27') === 2027` */
export function cardDueYear(twoDigitYear: string | number): number {
  const yy = Number(twoDigitYear);
  if (!Number.isInteger(yy) || yy < 0 || yy > 99) throw new RangeError(`invalid two-digit year: ${twoDigitYear}`);
  return 2000 + yy;
}

/** Masks the validity field as 'mm/aa', at most 5 characters. Example: `maskCardValidity('0327') === '03/27'` */
export function maskCardValidity(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * Reads a complete 'mm/aa' validity, or null when incomplete, not a month, or before 03/20 (decisions #10).
 * Example: `parseCardValidity('03/20')` is `{ month: 3, year: 2020 }`, `parseCardValidity('02/20') === null`
 */
export function parseCardValidity(input: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = cardDueYear(match[2]!);
  if (month < 1 || month > 12) return null;
  if (year * 12 + month < CARD_VALIDITY_MINIMUM.year * 12 + CARD_VALIDITY_MINIMUM.month) return null;
  return { month, year };
}

/**
 * A card is usable through the end of its month; before the current month/year it gives validate_card ('forms.validate_card').
 * Example: `checkCardExpiry({ month: 5, year: 2025 }, Temporal.PlainYearMonth.from('2025-06')).ok === false`
 */
export function checkCardExpiry(validity: { month: number; year: number }, current: Temporal.PlainYearMonth): CardCheck {
  const due = Temporal.PlainYearMonth.from({ year: validity.year, month: validity.month });
  if (Temporal.PlainYearMonth.compare(due, current) < 0) {
    return { ok: false, code: 'validate_card' };
  }
  return { ok: true };
}

/**
 * The card holder's document: incomplete gives document_incomplete ('CPF/CNPJ incompleto'), invalid
 * document_not_validate ('forms.document_not_validate').
 * Example: `checkCardDocument('123.456')` is `{ ok: false, code: 'document_incomplete' }`
 */
export function checkCardDocument(input: string): { ok: true; kind: TaxIdKind } | { ok: false; code: CardProblemCode } {
  const result = validateTaxId(input);
  return result.ok ? { ok: true, kind: result.kind } : { ok: false, code: result.code };
}

// Ranges are [low, high] over the first six digits; order matters: Elo and Hipercard bins sit
// inside ranges that would otherwise read as Visa, Mastercard or Diners.
const ELO_BIN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

function inRanges(bin: number, ranges: ReadonlyArray<readonly [number, number]>): boolean {
  return ranges.some(([low, high]) => bin >= low && bin <= high);
}

/**
 * Detects the brand from the number's prefix, or null when unknown or too short to tell.
 * Example: `detectCardBrand('4111 1111 1111 1111') === 'visa'`, `detectCardBrand('6362970000457013') === 'elo'`
 */
export function detectCardBrand(input: string): CardBrand | null {
  const digits = stripCardNumber(input);
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6));
    if (inRanges(bin, ELO_BIN_RANGES)) return 'elo';
    if (bin === 606282 || /^3841[046]0/.test(digits)) return 'hipercard';
  }
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(30[0-5]|309|36|38|39)/.test(digits)) return 'diners';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  return null;
}

/** CVV length for a brand: 4 for Amex, 3 otherwise (decisions #8). Example: `cvvLength('amex') === 4` */
export function cvvLength(brand: CardBrand | null | undefined): number {
  return brand === 'amex' ? 4 : 3;
}

/**
 * CVV check: exactly 3 digits, 4 for Amex; otherwise invalid_cvv (the spec's 'Por favor, insira um CVV válido com 3 ou 4 dígitos.').
 * Example: `checkCvv('12', 'visa')` is `{ ok: false, code: 'invalid_cvv' }`
 */
export function checkCvv(cvv: string, brand: CardBrand | null | undefined): CardCheck {
  if (!/^\d+$/.test(cvv) || cvv.length !== cvvLength(brand)) return { ok: false, code: 'invalid_cvv' };
  return { ok: true };
}

/** The verification charge amount must be above zero. Example: `checkCardAmount(0).ok === false` */
export function checkCardAmount(amountCents: number): CardCheck {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, code: 'amount_not_positive' };
  return { ok: true };
}

export type CardForm = {
  number: string;
  validity: string;
  holder: string;
  securityCode: string;
  document: string;
};

export type CardToRegister = {
  security_code: string;
  number: string;
  due_year: number;
  due_month: number;
  holder: string;
  payment_card_document: string;
  brand: CardBrand | null;
  /** ISO-8601 instant, now + 7 days. */
  expires: string;
};

export type CardFormResult = { ok: true; card: CardToRegister } | { ok: false; errors: Partial<Record<keyof CardForm, CardCheck & { ok: false }>> };

/**
 * Checks the add-card form and builds the card to register (R-3.2..R-3.5); the clock is passed in.
 * Example: `buildCardToRegister(form, Temporal.Instant.from('2025-06-10T12:00:00Z'), Temporal.PlainYearMonth.from('2025-06'))`
 */
export function buildCardToRegister(form: CardForm, now: Temporal.Instant, currentMonth: Temporal.PlainYearMonth): CardFormResult {
  const errors: Partial<Record<keyof CardForm, CardCheck & { ok: false }>> = {};
  const number = stripCardNumber(form.number);
  const brand = detectCardBrand(number);
  if (number.length < 13 || number.length > 16 || !isLuhnValid(number)) errors.number = { ok: false, code: 'invalid_number' };

  const validity = parseCardValidity(form.validity);
  if (validity === null) {
    errors.validity = { ok: false, code: 'invalid_validity' };
  } else {
    const expiry = checkCardExpiry(validity, currentMonth);
    if (!expiry.ok) errors.validity = expiry;
  }

  const holder = form.holder.trim().replace(/\s+/g, ' ').toUpperCase();
  if (holder === '') errors.holder = { ok: false, code: 'holder_required' };
  else if (holder.length > CARD_HOLDER_MAX_LENGTH) errors.holder = { ok: false, code: 'holder_too_long' };

  const cvv = checkCvv(form.securityCode, brand);
  if (!cvv.ok) errors.securityCode = cvv;

  const document = validateTaxId(form.document);
  const documentCheck = checkCardDocument(form.document);
  if (!documentCheck.ok) errors.document = documentCheck;

  if (Object.keys(errors).length > 0 || validity === null || !document.ok) return { ok: false, errors };
  return {
    ok: true,
    card: {
      security_code: form.securityCode,
      number,
      due_year: validity.year,
      due_month: validity.month,
      holder,
      payment_card_document: document.value,
      brand,
      expires: addDaysToInstant(now, CARD_EXPIRY_DAYS).toString(),
    },
  };
}

/** A card to register as the API receives it (numbers already typed as numbers). */
export type CardToRegisterInput = {
  number: string;
  security_code: string;
  due_month: number;
  due_year: number;
  holder: string;
  payment_card_document: string;
};

/** What the server keeps and hands on of a checked card: the number and CVV only for the gateway's one call. */
export type CheckedCard = {
  number: string;
  security_code: string;
  brand: CardBrand;
  due_month: number;
  due_year: number;
  holder: string;
  /** Digits (or the alphanumeric CNPJ's characters), no punctuation. */
  document: string;
};

/** The longest holder name a card carries (ISO/IEC 7813 track 1 allows 26). */
export const CARD_HOLDER_MAX_LENGTH = 26;

/**
 * The server's check of a card to register, field by field, in the establishment's current month:
 * invalid_number (length or Luhn), unknown_brand, invalid_validity / validate_card,
 * holder_required, invalid_cvv (decisions #8), document_incomplete / document_not_validate.
 * Example: `checkCardToRegister({ number: '4000 0000 0000 0002', ... }, Temporal.PlainYearMonth.from('2026-11'))`
 */
export function checkCardToRegister(
  input: CardToRegisterInput,
  currentMonth: Temporal.PlainYearMonth,
): { ok: true; card: CheckedCard } | { ok: false; errors: Partial<Record<keyof CardToRegisterInput, CardProblemCode | 'unknown_brand'>> } {
  const errors: Partial<Record<keyof CardToRegisterInput, CardProblemCode | 'unknown_brand'>> = {};
  const number = stripCardNumber(input.number);
  const brand = detectCardBrand(number);
  if (number.length < 13 || number.length > 19 || !isLuhnValid(number)) errors.number = 'invalid_number';
  else if (!brand) errors.number = 'unknown_brand';

  const validity = { month: input.due_month, year: input.due_year };
  if (validity.year * 12 + validity.month < CARD_VALIDITY_MINIMUM.year * 12 + CARD_VALIDITY_MINIMUM.month) errors.due_month = 'invalid_validity';
  else if (!checkCardExpiry(validity, currentMonth).ok) errors.due_month = 'validate_card';

  const holder = input.holder.trim().replace(/\s+/g, ' ').toUpperCase();
  if (holder === '') errors.holder = 'holder_required';
  else if (holder.length > CARD_HOLDER_MAX_LENGTH) errors.holder = 'holder_too_long';

  if (!checkCvv(input.security_code, brand).ok) errors.security_code = 'invalid_cvv';

  const document = validateTaxId(input.payment_card_document);
  if (!document.ok) errors.payment_card_document = document.code;

  if (Object.keys(errors).length > 0 || !brand || !document.ok) return { ok: false, errors };
  return {
    ok: true,
    card: { number, security_code: input.security_code, brand, due_month: validity.month, due_year: validity.year, holder, document: document.value },
  };
}

export const CARD_VERIFICATION_STATUSES = ['not_verified', 'verification_in_progress', 'verified'] as const;
export type CardVerificationStatus = (typeof CARD_VERIFICATION_STATUSES)[number];

/** Narrows an API value to a verification status. Example: `isCardVerificationStatus('verified') === true` */
export function isCardVerificationStatus(value: unknown): value is CardVerificationStatus {
  return typeof value === 'string' && (CARD_VERIFICATION_STATUSES as readonly string[]).includes(value);
}

export type SavedCardLike = { brand?: string | null; verification_status?: string | null };

/** A saved card counts as validated only with a brand and a verified status. Example: `isCardValidated({ brand: '', verification_status: 'verified' }) === false` */
export function isCardValidated(card: SavedCardLike): boolean {
  return typeof card.brand === 'string' && card.brand.trim() !== '' && card.verification_status === 'verified';
}

export type CardVerificationStep = 'charge' | 'amount' | 'done';

/**
 * Where card validation starts for a status: not_verified asks the CVV and charges, in-progress skips to the amount.
 * Example: `verificationStartStep('verification_in_progress') === 'amount'`
 */
export function verificationStartStep(status: CardVerificationStatus): CardVerificationStep {
  if (status === 'not_verified') return 'charge';
  if (status === 'verification_in_progress') return 'amount';
  return 'done';
}

/** Whether a saved card has reached its local expiry and must be dropped. Example: `isCardExpired({ expires: '2025-06-17T12:00:00Z' }, now)` */
export function isCardExpired(card: { expires: string }, now: Temporal.Instant): boolean {
  return Temporal.Instant.compare(Temporal.Instant.from(card.expires), now) <= 0;
}

/**
 * Whether the digits pass the Luhn check every card number carries (its last digit), which
 * catches any one mistyped digit and most swapped pairs. Example: `isLuhnValid('4000000000000002') === true`
 */
export function isLuhnValid(input: string): boolean {
  const digits = stripCardNumber(input);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
