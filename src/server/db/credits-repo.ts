// A customer's store credit (docs/api.md 'Credits'): the balance on the user's row and its
// append-only ledger. Every movement goes through moveCredits, in a transaction: the entry
// (unique by what it is for, so a retried refund or reward moves the balance once) and the
// balance, moved by a conditional update that never takes it below zero. So the ledger always
// adds up to the balance, also when many orders spend one balance at once.
import { sql, type Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { CreditEntryRow, DB } from './types.ts';
import { randomId } from './ids.ts';
import type { CreditReason } from '../../schemas/api-promotions.ts';

/** A balance too small for a withdrawal; thrown so the caller's transaction (with the entry) rolls back. */
export class CreditsShort extends Error {
  readonly userId: string;
  readonly amount: number;
  constructor(userId: string, amount: number) {
    super(`credits of ${userId} short of ${-amount}`);
    this.userId = userId;
    this.amount = amount;
  }
}

export type CreditMovement = {
  userId: string;
  /** Signed centavos: + received, - spent. */
  amount: number;
  reason: CreditReason;
  /** What the movement is for, unique ('order:<id>:spend', 'grant:<id>', ...). */
  reference: string;
  note?: string | null;
  orderId?: string | null;
};

/**
 * Writes one movement in `trx`: false (nothing changed) when the reference was moved before;
 * throws CreditsShort when a withdrawal is more than the balance (the caller's transaction must
 * then roll back, which it does by letting the error through).
 */
export async function moveCredits(trx: Transaction<DB>, m: CreditMovement, now: Date): Promise<boolean> {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) throw new RangeError(`credit movement must be a non-zero integer (was ${m.amount})`);
  const at = now.toISOString();
  const inserted = await trx
    .insertInto('credit_entries')
    .values({
      id: `ce_${randomId()}`,
      user_id: m.userId,
      amount: m.amount,
      reason: m.reason,
      reference: m.reference,
      note: m.note ?? null,
      order_id: m.orderId ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.column('reference').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  let update = trx
    .updateTable('users')
    .set({ credits: sql<number>`credits + ${m.amount}`, updated_at: at })
    .where('id', '=', m.userId);
  if (m.amount < 0) update = update.where('credits', '>=', -m.amount);
  const moved = await update.executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new CreditsShort(m.userId, m.amount);
  return true;
}

/** moveCredits in a transaction of its own, for a credit (a refund, a reward) that stands alone. */
export async function creditOnce(db: Database, m: CreditMovement, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => moveCredits(trx, m, now));
}

/** The ledger entry written for a reference, if any. */
export async function creditEntryFor(db: Database | Transaction<DB>, reference: string) {
  return db.selectFrom('credit_entries').select(['id', 'amount']).where('reference', '=', reference).executeTakeFirst();
}

/** The customer's balance, centavos (0 for an unknown user). */
export async function creditBalance(db: Database | Transaction<DB>, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
  return Number(row?.credits ?? 0);
}

/**
 * The customer's ledger, newest first, with the order each entry is about: its id, number and the
 * slug of the establishment it was placed at (credits belong to the company, an order to one of its
 * establishments), so the statement can link to the order's page.
 */
export async function creditEntries(
  db: Database,
  userId: string,
  limit: number,
): Promise<
  (Pick<CreditEntryRow, 'id' | 'amount' | 'reason' | 'note' | 'created_at' | 'order_id'> & { order_number: number | null; order_slug: string | null })[]
> {
  const rows = await db
    .selectFrom('credit_entries')
    .leftJoin('orders', 'orders.id', 'credit_entries.order_id')
    .leftJoin('establishments', 'establishments.id', 'orders.establishment_id')
    .select([
      'credit_entries.id',
      'credit_entries.amount',
      'credit_entries.reason',
      'credit_entries.note',
      'credit_entries.created_at',
      'orders.id as order_id',
      'orders.number as order_number',
      'establishments.slug as order_slug',
    ])
    .where('credit_entries.user_id', '=', userId)
    .orderBy('credit_entries.created_at', 'desc')
    .orderBy('credit_entries.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount), order_number: r.order_number === null ? null : Number(r.order_number) }));
}

/** The sum of the customer's ledger (what the balance must be). */
export async function ledgerSum(db: Database, userId: string): Promise<number> {
  const row = await db.selectFrom('credit_entries').select(sql<number>`coalesce(sum(amount), 0)`.as('sum')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/**
 * Takes the user's row for the rest of `trx` (a no-op write): on PostgreSQL concurrent orders of one
 * customer then read the balance one after the other, so each prices its credits on what the
 * previous one left; SQLite runs one writer at a time anyway.
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.updateTable('users').set({ credits: sql<number>`credits` }).where('id', '=', userId).execute();
}
