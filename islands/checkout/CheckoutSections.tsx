// The complete-request modal's smaller sections, each drawn from the checkout's state
// (./useCheckout.ts): the closed notice [R-2.70], the order summary [R-2.73, R-2.107..R-2.110]
// with the coupon's or achievement's discount and the credits, the products of the right column
// [R-2.76], the send-order bar
// 'Total a pagar' / 'Avançar e Finalizar' [R-2.78, R-2.79] and the way back to the extras.
import { useId } from 'react';
import { addressLineText } from '../../src/i18n/messages.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { zonedDateTimeParts } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { brDate } from './ScheduleSection.tsx';
import type { CheckoutState } from './useCheckout.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export function ClosedNotice({ canSchedule }: { canSchedule: boolean }) {
  return (
    <section className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900" role="status" data-section="closed">
      <h3 className="m-0 text-base font-bold">{t('checkout:closed.title')}</h3>
      <p className="m-0 text-sm">{canSchedule ? t('checkout:closed.schedule') : t('checkout:closed.noSchedule')}</p>
    </section>
  );
}

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

/** The right column: the cart's lines as they will be ordered. */
export function ProductsAside({ lines }: { lines: CheckoutState['lines'] }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="flex flex-col gap-2 md:sticky md:top-0 md:self-start" data-checkout-products>
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:modal.products')}
      </h3>
      <ul className="m-0 flex list-none flex-col p-0">
        {lines.map((line) => (
          <li key={line.line_id} className="flex gap-3 border-b border-b-solid border-line py-2 last:border-b-0" data-checkout-line={line.product_id}>
            <span className="flex-none font-semibold tabular-nums">{line.qnt}x</span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-sm font-semibold">{line.name}</span>
              {line.tags.length > 0 && <span className="text-xs text-muted">{line.tags.join(', ')}</span>}
              {line.note && <span className="text-xs text-muted">{t('cart:modal.note', { note: line.note })}</span>}
            </span>
            <span className="flex-none text-sm font-semibold tabular-nums">{formatBRL(line.line_cents)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** 'Total a pagar' and 'Avançar e Finalizar' [R-2.78, R-2.79]. */
export function SendOrderBar({ total, sending, onSend }: { total: number; sending: boolean; onSend: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl items-center gap-3" data-send-order-bar>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-muted">{t('checkout:send.total')}</span>
        <span className="text-xl font-bold tabular-nums" data-send-total data-cents={total}>
          {formatBRL(total)}
        </span>
      </div>
      <Button size="bar" loading={sending} onClick={onSend} data-send-order>
        {sending ? t('checkout:send.sending') : t('checkout:send.button')}
      </Button>
    </div>
  );
}

/** Back to the extras modal (only when the establishment has order variations). */
export function ExtrasBackButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="flex h-10 w-10 flex-none cursor-pointer items-center justify-center rounded-full border-none bg-transparent text-ink hover:bg-surface"
      aria-label={t('checkout:modal.editExtras')}
      onClick={onClick}
      data-checkout-extras-back
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M15 6l-6 6 6 6" />
      </svg>
    </button>
  );
}
