// The card calls (docs/api.md 'Cards'). The card number and the CVV leave the browser only sealed
// to the server's public key (decisions.md 'Card payloads in transit'): the key is read once per
// page (GET /api/cards/encryption-key) and, when the server answers 409 sealed_box_key_changed
// (it turned its key over meanwhile), read again and the payload sealed again, once. Nothing here
// keeps a number or a CVV: each is sealed and the plain text dropped by the caller.
// Card verification calls are a silent case of the global failure policy: the wallet, the
// drawer and the validation steps say what went wrong themselves; reportFailure still logs them and
// ends a dead session.
import { call, ApiFailure } from '../../src/client/api.ts';
import type { CardToRegister } from '../../src/domain/card.ts';
import { fromBase64Url, seal, type SealedBox, type SealingKey } from '../../src/lib/sealed-box.ts';
import { cardSealContext, cvvSealContext, type BlacklistAnswer, type CardView, type PurchaseVerificationAnswer } from '../../src/schemas/api-cards.ts';
import { orderPaymentSealContext } from '../../src/schemas/api-orders.ts';
import type { CallPolicy } from '../shared/call-failure.ts';

/** Every card call: silent in the global policy, the card screens show their own messages. */
export const CARD_CALL: CallPolicy = { call: 'card verification', role: 'action', silentCall: true };
/** Reading the cards and the blacklist: the list says itself that it could not load. */
export const CARD_LIST_CALL: CallPolicy = { call: 'GET /users/me/payment_cards', role: 'in_place', silentCall: true };

let sealingKey: Promise<SealingKey> | null = null;

/** The server's sealing key, read once per page; `fresh` reads it again (after a key change). */
function serverKey(fresh = false): Promise<SealingKey> {
  if (fresh || !sealingKey) {
    sealingKey = call('GET /cards/encryption-key').then(
      (answer) => ({ kid: answer.kid, publicKey: fromBase64Url(answer.public_key) }),
      (err: unknown) => {
        sealingKey = null;
        throw err;
      },
    );
  }
  return sealingKey;
}

const keyChanged = (err: unknown) => err instanceof ApiFailure && err.status === 409 && err.code === 'sealed_box_key_changed';

/** Seals `plain` and sends it; on 409 sealed_box_key_changed, with the new key, once more. */
async function sendSealed<T>(plain: string, context: string, send: (box: SealedBox) => Promise<T>): Promise<T> {
  try {
    return await send(seal(plain, await serverKey(), context));
  } catch (err) {
    if (!keyChanged(err)) throw err;
    return send(seal(plain, await serverKey(true), context));
  }
}

/** GET /users/me/payment_cards: the customer's cards, newest first. */
export async function listCards(establishmentId: string): Promise<CardView[]> {
  return (await call('GET /users/me/payment_cards', { establishmentId })).cards;
}

/** POST /v2/cards/verification: the card to register, sealed for `card-verification:<user id>`; answers the saved card (not verified). */
export function saveCard(establishmentId: string, userId: string, card: CardToRegister): Promise<CardView> {
  return sendSealed(JSON.stringify(card), cardSealContext(userId), (box) => call('POST /v2/cards/verification', { body: { card: box }, establishmentId }));
}

/** DELETE /users/me/payment_cards/{id}; a validation under way is cancelled and its charge goes back. */
export function deleteCard(establishmentId: string, cardId: string): Promise<void> {
  return call('DELETE /users/me/payment_cards/:id', { params: { id: cardId }, establishmentId });
}

/**
 * POST /cards/purchase-verification: the charge, with the CVV sealed for
 * `purchase-verification:<user id>`. A validation already under way answers it without a new charge.
 */
export function startValidation(establishmentId: string, userId: string, cardId: string, cvv: string): Promise<PurchaseVerificationAnswer> {
  return sendSealed(cvv, cvvSealContext(userId), (box) =>
    call('POST /cards/purchase-verification', { body: { card: { _id: cardId, security_code: box } }, establishmentId }),
  );
}

/** GET /cards/{id}/purchase-verification: the card's latest validation. */
export function readValidation(establishmentId: string, cardId: string): Promise<PurchaseVerificationAnswer> {
  return call('GET /cards/:id/purchase-verification', { params: { id: cardId }, establishmentId });
}

/** PUT /cards/verification/{id}: the amount read on the statement, integer centavos; answers the verified card. */
export function confirmAmount(establishmentId: string, cardId: string, amount: number): Promise<CardView> {
  return call('PUT /cards/verification/:id', { params: { id: cardId }, body: { amount }, establishmentId });
}

/** DELETE /cards/{id}/purchase-verification: cancels the validation; its charge goes back. */
export function cancelValidation(establishmentId: string, cardId: string): Promise<PurchaseVerificationAnswer> {
  return call('DELETE /cards/:id/purchase-verification', { params: { id: cardId }, establishmentId });
}

/** GET /users/me/blacklist: whether the customer may still add and validate cards, and the wrong amounts left. */
export function readBlacklist(establishmentId: string): Promise<BlacklistAnswer> {
  return call('GET /users/me/blacklist', { establishmentId });
}

/** What the checkout showed of the card an order is paid with: the server pays only that card. */
export interface ShownCard {
  brand?: string;
  last4?: string;
  due_month?: number;
  due_year?: number;
  holder?: string;
}

/**
 * Sends an order paid by card with its CVV and the card shown sealed for `order-payment:<user id>`
 * on 409 sealed_box_key_changed, with the new key, once more (the server refuses
 * that before it claims the order's key, so the order is sent again as it was).
 */
export async function sendSealedOrderPayment<T>(
  userId: string,
  cvv: string,
  shown: ShownCard,
  send: (sealed: { security_code: SealedBox; details: SealedBox }) => Promise<T>,
): Promise<T> {
  const context = orderPaymentSealContext(userId);
  const sealWith = (key: SealingKey) => ({ security_code: seal(cvv, key, context), details: seal(JSON.stringify(shown), key, context) });
  try {
    return await send(sealWith(await serverKey()));
  } catch (err) {
    if (!keyChanged(err)) throw err;
    return send(sealWith(await serverKey(true)));
  }
}
