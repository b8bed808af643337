// Saving, listing and deleting a customer's cards through the real API on SQLite and PostgreSQL,
// with the built-in sandbox acquirer: the card travels sealed on every form of the call (a card
// number or CVV in clear is refused, and echoed nowhere), the server keeps only the gateway's token
// and the card's public part, and refuses, with a code, every card, customer or payload it must not take.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { bearerHeaders, cookieHeaders, registerUser } from './helpers/accounts.ts';
import {
  cardPayload,
  encryptionKey,
  freshCardNumber,
  sandboxMovements,
  saveSealedCard,
  savedCard,
  sealedCardBody,
  sealedCvv,
  verifiedCustomer,
} from './helpers/cards.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { seal } from '../../src/lib/sealed-box.ts';
import { cardSealContext, type CardStoreKeyAnswer, type CardView } from '../../src/schemas/api-cards.ts';
import { createMercadoPagoGateway } from '../../src/server/adapters/payment-mercadopago.ts';
import { createSandboxGateway } from '../../src/server/sandboxes/payment-sandbox.ts';
import { PaymentGatewayError, type PaymentGateway } from '../../src/server/adapters/payment-gateway.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const manaus = estId('mercado-manaus');

const keyDir = mkdtempSync(join(tmpdir(), 'storefront-cards-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
const sealingKey = serverSealingKey(keyDir, '');

forEachDatabase(
  'saved cards',
  (ctx) => {
    const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
      const res = await ctx().call(path, { method, body, headers });
      return { status: res.status, body: res.status === 204 ? null : await res.json(), res };
    };

    describe('saving a card', () => {
      it('saves a card sealed to the server key (v2) and answers the saved card without its number or CVV [R-7.52] [R-3.6] [R-3.2] [R-3.4]', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const saved = await saveSealedCard(ctx(), session, user._id, cardPayload({ holder: '  maria   da silva ' }));
        expect(saved.status).toBe(201);
        const card = saved.body as CardView;
        expect(card).toMatchObject({
          number: '•••• •••• •••• 0002',
          display_number: '•••• 0002',
          last4: '0002',
          brand: 'visa',
          image: '/card-brands/visa.svg',
          due_month: 12,
          due_year: 2031,
          expiry_date: '12/31',
          holder: 'MARIA DA SILVA',
          payment_card_document: '529.982.247-25',
          security_code: null,
          verification_status: 'not_verified',
          min_value: 1,
          max_value: 500,
          min_purchase_value: 100,
          max_purchase_value: 1000000,
          refund_type: 'card',
        });
        expect(card._id).toMatch(/^pc_[0-9a-f]{24}$/);
        expect([card.card_id, card.token_id]).toEqual([card._id, card._id]);
        // The local copy lapses 7 days after it was read.
        expect(new Date(card.expires).getTime() - ctx().now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
        expect(JSON.stringify(card)).not.toMatch(/4000000000000002|4000 0000 0000 0002|"123"/);

        // What rests: the gateway's token and the public part, never the number or the CVV.
        const row = await ctx().db.selectFrom('payment_cards').selectAll().where('id', '=', card._id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          user_id: user._id,
          gateway: 'sandbox',
          brand: 'visa',
          last4: '0002',
          exp_month: 12,
          exp_year: 2031,
          document: '52998224725',
        });
        expect(row.gateway_token).toMatch(/^tok_/);
        expect(JSON.stringify(row)).not.toMatch(/4000000000000002|"123"/);
      });

      it('takes the sealed card on the v1 forms too: POST /cards/verification and POST /users/me/payment_cards [R-7.51] [R-7.47] [R-3.1]', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const v1 = await saveSealedCard(ctx(), session, user._id, cardPayload({ number: '5100000000000008', expires: undefined }), '/api/cards/verification');
        expect(v1.status).toBe(201);
        expect(v1.body).toMatchObject({ brand: 'mastercard', image: '/card-brands/mastercard.svg', last4: '0008' });
        const viaUser = await saveSealedCard(
          ctx(),
          session,
          user._id,
          cardPayload({ number: '3700 000000 00002', security_code: '1234' }),
          '/api/users/me/payment_cards',
        );
        expect(viaUser.status).toBe(201);
        expect(viaUser.body).toMatchObject({ brand: 'amex', last4: '0002', card_id: viaUser.body._id });
      });

      it('refuses a card number or CVV sent in clear on every card route with 400 card_data_not_sealed, echoing and logging none of it, and keeps nothing', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const headers = cookieHeaders(session);
        const saved = await savedCard(ctx(), session, user._id, cardPayload({ number: '5100000000000008' }));
        const clear = cardPayload({ number: '4000 0000 0000 0002', security_code: '987' });
        const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log'), vi.spyOn(console, 'info')];
        try {
          const attempts: Array<[string, unknown]> = [
            ['/api/cards/verification', clear],
            ['/api/users/me/payment_cards', clear],
            ['/api/v2/cards/verification', clear],
            // The number beside a sealed card, or as the card itself.
            ['/api/v2/cards/verification', { ...(await sealedCardBody(ctx(), user._id)), number: '4000000000000002' }],
            ['/api/cards/verification', { card: '4000000000000002' }],
            ['/api/users/me/payment_cards', { card: { number: '4000000000000002', cvv: '987' } }],
            ['/api/cards/purchase-verification', { card: { _id: saved._id, security_code: '987' } }],
            ['/api/cards/purchase-verification', { card: { _id: saved._id, security_code: 987 } }],
          ];
          for (const [path, body] of attempts) {
            const res = await ctx().call(path, { method: 'POST', body, headers });
            const text = await res.text();
            expect([path, res.status, JSON.parse(text)]).toEqual([path, 400, { message: 'card_data_not_sealed' }]);
            expect(text).not.toMatch(/4000|987/);
          }
          for (const spy of logged) expect(JSON.stringify(spy.mock.calls)).not.toMatch(/4000 ?0000|987/);
        } finally {
          for (const spy of logged) spy.mockRestore();
        }
        expect(await ctx().db.selectFrom('payment_cards').select('id').where('user_id', '=', user._id).execute()).toHaveLength(1);
        expect(await ctx().db.selectFrom('card_verifications').select('id').where('card_id', '=', saved._id).execute()).toEqual([]);
      });

      it('a refused field is answered by its path and what it must be, never by the value sent: a card id shaped like a card number', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const box = (await sealedCardBody(ctx(), user._id)).card;
        const res = await ctx().call('/api/cards/purchase-verification', {
          method: 'POST',
          body: { card: { _id: '4000 0000 0000 0002', security_code: { ...box, kid: '4000-0000-0000-0002!' } } },
          headers: cookieHeaders(session),
        });
        const text = await res.text();
        expect(res.status).toBe(400);
        expect(JSON.parse(text)).toMatchObject({
          message: 'invalid_body',
          fields: expect.arrayContaining([
            expect.objectContaining({ path: 'card._id', code: 'pattern', message: expect.stringMatching(/^card\._id must be /) }),
          ]),
        });
        expect(text).not.toMatch(/4000|\(was/);
        // Inside the sealed card too: what the box holds is checked after opening, with the same answers.
        const opened = await saveSealedCard(ctx(), session, user._id, cardPayload({ number: '4000 0000 0000 0002 1234 56789', security_code: '98765' }));
        expect(opened.status).toBe(400);
        expect(JSON.stringify(opened.body)).not.toMatch(/4000|98765|\(was/);
      });

      it('refuses a customer whose phone, then e-mail, is not verified, and a banned one [R-2.83]', async () => {
        const { session, data, user } = await registerUser(ctx(), centro);
        const save = () => saveSealedCard(ctx(), session, user._id, cardPayload(), '/api/cards/verification');
        expect((await save()).body).toEqual({ message: 'phone_not_verified' });
        await ctx().db.updateTable('users').set({ phone_verified: 1 }).where('id', '=', user._id).execute();
        const noEmail = await save();
        expect([noEmail.status, noEmail.body]).toEqual([403, { message: 'email_not_verified' }]);
        await ctx().db.updateTable('users').set({ email_verified: 1, banned: 1 }).where('id', '=', user._id).execute();
        expect((await save()).body).toEqual({ message: 'user_is_banned' });
        expect(data.email).toContain('@');
        expect(await ctx().db.selectFrom('payment_cards').select('id').where('user_id', '=', user._id).execute()).toEqual([]);
      });

      it('where the establishment takes no online payment, saving a card and starting its validation are refused with 403 online_payment_not_available: nothing kept, nothing charged', async () => {
        // Paulista, of Centro's company, has online payment off (preferences.has_online_payment).
        const there = await verifiedCustomer(ctx(), paulista);
        for (const path of ['/api/v2/cards/verification', '/api/cards/verification', '/api/users/me/payment_cards']) {
          const refused = await saveSealedCard(ctx(), there.session, there.user._id, cardPayload(), path);
          expect([refused.status, refused.body], path).toEqual([403, { message: 'online_payment_not_available' }]);
        }
        expect(await ctx().db.selectFrom('payment_cards').select('id').where('user_id', '=', there.user._id).execute()).toEqual([]);

        // A card saved at Centro is listed at Paulista, but not validated there.
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() }));
        const atPaulista = { ...bearerHeaders(session.token), 'Establishment-Id': paulista };
        const start = await call(atPaulista, 'POST', '/api/cards/purchase-verification', {
          card: { _id: card._id, security_code: await sealedCvv(ctx(), user._id, '123') },
        });
        expect([start.status, start.body]).toEqual([403, { message: 'online_payment_not_available' }]);
        expect((await sandboxMovements(ctx(), card._id)).charges).toEqual([]);
        const listed = await call(atPaulista, 'GET', '/api/users/me/payment_cards');
        expect(listed.body.cards).toEqual([expect.objectContaining({ _id: card._id, verification_status: 'not_verified' })]);
        // At Centro, which takes cards, the same card is validated.
        const atCentro = await call(cookieHeaders(session), 'POST', '/api/cards/purchase-verification', {
          card: { _id: card._id, security_code: await sealedCvv(ctx(), user._id, '123') },
        });
        expect(atCentro.status).toBe(201);
      });

      it('answers every wrong field at once with its code, and keeps nothing [R-5.1] [R-5.2] [R-5.3] [R-5.7]', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const save = (card: Record<string, unknown>) => saveSealedCard(ctx(), session, user._id, card, '/api/cards/verification');
        const bad = await save(
          cardPayload({ number: '4000 0000 0000 0003', due_month: 12, due_year: 2024, holder: ' ', security_code: '1234', payment_card_document: '123.456' }),
        );
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('invalid_body');
        expect(Object.fromEntries(bad.body.fields.map((f: { path: string; code: string }) => [f.path, f.code]))).toEqual({
          number: 'invalid_number',
          due_month: 'validate_card',
          holder: 'holder_required',
          security_code: 'invalid_cvv',
          payment_card_document: 'document_incomplete',
        });
        const invalidDocument = await save(cardPayload({ payment_card_document: '111.111.111-11' }));
        expect(invalidDocument.body.fields).toEqual([expect.objectContaining({ path: 'payment_card_document', code: 'document_not_validate' })]);
        const beforeMinimum = await save(cardPayload({ due_month: 2, due_year: 2020 }));
        expect(beforeMinimum.body.fields).toEqual([expect.objectContaining({ path: 'due_month', code: 'invalid_validity' })]);
        const longHolder = await save(cardPayload({ holder: 'A'.repeat(27) }));
        expect(longHolder.body.fields).toEqual([expect.objectContaining({ path: 'holder', code: 'holder_too_long' })]);
        const shape = await save({ number: 'quatro mil', due_month: 13 });
        expect([shape.status, shape.body.message]).toEqual([400, 'invalid_body']);
        // A card still good this month (January 2025 in the establishment's zone) is taken.
        expect((await save(cardPayload({ due_month: 1, due_year: 2025 }))).status).toBe(201);
        expect(await ctx().db.selectFrom('payment_cards').select('id').where('user_id', '=', user._id).execute()).toHaveLength(1);
      });

      it('refuses a brand the product does not take, a card kept already, and more than 5 cards a day', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const save = (card: Record<string, unknown>) => saveSealedCard(ctx(), session, user._id, card, '/api/cards/verification');
        const unknownBrand = await save(cardPayload({ number: '9000 0000 0000 0001' }));
        expect([unknownBrand.status, unknownBrand.body]).toEqual([403, { message: 'invalid_payment_card_brand' }]);
        expect((await save(cardPayload())).status).toBe(201);
        const twice = await save(cardPayload({ holder: 'Outro Nome' }));
        expect([twice.status, twice.body]).toEqual([403, { message: 'payment_card_already_exist' }]);
        for (const number of ['5100000000000008', '5066990000000002', '6062820000000003', '4000000000000515']) {
          expect((await save(cardPayload({ number }))).status).toBe(201);
        }
        const sixth = await save(cardPayload({ number: '5100000000000511' }));
        expect([sixth.status, sixth.body]).toEqual([429, { message: 'too_many_cards' }]);
        expect(Number(sixth.res.headers.get('retry-after'))).toBeGreaterThan(0);
        // A day later, another may be added.
        const start = ctx().now();
        try {
          ctx().setNow(new Date(start.getTime() + 24 * 60 * 60 * 1000 + 1000));
          expect((await save(cardPayload({ number: '5100000000000511' }))).status).toBe(201);
        } finally {
          ctx().setNow(start);
        }
      });

      it('refuses a box sealed for another customer or altered, and one sealed to another key', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const other = await verifiedCustomer(ctx(), centro);
        const key = await encryptionKey(ctx());
        const forOther = seal(JSON.stringify(cardPayload()), key, cardSealContext(other.user._id));
        const replayed = await call(cookieHeaders(session), 'POST', '/api/v2/cards/verification', { card: forOther });
        expect([replayed.status, replayed.body]).toEqual([400, { message: 'sealed_box_invalid' }]);
        const oldKey = seal(JSON.stringify(cardPayload()), { ...key, kid: 'AAAAAAAAAAAA' }, cardSealContext(user._id));
        const stale = await call(cookieHeaders(session), 'POST', '/api/v2/cards/verification', { card: oldKey });
        expect([stale.status, stale.body]).toEqual([409, { message: 'sealed_box_key_changed' }]);
        const notJson = seal('não é json', key, cardSealContext(user._id));
        expect((await call(cookieHeaders(session), 'POST', '/api/v2/cards/verification', { card: notJson })).body).toEqual({ message: 'sealed_box_invalid' });
        const notABox = await call(cookieHeaders(session), 'POST', '/api/v2/cards/verification', { card: { v: 1 } });
        expect([notABox.status, notABox.body.message]).toEqual([400, 'invalid_body']);
      });
    });

    describe('listing and deleting', () => {
      it("lists the customer's own cards, newest first, by /users/me and by their id; another id is refused [R-7.46] [R-7.49]", async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const first = await savedCard(ctx(), session, user._id);
        ctx().setNow(new Date(ctx().now().getTime() + 1000));
        const second = await savedCard(ctx(), session, user._id, cardPayload({ number: '5066 9900 0000 0002' }));
        const mine = await call(cookieHeaders(session), 'GET', '/api/users/me/payment_cards');
        expect(mine.status).toBe(200);
        expect(mine.res.headers.get('cache-control')).toBe('no-store');
        expect(mine.body.cards.map((c: CardView) => c._id)).toEqual([second._id, first._id]);
        expect(mine.body.cards[0]).toMatchObject({ brand: 'elo', image: '/card-brands/elo.svg' });
        const byId = await call(cookieHeaders(session), 'GET', `/api/users/${user._id}/cards`);
        expect(byId.body).toEqual(mine.body);
        const other = await verifiedCustomer(ctx(), centro);
        expect((await call(cookieHeaders(other.session), 'GET', '/api/users/me/payment_cards')).body).toEqual({ cards: [] });
        const theirs = await call(cookieHeaders(other.session), 'GET', `/api/users/${user._id}/cards`);
        expect([theirs.status, theirs.body]).toEqual([403, { message: 'forbidden' }]);
      });

      it('deletes a card by both paths; another customer cannot [R-7.48] [R-7.50]', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const a = await savedCard(ctx(), session, user._id);
        const b = await savedCard(ctx(), session, user._id, cardPayload({ number: '5100000000000008' }));
        const other = await verifiedCustomer(ctx(), centro);
        const stolen = await call(cookieHeaders(other.session), 'DELETE', `/api/users/me/payment_cards/${a._id}`);
        expect([stolen.status, stolen.body]).toEqual([404, { message: 'card_not_found' }]);
        const viaOtherId = await call(cookieHeaders(other.session), 'DELETE', `/api/users/${user._id}/cards/${a._id}`);
        expect([viaOtherId.status, viaOtherId.body]).toEqual([403, { message: 'forbidden' }]);

        expect((await call(cookieHeaders(session), 'DELETE', `/api/users/me/payment_cards/${a._id}`)).status).toBe(204);
        expect((await call(cookieHeaders(session), 'DELETE', `/api/users/${user._id}/cards/${b._id}`)).status).toBe(204);
        expect((await call(cookieHeaders(session), 'DELETE', `/api/users/me/payment_cards/${a._id}`)).body).toEqual({ message: 'card_not_found' });
        expect((await call(cookieHeaders(session), 'GET', '/api/users/me/payment_cards')).body).toEqual({ cards: [] });
        const rows = await ctx().db.selectFrom('payment_cards').select(['gateway_token', 'deleted_at']).where('user_id', '=', user._id).execute();
        expect(rows.every((r) => r.deleted_at !== null)).toBe(true);
      });

      it('forgets a deleted card at the gateway: the sandbox refuses a charge of its former token; a gateway out of reach does not fail the DELETE', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id);
        const { gateway_token: token } = await ctx()
          .db.selectFrom('payment_cards')
          .select('gateway_token')
          .where('id', '=', card._id)
          .executeTakeFirstOrThrow();
        const sandbox = createSandboxGateway(ctx().db);
        const charge = (key: string) =>
          sandbox.charge({ token, brand: 'visa', amount: 137, idempotency_key: key, description: 'Cantina Centro', security_code: '123' }, ctx().now());
        expect(await charge(`${card._id}:before-delete`)).toMatchObject({ status: 'captured' });
        expect((await call(cookieHeaders(session), 'DELETE', `/api/users/me/payment_cards/${card._id}`)).status).toBe(204);
        await expect(charge(`${card._id}:after-delete`)).rejects.toMatchObject({ code: 'unknown_token' });

        // The gateway cannot be reached: the card is deleted for the customer all the same, and the failure logged.
        const other = await savedCard(ctx(), session, user._id, cardPayload({ number: '5100000000000008' }));
        const unreachable: PaymentGateway = {
          ...sandbox,
          removeCard: async () => {
            throw new PaymentGatewayError('gateway_offline');
          },
        };
        const { createApi } = await import('../../src/server/api/app.ts');
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: unreachable, sealingKey });
        const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const res = await app.request(`/api/users/${user._id}/cards/${other._id}`, {
            method: 'DELETE',
            headers: { 'Client-Type': 'client_web', 'Api-Version': '4', ...cookieHeaders(session) },
          });
          expect(res.status).toBe(204);
          expect(logged).toHaveBeenCalledWith('[cards] card', other._id, expect.stringContaining('not removed at the gateway (sandbox)'), 'gateway_offline');
        } finally {
          logged.mockRestore();
        }
        expect((await call(cookieHeaders(session), 'GET', '/api/users/me/payment_cards')).body).toEqual({ cards: [] });
      });

      it('a session of another company sees none of them', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        await savedCard(ctx(), session, user._id);
        const stranger = await registerUser(ctx(), manaus);
        const res = await call(cookieHeaders(stranger.session), 'GET', `/api/users/${user._id}/cards`);
        expect(res.status).toBe(403);
        // The bella session does not open a manaus page's calls.
        const crossed = await call(cookieHeaders(session, manaus), 'GET', '/api/users/me/payment_cards');
        expect(crossed.status).toBe(401);
      });
    });

    describe('the local card store key', () => {
      it('is the same for a session, another for another session, and needs one [R-7.76] [R-3.9]', async () => {
        const { session, data } = await verifiedCustomer(ctx(), centro);
        const key = async (headers: Record<string, string>) => (await call(headers, 'GET', '/api/users/me/card-store-key')).body as CardStoreKeyAnswer;
        const first = await key(cookieHeaders(session));
        expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect((await key(cookieHeaders(session))).key).toBe(first.key);
        const login = await ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login: data.email, password: data.password } });
        expect(login.status).toBe(200);
        const token = login.headers
          .getSetCookie()
          .find((c) => c.startsWith(`sid_${centro}=`))!
          .split(';')[0]!
          .split('=')[1]!;
        const second = await key(cookieHeaders({ establishmentId: centro, token }));
        expect(second.key).not.toBe(first.key);
        expect((await call({ 'Establishment-Id': centro }, 'GET', '/api/users/me/card-store-key')).status).toBe(401);
        // Logged out, the session's key cannot be had again.
        await ctx().call('/api/auth/logout', { method: 'POST', body: { establishment_id: centro }, headers: cookieHeaders(session) });
        expect((await call(cookieHeaders(session), 'GET', '/api/users/me/card-store-key')).status).toBe(401);
      });
    });

    describe('a gateway that does not answer', () => {
      it('refuses with payment_gateway_offline and keeps nothing', async () => {
        // Mercado Pago's adapter pointed at a port nobody listens on: its tokenise finds no gateway.
        const offline = createMercadoPagoGateway({ accessToken: 'TEST-0000', apiUrl: 'http://127.0.0.1:9' });
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const { createApi } = await import('../../src/server/api/app.ts');
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: offline, sealingKey });
        const res = await app.request('/api/cards/verification', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Client-Type': 'client_web', 'Api-Version': '4', ...cookieHeaders(session) },
          body: JSON.stringify(await sealedCardBody(ctx(), user._id)),
        });
        expect([res.status, await res.json()]).toEqual([403, { message: 'payment_gateway_offline' }]);
        expect(await ctx().db.selectFrom('payment_cards').select('id').where('user_id', '=', user._id).execute()).toEqual([]);
      });
    });

    it('names the establishment of the page when the session is of a sibling', async () => {
      const { session, user } = await verifiedCustomer(ctx(), centro);
      const res = await ctx().call('/api/cards/verification', {
        method: 'POST',
        body: await sealedCardBody(ctx(), user._id),
        headers: cookieHeaders(session, paulista),
      });
      // Paulista's cookie is not set: the centro session is not sent for paulista's calls.
      expect(res.status).toBe(401);
      const viaBearer = await ctx().call('/api/users/me/payment_cards', { headers: { Authorization: `Bearer ${session.token}` } });
      expect(viaBearer.status).toBe(200);
      expect(user._id).toBeTruthy();
    });
  },
  { setup: (c) => loadAllFixtures(c.db), deps: { sealingKey } },
);
