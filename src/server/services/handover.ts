// Handing a session over from another app of the customer's to the storefront without
// the session token ever travelling in an address (docs/decisions-product.md 'A session handed
// over by a code, not its token'). The app, holding its bearer session, asks for a code: random,
// single-use, for one establishment, valid 60 seconds, stored only as its SHA-256. It opens the
// storefront with `?handover=<code>`; the page exchanges the code for a session of its own (a new
// token, in the cookie). An address that leaks (history, a log, a screenshot, a Referer) then holds
// a code that is already spent or about to expire, never a 30-day token.
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { consumeHandoverCode, dropExpiredHandoverCodes, insertHandoverCode } from '../db/account-data-repo.ts';
import { getUser } from '../db/users-repo.ts';
import { hashToken, newSessionToken } from './auth.ts';
import { hitOrRefuse } from './rate-limit.ts';
import { Refusal } from './refusal.ts';
import { startSession } from './session.ts';

export const HANDOVER_SECONDS = 60;
/** Codes one account may ask for in 10 minutes: an app opens the storefront a few times, not hundreds. */
export const HANDOVERS_MAX = 20;
export const HANDOVERS_WINDOW_SECONDS = 10 * 60;

/** A new code for the user at the establishment (one of the user's company: the caller checked it); answers the code, shown once. */
export async function issueHandover(db: Database, userId: string, establishmentId: string, now: Date): Promise<string> {
  await hitOrRefuse(db, [{ key: `handover:user:${userId}`, max: HANDOVERS_MAX, windowSeconds: HANDOVERS_WINDOW_SECONDS }], now, 'too_many_requests');
  await dropExpiredHandoverCodes(db, now);
  // The same generator as session tokens: 32 random bytes, base64url.
  const code = newSessionToken();
  await insertHandoverCode(db, {
    code_hash: hashToken(code),
    user_id: userId,
    establishment_id: establishmentId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + HANDOVER_SECONDS * 1000).toISOString(),
  });
  return code;
}

/**
 * Spends the code at `establishmentId` and opens a new 30-day session there for its user: answers
 * the user and the new token. 401 invalid_handover for a code unknown, spent, expired or made for
 * another establishment (each spends it: a code is tried once); 403 user_is_banned.
 */
export async function exchangeHandover(db: Database, code: string, establishmentId: string, now: Date): Promise<{ user: UserRow; token: string }> {
  const row = await consumeHandoverCode(db, hashToken(code));
  if (!row || row.expires_at <= now.toISOString() || row.establishment_id !== establishmentId) throw new Refusal('unauthenticated', 'invalid_handover');
  const user = await getUser(db, row.user_id);
  if (!user || user.deleted_at !== null) throw new Refusal('unauthenticated', 'invalid_handover');
  if (user.banned === 1) throw new Refusal('forbidden', 'user_is_banned');
  const token = await startSession(db, user.id, establishmentId, now);
  return { user, token };
}
