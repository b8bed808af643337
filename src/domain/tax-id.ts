// CPF/CNPJ rules of spec section 5 'Tax id' as settled by decisions #9: lengths are counted
// without punctuation, and the alphanumeric CNPJ (Receita Federal, July 2026) is accepted.
// The check-digit arithmetic is @brazilian-utils' job; this module adds the spec's length
// rules and the all-equal rejection. Refusals are codes ('CPF/CNPJ incompleto' and 'CPF/CNPJ
// inválido' are the locale's: account.json errors.<code>).
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
/** Masked CNPJ length, the longest the document field accepts. */
export const TAX_ID_MAX_MASKED_LENGTH = 18;

export type TaxIdKind = 'cpf' | 'cnpj';
export type TaxIdErrorCode = 'document_incomplete' | 'document_not_validate';

export type TaxIdResult = { ok: true; kind: TaxIdKind; value: string; formatted: string } | { ok: false; code: TaxIdErrorCode };

/** Removes punctuation and upper-cases, keeping the letters an alphanumeric CNPJ may hold. Example: `stripTaxId('12.abc.345/01DE-35') === '12ABC34501DE35'` */
export function stripTaxId(input: string): string {
  return input.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

function incomplete(): TaxIdResult {
  return { ok: false, code: 'document_incomplete' };
}

function invalid(): TaxIdResult {
  return { ok: false, code: 'document_not_validate' };
}

// Repeated documents (000.000.000-00, 11.111.111/1111-11...) pass the check-digit arithmetic
// for some digits, so the spec rejects them outright.
function allEqual(value: string): boolean {
  return /^(.)\1*$/.test(value);
}

/**
 * Validates a CPF or CNPJ typed with or without punctuation (decisions #9) [R-5.12..R-5.17].
 * Example: `validateTaxId('529.982.247-25')` is `{ ok: true, kind: 'cpf', value: '52998224725', formatted: '529.982.247-25' }`
 */
export function validateTaxId(input: string): TaxIdResult {
  const value = stripTaxId(input);
  if (value.length < CPF_LENGTH) return incomplete();
  if (value.length === CPF_LENGTH) {
    if (!/^\d+$/.test(value) || allEqual(value) || !isValidCpf(value)) return invalid();
    return { ok: true, kind: 'cpf', value, formatted: formatCpf(value) };
  }
  if (value.length < CNPJ_LENGTH) return incomplete();
  if (value.length > CNPJ_LENGTH) return invalid();
  // The CNPJ check digits are numeric even in the alphanumeric format.
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || allEqual(value)) return invalid();
  if (!isValidCnpj(value, { version: 2 })) return invalid();
  return { ok: true, kind: 'cnpj', value, formatted: formatCnpj(value, { version: 2 }) };
}

/** True when the text is a valid CPF or CNPJ. Example: `isValidTaxId('11.111.111/1111-11') === false` */
export function isValidTaxId(input: string): boolean {
  return validateTaxId(input).ok;
}

/** Which mask a document being typed gets: CPF up to 11 digits, otherwise CNPJ. Example: `taxIdMaskKind('1234567890') === 'cpf'` */
export function taxIdMaskKind(input: string): TaxIdKind {
  const value = stripTaxId(input);
  return value.length <= CPF_LENGTH && /^\d*$/.test(value) ? 'cpf' : 'cnpj';
}

// Keeps at most 14 characters, and only digits in the two check-digit positions, so the
// masked text never holds something no CNPJ can be.
function keepCnpjCharacters(value: string): string {
  let kept = '';
  for (const ch of value) {
    if (kept.length === CNPJ_LENGTH) break;
    if (kept.length >= 12 && !/\d/.test(ch)) continue;
    kept += ch;
  }
  return kept;
}

/**
 * Masks a CPF/CNPJ while it is typed: '###.###.###-##' up to 11 digits, else '##.###.###/####-##'.
 * Example: `maskTaxId('123456789012') === '12.345.678/9012'`
 */
export function maskTaxId(input: string): string {
  const value = stripTaxId(input);
  if (value === '') return '';
  if (taxIdMaskKind(value) === 'cpf') return formatCpf(value);
  return formatCnpj(keepCnpjCharacters(value), { version: 2 });
}
