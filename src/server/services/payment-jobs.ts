// The server's money jobs, run by every server process (src/server/main.ts) every minute: card
// validations (stale charges, lapsed validations, owed refunds: card-verification.ts) and order
// payments (stale charges, charges no order took, owed refunds: order-payments.ts) and Pix (orders
// whose Pix did not come in time, charges asked about, owed refunds: pix-orders.ts). Each is safe to
// run in several processes at once: every step is a conditional update and every movement of money
// carries an idempotency key.
import type { PaymentGateway } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import { runCardJobs } from './card-verification.ts';
import { runOrderPaymentJobs } from './order-payments.ts';
import { runPixJobs } from './pix-orders.ts';
import type { PixPsp } from '../adapters/pix-psp.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';
import { config } from '../config.ts';

export interface PaymentJobDeps {
  db: Database;
  payments: PaymentGateway;
  pix: PixPsp;
  /** Tells the customers' open pages of an order that changed (a Pix paid, an order expired). */
  publish?: (event: LiveEvent) => Promise<void>;
  now?: () => Date;
}

/** One run of every job; a failing job does not stop the others. */
export async function runPaymentJobs(deps: PaymentJobDeps): Promise<void> {
  const now = (deps.now ?? (() => new Date()))();
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ['card validations', () => runCardJobs({ db: deps.db, payments: deps.payments, now })],
    ['order payments', () => runOrderPaymentJobs({ db: deps.db, payments: deps.payments, now })],
    ['Pix', () => runPixJobs({ db: deps.db, now, pix: deps.pix, chargeSeconds: config.pix.chargeSeconds, publish: deps.publish })],
  ];
  for (const [name, run] of jobs) {
    try {
      await run();
    } catch (err) {
      console.error(`[payments] ${name} job failed:`, (err as Error).message);
    }
  }
}

/** Starts the jobs: a first run soon after start, then every `everyMs`; the timers never keep the process alive. */
export function schedulePaymentJobs(deps: PaymentJobDeps, everyMs = 60_000): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runPaymentJobs(deps).finally(() => {
      running = false;
    });
  };
  const first = setTimeout(tick, 5_000);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
