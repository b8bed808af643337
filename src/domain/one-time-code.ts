// One-time codes that prove a phone (SMS) or an e-mail address (decisions.md 'One-time codes'):
// 4 digits, single use, valid 10 minutes, at most 5 checks per code, at most 3 sends per phone or
// address per 15 minutes. Pure rules: the server draws the digits from a cryptographic source,
// keeps only a keyed hash, counts each check before comparing and counts the sends with the shared
// limiter (src/server/services/contact-verification.ts).

/** Digits of a code. */
export const CODE_LENGTH = 4;
/** How long a sent code can be used. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Checks a code survives, each counted before the digits are compared: with at most 5 of the
 * 10,000 values ever compared, guessing succeeds once in 2,000 codes, however many checks are sent
 * at once. A right code within them is accepted; after them the code is ended.
 */
export const CODE_MAX_TRIES = 5;
/** Sends allowed per phone or address within SEND_WINDOW_MS, whoever asks. */
export const CODE_MAX_SENDS = 3;
export const SEND_WINDOW_MS = 15 * 60 * 1000;

/** A number in [0, 10^CODE_LENGTH) as the code's digits, zero-padded. Example: `codeDigits(42) === '0042'` */
export function codeDigits(n: number): string {
  return String(n).padStart(CODE_LENGTH, '0');
}

/** Whether what was typed has the shape of a code. */
export function isCodeShaped(input: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(input);
}

export interface CodeState {
  createdAt: Date;
  /** Checks counted so far, right or wrong. */
  tries: number;
  usedAt: Date | null;
}

/** Why a stored code can no longer be checked: used, past its 10 minutes, or out of tries. */
export type CodeDeadReason = 'code_used' | 'code_expired' | 'code_exhausted';

/** Whether a stored code can still be checked at `now`. */
export function codeUsable(code: CodeState, now: Date): { ok: true } | { ok: false; reason: CodeDeadReason } {
  if (code.usedAt) return { ok: false, reason: 'code_used' };
  if (now.getTime() - code.createdAt.getTime() >= CODE_TTL_MS) return { ok: false, reason: 'code_expired' };
  if (code.tries >= CODE_MAX_TRIES) return { ok: false, reason: 'code_exhausted' };
  return { ok: true };
}

/** Checks left once `triesCounted` have been counted, this one included (0: the code is ended). Example: `triesLeft(1) === 4` */
export function triesLeft(triesCounted: number): number {
  return Math.max(0, CODE_MAX_TRIES - triesCounted);
}
