// What only the account's owner may do, however they hold a session: changing the password and
// erasing the account both ask for the password the account has now, so a session left open on a
// shared phone, or taken, is not enough. Wrong passwords are limited per account through the shared limiter, counted before
// the check: parallel guesses each take their place in the count. A new password ends every other
// session of the account (docs/api.md 'PUT /api/users/me').
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { deleteOtherSessions, updateUser } from '../db/users-repo.ts';
import { deleteUserHandoverCodes } from '../db/account-data-repo.ts';
import { hashPassword, verifyPassword } from './auth.ts';
import { hitOrRefuse, resetLimit, type Limit } from './rate-limit.ts';
import { Refusal } from './refusal.ts';

/** Password confirmations allowed per account in 15 minutes; a right one starts the count again. */
export const PASSWORD_CHECKS_MAX = 5;
export const PASSWORD_CHECKS_WINDOW_SECONDS = 15 * 60;

function passwordCheckLimit(userId: string): Limit {
  return { key: `password-check:user:${userId}`, max: PASSWORD_CHECKS_MAX, windowSeconds: PASSWORD_CHECKS_WINDOW_SECONDS };
}

/**
 * Refuses unless `password` is the account's: 429 too_many_attempts (with Retry-After) once the
 * account has had 5 confirmations in the window, else 403 wrong_password.
 */
export async function confirmPassword(db: Database, user: Pick<UserRow, 'id' | 'password_hash'>, password: string, now: Date): Promise<void> {
  const limit = passwordCheckLimit(user.id);
  await hitOrRefuse(db, [limit], now, 'too_many_attempts');
  if (!(await verifyPassword(password, user.password_hash))) throw new Refusal('forbidden', 'wrong_password');
  await resetLimit(db, limit.key);
}

/**
 * Stores the new password's hash and ends every other session of the account, and the handover
 * codes it had asked for; the session `keepTokenHash` stays. The caller closes the ended sessions'
 * sockets (the live event 'user-sessions-ended').
 */
export async function changePassword(db: Database, userId: string, password: string, keepTokenHash: string, now: Date): Promise<void> {
  await updateUser(db, userId, { password_hash: await hashPassword(password) }, now);
  await deleteOtherSessions(db, userId, keepTokenHash);
  await deleteUserHandoverCodes(db, userId);
}
