// The achievements page's content, /{slug}/conquistas, rendered on the server only (no
// hydration, no script: the page is rendered for each request with the session's progress, by
// src/server/achievements-page.ts). A visitor reads 'Faça login para ver as suas conquistas!!'
// with the way to log in or register (back here afterwards) and what each achievement
// gives. A customer gets each achievement with their progress toward it: locked
// below 100% with what is missing, unlocked at 100% [R-4.56], greyed out once used.
import { t } from '../../src/i18n/index.ts';
import { authFormUrl, routes } from '../../src/lib/urls.ts';
import type { AchievementsPageProps } from '../../src/schemas/island-props.ts';
import { AchievementCard } from './AchievementCard.tsx';
import { buttonClass } from '../shared/Button.tsx';

const secondary = buttonClass('secondary');
const primary = buttonClass('primary');

export default function AchievementsPage({ slug, customer, achievements }: AchievementsPageProps) {
  const here = routes.achievements(slug);
  return (
    <div className="flex flex-col gap-4" data-achievements-page data-view={customer ? 'customer' : 'visitor'}>
      {!customer && (
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
        </>
      )}
      {achievements.length === 0 ? (
        <p className="m-0" data-achievements-empty>
          {t('promotions:achievements.empty')}
        </p>
      ) : (
        <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 md:grid-cols-2" data-achievements-list>
          {achievements.map((a) => (
            <AchievementCard key={a._id} achievement={a} withProgress={customer} />
          ))}
        </ul>
      )}
    </div>
  );
}
