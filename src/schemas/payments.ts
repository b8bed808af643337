// What the payment gateway answers (src/server/adapters/payment-gateway.ts), as the card services
// keep it and the card API will show it: a saved card's public part, a charge's outcome and a
// refund. No card number or CVV ever appears in these types (decisions.md 'Card data').
import { type } from 'arktype';
import type { CardBrand } from '../domain/card.ts';

export const CARD_BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'diners'] as const satisfies readonly CardBrand[];

/**
 * Why an issuer refused a charge: the codes the gateways' answers are mapped to (docs/payments.md).
 * card_blocked: the card is blocked or not active; card_canceled: the issuer cancelled the card.
 */
export const DECLINE_REASONS = [
  'insufficient_funds',
  'suspected_fraud',
  'invalid_card',
  'expired_card',
  'not_authorized',
  'card_blocked',
  'card_canceled',
] as const;

/** A tokenised card: the gateway's token and what may be shown or kept of the card. */
export const TokenisedCard = type({
  token: 'string > 0',
  brand: type.enumerated(...CARD_BRANDS),
  last4: /^\d{4}$/,
  exp_month: '1 <= number.integer <= 12',
  exp_year: '2000 <= number.integer <= 2099',
});
export type TokenisedCard = typeof TokenisedCard.infer;

/**
 * A charge's outcome: captured (money taken), declined by the issuer with its reason, an issuer
 * error (the issuer did not decide; trying later may work) or offline (the gateway could not be
 * reached or failed; nothing was charged, the same idempotency key may be tried again).
 */
export const ChargeResult = type({
  /** The gateway's id of the charge; null when offline (no charge exists). */
  charge_id: 'string | null',
  status: "'captured' | 'declined' | 'issuer_error' | 'offline'",
  /** Set when declined. */
  reason: type.enumerated(...DECLINE_REASONS).or('null'),
  /** Integer centavos. */
  amount: 'number.integer >= 0',
});
export type ChargeResult = typeof ChargeResult.infer;
export type ChargeStatus = ChargeResult['status'];
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const RefundResult = type({
  refund_id: 'string > 0',
  charge_id: 'string > 0',
  /** Integer centavos returned by this refund. */
  amount: 'number.integer > 0',
});
export type RefundResult = typeof RefundResult.infer;
