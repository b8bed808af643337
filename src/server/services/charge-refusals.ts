// How a card charge the issuer or the gateway did not capture is answered: the spec's 403 messages
// of section 8 'Send order', shared by an order paid by card and a card's validation charge.
import type { ChargeResult } from '../../schemas/payments.ts';
import { Refusal } from './refusal.ts';

/** How an uncaptured charge is answered (spec section 8 'Send order', 403 messages). */
export function chargeRefusal(result: Pick<ChargeResult, 'status' | 'reason'>): Refusal {
  if (result.status === 'offline') return new Refusal('forbidden', 'payment_gateway_offline');
  if (result.status === 'declined') {
    if (result.reason === 'expired_card') return new Refusal('forbidden', 'credit_card_expired');
    if (result.reason === 'card_blocked') return new Refusal('forbidden', 'credit_card_blocked');
    if (result.reason === 'card_canceled') return new Refusal('forbidden', 'credit_card_canceled');
    if (result.reason === 'insufficient_funds' || result.reason === 'not_authorized')
      return new Refusal('forbidden', 'payment_not_done', { params: { reason: result.reason } });
  }
  return new Refusal('forbidden', 'credit_card_problems');
}
