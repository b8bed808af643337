// Account helpers for the API tests: register and log in through the API, read the session
// cookies a response sets, and send calls with a cookie session or a bearer token.
import { expect } from 'vitest';
import { API_HEADERS, type TestContext } from './databases.ts';
import type { AuthAnswer } from '../../../src/schemas/api-accounts.ts';

export interface ParsedCookie {
  name: string;
  value: string;
  /** Lower-cased attribute names -> value ('' for flags). */
  attrs: Record<string, string>;
}

/** Every Set-Cookie of a response, parsed. */
export function setCookies(res: Response): ParsedCookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...rest] = line.split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    const attrs: Record<string, string> = {};
    for (const a of rest) {
      const i = a.indexOf('=');
      if (i < 0) attrs[a.toLowerCase()] = '';
      else attrs[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
    }
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attrs };
  });
}

export function cookieNamed(res: Response, name: string): ParsedCookie | undefined {
  return setCookies(res).find((c) => c.name === name);
}

/** The session token the response put in sid_<establishmentId>. */
export function sessionToken(res: Response, establishmentId: string): string {
  const c = cookieNamed(res, `sid_${establishmentId}`);
  if (!c?.value) throw new Error(`no sid_${establishmentId} cookie in the response (status ${res.status})`);
  return c.value;
}

export interface Session {
  establishmentId: string;
  token: string;
  /** The customer's own client address (X-Forwarded-For), when the session was made by registerUser. */
  address?: string;
}

let addressSerial = 0;
/**
 * A client address of its own for a simulated customer: the API believes X-Forwarded-For from the
 * in-process caller (loopback, a trusted proxy), and each customer gets a /64 of the documentation
 * prefix, so the per-address limits count each customer apart as they would in production.
 */
export function customerAddress(): string {
  addressSerial += 1;
  return `2001:db8:${addressSerial.toString(16)}::1`;
}

/** Headers of a user-scoped call with the session's cookie and Establishment-Id (and its customer's address). */
export function cookieHeaders(s: Session, establishmentHeader = s.establishmentId): Record<string, string> {
  const headers: Record<string, string> = {
    Cookie: `sid_${s.establishmentId}=${s.token}; sf_auth_${s.establishmentId}=1`,
    'Establishment-Id': establishmentHeader,
  };
  if (s.address) headers['X-Forwarded-For'] = s.address;
  return headers;
}

export function bearerHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

let serial = 0;
/** Distinct valid contact data for a new user: e-mail and an 11-digit São Paulo mobile. */
export function newUserData(overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {}) {
  serial += 1;
  const n = String(80000000 + ((serial * 7919 + Date.now()) % 19000000));
  return {
    name: 'Maria da Silva',
    email: `maria.${serial}.${Date.now().toString(36)}@example.com`,
    phone: `119${n}`,
    password: 'segr3do',
    ...overrides,
  };
}

/** Registers a user through the API (expects 201) and answers the user, the data used and the session. */
export async function registerUser(
  ctx: TestContext,
  establishmentId: string,
  overrides: Partial<{ name: string; email: string; phone: string; password: string; referral_code: string }> = {},
) {
  const { referral_code, ...rest } = overrides;
  const data = { ...newUserData(rest), ...(referral_code === undefined ? {} : { referral_code }) };
  const address = customerAddress();
  const res = await ctx.call('/api/auth/register', {
    method: 'POST',
    body: { establishment_id: establishmentId, ...data },
    headers: { 'X-Forwarded-For': address },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const session: Session = { establishmentId, token: sessionToken(res, establishmentId), address };
  return { user: (body as AuthAnswer).user, data, session, res };
}

/** Sends a multipart/form-data request with the required API headers. */
export async function callMultipart(ctx: TestContext, path: string, form: FormData, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return await ctx.app.request(path, { method, headers: { ...API_HEADERS, ...headers }, body: form });
}
