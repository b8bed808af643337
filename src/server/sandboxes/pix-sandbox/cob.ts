// Immediate charges (cob) and their locations: PUT|GET|PATCH /cob/{txid}, GET /loc/{id}, and the
// location itself, GET /qr/{token}.
import { randomBytes, randomInt } from 'node:crypto';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { PIX_SANDBOX_PATH, TXID_PATTERN, pixValueToCents } from '../../adapters/pix-psp.ts';
import {
  findPixSandboxChargeByLocationSuffix,
  getPixSandboxCharge,
  getPixSandboxLocation,
  insertPixSandboxChargeOnce,
  listPixSandboxPayments,
  listPixSandboxRefunds,
  removeActivePixSandboxCharge,
} from '../../db/pix-sandbox-repo.ts';
import type { PixSandboxChargeRow } from '../../db/types.ts';
import type { PixSandbox, RouteContext } from './context.ts';
import { plusSeconds } from './ids.ts';
import { authorise } from './oauth.ts';
import { Problem, cobNotFound, invalidCob } from './problems.ts';
import { jsonBody, optionalTextValid, textOrNull } from './requests.ts';
import { cobView, locationView, payloadView, type ReceivedPix } from './views.ts';

/** The location's host when PUBLIC_ORIGIN's cannot be written in a BR Code (localhost, a port): a name that never resolves. */
const FALLBACK_LOCATION_HOST = 'pix-sandbox.invalid';
/** calendario.expiracao when a charge gives none (the API Pix's default). */
const DEFAULT_EXPIRY_SECONDS = 86_400;

/** A PUT /cob/{txid} body, checked. */
interface CobRequest {
  expiresIn: number;
  amount: number;
  chave: string;
  description: string | null;
}

/** The body of PUT /cob/{txid}, or the API Pix's refusal of its first wrong field. */
function readCobRequest(body: Record<string, unknown>): CobRequest {
  const calendario = (body.calendario ?? {}) as Record<string, unknown>;
  const expiresIn = calendario.expiracao === undefined ? DEFAULT_EXPIRY_SECONDS : calendario.expiracao;
  if (!Number.isSafeInteger(expiresIn) || (expiresIn as number) <= 0)
    throw invalidCob('O campo cob.calendario.expiracao é igual ou menor que zero.', 'cob.calendario.expiracao');
  const amount = pixValueToCents(((body.valor ?? {}) as Record<string, unknown>).original);
  if (amount === null) throw invalidCob('O campo cob.valor.original não respeita o schema.', 'cob.valor.original');
  if (amount === 0) throw invalidCob('O campo cob.valor.original é zero.', 'cob.valor.original');
  const chave = body.chave;
  if (typeof chave !== 'string' || chave.trim() === '' || chave.length > 77) throw invalidCob('O campo cob.chave não respeita o schema.', 'cob.chave');
  if (!optionalTextValid(body.solicitacaoPagador)) throw invalidCob('O campo solicitacaoPagador não respeita o schema.', 'cob.solicitacaoPagador');
  return { expiresIn: expiresIn as number, amount, chave, description: textOrNull(body.solicitacaoPagador) };
}

/**
 * The charge already under the txid, when the request is its retry. The product never revises a
 * charge through PUT: the same txid with the same amount and key is a retry, answered with the
 * charge as it is; anything else under a used txid is refused.
 */
function sameCharge(row: PixSandboxChargeRow, req: CobRequest): PixSandboxChargeRow {
  if (row.amount !== req.amount || row.chave !== req.chave) throw invalidCob('O txid informado já é usado por outra cobrança.', 'cob.txid');
  return row;
}

/** Where the QR code points: PUBLIC_ORIGIN's host when a BR Code can carry it (a dotted name, no port), else a name that never resolves; at most 77 characters. */
function newLocation(sb: PixSandbox): string {
  const token = randomBytes(12).toString('hex');
  const path = `${PIX_SANDBOX_PATH.slice(1)}/qr/${token}`;
  let host = '';
  try {
    const url = new URL(sb.publicOrigin());
    host = url.port ? '' : url.hostname;
  } catch {
    host = '';
  }
  const location = `${host}/${path}`;
  if (host && location.length <= 77 && generatePixPayload({ url: location, merchantName: sb.merchantName, merchantCity: sb.merchantCity }) !== null)
    return location;
  return `${FALLBACK_LOCATION_HOST}/${path}`;
}

/** Inserts the charge under a fresh location and answers the row the txid then has. */
async function insertCharge(sb: PixSandbox, txid: string, req: CobRequest): Promise<PixSandboxChargeRow> {
  const at = sb.now().toISOString();
  for (let attempt = 0; attempt < 5; attempt++) {
    const location = newLocation(sb);
    const copyPaste = generatePixPayload({ url: location, merchantName: sb.merchantName, merchantCity: sb.merchantCity });
    if (!copyPaste) throw new Error(`sandbox: no BR Code for location ${location}`);
    // Concurrent PUTs of one txid: the primary key lets one insert through, the others insert
    // nothing (on PostgreSQL once the first commits) and answer that row. A location id drawn
    // twice (unique too) inserts nothing either and draws again.
    await insertPixSandboxChargeOnce(sb.db, {
      txid,
      loc_id: randomInt(1, 2 ** 31 - 1),
      location,
      chave: req.chave,
      amount: req.amount,
      description: req.description,
      expires_in: req.expiresIn,
      status: 'ATIVA',
      revision: 0,
      copy_paste: copyPaste,
      created_at: at,
      expires_at: plusSeconds(at, req.expiresIn),
      updated_at: at,
    });
    const row = await getPixSandboxCharge(sb.db, txid);
    if (row) return row;
  }
  throw new Error('sandbox: could not draw a free location id');
}

/** PUT /cob/{txid}. */
export async function putCob(sb: PixSandbox, c: RouteContext<'/cob/:txid'>) {
  authorise(sb, c);
  const txid = c.req.param('txid');
  if (!TXID_PATTERN.test(txid)) throw invalidCob('O campo cob.txid não respeita o schema.', 'cob.txid');
  const req = readCobRequest(await jsonBody(c));
  const row = (await getPixSandboxCharge(sb.db, txid)) ?? (await insertCharge(sb, txid, req));
  return c.json(cobView(sameCharge(row, req)), 201);
}

/** The Pix a charge received, with their refunds. */
async function receivedBy(sb: PixSandbox, txid: string): Promise<ReceivedPix> {
  const payments = await listPixSandboxPayments(sb.db, txid);
  return {
    payments,
    refunds: payments.length
      ? await listPixSandboxRefunds(
          sb.db,
          payments.map((p) => p.end_to_end_id),
        )
      : [],
  };
}

/** GET /cob/{txid}. */
export async function getCob(sb: PixSandbox, c: RouteContext<'/cob/:txid'>) {
  authorise(sb, c);
  const row = await getPixSandboxCharge(sb.db, c.req.param('txid'));
  if (!row) throw cobNotFound();
  return c.json(cobView(row, await receivedBy(sb, row.txid)));
}

/** PATCH /cob/{txid}: the sandbox revises a charge only to remove it. */
export async function patchCob(sb: PixSandbox, c: RouteContext<'/cob/:txid'>) {
  authorise(sb, c);
  const txid = c.req.param('txid');
  const body = await jsonBody(c);
  if (!(await getPixSandboxCharge(sb.db, txid))) throw cobNotFound();
  const others = Object.keys(body).filter((k) => k !== 'status');
  if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
    throw invalidCob('O sandbox revisa uma cobrança apenas para removê-la (status REMOVIDA_PELO_USUARIO_RECEBEDOR).', 'cob.status');
  if (others.length) throw invalidCob('A cobrança está ATIVA, e a presente requisição propõe removê-la juntamente com outras alterações.', `cob.${others[0]}`);
  // One conditional update: of a removal and a payment at once, one wins.
  if (!(await removeActivePixSandboxCharge(sb.db, txid, sb.now().toISOString())))
    throw invalidCob('A cobrança não está ATIVA, e a presente requisição busca alterá-la.', 'cob.status');
  return c.json(cobView((await getPixSandboxCharge(sb.db, txid))!));
}

/** GET /loc/{id}. */
export async function getLoc(sb: PixSandbox, c: RouteContext<'/loc/:id'>) {
  authorise(sb, c);
  const id = Number(c.req.param('id'));
  const row = Number.isSafeInteger(id) ? await getPixSandboxLocation(sb.db, id) : undefined;
  if (!row) throw new Problem(404, 'PayloadLocationNaoEncontrado', 'Location não encontrada.', 'Location não encontrada para o id informado.');
  return c.json(locationView(row));
}

/** GET /qr/{token}: the location itself, open, as a capability URL (the token is its only secret). */
export async function getQr(sb: PixSandbox, c: RouteContext<'/qr/:token'>) {
  const token = c.req.param('token');
  // The token is hex (no LIKE wildcard can pass); the location's host is whichever it was made with.
  const row = /^[0-9a-f]{24}$/.test(token) ? await findPixSandboxChargeByLocationSuffix(sb.db, `/${PIX_SANDBOX_PATH.slice(1)}/qr/${token}`) : undefined;
  if (row?.status !== 'ATIVA' || row.expires_at <= sb.now().toISOString())
    throw new Problem(404, 'CobPayloadNaoEncontrado', 'Cobrança não encontrada.', 'A cobrança em questão não foi encontrada para a location requisitada.');
  return c.json(payloadView(row, sb.now()));
}
