// Validating a saved card by a micro-charge (spec section 4 'Card' [R-4.18..R-4.25]; decisions #15,
// 'Card validation attempts', 'Unfinished card validation'; docs/api.md 'Validation by a
// micro-charge'). A random amount of whole centavos is charged; the customer types it back from
// their statement; the charge then goes back: as store credit only when the card ended verified and
// the establishment gives credit, to the card in every other case (verificationRefundDestination).
//
// Money moves exactly once, whatever runs at the same time or fails half-way:
// - a card has one live validation: starting one moves the card from not_verified to
//   verification_in_progress in one conditional update, and only the call that moved it charges;
// - the charge and the refund carry idempotency keys derived from the validation's id, and a
//   credit refund is a ledger entry unique by the validation, so a retry or the job repeats nothing;
// - a validation left 'charging' by a crash is finished by the job (the same key answers the first
//   charge or makes it once), and every finished validation whose charge has not gone back is
//   refunded by the job.
// A card holder has 3 wrong amounts in all; the same amount typed twice for one validation counts
// once (a double click); the third puts the holder on the blacklist. Whatever decides about the
// holder (blocked? the amount right? one try more?) runs in one transaction that first takes the
// holder's row (lockHolder), so parallel amounts are judged one after the other: 20 at once still
// get 3 tries. The block follows the card to every account of the company (by its fingerprint).
// A card gets at most 3 validation charges a day and a customer 5 (the shared limiter).
import { randomBytes, randomInt } from 'node:crypto';
import { checkCvv, type CardBrand } from '../../domain/card.ts';
import {
  HOLDER_MAX_WRONG_TRIES,
  VALIDATION_LIMIT_WINDOW_SECONDS,
  VALIDATIONS_PER_CARD_PER_DAY,
  VALIDATIONS_PER_CUSTOMER_PER_DAY,
  attemptsLeft,
  isVerificationExpired,
  verificationAmount,
  verificationExpiresAt,
  verificationRefundDestination,
} from '../../domain/card-verification.ts';
import type { BlacklistAnswer, CardView, PurchaseVerificationAnswer, PurchaseVerificationView, VerificationState } from '../../schemas/api-cards.ts';
import { VERIFICATION_STATES } from '../../schemas/api-cards.ts';
import type { ChargeResult } from '../../schemas/payments.ts';
import { PaymentGatewayError } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import { creditEntryFor, creditOnce } from '../db/credits-repo.ts';
import type { CardVerificationRow, PaymentCardRow, UserRow } from '../db/types.ts';
import {
  blockHolderAt,
  cardById,
  cardHolder,
  countWrongTry,
  fingerprintBlocked,
  insertVerification,
  latestVerification,
  liveVerification,
  lockHolder,
  markRefunded,
  moveCardStatus,
  moveVerification,
  ownCard,
  recordWrongAmount,
  refundsOwed,
  verificationById,
  verificationsIn,
} from '../db/cards-repo.ts';
import { getEstablishment } from '../db/catalogue-repo.ts';
import { assertMayUseCards, assertTakesCards, cardView, type CardCaller, type CardDeps } from './cards.ts';
import { Refusal, invalidBody } from './refusal.ts';
import { chargeRefusal } from './charge-refusals.ts';
import { hitOrRefuse, type Limit } from './rate-limit.ts';

/** A validation left 'charging' this long is taken to have lost its request (a crash, a timeout): the job finishes it. */
export const STALE_CHARGE_MS = 2 * 60 * 1000;

const chargeKey = (verificationId: string) => `card-verification:${verificationId}:charge`;
const refundKey = (verificationId: string) => `card-verification:${verificationId}:refund`;
const creditReference = (verificationId: string) => `card-verification:${verificationId}`;

function verificationView(row: CardVerificationRow, wrongTries: number): PurchaseVerificationView {
  const status = (VERIFICATION_STATES as readonly string[]).includes(row.status) ? (row.status as VerificationState) : 'failed';
  return {
    _id: row.id,
    card_id: row.card_id,
    status,
    charged_at: row.charged_at,
    expires_at: row.charged_at ? verificationExpiresAt(new Date(row.charged_at)).toISOString() : null,
    attempts_left: attemptsLeft(wrongTries),
    min_value: 0,
    max_value: 0,
    // Where this validation's charge goes (or went) back: credit only once verified.
    refund_type: verificationRefundDestination(row.refund_type, row.status),
    refunded_at: row.refunded_at,
  };
}

async function answer(db: Database, verificationId: string, now: Date): Promise<PurchaseVerificationAnswer> {
  const row = (await verificationById(db, verificationId))!;
  const card = (await cardById(db, row.card_id))!;
  const holder = await cardHolder(db, row.user_id);
  const verification = verificationView(row, holder?.wrong_tries ?? 0);
  return { verification: { ...verification, min_value: card.min_value, max_value: card.max_value }, card: cardView(card, now) };
}

/** The caller's card, or 404 card_not_found (another user's, deleted, unknown). */
async function requireOwnCard(db: Database, user: UserRow, cardId: string): Promise<PaymentCardRow> {
  const card = await ownCard(db, user.id, cardId);
  if (!card) throw new Refusal('not_found', 'card_not_found');
  return card;
}

/** The establishment's name on the customer's statement. */
function statementDescription(establishmentName: string): string {
  return `${establishmentName} validação`.slice(0, 60);
}

/**
 * Applies a charge's outcome to a validation still 'charging': captured -> awaiting_amount (or,
 * for a card deleted meanwhile, cancelled and refunded); anything else -> failed, the card back to
 * not_verified. Answers the refusal to give the customer, or null when captured.
 */
async function settleCharge(deps: CardDeps, row: CardVerificationRow, result: ChargeResult, recovering: boolean): Promise<Refusal | null> {
  const { db, now } = deps;
  // Retrying a lost charge, 'offline' says only that the gateway could not tell now (its search was
  // down): the validation stays 'charging' for the next run, for a day at the most.
  if (recovering && result.status === 'offline' && !givenUp(row, now)) return null;
  if (result.status === 'captured') {
    await moveVerification(db, row.id, 'charging', { status: 'awaiting_amount', charge_id: result.charge_id, charged_at: now.toISOString() });
    const card = await cardById(db, row.card_id);
    if (card?.deleted_at) await cancelVerification(deps, row.id, 'cancelled');
    return null;
  }
  await moveVerification(db, row.id, 'charging', { status: 'failed', charge_id: result.charge_id, finished_at: now.toISOString() });
  await moveCardStatus(db, row.card_id, 'verification_in_progress', 'not_verified', now);
  return chargeRefusal(result);
}

/** How long the job keeps asking about a lost charge the gateway cannot tell of before it gives up (the validation fails). */
const RECOVERY_GIVE_UP_MS = 24 * 60 * 60 * 1000;
const givenUp = (row: CardVerificationRow, now: Date) => now.getTime() - new Date(row.created_at).getTime() >= RECOVERY_GIVE_UP_MS;

/**
 * Charges a validation's amount under its key; a gateway misuse error fails the validation.
 * Without a CVV it is the job asking again about a charge whose answer was lost (`recovering`).
 */
async function chargeVerification(deps: CardDeps, row: CardVerificationRow, card: PaymentCardRow, securityCode: string | undefined): Promise<Refusal | null> {
  const recovering = securityCode === undefined;
  let result: ChargeResult;
  try {
    const est = await getEstablishment(deps.db, { id: row.establishment_id });
    result = await deps.payments.charge(
      {
        token: card.gateway_token,
        brand: card.brand as CardBrand,
        amount: row.amount,
        idempotency_key: chargeKey(row.id),
        description: statementDescription(est?.name ?? ''),
        purpose: 'card_verification',
        ...(securityCode !== undefined ? { security_code: securityCode } : {}),
      },
      deps.now,
    );
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    if (recovering && err.code === 'gateway_offline' && !givenUp(row, deps.now)) return null;
    await moveVerification(deps.db, row.id, 'charging', { status: 'failed', finished_at: deps.now.toISOString() });
    await moveCardStatus(deps.db, row.card_id, 'verification_in_progress', 'not_verified', deps.now);
    if (err.code === 'invalid_cvv')
      return invalidBody([{ path: 'card.security_code', code: 'invalid_cvv', message: 'security_code must be 3 digits, 4 for American Express' }]);
    return new Refusal('forbidden', err.code === 'gateway_offline' ? 'payment_gateway_offline' : 'invalid_payment_card');
  }
  return settleCharge(deps, row, result, recovering);
}

/** The daily caps on validation charges: per card (by its fingerprint, on whatever account) and per customer. */
function validationLimits(card: PaymentCardRow, user: UserRow): Limit[] {
  // Fixed 24-hour windows from the epoch, the same for every establishment of the company: a window
  // in each establishment's own zone would let a customer alternating between a store in São Paulo
  // and one in Manaus count in two windows at once.
  const windowSeconds = VALIDATION_LIMIT_WINDOW_SECONDS;
  return [
    { key: `card-validation:card:${card.company_id}:${card.fingerprint ?? card.id}`, max: VALIDATIONS_PER_CARD_PER_DAY, windowSeconds },
    { key: `card-validation:user:${user.id}`, max: VALIDATIONS_PER_CUSTOMER_PER_DAY, windowSeconds },
  ];
}

/**
 * POST /api/cards/purchase-verification: charges a random amount to a
 * not_verified card, where the establishment takes online payment. When the card already has a live validation, answers it without a new charge
 * (the customer goes to the amount ); `charged` says which. A card past its validations of
 * the day, or a customer past theirs, is refused with 429 too_many_validations.
 */
export async function startVerification(
  deps: CardDeps,
  caller: CardCaller,
  cardId: string,
  securityCode: string,
): Promise<{ charged: boolean; answer: PurchaseVerificationAnswer }> {
  const { db, now } = deps;
  const { user, establishment } = caller;
  assertTakesCards(establishment);
  const card = await requireOwnCard(db, user, cardId);
  await assertMayUseCards(db, user);
  if (card.verification_status === 'verified') throw new Refusal('conflict', 'card_already_verified');
  if (!checkCvv(securityCode, card.brand as CardBrand).ok)
    throw invalidBody([{ path: 'card.security_code', code: 'invalid_cvv', message: 'security_code must be 3 digits, 4 for American Express' }]);

  const row: CardVerificationRow = {
    id: `cv_${randomBytes(12).toString('hex')}`,
    card_id: card.id,
    user_id: user.id,
    establishment_id: establishment._id,
    amount: verificationAmount({ min: card.min_value, max: card.max_value }, (n) => randomInt(0, n)),
    status: 'charging',
    charge_id: null,
    refund_type: card.refund_type,
    refund_id: null,
    refunded_at: null,
    created_at: now.toISOString(),
    charged_at: null,
    finished_at: null,
  };
  // Only the call that moves the card to verification_in_progress charges; the card moves and the
  // validation is written together, so no other call ever sees the one without the other. The
  // blacklist is read with the holder's row taken, so a block committed by a parallel amount is
  // seen; the day's caps count only a validation that is really started (a refused or rolled back
  // claim takes its hit back with it), so six parallel starts of one card count once.
  const claimed = await db.transaction().execute(async (trx) => {
    if ((await lockHolder(trx, user.id, now)).blocked_at || (await fingerprintBlocked(trx, card.company_id, card.fingerprint)))
      throw new Refusal('forbidden', 'card_holder_blocked');
    if (!(await moveCardStatus(trx, card.id, 'not_verified', 'verification_in_progress', now))) return false;
    await hitOrRefuse(trx, validationLimits(card, user), now, 'too_many_validations');
    await insertVerification(trx, row);
    return true;
  });
  if (!claimed) {
    const live = await liveVerification(db, card.id);
    if (live) return { charged: false, answer: await answer(db, live.id, now) };
    // Verified or deleted in between.
    const fresh = await cardById(db, card.id);
    if (fresh?.verification_status === 'verified') throw new Refusal('conflict', 'card_already_verified');
    throw new Refusal('not_found', 'card_not_found');
  }
  const refusal = await chargeVerification(deps, row, card, securityCode);
  if (refusal) throw refusal;
  return { charged: true, answer: await answer(db, row.id, now) };
}

/** GET /api/cards/{id}/purchase-verification: the card's latest validation. */
export async function readVerification(deps: CardDeps, user: UserRow, cardId: string): Promise<PurchaseVerificationAnswer> {
  const card = await requireOwnCard(deps.db, user, cardId);
  const latest = await latestVerification(deps.db, card.id);
  if (!latest) throw new Refusal('not_found', 'validation_not_found');
  return answer(deps.db, latest.id, deps.now);
}

/** What the amount's transaction decided; the money moves (a refund) after it has committed. */
type AmountOutcome =
  | { kind: 'verified'; verificationId: string }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'blocked'; verificationId: string | null; code: 'attempts_exceeded' | 'card_holder_blocked' }
  | { kind: 'expired'; verificationId: string }
  | { kind: 'refused'; refusal: Refusal };

/**
 * The amount typed back: the right one verifies the card and sends
 * the charge back; a wrong one costs the holder one of their 3 tries (the same wrong amount for the
 * same validation only once) and the third blocks them. The blacklist, the validation and the
 * amount are read, and the outcome written, in one transaction that holds the holder's row: a
 * parallel amount waits for it and then sees its count and its block, so no number of parallel
 * amounts gets more than 3 tries, and a right amount judged after the third wrong one is refused.
 */
export async function confirmAmount(deps: CardDeps, user: UserRow, cardId: string, amount: number): Promise<PurchaseVerificationAnswer> {
  const { db, now } = deps;
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw invalidBody([{ path: 'amount', code: 'amount_not_positive', message: 'amount must be whole centavos above 0' }]);
  const card = await requireOwnCard(db, user, cardId);

  const outcome = await db.transaction().execute(async (trx): Promise<AmountOutcome> => {
    const holder = await lockHolder(trx, user.id, now);
    if (holder.blocked_at) return { kind: 'blocked', verificationId: null, code: 'attempts_exceeded' };
    const latest = await latestVerification(trx, card.id);
    // A right amount repeated after success (a double click) answers the same success.
    if (latest?.status === 'verified' && latest.amount === amount) return { kind: 'verified', verificationId: latest.id };
    if (!latest || (latest.status !== 'awaiting_amount' && latest.status !== 'charging'))
      return { kind: 'refused', refusal: new Refusal('not_found', 'validation_not_found') };
    if (latest.status === 'charging') return { kind: 'refused', refusal: new Refusal('conflict', 'verification_charging', { retryAfterSeconds: 1 }) };
    if (latest.charged_at && isVerificationExpired(new Date(latest.charged_at), now)) return { kind: 'expired', verificationId: latest.id };
    // This card saved by a holder blocked on another account of the company: it is theirs too.
    if (await fingerprintBlocked(trx, card.company_id, card.fingerprint)) {
      await endVerification(trx, latest, 'cancelled', now);
      return { kind: 'blocked', verificationId: latest.id, code: 'card_holder_blocked' };
    }

    if (amount === latest.amount) {
      // A cancellation (the customer's, the card's deletion, the lapse job) takes no holder's row: it may have just ended it.
      if (!(await moveVerification(trx, latest.id, 'awaiting_amount', { status: 'verified', finished_at: now.toISOString() })))
        return { kind: 'refused', refusal: new Refusal('not_found', 'validation_not_found') };
      await moveCardStatus(trx, card.id, 'verification_in_progress', 'verified', now);
      return { kind: 'verified', verificationId: latest.id };
    }
    let wrongTries = holder.wrong_tries;
    if (await recordWrongAmount(trx, latest.id, amount, now)) {
      await countWrongTry(trx, user.id, now);
      wrongTries += 1;
    }
    if (!(await blockHolderAt(trx, user.id, HOLDER_MAX_WRONG_TRIES, now))) return { kind: 'wrong', attemptsLeft: attemptsLeft(wrongTries) };
    await endVerification(trx, latest, 'blocked', now);
    return { kind: 'blocked', verificationId: latest.id, code: 'attempts_exceeded' };
  });

  switch (outcome.kind) {
    case 'verified':
      await refundQuietly(deps, outcome.verificationId);
      return answer(db, outcome.verificationId, now);
    case 'wrong':
      throw new Refusal('invalid', 'wrong_amount', { params: { attempts_left: outcome.attemptsLeft } });
    case 'blocked':
      if (outcome.verificationId) await refundQuietly(deps, outcome.verificationId);
      throw new Refusal('forbidden', outcome.code);
    case 'expired':
      await cancelVerification(deps, outcome.verificationId, 'expired');
      throw new Refusal('not_found', 'validation_not_found');
    case 'refused':
      throw outcome.refusal;
  }
}

/** Ends a validation waiting for its amount (in the caller's transaction): the card is not_verified again. */
async function endVerification(trx: Database, row: CardVerificationRow, as: 'cancelled' | 'blocked', now: Date): Promise<void> {
  if (await moveVerification(trx, row.id, 'awaiting_amount', { status: as, finished_at: now.toISOString() }))
    await moveCardStatus(trx, row.card_id, 'verification_in_progress', 'not_verified', now);
}

/** DELETE /api/cards/{id}/purchase-verification: cancels the live validation; its charge goes back. */
export async function cancelOwnVerification(deps: CardDeps, user: UserRow, cardId: string): Promise<PurchaseVerificationAnswer> {
  const card = await requireOwnCard(deps.db, user, cardId);
  const live = await liveVerification(deps.db, card.id);
  if (!live) throw new Refusal('not_found', 'validation_not_found');
  if (live.status === 'charging') throw new Refusal('conflict', 'verification_charging', { retryAfterSeconds: 1 });
  await cancelVerification(deps, live.id, 'cancelled');
  return answer(deps.db, live.id, deps.now);
}

/**
 * Ends a validation waiting for its amount as `cancelled` or `expired`: the card is not_verified
 * again and the charge goes back. Nothing happens when it was no longer waiting.
 */
export async function cancelVerification(deps: CardDeps, verificationId: string, as: 'cancelled' | 'expired'): Promise<void> {
  const { db, now } = deps;
  const row = await verificationById(db, verificationId);
  if (!row) return;
  const moved = await db.transaction().execute(async (trx) => {
    if (!(await moveVerification(trx, row.id, 'awaiting_amount', { status: as, finished_at: now.toISOString() }))) return false;
    await moveCardStatus(trx, row.card_id, 'verification_in_progress', 'not_verified', now);
    return true;
  });
  if (moved) await refundQuietly(deps, row.id);
}

/**
 * Sends a finished validation's charge back, once: as store credit (a ledger entry
 * unique by the validation) only when the card ended verified and its refund_type is 'credit';
 * every other end (cancelled, the card deleted, lapsed, blocked) goes back to the card through the
 * gateway (keyed by the validation), so a charge never becomes credit without the card's owner
 * having proven it. Safe to call any number of times, from any process; the lapse job calls it too.
 */
export async function refundVerification(deps: CardDeps, verificationId: string): Promise<void> {
  const { db, now } = deps;
  const row = await verificationById(db, verificationId);
  if (!row?.charge_id || row.refunded_at) return;
  if (verificationRefundDestination(row.refund_type, row.status) === 'card') {
    const refund = await deps.payments.refund({ charge_id: row.charge_id, idempotency_key: refundKey(row.id) }, now);
    await markRefunded(db, row.id, refund.refund_id, now);
    return;
  }
  const reference = creditReference(row.id);
  await creditOnce(db, { userId: row.user_id, amount: row.amount, reason: 'card_verification_refund', reference }, now);
  const entry = await creditEntryFor(db, reference);
  if (entry) await markRefunded(db, row.id, entry.id, now);
}

/** A refund that fails now (the gateway is down) is left to the job, which tries again every minute. */
async function refundQuietly(deps: CardDeps, verificationId: string): Promise<void> {
  try {
    await refundVerification(deps, verificationId);
  } catch (err) {
    console.error('[cards] refund of validation', verificationId, 'postponed:', (err as Error).message);
  }
}

/**
 * The server's job (every minute, in every process; safe side by side): finishes charges left
 * 'charging' by a lost request, cancels and refunds validations whose amount was not typed within
 * 24 hours, and refunds every finished validation whose charge has not gone back.
 */
export async function runCardJobs(deps: CardDeps): Promise<{ recovered: number; expired: number; refunded: number }> {
  const { db, now } = deps;
  let recovered = 0;
  for (const row of await verificationsIn(db, 'charging', new Date(now.getTime() - STALE_CHARGE_MS), 'created_at')) {
    const card = await cardById(db, row.card_id);
    if (!card) continue;
    try {
      // The CVV was dropped with its request; the same key answers the first charge if it was made.
      await chargeVerification(deps, row, card, undefined);
      recovered++;
    } catch (err) {
      console.error('[cards] stale charge of validation', row.id, 'not settled:', (err as Error).message);
    }
  }
  let expired = 0;
  for (const row of await verificationsIn(db, 'awaiting_amount', new Date(now.getTime() - 24 * 60 * 60 * 1000), 'charged_at')) {
    if (!row.charged_at || !isVerificationExpired(new Date(row.charged_at), now)) continue;
    await cancelVerification(deps, row.id, 'expired');
    expired++;
  }
  let refunded = 0;
  for (const row of await refundsOwed(db)) {
    try {
      await refundVerification(deps, row.id);
      refunded++;
    } catch (err) {
      console.error('[cards] refund of validation', row.id, 'postponed:', (err as Error).message);
    }
  }
  return { recovered, expired, refunded };
}

// ---------------------------------------------------------------- the blacklist

/** Whether the user is a blocked card holder and how many wrong amounts they have left. */
export async function holderStatus(db: Database, userId: string): Promise<BlacklistAnswer> {
  const holder = await cardHolder(db, userId);
  return { blocked: Boolean(holder?.blocked_at), attempts_left: holder?.blocked_at ? 0 : attemptsLeft(holder?.wrong_tries ?? 0) };
}

export type { CardView };
