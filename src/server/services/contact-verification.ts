// Proving a phone by SMS and an e-mail address by e-mail with one-time codes (spec section 7 'Phone
// and email verification'; decisions.md 'One-time codes'): send a code, check it, and only then set
// the user's phone_verified / email_verified. A proven phone or address that differs
// from the registered one replaces it (a code sent to it is the proof it is the user's).
import { randomInt } from 'node:crypto';
import accountTexts from '../../i18n/locales/pt-BR/account.json' with { type: 'json' };
import { interpolate } from '../../i18n/interpolate.ts';
import { CODE_LENGTH, CODE_TTL_MS, codeDigits, codeUsable, isCodeShaped, sendAllowed, triesLeftAfterWrong } from '../../domain/one-time-code.ts';
import { phoneE164, phoneWithoutNinthDigit, validatePhone } from '../../domain/phone.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { getUser, updateUser, uniqueViolation } from '../db/users-repo.ts';
import { codeMatches, countWrongTry, insertCode, latestCode, markUsed, recentSends, type CodeChannel } from '../db/verification-codes-repo.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { EmailSender } from '../adapters/email.ts';
import { assertContactsFree } from './auth.ts';
import { Refusal, invalidBody } from './refusal.ts';

export interface VerificationDeps {
  db: Database;
  now: Date;
  sms: SmsSender;
  email: EmailSender;
}

const TTL_MINUTES = CODE_TTL_MS / 60_000;

/** The phone's national digits, or a 400 naming the phone field. */
function checkedPhone(input: string): string {
  const phone = validatePhone(input);
  if (!phone.ok) throw invalidBody([{ path: 'phone', code: phone.code, message: 'phone must be a Brazilian phone with its area code' }]);
  return phone.digits;
}

/** Refuses a send beyond 3 per phone or address in 15 minutes (429 with Retry-After). */
async function assertMaySend(db: Database, channel: CodeChannel, target: string, now: Date): Promise<void> {
  const allowed = sendAllowed(await recentSends(db, channel, target, now), now);
  if (!allowed.ok) throw new Refusal('too_many', 'too_many_codes', { retryAfterSeconds: allowed.retryAfterSeconds });
}

/** Draws the code, stores its hash, then sends it; a failed send ends the stored code (502 code_not_sent). */
async function issueCode(deps: VerificationDeps, user: UserRow, channel: CodeChannel, target: string, deliver: (code: string) => Promise<void>): Promise<void> {
  await assertMaySend(deps.db, channel, target, deps.now);
  const code = codeDigits(randomInt(0, 10 ** CODE_LENGTH));
  await insertCode(deps.db, { userId: user.id, channel, target, code }, deps.now);
  try {
    await deliver(code);
  } catch (err) {
    console.error(`[verification] ${channel} code not sent:`, (err as Error).message);
    const stored = await latestCode(deps.db, user.id, channel, target);
    if (stored) await markUsed(deps.db, stored.id, deps.now);
    throw new Refusal('upstream_failed', 'code_not_sent');
  }
}

/**
 * Checks a typed code against the user's latest code for that target: 400 code_invalid with the
 * tries left, 400 code_expired once it is used, past 10 minutes or out of tries (or none was sent).
 */
async function consumeCode(deps: VerificationDeps, user: UserRow, channel: CodeChannel, target: string, typed: string): Promise<void> {
  const { db, now } = deps;
  const stored = await latestCode(db, user.id, channel, target);
  if (!stored) throw new Refusal('invalid', 'code_expired');
  const usable = codeUsable(
    { createdAt: new Date(stored.created_at), wrongTries: Number(stored.wrong_tries), usedAt: stored.used_at ? new Date(stored.used_at) : null },
    now,
  );
  if (!usable.ok) throw new Refusal('invalid', 'code_expired');
  if (isCodeShaped(typed) && codeMatches(stored.code_hash, typed)) {
    if (await markUsed(db, stored.id, now)) return;
    // A concurrent check used it first.
    throw new Refusal('invalid', 'code_expired');
  }
  const before = await countWrongTry(db, stored.id);
  if (before === undefined) throw new Refusal('invalid', 'code_expired');
  throw new Refusal('invalid', 'code_invalid', { params: { tries_left: triesLeftAfterWrong(before) } });
}

/** Sets the proven contact and its flag; 409 when another user of the company took it meanwhile. */
async function saveProven(
  db: Database,
  user: UserRow,
  change: { phone: string; phone_verified: 1 } | { email: string; email_verified: 1 },
  now: Date,
): Promise<UserRow> {
  try {
    await updateUser(db, user.id, change, now);
  } catch (err) {
    const taken = uniqueViolation(err);
    if (taken) throw new Refusal('conflict', `${taken}_taken`);
    throw err;
  }
  const fresh = await getUser(db, user.id);
  if (!fresh) throw new Refusal('unauthenticated', 'unauthorized');
  return fresh;
}

// ---------------------------------------------------------------- phone

/** PUT /users/me/generate_code_validate_phone: sends a code by SMS to the phone. */
export async function sendPhoneCode(deps: VerificationDeps, user: UserRow, phoneInput: string): Promise<void> {
  const phone = checkedPhone(phoneInput);
  if (phone !== user.phone) await assertContactsFree(deps.db, user.company_id, { phone }, user.id);
  const text = (code: string) => interpolate(accountTexts.verification.smsText, { code, minutes: TTL_MINUTES });
  await issueCode(deps, user, 'phone', phone, (code) => deps.sms.send({ to: phoneE164(phone), text: text(code) }, deps.now));
}

/** PUT /users/me/validate_phone: checks the code; the phone becomes the user's, verified. */
export async function validatePhoneCode(deps: VerificationDeps, user: UserRow, phoneInput: string, code: string): Promise<UserRow> {
  const phone = checkedPhone(phoneInput);
  await consumeCode(deps, user, 'phone', phone, code);
  return saveProven(deps.db, user, { phone, phone_verified: 1 }, deps.now);
}

/**
 * PUT /users/me/confirm-phone: the customer retypes the registered number before a code is
 * sent to it; it matches ignoring +55 and the optional ninth digit, else 400 phone_mismatch.
 */
export function confirmPhone(user: UserRow, phoneInput: string): void {
  const phone = checkedPhone(phoneInput);
  if (phoneWithoutNinthDigit(phone) !== phoneWithoutNinthDigit(user.phone)) {
    throw invalidBody([{ path: 'phone', code: 'phone_mismatch', message: 'phone must be the registered phone' }]);
  }
}

// ---------------------------------------------------------------- e-mail

/** POST /users/email/validate/create: sends a code to the address. */
export async function sendEmailCode(deps: VerificationDeps, user: UserRow, email: string): Promise<void> {
  if (email !== user.email) await assertContactsFree(deps.db, user.company_id, { email }, user.id);
  const t = accountTexts.verification;
  await issueCode(deps, user, 'email', email, (code) =>
    deps.email.send({ to: email, subject: t.emailSubject, text: interpolate(t.emailText, { code, minutes: TTL_MINUTES }) }, deps.now),
  );
}

/** PUT /users/email/validate: checks the code; the address becomes the user's, verified. */
export async function validateEmailCode(deps: VerificationDeps, user: UserRow, email: string, code: string): Promise<UserRow> {
  await consumeCode(deps, user, 'email', email, code);
  return saveProven(deps.db, user, { email, email_verified: 1 }, deps.now);
}
