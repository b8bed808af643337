// The one statement the live-event bus sends through PostgreSQL (src/server/live/bus.ts): a
// NOTIFY on its channel, which every listening process hears.
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** pg_notify(channel, payload): PostgreSQL only. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
