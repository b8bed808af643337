// Live updates over a socket [R-7.77] (issue 16): the hub at /parties/establishment/<id> behind a
// real HTTP server, real WebSocket clients, the real API publishing order events, on SQLite (one
// process, the in-memory bus) and PostgreSQL (LISTEN/NOTIFY). The two-process journeys in a real
// browser are tests/e2e/live-updates.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { getRequestListener } from '@hono/node-server';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, sessionToken, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, placeOk, setStatus } from './helpers/orders.ts';
import { makeMember, staffHeaders, staffLogin } from './helpers/staff.ts';
import { estId, loadOrderFixtures, pickupOrder } from './helpers/order-fixtures.ts';
import { MERCADO_MANAUS, estId as fixtureEstId, loadCatalogue } from './helpers/fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { acceptLiveSockets, startLive, type Live } from '../../src/server/live/live.ts';
import { CLOSE_SERVER_FULL, CLOSE_TOO_MANY_FROM_ADDRESS } from '../../src/server/live/hub.ts';
import type { LiveEvent } from '../../src/schemas/live-events.ts';
import type { LiveMessage } from '../../src/schemas/live.ts';

const CENTRO = estId('cantina-centro');
const MANAUS = fixtureEstId('mercado-manaus');

/** The live-updates side of one server process: a hub behind an HTTP server that also answers the API. */
interface Process {
  live: Live;
  server: Server;
  origin: string;
}

async function startProcess(ctx: TestContext, limits: { maxSockets?: number; maxSocketsPerAddress?: number } = {}): Promise<Process> {
  const live = await startLive({
    db: ctx.db,
    engine: ctx.engine,
    databaseUrl: ctx.databaseUrl,
    pagesDir: mkdtempSync(join(tmpdir(), 'live-pages-')),
    now: ctx.now,
    ...limits,
  });
  const server = createServer(getRequestListener(ctx.app.fetch));
  acceptLiveSockets(server, live.hub);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { live, server, origin: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stopProcess(p: Process): Promise<void> {
  await p.live.close();
  await new Promise<void>((resolve) => {
    p.server.close(() => resolve());
    p.server.closeAllConnections();
  });
}

/** A connected page: every message it received, in order, and a way to wait for the next one. */
interface Page {
  ws: WebSocket;
  messages: LiveMessage[];
  /** Resolves with the first message (received or to come) matching `test`, or fails after `ms`. */
  waitFor(test: (m: LiveMessage) => boolean, ms?: number): Promise<LiveMessage>;
  closed: Promise<number>;
}

function connect(host: string, room: string, headers: Record<string, string> = {}): Promise<Page> {
  const ws = new WebSocket(`ws://${host}/parties/establishment/${room}?_pk=test`, { headers: { Origin: `http://${host}`, ...headers } });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as LiveMessage);
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const page: Page = {
    ws,
    messages,
    closed,
    waitFor(test, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(page));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The status a refused upgrade answers (or 101 when the socket opens). */
function upgradeStatus(host: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}${path}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (err) => {
      if (!String(err.message).includes('Unexpected server response')) reject(err);
    });
  });
}

const cookieOf = (s: Session) => ({ Cookie: cookieHeaders(s).Cookie! });

// The API of each engine publishes through the process started for it.
let current: Process | undefined;
const publish = async (event: LiveEvent) => current?.live.publish(event);

forEachDatabase(
  'live updates',
  (getCtx) => {
    let ctx: TestContext;
    let a: Process;
    let maria: Session;
    let joao: Session;
    let manausCustomer: Session;
    let apiKey: string;
    const pages: Page[] = [];
    const open = async (room: string, headers?: Record<string, string>, on = a) => {
      const page = await connect(on.origin, room, headers);
      pages.push(page);
      return page;
    };
    /** A message every page of `room` gets: what a page got before it has all arrived. */
    const marker = (room: string, slug: string) =>
      a.live.publish({ kind: 'catalogue-rendered', establishment_id: room, slug, origin: 'test', pages_store: a.live.pagesStore });

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      await loadCatalogue(ctx.db, MERCADO_MANAUS);
      a = await startProcess(ctx);
      current = a;
      maria = (await registerUser(ctx, CENTRO)).session;
      joao = (await registerUser(ctx, CENTRO)).session;
      manausCustomer = (await registerUser(ctx, MANAUS)).session;
      apiKey = await createEstablishmentKey(ctx.db, CENTRO, 'test');
    });

    afterAll(async () => {
      for (const p of pages) p.ws.terminate();
      await stopProcess(a);
      current = undefined;
      await closePgPool(ctx.db);
    });

    it("opens a socket per establishment at partysocket's /parties/<party>/<room> [R-7.77]", async () => {
      expect(await upgradeStatus(a.origin, `/parties/establishment/${CENTRO}?_pk=1`)).toBe(101);
      expect(await upgradeStatus(a.origin, '/parties/establishment/no-such-place')).toBe(404);
      expect(await upgradeStatus(a.origin, `/parties/main/${CENTRO}`)).toBe(404);
      expect(await upgradeStatus(a.origin, '/api/health')).toBe(404);
    });

    it('refuses a socket opened by a page of another site', async () => {
      expect(await upgradeStatus(a.origin, `/parties/establishment/${CENTRO}`, { Origin: 'https://evil.example' })).toBe(403);
      expect(await upgradeStatus(a.origin, `/parties/establishment/${CENTRO}`, { Origin: `http://${a.origin}` })).toBe(101);
    });

    it("tells a customer's pages when their order is placed and confirmed, with nothing but its id, status and time", async () => {
      const page = await open(CENTRO, cookieOf(maria));
      const placed = await placeOk(ctx, maria, pickupOrder());
      const first = await page.waitFor((m) => m.type === 'order' && m.status === 'registered');
      expect(first).toEqual({ type: 'order', order_id: placed._id, status: 'registered', step: 'registered', updated_at: placed.order.updated_at });

      const res = await setStatus(ctx, CENTRO, placed._id, { status: 'confirmed' }, apiKeyHeaders(apiKey));
      expect(res.status).toBe(200);
      const confirmed = await page.waitFor((m) => m.type === 'order' && m.status === 'confirmed');
      expect(Object.keys(confirmed).sort()).toEqual(['order_id', 'status', 'step', 'type', 'updated_at']);
      expect(confirmed).toMatchObject({ order_id: placed._id });
    });

    it("sends no order's event to a visitor, another customer, or a customer of another company", async () => {
      const visitor = await open(CENTRO);
      const other = await open(CENTRO, cookieOf(joao));
      // A session of another company presented as this establishment's cookie is not a customer here.
      const foreign = await open(CENTRO, { Cookie: `sid_${CENTRO}=${manausCustomer.token}` });
      const foreignHome = await open(MANAUS, cookieOf(manausCustomer));
      const owner = await open(CENTRO, cookieOf(maria));

      const placed = await placeOk(ctx, maria, pickupOrder());
      await owner.waitFor((m) => m.type === 'order' && m.order_id === placed._id);
      await marker(CENTRO, 'cantina-centro');
      await marker(MANAUS, 'mercado-manaus');
      for (const page of [visitor, other, foreign, foreignHome]) {
        await page.waitFor((m) => m.type === 'updated');
        expect(page.messages).toEqual([{ type: 'updated' }]);
      }
    });

    it("tells every page of an establishment 'updated', with nothing else, and no page of another [R-2.119]", async () => {
      const visitor = await open(CENTRO);
      const customer = await open(CENTRO, cookieOf(joao));
      const elsewhere = await open(MANAUS);
      await marker(CENTRO, 'cantina-centro');
      expect(await visitor.waitFor(() => true)).toEqual({ type: 'updated' });
      expect(await customer.waitFor(() => true)).toEqual({ type: 'updated' });
      await marker(MANAUS, 'mercado-manaus');
      await elsewhere.waitFor(() => true);
      expect(elsewhere.messages).toEqual([{ type: 'updated' }]);
    });

    describe('what anyone can make the hub hold', () => {
      let small: Process;
      beforeAll(async () => {
        small = await startProcess(ctx, { maxSockets: 5, maxSocketsPerAddress: 3 });
      });
      afterAll(async () => {
        await stopProcess(small);
      });

      /** Opens `n` sockets at once from `address`: those the hub keeps, and the close codes of those it refused, once every refusal has arrived. */
      async function openAtOnce(n: number, address: string, refusals: number) {
        const from = { 'X-Forwarded-For': address };
        const all = await Promise.all(Array.from({ length: n }, () => connect(small.origin, CENTRO, from)));
        pages.push(...all);
        const codes: number[] = [];
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${codes.length} of ${refusals} refusals arrived`)), 3000);
          if (refusals === 0) {
            clearTimeout(timer);
            resolve();
          }
          for (const page of all)
            void page.closed.then((code) => {
              codes.push(code);
              if (codes.length === refusals) {
                clearTimeout(timer);
                resolve();
              }
            });
        });
        return { kept: all.filter((p) => p.ws.readyState === WebSocket.OPEN), codes };
      }

      it('holds at most its limit of sockets per client address and in all, counting upgrades made in parallel, and closes the rest with 4029 or 1013', async () => {
        const first = await openAtOnce(6, '203.0.113.10', 3);
        expect(first.kept).toHaveLength(3);
        expect(first.codes).toEqual([CLOSE_TOO_MANY_FROM_ADDRESS, CLOSE_TOO_MANY_FROM_ADDRESS, CLOSE_TOO_MANY_FROM_ADDRESS]);
        // Another address has its own share, up to the process's 5.
        const second = await openAtOnce(3, '203.0.113.11', 1);
        expect(second.kept).toHaveLength(2);
        expect(second.codes).toEqual([CLOSE_SERVER_FULL]);
        expect(small.live.hub.connections).toBe(5);
        // A socket that goes gives its place back.
        first.kept[0]!.ws.close();
        await first.kept[0]!.closed;
        await expect.poll(() => small.live.hub.connections).toBe(4);
        expect((await openAtOnce(1, '203.0.113.12', 0)).kept).toHaveLength(1);
        for (const page of [...first.kept, ...second.kept]) page.ws.close();
      });

      it('keeps nothing of a room once its last socket has gone, nor of ids that name no establishment', async () => {
        for (const page of pages) if (page.ws.readyState === WebSocket.OPEN) page.ws.close();
        await expect.poll(() => small.live.hub.connections).toBe(0);
        const one = await connect(small.origin, MANAUS, { 'X-Forwarded-For': '203.0.113.20' });
        expect(small.live.hub.held).toEqual({ rooms: 1, roomInfo: 1, addresses: 1 });
        one.ws.close();
        await one.closed;
        await expect.poll(() => small.live.hub.held).toEqual({ rooms: 0, roomInfo: 0, addresses: 0 });
        for (let i = 0; i < 30; i++) expect(await upgradeStatus(small.origin, `/parties/establishment/no-such-place-${i}`)).toBe(404);
        expect(small.live.hub.held).toEqual({ rooms: 0, roomInfo: 0, addresses: 0 });
      });
    });

    it('closes the sockets of a session that logged out, so they stop receiving its orders', async () => {
      const { session } = await registerUser(ctx, CENTRO);
      const page = await open(CENTRO, cookieOf(session));
      const res = await ctx.call('/api/auth/logout', { method: 'POST', body: { establishment_id: CENTRO }, headers: cookieHeaders(session) });
      expect(res.status).toBe(204);
      expect(await page.closed).toBe(4001);
    });

    it("tells the establishment's staff panels of every order of the establishment, and no other establishment's; a removed member's panel closes", async () => {
      const owner = await makeMember(ctx, CENTRO, 'owner');
      const cook = await makeMember(ctx, CENTRO, 'staff');
      const ownerSession = await staffLogin(ctx, CENTRO, owner.email);
      const cookSession = await staffLogin(ctx, CENTRO, cook.email);
      const panel = await open(CENTRO, { Cookie: `staff_sid_${CENTRO}=${ownerSession.token}` });
      const cookPanel = await open(CENTRO, { Cookie: `staff_sid_${CENTRO}=${cookSession.token}` });
      // A staff cookie of this establishment presented at another's room is nobody's there.
      const elsewhere = await open(MANAUS, { Cookie: `staff_sid_${MANAUS}=${ownerSession.token}` });
      const visitor = await open(CENTRO);

      const placed = await placeOk(ctx, maria, pickupOrder());
      for (const page of [panel, cookPanel]) {
        const told = await page.waitFor((m) => m.type === 'order' && m.order_id === placed._id);
        expect(told).toMatchObject({ status: 'registered', step: 'registered' });
      }
      expect((await setStatus(ctx, CENTRO, placed._id, { status: 'confirmed' }, apiKeyHeaders(apiKey))).status).toBe(200);
      await panel.waitFor((m) => m.type === 'order' && m.order_id === placed._id && m.status === 'confirmed');
      await marker(CENTRO, 'cantina-centro');
      await marker(MANAUS, 'mercado-manaus');
      await visitor.waitFor((m) => m.type === 'updated');
      await elsewhere.waitFor((m) => m.type === 'updated');
      expect(visitor.messages.some((m) => m.type === 'order')).toBe(false);
      expect(elsewhere.messages.some((m) => m.type === 'order')).toBe(false);

      const removed = await ctx.call(`/api/establishments/${CENTRO}/staff/${cook.id}`, { method: 'DELETE', headers: staffHeaders(ownerSession) });
      expect(removed.status).toBe(204);
      expect(await cookPanel.closed).toBe(4001);
      expect(panel.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('erasing the account closes the sockets of every one of its sessions', async () => {
      const { session, data } = await registerUser(ctx, CENTRO);
      const login = await ctx.call('/api/auth/login', { method: 'POST', body: { establishment_id: CENTRO, login: data.email, password: data.password } });
      const here = await open(CENTRO, cookieOf(session));
      const elsewhere = await open(CENTRO, cookieOf({ establishmentId: CENTRO, token: sessionToken(login, CENTRO) }));
      const res = await ctx.call('/api/users/me', { method: 'DELETE', body: { password: data.password }, headers: cookieHeaders(session) });
      expect(res.status).toBe(204);
      expect(await here.closed).toBe(4001);
      expect(await elsewhere.closed).toBe(4001);
    });

    it("a new password closes the sockets of the account's other sessions and keeps this session's open", async () => {
      const { session, data } = await registerUser(ctx, CENTRO);
      const login = await ctx.call('/api/auth/login', { method: 'POST', body: { establishment_id: CENTRO, login: data.email, password: data.password } });
      const other: Session = { establishmentId: CENTRO, token: sessionToken(login, CENTRO) };
      const here = await open(CENTRO, cookieOf(session));
      const elsewhere = await open(CENTRO, cookieOf(other));
      const res = await ctx.call('/api/users/me', {
        method: 'PUT',
        body: { password: 'nova12', password_confirmation: 'nova12', current_password: data.password },
        headers: cookieHeaders(session),
      });
      expect(res.status).toBe(200);
      expect(await elsewhere.closed).toBe(4001);
      // This session's page still gets its orders.
      const placed = await placeOk(ctx, session, pickupOrder());
      await here.waitFor((m) => m.type === 'order' && m.order_id === placed._id);
      expect(here.ws.readyState).toBe(WebSocket.OPEN);
    });
  },
  { deps: { publish } },
);

// A second hub in the same test stands for a second server process: it has its own listening
// connection, so an event reaches it only through the database.
forEachDatabase(
  'live updates across server processes on one PostgreSQL database',
  (getCtx) => {
    let ctx: TestContext;
    let a: Process;
    let b: Process;
    let maria: Session;
    let apiKey: string;
    const pages: Page[] = [];

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      a = await startProcess(ctx);
      b = await startProcess(ctx);
      current = a;
      maria = (await registerUser(ctx, CENTRO)).session;
      apiKey = await createEstablishmentKey(ctx.db, CENTRO, 'test');
    });

    afterAll(async () => {
      for (const p of pages) p.ws.terminate();
      await stopProcess(a);
      await stopProcess(b);
      current = undefined;
      await closePgPool(ctx.db);
    });

    it('delivers an order change made through one process to a page connected to another within a second', async () => {
      const onB = await connect(b.origin, CENTRO, cookieOf(maria));
      pages.push(onB);
      // Placed and confirmed through A: the API publishes through A's bus.
      const placed = await placeOk(ctx, maria, pickupOrder());
      expect((await setStatus(ctx, CENTRO, placed._id, { status: 'confirmed' }, apiKeyHeaders(apiKey))).status).toBe(200);
      await onB.waitFor((m) => m.type === 'order' && m.order_id === placed._id && m.status === 'confirmed', 1000);
    });

    it("a new password made through one process closes the other sessions' sockets held by another", async () => {
      const { session, data } = await registerUser(ctx, CENTRO);
      const login = await ctx.call('/api/auth/login', { method: 'POST', body: { establishment_id: CENTRO, login: data.email, password: data.password } });
      const other: Session = { establishmentId: CENTRO, token: sessionToken(login, CENTRO) };
      const onB = await connect(b.origin, CENTRO, cookieOf(other));
      const keptOnB = await connect(b.origin, CENTRO, cookieOf(session));
      pages.push(onB, keptOnB);
      // The change goes through A's API, which publishes through A's bus.
      const res = await ctx.call('/api/users/me', {
        method: 'PUT',
        body: { password: 'nova12', password_confirmation: 'nova12', current_password: data.password },
        headers: cookieHeaders(session),
      });
      expect(res.status).toBe(200);
      expect(await onB.closed).toBe(4001);
      expect(keptOnB.ws.readyState).toBe(WebSocket.OPEN);
    });

    it("tells its pages to read again ('resync') when its listening connection dropped and came back", async () => {
      const page = await connect(a.origin, CENTRO, cookieOf(maria));
      pages.push(page);
      const { rows } = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query = 'LISTEN storefront_live'`.execute(ctx.db);
      expect(rows[0]!.n).toBe(2);
      await page.waitFor((m) => m.type === 'resync', 5000);
      // And events flow again.
      const placed = await placeOk(ctx, maria, pickupOrder());
      await page.waitFor((m) => m.type === 'order' && m.order_id === placed._id);
    });
  },
  { deps: { publish }, engines: ['postgres'] },
);
