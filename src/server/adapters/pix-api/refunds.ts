// Refunds (devoluções) of a Pix received: PUT /pix/{e2eid}/devolucao/{id}, idempotent by id; the
// refunds of one Pix never add up to more than it.
import { problemOf, problemText, readPix, refundFrom, type PixRefund } from './answers.ts';
import { PixPspError } from './errors.ts';
import { END_TO_END_ID_PATTERN, REFUND_ID_PATTERN, centsToPixValue } from './formats.ts';
import { refused, type Answer, type PixCall } from './transport.ts';

export interface RefundRequest {
  endToEndId: string;
  refundId: string;
  amount: number;
  description?: string;
}

function checkRefundRequest(req: RefundRequest): void {
  if (!END_TO_END_ID_PATTERN.test(req.endToEndId)) throw new PixPspError('invalid_request', `an endToEndId is 32 letters and digits, got '${req.endToEndId}'`);
  if (!REFUND_ID_PATTERN.test(req.refundId)) throw new PixPspError('invalid_request', `a refund id is 1 to 35 letters and digits, got '${req.refundId}'`);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
    throw new PixPspError('invalid_request', `a refund's amount is whole centavos > 0, got ${req.amount}`);
}

/** The same refund made before under the id, when there is one; refund_id_reused when it is of another amount. */
async function refundMadeBefore(call: PixCall, path: string, req: RefundRequest, status: number): Promise<PixRefund | null> {
  const earlier = await call('GET', path);
  if (earlier.status !== 200) return null;
  const refund = refundFrom(earlier.body, req.endToEndId);
  if (refund.amount !== req.amount)
    throw new PixPspError('refund_id_reused', `refund ${req.refundId} of ${req.endToEndId} is of ${refund.amount} centavos, not ${req.amount}`, { status });
  return refund;
}

/** refund_exceeds_payment when what the Pix's refunds already returned leaves less than the amount asked for. */
async function checkRefundFits(call: PixCall, req: RefundRequest, answer: Answer): Promise<void> {
  const pixAnswer = await call('GET', `/pix/${req.endToEndId}`);
  const pix = pixAnswer.status === 200 ? readPix(pixAnswer.body) : null;
  if (!pix) return;
  const refunded = pix.refunds.filter((r) => r.status !== 'NAO_REALIZADO').reduce((sum, r) => sum + r.amount, 0);
  if (refunded + req.amount > pix.amount)
    throw new PixPspError(
      'refund_exceeds_payment',
      `a refund of ${req.amount} centavos exceeds what is left of Pix ${req.endToEndId} (${pix.amount - refunded} of ${pix.amount})${problemText(answer.body)}`,
      { status: answer.status, problem: problemOf(answer.body) },
    );
}

/** PUT /pix/{e2eid}/devolucao/{id}. */
export async function refundPix(call: PixCall, req: RefundRequest): Promise<PixRefund> {
  checkRefundRequest(req);
  const path = `/pix/${req.endToEndId}/devolucao/${req.refundId}`;
  const description = req.description?.trim().slice(0, 140);
  const answer = await call('PUT', path, { valor: centsToPixValue(req.amount), ...(description ? { descricao: description } : {}) });
  if (answer.status === 200 || answer.status === 201) return refundFrom(answer.body, req.endToEndId);
  if (answer.status === 404) throw new PixPspError('payment_not_found', `no Pix ${req.endToEndId}`, { status: 404, problem: problemOf(answer.body) });
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 403) {
    // The API refuses an id already used and a refund above what is left; which one, it says
    // only in words, so the refund and the Pix are read: the same refund again is the answer.
    const earlier = await refundMadeBefore(call, path, req, answer.status);
    if (earlier) return earlier;
    await checkRefundFits(call, req, answer);
  }
  throw refused(answer, `PUT ${path}`);
}
