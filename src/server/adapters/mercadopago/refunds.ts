// Refunds of a payment: POST /v1/payments/{id}/refunds, under the caller's idempotency key.
import { centsToReais, reaisToCents } from '../../../domain/money.ts';
import type { RefundResult } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type RefundRequest } from '../payment-gateway.ts';
import { refusal, type MercadoPagoCall } from './api.ts';

export async function refundPayment(call: MercadoPagoCall, request: RefundRequest): Promise<RefundResult> {
  if (request.amount !== undefined && (!Number.isSafeInteger(request.amount) || request.amount <= 0)) throw new PaymentGatewayError('invalid_amount');
  const body = request.amount === undefined ? {} : { amount: centsToReais(request.amount) };
  const answer = await call('POST', `/v1/payments/${encodeURIComponent(request.charge_id)}/refunds`, body, request.idempotency_key);
  if (answer.status === 404) throw new PaymentGatewayError('charge_not_found', `Mercado Pago refund 404: ${answer.body?.message ?? ''}`);
  if (answer.status >= 300 || !answer.body || answer.body.id === undefined) throw refusal(answer, 'refund');
  return {
    refund_id: String(answer.body.id),
    charge_id: String(answer.body.payment_id ?? request.charge_id),
    amount: typeof answer.body.amount === 'number' ? reaisToCents(answer.body.amount) : (request.amount ?? 0),
  };
}
