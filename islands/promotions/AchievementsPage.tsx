// The achievements page, /{slug}/conquistas [R-2.10]. A visitor reads 'Faça login para ver as suas
// conquistas!!' [R-2.103] with the way to log in or register (back here afterwards) and what each
// achievement gives, as the server rendered it. A customer gets each achievement with their
// progress toward it: locked below 100% with what is missing, unlocked at 100%
// [R-4.56], greyed out once used [R-2.104]. The achievements call is one of section 8's silent
// calls: a failure shows no message beyond this page's own 'could not load' and its retry.
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import { authFormUrl, routes } from '../../src/lib/urls.ts';
import type { AchievementView } from '../../src/schemas/api-promotions.ts';
import type { AchievementsPageProps } from '../../src/schemas/island-props.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { useSession } from '../shared/useSession.ts';
import { AchievementCard } from './AchievementCard.tsx';
import { ACHIEVEMENTS_CALL, fetchAchievements } from './promotions-api.ts';

type Progress = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; achievements: AchievementView[] };

const secondary =
  'min-h-11 cursor-pointer rounded-lg border border-solid border-line bg-card px-5 py-2 text-base font-semibold text-ink no-underline hover:bg-surface inline-flex items-center';
const primary =
  'min-h-11 cursor-pointer rounded-lg border-0 bg-brand px-5 py-2 text-base font-semibold text-onbrand no-underline hover:bg-branddark inline-flex items-center';

export default function AchievementsPage({ establishmentId, slug, member, achievements }: AchievementsPageProps) {
  const session = useSession(establishmentId);
  const userId = session.status === 'ready' ? (session.user?._id ?? null) : undefined;
  // Until the session is known, the server's guess (the hint cookie) decides what is painted.
  const customer = userId === undefined ? member : userId !== null;
  const [progress, setProgress] = useState<Progress>({ kind: 'loading' });
  const [hydrated, setHydrated] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setProgress({ kind: 'loading' });
      try {
        const res = await fetchAchievements(establishmentId, signal);
        setProgress({ kind: 'ready', achievements: res.achievements });
      } catch (err) {
        const outcome = reportFailure(err, ACHIEVEMENTS_CALL);
        if (outcome.kind !== 'aborted') setProgress({ kind: 'failed' });
      }
    },
    [establishmentId],
  );

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [userId, load]);

  const here = routes.achievements(slug);
  return (
    <div className="flex flex-col gap-4" data-achievements-page data-hydrated={hydrated || undefined} data-view={customer ? 'customer' : 'visitor'}>
      {!customer ? (
        <>
          <div className="flex flex-col gap-3 rounded-xl border border-solid border-line bg-card p-4" data-achievements-visitor>
            <p className="m-0 text-lg font-semibold text-ink">{t('promotions:achievements.visitor')}</p>
            <p className="m-0 flex flex-wrap gap-2">
              <a href={authFormUrl(slug, { tab: 'login', back: here })} className={primary}>
                {t('promotions:achievements.visitorLogin')}
              </a>
              <a href={authFormUrl(slug, { tab: 'register', back: here })} className={secondary}>
                {t('promotions:achievements.visitorRegister')}
              </a>
            </p>
          </div>
          {achievements.length > 0 && <p className="m-0 text-muted">{t('promotions:achievements.visitorIntro')}</p>}
          <List achievements={achievements} withProgress={false} />
        </>
      ) : progress.kind === 'ready' ? (
        <List achievements={progress.achievements} withProgress />
      ) : progress.kind === 'failed' ? (
        <p className="m-0 flex flex-wrap items-center gap-3" data-achievements-failed>
          {t('promotions:achievements.loadFailed')}
          <button type="button" className={secondary} onClick={() => void load()}>
            {t('promotions:achievements.retry')}
          </button>
        </p>
      ) : (
        <p className="m-0 text-muted" aria-live="polite" data-achievements-loading>
          {t('promotions:achievements.loading')}
        </p>
      )}
    </div>
  );
}

function List({ achievements, withProgress }: { achievements: AchievementView[]; withProgress: boolean }) {
  if (achievements.length === 0)
    return (
      <p className="m-0" data-achievements-empty>
        {t('promotions:achievements.empty')}
      </p>
    );
  return (
    <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 md:grid-cols-2" data-achievements-list>
      {achievements.map((a) => (
        <AchievementCard key={a._id} achievement={a} withProgress={withProgress} />
      ))}
    </ul>
  );
}
