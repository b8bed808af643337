// OAuth2 client credentials, as every PSP's API Pix asks them: POST /oauth/token with the client's
// Basic credentials answers a Bearer token, which every other API Pix call carries.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { PixSandbox } from './context.ts';
import { Problem } from './problems.ts';

/** Seconds a sandbox token lasts. */
const TOKEN_SECONDS = 3600;
const TOKEN_SCOPE = 'cob.write cob.read pix.write pix.read webhook.write webhook.read payloadlocation.read';

function tokenMac(sb: PixSandbox, expiry: string) {
  return createHmac('sha256', sb.credentials().clientSecret).update(`pix-sandbox-token:${expiry}`);
}

/** A token: its expiry (ms, base 36) and an HMAC of it with the client secret, so any process sharing the secret accepts it. */
function issueToken(sb: PixSandbox, at: Date): string {
  const expiry = (at.getTime() + TOKEN_SECONDS * 1000).toString(36);
  return `psb.${expiry}.${tokenMac(sb, expiry).digest('base64url')}`;
}

function tokenValid(sb: PixSandbox, token: string): boolean {
  const m = /^psb\.([0-9a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expected = tokenMac(sb, m[1]!).digest();
  const given = Buffer.from(m[2]!, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) && Number.parseInt(m[1]!, 36) > sb.now().getTime();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether an Authorization header carries the accepted client's Basic credentials. */
function clientAuthenticated(sb: PixSandbox, authorization: string): boolean {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const { clientId, clientSecret } = sb.credentials();
  return colon >= 0 && sameText(decoded.slice(0, colon), clientId) && sameText(decoded.slice(colon + 1), clientSecret);
}

/** The grant_type asked for: RFC 6749 posts a form; some PSPs take JSON too, so both are read. */
async function grantType(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) return ((await c.req.json().catch(() => ({}))) as Record<string, unknown>).grant_type;
  return (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).grant_type;
}

/** POST /oauth/token. */
export async function postToken(sb: PixSandbox, c: Context) {
  if (!clientAuthenticated(sb, c.req.header('authorization') ?? ''))
    return c.json({ error: 'invalid_client', error_description: 'client authentication failed' }, 401, { 'WWW-Authenticate': 'Basic realm="pix-sandbox"' });
  if ((await grantType(c)) !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
  return c.json({ access_token: issueToken(sb, sb.now()), token_type: 'Bearer', expires_in: TOKEN_SECONDS, scope: TOKEN_SCOPE }, 200, {
    'Cache-Control': 'no-store',
  });
}

/** Every API Pix call carries the Bearer token. */
export function authorise(sb: PixSandbox, c: Context): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!bearer || !tokenValid(sb, bearer[1]!)) throw new Problem(401, 'AcessoNegado', 'Não autorizado.', 'Token de acesso ausente, inválido ou expirado.');
}
