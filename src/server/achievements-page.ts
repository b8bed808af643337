// What the achievements page (/{slug}/conquistas) needs before it renders: the
// establishment's page data and its achievements, with the progress of the customer whose session
// cookie the request carries (their completed orders there), or as a visitor sees them. The page
// is rendered for each request and never stored, so the customer's progress is in its HTML: no
// script, no request after load, the same on a phone without JavaScript.
import type { AchievementsPageProps } from '../schemas/island-props.ts';
import { sessionCookieName } from '../schemas/session-cookies.ts';
import { getDatabase } from './db/database.ts';
import { loadStorePage } from './page-data.ts';
import { achievementsFor } from './services/promotions.ts';
import { lookupSession } from './services/session.ts';

type Loaded = Extract<Awaited<ReturnType<typeof loadStorePage>>, { ok: true }>;

export type AchievementsPage =
  | { redirect: string }
  /** props null: the establishment has gamification off. */
  | { store: Loaded['store']; sections: Loaded['sections']; props: AchievementsPageProps | null };

/** `cookie(name)` reads one of the request's cookies (Astro.cookies). */
export async function loadAchievementsPage(slug: string, cookie: (name: string) => string | undefined, now = new Date()): Promise<AchievementsPage> {
  const loaded = await loadStorePage(slug, 'achievements');
  if (!loaded.ok) return { redirect: loaded.redirect };
  const est = loaded.store.establishment;
  if (!est.preferences.use_gamification) return { store: loaded.store, sections: loaded.sections, props: null };
  try {
    const { db } = await getDatabase();
    // The session of this establishment's cookie, valid within its company; anything else reads as a visitor.
    const token = cookie(sessionCookieName(est._id));
    const session = token ? await lookupSession(db, token, now, est.company._id) : undefined;
    const achievements = await achievementsFor(db, { establishmentId: est._id, prefs: est.preferences, userId: session?.user.id ?? null });
    return { store: loaded.store, sections: loaded.sections, props: { slug, customer: session !== undefined, achievements } };
  } catch (err) {
    // The page's required data (decisions #4).
    console.error('[page] achievements', slug, err);
    return { redirect: '/error' };
  }
}
