// Boundary schemas of paying an order by Pix (spec section 7 'Orders' [R-7.30..R-7.32]; docs/api.md
// 'Pix'): the charge an order awaiting its Pix gets, as the order page shows it (the QR code, the
// copia-e-cola, the amount and until when), and the test helper's webhook form.
import { type } from 'arktype';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/** POST /api/pix. */
export const PixChargeBody = type({ order_id: id, '+': 'delete' });
export type PixChargeBody = typeof PixChargeBody.infer;

/**
 * POST /api/pix/webhook in the test helper's form, accepted outside production only: pays
 * the charge `transaction_id` (its txid) at the sandbox PSP, which then calls the webhook as a bank would.
 */
export const PixWebhookHelperBody = type({
  transaction_id: /^[a-zA-Z0-9]{26,35}$/,
  status: "'paid' | 'CONCLUIDA'",
  /** Integer centavos; absent: the charge's amount. */
  'amount?': 'number.integer > 0',
  '+': 'delete',
});
export type PixWebhookHelperBody = typeof PixWebhookHelperBody.infer;

/** active: waiting to be paid; paid; expired: not paid in time (its order is cancelled); removed: its order was cancelled. */
export type PixChargeState = 'active' | 'paid' | 'expired' | 'removed';

/** An order's Pix charge as the order page shows it (POST /api/pix, GET /api/orders/{id}/pix ). */
export interface PixChargeView {
  order_id: string;
  txid: string;
  /** Integer centavos: the order's total. */
  amount: number;
  status: PixChargeState;
  /** The BR Code: what the QR code holds and 'Pix copia e cola' copies. */
  copy_paste: string;
  /** The QR code, an SVG drawn from the BR Code. */
  qr_svg: string;
  /** After this instant the charge can no longer be paid and the order is cancelled. */
  expires_at: string;
  paid_at: string | null;
}
