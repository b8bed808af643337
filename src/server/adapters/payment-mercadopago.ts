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
// docs/payments.md maps the answers to ours. Each concern is a module of mercadopago/ (api.ts: the
// HTTP call and its errors; customers.ts, cards.ts, charges.ts, refunds.ts).
import type { PaymentGateway } from './payment-gateway.ts';
import { mercadoPagoCall, type MercadoPagoOptions } from './mercadopago/api.ts';
import { removeCard, tokeniseCard } from './mercadopago/cards.ts';
import { chargeCard } from './mercadopago/charges.ts';
import { refundPayment } from './mercadopago/refunds.ts';

export type { MercadoPagoOptions } from './mercadopago/api.ts';
export { MERCADOPAGO_PAYMENT_METHODS, parseSavedCardToken, savedCardToken } from './mercadopago/cards.ts';
export { mercadoPagoChargeResult, mercadoPagoExternalReference } from './mercadopago/charges.ts';

export function createMercadoPagoGateway(opts: MercadoPagoOptions): Required<PaymentGateway> {
  const call = mercadoPagoCall(opts);
  return {
    engine: 'mercadopago',
    tokenise: (card, holder) => tokeniseCard(call, card, holder),
    charge: (request) => chargeCard(call, request),
    refund: (request) => refundPayment(call, request),
    removeCard: (token) => removeCard(call, token),
  };
}
