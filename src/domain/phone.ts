// Brazilian phone rules of spec section 5 'Phone' as settled by decisions #11/#12: the field
// takes 10 or 11 digits, a 10-digit mobile gets its ninth digit, calls send digits only, and
// two numbers are the same phone regardless of +55 and of the optional ninth digit.
// Area codes and number plans come from @brazilian-utils. Refusals are codes; their Portuguese is
// the locale's (account.json errors.<code>, shown through src/i18n/messages.ts).
import { getAreaCodeInfo, isValidPhone, parsePhone } from '@brazilian-utils/brazilian-utils';

/** Brazil's country calling code. */
export const COUNTRY_CODE = '55';
export const PHONE_TYPED_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;
export const SMS_CODE_LENGTH = 4;

/** Why a phone is refused: fewer than 10 digits, no real area code or number plan, not the registered number. */
export type PhoneProblemCode = 'phone_incomplete' | 'phone_invalid' | 'phone_mismatch';

export type PhoneResult = { ok: true; digits: string; formatted: string } | { ok: false; code: PhoneProblemCode };

/** Keeps only the digits of what was typed. Example: `phoneDigits('(11) 98765-4321') === '11987654321'` */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Masks a phone while it is typed: '(##) ####-####' up to 10 digits, '(##) #####-####' above.
 * Example: `maskPhone('1187654321') === '(11) 8765-4321'`, `maskPhone('11987654321') === '(11) 98765-4321'`
 */
export function maskPhone(input: string): string {
  const d = phoneDigits(input).slice(0, PHONE_MAX_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  // The hyphen sits four digits from the end once the number is long enough to have one.
  const split = d.length > PHONE_TYPED_DIGITS ? 5 : 4;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

// A Brazilian national number read from anything typed: +55/0055/55 prefix dropped
// (library rule, by length), digits only. parsePhone also cuts a too-long number down to
// 11 digits; that would let extra typed digits pass validation, so then all digits are kept.
function nationalDigits(input: string): string {
  const digits = phoneDigits(input);
  const parsed = parsePhone(digits);
  return digits.endsWith(parsed) ? parsed : digits;
}

/**
 * National digits with the ninth digit inserted into a 10-digit mobile (subscriber part 6-9).
 * Example: `normalizePhone('(11) 8765-4321') === '11987654321'`, `normalizePhone('+55 11 3000-0000') === '1130000000'`
 */
export function normalizePhone(input: string): string {
  const d = nationalDigits(input);
  if (d.length === PHONE_TYPED_DIGITS && /^[6-9]$/.test(d[2]!)) {
    return `${d.slice(0, 2)}9${d.slice(2)}`;
  }
  return d;
}

/** The form calls send: digits only, ninth digit included. Example: `phoneForApi('(11) 98765-4321') === '11987654321'` */
export function phoneForApi(input: string): string {
  return normalizePhone(input);
}

/**
 * The short form: country code and optional ninth digit removed (10 digits).
 * Example: `phoneWithoutNinthDigit('+55 (11) 98765-4321') === '1187654321'`
 */
export function phoneWithoutNinthDigit(input: string): string {
  const d = normalizePhone(input);
  if (d.length === PHONE_MAX_DIGITS && d[2] === '9') return `${d.slice(0, 2)}${d.slice(3)}`;
  return d;
}

/** Phone in E.164 with the +55 country code. Example: `phoneE164('(11) 98765-4321') === '+5511987654321'` */
export function phoneE164(input: string): string {
  return `+${COUNTRY_CODE}${normalizePhone(input)}`;
}

/** Whether two phones are the same line, ignoring +55 and the optional ninth digit (decisions #12). Example: `samePhone('+55 11 98765-4321', '1187654321') === true` */
export function samePhone(a: string, b: string): boolean {
  const x = phoneWithoutNinthDigit(a);
  const y = phoneWithoutNinthDigit(b);
  return x.length > 0 && x === y;
}

/**
 * Validates a typed phone: 10 or 11 digits (decisions #11), a real area code and number plan.
 * Example: `validatePhone('(11) 8765-4321')` is `{ ok: true, digits: '11987654321', formatted: '(11) 98765-4321' }`
 */
export function validatePhone(input: string): PhoneResult {
  const typed = nationalDigits(input);
  if (typed.length < PHONE_TYPED_DIGITS) {
    return { ok: false, code: 'phone_incomplete' };
  }
  const digits = normalizePhone(input);
  if (digits.length > PHONE_MAX_DIGITS || getAreaCodeInfo(digits.slice(0, 2)) === null || !isValidPhone(digits)) {
    return { ok: false, code: 'phone_invalid' };
  }
  return { ok: true, digits, formatted: maskPhone(digits) };
}

/**
 * In phone-input, the typed number must be the registered one (compared per decisions #12).
 * Example: `checkTypedPhone('(11) 8765-4321', '+5511987654321').ok === true`
 */
export function checkTypedPhone(typed: string, registered: string): PhoneResult {
  const result = validatePhone(typed);
  if (!result.ok) return result;
  if (!samePhone(typed, registered)) {
    return { ok: false, code: 'phone_mismatch' };
  }
  return result;
}

/** Whether an SMS code is complete: exactly 4 digits, which is when it is auto-submitted. Example: `isCompleteSmsCode('0427') === true` */
export function isCompleteSmsCode(code: string): boolean {
  return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code);
}
