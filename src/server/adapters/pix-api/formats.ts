// The API Pix's formats: its identifiers (txid, endToEndId, a refund's id) and its amounts, which
// are a string '\d{1,10}\.\d{2}' on the wire and integer centavos here, converted as text so no
// amount ever passes through a binary fraction.
import { createHash } from 'node:crypto';
import { PixPspError } from './errors.ts';

/** txid of a charge: 26 to 35 letters and digits (TxId). */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** endToEndId of a Pix: 32 letters and digits, 'E' + ISPB + date and time + 11 characters (EndToEndId). */
export const END_TO_END_ID_PATTERN = /^[a-zA-Z0-9]{32}$/;
/** A refund's id: 1 to 35 letters and digits (DevolucaoId). */
export const REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
/** Every amount: '\d{1,10}\.\d{2}', a point as decimal separator, no thousands separator. */
const VALUE_PATTERN = /^(\d{1,10})\.(\d{2})$/;
/** The largest amount the API Pix can write: 9999999999.99. */
export const PIX_MAX_CENTS = 999_999_999_999;

/** Integer centavos as the API Pix writes them: 1234 -> '12.34', 5 -> '0.05'. Throws invalid_request for anything but whole centavos from 0 to 9999999999.99. */
export function centsToPixValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > PIX_MAX_CENTS)
    throw new PixPspError('invalid_request', `an amount must be whole centavos from 0 to ${PIX_MAX_CENTS}, got ${cents}`);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An API Pix amount ('12.34') as integer centavos, read as text; null when it does not match '\d{1,10}\.\d{2}'. */
export function pixValueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = VALUE_PATTERN.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number(m[2]);
}

/**
 * A txid made from a reference of ours (e.g. 'order:<id>:pix'): 32 hex characters of its SHA-256,
 * the same every time, so a charge created by a request that crashed is found again by the next
 * (PUT /cob/{txid} answers it) instead of being made twice.
 */
export function pixTxid(reference: string): string {
  return createHash('sha256').update(`pix-txid:${reference}`, 'utf8').digest('hex').slice(0, 32);
}

/** A refund id made from a reference of ours (e.g. 'order:<id>:refund'): 32 hex characters, the same every time. */
export function pixRefundId(reference: string): string {
  return createHash('sha256').update(`pix-refund:${reference}`, 'utf8').digest('hex').slice(0, 32);
}
