// The sandbox acquirer built into the server: the default payment gateway of the demo and the
// tests'. It behaves like a card acquirer without moving money. A card's outcome is chosen by its
// number (docs/payments.md 'Test cards'): the two digits before the Luhn check digit are 51
// (declined, insufficient funds), 59 (declined, suspected fraud), 96 (issuer error) or 91 (the
// gateway is offline), for every charge of the card. Any other Luhn-valid number of a known brand
// is approved, unless its holder's name chooses the outcome of its purchases, as Mercado Pago's test
// cards do ('FUND SILVA': declined for insufficient funds; HOLDER_OUTCOMES): the micro-charge that
// validates the card is approved, the orders it pays then get that outcome. It keeps its own
// records (payment_sandbox_* tables): a random token for each card, never its number or CVV, and
// every charge and refund with its idempotency key, unique, so any number of concurrent retries of
// one call make one row. Each capture and refund also writes what the customer's bank statement
// would show into the development outbox (channel 'card-statement'). A card removed (removeCard)
// keeps its row, which its charges reference, with the outcome 'removed': a charge of it is
// unknown_token. Each concern is a module of payment-sandbox/ (outcomes.ts, cards.ts, charges.ts,
// refunds.ts, statement.ts, faults.ts).
import type { PaymentGateway } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import { sandboxAcquirer } from './payment-sandbox/acquirer.ts';
import { removeCard, tokeniseCard } from './payment-sandbox/cards.ts';
import { chargeCard } from './payment-sandbox/charges.ts';
import { withChargeFaults, type SandboxChargeFaults } from './payment-sandbox/faults.ts';
import { refundCharge } from './payment-sandbox/refunds.ts';

export { withChargeFaults, type SandboxChargeFaults } from './payment-sandbox/faults.ts';
export { HOLDER_OUTCOMES, SANDBOX_TEST_CARDS, holderOutcome, sandboxOutcome, type SandboxOutcome } from './payment-sandbox/outcomes.ts';

/**
 * The sandbox acquirer on `db`. `latencyMs` makes each charge take that long, half before the
 * charge is recorded and half after, as a real acquirer's network does: a process that dies in
 * the middle leaves a request that never reached it, or a charge whose answer never came back.
 * `faults` is for tests only (withChargeFaults); the server never sets it.
 */
export function createSandboxGateway(db: Database, options: { latencyMs?: number; faults?: SandboxChargeFaults } = {}): Required<PaymentGateway> {
  const acq = sandboxAcquirer(db, options.latencyMs);
  const gateway: Required<PaymentGateway> = {
    engine: 'sandbox',
    tokenise: (card, holder, now) => tokeniseCard(acq, card, holder, now),
    charge: (request, now) => chargeCard(acq, request, now),
    refund: (request, now) => refundCharge(acq, request, now),
    removeCard: (token) => removeCard(acq, token),
  };
  return options.faults ? withChargeFaults(gateway, options.faults) : gateway;
}
