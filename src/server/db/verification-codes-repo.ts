// One-time codes for phones and e-mail addresses (src/domain/one-time-code.ts has the rules). A code
// is kept only as 'salt$sha256(salt:code)': a database copy does not show a live code outright. Four
// digits are few, so the hash alone would not stop a patient reader; what protects a code is that it
// lives 10 minutes, ends after 5 wrong tries and is used once, all enforced here by conditional
// updates, so two concurrent checks cannot both use it or both skip a wrong try.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from './database.ts';
import type { VerificationCodeRow } from './types.ts';
import { randomId } from './ids.ts';
import { CODE_MAX_WRONG_TRIES, SEND_WINDOW_MS } from '../../domain/one-time-code.ts';

export type CodeChannel = VerificationCodeRow['channel'];

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, code)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  return timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(hash, 'hex'));
}

/** The instants of the codes sent to a phone or address within the send window. */
export async function recentSends(db: Database, channel: CodeChannel, target: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - SEND_WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '>', since)
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/**
 * Records a new code for the user and ends the user's earlier live codes of the channel: only the
 * latest code sent can be typed.
 */
export async function insertCode(db: Database, row: { userId: string; channel: CodeChannel; target: string; code: string }, now: Date): Promise<void> {
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
        code_hash: hashCode(row.code),
        wrong_tries: 0,
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

/** Counts a wrong try; answers the tries counted before it, or undefined when the code was already ended. */
export async function countWrongTry(db: Database, id: string): Promise<number | undefined> {
  return db.transaction().execute(async (tx) => {
    const res = await tx
      .updateTable('verification_codes')
      .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('wrong_tries', '<', CODE_MAX_WRONG_TRIES)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    const row = await tx.selectFrom('verification_codes').select('wrong_tries').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.wrong_tries) - 1;
  });
}
