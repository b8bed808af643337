// Saved cards, their validations, the wrong amounts typed and the card holders' blacklist
// (migration 0009_payment_cards). Every state change is one conditional statement, so concurrent
// requests (a double click, two tabs, two server processes) change each row once: the caller learns
// from the rows changed whether it was the one that did.
import { sql } from 'kysely';
import type { Database } from './database.ts';
import type { CardHolderRow, CardVerificationRow, PaymentCardRow } from './types.ts';

/** The states of a validation that still hold the card (its charge is on its way or waits for the amount). */
export const LIVE_VERIFICATION_STATES = ['charging', 'awaiting_amount'] as const;

export async function insertCard(db: Database, row: PaymentCardRow): Promise<void> {
  await db.insertInto('payment_cards').values(row).execute();
}

/** The user's card with this id, unless deleted. */
export async function ownCard(db: Database, userId: string, cardId: string): Promise<PaymentCardRow | undefined> {
  return db.selectFrom('payment_cards').selectAll().where('id', '=', cardId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function cardById(db: Database, cardId: string): Promise<PaymentCardRow | undefined> {
  return db.selectFrom('payment_cards').selectAll().where('id', '=', cardId).executeTakeFirst();
}

/** The user's cards, newest first. */
export async function listCards(db: Database, userId: string): Promise<PaymentCardRow[]> {
  return db
    .selectFrom('payment_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** When the user's cards added since `since` were added (deleted ones too: deleting does not give a try back). */
export async function cardsAddedSince(db: Database, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('payment_cards')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/** The user's card with the same brand, last 4 digits and expiry, if one is kept. */
export async function sameCard(db: Database, userId: string, card: Pick<PaymentCardRow, 'brand' | 'last4' | 'exp_month' | 'exp_year'>) {
  return db
    .selectFrom('payment_cards')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('brand', '=', card.brand)
    .where('last4', '=', card.last4)
    .where('exp_month', '=', card.exp_month)
    .where('exp_year', '=', card.exp_year)
    .executeTakeFirst();
}

/**
 * Marks the card deleted; false when it was not the user's or already gone. Its token stays: a
 * validation charge under way when it was deleted is settled, and refunded, by that charge's key
 * (the gateway forgets the card itself: PaymentGateway.removeCard).
 */
export async function deleteCard(db: Database, userId: string, cardId: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('payment_cards')
    .set({ deleted_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Moves the card's verification status from one value to another; false when it was not `from` (someone else moved it). */
export async function moveCardStatus(db: Database, cardId: string, from: string, to: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('payment_cards')
    .set({ verification_status: to, updated_at: now.toISOString() })
    .where('id', '=', cardId)
    .where('verification_status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function insertVerification(db: Database, row: CardVerificationRow): Promise<void> {
  await db.insertInto('card_verifications').values(row).execute();
}

export async function verificationById(db: Database, id: string): Promise<CardVerificationRow | undefined> {
  return db.selectFrom('card_verifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The card's newest validation. */
export async function latestVerification(db: Database, cardId: string): Promise<CardVerificationRow | undefined> {
  return db.selectFrom('card_verifications').selectAll().where('card_id', '=', cardId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/** The card's validation still under way (charging or waiting for the amount), if any. */
export async function liveVerification(db: Database, cardId: string): Promise<CardVerificationRow | undefined> {
  return db
    .selectFrom('card_verifications')
    .selectAll()
    .where('card_id', '=', cardId)
    .where('status', 'in', LIVE_VERIFICATION_STATES)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Moves a validation from one state to another with the given changes; false when it was no longer in `from`. */
export async function moveVerification(
  db: Database,
  id: string,
  from: string | readonly string[],
  changes: Partial<Pick<CardVerificationRow, 'status' | 'charge_id' | 'charged_at' | 'finished_at'>>,
): Promise<boolean> {
  const done = await db
    .updateTable('card_verifications')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', typeof from === 'string' ? [from] : from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Records that the charge went back; false when another call recorded it first. */
export async function markRefunded(db: Database, id: string, refundId: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('card_verifications')
    .set({ refund_id: refundId, refunded_at: now.toISOString() })
    .where('id', '=', id)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Validations in `status` created (or charged) before `before`, oldest first: what the server's job works through. */
export async function verificationsIn(db: Database, status: string, before: Date, column: 'created_at' | 'charged_at', limit = 100) {
  return db
    .selectFrom('card_verifications')
    .selectAll()
    .where('status', '=', status)
    .where(column, '<=', before.toISOString())
    .orderBy(column, 'asc')
    .limit(limit)
    .execute();
}

/** Finished validations whose captured charge has not gone back yet. */
export async function refundsOwed(db: Database, limit = 100): Promise<CardVerificationRow[]> {
  return db
    .selectFrom('card_verifications')
    .selectAll()
    .where('status', 'in', ['verified', 'cancelled', 'expired', 'blocked'])
    .where('charge_id', 'is not', null)
    .where('refunded_at', 'is', null)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
}

/** Records a wrong amount for a validation; false when that amount was already recorded for it (a double click). */
export async function recordWrongAmount(db: Database, verificationId: string, amount: number, now: Date): Promise<boolean> {
  const done = await db
    .insertInto('card_verification_tries')
    .values({ verification_id: verificationId, amount, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['verification_id', 'amount']).doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) === 1;
}

// ---------------------------------------------------------------- card holders

/**
 * Takes the holder's row for the rest of the transaction and answers it as it stands now: whatever
 * the transaction then reads and decides about the holder (blocked? which amount? one try more?)
 * no concurrent request can decide in between, in this process or another. One upsert that changes
 * nothing: on PostgreSQL it locks the row as `select ... for update` would, and makes it first when
 * the holder has none yet (a `for update` has no row to lock then, and 20 parallel first tries
 * would all pass); on SQLite it is the transaction's first statement and a write, so the
 * transaction holds the database's write lock before it reads anything (a read first would open a
 * snapshot that another process's commit could make stale; see replaceCatalogue).
 */
export async function lockHolder(trx: Database, userId: string, now: Date): Promise<CardHolderRow> {
  return trx
    .insertInto('card_holders')
    .values({ user_id: userId, wrong_tries: 0, blocked_at: null, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: sql<string>`card_holders.updated_at` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function cardHolder(db: Database, userId: string): Promise<CardHolderRow | undefined> {
  return db.selectFrom('card_holders').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One more wrong amount for the holder, in one statement (concurrent wrong amounts each count). */
export async function countWrongTry(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('card_holders')
    .values({ user_id: userId, wrong_tries: 1, blocked_at: null, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ wrong_tries: sql<number>`card_holders.wrong_tries + 1`, updated_at: now.toISOString() }))
    .execute();
}

/** Blocks the holder once they have `maxTries` wrong amounts; true when this call blocked them. */
export async function blockHolderAt(db: Database, userId: string, maxTries: number, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('card_holders')
    .set({ blocked_at: now.toISOString(), updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('wrong_tries', '>=', maxTries)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Lifts the holder's block and gives every try back. */
export async function liftHolder(db: Database, userId: string, now: Date): Promise<void> {
  await db.updateTable('card_holders').set({ wrong_tries: 0, blocked_at: null, updated_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

/** Whether a blocked holder of the company has kept a card with this document: the person behind a new account is blocked too. */
export async function documentBlocked(db: Database, companyId: string, document: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_cards')
    .innerJoin('card_holders', 'card_holders.user_id', 'payment_cards.user_id')
    .select('payment_cards.id')
    .where('payment_cards.company_id', '=', companyId)
    .where('payment_cards.document', '=', document)
    .where('card_holders.blocked_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a blocked holder of the company has saved the card with this fingerprint, on any account
 * (their card deleted since too): the block follows the card to every account of the company.
 */
export async function fingerprintBlocked(db: Database, companyId: string, fingerprint: string | null): Promise<boolean> {
  if (!fingerprint) return false;
  const row = await db
    .selectFrom('payment_cards')
    .innerJoin('card_holders', 'card_holders.user_id', 'payment_cards.user_id')
    .select('payment_cards.id')
    .where('payment_cards.company_id', '=', companyId)
    .where('payment_cards.fingerprint', '=', fingerprint)
    .where('card_holders.blocked_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's blocked card holders, newest first. */
export async function blockedHolders(db: Database, companyId: string) {
  return db
    .selectFrom('card_holders')
    .innerJoin('users', 'users.id', 'card_holders.user_id')
    .select(['users.id as user_id', 'users.name', 'users.email', 'users.phone', 'card_holders.blocked_at'])
    .where('users.company_id', '=', companyId)
    .where('card_holders.blocked_at', 'is not', null)
    .orderBy('card_holders.blocked_at', 'desc')
    .execute();
}
