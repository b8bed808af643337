// The development outbox (docs/architecture.md 'Messages to customers'): every message the product
// sent while no real channel was configured, one row each with its channel ('whatsapp', 'sms', 'email';
// card statement lines later), so a developer or a test reads what a customer would have
// received on the outbox page (/dev/caixa-de-saida, outside production only).
import type { Database } from './database.ts';
import type { OutboxMessageRow } from './types.ts';
import { randomId } from './ids.ts';

export interface OutboxMessage {
  channel: string;
  recipient: string;
  text: string;
}

let sequence = 0;

/**
 * An id that sorts in the order messages were recorded: the instant (ms), this process's sequence
 * (two messages of the same millisecond, or of a test's stopped clock, keep their order) and a
 * random tail (several processes sharing one database never collide).
 */
function sortableId(now: Date): string {
  sequence = (sequence + 1) % 36 ** 6;
  return `${now.getTime().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(6, '0')}${randomId().slice(0, 8)}`;
}

export async function recordOutboxMessage(db: Database, message: OutboxMessage, now: Date): Promise<OutboxMessageRow> {
  const row: OutboxMessageRow = { id: sortableId(now), ...message, created_at: now.toISOString() };
  await db.insertInto('outbox_messages').values(row).execute();
  return row;
}

/** The latest `limit` messages, newest first. */
export async function listOutboxMessages(db: Database, limit: number): Promise<OutboxMessageRow[]> {
  return db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function countOutboxMessages(db: Database): Promise<number> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
