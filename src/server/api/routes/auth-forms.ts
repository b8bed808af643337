// The login and registration forms posted by the browser itself: urlencoded, when the page's
// scripts have not taken the form over (JavaScript off, or a tap before the island hydrated).
// Same schemas, services, login limit and cookies as POST /api/auth/login and /auth/register
// (../account-entry.ts); the answer is a 303 the browser follows: to the way back (?voltar=, a
// path of the establishment) or the account page on success, back to the form with the refusal's
// code on a refusal, so a password never reaches an address, a history or a log. Only posts from
// this server's own pages are taken (requireSameOrigin). docs/api.md 'Form posts'.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, fromRefusal, validate, type FieldProblem } from '../errors.ts';
import { requestDeps, requireEstablishment, requireSameOrigin } from '../guards.ts';
import { logIn, register } from '../account-entry.ts';
import { Refusal } from '../../services/refusal.ts';
import { LoginBody, RegisterBody } from '../../../schemas/api-accounts.ts';
import type { AuthFormKind } from '../../../schemas/island-props.ts';
import { AUTH_FORM_ACTIONS, authFormUrl, routes, safeReturnPath } from '../../../lib/urls.ts';

/** The form's fields in the order the form shows them, each with its codes (account:errors) for an empty and a refused value. */
const FIELD_CODES: Record<AuthFormKind, [field: string, empty: string, refused: string][]> = {
  login: [
    ['login', 'login_required', 'login_invalid'],
    // The only refusal besides an empty password is an absurdly long one: a wrong password.
    ['password', 'password_required', 'invalid_credentials'],
  ],
  register: [
    ['name', 'name_length', 'name_length'],
    ['email', 'required', 'email_invalid'],
    ['phone', 'required', 'phone_invalid'],
    ['password', 'password_length', 'password_length'],
  ],
};
/** The phone's own codes (src/domain/phone.ts) say more than 'phone_invalid'. */
const PHONE_CODES = new Set(['phone_incomplete', 'phone_invalid']);

/**
 * The one code a refused post goes back with: the refusal's own, or for field problems the
 * first refused field's message code, as the form itself would show it (islands/account/rules.ts).
 */
export function formRefusalCode(form: AuthFormKind, err: ApiError, fields: Record<string, string>): string {
  if (err.code !== 'invalid_body' || !err.fields?.length) return err.code;
  const problems: FieldProblem[] = err.fields;
  for (const [field, empty, refused] of FIELD_CODES[form]) {
    const problem = problems.find((p) => p.path === field);
    if (!problem) continue;
    if (!fields[field]?.trim()) return empty;
    return field === 'phone' && PHONE_CODES.has(problem.code) ? problem.code : refused;
  }
  return err.code;
}

/** The urlencoded fields as strings; a file (a multipart post) is no field of these forms. */
async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  return out;
}

async function answerForm(c: Context<ApiEnv>, form: AuthFormKind) {
  c.header('Cache-Control', 'no-store');
  requireSameOrigin(c);
  const { db } = requestDeps(c);
  const fields = await formFields(c);
  // Unknown establishment: there is no form page to go back to; the API's 404 answers.
  const est = await requireEstablishment(db, fields.establishment_id ?? '');
  const slug = est.slug_area;
  const back = safeReturnPath(fields.voltar, slug);
  try {
    if (form === 'login') await logIn(c, est, validate(LoginBody, fields, 'body'));
    else await register(c, est, validate(RegisterBody, fields, 'body'));
  } catch (err) {
    const refused = err instanceof Refusal ? fromRefusal(err) : err;
    if (!(refused instanceof ApiError)) throw err;
    const error = formRefusalCode(form, refused, fields);
    // What was typed that is no secret comes back with the form; the password never does.
    const typed = form === 'login' ? { login: fields.login?.trim() } : { email: fields.email?.trim(), referral: fields.referral_code ?? '' };
    return c.redirect(authFormUrl(slug, { tab: form, error, back, ...typed }), 303);
  }
  return c.redirect(back ?? routes.account(slug), 303);
}

/** The API's own path of a form action (the app is mounted under /api). */
const underApi = (path: string) => path.replace(/^\/api/, '');

/** The paths the API takes without its client headers (app.ts): a browser's own form post cannot send them. */
export const AUTH_FORM_PATHS: ReadonlySet<string> = new Set(Object.values(AUTH_FORM_ACTIONS));

export const authFormRoutes = new Hono<ApiEnv>()
  .post(underApi(AUTH_FORM_ACTIONS.login), (c) => answerForm(c, 'login'))
  .post(underApi(AUTH_FORM_ACTIONS.register), (c) => answerForm(c, 'register'));
