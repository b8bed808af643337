// Calls of the order routes for the API tests: place an order with a session and an Idempotent-Key,
// read orders, change a status as the customer or with the establishment's API key; close a
// PostgreSQL test database cleanly.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { PG_SERVER_URL, type TestContext } from './databases.ts';
import type { Database } from '../../../src/server/db/database.ts';
import type { PlaceOrderAnswer } from '../../../src/schemas/api-orders.ts';
import { cookieHeaders, type Session } from './accounts.ts';

export const ordersPath = (establishmentId: string) => `/api/establishments/${establishmentId}/orders`;

/** POST .../orders with the session's cookie and a key (a fresh one unless given). */
export function placeOrder(
  ctx: TestContext,
  session: Session,
  body: unknown,
  key: string | null = randomUUID(),
  establishmentId = session.establishmentId,
): Promise<Response> {
  const headers: Record<string, string> = cookieHeaders(session);
  if (key !== null) headers['Idempotent-Key'] = key;
  return ctx.call(ordersPath(establishmentId), { method: 'POST', body, headers });
}

/** Places an order that must succeed; answers the 201 body. */
export async function placeOk(ctx: TestContext, session: Session, body: unknown): Promise<PlaceOrderAnswer> {
  const res = await placeOrder(ctx, session, body);
  const json = await res.json();
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export function apiKeyHeaders(key: string): Record<string, string> {
  return { Authorization: `ApiKey ${key}` };
}

export function setStatus(ctx: TestContext, establishmentId: string, orderId: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return ctx.call(`${ordersPath(establishmentId)}/${orderId}/status`, { method: 'PUT', body, headers });
}

/**
 * Closes a PostgreSQL test database's pool and waits until its server processes are gone. Works
 * around a teardown race of forEachDatabase: pg's pool.end() resolves before the sockets close, and
 * the DROP DATABASE ... WITH (FORCE) that follows can then terminate a connection mid-close, which
 * surfaces as an unhandled 'terminating connection due to administrator command' error. Suites that
 * open many connections at once (the concurrency tests) make it likely. Call it in an afterAll
 * registered inside the suite (it runs before forEachDatabase's own cleanup; a second destroy is a
 * no-op).
 */
export async function closePgPool(db: Database): Promise<void> {
  let name: string;
  try {
    name = (await sql<{ db: string }>`select current_database() as db`.execute(db)).rows[0]!.db;
  } catch {
    return; // SQLite, or already closed
  }
  await db.destroy();
  await waitForBackends(name);
}

/** Waits (up to 3 s) until no server process serves the database. */
export async function waitForBackends(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${PG_SERVER_URL}/postgres` });
  await admin.connect();
  try {
    for (let i = 0; i < 60; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
