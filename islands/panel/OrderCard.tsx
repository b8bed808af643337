// One order on the screen: number, time, the customer's first name, the items with their variations
// and notes, pickup or delivery with the address and a map link, the scheduled time, how it is paid
// and its totals; late when past the time promised; the next step's button, cancel and print.
import { memo } from 'react';
import { pickLabel } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { isLate, promisedAt, comesForwardAt } from '../../src/domain/panel-board.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { Button } from '../shared/Button.tsx';
import { StatusBadge } from '../order/OrderStatus.tsx';
import { zonedDate, zonedTime } from '../order/format.ts';
import { addressText, boardOrder, firstName, mapLink, paymentText } from './order-texts.ts';
import type { MoveTo } from './useOrderBoard.ts';
import './i18n.ts';

/** The natural next step of an order and its button's text; null when it has none. */
export function nextMove(order: Pick<OrderView, 'step' | 'delivery_type' | 'payment'>): { to: MoveTo; label: string } | null {
  switch (order.step) {
    case 'registered':
      return order.payment.status === 'awaiting' ? null : { to: 'confirmed', label: t('board:actions.accept') };
    case 'confirmed':
      return { to: 'preparing', label: t('board:actions.prepare') };
    case 'preparing':
      return { to: 'ready', label: t('board:actions.ready') };
    case 'ready':
      return order.delivery_type === 'delivery'
        ? { to: 'dispatched', label: t('board:actions.dispatch') }
        : { to: 'complete', label: t('board:actions.complete') };
    case 'dispatched':
      return { to: 'complete', label: t('board:actions.complete') };
    default:
      return null;
  }
}

interface OrderCardProps {
  order: OrderView;
  timeZone: string;
  nowMs: number;
  busy: boolean;
  onMove: (order: OrderView, to: MoveTo) => void;
  onCancel: (order: OrderView) => void;
  onPrint: (order: OrderView) => void;
}

export const OrderCard = memo(function OrderCard({ order, timeZone, nowMs, busy, onMove, onCancel, onPrint }: OrderCardProps) {
  const facts = boardOrder(order);
  const late = isLate(facts, nowMs);
  const next = nextMove(order);
  const open = order.step !== 'complete' && order.step !== 'canceled';
  const address = addressText(order);
  const map = mapLink(order);
  const start = comesForwardAt(facts);
  const titleId = `pedido-${order._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-2 rounded-xl border-2 border-solid bg-card p-3 text-ink ${late ? 'border-red-600' : 'border-line'}`}
      data-board-order={order._id}
      data-board-late={late ? '' : undefined}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="m-0 text-lg font-bold">
          {t('board:card.number', { number: order.order })}
        </h3>
        <StatusBadge order={order} short />
      </header>
      <p className="m-0 flex flex-wrap gap-x-3 text-sm text-muted">
        <span>{t('board:card.placedAt', { time: zonedTime(order.created_at, timeZone) })}</span>
        <span data-board-customer>{t('board:card.customer', { name: firstName(order) })}</span>
        {late && (
          <strong className="rounded bg-red-600 px-2 text-white" data-board-late-label>
            {t('board:card.late')}
          </strong>
        )}
      </p>
      {order.scheduled_at && (
        <p className="m-0 text-sm font-semibold" data-board-scheduled>
          {t('board:card.scheduledFor', { date: zonedDate(order.scheduled_at, timeZone), time: zonedTime(order.scheduled_at, timeZone) })}
          {start !== null && open && ` · ${t('board:card.startsAt', { time: zonedTime(new Date(start).toISOString(), timeZone) })}`}
        </p>
      )}
      {open && !order.scheduled_at && (
        <p className="m-0 text-xs text-muted">{t('board:card.promised', { time: zonedTime(new Date(promisedAt(facts)).toISOString(), timeZone) })}</p>
      )}
      <ul className="m-0 flex list-none flex-col gap-1 p-0" data-board-items>
        {order.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
          <li key={`${item.product_id}-${i}`} className="text-sm">
            <strong>{item.qnt}x</strong> {item.name}
            {item.variations.length > 0 && <span className="block pl-5 text-xs text-muted">{item.variations.map((v) => pickLabel(v)).join(', ')}</span>}
            {item.note && <span className="block pl-5 text-xs font-semibold text-amber-800">{t('board:card.note', { note: item.note })}</span>}
          </li>
        ))}
      </ul>
      {order.order_variations.length > 0 && (
        <p className="m-0 text-xs text-muted">
          {t('board:card.extras')}: {order.order_variations.map((v) => pickLabel(v)).join(', ')}
        </p>
      )}
      {order.note && <p className="m-0 text-sm font-semibold text-amber-800">{t('board:card.orderNote', { note: order.note })}</p>}
      <div className="text-sm" data-board-place>
        <strong>{t(`board:card.${order.delivery_type}`)}</strong>
        {order.table && (
          <strong className="ml-2 rounded-full bg-surface px-2" data-board-table={order.table.number}>
            {t('board:tables.table', { number: order.table.number })}
          </strong>
        )}
        {address && <span className="block">{address}</span>}
        {map && (
          <a href={map} target="_blank" rel="noopener" className="text-brand underline">
            {t('board:card.map')}
          </a>
        )}
      </div>
      <p className="m-0 flex flex-wrap justify-between gap-2 text-sm">
        <span data-board-payment>{paymentText(order)}</span>
        <strong className="tabular-nums" data-board-total>
          {t('board:card.total')}: {formatBRL(order.totals.total)}
        </strong>
      </p>
      {order.step === 'canceled' && order.cancellation_type && (
        <p className="m-0 text-sm text-red-700">
          {t(`board:card.canceledBy_${order.cancellation_type}`)}
          {order.cancellation_reason && ` · ${t('board:card.reason', { reason: order.cancellation_reason })}`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {next && (
          <Button size="medium" loading={busy} onClick={() => onMove(order, next.to)} data-board-next={next.to}>
            {busy ? t('board:actions.busy') : next.label}
          </Button>
        )}
        {open && (
          <Button variant="danger" size="medium" disabled={busy} onClick={() => onCancel(order)} data-board-cancel>
            {t('board:actions.cancel')}
          </Button>
        )}
        <Button variant="secondary" size="medium" onClick={() => onPrint(order)} data-board-print>
          {t('board:actions.print')}
        </Button>
      </div>
    </article>
  );
});
