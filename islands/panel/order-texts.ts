// How the order screen and the kitchen ticket say an order's payment, place and step.
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { addressLineText } from '../../src/i18n/messages.ts';
import './i18n.ts';

/** 'Pago com Pix'; 'Dinheiro na entrega: troco para R$ 100,00'; 'Cartão de débito na retirada'. */
export function paymentText(order: Pick<OrderView, 'payment_type' | 'payment_method' | 'payment_payback' | 'delivery_type' | 'payment'>): string {
  const state = order.payment.status;
  switch (order.payment_type) {
    case 'online':
      return t(state === 'refund_pending' ? 'board:payment.onlineRefund' : state === 'refunded' ? 'board:payment.onlineRefunded' : 'board:payment.online');
    case 'pix':
      if (state === 'awaiting') return t('board:payment.pixAwaiting');
      if (state === 'expired') return t('board:payment.pixExpired');
      if (state === 'refund_pending') return t('board:payment.pixRefund');
      if (state === 'refunded') return t('board:payment.pixRefunded');
      return t('board:payment.pix');
    case 'credits':
      return t('board:payment.credits');
    default: {
      const where = t(`board:payment.where_${order.delivery_type}`);
      const method = order.payment_method?.name ?? '';
      return order.payment_payback
        ? t('board:payment.cashChange', { method, where, amount: formatBRL(order.payment_payback) })
        : t('board:payment.onSpot', { method, where });
    }
  }
}

/** The customer's first name: enough for the counter to call, no more on a screen others see. */
export function firstName(order: Pick<OrderView, 'customer'>): string {
  return order.customer ? (order.customer.name.trim().split(/\s+/)[0] ?? '') : t('board:card.noCustomer');
}

/** The delivery address on one line, or null for a pickup or a table. */
export function addressText(order: Pick<OrderView, 'address'>): string | null {
  return order.address ? addressLineText(order.address) : null;
}

/** A link that opens the delivery point in a map, by its coordinates (the courier's phone picks its own app). */
export function mapLink(order: Pick<OrderView, 'address'>): string | null {
  const a = order.address;
  if (!a) return null;
  const [lng, lat] = a.lng_lat;
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** What the board's rules read of an order (src/domain/panel-board.ts). */
export function boardOrder(order: Pick<OrderView, 'step' | 'payment' | 'created_at' | 'scheduled_at' | 'time'>) {
  return { step: order.step, payment_status: order.payment.status, created_at: order.created_at, scheduled_at: order.scheduled_at, time_max: order.time.max };
}
