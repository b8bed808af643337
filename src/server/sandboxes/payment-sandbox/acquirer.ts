// What the sandbox acquirer's calls share: its database, its simulated network, the ids it makes
// and the amount check.
import { randomBytes } from 'node:crypto';
import { PaymentGatewayError } from '../../adapters/payment-gateway.ts';
import type { Database } from '../../db/database.ts';

export interface SandboxAcquirer {
  db: Database;
  /** Half the network's latency: before a charge is recorded, and after. */
  travel: () => Promise<void>;
}

/** `latencyMs` makes each charge take that long, half before the charge is recorded and half after. */
export function sandboxAcquirer(db: Database, latencyMs = 0): SandboxAcquirer {
  const half = Math.max(0, latencyMs / 2);
  return { db, travel: () => (half > 0 ? new Promise((resolve) => setTimeout(resolve, half)) : Promise.resolve()) };
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function assertPositiveCents(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentGatewayError('invalid_amount', `amount must be whole centavos > 0, got ${amount}`);
}
