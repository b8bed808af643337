// The sandbox PSP built into the server: a Hono app answering the Banco Central's API Pix as a
// receiver's PSP would, mounted by the API at /api/pix-sandbox (src/server/api/app.ts), the
// default PSP (PIX_PSP=sandbox). It moves no money. The product reaches it with the same client and
// the same HTTP calls as a real PSP (src/server/adapters/pix-psp.ts), so the demo and the tests exercise what production
// runs. It keeps its records in the database (pix_sandbox_* tables; unique keys, so concurrent
// identical calls make one row, on SQLite and PostgreSQL alike):
//   POST /oauth/token                         OAuth2 client credentials (Basic auth) -> Bearer token
//   PUT|GET|PATCH /cob/{txid}                 immediate charges (PATCH: status REMOVIDA_PELO_USUARIO_RECEBEDOR)
//   GET /loc/{id}                             a charge's location (PayloadLocationCompleta)
//   GET /pix/{e2eid}                          a Pix received, with its refunds
//   PUT|GET /pix/{e2eid}/devolucao/{id}       refunds
//   PUT|GET|DELETE /webhook/{chave}           the webhook URL of a key
//   GET /qr/{token}                           the location itself (what a payer's bank reads when the
//                                             QR code is scanned): the charge's payload as JSON (a
//                                             real PSP serves it as a signed JWS)
// and, for people and tests only (the sandbox is 404 outside the demo):
//   POST /sandbox/cob/{txid}/pay [{ amount }] pays a charge as a bank would: a Pix with a fresh
//                                             endToEndId, the charge CONCLUIDA, the signed webhook
//                                             delivered to the key's URL; a form post is answered with
//                                             a redirect to the outbox page
//   POST /sandbox/pix/{e2eid}/webhook         delivers a Pix's webhook again (a PSP's duplicate)
// A charge expires calendario.expiracao seconds after its creation: an expired charge cannot be
// paid (its status stays ATIVA, as the API Pix's CobrancaStatus says). A refund is answered
// EM_PROCESSAMENTO and settles (DEVOLVIDO) at once, which the webhook tells, as the API Pix asks
// of a refund reaching its final status. Each Pix received and each refund writes a line to the
// development outbox (channel 'pix'), the receiver's statement.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { Hono, type Context } from 'hono';
import { formatBRL } from '../../domain/money.ts';
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';
import {
  addPixSandboxPaymentRefunded,
  concludeActivePixSandboxCharge,
  deletePixSandboxWebhook,
  findPixSandboxChargeByLocationSuffix,
  getPixSandboxCharge,
  getPixSandboxLocation,
  getPixSandboxPayment,
  getPixSandboxRefund,
  getPixSandboxWebhook,
  insertPixSandboxChargeOnce,
  insertPixSandboxPayment,
  insertPixSandboxRefundOnce,
  listOpenPixSandboxChargeRows,
  listPixSandboxPayments,
  listPixSandboxRefunds,
  removeActivePixSandboxCharge,
  settlePixSandboxRefund,
  upsertPixSandboxWebhook,
} from '../db/pix-sandbox-repo.ts';
import type { PixSandboxChargeRow, PixSandboxPaymentRow, PixSandboxRefundRow } from '../db/types.ts';
import {
  END_TO_END_ID_PATTERN,
  PIX_MAX_CENTS,
  PIX_SANDBOX_PATH,
  PIX_SIGNATURE_HEADER,
  REFUND_ID_PATTERN,
  TXID_PATTERN,
  centsToPixValue,
  pixSandboxCredentials,
  pixValueToCents,
  pixWebhookSecret,
  signPixWebhook,
  type PixFetch,
} from '../adapters/pix-psp.ts';

export interface PixSandboxOptions {
  db: Database;
  /** The clock (charges expire by it); default the system's. */
  now?: () => Date;
  /** How webhooks are delivered to their absolute URL; default fetch. A test routes them into its app. */
  fetch?: PixFetch;
  /** The key deliveries are signed with; default PIX_WEBHOOK_SECRET or the one kept in DATA_DIR. */
  webhookSecret?: () => string;
  /** The OAuth2 client it accepts; default PIX_CLIENT_ID / PIX_CLIENT_SECRET, else the sandbox's own. */
  credentials?: () => { clientId: string; clientSecret: string };
  /** The origin whose host the charges' locations carry; default PUBLIC_ORIGIN. */
  publicOrigin?: () => string;
  /** Whether it answers at all, read on every request; default: in the demo only (VITRINE_MODE=demo). */
  enabled?: () => boolean;
  /** The receiver's name and city in the BR Code (a PSP writes its account holder's). */
  merchantName?: string;
  merchantCity?: string;
}

/** Seconds a sandbox token lasts. */
const TOKEN_SECONDS = 3600;
/** The ISPB the sandbox's endToEndIds and rtrIds carry: the API Pix examples' placeholder, no institution's. */
const SANDBOX_ISPB = '12345678';
/** The location's host when PUBLIC_ORIGIN's cannot be written in a BR Code (localhost, a port): a name that never resolves. */
const FALLBACK_LOCATION_HOST = 'pix-sandbox.invalid';
const ERROR_TYPE = 'https://pix.bcb.gov.br/api/v2/error/';
/** How long a webhook delivery may take. */
const DELIVERY_TIMEOUT_MS = 10_000;

type Violation = { razao: string; propriedade: string };

/** An API Pix error, answered as problem+json. */
class Problem extends Error {
  readonly status: 400 | 401 | 403 | 404;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly violacoes: Violation[] | undefined;
  constructor(status: 400 | 401 | 403 | 404, type: string, title: string, detail: string, violacoes?: Violation[]) {
    super(`${type}: ${detail}`);
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.violacoes = violacoes;
  }
}

const invalidCob = (detail: string, propriedade?: string) =>
  new Problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail, propriedade ? [{ razao: detail, propriedade }] : undefined);
const cobNotFound = () => new Problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.', 'Cobrança não encontrada para o txid informado.');
const invalidRefund = (detail: string, propriedade?: string) =>
  new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, propriedade ? [{ razao: detail, propriedade }] : undefined);
const pixNotFound = () => new Problem(404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Pix não encontrado para o e2eid informado.');
const badRequest = (detail: string) => new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', detail);

/** The ISO instant `seconds` after `iso`. */
function plusSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** n random characters of [a-z0-9]. */
function randomAlnum(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (const byte of randomBytes(n)) out += alphabet[byte % alphabet.length];
  return out;
}

/** An end-to-end id as the SPI makes them: prefix ('E' a payment, 'D' a return) + ISPB + yyyyMMddHHmm (UTC) + 11 characters; 32 in all. */
export function sandboxEndToEndId(prefix: 'E' | 'D', now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${prefix}${SANDBOX_ISPB}${stamp}${randomAlnum(11)}`;
}

/** The open charges (ATIVA, not yet expired), newest first: what the outbox page offers to pay. */
export async function listOpenPixSandboxCharges(db: Database, now: Date, limit = 50): Promise<PixSandboxChargeRow[]> {
  return listOpenPixSandboxChargeRows(db, now.toISOString(), limit);
}

export function createPixSandbox(opts: PixSandboxOptions): Hono {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const deliver: PixFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const secret = opts.webhookSecret ?? (() => pixWebhookSecret());
  const credentials = opts.credentials ?? (() => pixSandboxCredentials());
  const publicOrigin = opts.publicOrigin ?? (() => config.publicOrigin);
  const enabled = opts.enabled ?? (() => config.demo);
  const merchantName = opts.merchantName ?? 'Loja Pix Sandbox';
  const merchantCity = opts.merchantCity ?? 'Sao Paulo';

  const app = new Hono();

  app.use('*', async (c, next) => {
    // Outside the demo the sandbox does not exist (the API's own not-found answer): its pay action
    // would let anyone mark a charge paid.
    if (!enabled()) return c.json({ message: 'route_not_found' }, 404);
    await next();
  });

  app.onError((err, c) => {
    if (err instanceof Problem)
      return c.json(
        { type: `${ERROR_TYPE}${err.type}`, title: err.title, status: err.status, detail: err.detail, ...(err.violacoes ? { violacoes: err.violacoes } : {}) },
        err.status,
        { 'Content-Type': 'application/problem+json' },
      );
    console.error('[pix-sandbox]', c.req.method, c.req.path, err);
    return c.json(
      { type: `${ERROR_TYPE}ErroInternoDoServidor`, title: 'Erro interno do servidor.', status: 500, detail: 'Condição inesperada ao processar requisição.' },
      500,
      { 'Content-Type': 'application/problem+json' },
    );
  });

  // --- OAuth2 -----------------------------------------------------------------------------------

  /** A token: its expiry (ms, base 36) and an HMAC of it with the client secret, so any process sharing the secret accepts it. */
  function issueToken(at: Date): string {
    const expiry = (at.getTime() + TOKEN_SECONDS * 1000).toString(36);
    return `psb.${expiry}.${createHmac('sha256', credentials().clientSecret).update(`pix-sandbox-token:${expiry}`).digest('base64url')}`;
  }

  function tokenValid(token: string): boolean {
    const m = /^psb\.([0-9a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return false;
    const expected = createHmac('sha256', credentials().clientSecret).update(`pix-sandbox-token:${m[1]}`).digest();
    const given = Buffer.from(m[2]!, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) && Number.parseInt(m[1]!, 36) > now().getTime();
  }

  function sameText(a: string, b: string): boolean {
    const x = Buffer.from(a, 'utf8');
    const y = Buffer.from(b, 'utf8');
    return x.length === y.length && timingSafeEqual(x, y);
  }

  app.post('/oauth/token', async (c) => {
    const basic = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const { clientId, clientSecret } = credentials();
    if (colon < 0 || !sameText(decoded.slice(0, colon), clientId) || !sameText(decoded.slice(colon + 1), clientSecret))
      return c.json({ error: 'invalid_client', error_description: 'client authentication failed' }, 401, { 'WWW-Authenticate': 'Basic realm="pix-sandbox"' });
    // RFC 6749 posts a form; some PSPs take JSON too: both are read.
    const type = c.req.header('content-type') ?? '';
    let grant: unknown;
    if (type.includes('application/json')) grant = ((await c.req.json().catch(() => ({}))) as Record<string, unknown>).grant_type;
    else grant = (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).grant_type;
    if (grant !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
    return c.json(
      {
        access_token: issueToken(now()),
        token_type: 'Bearer',
        expires_in: TOKEN_SECONDS,
        scope: 'cob.write cob.read pix.write pix.read webhook.write webhook.read payloadlocation.read',
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  /** Every API Pix call carries the Bearer token. */
  function authorise(c: Context): void {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!bearer || !tokenValid(bearer[1]!)) throw new Problem(401, 'AcessoNegado', 'Não autorizado.', 'Token de acesso ausente, inválido ou expirado.');
  }

  async function jsonBody(c: Context): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest('O corpo da requisição não é JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('O corpo da requisição não é um objeto JSON.');
    return body as Record<string, unknown>;
  }

  // --- Charges ------------------------------------------------------------------------------------

  const chargeByTxid = (txid: string) => getPixSandboxCharge(db, txid);
  const paymentsOf = (txid: string) => listPixSandboxPayments(db, txid);
  const refundsOf = (e2eids: string[]) => listPixSandboxRefunds(db, e2eids);

  /** Where the QR code points: PUBLIC_ORIGIN's host when a BR Code can carry it (a dotted name, no port), else a name that never resolves; at most 77 characters. */
  function newLocation(): string {
    const token = randomBytes(12).toString('hex');
    const path = `${PIX_SANDBOX_PATH.slice(1)}/qr/${token}`;
    let host = '';
    try {
      const url = new URL(publicOrigin());
      host = url.port ? '' : url.hostname;
    } catch {
      host = '';
    }
    const location = `${host}/${path}`;
    if (host && location.length <= 77 && generatePixPayload({ url: location, merchantName, merchantCity }) !== null) return location;
    return `${FALLBACK_LOCATION_HOST}/${path}`;
  }

  function refundView(r: PixSandboxRefundRow) {
    return {
      id: r.id,
      rtrId: r.rtr_id,
      valor: centsToPixValue(r.amount),
      ...(r.description ? { descricao: r.description } : {}),
      natureza: 'ORIGINAL',
      horario: { solicitacao: r.requested_at, ...(r.settled_at ? { liquidacao: r.settled_at } : {}) },
      status: r.status,
    };
  }

  function pixView(p: PixSandboxPaymentRow, refunds: PixSandboxRefundRow[]) {
    const own = refunds.filter((r) => r.end_to_end_id === p.end_to_end_id);
    return {
      endToEndId: p.end_to_end_id,
      txid: p.txid,
      valor: centsToPixValue(p.amount),
      horario: p.paid_at,
      ...(p.payer_info ? { infoPagador: p.payer_info } : {}),
      ...(own.length ? { devolucoes: own.map(refundView) } : {}),
    };
  }

  /** CobCompleta: the charge, and with `withPix` the Pix it received (GET). */
  async function cobView(row: PixSandboxChargeRow, withPix: boolean) {
    const view: Record<string, unknown> = {
      calendario: { criacao: row.created_at, expiracao: row.expires_in },
      txid: row.txid,
      revisao: row.revision,
      loc: { id: row.loc_id, location: row.location, tipoCob: 'cob', criacao: row.created_at },
      location: row.location,
      status: row.status,
      valor: { original: centsToPixValue(row.amount), modalidadeAlteracao: 0 },
      chave: row.chave,
      ...(row.description ? { solicitacaoPagador: row.description } : {}),
      pixCopiaECola: row.copy_paste,
    };
    if (withPix) {
      const payments = await paymentsOf(row.txid);
      if (payments.length) {
        const refunds = await refundsOf(payments.map((p) => p.end_to_end_id));
        view.pix = payments.map((p) => pixView(p, refunds));
      }
    }
    return view;
  }

  app.put('/cob/:txid', async (c) => {
    authorise(c);
    const txid = c.req.param('txid');
    if (!TXID_PATTERN.test(txid)) throw invalidCob('O campo cob.txid não respeita o schema.', 'cob.txid');
    const body = await jsonBody(c);
    const calendario = (body.calendario ?? {}) as Record<string, unknown>;
    const expiresIn = calendario.expiracao === undefined ? 86_400 : calendario.expiracao;
    if (!Number.isSafeInteger(expiresIn) || (expiresIn as number) <= 0)
      throw invalidCob('O campo cob.calendario.expiracao é igual ou menor que zero.', 'cob.calendario.expiracao');
    const amount = pixValueToCents(((body.valor ?? {}) as Record<string, unknown>).original);
    if (amount === null) throw invalidCob('O campo cob.valor.original não respeita o schema.', 'cob.valor.original');
    if (amount === 0) throw invalidCob('O campo cob.valor.original é zero.', 'cob.valor.original');
    const chave = body.chave;
    if (typeof chave !== 'string' || chave.trim() === '' || chave.length > 77) throw invalidCob('O campo cob.chave não respeita o schema.', 'cob.chave');
    const description = body.solicitacaoPagador;
    if (description !== undefined && (typeof description !== 'string' || description.length > 140))
      throw invalidCob('O campo solicitacaoPagador não respeita o schema.', 'cob.solicitacaoPagador');

    const same = (row: PixSandboxChargeRow) => {
      // The product never revises a charge through PUT: the same txid with the same amount and key
      // is a retry, answered with the charge as it is; anything else under a used txid is refused.
      if (row.amount !== amount || row.chave !== chave) throw invalidCob('O txid informado já é usado por outra cobrança.', 'cob.txid');
      return row;
    };
    const earlier = await chargeByTxid(txid);
    if (earlier) return c.json(await cobView(same(earlier), false), 201);

    const at = now().toISOString();
    for (let attempt = 0; attempt < 5; attempt++) {
      const location = newLocation();
      const copyPaste = generatePixPayload({ url: location, merchantName, merchantCity });
      if (!copyPaste) throw new Error(`sandbox: no BR Code for location ${location}`);
      // Concurrent PUTs of one txid: the primary key lets one insert through, the others insert
      // nothing (on PostgreSQL once the first commits) and answer that row. A location id drawn
      // twice (unique too) inserts nothing either and draws again.
      await insertPixSandboxChargeOnce(db, {
        txid,
        loc_id: randomInt(1, 2 ** 31 - 1),
        location,
        chave,
        amount,
        description: typeof description === 'string' && description !== '' ? description : null,
        expires_in: expiresIn as number,
        status: 'ATIVA',
        revision: 0,
        copy_paste: copyPaste,
        created_at: at,
        expires_at: plusSeconds(at, expiresIn as number),
        updated_at: at,
      });
      const row = await chargeByTxid(txid);
      if (row) return c.json(await cobView(same(row), false), 201);
    }
    throw new Error('sandbox: could not draw a free location id');
  });

  app.get('/cob/:txid', async (c) => {
    authorise(c);
    const row = await chargeByTxid(c.req.param('txid'));
    if (!row) throw cobNotFound();
    return c.json(await cobView(row, true));
  });

  app.patch('/cob/:txid', async (c) => {
    authorise(c);
    const txid = c.req.param('txid');
    const body = await jsonBody(c);
    const row = await chargeByTxid(txid);
    if (!row) throw cobNotFound();
    const others = Object.keys(body).filter((k) => k !== 'status');
    if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      throw invalidCob('O sandbox revisa uma cobrança apenas para removê-la (status REMOVIDA_PELO_USUARIO_RECEBEDOR).', 'cob.status');
    if (others.length)
      throw invalidCob('A cobrança está ATIVA, e a presente requisição propõe removê-la juntamente com outras alterações.', `cob.${others[0]}`);
    // One conditional update: of a removal and a payment at once, one wins.
    const at = now().toISOString();
    if (!(await removeActivePixSandboxCharge(db, txid, at)))
      throw invalidCob('A cobrança não está ATIVA, e a presente requisição busca alterá-la.', 'cob.status');
    return c.json(await cobView((await chargeByTxid(txid))!, false));
  });

  app.get('/loc/:id', async (c) => {
    authorise(c);
    const id = Number(c.req.param('id'));
    const row = Number.isSafeInteger(id) ? await getPixSandboxLocation(db, id) : undefined;
    if (!row) throw new Problem(404, 'PayloadLocationNaoEncontrado', 'Location não encontrada.', 'Location não encontrada para o id informado.');
    return c.json({ id: row.loc_id, txid: row.txid, location: row.location, tipoCob: 'cob', criacao: row.created_at });
  });

  // The location itself: open, as a capability URL (the token is its only secret).
  app.get('/qr/:token', async (c) => {
    const token = c.req.param('token');
    // The token is hex (no LIKE wildcard can pass); the location's host is whichever it was made with.
    const row = /^[0-9a-f]{24}$/.test(token) ? await findPixSandboxChargeByLocationSuffix(db, `/${PIX_SANDBOX_PATH.slice(1)}/qr/${token}`) : undefined;
    if (row?.status !== 'ATIVA' || row.expires_at <= now().toISOString())
      throw new Problem(404, 'CobPayloadNaoEncontrado', 'Cobrança não encontrada.', 'A cobrança em questão não foi encontrada para a location requisitada.');
    return c.json({
      calendario: { criacao: row.created_at, apresentacao: now().toISOString(), expiracao: row.expires_in },
      txid: row.txid,
      revisao: row.revision,
      status: row.status,
      valor: { original: centsToPixValue(row.amount) },
      chave: row.chave,
      ...(row.description ? { solicitacaoPagador: row.description } : {}),
    });
  });

  // --- Pix received and refunds -------------------------------------------------------------------

  const paymentById = (e2eid: string) => getPixSandboxPayment(db, e2eid);
  const refundById = (e2eid: string, id: string) => getPixSandboxRefund(db, e2eid, id);

  app.get('/pix/:e2eid', async (c) => {
    authorise(c);
    const payment = await paymentById(c.req.param('e2eid'));
    if (!payment) throw pixNotFound();
    return c.json(pixView(payment, await refundsOf([payment.end_to_end_id])));
  });

  app.put('/pix/:e2eid/devolucao/:id', async (c) => {
    authorise(c);
    const e2eid = c.req.param('e2eid');
    const id = c.req.param('id');
    if (!END_TO_END_ID_PATTERN.test(e2eid)) throw invalidRefund('O parâmetro e2eid não respeita o schema.', 'e2eid');
    if (!REFUND_ID_PATTERN.test(id)) throw invalidRefund('O parâmetro id não respeita o schema.', 'id');
    const body = await jsonBody(c);
    const amount = pixValueToCents(body.valor);
    if (amount === null || amount === 0) throw invalidRefund('O campo devolucao.valor não respeita o schema.', 'devolucao.valor');
    const description = body.descricao;
    if (description !== undefined && (typeof description !== 'string' || description.length > 140))
      throw invalidRefund('O campo devolucao.descricao não respeita o schema.', 'devolucao.descricao');
    const payment = await paymentById(e2eid);
    if (!payment) throw pixNotFound();

    const same = (row: PixSandboxRefundRow) => {
      if (row.amount !== amount)
        throw invalidRefund('A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução.', 'id');
      return row;
    };
    const earlier = await refundById(e2eid, id);
    if (earlier) return c.json(refundView(same(earlier)), 201);

    const at = now();
    const row: PixSandboxRefundRow = {
      end_to_end_id: e2eid,
      id,
      rtr_id: sandboxEndToEndId('D', at),
      amount,
      description: typeof description === 'string' && description !== '' ? description : null,
      status: 'EM_PROCESSAMENTO',
      requested_at: at.toISOString(),
      settled_at: null,
    };
    let inserted = false;
    try {
      await db.transaction().execute(async (trx) => {
        // Concurrent PUTs of one id: the primary key lets one through. Two different refunds at
        // once: one conditional update each, so they never return more than was paid.
        if (!(await insertPixSandboxRefundOnce(trx, row))) return;
        if (!(await addPixSandboxPaymentRefunded(trx, e2eid, amount)))
          throw invalidRefund(
            'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.',
            'devolucao.valor',
          );
        inserted = true;
      });
    } catch (err) {
      // A concurrent call with the same id may have refunded first: its refund is the answer.
      const first = await refundById(e2eid, id);
      if (first) return c.json(refundView(same(first)), 201);
      throw err;
    }
    const first = await refundById(e2eid, id);
    if (!first) throw new Error('sandbox: refund row missing after insert');
    if (!inserted) return c.json(refundView(same(first)), 201);
    // Answered as a PSP answers a refund it just sent to the SPI; then settled at once, and told.
    const answer = refundView(same(first));
    await settleRefund(first, payment);
    return c.json(answer, 201);
  });

  app.get('/pix/:e2eid/devolucao/:id', async (c) => {
    authorise(c);
    const row = await refundById(c.req.param('e2eid'), c.req.param('id'));
    if (!row) throw new Problem(404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.', 'Devolução não encontrada para o e2eid informado.');
    return c.json(refundView(row));
  });

  /** The refund reaches DEVOLVIDO: a statement line, and the webhook with the Pix and its refunds. */
  async function settleRefund(refund: PixSandboxRefundRow, payment: PixSandboxPaymentRow): Promise<void> {
    const at = now();
    const charge = await chargeByTxid(payment.txid);
    await db.transaction().execute(async (trx) => {
      if (!(await settlePixSandboxRefund(trx, refund, at.toISOString()))) return;
      await recordOutboxMessage(
        trx,
        {
          channel: 'pix',
          recipient: `Chave Pix ${charge?.chave ?? ''}`.trim(),
          text: `Pix devolvido ${formatBRL(refund.amount)}${refund.description ? ` ${refund.description}` : ''} · devolução ${refund.id} do Pix ${refund.end_to_end_id}`,
        },
        at,
      );
    });
    if (charge) await deliverPix(charge.chave, payment);
  }

  // --- Webhooks -----------------------------------------------------------------------------------

  app.put('/webhook/:chave', async (c) => {
    authorise(c);
    const chave = c.req.param('chave');
    if (!chave || chave.length > 77)
      throw new Problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', 'O parâmetro chave não corresponde a uma chave DICT válida.');
    const body = await jsonBody(c);
    const url = body.webhookUrl;
    let valid = false;
    try {
      const parsed = new URL(String(url));
      valid = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      valid = false;
    }
    if (typeof url !== 'string' || !valid)
      throw new Problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', 'Campo webhook.webhookUrl não respeita o schema.', [
        { razao: 'Campo webhook.webhookUrl não respeita o schema.', propriedade: 'webhook.webhookUrl' },
      ]);
    const at = now().toISOString();
    await upsertPixSandboxWebhook(db, { chave, webhook_url: url, created_at: at });
    return c.body(null, 200);
  });

  app.get('/webhook/:chave', async (c) => {
    authorise(c);
    const row = await getPixSandboxWebhook(db, c.req.param('chave'));
    if (!row) throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'O webhook denotado por {chave} não encontra-se estabelecido.');
    return c.json({ webhookUrl: row.webhook_url, chave: row.chave, criacao: row.created_at });
  });

  app.delete('/webhook/:chave', async (c) => {
    authorise(c);
    if (!(await deletePixSandboxWebhook(db, c.req.param('chave'))))
      throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'O webhook denotado por {chave} não encontra-se estabelecido.');
    return c.body(null, 204);
  });

  /** The webhook's URL for a registered one: the API Pix calls {webhookUrl}/pix ('/pix' added to its path; its query kept). */
  function callbackUrl(webhookUrl: string): string {
    const url = new URL(webhookUrl);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/pix`;
    return url.toString();
  }

  type Delivery = { url: string; status: number } | { url: string; error: string } | null;

  /** POSTs { pix: [the Pix, with its refunds] } to the key's webhook, signed; null when the key has none. Never throws: a PSP's failed call is its own to retry. */
  async function deliverPix(chave: string, payment: PixSandboxPaymentRow): Promise<Delivery> {
    const hook = await getPixSandboxWebhook(db, chave);
    if (!hook) return null;
    const url = callbackUrl(hook.webhook_url);
    const body = JSON.stringify({ pix: [pixView(payment, await refundsOf([payment.end_to_end_id]))] });
    try {
      const res = await deliver(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [PIX_SIGNATURE_HEADER]: signPixWebhook(body, secret()) },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 300) console.warn(`[pix-sandbox] webhook ${url} answered ${res.status}`);
      return { url, status: res.status };
    } catch (err) {
      console.warn(`[pix-sandbox] webhook ${url} failed: ${(err as Error).message}`);
      return { url, error: (err as Error).message };
    }
  }

  // --- Sandbox-only actions -----------------------------------------------------------------------

  app.post('/sandbox/cob/:txid/pay', async (c) => {
    const txid = c.req.param('txid');
    const type = c.req.header('content-type') ?? '';
    // The outbox page's button posts a form; a test or a script posts JSON (or nothing).
    const form = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
    let requested: unknown;
    if (form) requested = (await c.req.parseBody()).amount || undefined;
    else if (type.includes('application/json')) requested = (await jsonBody(c)).amount;
    const charge = await chargeByTxid(txid);
    if (!charge) throw cobNotFound();
    const amount = requested === undefined ? charge.amount : Number(requested);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > PIX_MAX_CENTS) throw badRequest('amount: centavos inteiros maiores que zero.');
    const at = now();
    if (charge.status !== 'ATIVA') throw invalidCob(`A cobrança está ${charge.status} e não pode ser paga.`, 'cob.status');
    if (charge.expires_at <= at.toISOString()) throw invalidCob('A cobrança expirou e não pode ser paga.', 'cob.calendario.expiracao');

    const payment: PixSandboxPaymentRow = {
      end_to_end_id: sandboxEndToEndId('E', at),
      txid,
      amount,
      refunded: 0,
      payer_info: null,
      paid_at: at.toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      // One conditional update: of two payments (or a payment and a removal) at once, one wins.
      if (!(await concludeActivePixSandboxCharge(trx, txid, payment.paid_at)))
        throw invalidCob('A cobrança não está mais ATIVA e não pode ser paga.', 'cob.status');
      await insertPixSandboxPayment(trx, payment);
      await recordOutboxMessage(
        trx,
        {
          channel: 'pix',
          recipient: `Chave Pix ${charge.chave}`,
          text: `Pix recebido ${formatBRL(amount)}${charge.description ? ` ${charge.description}` : ''} · txid ${txid} · ${payment.end_to_end_id}`,
        },
        at,
      );
    });
    const webhook = await deliverPix(charge.chave, payment);
    if (form) return c.redirect('/dev/caixa-de-saida', 303);
    return c.json({ endToEndId: payment.end_to_end_id, txid, valor: centsToPixValue(amount), horario: payment.paid_at, webhook });
  });

  app.post('/sandbox/pix/:e2eid/webhook', async (c) => {
    const payment = await paymentById(c.req.param('e2eid'));
    if (!payment) throw pixNotFound();
    const charge = await chargeByTxid(payment.txid);
    return c.json({ endToEndId: payment.end_to_end_id, webhook: charge ? await deliverPix(charge.chave, payment) : null });
  });

  return app;
}
