// Paying an order by card, through the real API on SQLite and PostgreSQL with the sandbox acquirer:
// the order is charged once for its Idempotent-Key, whatever is retried, doubled or lost on the way;
// a declined, erring or unreachable charge writes no order; a charge whose order is not written goes
// back; a cancelled order's charge goes back to the card or as store credit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cookieHeaders, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, ordersPath } from './helpers/orders.ts';
import { cardPayload, encryptionKey, sandboxMovementsByKeys, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { createSandboxGateway } from '../../src/server/sandboxes/payment-sandbox.ts';
import { createApi } from '../../src/server/api/app.ts';
import {
  runOrderPaymentJobs,
  CHARGE_TIMEOUT_MS,
  NOT_FOUND_AFTER_MS,
  NOT_FOUND_ASKS,
  ORPHAN_MS,
  STALE_CHARGE_MS,
} from '../../src/server/services/order-payments.ts';
import { runPaymentJobs } from '../../src/server/services/payment-jobs.ts';
import { IDEMPOTENCY_LOCK_MS } from '../../src/server/services/idempotency.ts';
import { pixOnFirstUse } from '../../src/server/adapters/pix-psp.ts';
import { failUpdates } from './helpers/failures.ts';
import { stableId } from '../../src/server/db/ids.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import { orderPaymentSealContext, type PlaceOrderAnswer } from '../../src/schemas/api-orders.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { PaymentGateway } from '../../src/server/adapters/payment-gateway.ts';

const keyDir = mkdtempSync(join(tmpdir(), 'storefront-card-orders-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
const sealingKey = serverSealingKey(keyDir, '');

const LOJA = 'loja-cartao';
const CREDITO = 'loja-credito';
const estId = (slug: string) => stableId('establishment', slug);
const productId = (slug: string, key: string) => stableId('product', slug, key);

function shop(slug: string, name: string, extra: Record<string, unknown> = {}): CatalogueInput {
  return {
    company: { slug: 'cartoes', name: 'Cartões' },
    establishment: {
      slug,
      name,
      is_open: 'open',
      phone: '11987650009',
      address: { street: 'Rua Direita', number: '30', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
      design: { theme: 'light', navbarcolor: '#123456', primary: '#1565c0', darkprimary: '#0d47a1', primaryinverse: '#ffffff' },
      preferences: {
        title: name,
        desc: '',
        delivery_type: ['pickup'],
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        has_online_payment: true,
        online_payment_methods: [
          { _id: 'visa', name: 'Visa' },
          { _id: 'mastercard', name: 'Mastercard' },
        ],
        ...extra,
      },
      office_hours: [],
    },
    categories: [
      {
        _id: 'cardapio',
        name: 'Cardápio',
        products: [
          { _id: 'lasanha', name: 'Lasanha', price: 4590 },
          { _id: 'suco', name: 'Suco', price: 900 },
        ],
      },
    ],
  };
}

/** A pickup order of one Lasanha paid by the card. */
function cardOrder(card: Record<string, unknown> | null, slug = LOJA, overrides: Record<string, unknown> = {}) {
  return {
    delivery_type: 'pickup',
    payment_type: 'online',
    platform: 'web',
    products: [{ id: productId(slug, 'lasanha'), qnt: 1, note: '', variations: [] }],
    payment_card: card,
    ...overrides,
  };
}

forEachDatabase(
  'orders paid by card',
  (ctx) => {
    let lojaKey = '';
    beforeAll(async () => {
      lojaKey = await createEstablishmentKey(ctx().db, estId(LOJA), 'test');
    });

    const place = async (session: Session, body: unknown, key: string = randomUUID(), app?: ReturnType<typeof createApi>) => {
      const headers = { ...cookieHeaders(session), 'Idempotent-Key': key };
      const res = app
        ? await app.request(ordersPath(session.establishmentId), {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Client-Type': 'client_web', 'Api-Version': '4', ...headers },
            body: JSON.stringify(body),
          })
        : await ctx().call(ordersPath(session.establishmentId), { method: 'POST', body, headers });
      return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
    };

    /** A customer with a verified card (validated with the amount of its statement line). */
    async function customerWithCard(slug = LOJA, number = '4000 0000 0000 0002') {
      const customer = await verifiedCustomer(ctx(), estId(slug));
      const card = await savedCard(ctx(), customer.session, customer.user._id, cardPayload({ number }));
      const started = await ctx().call('/api/cards/purchase-verification', {
        method: 'POST',
        body: { card: { _id: card._id, security_code: await sealedCvv(ctx(), customer.user._id, '123') } },
        headers: cookieHeaders(customer.session),
      });
      expect(started.status).toBe(201);
      const amount = await statementAmount(ctx(), card.last4);
      const confirmed = await ctx().call(`/api/cards/verification/${card._id}`, { method: 'PUT', body: { amount }, headers: cookieHeaders(customer.session) });
      expect(confirmed.status).toBe(200);
      return { ...customer, card: (await confirmed.json()) as CardView };
    }

    /** The payment_card of the payload: the card and its CVV sealed as the storefront seals it. */
    async function paying(userId: string, card: CardView, cvv = '123') {
      return { token_id: card._id, security_code: seal(cvv, await encryptionKey(ctx()), orderPaymentSealContext(userId)) };
    }

    /** The sandbox's charges for the orders of a customer (their keys are order-payment:<payment id>:charge). */
    async function orderCharges(userId: string) {
      const payments = await ctx().db.selectFrom('order_payments').select(['id']).where('user_id', '=', userId).execute();
      return sandboxMovementsByKeys(
        ctx(),
        payments.map((p) => `order-payment:${p.id}:charge`),
      );
    }
    const ordersOf = (userId: string) => ctx().db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
    const paymentsOf = (userId: string) => ctx().db.selectFrom('order_payments').selectAll().where('user_id', '=', userId).orderBy('attempt').execute();
    /** Waits until `done` holds (a request left running in the background reached the acquirer). */
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await done()).toBe(true);
    };

    describe('paying', () => {
      it('charges the order total to the verified card once, with the CVV sealed, and the order shows the card [R-3.17] [R-1.13]', async () => {
        const { session, user, card } = await customerWithCard();
        const placed = await place(session, cardOrder(await paying(user._id, card)));
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        const order = (placed.body as PlaceOrderAnswer).order;
        expect(order).toMatchObject({
          payment_type: 'online',
          payment_method: null,
          payment: { status: 'paid', card: { brand: 'visa', last4: '0002' }, pix: null },
        });
        expect(order.totals.total).toBe(4590);
        const { charges } = await orderCharges(user._id);
        expect(charges).toEqual([expect.objectContaining({ amount: 4590, status: 'captured', description: 'Loja do Cartão pedido' })]);
        // API clients may send the CVV's digits.
        expect((await place(session, cardOrder({ token_id: card._id, security_code: '123' }))).status).toBe(201);
        expect((await orderCharges(user._id)).charges).toHaveLength(2);
      });

      it('a replay of the same request answers the same order and charges nothing more, even with the CVV sealed again [R-3.19]', async () => {
        const { session, user, card } = await customerWithCard();
        const key = randomUUID();
        const first = await place(session, cardOrder(await paying(user._id, card)), key);
        const again = await place(session, cardOrder(await paying(user._id, card)), key);
        expect(first.status).toBe(201);
        expect([again.status, again.replayed, again.body._id]).toEqual([201, 'true', first.body._id]);
        expect((await orderCharges(user._id)).charges).toHaveLength(1);
      });

      it('50 identical submits at once make one order and one charge', async () => {
        const { session, user, card } = await customerWithCard();
        const key = randomUUID();
        const payload = cardOrder(await paying(user._id, card));
        const answers = await Promise.all(Array.from({ length: 50 }, () => place(session, payload, key)));
        const created = answers.filter((a) => a.status === 201);
        expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.body.message === 'idempotency_key_in_flight'))).toBe(true);
        expect(new Set(created.map((a) => a.body._id)).size).toBe(1);
        expect(await ordersOf(user._id)).toHaveLength(1);
        expect((await orderCharges(user._id)).charges).toHaveLength(1);
      });

      it('a declined, erring or unreachable charge answers its 403 and writes no order [R-8.12]', async () => {
        const cases: Array<[string, unknown]> = [
          ['4000 0000 0000 0515', { message: 'payment_not_done', params: { reason: 'insufficient_funds' } }],
          ['4000 0000 0000 0598', { message: 'credit_card_problems' }],
          ['4000 0000 0000 0960', { message: 'credit_card_problems' }],
          ['4000 0000 0000 0911', { message: 'payment_gateway_offline' }],
        ];
        for (const [number, answer] of cases) {
          // The card is validated first with a card that captures; its outcome then is the number's (the sandbox answers by the card).
          const { session, user } = await customerWithCard(LOJA, '5100 0000 0000 0008');
          const card = await savedCard(ctx(), session, user._id, cardPayload({ number }));
          // Marked verified as the validation would (a declining card cannot pass it in the sandbox).
          await ctx().db.updateTable('payment_cards').set({ verification_status: 'verified' }).where('id', '=', card._id).execute();
          const key = randomUUID();
          const refused = await place(session, cardOrder(await paying(user._id, card)), key);
          expect([number, refused.status, refused.body]).toEqual([number, 403, answer]);
          expect(await ordersOf(user._id)).toEqual([]);
          expect((await orderCharges(user._id)).charges.filter((c) => c.status === 'captured')).toEqual([]);
          // The key was released: the customer may try again (with another card, a new draft).
          const retry = await place(session, cardOrder(await paying(user._id, card)), key);
          expect(retry.status).toBe(403);
        }
      });

      it('refuses a card that may not pay: not verified, another customer’s, deleted, of a brand not taken, and no card [R-4.26] [R-5.40]', async () => {
        const { session, user, card } = await customerWithCard();
        const pending = await savedCard(ctx(), session, user._id, cardPayload({ number: '5100 0000 0000 0008' }));
        expect((await place(session, cardOrder(await paying(user._id, pending)))).body).toEqual({ message: 'invalid_payment_card' });
        const other = await customerWithCard();
        expect((await place(session, cardOrder(await paying(user._id, other.card)))).body).toEqual({ message: 'invalid_payment_card' });
        const elo = await customerWithCard(LOJA, '5066 9900 0000 0002');
        expect((await place(elo.session, cardOrder(await paying(elo.user._id, elo.card)))).body).toEqual({ message: 'invalid_payment_card_brand' });
        const none = await place(session, cardOrder(null));
        expect([none.status, none.body.message]).toEqual([422, 'card_missing']);
        const shortCvv = await place(session, cardOrder({ token_id: card._id, security_code: '12' }));
        expect(shortCvv.status).toBe(400);
        expect((await ctx().call(`/api/users/me/payment_cards/${card._id}`, { method: 'DELETE', headers: cookieHeaders(session) })).status).toBe(204);
        expect((await place(session, cardOrder(await paying(user._id, card)))).body).toEqual({ message: 'invalid_payment_card' });
        expect(await ordersOf(user._id)).toEqual([]);
      });

      it('pays only the card the checkout showed: sealed card details of another card are refused [R-3.18]', async () => {
        const { session, user, card } = await customerWithCard();
        const key = await encryptionKey(ctx());
        const shown = (details: Record<string, unknown>) => seal(JSON.stringify(details), key, orderPaymentSealContext(user._id));
        const wrong = await place(
          session,
          cardOrder(await paying(user._id, card), LOJA, { payment_card_details: shown({ brand: 'visa', last4: '9999', due_month: 12, due_year: 2031 }) }),
        );
        expect([wrong.status, wrong.body]).toEqual([403, { message: 'invalid_payment_card' }]);
        const right = await place(
          session,
          cardOrder(await paying(user._id, card), LOJA, {
            payment_card_details: shown({ brand: 'visa', last4: '0002', due_month: 12, due_year: 2031, holder: 'MARIA DA SILVA' }),
          }),
        );
        expect(right.status).toBe(201);
      });

      it('an establishment without online payment takes none', async () => {
        const { session, user, card } = await customerWithCard();
        await loadCatalogue(ctx().db, shop(LOJA, 'Loja do Cartão', { has_online_payment: false }));
        try {
          expect((await place(session, cardOrder(await paying(user._id, card)))).body).toEqual({ message: 'payment_type_not_available' });
        } finally {
          await loadCatalogue(ctx().db, shop(LOJA, 'Loja do Cartão'));
        }
      });
    });

    describe('exactly once when something fails', () => {
      it('a charge whose order cannot be written (the price changed meanwhile) goes back, and no order is written', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        // While the card is charged, the establishment raises the price.
        const racing: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            const result = await sandbox.charge(request, now);
            await ctx().db.updateTable('products').set({ price: 4990 }).where('id', '=', productId(LOJA, 'lasanha')).execute();
            return result;
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: racing, sealingKey });
        try {
          const res = await place(session, cardOrder(await paying(user._id, card)), randomUUID(), app);
          expect([res.status, res.body]).toEqual([409, { message: 'price_changed' }]);
          expect(await ordersOf(user._id)).toEqual([]);
          const { charges, refunds } = await orderCharges(user._id);
          expect(charges).toHaveLength(1);
          expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
        } finally {
          await ctx().db.updateTable('products').set({ price: 4590 }).where('id', '=', productId(LOJA, 'lasanha')).execute();
        }
      });

      it('a charge whose answer was lost is found by the retry with the same key: one order, one charge', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        let lose = true;
        const flaky: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            const result = await sandbox.charge(request, now);
            if (lose) {
              lose = false;
              throw new Error('socket hang up');
            }
            return result;
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: flaky, sealingKey });
        const key = randomUUID();
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          expect((await place(session, cardOrder(await paying(user._id, card)), key, app)).status).toBe(500);
        } finally {
          quiet.mockRestore();
        }
        expect(await ordersOf(user._id)).toEqual([]);
        const retried = await place(session, cardOrder(await paying(user._id, card)), key, app);
        expect(retried.status).toBe(201);
        expect(await ordersOf(user._id)).toHaveLength(1);
        const { charges, refunds } = await orderCharges(user._id);
        expect([charges.length, refunds.length]).toEqual([1, 0]);
      });

      it('a captured charge no order took is refunded by the job; one still charging is settled first', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        // The process dies with the charge made (the answer is lost and nobody retries).
        const dying: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            await sandbox.charge(request, now);
            throw new Error('process killed');
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: dying, sealingKey });
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          expect((await place(session, cardOrder(await paying(user._id, card)), randomUUID(), app)).status).toBe(500);
        } finally {
          quiet.mockRestore();
        }
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + STALE_CHARGE_MS));
          await runOrderPaymentJobs({ db: ctx().db, payments: sandbox, now: ctx().now() });
          expect((await ctx().db.selectFrom('order_payments').select('status').where('user_id', '=', user._id).executeTakeFirstOrThrow()).status).toBe(
            'captured',
          );
          expect((await orderCharges(user._id)).refunds).toEqual([]);
          ctx().setNow(new Date(begun.getTime() + STALE_CHARGE_MS + ORPHAN_MS));
          await runOrderPaymentJobs({ db: ctx().db, payments: sandbox, now: ctx().now() });
          const { charges, refunds } = await orderCharges(user._id);
          expect(charges).toHaveLength(1);
          expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: charges[0]!.amount })]);
          expect((await ctx().db.selectFrom('order_payments').select('status').where('user_id', '=', user._id).executeTakeFirstOrThrow()).status).toBe(
            'refunded',
          );
          expect(await ordersOf(user._id)).toEqual([]);
        } finally {
          ctx().setNow(begun);
        }
      });
    });

    describe('a charge the gateway approved that cannot be kept', () => {
      it('approved while its attempt was declined meanwhile: refunded at once under its refund key, 409 write_conflict, no order', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        // While the charge is on its way, the attempt is declined (as a job that asked too early would).
        const racing: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            const result = await sandbox.charge(request, now);
            await ctx().db.updateTable('order_payments').set({ status: 'declined' }).where('user_id', '=', user._id).execute();
            return result;
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: racing, sealingKey });
        const res = await place(session, cardOrder(await paying(user._id, card)), randomUUID(), app);
        expect([res.status, res.body]).toEqual([409, { message: 'write_conflict' }]);
        expect(await ordersOf(user._id)).toEqual([]);
        const { charges, refunds } = await orderCharges(user._id);
        expect(charges).toEqual([expect.objectContaining({ status: 'captured', amount: 4590 })]);
        expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
        expect(await paymentsOf(user._id)).toEqual([expect.objectContaining({ status: 'refunded', charge_id: charges[0]!.id })]);
        // The job finds nothing more to do.
        await runOrderPaymentJobs({ db: ctx().db, payments: sandbox, now: new Date(ctx().now().getTime() + ORPHAN_MS) });
        expect((await orderCharges(user._id)).refunds).toHaveLength(1);
      });

      it('approved, and the database refuses to record it: refunded at once, 409 write_conflict, no order; a retry with the same key charges anew and pays', async () => {
        const { session, user, card } = await customerWithCard();
        const key = randomUUID();
        const restore = await failUpdates(ctx(), 'order_payments', "NEW.status = 'captured'");
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        let res: Awaited<ReturnType<typeof place>>;
        try {
          res = await place(session, cardOrder(await paying(user._id, card)), key);
        } finally {
          quiet.mockRestore();
          await restore();
        }
        expect([res.status, res.body]).toEqual([409, { message: 'write_conflict' }]);
        expect(await ordersOf(user._id)).toEqual([]);
        const first = await orderCharges(user._id);
        expect(first.charges).toHaveLength(1);
        expect(first.refunds).toEqual([expect.objectContaining({ charge_id: first.charges[0]!.id, amount: 4590 })]);
        const retried = await place(session, cardOrder(await paying(user._id, card)), key);
        expect(retried.status).toBe(201);
        expect(await ordersOf(user._id)).toHaveLength(1);
        const after = await orderCharges(user._id);
        expect([after.charges.length, after.refunds.length]).toEqual([2, 1]);
      });
    });

    describe('a charge whose outcome is not known', () => {
      const payment = async (userId: string) => (await paymentsOf(userId))[0]!;
      const jobAt = async (gateway: PaymentGateway, begun: Date, ms: number) => {
        ctx().setNow(new Date(begun.getTime() + ms));
        await runOrderPaymentJobs({ db: ctx().db, payments: gateway, now: ctx().now() });
      };
      const MINUTE = 60 * 1000;
      /** A fault for the first charge only. */
      const once = <F>(fault: F) => {
        let left = 1;
        return () => (left-- > 0 ? fault : null);
      };

      it('its answer lost in a timeout: unknown, never declined; the job asks while the search lags, finds it captured, and refunds it when no order took it', async () => {
        const { session, user, card } = await customerWithCard();
        let lagging = 2;
        const gateway = createSandboxGateway(ctx().db, { faults: { charge: once('lost_answer'), searchLags: () => lagging-- > 0 } });
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: gateway, sealingKey });
        const res = await place(session, cardOrder(await paying(user._id, card)), randomUUID(), app);
        expect([res.status, res.body]).toEqual([403, { message: 'payment_gateway_offline' }]);
        expect(await ordersOf(user._id)).toEqual([]);
        expect((await payment(user._id)).status).toBe('unknown');
        expect((await orderCharges(user._id)).charges).toEqual([expect.objectContaining({ status: 'captured', amount: 4590 })]);
        const begun = ctx().now();
        try {
          // The payment search does not find it the first two times: still unknown.
          await jobAt(gateway, begun, MINUTE);
          await jobAt(gateway, begun, 2 * MINUTE);
          expect((await payment(user._id)).status).toBe('unknown');
          await jobAt(gateway, begun, 3 * MINUTE);
          expect((await payment(user._id)).status).toBe('captured');
          await jobAt(gateway, begun, 3 * MINUTE + ORPHAN_MS);
          await jobAt(gateway, begun, 4 * MINUTE + ORPHAN_MS);
          const { charges, refunds } = await orderCharges(user._id);
          expect(charges).toHaveLength(1);
          expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
          expect((await payment(user._id)).status).toBe('refunded');
        } finally {
          ctx().setNow(begun);
        }
      });

      it('its answer lost in a timeout: the retry with the same key finds the charge made: one order, one charge, no refund', async () => {
        const { session, user, card } = await customerWithCard();
        const gateway = createSandboxGateway(ctx().db, { faults: { charge: once('lost_answer') } });
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: gateway, sealingKey });
        const key = randomUUID();
        expect((await place(session, cardOrder(await paying(user._id, card)), key, app)).status).toBe(403);
        const retried = await place(session, cardOrder(await paying(user._id, card)), key, app);
        expect(retried.status).toBe(201);
        expect(await ordersOf(user._id)).toHaveLength(1);
        const { charges, refunds } = await orderCharges(user._id);
        expect([charges.length, refunds.length]).toEqual([1, 0]);
        expect(await paymentsOf(user._id)).toEqual([expect.objectContaining({ status: 'attached', order_id: retried.body._id })]);
      });

      it(`a 5xx before anything was charged: declined only once ${NOT_FOUND_ASKS} asks found nothing and ${NOT_FOUND_AFTER_MS / MINUTE} minutes passed since the charge's timeout`, async () => {
        const { session, user, card } = await customerWithCard();
        const gateway = createSandboxGateway(ctx().db, { faults: { charge: once('unavailable') } });
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: gateway, sealingKey });
        const res = await place(session, cardOrder(await paying(user._id, card)), randomUUID(), app);
        expect([res.status, res.body]).toEqual([403, { message: 'payment_gateway_offline' }]);
        expect((await payment(user._id)).status).toBe('unknown');
        const begun = ctx().now();
        try {
          // Several processes run the job each minute: their asks are spaced, so three runs at once count once.
          for (let i = 0; i < 3; i++) await jobAt(gateway, begun, MINUTE);
          expect((await payment(user._id)).asks).toBe(1);
          for (let minute = 2; minute <= 10; minute++) await jobAt(gateway, begun, minute * MINUTE);
          expect(await payment(user._id)).toMatchObject({ status: 'unknown', asks: 10 });
          await jobAt(gateway, begun, CHARGE_TIMEOUT_MS + NOT_FOUND_AFTER_MS + MINUTE);
          expect((await payment(user._id)).status).toBe('declined');
          expect((await orderCharges(user._id)).charges).toEqual([]);
          expect(await ordersOf(user._id)).toEqual([]);
        } finally {
          ctx().setNow(begun);
        }
      });

      it('left charging past its timeout by a process that died after the charge: the retry with the same key sends it again and is charged once: one order', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        // The process stops for good once the acquirer has charged: no answer, no more writes.
        const dying: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            await sandbox.charge(request, now);
            return new Promise<never>(() => {});
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: dying, sealingKey });
        const key = randomUUID();
        const body = cardOrder(await paying(user._id, card));
        void place(session, body, key, app);
        await until(async () => (await orderCharges(user._id)).charges.length === 1);
        expect((await payment(user._id)).status).toBe('charging');
        const begun = ctx().now();
        try {
          // The client sends it again once the dead request's hold on its key is over.
          ctx().setNow(new Date(begun.getTime() + Math.max(IDEMPOTENCY_LOCK_MS, STALE_CHARGE_MS) + 1000));
          const retried = await place(session, cardOrder(await paying(user._id, card)), key);
          expect(retried.status).toBe(201);
          expect(await ordersOf(user._id)).toHaveLength(1);
          await jobAt(sandbox, begun, STALE_CHARGE_MS + ORPHAN_MS + MINUTE);
          const { charges, refunds } = await orderCharges(user._id);
          expect([charges.length, refunds.length]).toEqual([1, 0]);
          expect(await paymentsOf(user._id)).toEqual([expect.objectContaining({ status: 'attached', order_id: retried.body._id })]);
        } finally {
          ctx().setNow(begun);
        }
      });

      it('left charging past its timeout by a process that died before the charge reached the acquirer: the retry charges it once: one order', async () => {
        const { session, user, card } = await customerWithCard();
        const dead: PaymentGateway = { ...createSandboxGateway(ctx().db), charge: () => new Promise<never>(() => {}) };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: dead, sealingKey });
        const key = randomUUID();
        void place(session, cardOrder(await paying(user._id, card)), key, app);
        await until(async () => (await paymentsOf(user._id)).length === 1);
        // The clock only moves forward here: the charge is made later, and the sandbox's statement
        // lines, which the next tests' card validations read newest first, are ordered by it.
        const begun = ctx().now();
        // The job asks first: nothing under the key, counted but not yet a decline.
        await jobAt(createSandboxGateway(ctx().db), begun, STALE_CHARGE_MS);
        expect(await payment(user._id)).toMatchObject({ status: 'charging', asks: 1 });
        ctx().setNow(new Date(begun.getTime() + STALE_CHARGE_MS + IDEMPOTENCY_LOCK_MS + 1000));
        const retried = await place(session, cardOrder(await paying(user._id, card)), key);
        expect(retried.status).toBe(201);
        const { charges, refunds } = await orderCharges(user._id);
        expect([charges.length, refunds.length]).toEqual([1, 0]);
        expect(await paymentsOf(user._id)).toEqual([expect.objectContaining({ status: 'attached', asks: 0 })]);
      });

      it('left charging past its timeout by a process that died after the charge, and nobody retries: the job finds it and refunds it once', async () => {
        const { session, user, card } = await customerWithCard();
        const sandbox = createSandboxGateway(ctx().db);
        const dying: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            await sandbox.charge(request, now);
            return new Promise<never>(() => {});
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: dying, sealingKey });
        void place(session, cardOrder(await paying(user._id, card)), randomUUID(), app);
        await until(async () => (await orderCharges(user._id)).charges.length === 1);
        const begun = ctx().now();
        try {
          await jobAt(sandbox, begun, STALE_CHARGE_MS);
          expect((await payment(user._id)).status).toBe('captured');
          await jobAt(sandbox, begun, STALE_CHARGE_MS + ORPHAN_MS);
          await jobAt(sandbox, begun, STALE_CHARGE_MS + ORPHAN_MS + MINUTE);
          const { charges, refunds } = await orderCharges(user._id);
          expect(charges).toHaveLength(1);
          expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
          expect(await ordersOf(user._id)).toEqual([]);
        } finally {
          ctx().setNow(begun);
        }
      });
    });

    describe('cancelling an order paid by card', () => {
      it('the customer cancels: the charge goes back to the card [R-4.25]', async () => {
        const { session, user, card } = await customerWithCard();
        const placed = await place(session, cardOrder(await paying(user._id, card)));
        const id = placed.body._id as string;
        const cancel = await ctx().call(`${ordersPath(estId(LOJA))}/${id}/status`, {
          method: 'PUT',
          body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Mudei de ideia' },
          headers: cookieHeaders(session),
        });
        expect(cancel.status).toBe(200);
        expect((await cancel.json()).payment).toEqual({ status: 'refunded', card: { brand: 'visa', last4: '0002' }, pix: null, refund_to: 'card' });
        const { charges, refunds } = await orderCharges(user._id);
        expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
      });

      it('the establishment cancels an order whose card gives back as credit: the customer gets store credit, once [R-4.25]', async () => {
        const { session, user, card } = await customerWithCard(CREDITO);
        expect(card.refund_type).toBe('credit');
        const before = (await (await ctx().call('/api/users/me', { headers: cookieHeaders(session) })).json()).credits as number;
        const placed = await place(session, cardOrder(await paying(user._id, card), CREDITO));
        expect(placed.status).toBe(201);
        const key = await createEstablishmentKey(ctx().db, estId(CREDITO), 'test');
        const cancel = await ctx().call(`${ordersPath(estId(CREDITO))}/${placed.body._id}/status`, {
          method: 'PUT',
          body: { status: 'canceled', cancellation_reason: 'Sem entregador' },
          headers: apiKeyHeaders(key),
        });
        expect((await cancel.json()).payment).toMatchObject({ status: 'refunded', refund_to: 'credit' });
        const after = (await (await ctx().call('/api/users/me', { headers: cookieHeaders(session) })).json()).credits as number;
        expect(after - before).toBe(4590);
        expect((await orderCharges(user._id)).refunds).toEqual([]);
        await runOrderPaymentJobs({ db: ctx().db, payments: createSandboxGateway(ctx().db), now: ctx().now() });
        expect((await (await ctx().call('/api/users/me', { headers: cookieHeaders(session) })).json()).credits).toBe(after);
        expect(lojaKey).toBeTruthy();
      });

      it('the cancelling request stops after its transaction, before the refund: the recovery job refunds the charge, once', async () => {
        const { session, user, card } = await customerWithCard();
        const placed = await place(session, cardOrder(await paying(user._id, card)));
        expect(placed.status).toBe(201);
        const restore = await failUpdates(ctx(), 'order_payments', "NEW.status = 'refund_pending'");
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const cancel = await ctx().call(`${ordersPath(estId(LOJA))}/${placed.body._id}/status`, {
            method: 'PUT',
            body: { status: 'canceled', cancellation_reason: 'Sem entregador' },
            headers: apiKeyHeaders(lojaKey),
          });
          expect(cancel.status).toBe(500);
        } finally {
          quiet.mockRestore();
          await restore();
        }
        expect((await ordersOf(user._id))[0]).toMatchObject({ status: 'canceled', payment_status: 'refund_pending' });
        expect((await orderCharges(user._id)).refunds).toEqual([]);
        const jobs = { db: ctx().db, payments: createSandboxGateway(ctx().db), pix: pixOnFirstUse(), now: ctx().now };
        await runPaymentJobs(jobs);
        await runPaymentJobs(jobs);
        const { charges, refunds } = await orderCharges(user._id);
        expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: 4590 })]);
        expect((await ordersOf(user._id))[0]).toMatchObject({ status: 'canceled', payment_status: 'refunded' });
      });
    });
  },
  {
    setup: async (c: TestContext) => {
      await loadCatalogue(c.db, shop(LOJA, 'Loja do Cartão'));
      await loadCatalogue(c.db, shop(CREDITO, 'Loja do Crédito', { card_verification_refund: 'credit' }));
    },
    deps: { sealingKey },
  },
);
