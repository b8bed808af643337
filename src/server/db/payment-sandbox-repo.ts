// The sandbox acquirer's own records (src/server/sandboxes/payment-sandbox.ts): a card's public part
// under its random token, every charge and refund under its idempotency key (unique: concurrent
// retries of one call make one row). Demo and tests only; production never writes them.
import type { Database } from './database.ts';
import type { PaymentSandboxCardRow, PaymentSandboxChargeRow, PaymentSandboxRefundRow } from './types.ts';

export async function insertSandboxCard(db: Database, row: PaymentSandboxCardRow): Promise<void> {
  await db.insertInto('payment_sandbox_cards').values(row).execute();
}

export async function getSandboxCard(db: Database, token: string): Promise<PaymentSandboxCardRow | undefined> {
  return db.selectFrom('payment_sandbox_cards').selectAll().where('token', '=', token).executeTakeFirst();
}

/** A card's brand and last four digits, for its statement line; throws for an unknown token. */
export async function getSandboxCardFace(db: Database, token: string): Promise<Pick<PaymentSandboxCardRow, 'brand' | 'last4'>> {
  return db.selectFrom('payment_sandbox_cards').select(['brand', 'last4']).where('token', '=', token).executeTakeFirstOrThrow();
}

/** Sets a card's outcome (the removed mark); a token never kept changes nothing. */
export async function setSandboxCardOutcome(db: Database, token: string, outcome: string): Promise<void> {
  await db.updateTable('payment_sandbox_cards').set({ outcome }).where('token', '=', token).execute();
}

export async function getSandboxChargeByKey(db: Database, idempotencyKey: string): Promise<PaymentSandboxChargeRow | undefined> {
  return db.selectFrom('payment_sandbox_charges').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function getSandboxCharge(db: Database, id: string): Promise<PaymentSandboxChargeRow | undefined> {
  return db.selectFrom('payment_sandbox_charges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the charge unless its idempotency key has one: true when this insert went through. */
export async function insertSandboxChargeOnce(db: Database, row: PaymentSandboxChargeRow): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_sandbox_charges')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Adds `amount` to what the charge refunded, only while the total stays within the charge: true when it did. */
export async function addSandboxChargeRefunded(db: Database, chargeId: string, amount: number): Promise<boolean> {
  const updated = await db
    .updateTable('payment_sandbox_charges')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
    .where('id', '=', chargeId)
    .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function getSandboxRefundByKey(db: Database, idempotencyKey: string): Promise<PaymentSandboxRefundRow | undefined> {
  return db.selectFrom('payment_sandbox_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** Inserts the refund unless its idempotency key has one: true when this insert went through. */
export async function insertSandboxRefundOnce(db: Database, row: PaymentSandboxRefundRow): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_sandbox_refunds')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
