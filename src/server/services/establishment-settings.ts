// One way for every settings change an establishment makes outside a catalogue import (the opening
// switch, the kitchen's capacity, its analytics ids): read the row, apply the change to what it
// holds, write it only if nobody changed the row meanwhile, else read again and re-apply. Each
// change edits its own keys of the preferences, so two made at once (the owner's tablet sets the
// capacity while the manager closes the store from the command line) both land instead of the
// later write putting back what the earlier one replaced.
import type { Database } from '../db/database.ts';
import { getEstablishmentOpening, replaceEstablishmentSettings } from '../db/establishments-repo.ts';
import { Refusal } from './refusal.ts';

/** What a change reads: the open state and the preferences as stored. */
export interface EstablishmentSettings {
  is_open: string;
  preferences: Record<string, unknown>;
}

/** How many times a change re-reads a row that kept changing under it before it answers 409. */
const ATTEMPTS = 8;

/**
 * Applies `change` to the establishment's settings and stores the result; answers its slug and what
 * `change` returned. `change` may throw a Refusal (a bad body), and must be pure: it can run again
 * on a newer row. 404 establishment_not_found for an unknown or inactive establishment; 409
 * write_conflict when the row changed under it ATTEMPTS times in a row.
 */
export async function changeEstablishmentSettings<T>(
  db: Database,
  establishmentId: string,
  now: Date,
  change: (current: EstablishmentSettings) => { settings: EstablishmentSettings; answer: T },
): Promise<{ slug: string; answer: T }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await getEstablishmentOpening(db, establishmentId);
    if (row?.active !== 1) throw new Refusal('not_found', 'establishment_not_found');
    const { settings, answer } = change({ is_open: row.is_open, preferences: JSON.parse(row.preferences) as Record<string, unknown> });
    const after = { is_open: settings.is_open, preferences: JSON.stringify(settings.preferences) };
    if (await replaceEstablishmentSettings(db, establishmentId, { is_open: row.is_open, preferences: row.preferences }, after, now))
      return { slug: row.slug, answer };
  }
  throw new Refusal('conflict', 'write_conflict');
}
