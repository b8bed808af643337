// Where a cancelled order's money goes back, composed from the card and Pix services for the
// status route (src/server/services/order-status.ts takes it, so it depends on neither).
import type { OrderMoney } from './order-status.ts';
import { refundOrderCharge, type OrderPaymentDeps } from './order-payments.ts';
import { refundOrderPix, removeOrderPixCharge, type PixOrderDeps } from './pix-orders.ts';

export function orderMoney(payments: OrderPaymentDeps, pix: PixOrderDeps): OrderMoney {
  return {
    refundCard: (orderId) => refundOrderCharge(payments, orderId),
    refundPix: (orderId) => refundOrderPix(pix, orderId),
    closePixCharge: (orderId) => removeOrderPixCharge(pix, orderId),
  };
}
