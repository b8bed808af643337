// Cards saved at Mercado Pago ('Cards and customers management'): a card token made from the
// card as typed, saved to the account's customer; our token names the saved card, and removing it
// deletes the card there.
import { detectCardBrand, stripCardNumber, type CardBrand } from '../../../domain/card.ts';
import type { TokenisedCard } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type CardData, type CardHolder } from '../payment-gateway.ts';
import { causeCodes, detailOf, refusal, type Answer, type MercadoPagoCall } from './api.ts';
import { customerFor } from './customers.ts';

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

export const SAVED_CARD_PREFIX = 'mpcard:';

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

/** The card holder's e-mail, which Mercado Pago files a saved card under. */
function holderEmail(holder: CardHolder): string {
  const email = holder.email?.trim();
  if (!email)
    throw new PaymentGatewayError(
      'gateway_refused',
      'Mercado Pago files a saved card under its customer, found by e-mail: the card holder’s e-mail (holder.email) is required',
    );
  return email;
}

/** POST /v1/card_tokens with the card as typed: the token's answer (its body has the id). */
async function cardToken(call: MercadoPagoCall, number: string, card: CardData, holder: CardHolder): Promise<Record<string, unknown>> {
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
  return token.body;
}

/** POST /v1/customers/{id}/cards { token }: the saved card's answer and its id. */
async function saveCard(call: MercadoPagoCall, customerId: string, tokenId: string): Promise<{ saved: Answer; cardId: string }> {
  const saved = await call('POST', `/v1/customers/${encodeURIComponent(customerId)}/cards`, { token: tokenId });
  if (saved.status === 404) throw new PaymentGatewayError('gateway_refused', `Mercado Pago card 404: customer ${customerId} not found: ${detailOf(saved)}`);
  const cardId = typeof saved.body?.id === 'number' ? String(saved.body.id) : saved.body?.id;
  if (saved.status >= 300 || typeof cardId !== 'string' || !cardId) throw refusal(saved, 'card');
  return { saved, cardId };
}

/** Tokenises a card: its card token saved to the holder's customer (found by e-mail, or created). */
export async function tokeniseCard(call: MercadoPagoCall, card: CardData, holder: CardHolder): Promise<TokenisedCard> {
  const number = stripCardNumber(card.number);
  const binBrand = detectCardBrand(number);
  if (!binBrand) throw new PaymentGatewayError('unknown_brand');
  const email = holderEmail(holder);
  const t = await cardToken(call, number, card, holder);
  const customerId = await customerFor(call, email);
  const { saved, cardId } = await saveCard(call, customerId, t.id as string);
  const c = saved.body ?? {};
  const method = (c.payment_method ?? null) as { id?: unknown } | null;
  return {
    token: savedCardToken(customerId, cardId),
    brand: BRANDS_BY_PAYMENT_METHOD.get(String(method?.id ?? '')) ?? binBrand,
    last4: String(c.last_four_digits ?? t.last_four_digits ?? number.slice(-4)),
    exp_month: Number(c.expiration_month ?? t.expiration_month ?? card.exp_month),
    exp_year: Number(c.expiration_year ?? t.expiration_year ?? card.exp_year),
  };
}

/** DELETE /v1/customers/{customer_id}/cards/{id}. */
export async function removeCard(call: MercadoPagoCall, token: string): Promise<void> {
  // A single-use card token kept from before lapses by itself: Mercado Pago keeps no card for it.
  const saved = parseSavedCardToken(token);
  if (!saved) return;
  const answer = await call('DELETE', `/v1/customers/${encodeURIComponent(saved.customerId)}/cards/${encodeURIComponent(saved.cardId)}`);
  // Gone already (removed before, or its customer with it): what was asked for is so.
  if (answer.status === 404 || (answer.status === 400 && causeCodes(answer).includes('120'))) return;
  if (answer.status >= 300) throw refusal(answer, 'card removal');
}
