// Reads and writes of the customer's data rights (docs/privacy.md) and of the session handover
// codes (docs/api.md 'POST /api/auth/handover'): everything the export gathers about one user, and
// the erasure's steps, each scoped by that user. The service (src/server/services/account-data.ts)
// runs the erasure's steps in one transaction.
import { sql, type Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DB, HandoverCodeRow } from './types.ts';

type Executor = Database | Transaction<DB>;

// ---------------------------------------------------------------- handover codes

export async function insertHandoverCode(db: Database, row: HandoverCodeRow): Promise<void> {
  await db.insertInto('handover_codes').values(row).execute();
}

/** Drops every expired code (they are useless, and each is a row of someone's data). */
export async function dropExpiredHandoverCodes(db: Database, now: Date): Promise<void> {
  await db.deleteFrom('handover_codes').where('expires_at', '<=', now.toISOString()).execute();
}

/**
 * Takes the code out in one statement and answers what it was, or undefined when there is none:
 * of two exchanges of one code, in one process or several, exactly one gets it.
 */
export async function consumeHandoverCode(db: Database, codeHash: string): Promise<HandoverCodeRow | undefined> {
  return db.deleteFrom('handover_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst();
}

export async function deleteUserHandoverCodes(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('handover_codes').where('user_id', '=', userId).execute();
}

// ---------------------------------------------------------------- the export's reads

/** Every order of the user at any establishment, oldest first, with where it was placed. */
export async function userOrdersWithEstablishment(db: Database, userId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('establishments', 'establishments.id', 'orders.establishment_id')
    .selectAll('orders')
    .select(['establishments.slug as establishment_slug', 'establishments.name as establishment_name', 'establishments.time_zone as establishment_time_zone'])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.created_at', 'asc')
    .orderBy('orders.number', 'asc')
    .orderBy('orders.id', 'asc')
    .execute();
}

/** Every movement of the user's credit, oldest first. */
export async function userCreditEntries(db: Database, userId: string) {
  return db
    .selectFrom('credit_entries')
    .select(['id', 'amount', 'reason', 'note', 'order_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The problem reports and suggestions the user wrote, oldest first, with the establishment they went to. */
export async function userFeedback(db: Database, userId: string) {
  return db
    .selectFrom('customer_feedback')
    .innerJoin('establishments', 'establishments.id', 'customer_feedback.establishment_id')
    .select([
      'customer_feedback.id',
      'customer_feedback.kind',
      'customer_feedback.topic',
      'customer_feedback.order_id',
      'customer_feedback.message',
      'customer_feedback.created_at',
      'establishments.slug as establishment_slug',
    ])
    .where('customer_feedback.user_id', '=', userId)
    .orderBy('customer_feedback.created_at', 'asc')
    .orderBy('customer_feedback.id', 'asc')
    .execute();
}

/** The codes sent to prove the user's phone or e-mail: where and when, never the code (only its hash is kept). */
export async function userVerificationCodes(db: Database, userId: string) {
  return db
    .selectFrom('verification_codes')
    .select(['channel', 'target', 'created_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The user's open sessions (the devices logged in): where and when, never a token. */
export async function userSessions(db: Database, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('establishments', 'establishments.id', 'sessions.establishment_id')
    .select(['establishments.slug as establishment_slug', 'sessions.created_at', 'sessions.expires_at'])
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now.toISOString())
    .orderBy('sessions.created_at', 'asc')
    .execute();
}

export async function companyName(db: Database, companyId: string): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}

// ---------------------------------------------------------------- the erasure's steps

/** Order statuses that are over: nothing more happens to the order. */
const FINISHED_STATUSES = ['complete', 'canceled'] as const;
/** Payment states where money is still moving: a charge awaited, a refund owed. */
const MONEY_MOVING = ['awaiting', 'refund_pending'] as const;
/** A card charge for an order still being made, captured but not yet part of an order, or owed back. */
const ORDER_CHARGES_MOVING = ['charging', 'captured', 'refund_pending'] as const;
/** Card validations still under way (src/server/db/cards-repo.ts LIVE_VERIFICATION_STATES). */
const LIVE_VALIDATIONS = ['charging', 'awaiting_amount'] as const;

/**
 * What keeps the account from being erased now: an order not yet complete or cancelled, or money
 * still moving (a Pix awaited, a refund owed to an order or a card validation, a validation under way).
 */
export async function activityInProgress(db: Executor, userId: string): Promise<'open_orders' | 'payments_pending' | null> {
  const open = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'not in', FINISHED_STATUSES)
    .limit(1)
    .executeTakeFirst();
  if (open) return 'open_orders';
  const paying = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('payment_status', 'in', MONEY_MOVING)
    .limit(1)
    .executeTakeFirst();
  if (paying) return 'payments_pending';
  const validation = await db
    .selectFrom('card_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', 'in', LIVE_VALIDATIONS), eb.and([eb('charge_id', 'is not', null), eb('refunded_at', 'is', null)])]))
    .limit(1)
    .executeTakeFirst();
  if (validation) return 'payments_pending';
  const paymentRefund = await db
    .selectFrom('order_payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ORDER_CHARGES_MOVING)
    .limit(1)
    .executeTakeFirst();
  return paymentRefund ? 'payments_pending' : null;
}

/**
 * Empties the user's row of personal data and marks it erased, only if it is not erased yet
 * (compare-and-set: of two erasures at once, one does it; on PostgreSQL the row stays locked by
 * this transaction until it ends). The e-mail and phone become placeholders unique to the row, so
 * the real ones are free for a new registration and no login can match them. False when the row
 * was erased already.
 */
export async function claimErasure(trx: Transaction<DB>, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const done = await trx
    .updateTable('users')
    .set({
      name: '',
      email: `conta-excluida+${userId}@invalid`,
      phone: `excluida-${userId}`,
      // No scrypt hash: verifyPassword answers false for anything.
      password_hash: '',
      fbid: null,
      photo_key: null,
      phone_verified: 0,
      email_verified: 0,
      document: null,
      birthday: null,
      gender: null,
      default_address_id: null,
      referral_code: null,
      referred_by: null,
      updated_at: at,
      deleted_at: at,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Ends every session of the user; answers the establishments they were opened at (their cookies to expire). */
export async function deleteUserSessions(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const rows = await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('establishment_id').execute();
  return [...new Set(rows.map((r) => r.establishment_id))];
}

/**
 * Deletes what belongs to the user alone and serves nobody once the account is gone: addresses,
 * verification codes, handover codes, stored order answers (idempotency keys hold
 * a copy of the order with its address), problem reports and suggestions (free text), and the demo
 * outbox's messages to the user's phone or e-mail.
 */
export async function deletePersonalRows(trx: Transaction<DB>, user: { id: string; email: string; phone: string }): Promise<void> {
  for (const table of ['addresses', 'verification_codes', 'handover_codes', 'idempotency_keys', 'customer_feedback'] as const)
    await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
  const recipients = [user.email, user.phone, `+55${user.phone}`, `55${user.phone}`];
  await trx.deleteFrom('outbox_messages').where('channel', 'in', ['sms', 'email', 'whatsapp']).where('recipient', 'in', recipients).execute();
}

/**
 * Empties what the user wrote or chose on their orders, in a few statements however many orders:
 * the note, the WhatsApp updates, a cancellation reason the customer gave, and the CPF of an order
 * whose receipt did not ask for it (docs/privacy.md 'The CPF on the receipt').
 */
export async function emptyUserOrders(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.updateTable('orders').set({ note: '', whatsapp_updates: 0 }).where('user_id', '=', userId).execute();
  await trx.updateTable('orders').set({ tax_id: null }).where('user_id', '=', userId).where('tax_receipt', '<>', 1).execute();
  await trx.updateTable('orders').set({ cancellation_reason: null }).where('user_id', '=', userId).where('cancellation_type', '=', 'client').execute();
}

/** The user's orders that carry a delivery address (a JSON snapshot each). */
export async function userOrderAddresses(trx: Transaction<DB>, userId: string): Promise<{ id: string; address: string }[]> {
  const rows = await trx.selectFrom('orders').select(['id', 'address']).where('user_id', '=', userId).where('address', 'is not', null).execute();
  return rows.map((r) => ({ id: r.id, address: r.address! }));
}

export async function setOrderAddress(trx: Transaction<DB>, orderId: string, address: string | null): Promise<void> {
  await trx.updateTable('orders').set({ address }).where('id', '=', orderId).execute();
}

/**
 * Marks the user's saved cards deleted and forgets their holder's name and document, except the
 * document of a holder the establishment blocked (kept against fraud: docs/privacy.md). Answers the
 * cards this call deleted (those the gateway must now forget).
 */
export async function forgetUserCards(trx: Transaction<DB>, userId: string, keepDocument: boolean, now: Date) {
  const at = now.toISOString();
  const live = await trx
    .updateTable('payment_cards')
    .set({ deleted_at: at, updated_at: at })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(['id', 'gateway', 'gateway_token'])
    .execute();
  await trx
    .updateTable('payment_cards')
    .set(keepDocument ? { holder: '' } : { holder: '', document: '' })
    .where('user_id', '=', userId)
    .execute();
  return live;
}

/** Whether the establishment blocked the user as a card holder. */
export async function holderBlocked(trx: Transaction<DB>, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('card_holders').select('blocked_at').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row?.blocked_at);
}

/**
 * The notes of credit entries that name the user: the user's own (a grant's reason, the other side
 * of a referral) and, in the ledgers of the customers the user referred or was referred by, the
 * user's first name (src/server/services/credits.ts rewardReferral writes it there).
 */
export async function forgetCreditNotes(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.updateTable('credit_entries').set({ note: null }).where('user_id', '=', userId).execute();
  // The referrer's entry for this user's referral, and the entries of the customers this user referred.
  const references = trx.selectFrom('users').select(sql<string>`'referral:' || id || ':referred'`.as('reference')).where('referred_by', '=', userId);
  await trx
    .updateTable('credit_entries')
    .set({ note: null })
    .where((eb) => eb.or([eb('reference', '=', `referral:${userId}:referrer`), eb('reference', 'in', references)]))
    .execute();
}
