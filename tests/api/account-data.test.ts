// The customer's data rights (docs/privacy.md): the copy of everything kept about the account
// (GET /users/me/export) and the account's erasure (DELETE /users/me), on SQLite and PostgreSQL,
// through the real API, the sandbox acquirer and a real photo store in a temporary folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { bearerHeaders, callMultipart, cookieHeaders, cookieNamed, registerUser, sessionToken, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, setStatus } from './helpers/orders.ts';
import { CANTINA_CENTRO, deliveryOrder, estId, loadOrderFixtures, NEAR, pickupOrder, saveAddress } from './helpers/order-fixtures.ts';
import { loadCatalogue } from './helpers/fixtures.ts';
import { cardPayload, savedCard, sealedCvv, verifiedCustomer } from './helpers/cards.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { creditOnce, ledgerSum } from '../../src/server/db/credits-repo.ts';
import { IMAGE_SIZES, localImageStorage } from '../../src/server/adapters/image-storage.ts';
import type { AccountExport } from '../../src/schemas/api-account-data.ts';
import type { OrdersListAnswer, OrderView } from '../../src/schemas/api-orders.ts';

const CENTRO = estId('cantina-centro');

const uploadsDir = mkdtempSync(join(tmpdir(), 'account-data-uploads-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
const imageStorage = localImageStorage(uploadsDir, '/uploads');

async function photoForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'eu.png');
  return form;
}

forEachDatabase(
  'data rights',
  (getCtx) => {
    let ctx: TestContext;
    let apiKey: string;

    beforeAll(async () => {
      ctx = getCtx();
      await loadOrderFixtures(ctx.db);
      // The customers' cards are saved and validated at Cantina Centro: it takes online payment here.
      await loadCatalogue(ctx.db, {
        ...CANTINA_CENTRO,
        establishment: { ...CANTINA_CENTRO.establishment, preferences: { ...CANTINA_CENTRO.establishment.preferences, has_online_payment: true } },
      });
      apiKey = await createEstablishmentKey(ctx.db, CENTRO, 'test');
    });
    afterAll(async () => {
      await closePgPool(ctx.db);
    });

    const exportOf = (s: Session) => ctx.call('/api/users/me/export', { headers: cookieHeaders(s) });
    const erase = (s: Session, body: unknown) => ctx.call('/api/users/me', { method: 'DELETE', body, headers: cookieHeaders(s) });
    const login = (loginText: string, password: string) =>
      ctx.call('/api/auth/login', { method: 'POST', body: { establishment_id: CENTRO, login: loginText, password } });
    const complete = async (orderId: string) => {
      for (const status of ['confirmed', 'complete'])
        expect((await setStatus(ctx, CENTRO, orderId, { status }, apiKeyHeaders(apiKey))).status, status).toBe(200);
    };
    /** The establishment's list of its orders, with its API key. */
    const establishmentOrders = async () =>
      ((await (await ctx.call(`${ordersPath(CENTRO)}?limit=100`, { headers: apiKeyHeaders(apiKey) })).json()) as OrdersListAnswer<OrderView>).orders;

    /** A customer with something in every part of the account: profile, address, orders, evaluation, suggestion, credit, card, photo. */
    async function fullCustomer() {
      // Saving a card needs a proven phone and e-mail (codes read from the demo outbox).
      const registered = await verifiedCustomer(ctx, CENTRO);
      const { session, user } = registered;
      const headers = cookieHeaders(session);
      const profile = { name: 'Helena Duarte', document: '529.982.247-25', birthday: '1990-05-17', gender: 'female' };
      expect((await ctx.call('/api/users/me', { method: 'PUT', body: profile, headers })).status).toBe(200);
      expect((await callMultipart(ctx, '/api/users/me/photo', await photoForm(), headers)).status).toBe(200);
      const addressId = await saveAddress(ctx.db, user._id, NEAR, 'Rua Helena Duarte');
      const delivered = await placeOk(
        ctx,
        session,
        deliveryOrder(addressId, { note: 'Tocar a campainha da Helena', tax_receipt: true, tax_id: '529.982.247-25' }),
      );
      await complete(delivered.order._id);
      const evaluated = await ctx.call(`${ordersPath(CENTRO)}/${delivered.order._id}/evaluate`, {
        method: 'PUT',
        body: { packing: 5, delivery: 4, product: 5, deadline: 3 },
        headers,
      });
      expect(evaluated.status).toBe(200);
      const pickedUp = await placeOk(ctx, session, pickupOrder());
      await complete(pickedUp.order._id);
      await ctx.db.updateTable('orders').set({ whatsapp_updates: 1 }).where('id', '=', pickedUp.order._id).execute();
      expect(
        (await ctx.call(`/api/establishments/${CENTRO}/suggestions`, { method: 'POST', body: { message: 'Podiam ter pizza de rúcula.' }, headers })).status,
      ).toBe(201);
      const card = await savedCard(ctx, session, user._id, cardPayload({ holder: 'Helena D Titular', payment_card_document: '111.444.777-35' }));
      return { ...registered, addressId, delivered: delivered.order, pickedUp: pickedUp.order, card };
    }

    describe('GET /users/me/export', () => {
      it('answers a JSON attachment with everything kept about the customer: profile, addresses, orders with items, totals and payment, credits, evaluations, suggestions, verification, consents, cards by brand and last digits only', async () => {
        const c = await fullCustomer();
        await creditOnce(
          ctx.db,
          { userId: c.user._id, amount: 750, reason: 'grant', reference: `grant:test:${c.user._id}`, note: 'Desculpe o atraso' },
          ctx.now(),
        );
        const other = await registerUser(ctx, CENTRO, { name: 'Outra Pessoa' });
        const othersOrder = await placeOk(ctx, other.session, pickupOrder({ note: 'Pedido da outra pessoa' }));

        const res = await exportOf(c.session);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('content-disposition')).toBe('attachment; filename="meus-dados-2025-01-03.json"');
        expect(res.headers.get('cache-control')).toBe('no-store');
        const text = await res.text();
        const data = JSON.parse(text) as AccountExport;
        expect(data.format).toBe('vitrine-account-export/1');
        expect(data.profile).toMatchObject({
          _id: c.user._id,
          name: 'Helena Duarte',
          email: c.data.email.toLowerCase(),
          document: '52998224725',
          birthday: '1990-05-17',
        });
        expect(data.profile.photo).toMatch(/^\/uploads\/users\//);
        expect(data.addresses).toEqual([expect.objectContaining({ _id: c.addressId, street: 'Rua Helena Duarte' })]);
        expect(data.orders.map((o) => o._id)).toEqual([c.delivered._id, c.pickedUp._id]);
        const delivered = data.orders[0]!;
        expect(delivered).toMatchObject({
          status: 'complete',
          establishment: { slug: 'cantina-centro' },
          tax_id: '52998224725',
          note: 'Tocar a campainha da Helena',
        });
        expect(delivered.items.length).toBeGreaterThan(0);
        expect(delivered.totals.total).toBe(c.delivered.totals.total);
        expect(delivered.payment).toMatchObject({ status: 'none' });
        expect(data.evaluations).toEqual([expect.objectContaining({ order_id: c.delivered._id, packing: 5, delivery: 4, product: 5, deadline: 3, total: 17 })]);
        expect(data.feedback).toEqual([
          expect.objectContaining({ kind: 'suggestion', message: 'Podiam ter pizza de rúcula.', establishment: 'cantina-centro' }),
        ]);
        expect(data.credits.balance).toBe(750);
        expect(data.credits.entries).toEqual([expect.objectContaining({ amount: 750, reason: 'grant', note: 'Desculpe o atraso' })]);
        expect(data.verification).toMatchObject({ phone_verified: true, email_verified: true });
        expect(data.verification.codes_sent.map((v) => [v.channel, v.target, v.used_at !== null]).sort()).toEqual([
          ['email', c.data.email.toLowerCase(), true],
          ['phone', c.data.phone, true],
        ]);
        expect(data.consents.whatsapp_order_updates).toEqual([{ establishment: 'cantina-centro', order: c.pickedUp.order, order_id: c.pickedUp._id }]);
        expect(data.saved_cards).toEqual([
          { brand: c.card.brand, last4: c.card.last4, verification_status: c.card.verification_status, created_at: expect.any(String) },
        ]);
        expect(data.sessions).toEqual([expect.objectContaining({ establishment: 'cantina-centro' })]);
        // Nothing beyond the card's brand and last digits, no secret, nobody else's data.
        for (const absent of [
          'Helena D Titular',
          '11144477735',
          c.card.token_id,
          c.session.token,
          'scrypt$',
          'Outra Pessoa',
          othersOrder.order._id,
          'Pedido da outra pessoa',
        ])
          expect(text, absent).not.toContain(absent);
      });

      it('copies asked for in parallel are limited per account: 10 an hour, then 429 too_many_requests', async () => {
        const { session } = await registerUser(ctx, CENTRO);
        const answers = await Promise.all(Array.from({ length: 13 }, () => exportOf(session)));
        expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
        const refused = answers.filter((a) => a.status === 429);
        expect(refused).toHaveLength(3);
        expect(await refused[0]!.json()).toEqual({ message: 'too_many_requests' });
        expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      });

      it('answers 401 without a session', async () => {
        expect((await ctx.call('/api/users/me/export')).status).toBe(401);
      });
    });

    describe('DELETE /users/me', () => {
      it('erases the account: no login, no session, no address, no photo, cards forgotten at the gateway; the establishment keeps the orders without the customer; the e-mail and phone are free again', async () => {
        const c = await fullCustomer();
        const second = await login(c.data.email, c.data.password);
        const secondToken = sessionToken(second, CENTRO);
        const photoKey = (await ctx.db.selectFrom('users').select('photo_key').where('id', '=', c.user._id).executeTakeFirstOrThrow()).photo_key!;
        const photoFiles = IMAGE_SIZES.map((size) => join(uploadsDir, `${photoKey}-${size}.webp`));
        expect(photoFiles.every((f) => existsSync(f))).toBe(true);

        const res = await erase(c.session, { password: c.data.password });
        expect(res.status).toBe(204);
        expect(cookieNamed(res, `sid_${CENTRO}`)?.attrs['max-age']).toBe('0');
        expect(cookieNamed(res, `sf_auth_${CENTRO}`)?.attrs['max-age']).toBe('0');

        // Nobody gets in any more, by any session or password.
        expect((await login(c.data.email, c.data.password)).status).toBe(401);
        expect((await login(c.data.phone, c.data.password)).status).toBe(401);
        expect((await ctx.call('/api/users/me', { headers: cookieHeaders(c.session) })).status).toBe(401);
        expect((await ctx.call('/api/users/me', { headers: bearerHeaders(secondToken) })).status).toBe(401);
        expect(await ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', c.user._id).execute()).toEqual([]);
        expect(await ctx.db.selectFrom('addresses').select('id').where('user_id', '=', c.user._id).execute()).toEqual([]);
        expect(await ctx.db.selectFrom('customer_feedback').select('id').where('user_id', '=', c.user._id).execute()).toEqual([]);
        expect(await ctx.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', c.user._id).execute()).toEqual([]);
        expect(photoFiles.some((f) => existsSync(f))).toBe(false);
        // The demo outbox's codes to the phone and e-mail go too.
        const outbox = await ctx.db.selectFrom('outbox_messages').select('recipient').execute();
        expect(outbox.map((m) => m.recipient)).not.toContain(`+55${c.data.phone}`);
        expect(outbox.map((m) => m.recipient)).not.toContain(c.data.email);
        const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', c.user._id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ name: '', document: null, birthday: null, gender: null, photo_key: null, referral_code: null, password_hash: '' });
        expect(row.deleted_at).not.toBeNull();
        expect(JSON.stringify(row)).not.toContain(c.data.email.toLowerCase());
        expect(JSON.stringify(row)).not.toContain(c.data.phone);

        // The card: deleted here, its holder forgotten, and removed at the gateway (a charge of its token is refused).
        const card = await ctx.db.selectFrom('payment_cards').selectAll().where('id', '=', c.card._id).executeTakeFirstOrThrow();
        expect(card.deleted_at).not.toBeNull();
        expect([card.holder, card.document]).toEqual(['', '']);
        const atGateway = await ctx.db.selectFrom('payment_sandbox_cards').select('outcome').where('token', '=', card.gateway_token).executeTakeFirstOrThrow();
        expect(atGateway.outcome).toBe('removed');

        // The establishment still has both orders, with their items and totals, and no customer.
        const kept = (await establishmentOrders()).filter((o) => o._id === c.delivered._id || o._id === c.pickedUp._id);
        expect(kept).toHaveLength(2);
        for (const o of kept) {
          expect(o.customer).toBeUndefined();
          expect(o.note).toBe('');
          expect(o.items.length).toBeGreaterThan(0);
          expect(o.status).toBe('complete');
        }
        const delivered = kept.find((o) => o._id === c.delivered._id)!;
        expect(delivered.totals).toEqual(c.delivered.totals);
        expect(delivered.address).toMatchObject({ street: '', number: null, ref: '', neighborhood: 'Centro', city: 'São Paulo', state: 'SP' });
        // The receipt asked with the CPF is a fiscal document: its CPF stays with the order.
        expect(delivered.tax_id).toBe('52998224725');
        expect(delivered.evaluation).toMatchObject({ total: 17 });
        const listed = JSON.stringify(kept);
        for (const absent of ['Helena', 'Rua Helena Duarte', c.data.email.toLowerCase(), c.data.phone]) expect(listed, absent).not.toContain(absent);

        // The e-mail and phone may open a new account.
        const again = await registerUser(ctx, CENTRO, { email: c.data.email, phone: c.data.phone });
        expect(again.user._id).not.toBe(c.user._id);
      });

      it('refuses a wrong password (403 wrong_password) and an account with an order in progress (409 open_orders), changing nothing', async () => {
        const { session, data, user } = await registerUser(ctx, CENTRO);
        expect(await (await erase(session, { password: 'errada' })).json()).toEqual({ message: 'wrong_password' });
        expect((await erase(session, {})).status).toBe(400);
        const open = await placeOk(ctx, session, pickupOrder());
        const refused = await erase(session, { password: data.password });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ message: 'open_orders' });
        expect((await ctx.call('/api/users/me', { headers: cookieHeaders(session) })).status).toBe(200);
        expect((await login(data.email, data.password)).status).toBe(200);
        const row = await ctx.db.selectFrom('users').select(['name', 'deleted_at']).where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(row).toEqual({ name: data.name, deleted_at: null });
        // Once the order is over, the account may go.
        expect((await setStatus(ctx, CENTRO, open.order._id, { status: 'canceled' }, apiKeyHeaders(apiKey))).status).toBe(200);
        expect((await erase(session, { password: data.password })).status).toBe(204);
      });

      it('refuses while money is still moving (409 payments_pending): a card validation waiting for its amount', async () => {
        const { session, data, user } = await verifiedCustomer(ctx, CENTRO);
        const card = await savedCard(ctx, session, user._id);
        const started = await ctx.call('/api/cards/purchase-verification', {
          method: 'POST',
          body: { card: { _id: card._id, security_code: await sealedCvv(ctx, user._id, '123') } },
          headers: cookieHeaders(session),
        });
        expect(started.status).toBe(201);
        const refused = await erase(session, { password: data.password });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ message: 'payments_pending' });
        // Deleting the card cancels the validation and sends its charge back; then the account may go.
        expect((await ctx.call(`/api/users/me/payment_cards/${card._id}`, { method: 'DELETE', headers: cookieHeaders(session) })).status).toBe(204);
        expect((await erase(session, { password: data.password })).status).toBe(204);
      });

      it('a positive credit balance is lost only on the customer’s word: 409 credits_would_be_lost with the balance, then forfeited with the ledger still adding up', async () => {
        const { session, data, user } = await registerUser(ctx, CENTRO);
        await creditOnce(ctx.db, { userId: user._id, amount: 1200, reason: 'grant', reference: `grant:forfeit:${user._id}` }, ctx.now());
        const refused = await erase(session, { password: data.password });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ message: 'credits_would_be_lost', params: { credits: 1200 } });
        expect((await ctx.call('/api/users/me', { headers: cookieHeaders(session) })).status).toBe(200);
        expect((await erase(session, { password: data.password, forfeit_credits: true })).status).toBe(204);
        const row = await ctx.db.selectFrom('users').select('credits').where('id', '=', user._id).executeTakeFirstOrThrow();
        expect(Number(row.credits)).toBe(0);
        expect(await ledgerSum(ctx.db, user._id)).toBe(0);
        const last = await ctx.db
          .selectFrom('credit_entries')
          .select(['amount', 'reason'])
          .where('user_id', '=', user._id)
          .where('reason', '=', 'account_deleted')
          .execute();
        expect(last.map((e) => [Number(e.amount), e.reason])).toEqual([[-1200, 'account_deleted']]);
      });

      it('erasures sent in parallel erase the account once: one 204, the others find their session gone (401)', async () => {
        const { session, data, user } = await verifiedCustomer(ctx, CENTRO);
        await creditOnce(ctx.db, { userId: user._id, amount: 300, reason: 'grant', reference: `grant:parallel:${user._id}` }, ctx.now());
        await savedCard(ctx, session, user._id);
        const answers = await Promise.all(Array.from({ length: 5 }, () => erase(session, { password: data.password, forfeit_credits: true })));
        expect(answers.map((a) => a.status).sort()).toEqual([204, 401, 401, 401, 401]);
        const forfeits = await ctx.db
          .selectFrom('credit_entries')
          .select('amount')
          .where('user_id', '=', user._id)
          .where('reason', '=', 'account_deleted')
          .execute();
        expect(forfeits.map((e) => Number(e.amount))).toEqual([-300]);
        expect(await ledgerSum(ctx.db, user._id)).toBe(0);
        const cards = await ctx.db.selectFrom('payment_cards').select('deleted_at').where('user_id', '=', user._id).execute();
        expect(cards.every((card) => card.deleted_at !== null)).toBe(true);
      });

      it('the ledger of the customer who referred an erased one no longer names them', async () => {
        const referrer = await registerUser(ctx, CENTRO, { name: 'Rosa Indicadora' });
        const code = ((await (await ctx.call('/api/users/me/referral', { headers: cookieHeaders(referrer.session) })).json()) as { code: string }).code;
        const referred = await registerUser(ctx, CENTRO, { name: 'Caio Indicado', referral_code: code });
        // What src/server/services/credits.ts rewardReferral writes once the referred customer's first order is complete.
        await creditOnce(
          ctx.db,
          { userId: referrer.user._id, amount: 500, reason: 'referral', reference: `referral:${referred.user._id}:referrer`, note: 'Caio' },
          ctx.now(),
        );
        expect((await erase(referred.session, { password: referred.data.password })).status).toBe(204);
        const entry = await ctx.db
          .selectFrom('credit_entries')
          .select(['amount', 'note'])
          .where('reference', '=', `referral:${referred.user._id}:referrer`)
          .executeTakeFirstOrThrow();
        expect([Number(entry.amount), entry.note]).toEqual([500, null]);
        const list = (await (await ctx.call('/api/users/me/referral', { headers: cookieHeaders(referrer.session) })).json()) as { referrals: unknown[] };
        expect(list.referrals).toEqual([]);
      });
    });
  },
  { deps: { imageStorage } },
);
