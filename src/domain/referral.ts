// Referral codes (docs/api.md 'Referral'): what a customer shares so that a friend who registers
// through it and completes a first order earns both of them the establishment's referral credit.
// A code reads as the customer's first name and a few characters a person can copy without
// confusing them (no 0/O, 1/I/L): 'MARIA7K2'.

/** Characters of a code's random part: digits and capitals without the look-alikes. */
export const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RANDOM_LENGTH = 4;

/** A typed code as stored: letters and digits only, upper case. Example: `normalizeReferralCode(' maria-7k2 ') === 'MARIA7K2'` */
export function normalizeReferralCode(code: string): string {
  return code
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}

/**
 * A new code for a customer: up to 6 letters of the first name without accents (or 'AMIGO' when it
 * has none), then 4 characters of REFERRAL_ALPHABET picked by `random` (values 0 <= r < 1).
 * Example: `makeReferralCode('Márcia Souza', () => 0) === 'MARCIA2222'`
 */
export function makeReferralCode(name: string, random: () => number): string {
  const first = (name.trim().split(/\s+/)[0] ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 6);
  let tail = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) tail += REFERRAL_ALPHABET[Math.floor(random() * REFERRAL_ALPHABET.length)] ?? REFERRAL_ALPHABET[0];
  return `${first || 'AMIGO'}${tail}`;
}
