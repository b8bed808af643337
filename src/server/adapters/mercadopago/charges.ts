// Payments (POST /v1/payments) with a saved card: each charge makes a fresh card token from the
// saved card and the CVV typed for it, and carries our idempotency key (hashed) as its
// external_reference, by which a retry without the CVV finds the payment whose answer was lost.
import { createHash } from 'node:crypto';
import { reaisToCents, centsToReais } from '../../../domain/money.ts';
import type { ChargeResult, DeclineReason } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type ChargeRequest } from '../payment-gateway.ts';
import { answerOrNull, detailOf, refusal, resultsOf, type MercadoPagoCall } from './api.ts';
import { MERCADOPAGO_PAYMENT_METHODS, SAVED_CARD_PREFIX, parseSavedCardToken } from './cards.ts';
import { customerNotFound } from './customers.ts';

type SavedCard = { customerId: string; cardId: string };

/**
 * The external_reference of the payment made under an idempotency key: the key's SHA-256 in hex.
 * Mercado Pago takes at most 64 characters, only letters, digits, '-' and '_' (its support answer
 * 'Is there a maximum limit for external_reference?'); our keys hold ':' and have no bound, and the
 * hex digest is always 64 of [0-9a-f], the same for the same key, so the search finds exactly it.
 */
export function mercadoPagoExternalReference(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey, 'utf8').digest('hex');
}

/** A rejected payment's status_detail -> our decline reason; the rest of the rejections are not_authorized. */
const DECLINE_DETAILS: Record<string, DeclineReason> = {
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_high_risk: 'suspected_fraud',
  cc_rejected_blacklist: 'suspected_fraud',
  cc_rejected_bad_filled_card_number: 'invalid_card',
  cc_rejected_bad_filled_security_code: 'invalid_card',
  cc_rejected_bad_filled_other: 'invalid_card',
  cc_rejected_bad_filled_date: 'expired_card',
  cc_rejected_card_disabled: 'card_blocked',
};

/** Rejections where the issuer or the network failed rather than decided: ours is issuer_error. */
const ISSUER_ERROR_DETAILS = new Set(['cc_rejected_other_reason', 'cc_rejected_card_error']);

/** Maps a payment answer (status, status_detail) to our charge outcome. */
export function mercadoPagoChargeResult(payment: { id?: unknown; status?: unknown; status_detail?: unknown }, amount: number): ChargeResult {
  const chargeId = payment.id === undefined || payment.id === null ? null : String(payment.id);
  const detail = String(payment.status_detail ?? '');
  if (payment.status === 'approved') return { charge_id: chargeId, status: 'captured', reason: null, amount };
  if (payment.status === 'rejected') {
    if (ISSUER_ERROR_DETAILS.has(detail)) return { charge_id: chargeId, status: 'issuer_error', reason: null, amount };
    return { charge_id: chargeId, status: 'declined', reason: DECLINE_DETAILS[detail] ?? 'not_authorized', amount };
  }
  // binary_mode leaves no other status for a card; anything else is the issuer not deciding.
  return { charge_id: chargeId, status: 'issuer_error', reason: null, amount };
}

/** The newest payment carrying `reference`: only a payment with our reference is this charge's (were the filter ever ignored, the account's other payments would come back). */
function newestWithReference(results: Array<Record<string, unknown> | null>, reference: string): Record<string, unknown> | null {
  const dateOf = (p: Record<string, unknown>) => Date.parse(String(p.date_created ?? '')) || 0;
  let newest: Record<string, unknown> | null = null;
  for (const p of results) if (p?.external_reference === reference && (newest === null || dateOf(p) > dateOf(newest))) newest = p;
  return newest;
}

/**
 * A charge of a saved card without its CVV: the retry of a charge whose answer was lost. Without
 * the CVV no card token can be made, so nothing is paid: the payment made under the key, if one
 * was, is looked up by its external_reference (the newest, should there be more) and answered as
 * it was. None is invalid_cvv: nothing was charged under the key, and a saved card is charged
 * only with the CVV typed for it.
 */
async function recoverCharge(call: MercadoPagoCall, request: ChargeRequest, offline: ChargeResult): Promise<ChargeResult> {
  const reference = mercadoPagoExternalReference(request.idempotency_key);
  const answer = await answerOrNull(
    call('GET', `/v1/payments/search?${new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc' })}`),
  );
  // No answer: whether a payment exists is still unknown; the same call may be made again.
  if (!answer || answer.status >= 500) return offline;
  if (answer.status >= 300) throw refusal(answer, 'payment search');
  const newest = newestWithReference(resultsOf<Record<string, unknown>>(answer), reference);
  if (!newest)
    throw new PaymentGatewayError(
      'invalid_cvv',
      `Mercado Pago has no payment under key ${request.idempotency_key} (external_reference ${reference}), and a saved card is charged only with its CVV (security_code): ask for it and charge again`,
    );
  if (typeof newest.transaction_amount === 'number' && reaisToCents(newest.transaction_amount) !== request.amount)
    throw new PaymentGatewayError(
      'idempotency_key_reused',
      `Mercado Pago payment ${String(newest.id)} under key ${request.idempotency_key} is of R$ ${newest.transaction_amount}, not of this charge`,
    );
  return mercadoPagoChargeResult(newest, request.amount);
}

/** A card token for one payment of a saved card, from the CVV typed for it; null when no answer came (nothing was charged; the same key may be tried again). */
async function savedCardPaymentToken(call: MercadoPagoCall, saved: SavedCard, securityCode: string | undefined): Promise<string | null> {
  const answer = await answerOrNull(call('POST', '/v1/card_tokens', { card_id: saved.cardId, security_code: securityCode }));
  if (!answer || answer.status >= 500) return null;
  if (answer.status === 404)
    throw new PaymentGatewayError('unknown_token', `Mercado Pago card token 404: saved card ${saved.cardId} not found: ${detailOf(answer)}`);
  if (answer.status >= 300 || typeof answer.body?.id !== 'string') throw refusal(answer, 'card token');
  return answer.body.id;
}

/** The card token the payment is made with; null when Mercado Pago did not answer. */
async function paymentToken(call: MercadoPagoCall, request: ChargeRequest, saved: SavedCard | null): Promise<string | null> {
  if (saved) return savedCardPaymentToken(call, saved, request.security_code);
  // A single-use card token kept before cards were saved: charged as it is, while Mercado Pago
  // still has it. A retry sends the same request again, which Mercado Pago answers by its key.
  if (!request.payer_email) throw new PaymentGatewayError('gateway_refused', 'Mercado Pago needs the payer’s e-mail (payer.email)');
  return request.token;
}

/** The body of POST /v1/payments. */
function paymentBody(request: ChargeRequest, cardToken: string, saved: SavedCard | null) {
  return {
    transaction_amount: centsToReais(request.amount),
    token: cardToken,
    description: request.description,
    // How a retry without the CVV finds this payment (recoverCharge).
    external_reference: mercadoPagoExternalReference(request.idempotency_key),
    installments: 1,
    payment_method_id: MERCADOPAGO_PAYMENT_METHODS[request.brand],
    payer: saved ? { type: 'customer', id: saved.customerId, ...(request.payer_email ? { email: request.payer_email } : {}) } : { email: request.payer_email },
    binary_mode: true,
  };
}

/** Charges a card token (ours names a saved card, or is a single-use one kept from before). */
export async function chargeCard(call: MercadoPagoCall, request: ChargeRequest): Promise<ChargeResult> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new PaymentGatewayError('invalid_amount');
  // A deleted card keeps an empty token.
  if (!request.token) throw new PaymentGatewayError('unknown_token', 'no card token');
  const offline: ChargeResult = { charge_id: null, status: 'offline', reason: null, amount: request.amount };
  const saved = parseSavedCardToken(request.token);
  if (!saved && request.token.startsWith(SAVED_CARD_PREFIX)) throw new PaymentGatewayError('unknown_token', 'malformed saved card token');
  if (saved && !request.security_code) return recoverCharge(call, request, offline);
  const cardToken = await paymentToken(call, request, saved);
  if (cardToken === null) return offline;
  // No answer: whether a payment exists is unknown; a retry with the same key finds it if it does
  // (recoverCharge), and creates it once if it does not.
  const answer = await answerOrNull(call('POST', '/v1/payments', paymentBody(request, cardToken, saved), request.idempotency_key));
  if (!answer || answer.status >= 500) return offline;
  if (saved && customerNotFound(answer))
    throw new PaymentGatewayError('unknown_token', `Mercado Pago payment ${answer.status}: customer ${saved.customerId} not found: ${detailOf(answer)}`);
  if (answer.status >= 300 || !answer.body) throw refusal(answer, 'payment');
  return mercadoPagoChargeResult(answer.body, request.amount);
}
