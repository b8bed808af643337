// The API Pix over HTTP: every call with the OAuth2 Bearer token of the client credentials, the
// token fetched once and shared by concurrent calls, fetched again when it expires or is refused.
import { PixPspError } from './errors.ts';
import { problemOf, problemText } from './answers.ts';

/** What the client calls the PSP with: fetch, or a stand-in (a test's Hono app.request). */
export type PixFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Where and as whom the client calls. */
export interface PixTransportOptions {
  /** The PSP's API Pix base URL; the calls are <baseUrl>/cob/{txid}... */
  baseUrl: string;
  /** The OAuth2 token endpoint; default <baseUrl>/oauth/token. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Default: the global fetch. */
  fetch?: PixFetch;
  /** Per request, default 15 s. */
  timeoutMs?: number;
}

/** A PSP's answer: its status and its JSON body (null when it sent none or not JSON). */
export type Answer = { status: number; body: unknown };

/** One API call with the Bearer token; psp_offline on no answer or a 5xx, psp_refused on a second 401. */
export type PixCall = (method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown) => Promise<Answer>;

type Send = (url: string, init: RequestInit, what: string) => Promise<Response>;

function sender(opts: PixTransportOptions): Send {
  const doFetch: PixFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return async (url, init, what) => {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PixPspError('psp_offline', `PSP ${what}: no answer (${(err as Error).message})`, { cause: err });
    }
  };
}

/** POST <token URL> grant_type=client_credentials with the client's Basic credentials. */
async function requestToken(send: Send, tokenUrl: string, opts: PixTransportOptions): Promise<{ value: string; expiresIn: number }> {
  const res = await send(
    tokenUrl,
    {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`, 'utf8').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    },
    'token',
  );
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 500) throw new PixPspError('psp_offline', `PSP token: ${res.status}`, { status: res.status });
  if (res.status >= 300)
    throw new PixPspError('psp_refused', `PSP token: ${res.status} ${String(body?.error ?? '')} ${String(body?.error_description ?? '')}`.trim(), {
      status: res.status,
    });
  if (typeof body?.access_token !== 'string' || body.access_token === '') throw new PixPspError('psp_bad_answer', 'PSP token: no access_token');
  const expiresIn = Number(body.expires_in);
  return { value: body.access_token, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 300 };
}

/** The token being used or fetched, shared by concurrent calls: `bearer` answers it, `drop` forgets a refused one. */
function tokenCache(fetchToken: () => Promise<{ value: string; expiresIn: number }>) {
  let token: { value: Promise<string>; resolved: string; expiresAt: number } | null = null;
  return {
    /** The cached token while it has a minute (or a tenth of its life) left, else a new one; concurrent calls share one request. */
    bearer(): Promise<string> {
      if (token && Date.now() < token.expiresAt) return token.value;
      const entry = { value: Promise.resolve(''), resolved: '', expiresAt: Number.POSITIVE_INFINITY };
      entry.value = fetchToken().then(
        ({ value, expiresIn }) => {
          entry.resolved = value;
          entry.expiresAt = Date.now() + expiresIn * 1000 - Math.min(60_000, expiresIn * 100);
          return value;
        },
        (err: unknown) => {
          if (token === entry) token = null;
          throw err;
        },
      );
      token = entry;
      return entry.value;
    },
    drop(value: string): void {
      if (token?.resolved === value) token = null;
    },
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * The calls of one client. A 401 (the token expired early or was revoked) gets a new token and one
 * more try; a second 401 is psp_refused. A 5xx is psp_offline.
 */
export function pixTransport(opts: PixTransportOptions): PixCall {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const tokenUrl = opts.tokenUrl || `${base}/oauth/token`;
  const send = sender(opts);
  const tokens = tokenCache(() => requestToken(send, tokenUrl, opts));
  return async (method, path, body) => {
    for (let attempt = 0; ; attempt++) {
      const value = await tokens.bearer();
      const headers: Record<string, string> = { Authorization: `Bearer ${value}`, Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await send(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }, `${method} ${path}`);
      const parsed = await readBody(res);
      if (res.status === 401) {
        tokens.drop(value);
        if (attempt === 0) continue;
        throw new PixPspError('psp_refused', `PSP ${method} ${path}: 401, the token was refused${problemText(parsed)}`, {
          status: 401,
          problem: problemOf(parsed),
        });
      }
      if (res.status >= 500)
        throw new PixPspError('psp_offline', `PSP ${method} ${path}: ${res.status}${problemText(parsed)}`, { status: res.status, problem: problemOf(parsed) });
      return { status: res.status, body: parsed };
    }
  };
}

/** psp_refused for an answer no other code names, with the PSP's problem. */
export function refused(answer: Answer, what: string): PixPspError {
  return new PixPspError('psp_refused', `PSP ${what}: ${answer.status}${problemText(answer.body)}`, {
    status: answer.status,
    problem: problemOf(answer.body),
  });
}
