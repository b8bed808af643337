// The sandbox's refunds: each under its idempotency key; the refunds of a charge never return more
// than it captured, and each writes its statement line.
import { formatBRL } from '../../../domain/money.ts';
import type { RefundResult } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type RefundRequest } from '../../adapters/payment-gateway.ts';
import { addSandboxChargeRefunded, getSandboxCharge, getSandboxRefundByKey, insertSandboxRefundOnce } from '../../db/payment-sandbox-repo.ts';
import { assertPositiveCents, newId, type SandboxAcquirer } from './acquirer.ts';
import { statementLine } from './statement.ts';

/** The refund under the request's key answered, when the request is its retry (the same charge, and amount when given). */
function sameRefund(row: { id: string; charge_id: string; amount: number }, request: RefundRequest): RefundResult {
  if (row.charge_id !== request.charge_id || (request.amount !== undefined && row.amount !== request.amount))
    throw new PaymentGatewayError('idempotency_key_reused', 'the idempotency key was used for another refund');
  return { refund_id: row.id, charge_id: row.charge_id, amount: row.amount };
}

/** Records one refund under the request's key, unless that key already has one. */
async function refundOnce(acq: SandboxAcquirer, request: RefundRequest, now: Date): Promise<void> {
  const charge = await getSandboxCharge(acq.db, request.charge_id);
  if (!charge) throw new PaymentGatewayError('charge_not_found');
  if (charge.status !== 'captured') throw new PaymentGatewayError('charge_not_captured');
  const amount = request.amount ?? charge.amount - charge.refunded;
  if (amount <= 0) throw new PaymentGatewayError('refund_exceeds_charge');

  const id = newId('re');
  await acq.db.transaction().execute(async (trx) => {
    const inserted = await insertSandboxRefundOnce(trx, {
      id,
      idempotency_key: request.idempotency_key,
      charge_id: charge.id,
      amount,
      created_at: now.toISOString(),
    });
    if (!inserted) return;
    // One conditional update: two different refunds at once never return more than was charged.
    if (!(await addSandboxChargeRefunded(trx, charge.id, amount))) throw new PaymentGatewayError('refund_exceeds_charge');
    await statementLine(trx, charge.token, `Estorno ${formatBRL(amount)} ${charge.description}`, now);
  });
}

export async function refundCharge(acq: SandboxAcquirer, request: RefundRequest, now: Date): Promise<RefundResult> {
  if (request.amount !== undefined) assertPositiveCents(request.amount);
  const earlier = await getSandboxRefundByKey(acq.db, request.idempotency_key);
  if (earlier) return sameRefund(earlier, request);
  try {
    await refundOnce(acq, request, now);
  } catch (err) {
    // A concurrent call with the same key may have refunded first (what remained is then 0):
    // its refund is this call's answer.
    const first = await getSandboxRefundByKey(acq.db, request.idempotency_key);
    if (first) return sameRefund(first, request);
    throw err;
  }
  const first = await getSandboxRefundByKey(acq.db, request.idempotency_key);
  if (!first) throw new Error('sandbox: refund row missing after insert');
  return sameRefund(first, request);
}
