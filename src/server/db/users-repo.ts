// Reads and writes of customer accounts: users (per company), their sessions (stored by token
// hash only) and their password hashes. Rows go out as stored; src/server/services/auth.ts turns
// them into the API's user shape.
import type { Transaction } from 'kysely';
import type { Database } from './database.ts';
import { randomId } from './ids.ts';
import type { DB, SessionRow, UserRow } from './types.ts';

/** Which unique key a write collided with, or null when the error is something else. */
export function uniqueViolation(err: unknown): 'email' | 'phone' | null {
  const e = err as { code?: string; message?: string; constraint?: string } | null;
  if (!e) return null;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  const isUnique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(text);
  if (!isUnique) return null;
  if (/users_company_email|users\.email/.test(text)) return 'email';
  if (/users_company_phone|users\.phone/.test(text)) return 'phone';
  return null;
}

export async function getUser(db: Database, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Database, companyId: string, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('company_id', '=', companyId).where('email', '=', email).executeTakeFirst();
}

export async function findUserByPhone(db: Database, companyId: string, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('company_id', '=', companyId).where('phone', '=', phone).executeTakeFirst();
}

/** Whether another user of the company (not `exceptId`) holds this e-mail / phone. */
export async function contactTaken(db: Database, companyId: string, field: 'email' | 'phone', value: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('company_id', '=', companyId).where(field, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The company's customer with this id, unless erased. */
export async function findLiveUserById(db: Database, companyId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export interface NewUser {
  companyId: string;
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  /** The customer whose referral code brought this one (same company). */
  referredBy?: string | null;
}

export async function insertUser(db: Database, user: NewUser, now: Date): Promise<UserRow> {
  const at = now.toISOString();
  const row: UserRow = {
    id: randomId(),
    company_id: user.companyId,
    name: user.name,
    email: user.email,
    phone: user.phone,
    password_hash: user.passwordHash,
    fbid: null,
    photo_key: null,
    phone_verified: 0,
    email_verified: 0,
    credits: 0,
    document: null,
    birthday: null,
    gender: null,
    banned: 0,
    created_at: at,
    updated_at: at,
    default_address_id: null,
    referral_code: null,
    referred_by: user.referredBy ?? null,
    referral_rewarded_at: null,
    deleted_at: null,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'phone' | 'password_hash' | 'fbid' | 'photo_key' | 'phone_verified' | 'email_verified' | 'document' | 'birthday' | 'gender'>
>;

export async function updateUser(db: Database, id: string, changes: UserChanges, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

// --- Sessions ---

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSession(db: Database, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function extendSession(db: Database, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt.toISOString() }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of the user but `keepHash` (after a password change). */
export async function deleteOtherSessions(db: Database, userId: string, keepHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute();
}

export async function deleteExpiredSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now.toISOString()).execute();
}

// --- Passwords ---

/** Replaces the password hash only while it is still `current` (a rehash must not undo a password change); true when it did. */
export async function replacePasswordHash(db: Database, userId: string, current: string, next: string): Promise<boolean> {
  const res = await db.updateTable('users').set({ password_hash: next }).where('id', '=', userId).where('password_hash', '=', current).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// --- Referral ---

/** The id of the company's customer whose referral code is `normalizedCode`, or undefined. */
export async function findUserIdByReferralCode(db: Database, companyId: string, normalizedCode: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('referral_code', '=', normalizedCode).executeTakeFirst())?.id;
}

/** Sets the user's referral code unless one is set already; throws on a code another customer holds (unique index). */
export async function setReferralCodeIfUnset(db: Database, userId: string, code: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ referral_code: code, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('referral_code', 'is', null)
    .execute();
}

/** The user's referral code as stored (null when none); throws for an unknown user. */
export async function getReferralCode(db: Database, userId: string): Promise<string | null> {
  return (await db.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirstOrThrow()).referral_code;
}

/** The customers a user brought, newest first, at most `limit`. */
export async function listReferredUsers(db: Database, userId: string, limit: number): Promise<Pick<UserRow, 'name' | 'referral_rewarded_at' | 'created_at'>[]> {
  return db
    .selectFrom('users')
    .select(['name', 'referral_rewarded_at', 'created_at'])
    .where('referred_by', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Who referred the user and whether their reward was given, in the caller's transaction. */
export async function getReferralState(
  trx: Transaction<DB>,
  userId: string,
): Promise<Pick<UserRow, 'id' | 'name' | 'referred_by' | 'referral_rewarded_at'> | undefined> {
  return trx.selectFrom('users').select(['id', 'name', 'referred_by', 'referral_rewarded_at']).where('id', '=', userId).executeTakeFirst();
}

/** The user's id and name unless erased, in the caller's transaction. */
export async function getLiveUserName(trx: Transaction<DB>, userId: string): Promise<Pick<UserRow, 'id' | 'name'> | undefined> {
  return trx.selectFrom('users').select(['id', 'name']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Marks the user's referral rewarded unless it was: true when this call marked it. */
export async function markReferralRewarded(trx: Transaction<DB>, userId: string, now: Date): Promise<boolean> {
  const marked = await trx
    .updateTable('users')
    .set({ referral_rewarded_at: now.toISOString() })
    .where('id', '=', userId)
    .where('referral_rewarded_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
