// Pix behind one interface, PixPsp: an immediate charge (cobrança imediata, `cob`) at the
// establishment's PSP, its QR code and copia-e-cola, its removal, the refund (devolução) of a Pix
// received, and the webhook by which the PSP tells of a payment. Every Brazilian PSP implements the
// Banco Central's API Pix (v2, github.com/bacen/pix-api), so there is one client for all of them,
// createPixApiClient; PIX_PSP picks where it points (docs/payments.md 'Pix'): the sandbox PSP built
// into the server (pix-sandbox.ts, at PUBLIC_ORIGIN/api/pix-sandbox, the default, so the demo runs
// the same client and the same HTTP calls as production) or a real PSP at PIX_PSP_URL.
//
// The calls, as the API Pix's OpenAPI document defines them:
//   POST <token URL> (Basic client_id:client_secret) grant_type=client_credentials
//     -> { access_token, token_type: 'Bearer', expires_in, scope }
//   PUT /cob/{txid} { calendario: { expiracao }, valor: { original: '12.34' }, chave, solicitacaoPagador? }
//     -> 201 CobGerada { calendario: { criacao, expiracao }, txid, revisao, loc: { id, location, tipoCob },
//        location, status, valor: { original }, chave, pixCopiaECola }
//   GET /cob/{txid} -> 200 CobCompleta (the same, plus pix: [{ endToEndId, txid, valor, horario, devolucoes? }])
//   PATCH /cob/{txid} { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } -> 200 CobGerada
//   GET /pix/{e2eid} -> 200 Pix { endToEndId, txid, valor, horario, devolucoes? }
//   PUT /pix/{e2eid}/devolucao/{id} { valor, descricao? }
//     -> 201 Devolucao { id, rtrId, valor, horario: { solicitacao, liquidacao? }, status }
//   PUT /webhook/{chave} { webhookUrl } -> 200; the PSP then POSTs { pix: [Pix...] } to
//     {webhookUrl}/pix for every Pix received with a txid, and again when a refund of one ends.
// Errors are RFC 7807 problem+json: { type, title, status, detail?, violacoes?: [{ razao, propriedade }] }.
// Money is a string '\d{1,10}\.\d{2}' on the wire and integer centavos here, converted as text so
// no amount ever passes through a binary fraction.
//
// The webhook's authenticity: the API Pix has the PSP call the receiver over mTLS, its client
// certificate proving who calls. The product checks a signature instead, which holds behind any
// proxy or load balancer: X-Pix-Signature: sha256=<hex HMAC-SHA256 of the raw body with
// PIX_WEBHOOK_SECRET>, compared in constant time. The sandbox signs its calls so; a real PSP, which
// signs nothing, is put behind a proxy that checks its client certificate and adds the header
// (docs/payments.md 'Pix', 'The webhook's authenticity').
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { config } from '../config.ts';
import { keptValue } from '../kept-value.ts';

/** A charge's record at the PSP. `status` is the record's, not the charge's time: an expired charge that nobody removed is still ATIVA (the API Pix's CobrancaStatus). */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  /** Integer centavos (valor.original). */
  amount: number;
  /** calendario.criacao, as the PSP wrote it. */
  createdAt: string;
  /** criacao + calendario.expiracao seconds, ISO-8601 UTC: after it the charge cannot be paid. */
  expiresAt: string;
  /** The URL the QR code points to, without its scheme ('pix.example.com/qr/v2/...'). */
  location: string;
  /** The BR Code (pixCopiaECola): the QR code's text and what 'Pix copia e cola' copies; '' when the PSP answered none. */
  copyPaste: string;
  /** The Pix received for this charge (a charge takes one; the API keeps a list). */
  paid: { endToEndId: string; amount: number; paidAt: string }[];
}

export interface PixRefund {
  /** Ours, [a-zA-Z0-9]{1,35}: unique per Pix received; a retry with it answers the same refund. */
  id: string;
  /** The Pix refunded. */
  endToEndId: string;
  /** Integer centavos. */
  amount: number;
  /** EM_PROCESSAMENTO until the money went back (DEVOLVIDO) or could not (NAO_REALIZADO). */
  status: PixRefundStatus;
}

/** One Pix the webhook told of. */
export interface ReceivedPix {
  endToEndId: string;
  /** The charge it paid; null for a Pix made to the key without one (the API notifies only those with a txid, but the field is optional). */
  txid: string | null;
  /** Integer centavos, as paid: it may differ from the charge's amount. */
  amount: number;
  /** horario, as the PSP wrote it. */
  paidAt: string;
  /** The refunds of this Pix the call carries (the PSP calls again when a refund ends); [] for a plain payment. */
  refunds: PixRefund[];
}

export interface PixPsp {
  readonly engine: 'sandbox' | 'api';
  /**
   * PUT /cob/{txid}: idempotent by txid (a retry with the same txid and amount answers the same
   * charge; another amount under a used txid is txid_reused). `txid` is ours, [a-zA-Z0-9]{26,35}
   * (pixTxid makes one from a reference); `amount` integer centavos > 0; `description` is shown
   * to the payer (solicitacaoPagador, cut to 140 characters).
   */
  createCharge(req: { txid: string; amount: number; expiresInSeconds: number; description: string }, now: Date): Promise<PixCharge>;
  /** GET /cob/{txid}: the charge with the Pix it received. */
  getCharge(txid: string): Promise<PixCharge>;
  /**
   * PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR (an expired or cancelled order's
   * charge), so it can no longer be paid. Idempotent: a charge already removed is not an error;
   * a charge already paid is charge_paid (its Pix is the caller's to refund).
   */
  removeCharge(txid: string): Promise<void>;
  /**
   * PUT /pix/{e2eid}/devolucao/{id}: idempotent by id (pixRefundId makes one from a reference). The
   * refunds of one Pix never add up to more than it: refund_exceeds_payment.
   */
  refund(req: { endToEndId: string; refundId: string; amount: number; description?: string }, now: Date): Promise<PixRefund>;
  /**
   * PUT /webhook/{chave}: the PSP POSTs the Pix received for the key's charges to `${url}/pix` (the
   * API Pix appends '/pix' to the registered URL). Registering again replaces the URL.
   */
  registerWebhook(url: string): Promise<void>;
}

export type PixPspErrorCode =
  /** No answer within the timeout, a network failure, or a 5xx: the same call may be made again. */
  | 'psp_offline'
  /** A 4xx no other code names (the message carries the problem's title, detail and violacoes), or the credentials refused. */
  | 'psp_refused'
  /** An answer the API Pix does not allow (a malformed amount, status or date). */
  | 'psp_bad_answer'
  | 'charge_not_found'
  /** No Pix with this endToEndId was received. */
  | 'payment_not_found'
  /** The txid names a charge of another amount. */
  | 'txid_reused'
  /** The refund id names a refund of another amount of this Pix. */
  | 'refund_id_reused'
  | 'refund_exceeds_payment'
  /** removeCharge of a charge already paid. */
  | 'charge_paid'
  /** Refused before any call: a txid, endToEndId, refund id, amount or URL the API Pix would refuse. */
  | 'invalid_request'
  /** readPixWebhook: the signature is missing or wrong. */
  | 'webhook_unauthorized'
  /** readPixWebhook: signed, but not an API Pix notification. */
  | 'webhook_invalid';

/** A problem+json answer of the API Pix (RFC 7807). */
export interface PixProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
}

export class PixPspError extends Error {
  readonly code: PixPspErrorCode;
  /** The PSP's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** The PSP's problem+json, when it sent one. */
  readonly problem: PixProblem | undefined;
  constructor(code: PixPspErrorCode, message: string = code, options?: { cause?: unknown; status?: number; problem?: PixProblem }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PixPspError';
    this.code = code;
    this.status = options?.status;
    this.problem = options?.problem;
  }
}

// ---------------------------------------------------------------------------------------------
// Formats of the API Pix.

/** txid of a charge: 26 to 35 letters and digits (TxId). */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** endToEndId of a Pix: 32 letters and digits, 'E' + ISPB + date and time + 11 characters (EndToEndId). */
export const END_TO_END_ID_PATTERN = /^[a-zA-Z0-9]{32}$/;
/** A refund's id: 1 to 35 letters and digits (DevolucaoId). */
export const REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
/** Every amount: '\d{1,10}\.\d{2}', a point as decimal separator, no thousands separator. */
const VALUE_PATTERN = /^(\d{1,10})\.(\d{2})$/;
/** The largest amount the API Pix can write: 9999999999.99. */
export const PIX_MAX_CENTS = 999_999_999_999;

const CHARGE_STATUSES: readonly PixChargeStatus[] = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'];
const REFUND_STATUSES: readonly PixRefundStatus[] = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'];

/** Integer centavos as the API Pix writes them: 1234 -> '12.34', 5 -> '0.05'. Throws invalid_request for anything but whole centavos from 0 to 9999999999.99. */
export function centsToPixValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > PIX_MAX_CENTS)
    throw new PixPspError('invalid_request', `an amount must be whole centavos from 0 to ${PIX_MAX_CENTS}, got ${cents}`);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An API Pix amount ('12.34') as integer centavos, read as text; null when it does not match '\d{1,10}\.\d{2}'. */
export function pixValueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = VALUE_PATTERN.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number(m[2]);
}

/**
 * A txid made from a reference of ours (e.g. 'order:<id>:pix'): 32 hex characters of its SHA-256,
 * the same every time, so a charge created by a request that crashed is found again by the next
 * (PUT /cob/{txid} answers it) instead of being made twice.
 */
export function pixTxid(reference: string): string {
  return createHash('sha256').update(`pix-txid:${reference}`, 'utf8').digest('hex').slice(0, 32);
}

/** A refund id made from a reference of ours (e.g. 'order:<id>:refund'): 32 hex characters, the same every time. */
export function pixRefundId(reference: string): string {
  return createHash('sha256').update(`pix-refund:${reference}`, 'utf8').digest('hex').slice(0, 32);
}

// ---------------------------------------------------------------------------------------------
// The webhook.

/** The header that carries the webhook's signature. */
export const PIX_SIGNATURE_HEADER = 'X-Pix-Signature';

/** The X-Pix-Signature value for a raw body: 'sha256=' + the hex HMAC-SHA256 of the body's UTF-8 bytes with the secret. */
export function signPixWebhook(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/**
 * Checks and reads a webhook call: the X-Pix-Signature of the raw body (exactly the bytes
 * received, before any JSON parsing) with `secret`, then the API Pix body { pix: [Pix...] }.
 * Throws PixPspError webhook_unauthorized when the signature is missing or wrong (or no secret is
 * set), webhook_invalid when a signed body is not a notification. A signed body without `pix` (a
 * PSP's test call on registration) is nothing received: []. The same Pix may come more than once
 * (the PSP retries, and calls again when a refund of it ends): the caller keeps endToEndId unique.
 */
export function readPixWebhook(rawBody: string, headers: (name: string) => string | undefined, secret: string): ReceivedPix[] {
  if (!secret) throw new PixPspError('webhook_unauthorized', 'no webhook secret is set');
  const given = /^sha256=([0-9a-f]{64})$/i.exec((headers(PIX_SIGNATURE_HEADER) ?? headers(PIX_SIGNATURE_HEADER.toLowerCase()) ?? '').trim());
  if (!given) throw new PixPspError('webhook_unauthorized', `missing or malformed ${PIX_SIGNATURE_HEADER}`);
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const received = Buffer.from(given[1]!.toLowerCase(), 'hex');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new PixPspError('webhook_unauthorized', 'wrong webhook signature');

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (err) {
    throw new PixPspError('webhook_invalid', 'the webhook body is not JSON', { cause: err });
  }
  if (!isObject(body)) throw new PixPspError('webhook_invalid', 'the webhook body is not an object');
  if (body.pix === undefined) return [];
  if (!Array.isArray(body.pix)) throw new PixPspError('webhook_invalid', 'pix is not a list');
  return body.pix.map((item, i) => {
    const pix = readPix(item);
    if (!pix) throw new PixPspError('webhook_invalid', `pix[${i}] is not a Pix (endToEndId, valor, horario)`);
    return pix;
  });
}

/** A Pix as the API writes it (the webhook's items, GET /pix/{e2eid}), or null when it is not one. */
function readPix(item: unknown): ReceivedPix | null {
  if (!isObject(item)) return null;
  const { endToEndId, txid, horario } = item;
  const amount = pixValueToCents(item.valor);
  if (typeof endToEndId !== 'string' || !END_TO_END_ID_PATTERN.test(endToEndId) || amount === null) return null;
  if (typeof horario !== 'string' || Number.isNaN(Date.parse(horario))) return null;
  if (txid !== undefined && txid !== null && typeof txid !== 'string') return null;
  // The API's example notification writes devolucoes as one object; the schema, as a list.
  const raw = item.devolucoes === undefined || item.devolucoes === null ? [] : Array.isArray(item.devolucoes) ? item.devolucoes : [item.devolucoes];
  const refunds: PixRefund[] = [];
  for (const r of raw) {
    const refund = readRefund(r, endToEndId);
    if (!refund) return null;
    refunds.push(refund);
  }
  return { endToEndId, txid: typeof txid === 'string' && txid !== '' ? txid : null, amount, paidAt: horario, refunds };
}

function readRefund(item: unknown, endToEndId: string): PixRefund | null {
  if (!isObject(item)) return null;
  const amount = pixValueToCents(item.valor);
  if (typeof item.id !== 'string' || amount === null || !REFUND_STATUSES.includes(item.status as PixRefundStatus)) return null;
  return { id: item.id, endToEndId, amount, status: item.status as PixRefundStatus };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The webhook's secret: PIX_WEBHOOK_SECRET, else one made once and kept 0600 in DATA_DIR/pix-webhook-secret (shared by the processes of one folder). */
export function pixWebhookSecret(dataDir = config.dataDir, configured = config.pix.webhookSecret): string {
  if (configured) return configured;
  return keptValue(
    join(dataDir, 'pix-webhook-secret'),
    () => randomBytes(32).toString('base64url'),
    (text) => /^[A-Za-z0-9_-]{43}$/.test(text),
  );
}

// ---------------------------------------------------------------------------------------------
// The API Pix client.

/** What the client calls the PSP with: fetch, or a stand-in (a test's Hono app.request). */
export type PixFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface PixApiClientOptions {
  /** The PSP's API Pix base URL; the calls are <baseUrl>/cob/{txid}... */
  baseUrl: string;
  /** The OAuth2 token endpoint; default <baseUrl>/oauth/token. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The receiver's Pix key (chave) every charge is made to and the webhook is registered for. */
  pixKey: string;
  /** Default: the global fetch. */
  fetch?: PixFetch;
  /** Per request, default 15 s. */
  timeoutMs?: number;
  /** 'sandbox' when the base URL is the built-in sandbox PSP. */
  engine?: PixPsp['engine'];
}

type Answer = { status: number; body: unknown };

/** The client of the Banco Central's API Pix (the calls above), for any PSP. */
export function createPixApiClient(opts: PixApiClientOptions): PixPsp {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const tokenUrl = opts.tokenUrl || `${base}/oauth/token`;
  const doFetch: PixFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = opts.timeoutMs ?? 15_000;
  /** The token being used or fetched, shared by concurrent calls; dropped when it expires or is refused. */
  let token: { value: Promise<string>; resolved: string; expiresAt: number } | null = null;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PixPspError('psp_offline', `PSP ${what}: no answer (${(err as Error).message})`, { cause: err });
    }
  }

  async function fetchToken(): Promise<{ value: string; expiresIn: number }> {
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

  /** The cached token while it has a minute (or a tenth of its life) left, else a new one; concurrent calls share one request. */
  function bearer(): Promise<string> {
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
  }

  /**
   * One API call with the Bearer token. A 401 (the token expired early or was revoked) gets a new
   * token and one more try; a second 401 is psp_refused. A 5xx is psp_offline.
   */
  async function call(method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const value = await bearer();
      const headers: Record<string, string> = { Authorization: `Bearer ${value}`, Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await send(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }, `${method} ${path}`);
      const text = await res.text().catch(() => '');
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (res.status === 401) {
        if (token?.resolved === value) token = null;
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
  }

  function refused(answer: Answer, what: string): PixPspError {
    return new PixPspError('psp_refused', `PSP ${what}: ${answer.status}${problemText(answer.body)}`, {
      status: answer.status,
      problem: problemOf(answer.body),
    });
  }

  async function readCharge(txid: string): Promise<PixCharge | null> {
    const answer = await call('GET', `/cob/${encodeURIComponent(txid)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw refused(answer, `GET /cob/${txid}`);
    return chargeFromCob(answer.body);
  }

  return {
    engine: opts.engine ?? 'api',

    async createCharge(req) {
      if (!TXID_PATTERN.test(req.txid)) throw new PixPspError('invalid_request', `a txid is 26 to 35 letters and digits, got '${req.txid}'`);
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
        throw new PixPspError('invalid_request', `a charge's amount is whole centavos > 0, got ${req.amount}`);
      if (!Number.isSafeInteger(req.expiresInSeconds) || req.expiresInSeconds <= 0)
        throw new PixPspError('invalid_request', `expiresInSeconds must be a whole number > 0, got ${req.expiresInSeconds}`);
      const original = centsToPixValue(req.amount);
      const description = req.description.trim().slice(0, 140);
      const answer = await call('PUT', `/cob/${req.txid}`, {
        calendario: { expiracao: req.expiresInSeconds },
        valor: { original },
        chave: opts.pixKey,
        ...(description ? { solicitacaoPagador: description } : {}),
      });
      if (answer.status === 200 || answer.status === 201) return withCopyPaste(chargeFromCob(answer.body));
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 403) {
        // A PSP may refuse a PUT to a txid it already has (the API allows it to, once a charge is no
        // longer ATIVA) where the sandbox answers the charge: the charge made under this txid is the
        // answer when it is this one (same amount and key), however the PSP answered the retry.
        const existing = await readCharge(req.txid);
        if (existing) {
          if (existing.amount !== req.amount)
            throw new PixPspError('txid_reused', `txid ${req.txid} names a charge of ${existing.amount} centavos, not ${req.amount}`, {
              status: answer.status,
              problem: problemOf(answer.body),
            });
          return withCopyPaste(existing);
        }
      }
      throw refused(answer, `PUT /cob/${req.txid}`);
    },

    async getCharge(txid) {
      if (!TXID_PATTERN.test(txid)) throw new PixPspError('invalid_request', `a txid is 26 to 35 letters and digits, got '${txid}'`);
      const charge = await readCharge(txid);
      if (!charge) throw new PixPspError('charge_not_found', `no charge ${txid}`);
      return charge;
    },

    async removeCharge(txid) {
      if (!TXID_PATTERN.test(txid)) throw new PixPspError('invalid_request', `a txid is 26 to 35 letters and digits, got '${txid}'`);
      const answer = await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      if (answer.status === 200) return;
      if (answer.status === 404) throw new PixPspError('charge_not_found', `no charge ${txid}`, { status: 404, problem: problemOf(answer.body) });
      if (answer.status === 400 || answer.status === 409) {
        // The API refuses to revise a charge that is no longer ATIVA: removed before is done; paid is the caller's to know.
        const now = await readCharge(txid);
        if (now?.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || now?.status === 'REMOVIDA_PELO_PSP') return;
        if (now?.status === 'CONCLUIDA') throw new PixPspError('charge_paid', `charge ${txid} was paid before it could be removed`, { status: answer.status });
      }
      throw refused(answer, `PATCH /cob/${txid}`);
    },

    async refund(req) {
      if (!END_TO_END_ID_PATTERN.test(req.endToEndId))
        throw new PixPspError('invalid_request', `an endToEndId is 32 letters and digits, got '${req.endToEndId}'`);
      if (!REFUND_ID_PATTERN.test(req.refundId)) throw new PixPspError('invalid_request', `a refund id is 1 to 35 letters and digits, got '${req.refundId}'`);
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
        throw new PixPspError('invalid_request', `a refund's amount is whole centavos > 0, got ${req.amount}`);
      const path = `/pix/${req.endToEndId}/devolucao/${req.refundId}`;
      const description = req.description?.trim().slice(0, 140);
      const answer = await call('PUT', path, { valor: centsToPixValue(req.amount), ...(description ? { descricao: description } : {}) });
      if (answer.status === 200 || answer.status === 201) return refundFrom(answer.body, req.endToEndId);
      if (answer.status === 404) throw new PixPspError('payment_not_found', `no Pix ${req.endToEndId}`, { status: 404, problem: problemOf(answer.body) });
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 403) {
        // The API refuses an id already used and a refund above what is left; which one, it says
        // only in words, so the refund and the Pix are read: the same refund again is the answer.
        const earlier = await call('GET', path);
        if (earlier.status === 200) {
          const refund = refundFrom(earlier.body, req.endToEndId);
          if (refund.amount !== req.amount)
            throw new PixPspError('refund_id_reused', `refund ${req.refundId} of ${req.endToEndId} is of ${refund.amount} centavos, not ${req.amount}`, {
              status: answer.status,
            });
          return refund;
        }
        const pixAnswer = await call('GET', `/pix/${req.endToEndId}`);
        const pix = pixAnswer.status === 200 ? readPix(pixAnswer.body) : null;
        if (pix) {
          const refunded = pix.refunds.filter((r) => r.status !== 'NAO_REALIZADO').reduce((sum, r) => sum + r.amount, 0);
          if (refunded + req.amount > pix.amount)
            throw new PixPspError(
              'refund_exceeds_payment',
              `a refund of ${req.amount} centavos exceeds what is left of Pix ${req.endToEndId} (${pix.amount - refunded} of ${pix.amount})${problemText(answer.body)}`,
              { status: answer.status, problem: problemOf(answer.body) },
            );
        }
      }
      throw refused(answer, `PUT ${path}`);
    },

    async registerWebhook(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new PixPspError('invalid_request', `a webhook URL must be absolute, got '${url}'`);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PixPspError('invalid_request', `a webhook URL is https, got '${url}'`);
      const answer = await call('PUT', `/webhook/${encodeURIComponent(opts.pixKey)}`, { webhookUrl: url });
      if (answer.status >= 200 && answer.status < 300) return;
      throw refused(answer, 'PUT /webhook');
    },
  };
}

/** A cob answer (CobGerada, CobCompleta) as a PixCharge; psp_bad_answer when it is not one. */
export function chargeFromCob(body: unknown): PixCharge {
  const bad = (what: string) => new PixPspError('psp_bad_answer', `the PSP's charge has ${what}`);
  if (!isObject(body)) throw bad('no body');
  const { txid, status, calendario, valor } = body;
  if (typeof txid !== 'string' || txid === '') throw bad('no txid');
  if (!CHARGE_STATUSES.includes(status as PixChargeStatus)) throw bad(`an unknown status '${String(status)}'`);
  const amount = isObject(valor) ? pixValueToCents(valor.original) : null;
  if (amount === null) throw bad('no valor.original');
  if (!isObject(calendario) || typeof calendario.criacao !== 'string' || Number.isNaN(Date.parse(calendario.criacao))) throw bad('no calendario.criacao');
  // expiracao defaults to 86400 s in the API Pix.
  const expiracao = calendario.expiracao === undefined ? 86_400 : Number(calendario.expiracao);
  if (!Number.isFinite(expiracao) || expiracao < 0) throw bad('a malformed calendario.expiracao');
  const loc = isObject(body.loc) ? body.loc : {};
  const location = typeof body.location === 'string' ? body.location : typeof loc.location === 'string' ? loc.location : '';
  const paid = (Array.isArray(body.pix) ? body.pix : []).map((p) => {
    const pix = readPix(p);
    if (!pix) throw bad('a malformed pix');
    return { endToEndId: pix.endToEndId, amount: pix.amount, paidAt: pix.paidAt };
  });
  return {
    txid,
    status: status as PixChargeStatus,
    amount,
    createdAt: calendario.criacao,
    expiresAt: new Date(Date.parse(calendario.criacao) + expiracao * 1000).toISOString(),
    location,
    copyPaste: typeof body.pixCopiaECola === 'string' ? body.pixCopiaECola : '',
    paid,
  };
}

/** A charge just created must carry its BR Code: the product shows nothing else to pay with. */
function withCopyPaste(charge: PixCharge): PixCharge {
  if (!charge.copyPaste) throw new PixPspError('psp_bad_answer', `the PSP answered charge ${charge.txid} without pixCopiaECola`);
  return charge;
}

function refundFrom(body: unknown, endToEndId: string): PixRefund {
  const refund = readRefund(body, endToEndId);
  if (!refund) throw new PixPspError('psp_bad_answer', 'the PSP answered a malformed devolução');
  return refund;
}

function problemOf(body: unknown): PixProblem | undefined {
  if (!isObject(body)) return undefined;
  if (body.title === undefined && body.detail === undefined && body.type === undefined) return undefined;
  return body as PixProblem;
}

/** ': <title>: <detail> (<propriedade>: <razao>; ...)', or '' when the answer is no problem+json. */
function problemText(body: unknown): string {
  const p = problemOf(body);
  if (!p) return '';
  const violations = Array.isArray(p.violacoes) ? p.violacoes.map((v) => `${v?.propriedade ?? '?'}: ${v?.razao ?? ''}`).join('; ') : '';
  return `: ${[p.title, p.detail].filter(Boolean).join(': ')}${violations ? ` (${violations})` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Which PSP.

/** The sandbox PSP's own credentials and key, used when PIX_CLIENT_ID, PIX_CLIENT_SECRET and PIX_KEY are unset (they are no secret: the sandbox moves no money). */
export const PIX_SANDBOX_DEFAULTS = {
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-client-secret',
  /** A random key (chave aleatória, EVP) of no account. */
  pixKey: 'cf7437cc-1a40-491d-8e24-011a70fe3cfe',
} as const;

/** What the sandbox accepts and the client sends with PIX_PSP=sandbox: the configured values, else the sandbox's own. */
export function pixSandboxCredentials(): { clientId: string; clientSecret: string; pixKey: string } {
  return {
    clientId: config.pix.clientId || PIX_SANDBOX_DEFAULTS.clientId,
    clientSecret: config.pix.clientSecret || PIX_SANDBOX_DEFAULTS.clientSecret,
    pixKey: config.pix.key || PIX_SANDBOX_DEFAULTS.pixKey,
  };
}

/** Where the sandbox PSP answers: mounted by the API (src/server/api/app.ts). */
export const PIX_SANDBOX_PATH = '/api/pix-sandbox';

/**
 * The PSP the order code uses: in the demo, PIX_PSP=sandbox (its default) is the API client talking
 * over HTTP to the sandbox at PUBLIC_ORIGIN/api/pix-sandbox (it exists nowhere else); PIX_PSP=api
 * the same client at PIX_PSP_URL with PIX_CLIENT_ID, PIX_CLIENT_SECRET and PIX_KEY. `fetch` lets a
 * test route the calls into its app (`(url, init) => app.request(url, init)`).
 */
export function defaultPixPsp(options: { fetch?: PixFetch } = {}): PixPsp {
  const p = config.pix;
  if (p.psp === 'sandbox' || (p.psp === '' && config.demo)) {
    if (!config.demo) throw new Error('PIX_PSP=sandbox exists only in the demo (VITRINE_MODE=demo)');
    return createPixApiClient({ baseUrl: `${config.publicOrigin}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), fetch: options.fetch, engine: 'sandbox' });
  }
  if (p.psp === 'api' || p.psp === '') {
    const missing = (
      [
        ['PIX_PSP_URL', p.apiUrl],
        ['PIX_CLIENT_ID', p.clientId],
        ['PIX_CLIENT_SECRET', p.clientSecret],
        ['PIX_KEY', p.key],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length) throw new Error(`PIX_PSP=api needs ${missing.join(', ')}`);
    return createPixApiClient({
      baseUrl: p.apiUrl,
      tokenUrl: p.tokenUrl || undefined,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      pixKey: p.key,
      fetch: options.fetch,
    });
  }
  throw new Error(`PIX_PSP must be 'api' (or 'sandbox' in the demo), not '${p.psp}'`);
}

/**
 * The configured PSP, made on its first use: a deployment that takes no Pix needs no Pix
 * configuration, and one that misconfigured it fails the Pix calls, not the server's start.
 */
export function pixOnFirstUse(): PixPsp {
  let psp: PixPsp | undefined;
  const get = () => (psp ??= defaultPixPsp());
  return {
    get engine() {
      return get().engine;
    },
    createCharge: (req, now) => get().createCharge(req, now),
    getCharge: (txid) => get().getCharge(txid),
    removeCharge: (txid) => get().removeCharge(txid),
    refund: (req, now) => get().refund(req, now),
    registerWebhook: (url) => get().registerWebhook(url),
  };
}
