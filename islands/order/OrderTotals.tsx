// The order's totals as the server priced them, one row per amount that applies; the coupon or
// achievement's discount apart from the rest of the discount (the pickup discount).
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import './i18n.ts';

function TotalRow({
  label,
  cents,
  negative = false,
  strong = false,
  text,
  hook,
}: {
  label: string;
  cents: number;
  negative?: boolean;
  strong?: boolean;
  text?: string;
  hook: string;
}) {
  return (
    <div
      className={`flex justify-between gap-3 ${strong ? 'border-t border-t-solid border-line pt-2 text-base font-bold' : 'text-sm'}`}
      data-order-total-row={hook}
      data-cents={cents}
    >
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="m-0 tabular-nums">{text ?? `${negative ? '- ' : ''}${formatBRL(cents)}`}</dd>
    </div>
  );
}

export function OrderTotals({ order }: { order: OrderView }) {
  const totals = order.totals;
  // The coupon or achievement the order used and what it took off (part of totals.discount); the
  // rest of the discount (the pickup discount) keeps its own row, named as the checkout names it.
  // An order read before promotions existed has none.
  const promotion = order.promotion ?? null;
  const otherDiscount = totals.discount - (promotion?.discount ?? 0);
  return (
    <section aria-labelledby="pedido-valores">
      <h2 id="pedido-valores" className="m-0 mb-2 text-base font-bold text-ink">
        {t('order:view.totals')}
      </h2>
      <dl className="m-0 flex flex-col gap-1.5" data-order-totals>
        <TotalRow label={t('order:view.subtotal')} cents={totals.subtotal} hook="subtotal" />
        {totals.order_variations_total > 0 && (
          <TotalRow label={t('order:view.orderVariations')} cents={totals.order_variations_total} hook="order_variations" />
        )}
        {totals.packing_fee > 0 && <TotalRow label={t('order:view.packing')} cents={totals.packing_fee} hook="packing" />}
        {order.delivery_type === 'delivery' && (
          <TotalRow
            label={t('order:view.deliveryFee')}
            cents={totals.delivery_fee}
            text={totals.delivery_fee === 0 ? t('order:view.free') : undefined}
            hook="delivery_fee"
          />
        )}
        {promotion && promotion.discount > 0 && (
          <TotalRow
            label={promotion.kind === 'coupon' ? t('order:view.couponOf', { code: promotion.code }) : t('order:view.achievementOf', { name: promotion.name })}
            cents={promotion.discount}
            negative
            hook="promotion"
          />
        )}
        {otherDiscount > 0 && (
          <TotalRow
            label={order.delivery_type === 'pickup' ? t('order:view.pickupDiscount') : t('order:view.discount')}
            cents={otherDiscount}
            negative
            hook="discount"
          />
        )}
        {totals.credits > 0 && <TotalRow label={t('order:view.credits')} cents={totals.credits} negative hook="credits" />}
        <TotalRow label={t('order:view.total')} cents={totals.total} strong hook="total" />
      </dl>
    </section>
  );
}
