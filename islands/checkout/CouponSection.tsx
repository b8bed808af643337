// The checkout's coupon box [R-2.105] (screen 10), drawn from ./usePromotions.ts: the code typed
// (normalised as it is typed ), 'Aplicar', its message (a refusal empties the field
// [R-8.43..R-8.46]), the applied coupon with its discount and 'Remover cupom'.
import { useId, useState } from 'react';
import { discountedProducts, normalizeCouponCode } from '../../src/domain/coupon.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import { AppliedProblem, PromotionMessage } from './PromotionMessage.tsx';
import { couponValueMessage } from './promotions.ts';
import type { CheckoutState } from './useCheckout.ts';
import { messageText } from './usePromotions.ts';
import './i18n.ts';

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
      {promotions.couponMessage && <PromotionMessage message={promotions.couponMessage} hook="data-coupon-message" />}
      {coupon && <AppliedProblem checkout={checkout} hook="data-coupon-problem" />}
    </section>
  );
}
