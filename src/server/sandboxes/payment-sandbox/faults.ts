// Faults a real acquirer's network brings, for the tests only.
import type { ChargeResult } from '../../../schemas/payments.ts';
import { PaymentGatewayError, type ChargeRequest, type PaymentGateway } from '../../adapters/payment-gateway.ts';

/**
 * Test-only faults of the sandbox acquirer (createSandboxGateway's `faults`; the server never sets
 * them): what a real acquirer's network does to a charge, chosen per call, so that the tests can
 * prove how the order code handles an outcome it cannot know.
 */
export interface SandboxChargeFaults {
  /**
   * For a charge sent with its CVV: 'lost_answer' makes the charge and loses its answer (a timeout
   * after the acquirer took it), 'unavailable' fails before anything is charged (a 5xx). Both are
   * answered 'offline', as the Mercado Pago engine answers a timeout or a 5xx.
   */
  charge?: (request: ChargeRequest) => 'lost_answer' | 'unavailable' | null;
  /**
   * For an ask (a charge without its CVV): true answers that no charge was made under the key even
   * when one was, as Mercado Pago's payment search may for a while after the payment.
   */
  searchLags?: (request: ChargeRequest) => boolean;
}

/** The gateway with `faults` applied to its charges; every other call as it is. */
export function withChargeFaults(gateway: Required<PaymentGateway>, faults: SandboxChargeFaults): Required<PaymentGateway> {
  const offline = (request: ChargeRequest): ChargeResult => ({ charge_id: null, status: 'offline', reason: null, amount: request.amount });
  return {
    ...gateway,
    async charge(request, now) {
      if (request.security_code === undefined) {
        if (faults.searchLags?.(request)) throw new PaymentGatewayError('invalid_cvv', `no charge found under key ${request.idempotency_key} (yet)`);
        return gateway.charge(request, now);
      }
      const fault = faults.charge?.(request) ?? null;
      if (fault === 'unavailable') return offline(request);
      const result = await gateway.charge(request, now);
      return fault === 'lost_answer' ? offline(request) : result;
    },
  };
}
