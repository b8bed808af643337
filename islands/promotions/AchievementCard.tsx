// One achievement as the achievements page shows it: its name, goal and reward;
// for a customer also the progress bar with its percent and what is still missing, with the badge
// of its state (./AchievementBadge.tsx, as the checkout's picker shows it): 'Bloqueada' below 100%,
// 'Desbloqueada!' at 100% [R-4.56], or greyed out with 'Já usado' once its reward was used
// . A visitor's card leaves the progress out (nothing is reached without a login ).
import { achievementSummary } from '../../src/i18n/promotions.ts';
import { t } from '../../src/i18n/index.ts';
import type { AchievementView } from '../../src/schemas/api-promotions.ts';
import { AchievementBadge } from './AchievementBadge.tsx';

export function AchievementCard({ achievement: a, withProgress }: { achievement: AchievementView; withProgress: boolean }) {
  const s = achievementSummary(a);
  const used = withProgress && s.state === 'used';
  const unlocked = withProgress && s.state === 'unlocked';
  const titleId = `conquista-${a._id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col gap-2 rounded-xl border p-4 ${used ? 'border-dashed border-line bg-surface text-muted' : unlocked ? 'border-solid border-brand bg-card' : 'border-solid border-line bg-card'}`}
      data-achievement={a._id}
      data-achievement-state={withProgress ? s.state : 'visitor'}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className={`m-0 text-lg font-bold ${used ? 'text-muted' : 'text-ink'}`}>
          {a.name}
        </h2>
        {withProgress && (
          <AchievementBadge
            state={s.state}
            text={t(used ? 'promotions:achievements.used' : unlocked ? 'promotions:achievements.unlockedShort' : 'promotions:achievements.lockedShort')}
          />
        )}
      </div>
      <p className="m-0 text-sm" data-achievement-goal>
        {t('promotions:achievements.goal', { goal: a.goal_description })}
      </p>
      <p className="m-0 text-sm" data-achievement-reward>
        <strong>{t('promotions:achievements.reward', { reward: s.reward })}</strong>
        {a.reward_description && a.reward_description !== s.reward && <span className="text-muted"> · {a.reward_description}</span>}
      </p>
      {withProgress && (
        <>
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={s.percent}
              aria-valuetext={`${s.percent}%`}
              aria-label={t('promotions:achievements.progressLabel', { name: a.name })}
              className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full border border-solid border-line bg-surface"
              data-achievement-bar
            >
              <div className={`h-full rounded-full ${used ? 'bg-gray-400' : 'bg-brand'}`} style={{ width: `${s.percent}%` }} />
            </div>
            <span className="w-12 text-right text-sm font-semibold" data-achievement-percent>
              {t('promotions:achievements.percent', { value: s.percent })}
            </span>
          </div>
          <p className={`m-0 text-sm ${unlocked ? 'font-semibold text-ink' : ''}`} data-achievement-status>
            {s.status}
          </p>
        </>
      )}
    </li>
  );
}
