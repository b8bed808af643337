// Opening a session by login or by registration, shared by the JSON calls (routes/auth.ts) and the
// form posts that work without JavaScript (routes/auth-forms.ts), so both apply the same rules,
// the same login and registration limits and set the same cookies. Bodies arrive already validated by
// their arktype schema; refusals are thrown (ApiError, or the services' Refusal) for each caller
// to answer in its own way.
import type { Context } from 'hono';
import type { ApiEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { requestClientAddress, requestDeps, setSessionCookies } from './guards.ts';
import { uniqueViolation } from '../db/users-repo.ts';
import type { UserRow } from '../db/types.ts';
import { authenticate, registerUser } from '../services/auth.ts';
import { startSession } from '../services/session.ts';
import type { LoginBody, RegisterBody } from '../../schemas/api-accounts.ts';
import type { EstablishmentView } from '../../schemas/views.ts';

/** Checks the login (401 invalid_credentials, 429 too_many_attempts / too_many_attempts_ip, 403 user_is_banned), then opens a session in the cookies. */
export async function logIn(c: Context<ApiEnv>, est: EstablishmentView, body: LoginBody): Promise<UserRow> {
  const { db, now } = requestDeps(c);
  const user = await authenticate(db, est.company._id, body.login, body.password, now, requestClientAddress(c));
  await openSession(c, est, user);
  return user;
}

/** Creates the user in the establishment's company (400 field problems, 409 email_taken / phone_taken, 429 too_many_registrations), then opens a session in the cookies. */
export async function register(c: Context<ApiEnv>, est: EstablishmentView, body: RegisterBody): Promise<UserRow> {
  const { db, now } = requestDeps(c);
  let user: UserRow;
  try {
    user = await registerUser(db, est.company._id, body, now, requestClientAddress(c));
  } catch (err) {
    // Two registrations racing for one e-mail/phone: the unique index decides.
    const taken = uniqueViolation(err);
    if (taken) throw new ApiError(409, `${taken}_taken`);
    throw err;
  }
  await openSession(c, est, user);
  return user;
}

async function openSession(c: Context<ApiEnv>, est: EstablishmentView, user: UserRow): Promise<void> {
  const { db, now, secure } = requestDeps(c);
  const token = await startSession(db, user.id, est._id, now);
  setSessionCookies(c, est._id, token, secure);
}
