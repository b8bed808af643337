// The Idempotent-Key records (src/server/services/idempotency.ts says how they are used): one row
// per (user, key), claimed 'in_flight', then 'done' with the response, deleted when released or expired.
import type { Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { DB, IdempotencyKeyRow } from './types.ts';

type Key = { userId: string; key: string };
/** The claim a request holds: its row matches only while nobody took it over. */
type Claim = Key & { createdAt: string; lockedUntil: string };

/** The row of our claim as we made it: still in flight, not taken over (a takeover moves its times). */
function stillOurs(claim: Claim) {
  return { user_id: claim.userId, key: claim.key, state: 'in_flight', created_at: claim.createdAt, locked_until: claim.lockedUntil } as const;
}

/** Deletes the keys expired at `nowIso`; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Database, nowIso: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Inserts the 'in_flight' claim unless the (user, key) exists: true when this insert claimed it. */
export async function insertIdempotencyClaim(db: Database, row: Omit<IdempotencyKeyRow, 'state' | 'response_status' | 'response_body'>): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...row, state: 'in_flight', response_status: null, response_body: null })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function getIdempotencyKey(db: Database, k: Key): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', k.userId).where('key', '=', k.key).executeTakeFirst();
}

/** Deletes the key if it expired at `nowIso` (a concurrent request may have renewed it). */
export async function deleteIdempotencyKeyIfExpired(db: Database, k: Key, nowIso: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', k.userId).where('key', '=', k.key).where('expires_at', '<=', nowIso).execute();
}

/** Takes over an 'in_flight' claim whose lock was `staleLockedUntil`: true unless another request did so first. */
export async function takeOverIdempotencyClaim(db: Database, claim: Claim, staleLockedUntil: string): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ created_at: claim.createdAt, locked_until: claim.lockedUntil })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in_flight')
    .where('locked_until', '=', staleLockedUntil)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Marks our claim 'done' with the response, in the work's transaction: false when the claim was taken over. */
export async function completeIdempotencyClaim(trx: Transaction<DB>, claim: Claim, response: { status: number; body: string }): Promise<boolean> {
  const done = await trx
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: response.status, response_body: response.body })
    .where((eb) => eb.and(stillOurs(claim)))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Deletes our 'in_flight' claim (the request failed), leaving one another request took over. */
export async function releaseIdempotencyClaim(db: Database, claim: Claim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb.and(stillOurs(claim)))
    .execute();
}
