// Open Delivery (migration 0020_open_delivery; docs/open-delivery.md): the establishment's OAuth2
// clients and their tokens (hashes only), the orders its POS was told of, and the event log it
// polls. Every limit here is one statement (an event acknowledged once, an order linked once), so
// parallel requests cannot both pass it, on SQLite and PostgreSQL alike.
import type { Database, Executor } from './database.ts';
import type { OdClientRow, OdEventRow, OdOrderLinkRow, OdTokenRow } from './types.ts';

export async function insertOdClient(db: Executor, row: OdClientRow): Promise<void> {
  await db.insertInto('od_clients').values(row).execute();
}

export async function listOdClients(db: Executor, establishmentId: string): Promise<OdClientRow[]> {
  return db.selectFrom('od_clients').selectAll().where('establishment_id', '=', establishmentId).orderBy('created_at').orderBy('client_id').execute();
}

/** The client when it exists and is not revoked. */
export async function getActiveOdClient(db: Executor, clientId: string): Promise<OdClientRow | undefined> {
  return db.selectFrom('od_clients').selectAll().where('client_id', '=', clientId).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Revokes a client of the establishment and deletes its tokens; false when there was no such active client. */
export async function revokeOdClient(db: Database, establishmentId: string, clientId: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('od_clients')
      .set({ revoked_at: at })
      .where('client_id', '=', clientId)
      .where('establishment_id', '=', establishmentId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const revoked = Number(res.numUpdatedRows) === 1;
    // Only a client this establishment just revoked loses its tokens: a client id of another
    // establishment named here changes nothing of theirs.
    if (revoked) await trx.deleteFrom('od_tokens').where('client_id', '=', clientId).execute();
    return revoked;
  });
}

/** Whether the establishment has an active client, and whether one of them takes the webhook. */
export async function odClientsOf(db: Executor, establishmentId: string): Promise<{ any: boolean; webhook: boolean }> {
  const rows = await db
    .selectFrom('od_clients')
    .select('webhook_url')
    .where('establishment_id', '=', establishmentId)
    .where('revoked_at', 'is', null)
    .execute();
  return { any: rows.length > 0, webhook: rows.some((r) => r.webhook_url) };
}

/** The establishment's active clients that take the webhook. */
export async function odWebhookClients(
  db: Executor,
  establishmentId: string,
): Promise<{ client_id: string; webhook_url: string; webhook_secret: string | null }[]> {
  const rows = await db
    .selectFrom('od_clients')
    .select(['client_id', 'webhook_url', 'webhook_secret'])
    .where('establishment_id', '=', establishmentId)
    .where('revoked_at', 'is', null)
    .where('webhook_url', 'is not', null)
    .execute();
  return rows.map((r) => ({ client_id: r.client_id, webhook_url: r.webhook_url!, webhook_secret: r.webhook_secret }));
}

export async function insertOdToken(db: Executor, row: OdTokenRow): Promise<void> {
  await db.insertInto('od_tokens').values(row).execute();
}

/** The token when it exists, has not expired at `at` and its client is not revoked. */
export async function getLiveOdToken(db: Executor, tokenHash: string, at: string): Promise<OdTokenRow | undefined> {
  return db
    .selectFrom('od_tokens')
    .innerJoin('od_clients', 'od_clients.client_id', 'od_tokens.client_id')
    .selectAll('od_tokens')
    .where('od_tokens.token_hash', '=', tokenHash)
    .where('od_tokens.expires_at', '>', at)
    .where('od_clients.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Drops a client's expired tokens (called when it asks for a new one, so the table stays small). */
export async function deleteExpiredOdTokens(db: Executor, clientId: string, at: string): Promise<void> {
  await db.deleteFrom('od_tokens').where('client_id', '=', clientId).where('expires_at', '<=', at).execute();
}

/** Links an order to its Open Delivery id, once; true when this call linked it. */
export async function linkOdOrder(db: Executor, row: OdOrderLinkRow): Promise<boolean> {
  const res = await db
    .insertInto('od_orders')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('od_id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Our order id of an Open Delivery order id, within one establishment only. */
export async function findOdOrder(db: Executor, establishmentId: string, odId: string): Promise<OdOrderLinkRow | undefined> {
  return db.selectFrom('od_orders').selectAll().where('od_id', '=', odId).where('establishment_id', '=', establishmentId).executeTakeFirst();
}

export async function getOdOrderLink(db: Executor, orderId: string): Promise<OdOrderLinkRow | undefined> {
  return db.selectFrom('od_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Writes an event after the establishment's last one (seq: one more than the last). */
export async function insertOdEvent(db: Executor, row: Omit<OdEventRow, 'seq'>): Promise<void> {
  const last = await db
    .selectFrom('od_events')
    .select((eb) => eb.fn.max<number | string | null>('seq').as('seq'))
    .where('establishment_id', '=', row.establishment_id)
    .executeTakeFirst();
  await db
    .insertInto('od_events')
    .values({ ...row, seq: Number(last?.seq ?? 0) + 1 })
    .execute();
}

/** The establishment's events not acknowledged yet, oldest first, up to `limit`. */
export async function listPendingOdEvents(db: Executor, establishmentId: string, types: readonly string[] | null, limit: number): Promise<OdEventRow[]> {
  let q = db.selectFrom('od_events').selectAll().where('establishment_id', '=', establishmentId).where('acknowledged_at', 'is', null);
  if (types) q = q.where('event_type', 'in', types);
  return q.orderBy('seq').orderBy('created_at').orderBy('id').limit(limit).execute();
}

/**
 * Acknowledges the events of `ids`, all of which must be the establishment's: when one is not,
 * nothing is acknowledged. Acknowledging again changes nothing. Answers which of the ids are the
 * establishment's.
 */
export async function acknowledgeOdEvents(db: Database, establishmentId: string, ids: readonly string[], at: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const known = new Set(
    (await db.selectFrom('od_events').select('id').where('establishment_id', '=', establishmentId).where('id', 'in', ids).execute()).map((r) => r.id),
  );
  if (known.size !== ids.length) return known;
  await db
    .updateTable('od_events')
    .set({ acknowledged_at: at })
    .where('establishment_id', '=', establishmentId)
    .where('id', 'in', ids)
    .where('acknowledged_at', 'is', null)
    .execute();
  return known;
}

/** Acknowledges every pending event of the establishment of the given types (the polling's 'automatically acknowledged' ones). */
export async function acknowledgeOdEventsOfTypes(db: Database, establishmentId: string, types: readonly string[], at: string): Promise<void> {
  if (types.length === 0) return;
  await db
    .updateTable('od_events')
    .set({ acknowledged_at: at })
    .where('establishment_id', '=', establishmentId)
    .where('acknowledged_at', 'is', null)
    .where('event_type', 'in', types)
    .execute();
}

/** Events whose webhook is due at `at`, oldest first. */
export async function listDueOdWebhooks(db: Executor, at: string, limit: number): Promise<OdEventRow[]> {
  return db
    .selectFrom('od_events')
    .selectAll()
    .where('webhook_state', '=', 'pending')
    .where('webhook_next_at', '<=', at)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Records one webhook try's outcome, only over the try it was claimed with (a parallel job's try misses). */
export async function setOdWebhookState(
  db: Executor,
  id: string,
  triesBefore: number,
  next: { webhook_state: string; webhook_tries: number; webhook_next_at: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('od_events')
    .set(next)
    .where('id', '=', id)
    .where('webhook_state', '=', 'pending')
    .where('webhook_tries', '=', triesBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The customer's orders at the establishment up to and including the one placed at `createdAt` (customer.ordersCountOnMerchant). */
export async function countCustomerOrdersUpTo(db: Executor, establishmentId: string, userId: string, createdAt: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('establishment_id', '=', establishmentId)
    .where('user_id', '=', userId)
    .where('created_at', '<=', createdAt)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the achievement an order used rewards free delivery. */
export async function achievementIsFreeDelivery(db: Executor, achievementId: string): Promise<boolean> {
  const row = await db.selectFrom('achievements').select('reward_type').where('id', '=', achievementId).executeTakeFirst();
  return row?.reward_type === 'free_delivery';
}
