// The payment gateway behind one interface: tokenise a card, charge a token, refund a charge,
// forget a card.
// Two engines, chosen by PAYMENT_GATEWAY (docs/payments.md) in src/server/adapters/select.ts: the
// sandbox acquirer built into the server (src/server/sandboxes/payment-sandbox.ts, the default and
// the tests'), and Mercado Pago's API (payment-mercadopago.ts). Every charge and refund carries an idempotency key: a retried call
// with the same key answers the first result and never moves money twice, so a caller that timed
// out or crashed may simply call again.
import type { CardBrand } from '../../domain/card.ts';
import type { ChargeResult, RefundResult, TokenisedCard } from '../../schemas/payments.ts';

/** The card as typed, held only in memory for the one call that tokenises it. */
export interface CardData {
  /** Digits only or with separators. */
  number: string;
  exp_month: number;
  /** Four digits, e.g. 2030. */
  exp_year: number;
  cvv: string;
}

export interface CardHolder {
  /** As printed on the card. */
  name: string;
  /** CPF or CNPJ digits; some gateways require it. */
  document?: string;
  /** The customer's e-mail: a gateway that keeps cards per customer (Mercado Pago) files the card under it. */
  email?: string;
}

export interface ChargeRequest {
  token: string;
  /** The card's brand as tokenise answered it (a gateway may need it to route the charge). */
  brand: CardBrand;
  /** Integer centavos, > 0. */
  amount: number;
  /** Unique per intended charge; a retry with the same key answers the first result. */
  idempotency_key: string;
  /** What the customer's statement shows beside the amount, e.g. the establishment's name. */
  description: string;
  /** The payer's e-mail, which some gateways require. */
  payer_email?: string;
  /**
   * What the charge is for: 'card_verification', the micro-charge that proves a saved card is the
   * customer's (an acquirer's account verification); 'purchase' (when absent), an order. The sandbox
   * gives the outcome its card holder's name chooses to purchases only (docs/payments.md 'Test
   * cards'), so a card validates and its orders get the outcome chosen.
   */
  purpose?: 'card_verification' | 'purchase';
  /**
   * The CVV the customer typed for this charge: checked by the gateway, never kept. Without it the
   * call only asks about the charge made under `idempotency_key` (the server's recovery of a lost
   * answer): it answers that charge, or invalid_cvv when none was made; it never charges.
   */
  security_code?: string;
}

export interface RefundRequest {
  charge_id: string;
  /** Integer centavos; absent = what is left of the charge. */
  amount?: number;
  idempotency_key: string;
}

export interface PaymentGateway {
  /** 'none': production without a gateway configured (noPaymentGateway). */
  readonly engine: 'sandbox' | 'mercadopago' | 'none';
  /** Throws PaymentGatewayError: invalid_card_number, unknown_brand, card_expired, invalid_cvv, gateway_offline, gateway_refused. */
  tokenise(card: CardData, holder: CardHolder, now: Date): Promise<TokenisedCard>;
  /** Declines and gateway failures are answers, not exceptions; throws only for a misuse (idempotency_key_reused, invalid_amount, unknown_token). */
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
  /** Throws PaymentGatewayError: charge_not_found, charge_not_captured, refund_exceeds_charge, idempotency_key_reused, gateway_offline, gateway_refused. */
  refund(request: RefundRequest, now: Date): Promise<RefundResult>;
  /**
   * Forgets a card the product no longer keeps, so that its token charges nothing again (a later
   * charge of it is unknown_token). Best effort and idempotent: a card the gateway no longer has
   * (removed before, or never kept there) is not an error. Throws PaymentGatewayError
   * gateway_offline when the gateway cannot be reached, gateway_refused when it refuses.
   * Optional in the type so that a stand-in gateway with nothing to forget is still one; both of
   * the product's engines have it (their factories answer Required<PaymentGateway>).
   */
  removeCard(token: string, now: Date): Promise<void>;
}

export type PaymentGatewayErrorCode =
  | 'invalid_card_number'
  | 'unknown_brand'
  | 'card_expired'
  | 'invalid_cvv'
  | 'invalid_amount'
  | 'unknown_token'
  | 'idempotency_key_reused'
  | 'charge_not_found'
  | 'charge_not_captured'
  | 'refund_exceeds_charge'
  | 'gateway_offline'
  | 'gateway_refused';

/** A call the gateway did not carry out; `code` says why (the card services turn it into a Refusal). */
export class PaymentGatewayError extends Error {
  readonly code: PaymentGatewayErrorCode;
  constructor(code: PaymentGatewayErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayError';
    this.code = code;
  }
}

/** A production deployment that configured no gateway: it tokenises, charges and refunds nothing. */
export function noPaymentGateway(): Required<PaymentGateway> {
  const offline = async (): Promise<never> => {
    throw new PaymentGatewayError('gateway_offline', 'no payment gateway is configured (PAYMENT_GATEWAY)');
  };
  return { engine: 'none', tokenise: offline, charge: offline, refund: offline, removeCard: offline };
}
