// The order's payment section: the method, an online payment's card and where its money stands
// (refunds included), the credits, coupon or achievement used, the change asked for and the tax id.
import { formatBRL } from '../../src/domain/money.ts';
import { maskTaxId } from '../../src/domain/tax-id.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import './i18n.ts';

function paymentLabel(order: OrderView): string {
  if (order.payment_type === 'offline') return t(`order:view.paymentTypes.offline_${order.delivery_type}`);
  return t(`order:view.paymentTypes.${order.payment_type}`);
}

/** 'Visa', 'American Express'... or 'Cartão' for a brand the page does not name. */
function brandName(brand: string): string {
  const key = `order:payment.brand.${brand}`;
  return hasKey(key) ? t(key) : t('order:payment.brand.generic');
}

/** Where an online payment stands, in words: 'Pago com cartão', 'Aguardando pagamento', 'Estorno solicitado'...; null when there is none. */
export function paymentStatusLabel(order: Pick<OrderView, 'payment_type' | 'payment'>): string | null {
  const status = order.payment.status;
  if (status === 'none') return null;
  if (status === 'paid') return order.payment_type === 'pix' ? t('order:payment.status.paid_pix') : t('order:payment.status.paid_online');
  return t(`order:payment.status.${status}`);
}

/** The online payment: the card that paid, and where the money stands (paid, awaiting its Pix, going back, back). */
function OnlinePayment({ order }: { order: OrderView }) {
  const { status, card } = order.payment;
  const label = paymentStatusLabel(order);
  if (!label) return null;
  const amount = formatBRL(order.totals.total);
  const tone =
    status === 'paid'
      ? 'bg-green-100 text-green-800'
      : status === 'awaiting'
        ? 'bg-amber-100 text-amber-900'
        : status === 'expired'
          ? 'bg-red-100 text-red-800'
          : 'bg-blue-100 text-blue-800';
  // Where the money went back: the card, store credit, or the Pix's payer.
  const how = order.payment.refund_to === 'pix' || order.payment_type === 'pix' ? 'pix' : order.payment.refund_to === 'credit' ? 'credit' : 'online';
  return (
    <>
      {card && (
        <p className="m-0 text-sm text-ink" data-order-card>
          {t('order:payment.card', { brand: brandName(card.brand), last4: card.last4 })}
        </p>
      )}
      <p className="m-0">
        <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`} data-order-payment-status={status}>
          {label}
        </span>
      </p>
      {status === 'refund_pending' && (
        <p className="m-0 text-sm text-ink" data-order-refund>
          {t('order:payment.refundPending', { amount })}
        </p>
      )}
      {status === 'refunded' && (
        <p className="m-0 text-sm text-ink" data-order-refund>
          {t(`order:payment.refunded_${how}`, { amount })}
        </p>
      )}
    </>
  );
}

export function OrderPayment({ order }: { order: OrderView }) {
  const totals = order.totals;
  const promotion = order.promotion ?? null;
  return (
    <section className="flex flex-col gap-1" aria-labelledby="pedido-pagamento" data-order-payment={order.payment_type}>
      <h2 id="pedido-pagamento" className="m-0 text-base font-bold text-ink">
        {t('order:view.payment')}
      </h2>
      <p className="m-0 text-sm text-ink">
        {paymentLabel(order)}
        {order.payment_method ? ` · ${order.payment_method.name}` : ''}
      </p>
      <OnlinePayment order={order} />
      {totals.credits > 0 && (
        <p className="m-0 text-sm text-ink" data-order-credits-used data-cents={totals.credits}>
          {t('order:view.creditsUsed', { amount: formatBRL(totals.credits) })}
        </p>
      )}
      {promotion && (
        <p className="m-0 text-sm text-ink" data-order-promotion={promotion.kind}>
          {promotion.kind === 'coupon'
            ? t('order:view.couponUsed', { code: promotion.code, amount: formatBRL(promotion.discount) })
            : t('order:view.achievementUsed', { name: promotion.name, amount: formatBRL(promotion.discount) })}
        </p>
      )}
      {order.payment_payback !== null && order.payment_payback > 0 && (
        <p className="m-0 text-sm text-ink" data-order-change>
          {t('order:view.change', { amount: formatBRL(order.payment_payback) })}
        </p>
      )}
      {order.tax_receipt && order.tax_id && (
        <p className="m-0 text-sm text-ink" data-order-tax-id>
          {t('order:view.taxId', { taxId: maskTaxId(order.tax_id) })}
        </p>
      )}
    </section>
  );
}
