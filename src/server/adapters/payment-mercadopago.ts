// Mercado Pago's payments API (Checkout Transparente), as its reference and its official Node SDK
// (github.com/mercadopago/sdk-nodejs) document the three calls, each with
// `Authorization: Bearer <access token>` and `Content-Type: application/json`:
//   POST /v1/card_tokens { card_number, expiration_month, expiration_year, security_code,
//     cardholder: { name, identification: { type, number } } }
//     -> 201 { id, first_six_digits, last_four_digits, expiration_month, expiration_year, cardholder, status: 'active', ... }
//   POST /v1/payments, header X-Idempotency-Key, { transaction_amount (reais, decimal), token,
//     description, installments, payment_method_id, payer: { email }, binary_mode }
//     -> 201 { id, status, status_detail, transaction_amount, ... }
//   POST /v1/payments/{id}/refunds, header X-Idempotency-Key, { amount } (no amount: the rest)
//     -> 201 { id, payment_id, amount, status, ... }
// Errors: a 4xx/5xx with { message, error, status, cause: [{ code, description }] }; 409 when an
// idempotency key is reused for another request. Mercado Pago keeps the idempotency key itself:
// the same key answers the payment already created. binary_mode makes a card payment approved or
// rejected at once, never 'in_process', so a charge is final when it is answered.
// A Mercado Pago card token is for one payment: the card flow tokenises again (with the CVV the
// customer types in the CVV modal) before each charge. docs/payments.md maps the answers to ours.
import { detectCardBrand, stripCardNumber, type CardBrand } from '../../domain/card.ts';
import { centsToReais, reaisToCents } from '../../domain/money.ts';
import type { ChargeResult, DeclineReason } from '../../schemas/payments.ts';
import { PaymentGatewayError, type PaymentGateway } from './payment-gateway.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  /** Origin of the API, default https://api.mercadopago.com. */
  apiUrl: string;
  /** Per request; default 15 s (a card authorisation may take several seconds). */
  timeoutMs?: number;
}

/** Mercado Pago's payment_method_id for each brand the product accepts. */
export const MERCADOPAGO_PAYMENT_METHODS: Record<CardBrand, string> = {
  visa: 'visa',
  mastercard: 'master',
  elo: 'elo',
  amex: 'amex',
  hipercard: 'hipercard',
  diners: 'diners',
};

/** A rejected payment's status_detail -> our decline reason; the rest of the rejections are not_authorized. */
const DECLINE_DETAILS: Record<string, DeclineReason> = {
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_high_risk: 'suspected_fraud',
  cc_rejected_blacklist: 'suspected_fraud',
  cc_rejected_bad_filled_card_number: 'invalid_card',
  cc_rejected_bad_filled_security_code: 'invalid_card',
  cc_rejected_bad_filled_other: 'invalid_card',
  cc_rejected_bad_filled_date: 'expired_card',
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

type Answer = { status: number; body: Record<string, unknown> | null };

export function createMercadoPagoGateway(opts: MercadoPagoOptions): PaymentGateway {
  const base = opts.apiUrl.replace(/\/+$/, '');

  /** One call; throws gateway_offline when there is no answer. */
  async function call(path: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.accessToken}`, 'Content-Type': 'application/json' };
    if (idempotencyKey) headers['X-Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentGatewayError('gateway_offline', `Mercado Pago unreachable: ${(err as Error).message}`, { cause: err });
    }
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body: answer };
  }

  /** The error for a 4xx/5xx answer, with Mercado Pago's message and first cause. */
  function refusal(answer: Answer, what: string): PaymentGatewayError {
    if (answer.status >= 500) return new PaymentGatewayError('gateway_offline', `Mercado Pago ${what} ${answer.status}`);
    const cause = Array.isArray(answer.body?.cause) ? (answer.body.cause[0] as { code?: unknown; description?: unknown } | undefined) : undefined;
    const detail = `${answer.body?.message ?? answer.body?.error ?? 'no message'}${cause ? ` (cause ${cause.code}: ${cause.description})` : ''}`;
    if (answer.status === 409) return new PaymentGatewayError('idempotency_key_reused', `Mercado Pago ${what} 409: ${detail}`);
    return new PaymentGatewayError('gateway_refused', `Mercado Pago ${what} ${answer.status}: ${detail}`);
  }

  return {
    engine: 'mercadopago',

    async tokenise(card, holder) {
      const number = stripCardNumber(card.number);
      const brand = detectCardBrand(number);
      if (!brand) throw new PaymentGatewayError('unknown_brand');
      const document = holder.document?.replace(/\D/g, '');
      const answer = await call('/v1/card_tokens', {
        card_number: number,
        expiration_month: String(card.exp_month).padStart(2, '0'),
        expiration_year: String(card.exp_year),
        security_code: card.cvv,
        cardholder: {
          name: holder.name,
          ...(document ? { identification: { type: document.length === 14 ? 'CNPJ' : 'CPF', number: document } } : {}),
        },
      });
      if (answer.status >= 300 || typeof answer.body?.id !== 'string') throw refusal(answer, 'card token');
      const b = answer.body;
      return {
        token: b.id as string,
        brand,
        last4: String(b.last_four_digits ?? number.slice(-4)),
        exp_month: Number(b.expiration_month ?? card.exp_month),
        exp_year: Number(b.expiration_year ?? card.exp_year),
      };
    },

    async charge(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new PaymentGatewayError('invalid_amount');
      if (!request.payer_email) throw new PaymentGatewayError('gateway_refused', 'Mercado Pago needs the payer’s e-mail (payer.email)');
      let answer: Answer;
      try {
        answer = await call(
          '/v1/payments',
          {
            transaction_amount: centsToReais(request.amount),
            token: request.token,
            description: request.description,
            installments: 1,
            payment_method_id: MERCADOPAGO_PAYMENT_METHODS[request.brand],
            payer: { email: request.payer_email },
            binary_mode: true,
          },
          request.idempotency_key,
        );
      } catch (err) {
        // Nothing was answered: whether a payment exists is unknown; a retry with the same key
        // answers it if it does, and creates it once if it does not.
        if (err instanceof PaymentGatewayError && err.code === 'gateway_offline')
          return { charge_id: null, status: 'offline', reason: null, amount: request.amount };
        throw err;
      }
      if (answer.status >= 500) return { charge_id: null, status: 'offline', reason: null, amount: request.amount };
      if (answer.status >= 300 || !answer.body) throw refusal(answer, 'payment');
      return mercadoPagoChargeResult(answer.body, request.amount);
    },

    async refund(request) {
      if (request.amount !== undefined && (!Number.isSafeInteger(request.amount) || request.amount <= 0)) throw new PaymentGatewayError('invalid_amount');
      const body = request.amount === undefined ? {} : { amount: centsToReais(request.amount) };
      const answer = await call(`/v1/payments/${encodeURIComponent(request.charge_id)}/refunds`, body, request.idempotency_key);
      if (answer.status === 404) throw new PaymentGatewayError('charge_not_found', `Mercado Pago refund 404: ${answer.body?.message ?? ''}`);
      if (answer.status >= 300 || !answer.body || answer.body.id === undefined) throw refusal(answer, 'refund');
      return {
        refund_id: String(answer.body.id),
        charge_id: String(answer.body.payment_id ?? request.charge_id),
        amount: typeof answer.body.amount === 'number' ? reaisToCents(answer.body.amount) : (request.amount ?? 0),
      };
    },
  };
}
