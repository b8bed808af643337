// Boundary schemas of the card calls (spec section 7 'Cards' [R-7.46..R-7.62]; docs/api.md
// 'Cards'): saving a card, listing and deleting it, validating it by a micro-charge whose amount the
// customer types back, and the card holder's blacklist. No card number or CVV appears in any
// answer: a saved card is the gateway's token (kept by the server alone) and its public part
// (decisions.md 'Card data'). The number and the CVV reach the server only sealed to its key
// (src/lib/sealed-box.ts), on every card route: a body carrying them in clear is refused whole
// (hasClearCardData), so no proxy, log or error answer between the client and the server's
// decryption ever holds them.
import { type } from 'arktype';
import { CARD_VERIFICATION_STATUSES, type CardBrand, type CardVerificationStatus } from '../domain/card.ts';
import { SealedBoxBody } from './sealed-box.ts';

/** The associated data a card payload is sealed for: the call and the customer (docs/payments.md). */
export const cardSealContext = (userId: string) => `card-verification:${userId}`;
/** The associated data of a CVV sealed for a validation charge. */
export const cvvSealContext = (userId: string) => `purchase-verification:${userId}`;

const digits = (min: number, max: number) => type(new RegExp(`^\\d{${min},${max}}$`)).describe(`${min} to ${max} digits`);

/** What a body may not carry in clear: a card's number or security code, under any of the names clients use. */
const CLEAR_CARD_FIELDS: ReadonlySet<string> = new Set(['number', 'card_number', 'cardNumber', 'pan', 'security_code', 'securityCode', 'cvv', 'cvc']);

/**
 * Whether a card route's body carries a card number or CVV in clear: one of those names, at the top
 * or inside `card`, holding anything but a sealed box (an object). Such a body is refused before it
 * is validated, as `card_data_not_sealed`, and nothing of it is answered or logged.
 * Example: `hasClearCardData({ card: { _id: 'pc_1', security_code: '123' } }) === true`
 */
export function hasClearCardData(body: unknown): boolean {
  const clearIn = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).some(([key, field]) => CLEAR_CARD_FIELDS.has(key) && (typeof field !== 'object' || field === null));
  if (clearIn(body)) return true;
  const card = typeof body === 'object' && body !== null ? (body as { card?: unknown }).card : undefined;
  return typeof card === 'string' || typeof card === 'number' || clearIn(card);
}

/**
 * The card to register as the spec sends it (section 3 'Card to register' ): the number
 * (spaces allowed, stripped), the security code, the due month and the 4-digit due year, the holder
 * and the holder's CPF/CNPJ. `expires` (now + 7 days, the browser's own) is accepted and ignored:
 * the server decides how long a local copy may live. The rules beyond the shape (Luhn, brand,
 * expiry in the establishment's zone, CVV length by brand, the document's check digits) are the
 * domain's (src/domain/card.ts), answered as field problems.
 */
export const CardToRegisterBody = type({
  number: type(/^[\d ]{12,23}$/).describe('the card number, digits and spaces'),
  security_code: digits(3, 4),
  due_month: '1 <= number.integer <= 12',
  due_year: '2000 <= number.integer <= 2099',
  holder: '1 <= string <= 60',
  payment_card_document: '1 <= string <= 18',
  'expires?': 'string <= 40',
  '+': 'delete',
});
export type CardToRegisterBody = typeof CardToRegisterBody.infer;

/**
 * POST /api/v2/cards/verification, and the v1 forms POST /api/cards/verification
 * and POST /api/users/me/payment_cards: the card to register (CardToRegisterBody, as
 * JSON), sealed for `cardSealContext(user id)`.
 */
export const SealedCardBody = type({ card: SealedBoxBody, '+': 'delete' });
export type SealedCardBody = typeof SealedCardBody.infer;

/** POST /api/cards/purchase-verification: the card to charge and its CVV, sealed for `cvvSealContext(user id)`. */
export const PurchaseVerificationBody = type({
  card: type({ _id: /^[A-Za-z0-9_-]{1,64}$/, security_code: SealedBoxBody, '+': 'delete' }),
  '+': 'delete',
});
export type PurchaseVerificationBody = typeof PurchaseVerificationBody.infer;

/** The amount the customer read on their statement, integer centavos (decisions #27). */
export const VerificationAmountBody = type({ amount: 'number.integer', '+': 'delete' });
export type VerificationAmountBody = typeof VerificationAmountBody.infer;

/** Where a validation charge goes back to: the card, or the customer's store credit. */
export type CardRefundType = 'card' | 'credit';

/**
 * A saved card as the API shows it (section 3 'Saved card' ). `_id`, `card_id` and
 * `token_id` are the same id: what an order's `payment_card.token_id` names; the gateway's own token
 * never leaves the server. `number` and `display_number` are masked; `security_code` is always null
 * (never kept). `expires` is when a browser's local copy of the card lapses.
 */
export interface CardView {
  _id: string;
  card_id: string;
  token_id: string;
  /** '•••• •••• •••• 0002' */
  number: string;
  /** '•••• 0002' */
  display_number: string;
  last4: string;
  brand: CardBrand;
  /** The brand's picture, served by the storefront itself. */
  image: string;
  due_month: number;
  due_year: number;
  /** 'MM/AA', as printed on the card. */
  expiry_date: string;
  holder: string;
  /** The holder's CPF or CNPJ, formatted. */
  payment_card_document: string;
  /** ISO instant: a browser's local copy of this card is dropped then (now + 7 days when read). */
  expires: string;
  security_code: null;
  verification_status: CardVerificationStatus;
  /** The validation charge's bounds, centavos (decisions #15). */
  min_value: number;
  max_value: number;
  /** What an order paid with this card may cost, centavos. */
  min_purchase_value: number;
  max_purchase_value: number;
  refund_type: CardRefundType;
  created_at: string;
}

export interface CardsAnswer {
  cards: CardView[];
}

/**
 * Where a card's validation stands: `charging` (the charge is on its way to the gateway),
 * `awaiting_amount` (charged: the customer types the amount), then one of `verified`, `cancelled`
 * (by the customer or the card's deletion), `expired` (not finished within 24 hours ),
 * `failed` (the charge was not captured) or `blocked` (the holder ran out of tries).
 */
export const VERIFICATION_STATES = ['charging', 'awaiting_amount', 'verified', 'cancelled', 'expired', 'failed', 'blocked'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export interface PurchaseVerificationView {
  _id: string;
  card_id: string;
  status: VerificationState;
  /** When the charge was captured; the validation expires 24 hours later. */
  charged_at: string | null;
  expires_at: string | null;
  /** Wrong amounts the card holder may still type (3 in all, decisions 'Card validation attempts'). */
  attempts_left: number;
  min_value: number;
  max_value: number;
  refund_type: CardRefundType;
  /** Set once the charge went back (to the card or as credit). */
  refunded_at: string | null;
}

/** What the validation calls answer: the validation and the card as they now stand. */
export interface PurchaseVerificationAnswer {
  verification: PurchaseVerificationView;
  card: CardView;
}

/** GET /api/cards/holder-black-list/{id}, GET /api/users/me/blacklist. */
export interface BlacklistAnswer {
  blocked: boolean;
  attempts_left: number;
}

/** One blocked card holder, as the establishment lists them (npm run establishment -- card-holders). */
export interface BlockedHolderView {
  user_id: string;
  name: string;
  email: string;
  phone: string;
  blocked_at: string;
}

/** GET /api/users/me/card-store-key: the key of this session's local card store (docs/api.md 'Cards'). */
export interface CardStoreKeyAnswer {
  /** 32 bytes, base64url; the same for the whole session, gone with it. */
  key: string;
}

export const isVerificationStatus = (value: string): value is CardVerificationStatus => (CARD_VERIFICATION_STATUSES as readonly string[]).includes(value);

const id = type(/^[A-Za-z0-9_-]{1,64}$/).describe('an id');
/** /cards/{id}/..., /users/me/payment_cards/{id}, /users/{id}/cards, /cards/holder-black-list/{id}. */
export const CardIdParams = type({ id });
/** /users/{userId}/cards/{cardId}. */
export const UserCardParams = type({ userId: id, cardId: id });
