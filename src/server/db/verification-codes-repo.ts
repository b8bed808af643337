// One-time codes for phones and e-mail addresses (src/domain/one-time-code.ts has the rules). A code
// is kept only as the keyed hash src/server/services/contact-verification.ts makes of it. What
// protects a code is that it lives 10 minutes, is compared at most 5 times and is used once, all
// enforced here by conditional updates that count and compare in one statement, so parallel checks
// cannot both use it or get more than 5 comparisons between them.
import type { Database } from './database.ts';
import type { VerificationCodeRow } from './types.ts';
import { randomId } from './ids.ts';
import { CODE_MAX_TRIES } from '../../domain/one-time-code.ts';

export type CodeChannel = VerificationCodeRow['channel'];

/** Whether the user was sent a code for that target since `since` (used or not). */
export async function codeSentSince(db: Database, userId: string, channel: CodeChannel, target: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('verification_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '>=', since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a new code for the user and ends the user's earlier live codes of the channel: only the
 * latest code sent can be typed.
 */
export async function insertCode(db: Database, row: { userId: string; channel: CodeChannel; target: string; codeHash: string }, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('verification_codes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', row.userId)
      .where('channel', '=', row.channel)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('verification_codes')
      .values({
        id: randomId(),
        user_id: row.userId,
        channel: row.channel,
        target: row.target,
        code_hash: row.codeHash,
        tries: 0,
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
}

/** The user's latest code of the channel for that target, used or not. */
export async function latestCode(db: Database, userId: string, channel: CodeChannel, target: string): Promise<VerificationCodeRow | undefined> {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses the code once: true for the one caller that marked it used. */
export async function markUsed(db: Database, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('verification_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Counts one check of a live code before it is compared, raising and comparing the count in one
 * statement: the checks counted so far with this one (1..5), or undefined when the code is used or
 * already had its 5 (this check may compare nothing).
 */
export async function countTry(db: Database, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', CODE_MAX_TRIES)
    .returning('tries')
    .executeTakeFirst();
  return row ? Number(row.tries) : undefined;
}
