// Customer accounts: passwords (hashed by ./password-hash.ts), the rules of the
// registration and profile forms (spec section 5 'Profile' [R-5.93..R-5.98]), login and
// registration with their limits (per account and per client address, counted in the database by
// ./rate-limit.ts), and the user as the API answers it (spec section 3 'User' ).
import { createHash, randomBytes } from 'node:crypto';
import { burnVerification, hashPassword, passwordHashOutdated, verifyPassword } from './password-hash.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import {
  contactTaken,
  findUserByEmail,
  findUserByPhone,
  findUserIdByReferralCode,
  insertUser,
  replacePasswordHash,
  type UserChanges,
} from '../db/users-repo.ts';
import type { FieldProblem } from '../../schemas/api-errors.ts';
import { Refusal, invalidBody } from './refusal.ts';
import { hitOrRefuse, limitAddress, refundHit, resetLimit, type Limit } from './rate-limit.ts';
import { validatePhone, type PhoneProblemCode } from '../../domain/phone.ts';
import { validateTaxId, type TaxIdErrorCode } from '../../domain/tax-id.ts';
import { DEFAULT_TIME_ZONE, Temporal } from '../../domain/time.ts';
import { normalizeReferralCode } from '../../domain/referral.ts';
import { BIRTHDAY_MIN, checkBirthday, type BirthdayProblem } from '../../domain/birthday.ts';
import type { ProfileBody, RegisterBody, UserView } from '../../schemas/api-accounts.ts';
import type { Gender } from '../../schemas/account-fields.ts';
import { imageSizeUrls, type ImageStorage } from '../adapters/image-storage.ts';

// --- Passwords ---

// Hashing lives in ./password-hash.ts (Argon2id); the routes and services keep importing it from here.
export { hashPassword, verifyPassword } from './password-hash.ts';

// --- Session tokens ---

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the sessions table stores instead of the token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const SESSION_DAYS = 30;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

// --- The user as the API answers it ---

export function facebookPhotoUrl(fbid: string): string {
  return `https://graph.facebook.com/${encodeURIComponent(fbid)}/picture?type=large`;
}

/** The uploaded photo (512 px) when there is one, else the social-network picture, else null. */
export function userView(row: UserRow, storage: Pick<ImageStorage, 'url'>): UserView {
  const sizes = row.photo_key ? imageSizeUrls(row.photo_key, storage) : null;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    fbid: row.fbid,
    photo: sizes ? sizes['512']! : row.fbid ? facebookPhotoUrl(row.fbid) : null,
    photo_sizes: sizes,
    phone_verified: row.phone_verified === 1,
    email_verified: row.email_verified === 1,
    credits: Number(row.credits),
    document: row.document,
    birthday: row.birthday,
    gender: (row.gender as Gender | null) ?? null,
    delivery_address: null,
  };
}

// --- Form rules ---

/** What a refused phone or document is, for the developer reading a 400 (the storefront shows the code's Portuguese). */
const FIELD_DETAIL: Record<PhoneProblemCode | TaxIdErrorCode, string> = {
  phone_incomplete: 'phone must have 10 or 11 digits',
  phone_invalid: 'phone must be a Brazilian number with a real area code',
  phone_mismatch: 'phone must be the registered number',
  document_incomplete: 'document must have 11 (CPF) or 14 (CNPJ) characters',
  document_not_validate: 'document must be a valid CPF or CNPJ',
};

/** The phone's national digits, or a field problem (10 or 11 digits, real area code) [decisions #11]. */
function checkPhone(input: string, problems: FieldProblem[]): string | undefined {
  const result = validatePhone(input);
  if (result.ok) return result.digits;
  problems.push({ path: 'phone', code: result.code, message: FIELD_DETAIL[result.code] });
  return undefined;
}

/** The birthday refusals (src/domain/birthday.ts) for the developer reading a 400; the field code is birthday_invalid. */
const BIRTHDAY_DETAIL: Record<BirthdayProblem, string> = {
  format: 'birthday must be a date as YYYY-MM-DD',
  not_a_date: 'birthday must be a real calendar date',
  future: 'birthday must not be in the future',
  before_min: `birthday must be ${BIRTHDAY_MIN} or later`,
};

export interface ProfileChanges {
  changes: UserChanges;
  /** The new password, when the profile changes it (to hash). */
  password?: string;
}

/**
 * Applies the profile rules to a PUT /users/me body [R-5.93..R-5.98]: name 4..200 and password
 * 4..10 (the schema), password equal to its confirmation, document a valid CPF/CNPJ, and — when
 * the body carries any of document, birthday, gender — birthday (a real past date) and gender
 * required. Every problem is reported at once; throws 400 invalid_body.
 */
export function checkProfile(body: ProfileBody, now: Date, timeZone = DEFAULT_TIME_ZONE): ProfileChanges {
  const problems: FieldProblem[] = [];
  const changes: UserChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.phone !== undefined) {
    const digits = checkPhone(body.phone, problems);
    if (digits) changes.phone = digits;
  }
  if (body.fbid !== undefined) changes.fbid = body.fbid;

  let password: string | undefined;
  if (body.password !== undefined || body.password_confirmation !== undefined) {
    if (body.password === undefined) {
      problems.push({ path: 'password', code: 'required', message: 'password must be present with password_confirmation' });
    } else if (body.password_confirmation !== body.password) {
      problems.push({ path: 'password_confirmation', code: 'password_mismatch', message: 'password_confirmation must equal password' });
    } else {
      password = body.password;
    }
  }

  if (body.document !== undefined) {
    if (body.document === null || body.document.trim() === '') changes.document = null;
    else {
      const doc = validateTaxId(body.document);
      if (doc.ok) changes.document = doc.value;
      else problems.push({ path: 'document', code: doc.code, message: FIELD_DETAIL[doc.code] });
    }
  }

  // The personal-data part of the form is saved as a whole: birthday and gender are required with it.
  const personal = body.document !== undefined || body.birthday !== undefined || body.gender !== undefined;
  if (personal) {
    if (body.birthday === undefined) problems.push({ path: 'birthday', code: 'required', message: 'birthday is required' });
    else {
      const b = checkBirthday(body.birthday, Temporal.Instant.fromEpochMilliseconds(now.getTime()), timeZone);
      if (b.ok) changes.birthday = b.value;
      else problems.push({ path: 'birthday', code: 'birthday_invalid', message: BIRTHDAY_DETAIL[b.reason] });
    }
    if (body.gender === undefined) problems.push({ path: 'gender', code: 'required', message: 'gender is required' });
    else changes.gender = body.gender;
  }

  if (problems.length) throw invalidBody(problems);
  return { changes, password };
}

/** Register form rules beyond the schema: the phone. Answers the phone digits. */
export function checkRegistration(body: RegisterBody): { phone: string } {
  const problems: FieldProblem[] = [];
  const phone = checkPhone(body.phone, problems);
  if (!phone) throw invalidBody(problems);
  return { phone };
}

/** 409 email_taken / phone_taken when another user of the company holds them. */
export async function assertContactsFree(db: Database, companyId: string, contacts: { email?: string; phone?: string }, exceptId?: string): Promise<void> {
  if (contacts.email !== undefined && (await contactTaken(db, companyId, 'email', contacts.email, exceptId))) throw new Refusal('conflict', 'email_taken');
  if (contacts.phone !== undefined && (await contactTaken(db, companyId, 'phone', contacts.phone, exceptId))) throw new Refusal('conflict', 'phone_taken');
}

/** The company's customer who shares this referral code (any case, spaces ignored), or null. */
async function referrerOf(db: Database, companyId: string, code: string): Promise<string | null> {
  return (await findUserIdByReferralCode(db, companyId, normalizeReferralCode(code))) ?? null;
}

// --- Login and registration limits ---

/** Login attempts per account (or per unknown login) in one window; a success starts the count again. */
export const LOGIN_ATTEMPTS_PER_ACCOUNT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed logins per client address in one window, across accounts (a success gives its attempt back). */
export const LOGIN_FAILURES_PER_ADDRESS = 20;
/** Registrations tried per client address per hour. */
export const REGISTRATIONS_PER_ADDRESS = 10;
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

function loginAddressLimit(address: string): Limit {
  return { key: `login:ip:${limitAddress(address)}`, max: LOGIN_FAILURES_PER_ADDRESS, windowSeconds: LOGIN_WINDOW_SECONDS };
}

/**
 * What an attempt on a login counts against: the account, whichever of its e-mail or phone is typed;
 * for a login that is nobody's, the login itself (e-mail lower-cased, phone as digits), so an unknown
 * login is refused after as many attempts as a known one and the answers do not tell them apart.
 */
function loginAccountLimit(companyId: string, login: string, user: UserRow | undefined): Limit {
  let key: string;
  if (user) key = `login:user:${user.id}`;
  else {
    const text = login.trim().toLowerCase();
    const phone = text.includes('@') ? undefined : validatePhone(text);
    const name = phone?.ok ? phone.digits : text;
    key = `login:unknown:${companyId}:${createHash('sha256').update(name).digest('base64url')}`;
  }
  return { key, max: LOGIN_ATTEMPTS_PER_ACCOUNT, windowSeconds: LOGIN_WINDOW_SECONDS };
}

// --- Registration ---

export async function registerUser(db: Database, companyId: string, body: RegisterBody, now: Date, clientAddress: string): Promise<UserRow> {
  const { phone } = checkRegistration(body);
  // Counted before the contacts are looked up and the password hashed: the 409 answers would
  // otherwise tell anyone which e-mails and phones have an account, at no cost.
  await hitOrRefuse(
    db,
    [{ key: `register:ip:${limitAddress(clientAddress)}`, max: REGISTRATIONS_PER_ADDRESS, windowSeconds: REGISTRATION_WINDOW_SECONDS }],
    now,
    'too_many_registrations',
  );
  await assertContactsFree(db, companyId, { email: body.email, phone });
  const passwordHash = await hashPassword(body.password);
  const referredBy = body.referral_code ? await referrerOf(db, companyId, body.referral_code) : null;
  return insertUser(db, { companyId, name: body.name, email: body.email, phone, passwordHash, referredBy }, now);
}

// --- Login ---

/** The company's user whose e-mail (when the login has an '@') or phone (any mask) it is. */
export async function findUserByLogin(db: Database, companyId: string, login: string): Promise<UserRow | undefined> {
  const text = login.trim();
  if (text.includes('@')) return findUserByEmail(db, companyId, text.toLowerCase());
  const phone = validatePhone(text);
  if (!phone.ok) return undefined;
  return findUserByPhone(db, companyId, phone.digits);
}

/**
 * Checks a login: 401 invalid_credentials for an unknown login and a wrong password alike; 403
 * user_is_banned for a banned account with the right password. Every attempt is counted before the
 * password is checked, in one statement per count, so parallel attempts cannot outrun the limits:
 * 429 too_many_attempts_ip past 20 failures from the client's address in 15 minutes, 429
 * too_many_attempts past 5 attempts on the account in 15 minutes (both with Retry-After). A right
 * password resets the account's count and gives the address its attempt back, and a hash made with
 * older parameters is made again with today's.
 */
export async function authenticate(db: Database, companyId: string, login: string, password: string, now: Date, clientAddress: string): Promise<UserRow> {
  const addressLimit = loginAddressLimit(clientAddress);
  await hitOrRefuse(db, [addressLimit], now, 'too_many_attempts_ip');
  const user = await findUserByLogin(db, companyId, login);
  const accountLimit = loginAccountLimit(companyId, login, user);
  await hitOrRefuse(db, [accountLimit], now, 'too_many_attempts');
  if (!user) {
    await burnVerification(password);
    throw new Refusal('unauthenticated', 'invalid_credentials');
  }
  if (!(await verifyPassword(password, user.password_hash))) throw new Refusal('unauthenticated', 'invalid_credentials');
  await resetLimit(db, accountLimit.key);
  await refundHit(db, addressLimit, now);
  if (user.banned === 1) throw new Refusal('forbidden', 'user_is_banned');
  if (passwordHashOutdated(user.password_hash)) {
    const upgraded = await hashPassword(password);
    // Only over the hash just verified: a password changed meanwhile stays changed.
    if (await replacePasswordHash(db, user.id, user.password_hash, upgraded)) return { ...user, password_hash: upgraded };
  }
  return user;
}
