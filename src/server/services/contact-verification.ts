// Proving a phone by SMS and an e-mail address by e-mail with one-time codes (spec section 7 'Phone
// and email verification'; decisions.md 'One-time codes'): send a code, check it, and only then set
// the user's phone_verified / email_verified. A proven phone or address that differs
// from the registered one replaces it (a code sent to it is the proof it is the user's).
//
// A code is kept as an HMAC under a server secret (ONE_TIME_CODE_SECRET), not as a plain hash: a
// copy of the database alone cannot try the 10,000 values. Every send is counted before it is made
// against the budgets of src/server/code-send-budgets.ts (per account, per client address, per
// phone or address, in all), and every check before it is compared (at most 5 per code).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import accountTexts from '../../i18n/locales/pt-BR/account.json' with { type: 'json' };
import { interpolate } from '../../i18n/interpolate.ts';
import { CODE_LENGTH, CODE_MAX_SENDS, CODE_TTL_MS, SEND_WINDOW_MS, codeDigits, codeUsable, isCodeShaped, triesLeft } from '../../domain/one-time-code.ts';
import { phoneE164, phoneWithoutNinthDigit, validatePhone } from '../../domain/phone.ts';
import { config } from '../config.ts';
import { codeSendBudgets, type CodeSendBudgets } from '../code-send-budgets.ts';
import { keptValue } from '../kept-value.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { getUser, updateUser, uniqueViolation } from '../db/users-repo.ts';
import { codeSentSince, countTry, insertCode, latestCode, markUsed, type CodeChannel } from '../db/verification-codes-repo.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { EmailSender } from '../adapters/email.ts';
import { assertContactsFree } from './auth.ts';
import { hitOrRefuse, limitAddress, windowOf, type Limit } from './rate-limit.ts';
import { Refusal, invalidBody } from './refusal.ts';
import type { RefusalCode } from '../../schemas/refusal-codes.ts';

export interface VerificationDeps {
  db: Database;
  now: Date;
  sms: SmsSender;
  email: EmailSender;
  /** The caller's address (requestClientAddress), for the per-address send budget. */
  clientAddress: string;
  /** The send budgets; the environment's (src/server/code-send-budgets.ts) unless given. */
  budgets?: CodeSendBudgets;
}

const TTL_MINUTES = CODE_TTL_MS / 60_000;

// ---------------------------------------------------------------- the secret and the hash

const SECRET_FILE = 'one-time-code-secret';
const secrets = new Map<string, Buffer>();

/**
 * The key the codes are kept under: ONE_TIME_CODE_SECRET (hex or base64url, at least 32 bytes;
 * every process of a deployment must share it), else 32 random bytes made once and kept 0600 in
 * DATA_DIR/one-time-code-secret. Throws on a configured value that is too short or not hex/base64url.
 */
export function oneTimeCodeSecret(dataDir = config.dataDir, configured = config.oneTimeCodeSecret): Buffer {
  const cacheKey = configured ? `env:${configured}` : `dir:${dataDir}`;
  const known = secrets.get(cacheKey);
  if (known) return known;
  let secret: Buffer;
  if (configured) {
    if (/^(?:[0-9a-fA-F]{2})+$/.test(configured)) secret = Buffer.from(configured, 'hex');
    else if (/^[A-Za-z0-9_-]+$/.test(configured)) secret = Buffer.from(configured, 'base64url');
    else secret = Buffer.alloc(0);
    if (secret.length < 32) throw new Error('ONE_TIME_CODE_SECRET must be at least 32 bytes, as hex (64+ digits) or base64url (43+ characters)');
  } else {
    const kept = keptValue(
      join(dataDir, SECRET_FILE),
      () => randomBytes(32).toString('base64url'),
      (text) => /^[A-Za-z0-9_-]{43}$/.test(text),
    );
    secret = Buffer.from(kept, 'base64url');
  }
  secrets.set(cacheKey, secret);
  return secret;
}

interface CodeOwner {
  userId: string;
  channel: CodeChannel;
  target: string;
}

/** 'hmac$' and the HMAC-SHA256 of the code with whom and what it was sent for: a hash copied to another row matches nothing there. */
function codeHash(owner: CodeOwner, code: string): string {
  const mac = createHmac('sha256', oneTimeCodeSecret()).update(`${owner.userId}\n${owner.channel}\n${owner.target}\n${code}`);
  return `hmac$${mac.digest('hex')}`;
}

/** Whether `code` is the one kept as `stored` (constant-time; a hash of another form matches nothing). */
function codeMatches(stored: string, owner: CodeOwner, code: string): boolean {
  const expected = Buffer.from(codeHash(owner, code));
  const actual = Buffer.from(stored);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// ---------------------------------------------------------------- sending

/** The phone's national digits, or a 400 naming the phone field. */
function checkedPhone(input: string): string {
  const phone = validatePhone(input);
  if (!phone.ok) throw invalidBody([{ path: 'phone', code: phone.code, message: 'phone must be a Brazilian phone with its area code' }]);
  return phone.digits;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** A phone or address in a limit's key: hashed, so the counters hold no contact data. */
const keyOf = (target: string) => createHash('sha256').update(target).digest('base64url').slice(0, 22);

/**
 * Counts a send against the sender's budgets (the account's per hour and per day, its client
 * address's, the account's destinations per day), in that order, before the phone or address is
 * looked up: refused with the first that is spent (429 with Retry-After). The lookup's 409 would
 * otherwise tell anyone, at no cost, which phones and addresses have an account.
 */
async function countSender(deps: VerificationDeps, user: UserRow, channel: CodeChannel, target: string): Promise<void> {
  const { db, now } = deps;
  const budgets = deps.budgets ?? codeSendBudgets;
  const steps: [Limit, RefusalCode][] = [
    [{ key: `code:${channel}:user:${user.id}:hour`, max: budgets.perAccountHour, windowSeconds: HOUR }, 'too_many_codes_account'],
    [{ key: `code:${channel}:user:${user.id}:day`, max: budgets.perAccountDay, windowSeconds: DAY }, 'too_many_codes_account'],
    [{ key: `code:${channel}:ip:${limitAddress(deps.clientAddress)}`, max: budgets.perAddressHour, windowSeconds: HOUR }, 'too_many_codes_ip'],
  ];
  // A phone or address the account already had a code for today is no new destination. Two
  // parallel first sends to one new target may both count it: that errs on the refusing side.
  const destinations: Limit = { key: `code:${channel}:destinations:${user.id}`, max: budgets.destinationsPerAccountDay, windowSeconds: DAY };
  if (!(await codeSentSince(db, user.id, channel, target, new Date(windowOf(destinations, now).start)))) {
    steps.push([destinations, 'too_many_destinations']);
  }
  for (const [limit, code] of steps) await hitOrRefuse(db, [limit], now, code);
}

/**
 * Counts a code about to be sent against the receiver's budgets (3 per 15 minutes and the day's, for
 * that phone or address whoever asks) and then the server's per minute. Only sends that will happen
 * count here, so no one can spend a stranger's budget with requests refused for other reasons.
 */
async function countDelivery(deps: VerificationDeps, channel: CodeChannel, target: string): Promise<void> {
  const { db, now } = deps;
  const budgets = deps.budgets ?? codeSendBudgets;
  const to = keyOf(target);
  const steps: [Limit, RefusalCode][] = [
    [{ key: `code:${channel}:to:${to}`, max: CODE_MAX_SENDS, windowSeconds: SEND_WINDOW_MS / 1000 }, 'too_many_codes'],
    [{ key: `code:${channel}:to:${to}:day`, max: budgets.perDestinationDay, windowSeconds: DAY }, 'too_many_codes'],
    [{ key: `code:${channel}:all`, max: budgets.perMinute[channel], windowSeconds: 60 }, 'too_many_codes_global'],
  ];
  for (const [limit, code] of steps) await hitOrRefuse(db, [limit], now, code);
}

/** Counts the delivery, draws the code, stores its hash, then sends it; a failed send ends the stored code (502 code_not_sent). */
async function issueCode(deps: VerificationDeps, user: UserRow, channel: CodeChannel, target: string, deliver: (code: string) => Promise<void>): Promise<void> {
  await countDelivery(deps, channel, target);
  const code = codeDigits(randomInt(0, 10 ** CODE_LENGTH));
  await insertCode(deps.db, { userId: user.id, channel, target, codeHash: codeHash({ userId: user.id, channel, target }, code) }, deps.now);
  try {
    await deliver(code);
  } catch (err) {
    console.error(`[verification] ${channel} code not sent:`, (err as Error).message);
    const stored = await latestCode(deps.db, user.id, channel, target);
    if (stored) await markUsed(deps.db, stored.id, deps.now);
    throw new Refusal('upstream_failed', 'code_not_sent');
  }
}

// ---------------------------------------------------------------- checking

/**
 * Checks a typed code against the user's latest code for that target. The check is counted before
 * the digits are compared, in one statement that also refuses past the 5th, so parallel checks get
 * 5 comparisons between them at most: 400 code_invalid with the tries left, 400 code_expired once
 * the code is used, past 10 minutes or out of tries (or none was sent).
 */
async function consumeCode(deps: VerificationDeps, user: UserRow, channel: CodeChannel, target: string, typed: string): Promise<void> {
  const { db, now } = deps;
  const stored = await latestCode(db, user.id, channel, target);
  if (!stored) throw new Refusal('invalid', 'code_expired');
  const usable = codeUsable(
    { createdAt: new Date(stored.created_at), tries: Number(stored.tries), usedAt: stored.used_at ? new Date(stored.used_at) : null },
    now,
  );
  if (!usable.ok) throw new Refusal('invalid', 'code_expired');
  const tries = await countTry(db, stored.id);
  if (tries === undefined) throw new Refusal('invalid', 'code_expired');
  if (isCodeShaped(typed) && codeMatches(stored.code_hash, { userId: user.id, channel, target }, typed)) {
    if (await markUsed(db, stored.id, now)) return;
    // A concurrent check used it first.
    throw new Refusal('invalid', 'code_expired');
  }
  throw new Refusal('invalid', 'code_invalid', { params: { tries_left: triesLeft(tries) } });
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
  await countSender(deps, user, 'phone', phone);
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
  await countSender(deps, user, 'email', email);
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
