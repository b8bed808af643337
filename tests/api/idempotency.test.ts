// Exactly-once orders with the Idempotent-Key header (decisions #22; the IETF Idempotency-Key
// draft): replay of the first response, 422 for a reused key, 409 while
// the first request runs, nothing half-written on failure, keys kept 24 h; the same order fired 50
// times at once with one key, on SQLite and PostgreSQL, and across two server processes sharing
// one PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { API_HEADERS, createPgDatabase, forEachDatabase, type TestContext } from './helpers/databases.ts';
import { registerUser, type Session } from './helpers/accounts.ts';
import { closePgPool, placeOk, placeOrder, waitForBackends } from './helpers/orders.ts';
import { startApiServer } from './helpers/server-process.ts';
import { estId, loadOrderFixtures, order24h, pickupOrder, productId } from './helpers/order-fixtures.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { createApi } from '../../src/server/api/app.ts';
import { orderFingerprintPayload, parseOrderBody, type OrderBody } from '../../src/schemas/api-orders.ts';
import { IDEMPOTENCY_TTL_MS, canonicalJson, purgeExpiredKeys, requestFingerprint } from '../../src/server/services/idempotency.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
const FRIDAY_20H = '2025-01-03T23:00:00Z';

const ordersOf = async (db: Database, userId: string) =>
  db.selectFrom('orders').select(['id', 'number', 'establishment_id']).where('user_id', '=', userId).execute();
const keyRow = (db: Database, userId: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

describe('canonical fingerprint', () => {
  it('ignores key order and undefined members, not values', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }], c: undefined })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(requestFingerprint({ a: 1, b: 2 })).toBe(requestFingerprint({ b: 2, a: 1 }));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: 2 }));
  });
});

forEachDatabase(
  'idempotency',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaId: string;

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO);
      maria = m.session;
      mariaId = m.user._id;
    });

    // Before forEachDatabase drops the database (see closePgPool).
    afterAll(() => closePgPool(ctx.db));

    it('replays the first response for the same key and payload, with Idempotent-Replayed: true [R-3.19]', async () => {
      const key = randomUUID();
      const first = await placeOrder(ctx, maria, pickupOrder(), key);
      const firstBody = await first.text();
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      // Same payload with its keys in another order: the same request.
      const reordered = Object.fromEntries(Object.entries(pickupOrder()).reverse());
      const again = await placeOrder(ctx, maria, reordered, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.text()).toBe(firstBody);
      const id = JSON.parse(firstBody)._id;
      expect((await ordersOf(ctx.db, mariaId)).filter((o) => o.id === id)).toHaveLength(1);
      expect(await keyRow(ctx.db, mariaId, key)).toMatchObject({ state: 'done', response_status: 201 });
    });

    it('answers 422 idempotency_key_reused for the same key with another payload', async () => {
      const key = randomUUID();
      await placeOk(ctx, maria, pickupOrder());
      expect((await placeOrder(ctx, maria, pickupOrder(), key)).status).toBe(201);
      const other = await placeOrder(ctx, maria, pickupOrder({ note: 'outra coisa' }), key);
      expect(other.status).toBe(422);
      expect(await other.json()).toEqual({ message: 'idempotency_key_reused' });
      // Another establishment with the same key is another payload too.
      const elsewhere = await placeOrder(ctx, { ...maria, establishmentId: H24 }, order24h(), key);
      expect(elsewhere.status).toBe(422);
    });

    it('scopes keys by user: the same key from two users makes two orders', async () => {
      const key = randomUUID();
      const joao = await registerUser(ctx, CENTRO);
      const a = await placeOk(ctx, maria, pickupOrder());
      const r1 = await placeOrder(ctx, maria, pickupOrder(), key);
      const r2 = await placeOrder(ctx, joao.session, pickupOrder(), key);
      expect([r1.status, r2.status]).toEqual([201, 201]);
      expect((await r1.json())._id).not.toBe((await r2.json())._id);
      expect(a._id).toBeTruthy();
    });

    it('releases the key of a refused request, so a corrected retry with the same key proceeds', async () => {
      const key = randomUUID();
      const tooSmall = pickupOrder({ products: [{ id: productId('cantina-centro', 'refrigerante'), qnt: 1 }] });
      const refused = await placeOrder(ctx, maria, tooSmall, key);
      expect(refused.status).toBe(422);
      expect(await keyRow(ctx.db, mariaId, key)).toBeUndefined();
      // The same refused payload is evaluated again (not replayed), then the corrected one succeeds.
      expect((await placeOrder(ctx, maria, tooSmall, key)).status).toBe(422);
      const fixed = await placeOrder(ctx, maria, pickupOrder(), key);
      expect(fixed.status).toBe(201);
    });

    it('writes nothing when the order fails after its number and credits were taken (one transaction)', async () => {
      await ctx.db.updateTable('users').set({ credits: 3000 }).where('id', '=', mariaId).execute();
      const counter = await ctx.db.selectFrom('order_counters').select('last_number').where('establishment_id', '=', CENTRO).executeTakeFirstOrThrow();
      const next = Number(counter.last_number) + 1;
      // A row squatting on the next number makes the order's INSERT fail after the counter and the credits moved.
      const existing = await ctx.db.selectFrom('orders').selectAll().where('user_id', '=', mariaId).limit(1).executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('orders')
        .values({ ...existing, id: 'squatter', number: next })
        .execute();
      const key = randomUUID();
      const before = (await ordersOf(ctx.db, mariaId)).length;
      const failed = await placeOrder(ctx, maria, pickupOrder({ use_credits: true }), key);
      expect(failed.status).toBe(500);
      expect((await ordersOf(ctx.db, mariaId)).length).toBe(before);
      expect(
        Number((await ctx.db.selectFrom('order_counters').select('last_number').where('establishment_id', '=', CENTRO).executeTakeFirstOrThrow()).last_number),
      ).toBe(next - 1);
      expect(Number((await ctx.db.selectFrom('users').select('credits').where('id', '=', mariaId).executeTakeFirstOrThrow()).credits)).toBe(3000);
      expect(await keyRow(ctx.db, mariaId, key)).toBeUndefined();

      await ctx.db.deleteFrom('orders').where('id', '=', 'squatter').execute();
      const retried = await placeOrder(ctx, maria, pickupOrder({ use_credits: true }), key);
      expect(retried.status).toBe(201);
      expect((await retried.json()).order).toMatchObject({ order: next, totals: { credits: 3000 } });
      await ctx.db.updateTable('users').set({ credits: 0 }).where('id', '=', mariaId).execute();
    });

    it('answers 409 idempotency_key_in_flight while the first request runs; a dead claim is taken over after its lock', async () => {
      const key = randomUUID();
      const body = pickupOrder();
      // The claim of a request still running (or whose process died) for this very payload.
      const now = ctx.now();
      await ctx.db
        .insertInto('idempotency_keys')
        .values({
          user_id: mariaId,
          key,
          establishment_id: CENTRO,
          fingerprint: requestFingerprint({ establishment_id: CENTRO, body: orderFingerprintPayload(parseOrderBody(body) as OrderBody) }),
          state: 'in_flight',
          response_status: null,
          response_body: null,
          created_at: now.toISOString(),
          locked_until: new Date(now.getTime() + 60_000).toISOString(),
          expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
        })
        .execute();
      const busy = await placeOrder(ctx, maria, body, key);
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toEqual({ message: 'idempotency_key_in_flight' });
      ctx.setNow(new Date(now.getTime() + 61_000));
      try {
        const taken = await placeOrder(ctx, maria, body, key);
        expect(taken.status).toBe(201);
      } finally {
        ctx.setNow(FRIDAY_20H);
      }
    });

    it('keeps keys 24 hours: then the key is free again and expired keys are purged', async () => {
      const key = randomUUID();
      const first = await placeOk(ctx, maria, pickupOrder());
      const a = await placeOrder(ctx, maria, pickupOrder(), key);
      const aId = (await a.json())._id;
      ctx.setNow(new Date(Date.parse(FRIDAY_20H) + 23 * 3600_000)); // Saturday 19:00, still open
      try {
        const replay = await placeOrder(ctx, maria, pickupOrder(), key);
        expect(replay.headers.get('idempotent-replayed')).toBe('true');
        expect((await replay.json())._id).toBe(aId);
        ctx.setNow(new Date(Date.parse(FRIDAY_20H) + 24 * 3600_000 + 60_000)); // Saturday 20:01
        const fresh = await placeOrder(ctx, maria, pickupOrder(), key);
        expect(fresh.status).toBe(201);
        expect((await fresh.json())._id).not.toBe(aId);
        ctx.setNow(new Date(Date.parse(FRIDAY_20H) + 3 * 24 * 3600_000));
        await purgeExpiredKeys(ctx.db, ctx.now(), true);
        expect(await ctx.db.selectFrom('idempotency_keys').select('key').where('expires_at', '<=', ctx.now().toISOString()).execute()).toEqual([]);
      } finally {
        ctx.setNow(FRIDAY_20H);
      }
      expect(first._id).toBeTruthy();
    });

    it('fires the same order 50 times at once with one key: exactly one order, all answers agree [R-3.19]', async () => {
      const user = await registerUser(ctx, CENTRO);
      const key = randomUUID();
      const body = pickupOrder();
      const responses = await Promise.all(Array.from({ length: 50 }, () => placeOrder(ctx, user.session, body, key)));
      const results = await Promise.all(
        responses.map(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() })),
      );
      const created = results.filter((r) => r.status === 201);
      const busy = results.filter((r) => r.status === 409);
      expect(created.length + busy.length).toBe(50);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.body._id)).size).toBe(1);
      expect(created.filter((r) => r.replayed !== 'true')).toHaveLength(1);
      for (const r of busy) expect(r.body).toEqual({ message: 'idempotency_key_in_flight' });
      const orders = await ordersOf(ctx.db, user.user._id);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.id).toBe(created[0]!.body._id);
      // Once the first has finished, a retry gets the same order.
      const retry = await placeOrder(ctx, user.session, body, key);
      expect(retry.status).toBe(201);
      expect((await retry.json())._id).toBe(orders[0]!.id);
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: FRIDAY_20H },
);

// ---------------------------------------------------------------- two server processes

describe('idempotency across two server processes sharing one PostgreSQL database', () => {
  let drop: (() => Promise<void>) | undefined;
  let dbName = '';
  let db: Database | undefined;
  const children: ChildProcess[] = [];
  let urls: string[] = [];
  let token = '';

  beforeAll(async () => {
    const pgDb = await createPgDatabase('storefront_idem');
    drop = pgDb.drop;
    dbName = new URL(pgDb.url).pathname.slice(1);
    const handle = await openDatabase({ databaseUrl: pgDb.url });
    db = handle.db;
    await loadOrderFixtures(db);
    // Register through an in-process app on the same database; the servers see the session.
    const app = createApi({ db, engine: handle.engine });
    const res = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        establishment_id: H24,
        name: 'Cliente Dois Servidores',
        email: `dois.${Date.now()}@example.com`,
        phone: '11987651234',
        password: 'segr3do',
      }),
    });
    expect(res.status).toBe(201);
    token = /sid_[^=]+=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
    const started = await Promise.all([1, 2].map(() => startApiServer({ DATABASE_URL: pgDb.url, PORT: '0' })));
    for (const s of started) children.push(s.child);
    urls = started.map((s) => s.url);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await db?.destroy();
    if (dbName) await waitForBackends(dbName);
    await drop?.();
  });

  it('25 + 25 concurrent requests with one key on two servers: one order, every answer agrees [R-3.19]', async () => {
    const key = randomUUID();
    const body = JSON.stringify(order24h());
    const send = (url: string) =>
      fetch(`${url}/api/establishments/${H24}/orders`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotent-Key': key },
        body,
      }).then(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() }));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(urls[i % 2]!)));
    const created = results.filter((r) => r.status === 201);
    const busy = results.filter((r) => r.status === 409);
    expect(created.length + busy.length, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 409))).toBe(50);
    expect(new Set(created.map((r) => r.body._id)).size).toBe(1);
    expect(created.filter((r) => r.replayed !== 'true')).toHaveLength(1);
    const orders = await db!.selectFrom('orders').select('id').where('establishment_id', '=', H24).execute();
    expect(orders).toHaveLength(1);
    // After the in-flight ones, a retry on either server returns the same order.
    for (const url of urls) {
      const retry = await send(url);
      expect(retry.status).toBe(201);
      expect(retry.body._id).toBe(orders[0]!.id);
    }
  });
});
