// What only people and tests may do (the sandbox is 404 outside the demo): pay a charge as a
// payer's bank would, and deliver a Pix's webhook again (a PSP's duplicate).
import type { Context } from 'hono';
import { PIX_MAX_CENTS, centsToPixValue } from '../../adapters/pix-psp.ts';
import { concludeActivePixSandboxCharge, getPixSandboxCharge, getPixSandboxPayment, insertPixSandboxPayment } from '../../db/pix-sandbox-repo.ts';
import type { PixSandboxChargeRow, PixSandboxPaymentRow } from '../../db/types.ts';
import type { PixSandbox, RouteContext } from './context.ts';
import { sandboxEndToEndId } from './ids.ts';
import { badRequest, cobNotFound, invalidCob, pixNotFound } from './problems.ts';
import { jsonBody } from './requests.ts';
import { recordPixReceived } from './statement.ts';
import { deliverPix } from './webhooks.ts';

/** The amount a pay request names (undefined: the charge's), and whether it came from a form. */
async function payRequest(c: Context): Promise<{ form: boolean; requested: unknown }> {
  const type = c.req.header('content-type') ?? '';
  // The outbox page's button posts a form; a test or a script posts JSON (or nothing).
  const form = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  if (form) return { form, requested: (await c.req.parseBody()).amount || undefined };
  if (type.includes('application/json')) return { form, requested: (await jsonBody(c)).amount };
  return { form, requested: undefined };
}

/** The charge can be paid at `at`, or the refusal why not. */
function checkPayable(charge: PixSandboxChargeRow, at: Date): void {
  if (charge.status !== 'ATIVA') throw invalidCob(`A cobrança está ${charge.status} e não pode ser paga.`, 'cob.status');
  if (charge.expires_at <= at.toISOString()) throw invalidCob('A cobrança expirou e não pode ser paga.', 'cob.calendario.expiracao');
}

/** The charge CONCLUIDA, its Pix recorded and its statement line written, at once. */
async function recordPayment(sb: PixSandbox, charge: PixSandboxChargeRow, payment: PixSandboxPaymentRow, at: Date): Promise<void> {
  await sb.db.transaction().execute(async (trx) => {
    // One conditional update: of two payments (or a payment and a removal) at once, one wins.
    if (!(await concludeActivePixSandboxCharge(trx, charge.txid, payment.paid_at)))
      throw invalidCob('A cobrança não está mais ATIVA e não pode ser paga.', 'cob.status');
    await insertPixSandboxPayment(trx, payment);
    await recordPixReceived(trx, charge, payment, at);
  });
}

/**
 * POST /sandbox/cob/{txid}/pay [{ amount }]: a Pix with a fresh endToEndId, the charge CONCLUIDA,
 * the signed webhook delivered to the key's URL; a form post is answered with a redirect to the
 * outbox page.
 */
export async function payCob(sb: PixSandbox, c: RouteContext<'/sandbox/cob/:txid/pay'>) {
  const txid = c.req.param('txid');
  const { form, requested } = await payRequest(c);
  const charge = await getPixSandboxCharge(sb.db, txid);
  if (!charge) throw cobNotFound();
  const amount = requested === undefined ? charge.amount : Number(requested);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > PIX_MAX_CENTS) throw badRequest('amount: centavos inteiros maiores que zero.');
  const at = sb.now();
  checkPayable(charge, at);
  const payment: PixSandboxPaymentRow = { end_to_end_id: sandboxEndToEndId('E', at), txid, amount, refunded: 0, payer_info: null, paid_at: at.toISOString() };
  await recordPayment(sb, charge, payment, at);
  const webhook = await deliverPix(sb, charge.chave, payment);
  if (form) return c.redirect('/dev/caixa-de-saida', 303);
  return c.json({ endToEndId: payment.end_to_end_id, txid, valor: centsToPixValue(amount), horario: payment.paid_at, webhook });
}

/** POST /sandbox/pix/{e2eid}/webhook: delivers a Pix's webhook again. */
export async function redeliverPix(sb: PixSandbox, c: RouteContext<'/sandbox/pix/:e2eid/webhook'>) {
  const payment = await getPixSandboxPayment(sb.db, c.req.param('e2eid'));
  if (!payment) throw pixNotFound();
  const charge = await getPixSandboxCharge(sb.db, payment.txid);
  return c.json({ endToEndId: payment.end_to_end_id, webhook: charge ? await deliverPix(sb, charge.chave, payment) : null });
}
