// One order as the customer sees it: number, status with its progress, the time it was
// made (DD/MM/YYYY HH:mm:ss in the establishment's zone [R-9.14]), delivery address or 'Retirar
// no local', scheduled time or estimated window, the items with their variations (each read as the
// cart reads it: '1/2 Calabresa') and notes, the payment (method, change, tax id; an order paid
// online: its card or Pix and where that payment stands, refunds included; the credits used and the
// coupon or achievement with its discount) and the totals as the server priced them.
import { addressLineText } from '../../src/i18n/messages.ts';
import { pickLabel } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { maskTaxId } from '../../src/domain/tax-id.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import { orderTimestamp, plusMinutes, zonedDate, zonedTime } from './format.ts';
import './i18n.ts';

const PROGRESS = ['registered', 'confirmed', 'complete'] as const;

export function statusLabel(status: OrderView['status']): string {
  return t(`order:status.${status}`);
}

export function StatusBadge({ status, short = false }: { status: OrderView['status']; short?: boolean }) {
  const tone =
    status === 'canceled'
      ? 'bg-red-100 text-red-800'
      : status === 'complete'
        ? 'bg-green-100 text-green-800'
        : status === 'confirmed'
          ? 'bg-blue-100 text-blue-800'
          : 'bg-amber-100 text-amber-900';
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`} data-order-status={status}>
      {short ? t(`order:short.${status}`) : statusLabel(status)}
    </span>
  );
}

function Progress({ status }: { status: OrderView['status'] }) {
  if (status === 'canceled') return null;
  const reached = PROGRESS.indexOf(status);
  return (
    <ol className="m-0 flex list-none items-center gap-0 p-0" aria-label={t('order:view.progress')} data-order-progress>
      {PROGRESS.map((step, i) => {
        const done = i <= reached;
        return (
          <li key={step} className="flex flex-1 flex-col items-center gap-1 text-center text-xs" aria-current={i === reached ? 'step' : undefined}>
            <span
              className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold ${done ? 'bg-brand text-onbrand' : 'bg-surface text-muted'}`}
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <span className={done ? 'font-semibold text-ink' : 'text-muted'}>{t(`order:short.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

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

export function OrderDetails({ order, timeZone }: { order: OrderView; timeZone: string }) {
  const totals = order.totals;
  // The coupon or achievement the order used and what it took off (part of totals.discount); the
  // rest of the discount (the pickup discount) keeps its own row, named as the checkout names it.
  // An order read before promotions existed has none.
  const promotion = order.promotion ?? null;
  const otherDiscount = totals.discount - (promotion?.discount ?? 0);
  const created = orderTimestamp(order.created_at, timeZone);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="m-0 text-2xl font-bold text-ink" data-order-number={order.order}>
            {t('order:view.number', { number: order.order })}
          </h1>
          <StatusBadge status={order.status} />
        </div>
        <p className="m-0 text-sm text-muted" data-order-created>
          {t('order:view.createdAt', { date: created })}
        </p>
      </header>

      <Progress status={order.status} />

      {order.status === 'canceled' && (
        <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-order-canceled>
          <p className="m-0 font-semibold">{t(`order:view.canceledBy_${order.cancellation_type ?? 'establishment'}`)}</p>
          {/* An expired Pix's reason is the server's own wording of the line above. */}
          {order.cancellation_reason && order.cancellation_type !== 'payment_expired' && (
            <p className="m-0 mt-1">{t('order:view.cancelReason', { reason: order.cancellation_reason })}</p>
          )}
        </div>
      )}

      <section className="flex flex-col gap-1" aria-labelledby="pedido-entrega" data-order-delivery={order.delivery_type}>
        <h2 id="pedido-entrega" className="m-0 text-base font-bold text-ink">
          {order.delivery_type === 'delivery' ? t('order:view.deliveryTo') : t(`order:deliveryTypes.${order.delivery_type}`)}
        </h2>
        {order.delivery_type === 'delivery' && order.address ? (
          <>
            <p className="m-0 text-sm text-ink" data-order-address>
              {addressLineText(order.address)}
            </p>
            {order.address.ref && <p className="m-0 text-xs text-muted">{t('order:view.ref', { ref: order.address.ref })}</p>}
          </>
        ) : (
          <p className="m-0 text-sm text-ink" data-order-pickup>
            {order.delivery_type === 'local' ? t('order:view.local') : t('order:view.pickup')}
          </p>
        )}
        <p className="m-0 text-sm text-ink" data-order-time>
          {order.scheduled_at
            ? t('order:view.scheduled', { date: zonedDate(order.scheduled_at, timeZone), time: zonedTime(order.scheduled_at, timeZone) })
            : order.time && Number.isFinite(order.time.min) && Number.isFinite(order.time.max)
              ? t('order:view.estimate', {
                  from: zonedTime(plusMinutes(order.created_at, order.time.min), timeZone),
                  to: zonedTime(plusMinutes(order.created_at, order.time.max), timeZone),
                })
              : ''}
        </p>
      </section>

      <section className="flex flex-col gap-2" aria-labelledby="pedido-itens">
        <h2 id="pedido-itens" className="m-0 text-base font-bold text-ink">
          {t('order:view.items')}
        </h2>
        <ul className="m-0 flex list-none flex-col p-0" data-order-items>
          {order.items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
              key={`${item.product_id}-${i}`}
              className="flex gap-3 border-b border-b-solid border-line py-2 last:border-b-0"
              data-order-item={item.product_id}
            >
              <span className="w-8 flex-none text-sm font-bold text-ink">{t('order:view.itemQnt', { qnt: item.qnt })}</span>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="text-sm font-semibold text-ink" data-order-item-name>
                  {item.name}
                </span>
                {item.variations.length > 0 && (
                  <ul className="m-0 list-none p-0 text-xs text-muted" data-order-item-variations>
                    {item.variations.map((v, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
                      <li key={`${v.item_id}-${j}`} data-order-item-variation>
                        {pickLabel(v)}
                        {v.price > 0 ? ` (+ ${formatBRL(v.price * v.qnt)})` : ''}
                      </li>
                    ))}
                  </ul>
                )}
                {item.note && (
                  <span className="text-xs text-muted" data-order-item-note>
                    {t('order:view.note', { note: item.note })}
                  </span>
                )}
              </div>
              <span className="flex-none text-sm font-semibold tabular-nums text-ink">{formatBRL(item.line_cents)}</span>
            </li>
          ))}
        </ul>
        {order.order_variations.length > 0 && (
          <div className="flex flex-col gap-0.5" data-order-extras>
            <h3 className="m-0 text-sm font-semibold text-ink">{t('order:view.extras')}</h3>
            <ul className="m-0 list-none p-0 text-xs text-muted">
              {order.order_variations.map((v, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
                <li key={`${v.item_id}-${j}`}>
                  {pickLabel(v)}
                  {v.price > 0 ? ` (+ ${formatBRL(v.price * v.qnt)})` : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
        {order.note && (
          <p className="m-0 text-sm text-muted" data-order-note>
            {t('order:view.orderNote', { note: order.note })}
          </p>
        )}
      </section>

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
    </div>
  );
}
