// Phone and e-mail verification of the logged-in user (spec section 7 'Phone and email
// verification' [R-7.63..R-7.71]): send a one-time code, check it, and the check calls that say
// whether the phone or address is verified. Every route acts on the session's user only.
// docs/api.md 'Phone and e-mail verification'.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { requestClientAddress, requestDeps, requireSession } from '../guards.ts';
import { userView } from '../../services/auth.ts';
import {
  confirmPhone,
  sendEmailCode,
  sendPhoneCode,
  validateEmailCode,
  validatePhoneCode,
  type VerificationDeps,
} from '../../services/contact-verification.ts';
import type { VerificationAnswer } from '../../../schemas/api-verification.ts';
import { routeBody, type Answer } from '../route-table.ts';

async function session(c: Context<ApiEnv>) {
  const deps = requestDeps(c);
  c.header('Cache-Control', 'no-store');
  const { user } = await requireSession(c, { db: deps.db, now: deps.now, secure: deps.secure });
  const all = c.get('deps');
  const verification: VerificationDeps = { db: deps.db, now: deps.now, sms: all.sms, email: all.email, clientAddress: requestClientAddress(c) };
  return { user, verification, storage: deps.storage };
}

export const verificationRoutes = new Hono<ApiEnv>()
  .put('/users/me/generate_code_validate_phone', async (c) => {
    const { user, verification } = await session(c);
    const body = await routeBody(c, 'PUT /users/me/generate_code_validate_phone');
    await sendPhoneCode(verification, user, body.phone);
    return c.json({ success: true, message: 'code_sent' } satisfies Answer<'PUT /users/me/generate_code_validate_phone'>);
  })
  .put('/users/me/validate_phone', async (c) => {
    const { user, verification, storage } = await session(c);
    const body = await routeBody(c, 'PUT /users/me/validate_phone');
    const fresh = await validatePhoneCode(verification, user, body.phone, body.code);
    return c.json({ success: true, message: 'phone_verified', user: userView(fresh, storage) } satisfies Answer<'PUT /users/me/validate_phone'>);
  })
  .put('/users/me/confirm-phone', async (c) => {
    const { user } = await session(c);
    const body = await routeBody(c, 'PUT /users/me/confirm-phone');
    confirmPhone(user, body.phone);
    return c.json({ success: true, message: 'phone_confirmed' } satisfies Answer<'PUT /users/me/confirm-phone'>);
  })
  .get('/users/me/check-phone', async (c) => {
    const { user } = await session(c);
    const verified = user.phone_verified === 1;
    return c.json({ success: verified, message: verified ? 'phone_verified' : 'phone_not_verified' } satisfies VerificationAnswer);
  })
  .get('/users/me/check-email', async (c) => {
    const { user } = await session(c);
    const verified = user.email_verified === 1;
    return c.json({ success: verified, message: verified ? 'email_verified' : 'email_not_verified' } satisfies VerificationAnswer);
  })
  .post('/users/email/validate/create', async (c) => {
    const { user, verification } = await session(c);
    const body = await routeBody(c, 'POST /users/email/validate/create');
    await sendEmailCode(verification, user, body.email);
    return c.json({ success: true, message: 'code_sent' } satisfies Answer<'POST /users/email/validate/create'>);
  })
  .put('/users/email/validate', async (c) => {
    const { user, verification, storage } = await session(c);
    const body = await routeBody(c, 'PUT /users/email/validate');
    const fresh = await validateEmailCode(verification, user, body.email, body.code);
    return c.json({ success: true, message: 'email_verified', user: userView(fresh, storage) } satisfies Answer<'PUT /users/email/validate'>);
  });
