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
//
// This module is the port and picks the PSP; the client's parts live in pix-api/ (transport.ts: HTTP
// and the token; charges.ts, refunds.ts, webhook.ts: the calls; answers.ts, formats.ts, errors.ts).
import { config } from '../config.ts';
import type { PixCharge, PixRefund } from './pix-api/answers.ts';
import { createCharge, getCharge, removeCharge } from './pix-api/charges.ts';
import { refundPix } from './pix-api/refunds.ts';
import { pixTransport, type PixFetch, type PixTransportOptions } from './pix-api/transport.ts';
import { registerWebhook } from './pix-api/webhook.ts';

export { chargeFromCob, type PixCharge, type PixChargeStatus, type PixRefund, type PixRefundStatus, type ReceivedPix } from './pix-api/answers.ts';
export { PixPspError, type PixProblem, type PixPspErrorCode } from './pix-api/errors.ts';
export {
  END_TO_END_ID_PATTERN,
  PIX_MAX_CENTS,
  REFUND_ID_PATTERN,
  TXID_PATTERN,
  centsToPixValue,
  pixRefundId,
  pixTxid,
  pixValueToCents,
} from './pix-api/formats.ts';
export type { PixFetch } from './pix-api/transport.ts';
export { PIX_SIGNATURE_HEADER, pixWebhookSecret, readPixWebhook, signPixWebhook } from './pix-api/webhook.ts';

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

export interface PixApiClientOptions extends PixTransportOptions {
  /** The receiver's Pix key (chave) every charge is made to and the webhook is registered for. */
  pixKey: string;
  /** 'sandbox' when the base URL is the built-in sandbox PSP. */
  engine?: PixPsp['engine'];
}

/** The client of the Banco Central's API Pix (the calls above), for any PSP. */
export function createPixApiClient(opts: PixApiClientOptions): PixPsp {
  const call = pixTransport(opts);
  return {
    engine: opts.engine ?? 'api',
    createCharge: (req) => createCharge(call, opts.pixKey, req),
    getCharge: (txid) => getCharge(call, txid),
    removeCharge: (txid) => removeCharge(call, txid),
    refund: (req) => refundPix(call, req),
    registerWebhook: (url) => registerWebhook(call, opts.pixKey, url),
  };
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
