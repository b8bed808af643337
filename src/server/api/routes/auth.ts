// Account entry points (decisions.md 'Session token', 'Passwords'; spec section 4 'Session'):
// register, login, logout, and the handover of a session from another app: a single-use code asked
// for with the app's bearer token, exchanged by the page for a cookie session of its own
// (docs/decisions-product.md 'A session handed over by a code, not its token'). Login
// and registration share their steps with the form posts (../account-entry.ts). Users belong to
// the company of the establishment where they register or log in. docs/api.md 'Accounts'
// documents every answer.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { clearSessionCookies, requestDeps as depsOf, requireEstablishment, requireSession, setSessionCookies } from '../guards.ts';
import { HandoverBody, type HandoverAnswer } from '../../../schemas/api-accounts.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { deleteSession } from '../../db/users-repo.ts';
import { userView } from '../../services/auth.ts';
import { HANDOVER_SECONDS, exchangeHandover, issueHandover } from '../../services/handover.ts';
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
    const body = await routeBody(c, 'POST /auth/register');
    const est = await requireEstablishment(db, body.establishment_id);
    const user = await register(c, est, body);
    return c.json({ user: userView(user, storage) } satisfies Answer<'POST /auth/register'>, 201);
  })
  // E-mail or phone (any mask) and password; rate-limited per account.
  .post('/auth/login', async (c) => {
    const { db, storage } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /auth/login');
    const est = await requireEstablishment(db, body.establishment_id);
    // A refused login is answered by the API's error handler (429 too_many_attempts with Retry-After).
    const user = await logIn(c, est, body);
    return c.json({ user: userView(user, storage) } satisfies Answer<'POST /auth/login'>, 200);
  })
  // Ends the caller's session (bearer or the establishment's cookie) and expires both cookies.
  .post('/auth/logout', async (c) => {
    const { db, now, secure } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /auth/logout');
    const current = await requireSession(c, { db, now, secure, establishmentId: body.establishment_id });
    await deleteSession(db, current.tokenHash);
    clearSessionCookies(c, body.establishment_id, secure);
    // Pages still connected with this session stop receiving the customer's order updates.
    await c.get('deps').publish?.({ kind: 'session-ended', token_hash: current.tokenHash });
    return c.body(null, 204);
  })
  // A single-use code (60 s) that opens a session of this user at the establishment: asked for by
  // another app with its bearer token, to put in the storefront's address instead of the token.
  .post('/auth/handover', async (c) => {
    const { db, now, secure } = depsOf(c);
    noStore(c);
    const body = validate(HandoverBody, await c.req.json(), 'body');
    // Same company as the session's user, or 401 (requireSession), before anything is said of the establishment.
    const current = await requireSession(c, { db, now, secure, establishmentId: body.establishment_id });
    await requireEstablishment(db, body.establishment_id);
    // Only an app's bearer session hands over: a page's cookie, which its scripts cannot read, must
    // not become something they can carry away.
    if (current.via !== 'bearer') throw new ApiError(403, 'bearer_required');
    const code = await issueHandover(db, current.user.id, body.establishment_id, now);
    return c.json({ code, expires_in: HANDOVER_SECONDS } satisfies HandoverAnswer, 201);
  })
  // The code handed over in `?handover=` becomes a new cookie session at the establishment; the
  // code is spent, by this call or by none.
  .post('/auth/exchange', async (c) => {
    const { db, now, secure, storage } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /auth/exchange');
    const est = await requireEstablishment(db, body.establishment_id);
    const { user, token } = await exchangeHandover(db, body.handover, est._id, now);
    setSessionCookies(c, est._id, token, secure);
    return c.json({ user: userView(user, storage) } satisfies Answer<'POST /auth/exchange'>, 200);
  });
