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

/** Stores the open state and the preferences (as JSON text) the switch wrote. */
export async function setEstablishmentOpening(db: Database, id: string, change: { is_open: string; preferences: string }, now: Date): Promise<void> {
  await db
    .updateTable('establishments')
    .set({ is_open: change.is_open, preferences: change.preferences, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Stores the preferences (as JSON text) a settings change wrote (the kitchen's capacity). */
export async function setEstablishmentPreferences(db: Database, id: string, preferences: string, now: Date): Promise<void> {
  await db.updateTable('establishments').set({ preferences, updated_at: now.toISOString() }).where('id', '=', id).execute();
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
