// Paying an order by Pix through the real API on SQLite and PostgreSQL: the order waits for its Pix,
// its charge is made at the sandbox PSP by the product's own API Pix client (routed into the same
// app), the sandbox pays it as a bank would and calls the signed webhook, and the order is paid once
// whatever is delivered twice, late or for another amount; an unpaid Pix expires and cancels its
// order; a cancelled order paid by Pix gets its Pix back.
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, ordersPath } from './helpers/orders.ts';
import { config } from '../../src/server/config.ts';
import { createPixApiClient, pixSandboxCredentials, PIX_SANDBOX_PATH, signPixWebhook, type PixFetch } from '../../src/server/adapters/pix-psp.ts';
import { runPixJobs } from '../../src/server/services/pix-orders.ts';
import { changeOrderStatus } from '../../src/server/services/order-status.ts';
import { orderMoney } from '../../src/server/services/order-money.ts';
import { getOrderRow } from '../../src/server/db/orders-repo.ts';
import { runPaymentJobs } from '../../src/server/services/payment-jobs.ts';
import { createSandboxGateway } from '../../src/server/sandboxes/payment-sandbox.ts';
import { failUpdates } from './helpers/failures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { stableId } from '../../src/server/db/ids.ts';
import type { ApiApp } from '../../src/server/api/app.ts';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import type { PixChargeView } from '../../src/schemas/api-pix.ts';
import type { LiveEvent } from '../../src/schemas/live-events.ts';

const WEBHOOK_SECRET = 'pix-orders-webhook-secret-0123456789';
config.pix.webhookSecret = WEBHOOK_SECRET;

const SLUG = 'loja-pix';
const SHOP = stableId('establishment', SLUG);
const ORIGIN = 'http://loja.test';
const CHARGE_SECONDS = 1800;

function shop(): CatalogueInput {
  return {
    company: { slug: 'pix', name: 'Pix' },
    establishment: {
      slug: SLUG,
      name: 'Loja do Pix',
      is_open: 'open',
      phone: '11987650010',
      address: { street: 'Rua Direita', number: '40', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.6333, -23.5505] },
      design: { theme: 'light', navbarcolor: '#123456', primary: '#00897b', darkprimary: '#00695c', primaryinverse: '#ffffff' },
      preferences: {
        title: 'Loja do Pix',
        desc: '',
        delivery_type: ['pickup'],
        pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
        has_pix_payment: true,
      },
      office_hours: [],
    },
    categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'bolo', name: 'Bolo de Cenoura', price: 3250 }] }],
  };
}

const pixOrder = () => ({
  delivery_type: 'pickup',
  payment_type: 'pix',
  platform: 'web',
  products: [{ id: stableId('product', SLUG, 'bolo'), qnt: 1, note: '', variations: [] }],
});

// Each engine's app: the product's Pix client and the sandbox's webhook deliveries both go into it.
let app: ApiApp | null = null;
const intoApp: PixFetch = async (url, init) => app!.request(url, init);
let deliver = true;
const published: LiveEvent[] = [];

forEachDatabase(
  'orders paid by Pix',
  (ctx) => {
    let shopKey = '';
    beforeAll(async () => {
      app = ctx().app;
      shopKey = await createEstablishmentKey(ctx().db, SHOP, 'test');
      // The PSP learns where to call (main.ts does this at start).
      const psp = createPixApiClient({ baseUrl: `${ORIGIN}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox', fetch: intoApp });
      await psp.registerWebhook(`${ORIGIN}/api/pix/webhook`);
    });
    beforeEach(() => {
      deliver = true;
      published.length = 0;
    });

    const call = async (session: Session, method: string, path: string, body?: unknown) => {
      const res = await ctx().call(path, { method, body, headers: cookieHeaders(session) });
      return { status: res.status, body: await res.json() };
    };
    const placed = async () => {
      const { session, user } = await registerUser(ctx(), SHOP);
      const res = await ctx().call(ordersPath(SHOP), {
        method: 'POST',
        body: pixOrder(),
        headers: { ...cookieHeaders(session), 'Idempotent-Key': randomUUID() },
      });
      expect(res.status).toBe(201);
      const order = (await res.json()).order;
      return { session, user, order };
    };
    const chargeOf = async (session: Session, orderId: string) => {
      const res = await call(session, 'POST', '/api/pix', { order_id: orderId });
      expect([200, 201]).toContain(res.status);
      return res.body as PixChargeView;
    };
    const orderOf = async (session: Session, orderId: string) => (await call(session, 'GET', `${ordersPath(SHOP)}/${orderId}`)).body;
    /** Pays at the sandbox PSP through the webhook's test helper form, as the outbox page's button does. */
    const pay = (txid: string, amount?: number) =>
      ctx().call('/api/pix/webhook', { method: 'POST', body: { transaction_id: txid, status: 'paid', ...(amount ? { amount } : {}) } });
    const receipts = (txid: string) => ctx().db.selectFrom('pix_receipts').selectAll().where('txid', '=', txid).execute();
    const sandboxRefunds = () => ctx().db.selectFrom('pix_sandbox_refunds').selectAll().execute();

    describe('the charge', () => {
      it('an order paid by Pix waits for it; POST /pix makes its charge once, with the QR code and copia-e-cola; GET reads it [R-7.30] [R-7.31] [R-1.13]', async () => {
        const { session, order } = await placed();
        expect(order).toMatchObject({
          payment_type: 'pix',
          status: 'registered',
          payment: { status: 'awaiting', card: null, pix: { txid: expect.stringMatching(/^[0-9a-f]{32}$/) } },
        });
        const none = await call(session, 'GET', `/api/orders/${order._id}/pix`);
        expect([none.status, none.body]).toEqual([404, { message: 'pix_not_found' }]);

        const first = await call(session, 'POST', '/api/pix', { order_id: order._id });
        expect(first.status).toBe(201);
        const charge = first.body as PixChargeView;
        expect(charge).toMatchObject({ order_id: order._id, txid: order.payment.pix.txid, amount: 3250, status: 'active', paid_at: null });
        expect(charge.copy_paste).toMatch(/^000201/);
        expect(charge.copy_paste.toLowerCase()).toContain('br.gov.bcb.pix');
        expect(charge.qr_svg).toMatch(/^<svg/);
        expect(new Date(charge.expires_at).getTime() - new Date(order.created_at).getTime()).toBe(CHARGE_SECONDS * 1000);
        const again = await call(session, 'POST', '/api/pix', { order_id: order._id });
        expect([again.status, again.body.txid]).toEqual([200, charge.txid]);
        expect((await call(session, 'GET', `/api/orders/${order._id}/pix`)).body).toEqual(charge);
        expect(await ctx().db.selectFrom('pix_sandbox_charges').select('txid').where('txid', '=', charge.txid).execute()).toHaveLength(1);
        // Another customer sees no such order.
        const stranger = await registerUser(ctx(), SHOP);
        expect((await call(stranger.session, 'POST', '/api/pix', { order_id: order._id })).body).toEqual({ message: 'order_not_found' });
      });

      it('ten charges asked at once make one', async () => {
        const { session, order } = await placed();
        const answers = await Promise.all(Array.from({ length: 10 }, () => call(session, 'POST', '/api/pix', { order_id: order._id })));
        expect(new Set(answers.map((a) => a.body.txid)).size).toBe(1);
        expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(1);
        expect(await ctx().db.selectFrom('pix_charges').select('txid').where('order_id', '=', order._id).execute()).toHaveLength(1);
      });
    });

    describe('the payment', () => {
      it('the PSP pays the charge and calls the signed webhook: the order is paid, its page told; the establishment may then confirm it [R-7.32]', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const confirmEarly = await ctx().call(`${ordersPath(SHOP)}/${order._id}/status`, {
          method: 'PUT',
          body: { status: 'confirmed' },
          headers: apiKeyHeaders(shopKey),
        });
        expect([confirmEarly.status, await confirmEarly.json()]).toEqual([409, { message: 'payment_pending' }]);
        const paid = await pay(charge.txid);
        expect(paid.status).toBe(202);
        expect((await orderOf(session, order._id)).payment).toEqual({ status: 'paid', card: null, pix: { txid: charge.txid }, refund_to: 'pix' });
        const read = (await call(session, 'GET', `/api/orders/${order._id}/pix`)).body as PixChargeView;
        expect(read.status).toBe('paid');
        expect(read.paid_at).not.toBeNull();
        // Placed, then paid: the customer's open pages were told twice.
        expect(published.filter((e) => e.kind === 'order' && e.order_id === order._id)).toHaveLength(2);
        const confirm = await ctx().call(`${ordersPath(SHOP)}/${order._id}/status`, {
          method: 'PUT',
          body: { status: 'confirmed' },
          headers: apiKeyHeaders(shopKey),
        });
        expect(confirm.status).toBe(200);
      });

      it('a webhook delivered twice, or twice at once, applies once', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        await pay(charge.txid);
        const [receipt] = await receipts(charge.txid);
        const again = () => ctx().app.request(`${ORIGIN}${PIX_SANDBOX_PATH}/sandbox/pix/${receipt!.end_to_end_id}/webhook`, { method: 'POST' });
        await Promise.all([again(), again(), again()]);
        expect(await receipts(charge.txid)).toEqual([expect.objectContaining({ outcome: 'applied' })]);
        expect(await sandboxRefunds()).toEqual(expect.not.arrayContaining([expect.objectContaining({ end_to_end_id: receipt!.end_to_end_id })]));
        expect((await orderOf(session, order._id)).payment.status).toBe('paid');
      });

      it('a Pix of another amount goes back to the payer and the order keeps waiting', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        expect((await pay(charge.txid, 3000)).status).toBe(202);
        const [receipt] = await receipts(charge.txid);
        expect(receipt).toMatchObject({ amount: 3000, outcome: 'refunded' });
        expect((await sandboxRefunds()).filter((r) => r.end_to_end_id === receipt!.end_to_end_id)).toEqual([expect.objectContaining({ amount: 3000 })]);
        expect((await orderOf(session, order._id)).payment.status).toBe('awaiting');
      });

      it('refuses a webhook with a wrong signature; a signed one for a charge of nobody here is kept and ignored', async () => {
        const body = JSON.stringify({
          pix: [{ endToEndId: 'E12345678202611270000abcdefghijk', txid: 'nenhumacobrancadestaloja00000001', valor: '10.00', horario: '2026-11-27T10:00:00Z' }],
        });
        const forged = await ctx().app.request('/api/pix/webhook/pix', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Pix-Signature': 'sha256=00' },
          body,
        });
        expect([forged.status, await forged.json()]).toEqual([401, { message: 'webhook_unauthorized' }]);
        const signed = await ctx().app.request('/api/pix/webhook/pix', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Pix-Signature': signPixWebhook(body, WEBHOOK_SECRET) },
          body,
        });
        expect([signed.status, await signed.json()]).toEqual([200, { received: 1, applied: 0 }]);
        expect(await receipts('nenhumacobrancadestaloja00000001')).toEqual([expect.objectContaining({ outcome: 'unknown' })]);
      });

      it('a webhook the PSP could not deliver is caught up by the job reading the charge', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        deliver = false;
        await pay(charge.txid);
        expect((await orderOf(session, order._id)).payment.status).toBe('awaiting');
        await runPixJobs({ db: ctx().db, now: ctx().now(), pix: pspOf(), chargeSeconds: CHARGE_SECONDS });
        expect((await orderOf(session, order._id)).payment.status).toBe('paid');
      });
    });

    describe('a failure or a race between receiving a Pix and applying it', () => {
      const e2eOf = async (txid: string) =>
        (await ctx().db.selectFrom('pix_sandbox_payments').select('end_to_end_id').where('txid', '=', txid).executeTakeFirstOrThrow()).end_to_end_id;
      const deliverAgain = (e2e: string) => ctx().app.request(`${ORIGIN}${PIX_SANDBOX_PATH}/sandbox/pix/${e2e}/webhook`, { method: 'POST' });
      const refundsOf = async (e2e: string) => (await sandboxRefunds()).filter((r) => r.end_to_end_id === e2e);
      const jobs = () => runPaymentJobs({ db: ctx().db, payments: createSandboxGateway(ctx().db), pix: pspOf(), now: ctx().now });
      /** Pays the charge at the PSP while the database refuses to mark any order paid: the webhook's work fails. */
      const payWhileApplyFails = async (txid: string) => {
        const restore = await failUpdates(ctx(), 'orders', "NEW.payment_status = 'paid'");
        const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
        try {
          expect((await pay(txid)).status).toBe(202);
        } finally {
          for (const q of quiet) q.mockRestore();
          await restore();
        }
        return e2eOf(txid);
      };
      /** What older code left when it stopped between its two steps: the Pix recorded 'received', never applied. */
      const recordedByOlderCode = async (txid: string, amount: number) => {
        deliver = false;
        const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
        try {
          await pay(txid, amount);
        } finally {
          quiet.mockRestore();
          deliver = true;
        }
        const e2e = await e2eOf(txid);
        await ctx()
          .db.insertInto('pix_receipts')
          .values({
            end_to_end_id: e2e,
            txid,
            amount,
            paid_at: ctx().now().toISOString(),
            outcome: 'received',
            refund_id: null,
            refunded_at: null,
            created_at: ctx().now().toISOString(),
          })
          .execute();
        return e2e;
      };

      it('the database refuses to apply a Pix: nothing of it is kept; the PSP delivering it again pays the order, once', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const e2e = await payWhileApplyFails(charge.txid);
        expect(await receipts(charge.txid)).toEqual([]);
        expect((await orderOf(session, order._id)).payment.status).toBe('awaiting');
        expect((await deliverAgain(e2e)).status).toBe(200);
        expect((await orderOf(session, order._id)).payment.status).toBe('paid');
        await deliverAgain(e2e);
        await jobs();
        expect(await receipts(charge.txid)).toEqual([expect.objectContaining({ end_to_end_id: e2e, outcome: 'applied' })]);
        expect(await refundsOf(e2e)).toEqual([]);
      });

      it('the database refuses to apply a Pix, then nothing is delivered again: the job reading the charge pays the order before its time is over', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const e2e = await payWhileApplyFails(charge.txid);
        await runPixJobs({ db: ctx().db, now: ctx().now(), pix: pspOf(), chargeSeconds: CHARGE_SECONDS });
        expect((await orderOf(session, order._id)).payment.status).toBe('paid');
        expect(await refundsOf(e2e)).toEqual([]);
      });

      it('the database refuses to apply a Pix, then the customer cancels the order: the Pix goes back to its payer exactly once, and the order is not paid', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const e2e = await payWhileApplyFails(charge.txid);
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const cancelled = await call(session, 'PUT', `${ordersPath(SHOP)}/${order._id}/status`, {
            status: 'canceled',
            cancellation_type: 'client',
            cancellation_reason: 'Desisti',
          });
          expect(cancelled.status).toBe(200);
        } finally {
          quiet.mockRestore();
        }
        await deliverAgain(e2e);
        await deliverAgain(e2e);
        await jobs();
        expect(await refundsOf(e2e)).toEqual([expect.objectContaining({ amount: 3250 })]);
        expect(await receipts(charge.txid)).toEqual([expect.objectContaining({ end_to_end_id: e2e, outcome: 'refunded' })]);
        expect(await orderOf(session, order._id)).toMatchObject({ status: 'canceled', payment: { status: 'none' } });
      });

      it('a Pix that older code recorded and never applied is applied by the recovery job: the order is paid', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const e2e = await recordedByOlderCode(charge.txid, 3250);
        await jobs();
        expect((await orderOf(session, order._id)).payment.status).toBe('paid');
        expect(await receipts(charge.txid)).toEqual([expect.objectContaining({ outcome: 'applied' })]);
        expect(await refundsOf(e2e)).toEqual([]);
      });

      it('a Pix of another amount that older code recorded and never applied goes back by the recovery job, once', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const e2e = await recordedByOlderCode(charge.txid, 3000);
        await jobs();
        await jobs();
        expect(await refundsOf(e2e)).toEqual([expect.objectContaining({ amount: 3000 })]);
        expect(await receipts(charge.txid)).toEqual([expect.objectContaining({ outcome: 'refunded' })]);
        expect((await orderOf(session, order._id)).payment.status).toBe('awaiting');
      });

      it('the cancelling request stops after its transaction, before the Pix goes back: the recovery job sends it back, once', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        await pay(charge.txid);
        const e2e = await e2eOf(charge.txid);
        const restore = await failUpdates(ctx(), 'pix_receipts', "NEW.outcome = 'refund_pending'");
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const cancelled = await call(session, 'PUT', `${ordersPath(SHOP)}/${order._id}/status`, {
            status: 'canceled',
            cancellation_type: 'client',
            cancellation_reason: 'Desisti',
          });
          expect(cancelled.status).toBe(500);
        } finally {
          quiet.mockRestore();
          await restore();
        }
        expect((await orderOf(session, order._id)).payment.status).toBe('refund_pending');
        expect(await refundsOf(e2e)).toEqual([]);
        await jobs();
        await jobs();
        expect(await refundsOf(e2e)).toEqual([expect.objectContaining({ amount: 3250 })]);
        expect((await orderOf(session, order._id)).payment.status).toBe('refunded');
      });

      it('the same Pix delivered five times at once is applied once; another Pix for the charge arriving with them goes back', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        deliver = false;
        const quiet = [vi.spyOn(console, 'warn').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})];
        try {
          await pay(charge.txid);
          const e2e = await e2eOf(charge.txid);
          const signed = (endToEndId: string) => {
            const body = JSON.stringify({ pix: [{ endToEndId, txid: charge.txid, valor: '32.50', horario: ctx().now().toISOString() }] });
            return ctx().app.request('/api/pix/webhook/pix', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'X-Pix-Signature': signPixWebhook(body, WEBHOOK_SECRET) },
              body,
            });
          };
          const answers = await Promise.all([...Array.from({ length: 5 }, () => signed(e2e)), signed('E12345678202611270000secondpix01')]);
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
          const applied = (await Promise.all(answers.map(async (a) => ((await a.json()) as { applied: number }).applied))).reduce((x, y) => x + y, 0);
          expect(applied).toBe(1);
          // Whichever of the two Pix came first paid the order; the other goes back.
          const kept = await receipts(charge.txid);
          expect(kept.map((r) => r.end_to_end_id).sort()).toEqual([e2e, 'E12345678202611270000secondpix01'].sort());
          expect(kept.map((r) => r.outcome.replace(/^refund.*/, 'refund')).sort()).toEqual(['applied', 'refund']);
          expect((await orderOf(session, order._id)).payment.status).toBe('paid');
          expect((await refundsOf(e2e)).length).toBe(kept.find((r) => r.end_to_end_id === e2e)!.outcome === 'applied' ? 0 : 1);
          // Placed, then paid once: the customer's pages were told twice.
          expect(published.filter((e) => e.kind === 'order' && e.order_id === order._id)).toHaveLength(2);
        } finally {
          for (const q of quiet) q.mockRestore();
        }
      });
    });

    describe('expiry and cancellation', () => {
      it('an order whose Pix did not come in 30 minutes is cancelled; its charge removed; a late Pix goes back', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + CHARGE_SECONDS * 1000 - 1000));
          await runPixJobs({ db: ctx().db, now: ctx().now(), pix: pspOf(), chargeSeconds: CHARGE_SECONDS });
          expect((await orderOf(session, order._id)).status).toBe('registered');
          ctx().setNow(new Date(begun.getTime() + CHARGE_SECONDS * 1000));
          await runPixJobs({ db: ctx().db, now: ctx().now(), pix: pspOf(), chargeSeconds: CHARGE_SECONDS });
          const expired = await orderOf(session, order._id);
          expect(expired).toMatchObject({ status: 'canceled', cancellation_type: 'payment_expired', payment: { status: 'expired' } });
          expect((await call(session, 'GET', `/api/orders/${order._id}/pix`)).body.status).toBe('expired');
          expect((await ctx().db.selectFrom('pix_sandbox_charges').select('status').where('txid', '=', charge.txid).executeTakeFirstOrThrow()).status).toBe(
            'REMOVIDA_PELO_USUARIO_RECEBEDOR',
          );
          expect((await call(session, 'POST', '/api/pix', { order_id: order._id })).status).toBe(200);
          // A Pix that arrives anyway (a bank that paid a cached QR code): it goes back.
          const late = JSON.stringify({
            pix: [{ endToEndId: 'E12345678202611270000latepaymnt1', txid: charge.txid, valor: '32.50', horario: ctx().now().toISOString() }],
          });
          await ctx().app.request('/api/pix/webhook/pix', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Pix-Signature': signPixWebhook(late, WEBHOOK_SECRET) },
            body: late,
          });
          expect(await receipts(charge.txid)).toEqual([
            expect.objectContaining({ end_to_end_id: 'E12345678202611270000latepaymnt1', outcome: expect.stringMatching(/^refund/) }),
          ]);
        } finally {
          ctx().setNow(begun);
        }
      });

      it('a cancelled order paid by Pix gets its Pix back; one still waiting has its charge removed', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        await pay(charge.txid);
        const cancelled = await ctx().call(`${ordersPath(SHOP)}/${order._id}/status`, {
          method: 'PUT',
          body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Desisti' },
          headers: cookieHeaders(session),
        });
        expect((await cancelled.json()).payment).toEqual({ status: 'refunded', card: null, pix: { txid: charge.txid }, refund_to: 'pix' });
        const [receipt] = await receipts(charge.txid);
        expect(receipt).toMatchObject({ outcome: 'refunded' });
        expect((await sandboxRefunds()).filter((r) => r.end_to_end_id === receipt!.end_to_end_id)).toEqual([expect.objectContaining({ amount: 3250 })]);

        const waiting = await placed();
        const waitingCharge = await chargeOf(waiting.session, waiting.order._id);
        await ctx().call(`${ordersPath(SHOP)}/${waiting.order._id}/status`, {
          method: 'PUT',
          body: { status: 'canceled', cancellation_reason: 'Acabou o bolo' },
          headers: apiKeyHeaders(shopKey),
        });
        expect((await orderOf(waiting.session, waiting.order._id)).payment.status).toBe('none');
        expect((await pay(waitingCharge.txid)).status).toBe(409);
      });

      it('twenty identical cancellations of an order paid by Pix at once: one is applied, the others refused, and the Pix goes back once', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        await pay(charge.txid);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            ctx().call(`${ordersPath(SHOP)}/${order._id}/status`, {
              method: 'PUT',
              body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: 'Desisti' },
              headers: cookieHeaders(session),
            }),
          ),
        );
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses.filter((st) => st === 200)).toHaveLength(1);
        expect(statuses.filter((st) => st === 409)).toHaveLength(19);
        const [receipt] = await receipts(charge.txid);
        expect(receipt).toMatchObject({ outcome: 'refunded' });
        expect((await sandboxRefunds()).filter((r) => r.end_to_end_id === receipt!.end_to_end_id)).toHaveLength(1);
      });

      it('a Pix that lands between a cancellation reading the order and writing it: the cancellation misses rather than cancel a paid order as unpaid; asked again, it sends the Pix back', async () => {
        const { session, order } = await placed();
        const charge = await chargeOf(session, order._id);
        // What the cancelling request read: the order still awaiting its Pix.
        const stale = (await getOrderRow(ctx().db, SHOP, order._id))!;
        expect(stale.payment_status).toBe('awaiting');
        expect((await pay(charge.txid)).status).toBe(202);
        const pixDeps = { db: ctx().db, now: ctx().now(), pix: pspOf(), chargeSeconds: CHARGE_SECONDS };
        const deps = {
          db: ctx().db,
          now: ctx().now(),
          money: orderMoney({ db: ctx().db, now: ctx().now(), payments: createSandboxGateway(ctx().db) }, pixDeps),
        };
        await expect(changeOrderStatus(deps, stale, { actor: 'customer', to: 'canceled', reason: 'Desisti' })).rejects.toMatchObject({
          kind: 'conflict',
          code: 'order_cannot_be_canceled',
        });
        expect(await orderOf(session, order._id)).toMatchObject({ status: 'registered', payment: { status: 'paid' } });

        // Read again, the cancellation sees the payment and sends it back, once.
        const cancelled = await changeOrderStatus(deps, (await getOrderRow(ctx().db, SHOP, order._id))!, {
          actor: 'customer',
          to: 'canceled',
          reason: 'Desisti',
        });
        expect(cancelled).toMatchObject({ status: 'canceled', cancellation_type: 'client' });
        const [receipt] = await receipts(charge.txid);
        expect(receipt).toMatchObject({ outcome: 'refunded' });
        expect((await sandboxRefunds()).filter((r) => r.end_to_end_id === receipt!.end_to_end_id)).toHaveLength(1);
      });
    });
  },
  {
    setup: async (c: TestContext) => {
      await loadCatalogue(c.db, shop());
    },
    deps: {
      pix: createPixApiClient({ baseUrl: `${ORIGIN}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox', fetch: intoApp }),
      pixSandboxFetch: async (url, init) => {
        if (!deliver) throw new Error('connection refused');
        return intoApp(url, init);
      },
      pixWebhookSecret: WEBHOOK_SECRET,
      pixChargeSeconds: CHARGE_SECONDS,
      publish: async (event: LiveEvent) => {
        published.push(event);
      },
    },
  },
);

/** The product's Pix client, for the job's runs in the tests. */
function pspOf() {
  return createPixApiClient({ baseUrl: `${ORIGIN}${PIX_SANDBOX_PATH}`, ...pixSandboxCredentials(), engine: 'sandbox', fetch: intoApp });
}
