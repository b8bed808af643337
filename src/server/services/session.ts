// Sessions (decisions.md 'Session token'; spec section 4 'Session' [R-4.59..R-4.61]): a random
// token whose SHA-256 is stored, valid 30 days, for one user at one establishment. A session only
// ever acts for its own user, and only within the user's company. How a request carries it (the
// bearer header or the establishment's cookie) is the API's business: src/server/api/guards.ts.
import type { Database } from '../db/database.ts';
import type { SessionRow, UserRow } from '../db/types.ts';
import { deleteExpiredSessions, findSession, getUser, insertSession } from '../db/users-repo.ts';
import { getEstablishmentCompany } from '../db/establishments-repo.ts';
import { SESSION_SECONDS, hashToken, newSessionToken } from './auth.ts';

/** Creates a 30-day session for the user at the establishment; answers the token (shown once, never stored). */
export async function startSession(db: Database, userId: string, establishmentId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await deleteExpiredSessions(db, userId, now);
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    establishment_id: establishmentId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_SECONDS * 1000).toISOString(),
  });
  return token;
}

export interface CurrentSession {
  token: string;
  tokenHash: string;
  session: SessionRow;
  user: UserRow;
  /** How the token came: the Authorization header or a cookie. */
  via: 'bearer' | 'cookie';
}

/**
 * A valid, unexpired session of an existing user whose company is `companyId` (when given), or
 * undefined. Sessions of another company never match.
 */
export async function lookupSession(db: Database, token: string, now: Date, companyId?: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  if (!token || token.length > 128) return undefined;
  const session = await findSession(db, hashToken(token));
  if (!session || session.expires_at <= now.toISOString()) return undefined;
  const user = await getUser(db, session.user_id);
  if (!user) return undefined;
  if (companyId !== undefined && user.company_id !== companyId) return undefined;
  return { session, user };
}

/** The company of an establishment (active or not), or undefined for an unknown id: a session is valid across its company. */
export async function companyOfEstablishment(db: Database, establishmentId: string): Promise<string | undefined> {
  return (await getEstablishmentCompany(db, establishmentId))?.company_id;
}
