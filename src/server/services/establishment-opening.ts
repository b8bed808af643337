// The establishment switches its open state by hand (docs/api.md 'Open, closed, unavailable'):
// is_open overrides the office hours ('auto' follows them again, src/domain/open-now.ts), and
// preferences.unavailable stops every order with the notice the pages show. The same
// columns a catalogue import writes, so the next import sets them to what its file says.
import type { Database } from '../db/database.ts';
import { changeEstablishmentSettings } from './establishment-settings.ts';
import type { OpeningAnswer, OpeningBody, OpenMode } from '../../schemas/api-opening.ts';
import { invalidBody } from './refusal.ts';
import { unavailableWithoutTitle } from '../../domain/open-now.ts';

/** Applies the change and answers the new state (without `pages`: the caller renders them); 404 for an unknown establishment. */
export async function setOpening(
  db: Database,
  establishmentId: string,
  body: OpeningBody,
  now: Date,
): Promise<{ slug: string; state: Omit<OpeningAnswer, 'pages'> }> {
  if (body.is_open === undefined && body.unavailable === undefined && body.unavailable_title === undefined && body.unavailable_desc === undefined)
    throw invalidBody([{ path: '(root)', code: 'nothing_to_change', message: 'give is_open, unavailable, unavailable_title or unavailable_desc' }]);
  const { slug, answer } = await changeEstablishmentSettings(db, establishmentId, now, ({ is_open, preferences }) => {
    const unavailable = body.unavailable ?? preferences.unavailable === true;
    const title = (body.unavailable_title ?? (preferences.unavailable_title as string | undefined) ?? '').trim();
    const desc = (body.unavailable_desc ?? (preferences.unavailable_desc as string | undefined) ?? '').trim();
    if (unavailableWithoutTitle({ unavailable, unavailable_title: title }))
      throw invalidBody([{ path: 'unavailable_title', code: 'required', message: 'unavailable_title is required when unavailable is true' }]);
    const isOpen = (body.is_open ?? is_open) as OpenMode;
    const next = { ...preferences, unavailable, unavailable_title: title || undefined, unavailable_desc: desc || undefined };
    return {
      settings: { is_open: isOpen, preferences: next },
      answer: { is_open: isOpen, unavailable, unavailable_title: title || null, unavailable_desc: desc || null },
    };
  });
  return { slug, state: answer };
}
