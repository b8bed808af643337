// Sessions (decisions.md 'Session token'; spec section 4 'Session' [R-4.59..R-4.61]): a random
// token whose SHA-256 is stored; the browser keeps it in the per-establishment HttpOnly cookie
// sid_<establishmentId> plus the script-readable hint sf_auth_<establishmentId>=1. The API reads
// `Authorization: Bearer <token>` first, else the cookie of the establishment named by the
// Establishment-Id header. A session only ever acts for its own user, and only within the
// user's company.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Database } from '../db/database.ts';
import type { SessionRow, UserRow } from '../db/types.ts';
import { deleteExpiredSessions, findSession, getUser, insertSession } from '../db/users-repo.ts';
import { ApiError } from '../api/errors.ts';
import { config } from '../config.ts';
import { SESSION_SECONDS, hashToken, newSessionToken } from './auth.ts';

export const sessionCookieName = (establishmentId: string) => `sid_${establishmentId}`;
export const hintCookieName = (establishmentId: string) => `sf_auth_${establishmentId}`;

/** Header naming the establishment whose session cookie a user-scoped call uses. */
export const ESTABLISHMENT_HEADER = 'Establishment-Id';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function cookieOptions(secure: boolean, maxAge: number, httpOnly: boolean): CookieOptions {
  return { path: '/', httpOnly, sameSite: 'Lax', secure, maxAge };
}

/** Sets sid_<id> (HttpOnly) and the hint sf_auth_<id>=1, both for 30 days. */
export function setSessionCookies(c: Context, establishmentId: string, token: string, secure = config.production): void {
  setCookie(c, sessionCookieName(establishmentId), token, cookieOptions(secure, SESSION_SECONDS, true));
  setCookie(c, hintCookieName(establishmentId), '1', cookieOptions(secure, SESSION_SECONDS, false));
}

/** Expires both cookies (Max-Age=0, same attributes). */
export function clearSessionCookies(c: Context, establishmentId: string, secure = config.production): void {
  deleteCookie(c, sessionCookieName(establishmentId), cookieOptions(secure, 0, true));
  deleteCookie(c, hintCookieName(establishmentId), cookieOptions(secure, 0, false));
}

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

function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
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

/**
 * The caller's session or 401 unauthorized. The bearer token wins; otherwise the cookie
 * sid_<establishmentId> is read, where the establishment is `establishmentId` (the call's own, e.g.
 * logout's body) or the Establishment-Id header. Whenever an establishment is named, it must
 * exist and belong to the user's company. A 401 for a stale cookie also expires the cookies
 * (scripts cannot remove an HttpOnly cookie themselves).
 */
export async function requireSession(c: Context, opts: { db: Database; now: Date; secure?: boolean; establishmentId?: string }): Promise<CurrentSession> {
  const { db, now } = opts;
  const named = opts.establishmentId ?? c.req.header(ESTABLISHMENT_HEADER)?.trim();
  let companyId: string | undefined;
  if (named !== undefined && named !== '') {
    if (!ID.test(named)) throw new ApiError(401, 'unauthorized');
    const est = await db.selectFrom('establishments').select('company_id').where('id', '=', named).executeTakeFirst();
    if (!est) throw new ApiError(401, 'unauthorized');
    companyId = est.company_id;
  }
  const bearer = bearerToken(c);
  if (bearer !== undefined) {
    const found = bearer ? await lookupSession(db, bearer, now, companyId) : undefined;
    if (!found) throw new ApiError(401, 'unauthorized');
    return { token: bearer, tokenHash: hashToken(bearer), ...found, via: 'bearer' };
  }
  if (companyId === undefined) throw new ApiError(401, 'unauthorized');
  const token = getCookie(c, sessionCookieName(named!));
  const found = token ? await lookupSession(db, token, now, companyId) : undefined;
  if (!token || !found) {
    if (token !== undefined || getCookie(c, hintCookieName(named!)) !== undefined) clearSessionCookies(c, named!, opts.secure);
    throw new ApiError(401, 'unauthorized');
  }
  return { token, tokenHash: hashToken(token), ...found, via: 'cookie' };
}
