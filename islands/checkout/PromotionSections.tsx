// The checkout's coupon box and achievement picker [R-1.10, R-2.102, R-2.104] (screens 10
// and 11), drawn from ./usePromotions.ts, and the confirmation asked before one replaces the other
// or leaves items on promotion out. The coupon box: the code typed
// (normalised as it is typed ), 'Aplicar', its message (a refusal empties the field
// [R-8.43..R-8.46]), the applied coupon with its discount and 'Remover cupom'. The picker: each
// achievement with the badge of its state as the achievements page shows it ('Bloqueada',
// 'Desbloqueada!', 'Já usado'), its reward, goal, progress bar and what is missing, and 'Usar':
// enabled for an unlocked one; for a locked or used one it looks and is announced as disabled
// (aria-disabled, described by why), and a tap on it only says why it cannot be used.
// Used ones are greyed out with 'Prêmio já usado'; the one in use has 'Remover'.
import { useId, useState } from 'react';
import { achievementProgress, achievementRemaining, achievementState } from '../../src/domain/achievement.ts';
import { discountedProducts, normalizeCouponCode } from '../../src/domain/coupon.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { achievementRemainingText, achievementRewardText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import type { AchievementView } from '../../src/schemas/api-promotions.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { AchievementBadge, LockIcon } from '../promotions/AchievementBadge.tsx';
import { couponValueMessage } from './promotions.ts';
import type { CheckoutState } from './useCheckout.ts';
import { messageText, type BoxMessage } from './usePromotions.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

function Message({ message, hook }: { message: BoxMessage; hook: string }) {
  const success = message.tone === 'success';
  return (
    <p
      role={success ? 'status' : 'alert'}
      className={`m-0 rounded-lg px-3 py-2 text-sm ${success ? 'bg-green-50 text-green-900' : 'border border-solid border-amber-300 bg-amber-50 text-amber-900'}`}
      data-tone={message.tone}
      {...{ [hook]: '' }}
    >
      {messageText(message)}
    </p>
  );
}

/** What keeps the applied coupon or prize from applying now: the customer fixes the order or removes it. */
function AppliedProblem({ checkout, hook }: { checkout: CheckoutState; hook: string }) {
  const problem = checkout.promotions.appliedProblem;
  if (!problem) return null;
  return <Message message={{ ...problem, tone: 'warning' }} hook={hook} />;
}

export function CouponSection({ checkout }: { checkout: CheckoutState }) {
  const headingId = useId();
  const fieldId = useId();
  const { draft, lines, totals, refs, promotions } = checkout;
  const [code, setCode] = useState('');
  const coupon = draft.coupon;

  const apply = async () => {
    const { clearCode } = await promotions.applyCoupon(code);
    if (clearCode) setCode('');
  };

  return (
    <section
      ref={refs.coupon}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-solid border-line p-3 outline-none"
      data-section="coupon"
    >
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:coupon.title')}
      </h3>
      {coupon ? (
        <div className="flex flex-wrap items-center justify-between gap-2" data-coupon-applied={coupon.code}>
          <div className="flex min-w-0 flex-col">
            <span className="font-semibold">{t('checkout:coupon.applied', { code: coupon.code })}</span>
            <span className="text-sm text-muted">{messageText(couponValueMessage(coupon))}</span>
            {totals.coupon_discount > 0 && (
              <span className="text-sm font-semibold tabular-nums" data-coupon-discount data-cents={totals.coupon_discount}>
                {t('checkout:coupon.discount', { amount: formatBRL(totals.coupon_discount) })}
              </span>
            )}
            {discountedProducts(lines) === 'some' && <span className="text-xs text-muted">{t('checkout:coupon.skipsPromoNote')}</span>}
          </div>
          <button
            type="button"
            className="h-11 cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 text-sm font-semibold text-ink hover:bg-surface"
            onClick={promotions.removeCoupon}
            data-coupon-remove
          >
            {t('checkout:coupon.remove')}
          </button>
        </div>
      ) : (
        <form
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <label htmlFor={fieldId} className="text-sm font-semibold">
            {t('checkout:coupon.label')}
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId}
              className="h-11 min-w-0 flex-1 rounded-lg border border-solid border-line bg-card px-2 uppercase text-ink"
              value={code}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              // Spaces removed and upper case as it is typed.
              onChange={(e) => setCode(normalizeCouponCode(e.target.value))}
              data-coupon-input
            />
            <Button type="submit" disabled={promotions.checkingCoupon} aria-busy={promotions.checkingCoupon || undefined} size="small" data-coupon-apply>
              {promotions.checkingCoupon ? t('checkout:coupon.applying') : t('checkout:coupon.apply')}
            </Button>
          </div>
        </form>
      )}
      {promotions.couponMessage && <Message message={promotions.couponMessage} hook="data-coupon-message" />}
      {coupon && <AppliedProblem checkout={checkout} hook="data-coupon-problem" />}
    </section>
  );
}

function AchievementItem({
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
      {message && <Message message={message} hook="data-achievement-message" />}
    </li>
  );
}

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
      {message && !onItem && <Message message={message} hook="data-achievement-message" />}
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
