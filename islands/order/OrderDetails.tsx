// One order as the customer sees it: number, status with its progress, the time it was
// made (DD/MM/YYYY HH:mm:ss in the establishment's zone [R-9.14]), delivery address or 'Retirar
// no local', scheduled time or estimated window, the items with their variations (each read as the
// cart reads it: '1/2 Calabresa') and notes, the payment (method, change, tax id; an order paid
// online: its card or Pix and where that payment stands, refunds included; the credits used and the
// coupon or achievement with its discount) and the totals as the server priced them.
import { addressLineText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import { orderTimestamp, plusMinutes, zonedDate, zonedTime } from './format.ts';
import { OrderItems } from './OrderItems.tsx';
import { OrderPayment } from './OrderPayment.tsx';
import { Progress, StatusBadge } from './OrderStatus.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import './i18n.ts';

export function OrderDetails({ order, timeZone }: { order: OrderView; timeZone: string }) {
  const created = orderTimestamp(order.created_at, timeZone);
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="m-0 text-2xl font-bold text-ink" data-order-number={order.order}>
            {t('order:view.number', { number: order.order })}
          </h1>
          <StatusBadge order={order} />
        </div>
        <p className="m-0 text-sm text-muted" data-order-created>
          {t('order:view.createdAt', { date: created })}
        </p>
      </header>

      <Progress order={order} />

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

      <OrderItems order={order} />

      <OrderPayment order={order} />

      <OrderTotals order={order} />
    </div>
  );
}
