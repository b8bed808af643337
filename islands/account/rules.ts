// The account forms' browser-side rules, the API's own: the limits of src/schemas/account-fields.ts
// (name 4-200, password 4-10 and confirmed, the e-mail pattern), a
// valid CPF/CNPJ, phone per decisions #11 (src/domain), a valid and required birthday
// judged on the establishment's calendar [R-5.97] (src/domain/birthday.ts), a required gender
// . Each rule answers an error code (a key of account:errors) or null.
import { checkBirthday } from '../../src/domain/birthday.ts';
import { validatePhone } from '../../src/domain/phone.ts';
import { validateTaxId } from '../../src/domain/tax-id.ts';
import { Temporal } from '../../src/domain/time.ts';
import { EMAIL_MAX, EMAIL_PATTERN, GENDERS, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../../src/schemas/account-fields.ts';

export { GENDERS };

export type FieldErrors = Record<string, string | undefined>;

export function nameError(value: string): string | null {
  const n = value.trim().length;
  return n < NAME_MIN || n > NAME_MAX ? 'name_length' : null;
}

export function emailError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'required';
  return EMAIL_PATTERN.test(v) && v.length <= EMAIL_MAX ? null : 'email_invalid';
}

export function phoneError(value: string): string | null {
  if (!value.trim()) return 'required';
  const r = validatePhone(value);
  return r.ok ? null : r.code;
}

export function passwordError(value: string): string | null {
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'password_length' : null;
}

/** The new password and its confirmation; both empty keeps the current one. */
export function newPasswordErrors(password: string, confirmation: string): { password?: string; password_confirmation?: string } {
  if (!password && !confirmation) return {};
  const length = passwordError(password);
  if (length) return { password: length };
  if (password !== confirmation) return { password_confirmation: 'password_mismatch' };
  return {};
}

/** Empty is allowed (no document); anything typed must be a valid CPF or CNPJ. */
export function documentError(value: string): string | null {
  if (!value.trim()) return null;
  const r = validateTaxId(value);
  return r.ok ? null : r.code;
}

/**
 * 'dd/mm/aaaa' as typed -> 'YYYY-MM-DD', or null when it is no real date from 1900 up to today on the
 * establishment's calendar (`timeZone`), whatever the browser's zone.
 */
export function birthdayToIso(value: string, timeZone: string, now: Temporal.Instant = Temporal.Now.instant()): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const checked = checkBirthday(`${m[3]}-${m[2]}-${m[1]}`, now, timeZone);
  return checked.ok ? checked.value : null;
}

/** 'YYYY-MM-DD' (or a full ISO date-time) -> 'dd/mm/aaaa'. */
export function isoToBirthday(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

export function birthdayError(value: string, timeZone: string, now?: Temporal.Instant): string | null {
  if (!value.trim()) return 'birthday_required';
  return birthdayToIso(value, timeZone, now) ? null : 'birthday_invalid';
}

export function genderError(value: string): string | null {
  return (GENDERS as readonly string[]).includes(value) ? null : 'gender_required';
}

/** Masks a date while it is typed: 'dd/mm/aaaa'. */
export function maskDate(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A login is an e-mail (has '@') or a phone; the phone goes digits-only with the ninth digit. */
export function loginError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'login_required';
  if (v.includes('@')) return EMAIL_PATTERN.test(v) ? null : 'login_invalid';
  return validatePhone(v).ok ? null : 'login_invalid';
}
