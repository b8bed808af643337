// The checkout's order summary [R-2.73, R-2.107..R-2.110], drawn from the checkout's state
// (./useCheckout.ts): where and when, the order's options, every part of the total with the
// coupon's or achievement's discount and the credits, and the order's note.
import { useId } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { zonedDateTimeParts } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import { addressLineText } from '../../src/i18n/messages.ts';
import type { CartStore } from '../stores/cart.ts';
import { brDate } from './schedule-text.ts';
import type { CheckoutState } from './useCheckout.ts';
import './i18n.ts';

function SummaryRow({ label, cents, text, hook, strong }: { label: string; cents: number; text?: string; hook: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-bold' : 'text-muted'}>{label}</dt>
      <dd className={`m-0 text-right tabular-nums ${strong ? 'font-bold' : ''}`} data-summary-row={hook} data-cents={cents}>
        {text ?? (cents < 0 ? `- ${formatBRL(-cents)}` : formatBRL(cents))}
      </dd>
    </>
  );
}

/** Where and when, the order's options, every part of the total and the order's note. */
export function SummarySection({ checkout, store }: { checkout: CheckoutState; store: CartStore }) {
  const headingId = useId();
  const noteId = useId();
  const { draft, totals, refs, establishment } = checkout;
  const type = draft.delivery_type;
  const scheduledParts = draft.scheduled_at ? zonedDateTimeParts(draft.scheduled_at, establishment.time_zone) : null;
  return (
    <section ref={refs.summary} tabIndex={-1} aria-labelledby={headingId} className="flex flex-col gap-2 outline-none" data-section="summary">
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:summary.title')}
      </h3>
      <p className="m-0 text-sm" data-summary-where>
        {type === null
          ? t('checkout:summary.noType')
          : type === 'pickup'
            ? t('checkout:summary.pickupAt')
            : type === 'local'
              ? t('checkout:summary.localAt')
              : draft.delivery_address
                ? `${t('checkout:summary.deliverTo')}: ${addressLineText(draft.delivery_address)}`
                : t('checkout:summary.noAddress')}
      </p>
      {(scheduledParts || draft.delivery_time) && (
        <p className="m-0 text-sm" data-summary-time>
          {scheduledParts
            ? t('checkout:summary.scheduled', { date: brDate(scheduledParts.date), time: scheduledParts.time })
            : t('checkout:summary.estimated', draft.delivery_time!)}
        </p>
      )}
      {draft.order_variations.length > 0 && (
        <div className="text-sm" data-summary-variations>
          <span className="font-semibold">{t('checkout:summary.variations')}: </span>
          {draft.order_variations.map((v) => `${v.qnt > 1 ? `${v.qnt}x ` : ''}${v.name ?? v.item_id}`).join(', ')}
        </div>
      )}
      <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-summary-totals>
        <SummaryRow label={t('checkout:summary.subtotal')} cents={totals.subtotal} hook="subtotal" />
        {totals.order_variations_total > 0 && (
          <SummaryRow label={t('checkout:summary.orderVariations')} cents={totals.order_variations_total} hook="order-variations" />
        )}
        {type === 'delivery' && (
          <SummaryRow
            label={t('checkout:summary.deliveryFee')}
            cents={totals.delivery_fee}
            text={
              totals.delivery_fee_waived
                ? t('checkout:summary.deliveryFeeFree')
                : draft.delivery_tax === null
                  ? t('checkout:summary.deliveryFeePending')
                  : undefined
            }
            hook="delivery-fee"
          />
        )}
        {totals.packing_fee > 0 && <SummaryRow label={t('checkout:summary.packingFee')} cents={totals.packing_fee} hook="packing-fee" />}
        {totals.pickup_discount > 0 && <SummaryRow label={t('checkout:summary.pickupDiscount')} cents={-totals.pickup_discount} hook="pickup-discount" />}
        {totals.coupon_discount > 0 && draft.coupon && (
          <SummaryRow label={t('checkout:summary.couponDiscountOf', { code: draft.coupon.code })} cents={-totals.coupon_discount} hook="coupon-discount" />
        )}
        {totals.achievement_discount > 0 && draft.achievement && (
          <SummaryRow
            label={t('checkout:summary.achievementDiscountOf', { name: draft.achievement.name })}
            cents={-totals.achievement_discount}
            hook="achievement-discount"
          />
        )}
        {totals.credits > 0 && <SummaryRow label={t('checkout:summary.credits')} cents={-totals.credits} hook="credits" />}
        <SummaryRow label={t('checkout:summary.total')} cents={totals.total} hook="total" strong />
      </dl>
      <label className="mt-2 flex flex-col gap-1" htmlFor={noteId}>
        <span className="text-sm font-semibold">{t('checkout:summary.note')}</span>
        <textarea
          id={noteId}
          className="min-h-16 w-full resize-y rounded-lg border border-solid border-line bg-card p-2 text-sm text-ink"
          maxLength={500}
          defaultValue={draft.note}
          placeholder={t('checkout:summary.notePlaceholder')}
          onBlur={(e) => store.setNote(e.target.value)}
          data-order-note
        />
      </label>
    </section>
  );
}
