// The promotions' limits under concurrency, measured on the real server: the API as
// src/server/main.ts serves it (tests/api/helpers/api-server.ts, a child process) on a SQLite file
// and on a throwaway PostgreSQL database, where two server processes share the database and the
// requests alternate between them. Bursts of orders are sent at once over HTTP:
//   - a coupon with one use left, 20 customers at once: one gets it, 19 are refused coupon_sold_out;
//     a coupon of two uses per customer, 5 orders of one customer at once: two get it;
//   - 100 orders spending one customer's credits at once: the balance never below zero, the ledger
//     adding up to the balance, each order's credits what was there; cancelled (twice at once), the
//     credits come back once;
//   - an achievement's reward, 10 orders at once: used once; cancelled, usable again;
//   - a referral: the referred customer's orders completed at once reward both sides once.
// The credits are granted through the establishment's API (POST /establishments/{id}/credits with
// its key), so the ledger is the one the product writes.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { openDatabase, type Database, type Engine } from '../../src/server/db/database.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { API_HEADERS } from '../../src/schemas/api-headers.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import type { AchievementsAnswer, CouponsAnswer, CreditEntriesAnswer, ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { ENGINES, createPgDatabase, type TestContext } from './helpers/databases.ts';
import { cardPayload, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { customerAddress, newUserData } from './helpers/accounts.ts';
import { NEAR, saveAddress } from './helpers/order-fixtures.ts';
import { waitForBackends } from './helpers/orders.ts';
import { startApiServer, stopApiServers } from './helpers/server-process.ts';

const SLUG = 'promo-concorrencia';
const SHOP = stableId('establishment', SLUG);
const product = (key: string) => stableId('product', SLUG, key);
const COUPON_LAST = stableId('coupon', SLUG, 'ultimo');
const COUPON_TWICE = stableId('coupon', SLUG, 'duas-vezes');
const ACHIEVEMENT = stableId('achievement', SLUG, 'primeiro-pedido');
const REFERRAL_CREDIT = 1500;
/** Rounds of a card order racing cash orders for a coupon's one use and the customer's credits. */
const CARD_ROUNDS = 6;
/** The sandbox acquirer's answer time in the servers: a card order's charge is on its way while the other orders run. */
const ACQUIRER_MS = 300;

const catalogue: CatalogueInput = {
  company: { slug: 'promo-concorrencia', name: 'Promoções Concorrentes' },
  establishment: {
    slug: SLUG,
    name: 'Pizzaria das Promoções',
    is_open: 'open',
    phone: '11987650077',
    // Where tests/api/helpers/order-fixtures.ts places its addresses (NEAR is about 510 m east).
    address: { street: 'Rua Direita', number: '77', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
    design: { theme: 'light', navbarcolor: '#1b5e20', primary: '#2e7d32', darkprimary: '#1b5e20', primaryinverse: '#ffffff' },
    preferences: {
      title: 'Pizzaria das Promoções',
      desc: '',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 3000,
      delivery_bands: [
        { up_to_meters: 1000, price: 700 },
        { up_to_meters: 3000, price: 1000 },
      ],
      delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      has_online_payment: true,
      use_discount_coupon: true,
      use_gamification: true,
      referral_credit: REFERRAL_CREDIT,
    },
    office_hours: [],
  },
  categories: [
    {
      _id: 'cardapio',
      name: 'Cardápio',
      products: [
        { _id: 'pizza', name: 'Pizza Margherita', price: 4000 },
        { _id: 'refri', name: 'Refrigerante Lata', price: 600 },
      ],
    },
  ],
  coupons: [
    { _id: 'ultimo', code: 'ULTIMO', discount_type: 'fixed', value: 1000, total_uses: 1, description: 'O último cupom' },
    { _id: 'duas-vezes', code: 'DUAS VEZES', discount_type: 'percentage', value: 10, uses_per_customer: 2, description: '10% duas vezes' },
    // One a round of the card race, each with one use.
    ...Array.from({ length: CARD_ROUNDS }, (_, r) => ({
      _id: `cartao-${r}`,
      code: `CARTAO${r}`,
      discount_type: 'fixed' as const,
      value: 500,
      total_uses: 1,
      description: 'Um uso só',
    })),
  ],
  achievements: [
    {
      _id: 'primeiro-pedido',
      name: 'Primeiro pedido',
      goal_description: 'Faça 1 pedido',
      goal_type: 'orders_count',
      goal_value: 1,
      reward_type: 'percentage',
      reward_value: 15,
      reward_description: '15% de desconto',
    },
  ],
};

type Answer<T = any> = { status: number; body: T };
type Customer = { id: string; token: string; email: string; addressId: string };

/** A delivery order to the customer's address (fee R$ 7,00): one pizza (R$ 40,00), cash. */
function deliveryOrder(c: Customer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'delivery',
    payment_type: 'offline',
    platform: 'web',
    products: [{ id: product('pizza'), qnt: 1, note: '', variations: [] }],
    payment_method_id: 'dinheiro',
    address_id: c.addressId,
    ...extra,
  };
}

/** A pickup order of `qnt` of a product, cash unless overridden. */
function pickupOrder(key: 'pizza' | 'refri', qnt: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products: [{ id: product(key), qnt, note: '', variations: [] }],
    payment_method_id: 'dinheiro',
    ...extra,
  };
}

/** Every status and refusal code of a burst, counted: { '201': 1, '403 coupon_sold_out': 19 }. */
function tally(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const k = a.status === 201 || a.status === 200 ? String(a.status) : `${a.status} ${a.body?.message}`;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

const totalsAddUp = (t: OrderView['totals']) => t.subtotal + t.order_variations_total + t.packing_fee + t.delivery_fee - t.discount - t.credits === t.total;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

for (const engine of ENGINES as readonly Engine[]) {
  describe(`promotions under concurrency on the real server [${engine}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-promo-${engine}-`));
    let db: Database;
    let databaseUrl = '';
    let drop: (() => Promise<void>) | undefined;
    let apiKey = '';
    let cardCustomer: Customer & { cardId: string };
    const servers: { proc: ChildProcess; origin: string }[] = [];
    let turn = 0;

    async function startServer(): Promise<void> {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        PUBLIC_ORIGIN: origin,
        PAYMENT_SANDBOX_LATENCY_MS: String(ACQUIRER_MS),
      };
      const { child: proc } = await startApiServer(env, { stderr: 'ignore' });
      servers.push({ proc, origin });
    }

    /** A request to one of the servers, in turn (two processes on PostgreSQL, one on SQLite). */
    async function send(
      method: string,
      path: string,
      init: { body?: unknown; token?: string; apiKey?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const { origin } = servers[turn++ % servers.length]!;
      const headers: Record<string, string> = { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      if (init.apiKey) headers.Authorization = `ApiKey ${init.apiKey}`;
      const res = await fetch(`${origin}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    const ordersPath = `/api/establishments/${SHOP}/orders`;
    const order = (c: Pick<Customer, 'token'>, body: unknown) =>
      send('POST', ordersPath, { body, token: c.token, headers: { 'Idempotent-Key': randomUUID() } });
    const cancelAsCustomer = (c: Pick<Customer, 'token'>, orderId: string) =>
      send('PUT', `${ordersPath}/${orderId}/status`, {
        body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Pedi errado' },
        token: c.token,
      });
    const setStatus = (orderId: string, status: 'confirmed' | 'complete' | 'canceled') =>
      send('PUT', `${ordersPath}/${orderId}/status`, { body: { status }, apiKey });

    /** A customer registered through the API (its session's bearer token), with a saved address about 510 m away. */
    async function customer(name = 'Cliente de Teste', extra: Record<string, unknown> = {}): Promise<Customer> {
      const data = newUserData({ name });
      const { origin } = servers[0]!;
      // Each customer from an address of its own (the server believes X-Forwarded-For from loopback),
      // as 20 real customers would be: one address may register only 10 accounts an hour.
      const res = await fetch(`${origin}/api/auth/register`, {
        method: 'POST',
        headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'X-Forwarded-For': customerAddress() },
        body: JSON.stringify({ establishment_id: SHOP, ...data, ...extra }),
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`sid_${SHOP}=`));
      const token = decodeURIComponent(cookie!.split(';')[0]!.slice(`sid_${SHOP}=`.length));
      const id = body.user._id as string;
      return { id, token, email: data.email, addressId: await saveAddress(db, id, NEAR) };
    }

    /** The customer's ledger in the database (every entry, not the API's latest page) and balance. */
    async function ledger(userId: string) {
      const entries = await db.selectFrom('credit_entries').selectAll().where('user_id', '=', userId).execute();
      const balance = Number((await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits);
      return { entries: entries.map((e) => ({ ...e, amount: Number(e.amount) })), balance, sum: entries.reduce((n, e) => n + Number(e.amount), 0) };
    }

    beforeAll(async () => {
      if (engine === 'postgres') {
        const pg = await createPgDatabase('storefront_promo');
        databaseUrl = pg.url;
        drop = pg.drop;
      }
      ({ db } = await openDatabase(engine === 'postgres' ? { databaseUrl } : { databaseUrl: '', sqliteFile: join(dataDir, 'storefront.sqlite') }));
      await loadCatalogue(db, catalogue);
      apiKey = await createEstablishmentKey(db, SHOP, 'testes de concorrência');
      // The customer who pays by card: verified, with a card validated by its micro-charge, made
      // through an app of this process on the same database (and the servers' sealing key).
      const app = createApi({ db, engine: engine, sealingKey: serverSealingKey(dataDir, '') });
      const ctx = {
        db,
        engine,
        app,
        call: (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
          app.request(path, {
            method: init.method ?? 'GET',
            headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...init.headers },
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
          }),
      } as unknown as TestContext;
      const verified = await verifiedCustomer(ctx, SHOP);
      const card = await savedCard(ctx, verified.session, verified.user._id, cardPayload());
      const headers = { Authorization: `Bearer ${verified.session.token}` };
      const validation = await ctx.call('/api/cards/purchase-verification', {
        method: 'POST',
        body: { card: { _id: card._id, security_code: await sealedCvv(ctx, verified.user._id, '123') } },
        headers,
      });
      expect(validation.status).toBe(201);
      const amount = await statementAmount(ctx, card.last4);
      expect((await ctx.call(`/api/cards/verification/${card._id}`, { method: 'PUT', body: { amount }, headers })).status).toBe(200);
      cardCustomer = {
        id: verified.user._id,
        token: verified.session.token,
        email: verified.data.email,
        addressId: await saveAddress(db, verified.user._id, NEAR),
        cardId: card._id,
      };
      // Two processes on one PostgreSQL database: the limits must hold across processes, not by one process's turns.
      await startServer();
      if (engine === 'postgres') await startServer();
    }, 60_000);

    afterAll(async () => {
      await stopApiServers(servers.map((s) => s.proc));
      await db?.destroy();
      if (engine === 'postgres') {
        await waitForBackends(new URL(databaseUrl).pathname.slice(1));
        await drop?.();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a coupon with one use left: of 20 orders at once from 20 customers one gets it, 19 are refused coupon_sold_out; a cancellation gives the use back', async () => {
      const customers = await Promise.all(Array.from({ length: 20 }, () => customer()));
      const before = await send('GET', `/api/establishments/${SHOP}/coupons`, { apiKey });
      expect((before.body as CouponsAnswer).coupons.find((c) => c._id === COUPON_LAST)).toMatchObject({ code: 'ULTIMO', uses_left: 1 });

      const answers = await Promise.all(customers.map((c) => order(c, deliveryOrder(c, { coupon_id: COUPON_LAST }))));
      console.info(`[${engine}] coupon with one use left, 20 customers at once:`, tally(answers));
      expect(tally(answers)).toEqual({ '201': 1, '403 coupon_sold_out': 19 });
      const won = answers.find((a) => a.status === 201)!.body as { _id: string; order: OrderView };
      // Fee R$ 7,00 charged, R$ 10,00 off the pizza.
      expect(won.order.totals).toMatchObject({ subtotal: 4000, delivery_fee: 700, discount: 1000, credits: 0, total: 3700 });
      expect(won.order.promotion).toEqual({ kind: 'coupon', _id: COUPON_LAST, code: 'ULTIMO', discount: 1000 });

      const row = await db.selectFrom('coupons').select('uses_count').where('id', '=', COUPON_LAST).executeTakeFirstOrThrow();
      expect(Number(row.uses_count)).toBe(1);
      const uses = await db.selectFrom('coupon_uses').selectAll().where('coupon_id', '=', COUPON_LAST).execute();
      expect(uses.map((u) => u.order_id)).toEqual([won._id]);
      // The 19 refused left no order behind.
      const written = await db.selectFrom('orders').select('id').where('coupon_id', '=', COUPON_LAST).execute();
      expect(written.map((o) => o.id)).toEqual([won._id]);
      const after = await send('GET', `/api/establishments/${SHOP}/coupons`, { apiKey });
      expect((after.body as CouponsAnswer).coupons.find((c) => c._id === COUPON_LAST)?.uses_left).toBe(0);

      // The winner cancels: the use comes back and one of the others gets it.
      const winner = customers.find((c) => c.id === uses[0]!.user_id)!;
      expect((await cancelAsCustomer(winner, won._id)).status).toBe(200);
      expect(Number((await db.selectFrom('coupons').select('uses_count').where('id', '=', COUPON_LAST).executeTakeFirstOrThrow()).uses_count)).toBe(0);
      expect(await db.selectFrom('coupon_uses').select('order_id').where('coupon_id', '=', COUPON_LAST).execute()).toEqual([]);
      const other = customers.find((c) => c !== winner)!;
      const again = await order(other, deliveryOrder(other, { coupon_id: COUPON_LAST }));
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.order.totals.discount).toBe(1000);
    }, 60_000);

    it('a coupon of two uses per customer: of 5 orders of one customer at once two get it, three are refused coupon_used', async () => {
      const maria = await customer();
      const answers = await Promise.all(Array.from({ length: 5 }, () => order(maria, deliveryOrder(maria, { coupon_id: COUPON_TWICE }))));
      console.info(`[${engine}] 2 uses per customer, 5 orders of one customer at once:`, tally(answers));
      expect(tally(answers)).toEqual({ '201': 2, '403 coupon_used': 3 });
      for (const a of answers.filter((x) => x.status === 201)) {
        // 10 % of the pizza.
        expect(a.body.order.totals).toMatchObject({ subtotal: 4000, delivery_fee: 700, discount: 400, total: 4300 });
        expect(a.body.order.promotion).toMatchObject({ kind: 'coupon', code: 'DUASVEZES', discount: 400 });
      }
      const uses = await db
        .selectFrom('coupon_uses')
        .select(['slot', 'order_id'])
        .where('coupon_id', '=', COUPON_TWICE)
        .where('user_id', '=', maria.id)
        .execute();
      expect(uses.map((u) => Number(u.slot)).sort()).toEqual([1, 2]);
      expect(uses.map((u) => u.order_id).sort()).toEqual(
        answers
          .filter((a) => a.status === 201)
          .map((a) => a.body._id as string)
          .sort(),
      );
      const row = await db.selectFrom('coupons').select('uses_count').where('id', '=', COUPON_TWICE).executeTakeFirstOrThrow();
      expect(Number(row.uses_count)).toBe(2);
    }, 30_000);

    it("100 orders at once spending one customer's credits: never below zero, the ledger adds up to the balance, each order takes what was there [R-4.5, R-5.35]; cancelled (twice at once, while new orders spend), the credits come back once", async () => {
      const GRANT = 15_000;
      const ana = await customer();
      const granted = await send('POST', `/api/establishments/${SHOP}/credits`, {
        apiKey,
        body: { user: ana.email, amount: GRANT, reason: 'Pedido chegou frio' },
      });
      expect(granted).toMatchObject({ status: 200, body: { value: GRANT, user: { _id: ana.id } } });

      // A third paid by credits alone (a soda, R$ 6,00); the others three pizzas (R$ 120,00) paid
      // in cash after the credits. All sent at once.
      const N = 100;
      const paidByCredits = (i: number) => i % 3 === 0;
      const bodies = Array.from({ length: N }, (_, i) =>
        paidByCredits(i)
          ? pickupOrder('refri', 1, { use_credits: true, payment_type: 'credits', payment_method_id: null })
          : pickupOrder('pizza', 3, { use_credits: true }),
      );
      const answers = await Promise.all(bodies.map((b) => order(ana, b)));
      const outcome: Record<string, number> = {};
      answers.forEach((a, i) => {
        const kind = paidByCredits(i) ? 'credits' : 'cash';
        const k =
          a.status === 201
            ? `${kind} 201${kind === 'cash' ? (a.body.order.totals.credits > 0 ? ' with credits' : ' without credits') : ''}`
            : `${kind} ${a.status} ${a.body?.message}`;
        outcome[k] = (outcome[k] ?? 0) + 1;
      });
      console.info(`[${engine}] ${N} orders at once on a balance of R$ 150,00:`, outcome);

      // Nothing but the refusals the rules give: credits that pay the whole order on a cash order
      // (credits_cover_total), a credits order the balance no longer covers (credits_without_method, R-5.35).
      for (const [i, a] of answers.entries()) {
        if (a.status === 201) continue;
        expect([a.status, a.body.message], `order ${i}`).toEqual(paidByCredits(i) ? [422, 'credits_without_method'] : [422, 'credits_cover_total']);
      }
      const placed = answers.flatMap((a, i) => (a.status === 201 ? [{ i, id: a.body._id as string, totals: (a.body.order as OrderView).totals }] : []));
      for (const p of placed) {
        expect(totalsAddUp(p.totals)).toBe(true);
        if (paidByCredits(p.i)) expect(p.totals).toMatchObject({ subtotal: 600, credits: 600, total: 0 });
        // A cash order took what was left (less than its R$ 120,00) or nothing, and the rest is paid in cash.
        else expect(p.totals.credits < 12_000 && p.totals.total === 12_000 - p.totals.credits).toBe(true);
      }
      const spent = placed.reduce((n, p) => n + p.totals.credits, 0);
      const { balance, sum, entries } = await ledger(ana.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(sum).toBe(balance);
      expect(balance).toBe(GRANT - spent);
      // Every spend is one ledger entry of the order's credits; no refused order left one.
      const spends = entries.filter((e) => e.reason === 'order');
      expect(spends.map((e) => [e.order_id, e.amount]).sort()).toEqual(
        placed
          .filter((p) => p.totals.credits > 0)
          .map((p) => [p.id, -p.totals.credits])
          .sort(),
      );
      // The balance only went down during the burst, so it never went below zero [R-4.5]; a cash
      // order takes all that is left, so at most one took a part, and then nothing was left.
      const partial = placed.filter((p) => !paidByCredits(p.i) && p.totals.credits > 0);
      expect(partial.length).toBeLessThanOrEqual(1);
      if (partial.length === 1) expect(balance).toBe(0);
      // Every order placed is in the database, none refused is.
      const rows = await db.selectFrom('orders').select(['id', 'credits']).where('user_id', '=', ana.id).execute();
      expect(rows.map((r) => r.id).sort()).toEqual(placed.map((p) => p.id).sort());

      // Cancellations: every order that took credits but one; some twice at once by the customer,
      // some by the customer and the establishment at once, together with a burst of new orders
      // that spend the credits coming back.
      const withCredits = placed.filter((p) => p.totals.credits > 0);
      expect(withCredits.length).toBeGreaterThanOrEqual(3);
      const [kept, ...cancelled] = withCredits;
      const [cancels, spending] = await Promise.all([
        Promise.all(
          cancelled.map(async (p, k) => {
            if (k % 3 === 0) return Promise.all([cancelAsCustomer(ana, p.id), cancelAsCustomer(ana, p.id)]);
            if (k % 3 === 1) return Promise.all([cancelAsCustomer(ana, p.id), setStatus(p.id, 'canceled')]);
            return Promise.all([cancelAsCustomer(ana, p.id)]);
          }),
        ),
        Promise.all(
          Array.from({ length: 10 }, () => order(ana, pickupOrder('refri', 1, { use_credits: true, payment_type: 'credits', payment_method_id: null }))),
        ),
      ]);
      for (const [k, pair] of cancels.entries()) {
        const statuses = pair.map((a) => a.status).sort();
        if (pair.length === 1) expect(statuses).toEqual([200]);
        else {
          expect(statuses).toEqual([200, 409]);
          expect(['order_cannot_be_canceled', 'invalid_status_transition'], `order ${cancelled[k]!.id}`).toContain(
            pair.find((a) => a.status === 409)!.body.message,
          );
        }
      }
      console.info(
        `[${engine}] ${cancelled.length} cancellations (${cancels.filter((c) => c.length === 2).length} sent twice at once) with 10 credits orders at once:`,
        tally(spending),
      );
      for (const a of spending) if (a.status !== 201) expect(a.body.message).toBe('credits_without_method');
      const respent = spending.filter((a) => a.status === 201).map((a) => (a.body.order as OrderView).totals);
      for (const t of respent) expect(t).toMatchObject({ credits: 600, total: 0 });
      const afterCancel = await ledger(ana.id);
      expect(afterCancel.sum).toBe(afterCancel.balance);
      expect(afterCancel.balance).toBeGreaterThanOrEqual(0);
      expect(afterCancel.balance).toBe(GRANT - kept!.totals.credits - 600 * respent.length);
      // Each cancelled order's credits came back once, the kept order's not at all.
      const returns = afterCancel.entries.filter((e) => e.reason === 'order_cancelled');
      expect(returns.map((e) => [e.order_id, e.amount]).sort()).toEqual(cancelled.map((p) => [p.id, p.totals.credits]).sort());
      const credits = await send('GET', '/api/users/me/credits', { token: ana.token });
      expect(credits.body).toEqual({ value: afterCancel.balance });
    }, 60_000);

    it("an achievement's reward, 10 orders at once: used once, the others refused can_not_use_achievement; a coupon with it is refused [R-1.11]; cancelled, it can be used again", async () => {
      const joao = await customer();
      const achievements = async () =>
        ((await send('GET', `/api/establishments/${SHOP}/achievements`, { token: joao.token })).body as AchievementsAnswer).achievements;
      // One completed order unlocks it.
      const first = await order(joao, pickupOrder('refri', 1));
      expect(first.status).toBe(201);
      expect((await setStatus(first.body._id, 'confirmed')).status).toBe(200);
      expect((await setStatus(first.body._id, 'complete')).status).toBe(200);
      expect((await achievements()).find((a) => a._id === ACHIEVEMENT)).toMatchObject({ reached: 1, goal_value: 1, is_used: false });

      // A coupon and an achievement on one order: refused, and neither is taken [R-1.11].
      const both = await order(joao, deliveryOrder(joao, { coupon_id: COUPON_TWICE, achievement_id: ACHIEVEMENT }));
      expect([both.status, both.body.message]).toEqual([422, 'coupon_and_achievement']);
      expect(await db.selectFrom('coupon_uses').select('order_id').where('user_id', '=', joao.id).execute()).toEqual([]);

      const answers = await Promise.all(Array.from({ length: 10 }, () => order(joao, deliveryOrder(joao, { achievement_id: ACHIEVEMENT }))));
      console.info(`[${engine}] one achievement reward, 10 orders at once:`, tally(answers));
      expect(tally(answers)).toEqual({ '201': 1, '403 can_not_use_achievement': 9 });
      const won = answers.find((a) => a.status === 201)!.body as { _id: string; order: OrderView };
      // 15 % of the pizza.
      expect(won.order.totals).toMatchObject({ subtotal: 4000, delivery_fee: 700, discount: 600, total: 4100 });
      expect(won.order.promotion).toEqual({ kind: 'achievement', _id: ACHIEVEMENT, name: 'Primeiro pedido', discount: 600 });
      const uses = await db.selectFrom('achievement_uses').select('order_id').where('user_id', '=', joao.id).execute();
      expect(uses.map((u) => u.order_id)).toEqual([won._id]);
      const placed = await db.selectFrom('orders').select('id').where('user_id', '=', joao.id).where('achievement_id', '=', ACHIEVEMENT).execute();
      expect(placed.map((o) => o.id)).toEqual([won._id]);
      expect((await achievements()).find((a) => a._id === ACHIEVEMENT)?.is_used).toBe(true);

      // Cancelled: the reward is the customer's again, once.
      expect((await cancelAsCustomer(joao, won._id)).status).toBe(200);
      expect((await achievements()).find((a) => a._id === ACHIEVEMENT)?.is_used).toBe(false);
      const again = await Promise.all([
        order(joao, deliveryOrder(joao, { achievement_id: ACHIEVEMENT })),
        order(joao, deliveryOrder(joao, { achievement_id: ACHIEVEMENT })),
      ]);
      expect(tally(again)).toEqual({ '201': 1, '403 can_not_use_achievement': 1 });
    }, 60_000);

    it(`a card order racing cash orders for a coupon's one use and the credits, ${CARD_ROUNDS} rounds: the coupon used once, the credits spent once, a refused card order's charge given back`, async () => {
      const kim = cardCustomer;
      const rounds: string[] = [];
      for (let r = 0; r < CARD_ROUNDS; r++) {
        const coupon = stableId('coupon', SLUG, `cartao-${r}`);
        // R$ 20,00 of credits for each round, granted by the establishment.
        const { balance } = await ledger(kim.id);
        if (balance !== 2000)
          expect(
            (await send('POST', `/api/establishments/${SHOP}/credits`, { apiKey, body: { user: kim.id, amount: 2000 - balance, reason: 'Rodada' } })).status,
          ).toBe(200);
        const rival = await customer();
        const key = randomUUID();
        // The card order: pizza R$ 40,00 + fee R$ 7,00 - coupon R$ 5,00 - credits R$ 20,00 = R$ 22,00 charged.
        const cardOrder = send('POST', ordersPath, {
          token: kim.token,
          headers: { 'Idempotent-Key': key },
          body: deliveryOrder(kim, {
            payment_type: 'online',
            payment_method_id: null,
            payment_card: { token_id: kim.cardId, security_code: '123' },
            coupon_id: coupon,
            use_credits: true,
          }),
        });
        // While it is checked and charged (at its start, halfway through the charge, or once done),
        // the customer spends the credits on a cash order; in even rounds a rival also takes the coupon.
        const contested = r % 2 === 0;
        await new Promise((resolve) => setTimeout(resolve, [0, ACQUIRER_MS / 2, ACQUIRER_MS * 1.5][Math.floor(r / 2) % 3]));
        const [card, rivals, cash] = await Promise.all([
          cardOrder,
          contested ? order(rival, deliveryOrder(rival, { coupon_id: coupon })) : Promise.resolve(null),
          order(kim, pickupOrder('pizza', 1, { use_credits: true })),
        ]);

        // The coupon's one use went to one order.
        const withCoupon = [card, rivals].filter((a) => a?.status === 201);
        if (contested) {
          expect(withCoupon).toHaveLength(1);
          if (rivals!.status !== 201) expect([rivals!.status, rivals!.body.message]).toEqual([403, 'coupon_sold_out']);
        } else expect(withCoupon.length).toBeLessThanOrEqual(1);
        for (const a of withCoupon) expect(a!.body.order.totals.discount).toBe(500);
        expect(Number((await db.selectFrom('coupons').select('uses_count').where('id', '=', coupon).executeTakeFirstOrThrow()).uses_count)).toBe(
          withCoupon.length,
        );
        const uses = await db.selectFrom('coupon_uses').select('order_id').where('coupon_id', '=', coupon).execute();
        expect(uses.map((u) => u.order_id)).toEqual(withCoupon.map((a) => a!.body._id));
        expect(cash.status).toBe(201);

        // The credits: spent once, by the orders that say so; the ledger adds up.
        const after = await ledger(kim.id);
        expect(after.sum).toBe(after.balance);
        const spentHere = [card, cash].filter((a) => a.status === 201).reduce((n, a) => n + a.body.order.totals.credits, 0);
        expect(after.balance).toBe(2000 - spentHere);
        expect(after.balance).toBeGreaterThanOrEqual(0);

        // The card: a placed order was charged its total once; a refused one was refused whole
        // (the coupon gone, or its price changed with the credits) and any charge went back.
        const attempts = await db.selectFrom('order_payments').selectAll().where('idempotency_key', '=', key).execute();
        const charges = await db
          .selectFrom('payment_sandbox_charges')
          .selectAll()
          .where('idempotency_key', 'in', attempts.length ? attempts.map((a) => `order-payment:${a.id}:charge`) : ['-'])
          .execute();
        const kept = charges.filter((c) => c.status === 'captured' && Number(c.refunded) < Number(c.amount));
        rounds.push(
          `${contested ? 'coupon and credits' : 'credits'} contested: card ${card.status}${card.status === 201 ? '' : ` ${card.body.message}`} (${charges.length} charge, ${kept.length} kept)${contested ? `, rival ${rivals!.status}` : ''}, cash order took ${cash.body.order.totals.credits} of credits`,
        );
        if (card.status === 201) {
          expect(card.body.order.payment.status).toBe('paid');
          expect(kept.map((c) => Number(c.amount))).toEqual([card.body.order.totals.total]);
        } else {
          expect([
            [403, 'coupon_sold_out'],
            [409, 'price_changed'],
          ]).toContainEqual([card.status, card.body.message]);
          expect(kept).toEqual([]);
          expect(
            await db
              .selectFrom('orders')
              .select('id')
              .where('user_id', '=', kim.id)
              .where('payment_type', '=', 'online')
              .where('coupon_id', '=', coupon)
              .execute(),
          ).toEqual([]);
        }
      }
      console.info(
        `[${engine}] a card order (R$ 22,00 after a coupon and R$ 20,00 of credits) racing a cash order for the credits (and a rival for the coupon):\n  ${rounds.join('\n  ')}`,
      );
    }, 60_000);

    it("a referral: the referred customer's orders completed at once reward each side once", async () => {
      const bia = await customer('Bia Souza');
      const referral = (await send('GET', '/api/users/me/referral', { token: bia.token, headers: { 'Establishment-Id': SHOP } })).body as ReferralAnswer;
      expect(referral.credit).toBe(REFERRAL_CREDIT);
      // The code as typed by hand: lower case, with a space.
      const typed = `${referral.code.slice(0, 3).toLowerCase()} ${referral.code.slice(3).toLowerCase()}`;
      const caio = await customer('Caio Lima', { referral_code: typed });

      const ORDERS = 6;
      const placed = await Promise.all(Array.from({ length: ORDERS }, () => order(caio, pickupOrder('pizza', 1))));
      expect(placed.every((a) => a.status === 201)).toBe(true);
      const ids = placed.map((a) => a.body._id as string);
      for (const id of ids) expect((await setStatus(id, 'confirmed')).status).toBe(200);
      const completed = await Promise.all(ids.map((id) => setStatus(id, 'complete')));
      console.info(`[${engine}] ${ORDERS} orders of a referred customer completed at once:`, tally(completed));
      expect(tally(completed)).toEqual({ '200': ORDERS });

      for (const who of [caio, bia]) {
        const { entries, balance, sum } = await ledger(who.id);
        expect(entries.map((e) => [e.reason, e.amount])).toEqual([['referral', REFERRAL_CREDIT]]);
        expect(balance).toBe(REFERRAL_CREDIT);
        expect(sum).toBe(balance);
        const api = (await send('GET', '/api/users/me/credits/entries', { token: who.token })).body as CreditEntriesAnswer;
        expect(api.value).toBe(REFERRAL_CREDIT);
        expect(api.entries.map((e) => [e.reason, e.amount, e.note])).toEqual([['referral', REFERRAL_CREDIT, who === caio ? 'Bia' : 'Caio']]);
      }
      const after = (await send('GET', '/api/users/me/referral', { token: bia.token, headers: { 'Establishment-Id': SHOP } })).body as ReferralAnswer;
      expect(after.referrals.map((r) => r.status)).toEqual(['rewarded']);
      // A later completed order rewards nothing more.
      const later = await order(caio, pickupOrder('refri', 1));
      await setStatus(later.body._id, 'confirmed');
      expect((await setStatus(later.body._id, 'complete')).status).toBe(200);
      expect((await ledger(caio.id)).balance).toBe(REFERRAL_CREDIT);
      expect((await ledger(bia.id)).balance).toBe(REFERRAL_CREDIT);
      const counts = await sql<{ n: number }>`select count(*) as n from credit_entries where reason = 'referral'`.execute(db);
      expect(Number(counts.rows[0]!.n)).toBe(2);
    }, 60_000);
  });
}
