// The identifiers and instants the sandbox PSP makes up as the SPI would.
import { randomBytes } from 'node:crypto';

/** The ISPB the sandbox's endToEndIds and rtrIds carry: the API Pix examples' placeholder, no institution's. */
const SANDBOX_ISPB = '12345678';

/** The ISO instant `seconds` after `iso`. */
export function plusSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** n random characters of [a-z0-9]. */
function randomAlnum(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (const byte of randomBytes(n)) out += alphabet[byte % alphabet.length];
  return out;
}

/** An end-to-end id as the SPI makes them: prefix ('E' a payment, 'D' a return) + ISPB + yyyyMMddHHmm (UTC) + 11 characters; 32 in all. */
export function sandboxEndToEndId(prefix: 'E' | 'D', now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${prefix}${SANDBOX_ISPB}${stamp}${randomAlnum(11)}`;
}
