// The sandbox PSP's own records (src/server/sandboxes/pix-sandbox.ts): its charges (cob), the Pix
// paid to them, their refunds and the webhook URL of each key. Primary and unique keys make
// concurrent identical calls write one row. Demo and tests only; production never writes them.
import type { Database } from './database.ts';
import type { PixSandboxChargeRow, PixSandboxPaymentRow, PixSandboxRefundRow, PixSandboxWebhookRow } from './types.ts';

// --- Charges

export async function getPixSandboxCharge(db: Database, txid: string): Promise<PixSandboxChargeRow | undefined> {
  return db.selectFrom('pix_sandbox_charges').selectAll().where('txid', '=', txid).executeTakeFirst();
}

/** The charge whose location is `locId`, its location fields only. */
export async function getPixSandboxLocation(
  db: Database,
  locId: number,
): Promise<Pick<PixSandboxChargeRow, 'loc_id' | 'txid' | 'location' | 'created_at'> | undefined> {
  return db.selectFrom('pix_sandbox_charges').select(['loc_id', 'txid', 'location', 'created_at']).where('loc_id', '=', locId).executeTakeFirst();
}

/** The charge whose location ends with `pathSuffix` (made of characters no LIKE pattern treats specially). */
export async function findPixSandboxChargeByLocationSuffix(db: Database, pathSuffix: string): Promise<PixSandboxChargeRow | undefined> {
  return db.selectFrom('pix_sandbox_charges').selectAll().where('location', 'like', `%${pathSuffix}`).executeTakeFirst();
}

/** The open charges (ATIVA, not yet expired at `nowIso`), newest first. */
export async function listOpenPixSandboxChargeRows(db: Database, nowIso: string, limit: number): Promise<PixSandboxChargeRow[]> {
  return db
    .selectFrom('pix_sandbox_charges')
    .selectAll()
    .where('status', '=', 'ATIVA')
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Inserts the charge unless its txid or location id is taken (then nothing happens). */
export async function insertPixSandboxChargeOnce(db: Database, row: PixSandboxChargeRow): Promise<void> {
  await db
    .insertInto('pix_sandbox_charges')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes an ATIVA charge (status REMOVIDA_PELO_USUARIO_RECEBEDOR, next revision): true when it did. One conditional update: of a removal and a payment at once, one wins. */
export async function removeActivePixSandboxCharge(db: Database, txid: string, at: string): Promise<boolean> {
  const updated = await db
    .updateTable('pix_sandbox_charges')
    .set((eb) => ({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revision: eb('revision', '+', 1), updated_at: at }))
    .where('txid', '=', txid)
    .where('status', '=', 'ATIVA')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Marks an ATIVA charge paid (CONCLUIDA): true when it did. One conditional update: of two payments (or a payment and a removal) at once, one wins. */
export async function concludeActivePixSandboxCharge(db: Database, txid: string, at: string): Promise<boolean> {
  const updated = await db
    .updateTable('pix_sandbox_charges')
    .set({ status: 'CONCLUIDA', updated_at: at })
    .where('txid', '=', txid)
    .where('status', '=', 'ATIVA')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// --- Pix received and refunds

export async function insertPixSandboxPayment(db: Database, row: PixSandboxPaymentRow): Promise<void> {
  await db.insertInto('pix_sandbox_payments').values(row).execute();
}

export async function getPixSandboxPayment(db: Database, endToEndId: string): Promise<PixSandboxPaymentRow | undefined> {
  return db.selectFrom('pix_sandbox_payments').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
}

/** The Pix paid to a charge, oldest first. */
export async function listPixSandboxPayments(db: Database, txid: string): Promise<PixSandboxPaymentRow[]> {
  return db.selectFrom('pix_sandbox_payments').selectAll().where('txid', '=', txid).orderBy('paid_at').execute();
}

/** Adds `amount` to what the Pix returned, only while the total stays within what was paid: true when it did. */
export async function addPixSandboxPaymentRefunded(db: Database, endToEndId: string, amount: number): Promise<boolean> {
  const updated = await db
    .updateTable('pix_sandbox_payments')
    .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
    .where('end_to_end_id', '=', endToEndId)
    .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The refunds of these Pix, oldest first. */
export async function listPixSandboxRefunds(db: Database, endToEndIds: string[]): Promise<PixSandboxRefundRow[]> {
  if (endToEndIds.length === 0) return [];
  return db.selectFrom('pix_sandbox_refunds').selectAll().where('end_to_end_id', 'in', endToEndIds).orderBy('requested_at').execute();
}

export async function getPixSandboxRefund(db: Database, endToEndId: string, id: string): Promise<PixSandboxRefundRow | undefined> {
  return db.selectFrom('pix_sandbox_refunds').selectAll().where('end_to_end_id', '=', endToEndId).where('id', '=', id).executeTakeFirst();
}

/** Inserts the refund unless its (e2eid, id) exists: true when this insert went through. */
export async function insertPixSandboxRefundOnce(db: Database, row: PixSandboxRefundRow): Promise<boolean> {
  const result = await db
    .insertInto('pix_sandbox_refunds')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Settles a refund still EM_PROCESSAMENTO (DEVOLVIDO at `at`): true when this call settled it. */
export async function settlePixSandboxRefund(db: Database, refund: Pick<PixSandboxRefundRow, 'end_to_end_id' | 'id'>, at: string): Promise<boolean> {
  const updated = await db
    .updateTable('pix_sandbox_refunds')
    .set({ status: 'DEVOLVIDO', settled_at: at })
    .where('end_to_end_id', '=', refund.end_to_end_id)
    .where('id', '=', refund.id)
    .where('status', '=', 'EM_PROCESSAMENTO')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// --- Webhooks

/** Registers (or replaces) the webhook URL of a key. */
export async function upsertPixSandboxWebhook(db: Database, row: PixSandboxWebhookRow): Promise<void> {
  await db
    .insertInto('pix_sandbox_webhooks')
    .values(row)
    .onConflict((oc) => oc.column('chave').doUpdateSet({ webhook_url: row.webhook_url, created_at: row.created_at }))
    .execute();
}

export async function getPixSandboxWebhook(db: Database, chave: string): Promise<PixSandboxWebhookRow | undefined> {
  return db.selectFrom('pix_sandbox_webhooks').selectAll().where('chave', '=', chave).executeTakeFirst();
}

/** Deletes the key's webhook: true when there was one. */
export async function deletePixSandboxWebhook(db: Database, chave: string): Promise<boolean> {
  const deleted = await db.deleteFrom('pix_sandbox_webhooks').where('chave', '=', chave).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
