// Account entry points (decisions.md 'Session token', 'Passwords'; spec section 4 'Session'):
// register, login, logout and the exchange of a query-string token for a cookie session. Login
// and registration share their steps with the form posts (../account-entry.ts). Users belong to
// the company of the establishment where they register or log in. docs/api.md 'Accounts'
// documents every answer.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../app.ts';
import { ApiError, validate } from '../errors.ts';
import { clearSessionCookies, requestDeps as depsOf, requireEstablishment, requireSession, setSessionCookies } from '../guards.ts';
import { ExchangeBody, LoginBody, LogoutBody, RegisterBody, type AuthAnswer } from '../../../schemas/api-accounts.ts';
import { deleteSession, extendSession } from '../../db/users-repo.ts';
import { SESSION_SECONDS, hashToken, userView } from '../../services/auth.ts';
import { lookupSession } from '../../services/session.ts';
import { logIn, register } from '../account-entry.ts';

/** Answers to account calls carry personal data: never cached. */
function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}

export const authRoutes = new Hono<ApiEnv>()
  // Creates the user in the establishment's company and logs them in.
  .post('/auth/register', async (c) => {
    const { db, storage } = depsOf(c);
    noStore(c);
    const body = validate(RegisterBody, await c.req.json(), 'body');
    const est = await requireEstablishment(db, body.establishment_id);
    const user = await register(c, est, body);
    return c.json({ user: userView(user, storage) } satisfies AuthAnswer, 201);
  })
  // E-mail or phone (any mask) and password; rate-limited per account.
  .post('/auth/login', async (c) => {
    const { db, storage } = depsOf(c);
    noStore(c);
    const body = validate(LoginBody, await c.req.json(), 'body');
    const est = await requireEstablishment(db, body.establishment_id);
    // A refused login is answered by the API's error handler (429 too_many_attempts with Retry-After).
    const user = await logIn(c, est, body);
    return c.json({ user: userView(user, storage) } satisfies AuthAnswer, 200);
  })
  // Ends the caller's session (bearer or the establishment's cookie) and expires both cookies.
  .post('/auth/logout', async (c) => {
    const { db, now, secure } = depsOf(c);
    noStore(c);
    const body = validate(LogoutBody, await c.req.json(), 'body');
    const current = await requireSession(c, { db, now, secure, establishmentId: body.establishment_id });
    await deleteSession(db, current.tokenHash);
    clearSessionCookies(c, body.establishment_id, secure);
    // Pages still connected with this session stop receiving the customer's order updates.
    await c.get('deps').publish?.({ kind: 'session-ended', token_hash: current.tokenHash });
    return c.body(null, 204);
  })
  // The token handed over in a query string becomes this establishment's cookie session; the
  // token stays valid and its 30 days start again.
  .post('/auth/exchange', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    noStore(c);
    const body = validate(ExchangeBody, await c.req.json(), 'body');
    const est = await requireEstablishment(db, body.establishment_id);
    const found = await lookupSession(db, body.token, now, est.company._id);
    if (!found) throw new ApiError(401, 'invalid_token');
    if (found.user.banned === 1) throw new ApiError(403, 'user_is_banned');
    await extendSession(db, hashToken(body.token), new Date(now.getTime() + SESSION_SECONDS * 1000));
    setSessionCookies(c, est._id, body.token, secure);
    return c.json({ user: userView(found.user, storage) } satisfies AuthAnswer, 200);
  });
