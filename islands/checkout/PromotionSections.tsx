// The checkout's achievement picker [R-1.10, R-2.102, R-2.104] (screen 11), drawn from
// ./usePromotions.ts, each achievement drawn by ./AchievementItem.tsx, and the confirmation asked
// before a coupon (./CouponSection.tsx) or an achievement replaces the other or leaves items on
// promotion out.
import { useId } from 'react';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { AchievementItem } from './AchievementItem.tsx';
import { AppliedProblem, PromotionMessage } from './PromotionMessage.tsx';
import type { CheckoutState } from './useCheckout.ts';
import { messageText } from './usePromotions.ts';
import './i18n.ts';

export function GamificationSection({ checkout }: { checkout: CheckoutState }) {
  const headingId = useId();
  const { draft, refs, promotions } = checkout;
  const load = promotions.achievements;
  const message = promotions.achievementMessage;
  // A message about an achievement of the list shows on it; any other under the list.
  const onItem = message?.at !== undefined && load.status === 'ready' && load.list.some((a) => a._id === message.at);
  return (
    <section
      ref={refs.achievements}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-solid border-line p-3 outline-none"
      data-section="gamification"
      aria-busy={load.status === 'loading' || undefined}
    >
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:gamification.title')}
      </h3>
      {load.status === 'loading' && <p className="m-0 text-sm text-muted">{t('checkout:gamification.loading')}</p>}
      {load.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-2" data-achievements-failed>
          <p className="m-0 text-sm">{t('checkout:gamification.failed')}</p>
          <button
            type="button"
            className="h-11 cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 text-sm font-semibold text-ink hover:bg-surface"
            onClick={promotions.reloadAchievements}
          >
            {t('checkout:gamification.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && load.list.length === 0 && <p className="m-0 text-sm text-muted">{t('checkout:gamification.empty')}</p>}
      {load.status === 'ready' && load.list.length > 0 && (
        <>
          <p className="m-0 text-sm text-muted">{t('checkout:gamification.intro')}</p>
          <ul className="m-0 flex list-none flex-col gap-2 p-0" data-achievements>
            {load.list.map((a) => (
              <AchievementItem
                key={a._id}
                a={a}
                inUse={draft.achievement?._id === a._id}
                message={onItem && message?.at === a._id ? message : null}
                onUse={() => promotions.chooseAchievement(a)}
                onRemove={promotions.removeAchievement}
              />
            ))}
          </ul>
        </>
      )}
      {message && !onItem && <PromotionMessage message={message} hook="data-achievement-message" />}
      {draft.achievement && <AppliedProblem checkout={checkout} hook="data-achievement-problem" />}
    </section>
  );
}

/** The question asked before a coupon or an achievement is applied, one at a time. */
export function PromotionConfirmDialog({ checkout }: { checkout: CheckoutState }) {
  const { confirmation, confirm, cancelConfirmation } = checkout.promotions;
  if (!confirmation) return null;
  return (
    <ConfirmDialog
      message={messageText(confirmation)}
      cancelLabel={t('checkout:promotion.cancel')}
      confirmLabel={t(confirmation.confirmKey)}
      onCancel={cancelConfirmation}
      onConfirm={confirm}
    />
  );
}
