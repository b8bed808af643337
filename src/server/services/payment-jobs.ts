// The server's money jobs, run by every server process (src/server/main.ts) at start and every
// minute: first the recovery (what older code or a request that stopped left halfway: a Pix
// recorded and never applied, a cancelled order whose refund was never started: recoverPix,
// recoverOrderPayments), then card validations (stale charges, lapsed validations, owed refunds:
// card-verification.ts), order payments (charges whose outcome is unknown asked about, charges no
// order took, owed refunds: order-payments.ts) and Pix (charges asked about, orders whose Pix did
// not come in time, owed refunds: pix-orders.ts). Each is safe to run in several processes at
// once: every step is a conditional update and every movement of money carries an idempotency key.
import type { PaymentGateway } from '../adapters/payment-gateway.ts';
import type { Database } from '../db/database.ts';
import { runCardJobs } from './card-verification.ts';
import { recoverOrderPayments, runOrderPaymentJobs } from './order-payments.ts';
import { recoverPix, runPixJobs, type PixOrderDeps } from './pix-orders.ts';
import type { PixPsp } from '../adapters/pix-psp.ts';
import type { LiveEvent } from '../../schemas/live-events.ts';
import { config } from '../config.ts';
import { runOdWebhooks } from '../open-delivery/webhook.ts';

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
  const pixDeps: PixOrderDeps = { db: deps.db, now, pix: deps.pix, chargeSeconds: config.pix.chargeSeconds, publish: deps.publish };
  const orderDeps = { db: deps.db, payments: deps.payments, now };
  const jobs: Array<[string, () => Promise<unknown>]> = [
    // First: a Pix recorded by older code is applied before its order could be expired for want of it.
    ['Pix recovery', () => recoverPix(pixDeps)],
    ['order payment recovery', () => recoverOrderPayments(orderDeps)],
    ['card validations', () => runCardJobs({ db: deps.db, payments: deps.payments, now })],
    ['order payments', () => runOrderPaymentJobs(orderDeps)],
    ['Pix', () => runPixJobs(pixDeps)],
    // Not money, but run on the same clock: the Open Delivery events owed to a POS's webhook.
    ['Open Delivery webhooks', () => runOdWebhooks({ db: deps.db, now, origin: config.publicOrigin })],
  ];
  for (const [name, run] of jobs) {
    try {
      await run();
    } catch (err) {
      console.error(`[payments] ${name} job failed:`, (err as Error).message);
    }
  }
}

/**
 * Starts the jobs: a first run soon after start (5 s, once the server listens: the recovery finishes
 * what a process that stopped left behind), then every `everyMs`; the timers never keep the process alive.
 */
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
