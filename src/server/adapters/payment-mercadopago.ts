// Mercado Pago's payments API (Checkout Transparente) with its saved cards ('Cards and customers
// management': create customer and card, receive payments with saved cards), as its reference and
// its official Node SDK (github.com/mercadopago/sdk-nodejs) document the calls, each with
// `Authorization: Bearer <access token>` (and `Content-Type: application/json` with a body):
//   POST /v1/card_tokens { card_number, expiration_month, expiration_year, security_code,
//     cardholder: { name, identification: { type, number } } }
//     or, for a saved card, { card_id, security_code }
//     -> 201 { id, card_id?, first_six_digits, last_four_digits, expiration_month, expiration_year, status: 'active', ... }
//   GET /v1/customers/search?email=... -> 200 { paging, results: [{ id, email, ... }] }
//   POST /v1/customers { email } -> 201 { id, email, ... }; 400 cause 101 'the customer already exist'
//   POST /v1/customers/{customer_id}/cards { token }
//     -> 201 { id, customer_id, last_four_digits, expiration_month, expiration_year, payment_method: { id }, ... }
//   POST /v1/payments, header X-Idempotency-Key, { transaction_amount (reais, decimal), token,
//     description, external_reference, installments, payment_method_id, payer: { type: 'customer',
//     id, email? } (a saved card) or { email } (a card token), binary_mode }
//     -> 201 { id, status, status_detail, transaction_amount, external_reference, date_created, ... }
//   GET /v1/payments/search?external_reference=...&sort=date_created&criteria=desc
//     -> 200 { paging: { total, limit, offset }, results: [{ id, status, status_detail,
//     transaction_amount, external_reference, date_created, ... }] }
//   DELETE /v1/customers/{customer_id}/cards/{id} -> 200 { id, ... } (the card removed); 404 when gone
//   POST /v1/payments/{id}/refunds, header X-Idempotency-Key, { amount } (no amount: the rest)
//     -> 201 { id, payment_id, amount, status, ... }
// Errors: a 4xx/5xx with { message, error, status, cause: [{ code, description }] }; 409 when an
// idempotency key is reused for another request. Mercado Pago keeps the idempotency key itself:
// the same key answers the payment already created. binary_mode makes a card payment approved or
// rejected at once, never 'in_process', so a charge is final when it is answered.
// A card token is for one payment, so tokenise saves the card to the customer (one Mercado Pago
// customer per e-mail) and keeps a reference to the saved card; each charge then makes a fresh
// card token from the saved card and the CVV the customer typed for it (Mercado Pago keeps no
// CVV). Every payment carries our idempotency key, hashed, as its external_reference, by which a
// charge whose answer was lost is found again (a retry without the CVV has no card token to send).
// docs/payments.md maps the answers to ours.
import { createHash } from 'node:crypto';
import { detectCardBrand, stripCardNumber, type CardBrand } from '../../domain/card.ts';
import { centsToReais, reaisToCents } from '../../domain/money.ts';
import type { ChargeResult, DeclineReason } from '../../schemas/payments.ts';
import { PaymentGatewayError, type ChargeRequest, type PaymentGateway } from './payment-gateway.ts';

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

/** A saved card's payment_method.id -> our brand; any other id (a debit variant...) leaves the brand to the BIN table. */
const BRANDS_BY_PAYMENT_METHOD = new Map(Object.entries(MERCADOPAGO_PAYMENT_METHODS).map(([brand, id]) => [id, brand as CardBrand]));

const SAVED_CARD_PREFIX = 'mpcard:';

/**
 * Our token for a card saved at Mercado Pago: `mpcard:<customer_id>:<card_id>`, each id
 * URI-encoded (Mercado Pago's ids hold no ':', and the encoding keeps the format unambiguous if
 * one ever did). It is a reference, not a secret: charging it needs the CVV as well.
 */
export function savedCardToken(customerId: string, cardId: string): string {
  return `${SAVED_CARD_PREFIX}${encodeURIComponent(customerId)}:${encodeURIComponent(cardId)}`;
}

/** The ids in a saved card's token; null when the token is not one or is malformed. */
export function parseSavedCardToken(token: string): { customerId: string; cardId: string } | null {
  if (!token.startsWith(SAVED_CARD_PREFIX)) return null;
  const parts = token.slice(SAVED_CARD_PREFIX.length).split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    return { customerId: decodeURIComponent(parts[0]), cardId: decodeURIComponent(parts[1]) };
  } catch {
    return null;
  }
}

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

type Answer = { status: number; body: Record<string, unknown> | null };

/** The codes of an error answer's causes, as strings (Mercado Pago sends some as numbers, some as strings). */
function causeCodes(answer: Answer): string[] {
  const causes = Array.isArray(answer.body?.cause) ? (answer.body.cause as Array<{ code?: unknown } | null>) : [];
  return causes.map((c) => String(c?.code ?? ''));
}

/** Mercado Pago's message and first cause, for an error's message. */
function detailOf(answer: Answer): string {
  const cause = Array.isArray(answer.body?.cause) ? (answer.body.cause[0] as { code?: unknown; description?: unknown } | undefined) : undefined;
  return `${answer.body?.message ?? answer.body?.error ?? 'no message'}${cause ? ` (cause ${cause.code}: ${cause.description})` : ''}`;
}

/** Whether an answer to POST /v1/customers says a customer with this e-mail already exists (400, cause 101 'the customer already exist'). */
function customerExists(answer: Answer): boolean {
  return answer.status === 400 && (causeCodes(answer).includes('101') || /already exist/i.test(String(answer.body?.message ?? '')));
}

/** Mercado Pago's answer to a payment for a customer it does not know: 400, cause 2002 'Customer not found'. */
function customerNotFound(answer: Answer): boolean {
  return answer.status >= 400 && answer.status < 500 && causeCodes(answer).includes('2002');
}

export function createMercadoPagoGateway(opts: MercadoPagoOptions): Required<PaymentGateway> {
  const base = opts.apiUrl.replace(/\/+$/, '');

  /** One call; throws gateway_offline when there is no answer. */
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.accessToken}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['X-Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
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
    if (answer.status === 409) return new PaymentGatewayError('idempotency_key_reused', `Mercado Pago ${what} 409: ${detailOf(answer)}`);
    return new PaymentGatewayError('gateway_refused', `Mercado Pago ${what} ${answer.status}: ${detailOf(answer)}`);
  }

  /** The id of the customer with this e-mail, or null. */
  async function findCustomer(email: string): Promise<string | null> {
    const answer = await call('GET', `/v1/customers/search?${new URLSearchParams({ email })}`);
    if (answer.status >= 300) throw refusal(answer, 'customer search');
    const results = Array.isArray(answer.body?.results) ? (answer.body.results as Array<{ id?: unknown; email?: unknown } | null>) : [];
    const hit = results.find((c) => typeof c?.id === 'string' && (typeof c.email !== 'string' || c.email.toLowerCase() === email.toLowerCase()));
    return hit ? (hit.id as string) : null;
  }

  /** The customer with this e-mail: found, or created. */
  async function customerFor(email: string): Promise<string> {
    const found = await findCustomer(email);
    if (found) return found;
    // Only the e-mail: the customer is the account, whose cards may have different holders; each
    // card's holder name and document went with its card token.
    const created = await call('POST', '/v1/customers', { email });
    if (created.status < 300 && typeof created.body?.id === 'string') return created.body.id;
    if (customerExists(created)) {
      // Another call (the same customer saving two cards at once) created it between our search and our create.
      const again = await findCustomer(email);
      if (again) return again;
    }
    throw refusal(created, 'customer');
  }

  /**
   * A charge of a saved card without its CVV: the retry of a charge whose answer was lost. Without
   * the CVV no card token can be made, so nothing is paid: the payment made under the key, if one
   * was, is looked up by its external_reference (the newest, should there be more) and answered as
   * it was. None is invalid_cvv: nothing was charged under the key, and a saved card is charged
   * only with the CVV typed for it.
   */
  async function recoverCharge(request: ChargeRequest, offline: ChargeResult): Promise<ChargeResult> {
    const reference = mercadoPagoExternalReference(request.idempotency_key);
    let answer: Answer;
    try {
      answer = await call('GET', `/v1/payments/search?${new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc' })}`);
    } catch (err) {
      // Whether a payment exists is still unknown; the same call may be made again.
      if (err instanceof PaymentGatewayError && err.code === 'gateway_offline') return offline;
      throw err;
    }
    if (answer.status >= 500) return offline;
    if (answer.status >= 300) throw refusal(answer, 'payment search');
    const results = Array.isArray(answer.body?.results) ? (answer.body.results as Array<Record<string, unknown> | null>) : [];
    // Only a payment with our reference is this charge's: were the filter ever ignored, the
    // account's other payments would come back.
    const dateOf = (p: Record<string, unknown>) => Date.parse(String(p.date_created ?? '')) || 0;
    let newest: Record<string, unknown> | null = null;
    for (const p of results) if (p?.external_reference === reference && (newest === null || dateOf(p) > dateOf(newest))) newest = p;
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

  return {
    engine: 'mercadopago',

    async tokenise(card, holder) {
      const number = stripCardNumber(card.number);
      const binBrand = detectCardBrand(number);
      if (!binBrand) throw new PaymentGatewayError('unknown_brand');
      const email = holder.email?.trim();
      if (!email)
        throw new PaymentGatewayError(
          'gateway_refused',
          'Mercado Pago files a saved card under its customer, found by e-mail: the card holder’s e-mail (holder.email) is required',
        );
      const document = holder.document?.replace(/\D/g, '');
      const token = await call('POST', '/v1/card_tokens', {
        card_number: number,
        expiration_month: String(card.exp_month).padStart(2, '0'),
        expiration_year: String(card.exp_year),
        security_code: card.cvv,
        cardholder: {
          name: holder.name,
          ...(document ? { identification: { type: document.length === 14 ? 'CNPJ' : 'CPF', number: document } } : {}),
        },
      });
      if (token.status >= 300 || typeof token.body?.id !== 'string') throw refusal(token, 'card token');
      const customerId = await customerFor(email);
      const saved = await call('POST', `/v1/customers/${encodeURIComponent(customerId)}/cards`, { token: token.body.id });
      if (saved.status === 404) throw new PaymentGatewayError('gateway_refused', `Mercado Pago card 404: customer ${customerId} not found: ${detailOf(saved)}`);
      const cardId = typeof saved.body?.id === 'number' ? String(saved.body.id) : saved.body?.id;
      if (saved.status >= 300 || typeof cardId !== 'string' || !cardId) throw refusal(saved, 'card');
      const c = saved.body ?? {};
      const t = token.body;
      const method = (c.payment_method ?? null) as { id?: unknown } | null;
      return {
        token: savedCardToken(customerId, cardId),
        brand: BRANDS_BY_PAYMENT_METHOD.get(String(method?.id ?? '')) ?? binBrand,
        last4: String(c.last_four_digits ?? t.last_four_digits ?? number.slice(-4)),
        exp_month: Number(c.expiration_month ?? t.expiration_month ?? card.exp_month),
        exp_year: Number(c.expiration_year ?? t.expiration_year ?? card.exp_year),
      };
    },

    async charge(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new PaymentGatewayError('invalid_amount');
      // A deleted card keeps an empty token.
      if (!request.token) throw new PaymentGatewayError('unknown_token', 'no card token');
      const offline: ChargeResult = { charge_id: null, status: 'offline', reason: null, amount: request.amount };
      const saved = parseSavedCardToken(request.token);
      if (!saved && request.token.startsWith(SAVED_CARD_PREFIX)) throw new PaymentGatewayError('unknown_token', 'malformed saved card token');
      if (saved && !request.security_code) return recoverCharge(request, offline);
      let cardToken: string;
      if (saved) {
        let answer: Answer;
        try {
          answer = await call('POST', '/v1/card_tokens', { card_id: saved.cardId, security_code: request.security_code });
        } catch (err) {
          // Nothing was charged; the same key may be tried again.
          if (err instanceof PaymentGatewayError && err.code === 'gateway_offline') return offline;
          throw err;
        }
        if (answer.status >= 500) return offline;
        if (answer.status === 404)
          throw new PaymentGatewayError('unknown_token', `Mercado Pago card token 404: saved card ${saved.cardId} not found: ${detailOf(answer)}`);
        if (answer.status >= 300 || typeof answer.body?.id !== 'string') throw refusal(answer, 'card token');
        cardToken = answer.body.id;
      } else {
        // A single-use card token kept before cards were saved: charged as it is, while Mercado Pago
        // still has it. A retry sends the same request again, which Mercado Pago answers by its key.
        if (!request.payer_email) throw new PaymentGatewayError('gateway_refused', 'Mercado Pago needs the payer’s e-mail (payer.email)');
        cardToken = request.token;
      }
      const payment = {
        transaction_amount: centsToReais(request.amount),
        token: cardToken,
        description: request.description,
        // How a retry without the CVV finds this payment (recoverCharge).
        external_reference: mercadoPagoExternalReference(request.idempotency_key),
        installments: 1,
        payment_method_id: MERCADOPAGO_PAYMENT_METHODS[request.brand],
        payer: saved
          ? { type: 'customer', id: saved.customerId, ...(request.payer_email ? { email: request.payer_email } : {}) }
          : { email: request.payer_email },
        binary_mode: true,
      };
      let answer: Answer;
      try {
        answer = await call('POST', '/v1/payments', payment, request.idempotency_key);
      } catch (err) {
        // Nothing was answered: whether a payment exists is unknown; a retry with the same key
        // finds it if it does (recoverCharge), and creates it once if it does not.
        if (err instanceof PaymentGatewayError && err.code === 'gateway_offline') return offline;
        throw err;
      }
      if (answer.status >= 500) return offline;
      if (saved && customerNotFound(answer))
        throw new PaymentGatewayError('unknown_token', `Mercado Pago payment ${answer.status}: customer ${saved.customerId} not found: ${detailOf(answer)}`);
      if (answer.status >= 300 || !answer.body) throw refusal(answer, 'payment');
      return mercadoPagoChargeResult(answer.body, request.amount);
    },

    async refund(request) {
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
    },

    async removeCard(token) {
      // A single-use card token kept from before lapses by itself: Mercado Pago keeps no card for it.
      const saved = parseSavedCardToken(token);
      if (!saved) return;
      const answer = await call('DELETE', `/v1/customers/${encodeURIComponent(saved.customerId)}/cards/${encodeURIComponent(saved.cardId)}`);
      // Gone already (removed before, or its customer with it): what was asked for is so.
      if (answer.status === 404 || (answer.status === 400 && causeCodes(answer).includes('120'))) return;
      if (answer.status >= 300) throw refusal(answer, 'card removal');
    },
  };
}
