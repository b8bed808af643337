// Reads and writes of single establishment columns outside a catalogue import: the open state the
// establishment switches by hand, the company it belongs to, and its API keys (stored by hash only).
// The establishment as the pages and the API show it is read by catalogue-repo.ts.
import type { Database } from './database.ts';
import type { EstablishmentRow } from './types.ts';

/** What the open-state switch reads; undefined for an unknown establishment. */
export async function getEstablishmentOpening(
  db: Database,
  id: string,
): Promise<Pick<EstablishmentRow, 'slug' | 'is_open' | 'preferences' | 'active'> | undefined> {
  return db.selectFrom('establishments').select(['slug', 'is_open', 'preferences', 'active']).where('id', '=', id).executeTakeFirst();
}

/**
 * Writes the open state and the preferences (JSON text) a settings change made from `before`, only
 * if the row still holds `before`: false when another change landed in between (the caller reads
 * again and re-applies its own). A compare-and-set rather than a row lock, so it reads the same on
 * SQLite and PostgreSQL and two settings changed at once (the opening switch, the kitchen's
 * capacity, the analytics ids) both land.
 */
export async function replaceEstablishmentSettings(
  db: Database,
  id: string,
  before: { is_open: string; preferences: string },
  after: { is_open: string; preferences: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('establishments')
    .set({ is_open: after.is_open, preferences: after.preferences, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('is_open', '=', before.is_open)
    .where('preferences', '=', before.preferences)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company of an establishment, active or not, and whether it is active; undefined for an unknown id. */
export async function getEstablishmentCompany(db: Database, id: string): Promise<{ company_id: string; active: number } | undefined> {
  return db.selectFrom('establishments').select(['company_id', 'active']).where('id', '=', id).executeTakeFirst();
}

/** The slug and time zone of an establishment (active or not); undefined for an unknown id. */
export async function getEstablishmentSlugAndZone(db: Database, id: string): Promise<{ slug: string; time_zone: string } | undefined> {
  return db.selectFrom('establishments').select(['slug', 'time_zone']).where('id', '=', id).executeTakeFirst();
}

/** Stores an API key's hash for the establishment. */
export async function insertEstablishmentKey(db: Database, key: { hash: string; establishmentId: string; label: string }, now: Date): Promise<void> {
  await db
    .insertInto('establishment_api_keys')
    .values({ key_hash: key.hash, establishment_id: key.establishmentId, label: key.label, created_at: now.toISOString() })
    .execute();
}

/** The establishment whose key has this hash, or undefined. */
export async function establishmentOfKeyHash(db: Database, hash: string): Promise<string | undefined> {
  return (await db.selectFrom('establishment_api_keys').select('establishment_id').where('key_hash', '=', hash).executeTakeFirst())?.establishment_id;
}
