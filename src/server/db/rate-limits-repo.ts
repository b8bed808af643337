// The counters of every limit (table rate_limit_counters, migration 0013_rate_limits): one row per
// key and fixed window. A hit is counted and its new count read back in one statement (an upsert
// with RETURNING), so parallel requests, in one process or several, each see a distinct count and
// no more than the limit of them are let through, on SQLite and PostgreSQL alike.
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** Counts one hit on `key` in the window starting at `windowStart` (ms); answers the window's count including this hit. */
export async function countHit(db: Database, key: string, windowStart: number, expiresAt: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The count of `key` in the window starting at `windowStart`, without counting a hit (0 when none). */
export async function readHits(db: Database, key: string, windowStart: number): Promise<number> {
  const row = await db.selectFrom('rate_limit_counters').select('hits').where('key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

/** Takes one hit back from `key`'s window starting at `windowStart` (never below zero). */
export async function uncountHit(db: Database, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql`hits - 1` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

/** Forgets the counts of `key` (every window): a limit that a success resets. */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

/** Drops the windows that are over. */
export async function dropExpiredCounters(db: Database, nowMs: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<', nowMs).execute();
}
