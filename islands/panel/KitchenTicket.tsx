// The kitchen ticket: the order laid out for an 80 mm thermal printer (72 mm printable, monospace,
// black on white), printed through the browser's own print dialog. On screen it is hidden; while
// printing only it shows (the panel's print style sheet in src/pages/painel hides the rest).
import { pickLabel } from '../../src/domain/cart.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { zonedDate, zonedTime } from '../order/format.ts';
import { addressText, paymentText } from './order-texts.ts';
import './i18n.ts';
import './kitchen-ticket.css';

const RULE = '-'.repeat(32);

export function KitchenTicket({ order, establishment, timeZone }: { order: OrderView; establishment: string; timeZone: string }) {
  const address = addressText(order);
  const totals = order.totals;
  return (
    <section className="kitchen-ticket" aria-hidden="true" data-kitchen-ticket={order._id}>
      <p className="ticket-center ticket-strong">{establishment}</p>
      <p className="ticket-center ticket-big">{t('board:ticket.title', { number: order.order })}</p>
      <p>{t('board:ticket.placed', { date: zonedDate(order.created_at, timeZone), time: zonedTime(order.created_at, timeZone) })}</p>
      {order.scheduled_at && (
        <p className="ticket-strong">
          {t('board:ticket.scheduled', { date: zonedDate(order.scheduled_at, timeZone), time: zonedTime(order.scheduled_at, timeZone) })}
        </p>
      )}
      <p className="ticket-strong">{t(`board:card.${order.delivery_type}`).toUpperCase()}</p>
      {order.table && <p className="ticket-center ticket-big">{t('board:tables.table', { number: order.table.number }).toUpperCase()}</p>}
      {order.customer && <p>{t('board:ticket.customer', { name: order.customer.name })}</p>}
      {order.customer && order.delivery_type === 'delivery' && <p>{t('board:ticket.phone', { phone: maskPhone(order.customer.phone) })}</p>}
      {address && <p>{address}</p>}
      {order.address?.ref && <p>{order.address.ref}</p>}
      <p>{RULE}</p>
      {order.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines may repeat a product and never move
        <div key={`${item.product_id}-${i}`} className="ticket-item">
          <p className="ticket-row ticket-strong">
            <span>
              {item.qnt}x {item.name}
            </span>
            <span>{formatBRL(item.line_cents)}</span>
          </p>
          {item.variations.map((v, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variations of one line never move
            <p key={j} className="ticket-indent">
              {pickLabel(v)}
            </p>
          ))}
          {item.note && <p className="ticket-indent ticket-strong">{t('board:card.note', { note: item.note })}</p>}
        </div>
      ))}
      {order.order_variations.length > 0 && <p>{order.order_variations.map((v) => pickLabel(v)).join(', ')}</p>}
      {order.note && <p className="ticket-strong">{t('board:card.orderNote', { note: order.note })}</p>}
      <p>{RULE}</p>
      {totals.delivery_fee > 0 && (
        <p className="ticket-row">
          <span>{t('board:card.deliveryFee')}</span>
          <span>{formatBRL(totals.delivery_fee)}</span>
        </p>
      )}
      {totals.discount > 0 && (
        <p className="ticket-row">
          <span>{t('board:card.discount')}</span>
          <span>-{formatBRL(totals.discount)}</span>
        </p>
      )}
      {totals.credits > 0 && (
        <p className="ticket-row">
          <span>{t('board:card.credits')}</span>
          <span>-{formatBRL(totals.credits)}</span>
        </p>
      )}
      <p className="ticket-row ticket-big">
        <span>{t('board:card.total')}</span>
        <span>{formatBRL(totals.total)}</span>
      </p>
      <p>{t('board:ticket.payment', { text: paymentText(order) })}</p>
      <p>{RULE}</p>
      <p className="ticket-center">{t('board:ticket.thanks')}</p>
    </section>
  );
}
