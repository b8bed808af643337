// A customer's saved cards (docs/api.md 'Cards'): saving one through the payment gateway, listing
// and deleting them, and what every card call asks of the customer first. The card number and CVV
// exist here only in memory, for the gateway's one tokenise call; what is kept is the gateway's
// token and the card's public part (decisions.md 'Card data'). What a customer may see of a card is
// `cardView`: never the token, the number or the CVV. The one thing kept that is derived from the
// number is its fingerprint, a keyed hash (cardFingerprint) by which the same card is known again.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { checkCardToRegister, type CardBrand, type CardToRegisterInput } from '../../domain/card.ts';
import {
  CARD_PURCHASE_MAX_CENTS,
  CARD_PURCHASE_MIN_CENTS,
  CARDS_ADDED_PER_DAY,
  cardExpiryText,
  maskedCardNumber,
  verificationBounds,
} from '../../domain/card-verification.ts';
import { CARD_EXPIRY_DAYS } from '../../domain/card.ts';
import { maskTaxId } from '../../domain/tax-id.ts';
import { Temporal, zonedAt } from '../../domain/time.ts';
import { isVerificationStatus, type CardRefundType, type CardView } from '../../schemas/api-cards.ts';
import type { EstablishmentView } from '../../schemas/views.ts';
import type { FieldProblem } from '../../schemas/api-errors.ts';
import { PaymentGatewayError, type PaymentGateway } from '../adapters/payment-gateway.ts';
import { SANDBOX_TEST_CARDS } from '../sandboxes/payment-sandbox.ts';
import type { Database } from '../db/database.ts';
import type { PaymentCardRow, UserRow } from '../db/types.ts';
import { cardHolder, cardsAddedSince, documentBlocked, fingerprintBlocked, insertCard, listCards, sameCard } from '../db/cards-repo.ts';
import { Refusal, invalidBody } from './refusal.ts';

export interface CardDeps {
  db: Database;
  now: Date;
  payments: PaymentGateway;
}

/** What saving a card needs besides: the server's secret its fingerprint is keyed from (the sealing key's). */
export interface CardSaveDeps extends CardDeps {
  fingerprintSecret: Uint8Array;
}

/** Who calls: the session's user, at the establishment of the session (its name, zone and preferences). */
export interface CardCaller {
  user: UserRow;
  establishment: EstablishmentView;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The public picture of a brand, served by the storefront itself. */
export function cardBrandImage(brand: string | null | undefined): string {
  return `/card-brands/${brand && /^[a-z]+$/.test(brand) ? brand : 'generic'}.svg`;
}

/** A saved card as the customer sees it; `expires` is when a browser's local copy lapses (7 days from now). */
export function cardView(row: PaymentCardRow, now: Date): CardView {
  const status = isVerificationStatus(row.verification_status) ? row.verification_status : 'not_verified';
  return {
    _id: row.id,
    card_id: row.id,
    token_id: row.id,
    number: maskedCardNumber(row.last4, 'full'),
    display_number: maskedCardNumber(row.last4, 'display'),
    last4: row.last4,
    brand: row.brand as CardBrand,
    image: cardBrandImage(row.brand),
    due_month: row.exp_month,
    due_year: row.exp_year,
    expiry_date: cardExpiryText(row.exp_month, row.exp_year),
    holder: row.holder,
    payment_card_document: maskTaxId(row.document),
    expires: new Date(now.getTime() + CARD_EXPIRY_DAYS * DAY_MS).toISOString(),
    security_code: null,
    verification_status: status,
    min_value: row.min_value,
    max_value: row.max_value,
    min_purchase_value: CARD_PURCHASE_MIN_CENTS,
    max_purchase_value: CARD_PURCHASE_MAX_CENTS,
    refund_type: row.refund_type === 'card' ? 'card' : 'credit',
    created_at: row.created_at,
  };
}

/**
 * Cards are saved and validated only to pay online: where the establishment's preferences have
 * online payment off (has_online_payment, the switch of the checkout's 'Pagar on-line'), no card is
 * saved and no validation charged (403 online_payment_not_available).
 */
export function assertTakesCards(establishment: EstablishmentView): void {
  if (!establishment.has_online_payment) throw new Refusal('forbidden', 'online_payment_not_available');
}

/**
 * What every call that saves or validates a card asks of the customer: not banned, a verified
 * phone and then a verified e-mail (spec section 4: online payment needs both ), and not on
 * the card holder blacklist.
 */
export async function assertMayUseCards(db: Database, user: UserRow): Promise<void> {
  if (user.banned) throw new Refusal('forbidden', 'user_is_banned');
  if (!user.phone_verified) throw new Refusal('forbidden', 'phone_not_verified');
  if (!user.email_verified) throw new Refusal('forbidden', 'email_not_verified');
  if ((await cardHolder(db, user.id))?.blocked_at) throw new Refusal('forbidden', 'card_holder_blocked');
}

/**
 * A card's fingerprint in a company: HMAC-SHA256 of its digits under a key derived (HKDF) from the
 * server's secret and the company's id. The same card gives the same fingerprint on every account
 * of the company and another in another company (tenants are never linked). Keyed, because a plain
 * hash of a card number is reversed by trying the few billion numbers that share its first 6 and
 * last 4 digits (PCI DSS 3.5.1.1 asks for keyed hashes). A changed sealing key gives new
 * fingerprints: a block then follows only the cards saved after.
 */
export function cardFingerprint(secret: Uint8Array, companyId: string, digits: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, companyId, 'vitrine card fingerprint v1', 32));
  return createHmac('sha256', key).update(digits).digest('base64url');
}

/**
 * The fingerprint kept for a card, or null when the card is one of the sandbox's published test
 * cards (demo only): every person trying the demo types those same numbers, and one visitor's block
 * or validations must not reach the others. Such a card is known by its id and document only.
 */
function keptFingerprint(deps: CardSaveDeps, companyId: string, digits: string): string | null {
  if (deps.payments.engine === 'sandbox' && SANDBOX_TEST_CARDS.some((c) => c.number === digits)) return null;
  return cardFingerprint(deps.fingerprintSecret, companyId, digits);
}

/** The establishment's current month in its own zone: a card is good through the end of its month. */
function currentMonth(establishment: EstablishmentView, now: Date): Temporal.PlainYearMonth {
  const zoned = zonedAt(Temporal.Instant.fromEpochMilliseconds(now.getTime()), establishment.time_zone);
  return Temporal.PlainYearMonth.from({ year: zoned.year, month: zoned.month });
}

const FIELD_MESSAGES: Record<string, string> = {
  invalid_number: 'number must be a card number with a valid check digit',
  unknown_brand: 'number is of no brand the product accepts',
  invalid_validity: 'due_month/due_year must be a month from 03/2020 on',
  validate_card: 'the card is expired',
  holder_required: 'holder must be the name printed on the card',
  holder_too_long: 'holder must be at most 26 characters',
  invalid_cvv: 'security_code must be 3 digits, 4 for American Express',
  document_incomplete: 'payment_card_document must be a complete CPF or CNPJ',
  document_not_validate: 'payment_card_document must be a valid CPF or CNPJ',
};

/** The gateway's refusal of a card, as the API answers it (docs/api.md 'Saving a card'). */
function tokeniseRefusal(err: PaymentGatewayError): Refusal {
  switch (err.code) {
    case 'invalid_card_number':
      return invalidBody([{ path: 'number', code: 'invalid_number', message: FIELD_MESSAGES.invalid_number! }]);
    case 'invalid_cvv':
      return invalidBody([{ path: 'security_code', code: 'invalid_cvv', message: FIELD_MESSAGES.invalid_cvv! }]);
    case 'card_expired':
      return invalidBody([{ path: 'due_month', code: 'validate_card', message: FIELD_MESSAGES.validate_card! }]);
    case 'unknown_brand':
      return new Refusal('forbidden', 'invalid_payment_card_brand');
    case 'gateway_offline':
      return new Refusal('forbidden', 'payment_gateway_offline');
    default:
      return new Refusal('forbidden', 'invalid_payment_card');
  }
}

/**
 * Saves a card for the caller: refuses it where the establishment takes no
 * online payment, checks it, refuses a blocked holder (their
 * account, their document, or this card saved by a blocked holder on any account of the company),
 * more than 5 cards a day and a card kept already, hands number and CVV to the gateway and keeps
 * what it answers, not verified.
 */
export async function registerCard(deps: CardSaveDeps, caller: CardCaller, input: CardToRegisterInput): Promise<CardView> {
  const { db, now, payments } = deps;
  const { user, establishment } = caller;
  assertTakesCards(establishment);
  await assertMayUseCards(db, user);

  const checked = checkCardToRegister(input, currentMonth(establishment, now));
  if (!checked.ok) {
    if (checked.errors.number === 'unknown_brand') throw new Refusal('forbidden', 'invalid_payment_card_brand');
    const fields: FieldProblem[] = Object.entries(checked.errors).map(([path, code]) => ({ path, code: code!, message: FIELD_MESSAGES[code!] ?? code! }));
    throw invalidBody(fields);
  }
  const card = checked.card;
  if (await documentBlocked(db, user.company_id, card.document)) throw new Refusal('forbidden', 'card_holder_blocked');
  const fingerprint = keptFingerprint(deps, user.company_id, card.number);
  if (await fingerprintBlocked(db, user.company_id, fingerprint)) throw new Refusal('forbidden', 'card_holder_blocked');

  const added = await cardsAddedSince(db, user.id, new Date(now.getTime() - DAY_MS));
  if (added.length >= CARDS_ADDED_PER_DAY) {
    const retryAfterSeconds = Math.max(1, Math.ceil((added[0]!.getTime() + DAY_MS - now.getTime()) / 1000));
    throw new Refusal('too_many', 'too_many_cards', { retryAfterSeconds });
  }
  const last4 = card.number.slice(-4);
  if (await sameCard(db, user.id, { brand: card.brand, last4, exp_month: card.due_month, exp_year: card.due_year }))
    throw new Refusal('forbidden', 'payment_card_already_exist');

  let tokenised: Awaited<ReturnType<PaymentGateway['tokenise']>>;
  try {
    tokenised = await payments.tokenise(
      { number: card.number, exp_month: card.due_month, exp_year: card.due_year, cvv: card.security_code },
      { name: card.holder, document: card.document, email: user.email },
      now,
    );
  } catch (err) {
    if (err instanceof PaymentGatewayError) throw tokeniseRefusal(err);
    throw err;
  }

  const prefs = establishment.preferences;
  const bounds = verificationBounds(prefs.card_verification_min_value, prefs.card_verification_max_value);
  const refundType: CardRefundType = prefs.card_verification_refund === 'credit' ? 'credit' : 'card';
  const row: PaymentCardRow = {
    id: `pc_${randomBytes(12).toString('hex')}`,
    user_id: user.id,
    company_id: user.company_id,
    gateway: payments.engine,
    gateway_token: tokenised.token,
    brand: tokenised.brand,
    last4: tokenised.last4,
    exp_month: tokenised.exp_month,
    exp_year: tokenised.exp_year,
    holder: card.holder,
    document: card.document,
    verification_status: 'not_verified',
    refund_type: refundType,
    min_value: bounds.min,
    max_value: bounds.max,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    deleted_at: null,
    fingerprint,
  };
  await insertCard(db, row);
  return cardView(row, now);
}

/** The caller's cards, newest first. */
export async function listCardViews(db: Database, userId: string, now: Date): Promise<CardView[]> {
  return (await listCards(db, userId)).map((row) => cardView(row, now));
}
