// One achievement of the checkout's picker [R-1.10, R-2.102, R-2.104] (screen 11): the badge of its
// state as the achievements page shows it ('Bloqueada', 'Desbloqueada!', 'Já usado'), its reward,
// goal, progress bar and what is missing, and 'Usar': enabled for an unlocked one; for a locked or
// used one it looks and is announced as disabled (aria-disabled, described by why), and a tap on it
// only says why it cannot be used. Used ones are greyed out with 'Prêmio já usado'
// the one in use has 'Remover'.
import { useId } from 'react';
import { achievementProgress, achievementRemaining, achievementState } from '../../src/domain/achievement.ts';
import { achievementRemainingText, achievementRewardText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import type { AchievementView } from '../../src/schemas/api-promotions.ts';
import { AchievementBadge, LockIcon } from '../promotions/AchievementBadge.tsx';
import { Button } from '../shared/Button.tsx';
import { PromotionMessage } from './PromotionMessage.tsx';
import type { BoxMessage } from './usePromotions.ts';
import './i18n.ts';

export function AchievementItem({
  a,
  inUse,
  message,
  onUse,
  onRemove,
}: {
  a: AchievementView;
  inUse: boolean;
  /** What choosing it said (shown on it, where the customer is looking). */
  message: BoxMessage | null;
  onUse: () => void;
  onRemove: () => void;
}) {
  const statusId = useId();
  const state = achievementState(a);
  const progress = achievementProgress(a);
  const remaining = achievementRemainingText(achievementRemaining(a));
  const usable = state === 'unlocked';
  return (
    <li
      className={`flex flex-col gap-2 rounded-xl border border-solid p-3 ${inUse ? 'border-brand bg-surface' : 'border-line'} ${state === 'used' ? 'opacity-60 grayscale' : ''}`}
      data-achievement={a._id}
      data-state={state}
      data-in-use={inUse || undefined}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-semibold">{a.name}</span>
          <span className="text-sm" data-achievement-reward>
            {achievementRewardText(a)}
          </span>
          <span className="text-xs text-muted">{a.goal_description}</span>
        </div>
        <AchievementBadge state={state} text={t(`checkout:gamification.badge.${state}`)} />
      </div>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={t('checkout:gamification.progress', { name: a.name })}
          className="h-2 flex-1 overflow-hidden rounded-full bg-surface"
          data-achievement-progress={progress}
        >
          <div className={`h-full rounded-full ${state === 'used' ? 'bg-gray-400' : 'bg-brand'}`} style={{ width: `${progress}%` }} />
        </div>
        <span className="w-10 flex-none text-right text-xs tabular-nums">{progress}%</span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={statusId} className="m-0 min-w-0 flex-1 text-xs font-semibold" data-achievement-status>
          {inUse
            ? t('checkout:gamification.inUse')
            : state === 'used'
              ? t('checkout:gamification.used')
              : state === 'unlocked'
                ? t('checkout:gamification.unlocked')
                : (remaining ?? t('checkout:gamification.locked'))}
        </p>
        {inUse ? (
          <button
            type="button"
            className="h-11 flex-none cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 text-sm font-semibold text-ink hover:bg-surface"
            aria-label={t('checkout:gamification.removeLabel', { name: a.name })}
            onClick={onRemove}
            data-achievement-remove
          >
            {t('checkout:gamification.remove')}
          </button>
        ) : usable ? (
          <Button
            aria-describedby={statusId}
            size="small"
            className="flex-none"
            aria-label={t('checkout:gamification.useLabel', { name: a.name })}
            onClick={onUse}
            data-achievement-use
          >
            {t('checkout:gamification.use')}
          </Button>
        ) : (
          <button
            type="button"
            // Disabled to the eye and to assistive technology, yet a tap still says why it cannot
            // be used [R-5.60] (a native disabled button would swallow it); the reason is its description.
            aria-disabled="true"
            aria-describedby={statusId}
            className="flex h-11 flex-none cursor-not-allowed items-center gap-1.5 rounded-lg border border-dashed border-line bg-transparent px-4 text-sm font-semibold text-muted opacity-70"
            aria-label={t('checkout:gamification.useLabel', { name: a.name })}
            onClick={onUse}
            data-achievement-use
          >
            <LockIcon size={14} />
            {t('checkout:gamification.use')}
          </button>
        )}
      </div>
      {message && <PromotionMessage message={message} hook="data-achievement-message" />}
    </li>
  );
}
