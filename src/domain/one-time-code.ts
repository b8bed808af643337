// One-time codes that prove a phone (SMS) or an e-mail address (decisions.md 'One-time codes'):
// 4 digits, single use, valid 10 minutes, at most 5 wrong tries per code, at most 3 sends per
// phone or address per 15 minutes. Pure rules: the server draws the digits from a cryptographic
// source, stores only a hash and applies these answers.

/** Digits of a code. */
export const CODE_LENGTH = 4;
/** How long a sent code can be used. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries a code survives; the next wrong one ends it. */
export const CODE_MAX_WRONG_TRIES = 5;
/** Sends allowed per phone or address within SEND_WINDOW_MS. */
export const CODE_MAX_SENDS = 3;
export const SEND_WINDOW_MS = 15 * 60 * 1000;

/** A number in [0, 10^CODE_LENGTH) as the code's digits, zero-padded. Example: `codeDigits(42) === '0042'` */
export function codeDigits(n: number): string {
  return String(n).padStart(CODE_LENGTH, '0');
}

/** Whether what was typed has the shape of a code (so a malformed one is not counted as a wrong try). */
export function isCodeShaped(input: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(input);
}

/**
 * Whether another code may be sent, from the instants of the sends to the same phone or address:
 * `{ ok: true }` or the seconds until the oldest send of the window leaves it.
 */
export function sendAllowed(sentAt: readonly Date[], now: Date): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const inWindow = sentAt.filter((t) => now.getTime() - t.getTime() < SEND_WINDOW_MS).sort((a, b) => a.getTime() - b.getTime());
  if (inWindow.length < CODE_MAX_SENDS) return { ok: true };
  const freedAt = inWindow[inWindow.length - CODE_MAX_SENDS]!.getTime() + SEND_WINDOW_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
}

export interface CodeState {
  createdAt: Date;
  wrongTries: number;
  usedAt: Date | null;
}

/** Why a stored code can no longer be checked: used, past its 10 minutes, or out of tries. */
export type CodeDeadReason = 'code_used' | 'code_expired' | 'code_exhausted';

/** Whether a stored code can still be checked at `now`. */
export function codeUsable(code: CodeState, now: Date): { ok: true } | { ok: false; reason: CodeDeadReason } {
  if (code.usedAt) return { ok: false, reason: 'code_used' };
  if (now.getTime() - code.createdAt.getTime() >= CODE_TTL_MS) return { ok: false, reason: 'code_expired' };
  if (code.wrongTries >= CODE_MAX_WRONG_TRIES) return { ok: false, reason: 'code_exhausted' };
  return { ok: true };
}

/** Tries left after a wrong one (0: the code is ended). */
export function triesLeftAfterWrong(wrongTriesBefore: number): number {
  return Math.max(0, CODE_MAX_WRONG_TRIES - wrongTriesBefore - 1);
}
