// The establishment's own analytics ids (docs/api.md 'The establishment's analytics'; why and how
// they load: docs/decisions-product.md 'The tenant's own analytics, with consent'), set by its owner
// in the panel or with its API key. Kept in its preferences, as a catalogue import writes them: the
// pages carry them (data-ga4, data-pixel) and their script policy names the vendors' hosts only
// while one is set, so the caller renders the pages again after the change.
import type { AnalyticsSettingsAnswer, AnalyticsSettingsBody } from '../../schemas/analytics.ts';
import type { Database } from '../db/database.ts';
import { changeEstablishmentSettings } from './establishment-settings.ts';
import { invalidBody } from './refusal.ts';

const FIELDS = ['ga4_measurement_id', 'meta_pixel_id'] as const;

/** Applies the change and answers the ids after it (without `pages`: the caller renders them); 400 nothing_to_change for an empty body. */
export async function setAnalyticsIds(
  db: Database,
  establishmentId: string,
  body: AnalyticsSettingsBody,
  now: Date,
): Promise<{ slug: string; ids: Omit<AnalyticsSettingsAnswer, 'pages'> }> {
  if (FIELDS.every((field) => body[field] === undefined))
    throw invalidBody([{ path: '(root)', code: 'nothing_to_change', message: 'give ga4_measurement_id or meta_pixel_id (an id, or null to remove it)' }]);
  const { slug, answer } = await changeEstablishmentSettings(db, establishmentId, now, ({ is_open, preferences }) => {
    const next: Record<string, unknown> = { ...preferences };
    for (const field of FIELDS) {
      const value = body[field];
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = value;
    }
    const ids = {
      ga4_measurement_id: (next.ga4_measurement_id as string | undefined) ?? null,
      meta_pixel_id: (next.meta_pixel_id as string | undefined) ?? null,
    };
    return { settings: { is_open, preferences: next }, answer: ids };
  });
  return { slug, ids: answer };
}
