// The Pix received and their refunds (devoluções): GET /pix/{e2eid}, PUT|GET
// /pix/{e2eid}/devolucao/{id}. A refund is answered EM_PROCESSAMENTO and settles (DEVOLVIDO) at
// once, which the webhook tells, as the API Pix asks of a refund reaching its final status.
import { END_TO_END_ID_PATTERN, REFUND_ID_PATTERN, pixValueToCents } from '../../adapters/pix-psp.ts';
import {
  addPixSandboxPaymentRefunded,
  getPixSandboxCharge,
  getPixSandboxPayment,
  getPixSandboxRefund,
  insertPixSandboxRefundOnce,
  listPixSandboxRefunds,
  settlePixSandboxRefund,
} from '../../db/pix-sandbox-repo.ts';
import type { PixSandboxPaymentRow, PixSandboxRefundRow } from '../../db/types.ts';
import type { PixSandbox, RouteContext } from './context.ts';
import { sandboxEndToEndId } from './ids.ts';
import { authorise } from './oauth.ts';
import { Problem, invalidRefund, pixNotFound } from './problems.ts';
import { jsonBody, optionalTextValid, textOrNull } from './requests.ts';
import { recordPixRefunded } from './statement.ts';
import { pixView, refundView } from './views.ts';
import { deliverPix } from './webhooks.ts';

/** GET /pix/{e2eid}. */
export async function getPix(sb: PixSandbox, c: RouteContext<'/pix/:e2eid'>) {
  authorise(sb, c);
  const payment = await getPixSandboxPayment(sb.db, c.req.param('e2eid'));
  if (!payment) throw pixNotFound();
  return c.json(pixView(payment, await listPixSandboxRefunds(sb.db, [payment.end_to_end_id])));
}

/** The body of PUT /pix/{e2eid}/devolucao/{id}, or the API Pix's refusal of its first wrong field. */
function readRefundRequest(body: Record<string, unknown>): { amount: number; description: string | null } {
  const amount = pixValueToCents(body.valor);
  if (amount === null || amount === 0) throw invalidRefund('O campo devolucao.valor não respeita o schema.', 'devolucao.valor');
  if (!optionalTextValid(body.descricao)) throw invalidRefund('O campo devolucao.descricao não respeita o schema.', 'devolucao.descricao');
  return { amount, description: textOrNull(body.descricao) };
}

/** The refund already under the id, when the request is its retry (the same amount); else the id is refused as used. */
function sameRefund(row: PixSandboxRefundRow, amount: number): PixSandboxRefundRow {
  if (row.amount !== amount) throw invalidRefund('A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução.', 'id');
  return row;
}

/** Inserts the refund and adds it to what its Pix returned: true when this call inserted it. */
async function insertRefund(sb: PixSandbox, row: PixSandboxRefundRow): Promise<boolean> {
  return sb.db.transaction().execute(async (trx) => {
    // Concurrent PUTs of one id: the primary key lets one through. Two different refunds at
    // once: one conditional update each, so they never return more than was paid.
    if (!(await insertPixSandboxRefundOnce(trx, row))) return false;
    if (!(await addPixSandboxPaymentRefunded(trx, row.end_to_end_id, row.amount)))
      throw invalidRefund(
        'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.',
        'devolucao.valor',
      );
    return true;
  });
}

/** The refund under the row's id once this call tried to insert it, and whether this call did. */
async function recordRefund(sb: PixSandbox, row: PixSandboxRefundRow): Promise<{ inserted: boolean; first: PixSandboxRefundRow }> {
  let inserted: boolean;
  try {
    inserted = await insertRefund(sb, row);
  } catch (err) {
    // A concurrent call with the same id may have refunded first: its refund is the answer.
    const first = await getPixSandboxRefund(sb.db, row.end_to_end_id, row.id);
    if (first) return { inserted: false, first };
    throw err;
  }
  const first = await getPixSandboxRefund(sb.db, row.end_to_end_id, row.id);
  if (!first) throw new Error('sandbox: refund row missing after insert');
  return { inserted, first };
}

/** PUT /pix/{e2eid}/devolucao/{id}. */
export async function putRefund(sb: PixSandbox, c: RouteContext<'/pix/:e2eid/devolucao/:id'>) {
  authorise(sb, c);
  const e2eid = c.req.param('e2eid');
  const id = c.req.param('id');
  if (!END_TO_END_ID_PATTERN.test(e2eid)) throw invalidRefund('O parâmetro e2eid não respeita o schema.', 'e2eid');
  if (!REFUND_ID_PATTERN.test(id)) throw invalidRefund('O parâmetro id não respeita o schema.', 'id');
  const { amount, description } = readRefundRequest(await jsonBody(c));
  const payment = await getPixSandboxPayment(sb.db, e2eid);
  if (!payment) throw pixNotFound();
  const earlier = await getPixSandboxRefund(sb.db, e2eid, id);
  if (earlier) return c.json(refundView(sameRefund(earlier, amount)), 201);

  const at = sb.now();
  const { inserted, first } = await recordRefund(sb, {
    end_to_end_id: e2eid,
    id,
    rtr_id: sandboxEndToEndId('D', at),
    amount,
    description,
    status: 'EM_PROCESSAMENTO',
    requested_at: at.toISOString(),
    settled_at: null,
  });
  // Answered as a PSP answers a refund it just sent to the SPI; then settled at once, and told.
  const answer = refundView(sameRefund(first, amount));
  if (inserted) await settleRefund(sb, first, payment);
  return c.json(answer, 201);
}

/** GET /pix/{e2eid}/devolucao/{id}. */
export async function getRefund(sb: PixSandbox, c: RouteContext<'/pix/:e2eid/devolucao/:id'>) {
  authorise(sb, c);
  const row = await getPixSandboxRefund(sb.db, c.req.param('e2eid'), c.req.param('id'));
  if (!row) throw new Problem(404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.', 'Devolução não encontrada para o e2eid informado.');
  return c.json(refundView(row));
}

/** The refund reaches DEVOLVIDO: a statement line, and the webhook with the Pix and its refunds. */
async function settleRefund(sb: PixSandbox, refund: PixSandboxRefundRow, payment: PixSandboxPaymentRow): Promise<void> {
  const at = sb.now();
  const charge = await getPixSandboxCharge(sb.db, payment.txid);
  await sb.db.transaction().execute(async (trx) => {
    if (!(await settlePixSandboxRefund(trx, refund, at.toISOString()))) return;
    await recordPixRefunded(trx, charge?.chave, refund, at);
  });
  if (charge) await deliverPix(sb, charge.chave, payment);
}
