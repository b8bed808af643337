// Validating a saved card by a micro-charge, through the real API on SQLite and PostgreSQL with the
// built-in sandbox acquirer: the amount is read from the card's statement line in the development
// outbox, as a customer reads it in their bank app. Money moves exactly once: concurrent starts
// charge once, a double-clicked amount counts once, a refund is made once, and the server's job
// finishes what a lost request or a customer who never came back left open. Nobody can abuse it:
// a charge becomes store credit only for a verified card, a card and a customer get a few charges a
// day, parallel amounts get 3 tries in all, and a blocked holder's card stays blocked on every
// account of the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { BELLA_MOEMA, MERCADO_MANAUS, estId, loadAllFixtures, loadCatalogue } from './helpers/fixtures.ts';
import { cookieHeaders, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders } from './helpers/orders.ts';
import { cardPayload, freshCardNumber, sandboxMovements, saveSealedCard, savedCard, sealedCvv, statementAmount, verifiedCustomer } from './helpers/cards.ts';
import { serverSealingKey } from '../../src/server/services/sealing-key.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { runCardJobs, STALE_CHARGE_MS } from '../../src/server/services/card-verification.ts';
import { createSandboxGateway } from '../../src/server/sandboxes/payment-sandbox.ts';
import { createApi } from '../../src/server/api/app.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import type { CardView, PurchaseVerificationAnswer } from '../../src/schemas/api-cards.ts';
import type { PaymentGateway } from '../../src/server/adapters/payment-gateway.ts';

const centro = estId('bella-centro');
const moema = estId('bella-moema');
const manaus = estId('mercado-manaus');

const keyDir = mkdtempSync(join(tmpdir(), 'storefront-card-validation-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));
const sealingKey = serverSealingKey(keyDir, '');

/** An amount that is not the charged one, within the bounds. */
const wrong = (amount: number, n = 1) => ((amount - 1 + n) % 500) + 1;

forEachDatabase(
  'card validation by a micro-charge',
  (ctx) => {
    let centroKey = '';
    beforeAll(async () => {
      centroKey = await createEstablishmentKey(ctx().db, centro, 'test');
    });
    const call = async (session: Session, method: string, path: string, body?: unknown) => {
      const res = await ctx().call(path, { method, body, headers: cookieHeaders(session) });
      return { status: res.status, body: res.status === 204 ? null : await res.json(), res };
    };
    const start = async (session: Session, userId: string, cardId: string, cvv = '123') =>
      call(session, 'POST', '/api/cards/purchase-verification', { card: { _id: cardId, security_code: await sealedCvv(ctx(), userId, cvv) } });
    const confirm = (session: Session, cardId: string, amount: number) => call(session, 'PUT', `/api/cards/${cardId}/purchase-verification`, { amount });
    const cardOf = async (session: Session, cardId: string) =>
      ((await call(session, 'GET', '/api/users/me/payment_cards')).body.cards as CardView[]).find((c) => c._id === cardId);

    /**
     * A verified customer with a saved card (the given number) whose validation charge was made. A
     * test that leaves its holder blocked gives a document of its own: the block follows the document.
     */
    async function charged(number = '4000 0000 0000 0002', establishmentId = centro, document = '529.982.247-25') {
      const customer = await verifiedCustomer(ctx(), establishmentId);
      const card = await savedCard(ctx(), customer.session, customer.user._id, cardPayload({ number, payment_card_document: document }));
      const started = await start(customer.session, customer.user._id, card._id);
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      return { ...customer, card, started: started.body as PurchaseVerificationAnswer, amount: await statementAmount(ctx(), card.last4) };
    }

    describe('the charge', () => {
      it('charges a random amount between the card min and max, tells the statement, and waits for the amount [R-7.54] [R-4.19] [R-4.21] [R-9.1] [R-7.55]', async () => {
        const { session, card, started, amount } = await charged();
        expect(started.verification).toMatchObject({
          card_id: card._id,
          status: 'awaiting_amount',
          attempts_left: 3,
          min_value: 1,
          max_value: 500,
          refund_type: 'card',
          refunded_at: null,
        });
        expect(started.card.verification_status).toBe('verification_in_progress');
        expect(new Date(started.verification.expires_at!).getTime() - new Date(started.verification.charged_at!).getTime()).toBe(24 * 60 * 60 * 1000);
        expect(JSON.stringify(started)).not.toMatch(new RegExp(`"amount":${amount}\\b`));
        expect(amount).toBeGreaterThanOrEqual(1);
        expect(amount).toBeLessThanOrEqual(500);
        const { charges } = await sandboxMovements(ctx(), card._id);
        expect(charges).toHaveLength(1);
        expect(charges[0]).toMatchObject({ amount, status: 'captured', description: 'Pizzaria Bella Centro validação' });
        const read = await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`);
        expect(read.status).toBe(200);
        expect(read.body.verification._id).toBe(started.verification._id);
      });

      it("charges between the card's own min and max, set by its establishment when the card was saved; the import takes R$ 0,01 and R$ 100,00 as bounds and refuses what lies outside [R-4.21]", async () => {
        const { session, user } = await verifiedCustomer(ctx(), manaus);
        const bounded = (min: number, max: number) =>
          loadCatalogue(ctx().db, {
            ...MERCADO_MANAUS,
            establishment: {
              ...MERCADO_MANAUS.establishment,
              preferences: {
                ...MERCADO_MANAUS.establishment.preferences,
                has_online_payment: true,
                card_verification_min_value: min,
                card_verification_max_value: max,
              },
            },
          });
        const chargeOf = async (cardId: string, last4: string) => {
          const started = await start(session, user._id, cardId);
          expect(started.status, JSON.stringify(started.body)).toBe(201);
          const { min_value, max_value } = (started.body as PurchaseVerificationAnswer).verification;
          return { min_value, max_value, amount: await statementAmount(ctx(), last4) };
        };
        try {
          // Saved while Manaus charges from R$ 2,50 to R$ 2,52: the card keeps those bounds.
          const early = await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() }));
          expect(await cardOf(session, early._id)).toMatchObject({ min_value: 250, max_value: 252 });
          // The lowest and the highest bounds the import takes, each as min and max: the charge is exactly it.
          for (const bound of [1, 10_000]) {
            await bounded(bound, bound);
            const card = await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() }));
            expect(await cardOf(session, card._id)).toMatchObject({ min_value: bound, max_value: bound });
            expect(await chargeOf(card._id, card.last4)).toEqual({ min_value: bound, max_value: bound, amount: bound });
          }
          // The card saved before is charged within its own bounds, not the establishment's of today.
          const first = await chargeOf(early._id, early.last4);
          expect([first.min_value, first.max_value]).toEqual([250, 252]);
          expect(first.amount).toBeGreaterThanOrEqual(250);
          expect(first.amount).toBeLessThanOrEqual(252);
          // The right amount validates it.
          expect((await confirm(session, early._id, first.amount)).status).toBe(200);
          expect((await cardOf(session, early._id))?.verification_status).toBe('verified');
          // Bounds outside R$ 0,01..R$ 100,00 are refused by the import, and the establishment keeps the ones it had.
          await expect(bounded(0, 500)).rejects.toThrow(/card_verification_min_value/);
          await expect(bounded(1, 10_001)).rejects.toThrow(/card_verification_max_value/);
          const last = await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() }));
          expect(await cardOf(session, last._id)).toMatchObject({ min_value: 10_000, max_value: 10_000 });
        } finally {
          await bounded(250, 252);
        }
      });

      it('draws amounts spread over the whole range', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const amounts: number[] = [];
        for (const number of ['4000000000000002', '5100000000000008', '5066990000000002', '6062820000000003']) {
          const card = await savedCard(ctx(), session, user._id, cardPayload({ number }));
          await start(session, user._id, card._id);
          amounts.push(await statementAmount(ctx(), card.last4));
        }
        expect(new Set(amounts).size).toBeGreaterThan(1);
        expect(amounts.every((a) => Number.isInteger(a) && a >= 1 && a <= 500)).toBe(true);
      });

      it('a card already being validated skips the charge: the same validation, no new charge [R-4.20]', async () => {
        const { session, user, card, started } = await charged();
        const again = await start(session, user._id, card._id);
        expect(again.status).toBe(200);
        expect(again.body.verification._id).toBe(started.verification._id);
        expect((await sandboxMovements(ctx(), card._id)).charges).toHaveLength(1);
      });

      it('two validations of the same card at once start one charge', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id);
        const answers = await Promise.all(Array.from({ length: 6 }, () => start(session, user._id, card._id)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
        expect(new Set(answers.map((a) => a.body.verification._id)).size).toBe(1);
        expect((await sandboxMovements(ctx(), card._id)).charges).toHaveLength(1);
      });

      it('answers a declined, refused, erring or unreachable charge with its code; the card may be tried again [R-4.27]', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const cases: Array<[string, number, unknown]> = [
          ['4000 0000 0000 0515', 403, { message: 'payment_not_done', params: { reason: 'insufficient_funds' } }],
          ['5100 0000 0000 0594', 403, { message: 'credit_card_problems' }],
          ['5066 9900 0000 0960', 403, { message: 'credit_card_problems' }],
          ['6062 8200 0000 0912', 403, { message: 'payment_gateway_offline' }],
        ];
        for (const [number, status, body] of cases) {
          const card = await savedCard(ctx(), session, user._id, cardPayload({ number }));
          const res = await start(session, user._id, card._id);
          expect([number, res.status, res.body]).toEqual([number, status, body]);
          expect((await cardOf(session, card._id))?.verification_status).toBe('not_verified');
          expect((await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`)).body.verification.status).toBe('failed');
          expect((await sandboxMovements(ctx(), card._id)).charges.filter((c) => c.status === 'captured')).toHaveLength(0);
        }
      });

      it('refuses a wrong CVV, an unknown or verified card, and a customer without verified contacts', async () => {
        const { session, user, card, amount } = await charged();
        expect((await confirm(session, card._id, amount)).status).toBe(200);
        const verified = await start(session, user._id, card._id);
        expect([verified.status, verified.body]).toEqual([409, { message: 'card_already_verified' }]);
        const other = await savedCard(ctx(), session, user._id, cardPayload({ number: '3700 000000 00002', security_code: '1234' }));
        const shortCvv = await start(session, user._id, other._id, '123');
        expect([shortCvv.status, shortCvv.body.message, shortCvv.body.fields?.[0]?.code]).toEqual([400, 'invalid_body', 'invalid_cvv']);
        const plainCvv = await call(session, 'POST', '/api/cards/purchase-verification', { card: { _id: other._id, security_code: '12' } });
        expect(plainCvv.status).toBe(400);
        const unknown = await start(session, user._id, 'pc_nao_existe');
        expect([unknown.status, unknown.body]).toEqual([404, { message: 'card_not_found' }]);
        const stranger = await verifiedCustomer(ctx(), centro);
        const theirs = await start(stranger.session, stranger.user._id, other._id);
        expect([theirs.status, theirs.body]).toEqual([404, { message: 'card_not_found' }]);
        await ctx().db.updateTable('users').set({ email_verified: 0 }).where('id', '=', user._id).execute();
        expect((await start(session, user._id, other._id, '1234')).body).toEqual({ message: 'email_not_verified' });
      });
    });

    describe('the amount', () => {
      it('the right amount verifies the card and its charge goes back to the card [R-4.18] [R-4.22] [R-7.56] [R-5.11]', async () => {
        const { session, card, amount } = await charged();
        const zero = await confirm(session, card._id, 0);
        expect([zero.status, zero.body.fields?.[0]?.code]).toEqual([400, 'amount_not_positive']);
        const reais = await confirm(session, card._id, 1.5);
        expect([reais.status, reais.body.message]).toEqual([400, 'invalid_body']);
        const right = await confirm(session, card._id, amount);
        expect(right.status).toBe(200);
        expect(right.body.card.verification_status).toBe('verified');
        expect(right.body.verification).toMatchObject({ status: 'verified', attempts_left: 3 });
        expect(right.body.verification.refunded_at).not.toBeNull();
        const { charges, refunds } = await sandboxMovements(ctx(), card._id);
        expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount })]);
        const statement = (await listOutboxMessages(ctx().db, 500)).filter((m) => m.channel === 'card-statement' && m.recipient === 'Visa •••• 0002');
        expect(statement.some((m) => m.text.startsWith('Estorno R$'))).toBe(true);
        // A double click after success answers the same success, and refunds nothing more.
        const again = await confirm(session, card._id, amount);
        expect([again.status, again.body.card.verification_status]).toEqual([200, 'verified']);
        expect((await sandboxMovements(ctx(), card._id)).refunds).toHaveLength(1);
      });

      it('PUT /cards/verification/{id} answers the verified card with its brand and image [R-7.53]', async () => {
        const { session, card, amount } = await charged('5100 0000 0000 0008');
        const res = await call(session, 'PUT', `/api/cards/verification/${card._id}`, { amount });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ _id: card._id, brand: 'mastercard', image: '/card-brands/mastercard.svg', verification_status: 'verified' });
      });

      it('a wrong amount says how many tries remain; the same one twice, or double-clicked, counts once [R-7.58]', async () => {
        const { session, card, amount } = await charged();
        const first = await confirm(session, card._id, wrong(amount));
        expect([first.status, first.body]).toEqual([400, { message: 'wrong_amount', params: { attempts_left: 2 } }]);
        const same = await confirm(session, card._id, wrong(amount));
        expect(same.body).toEqual({ message: 'wrong_amount', params: { attempts_left: 2 } });
        const doubleClick = await Promise.all([confirm(session, card._id, wrong(amount, 2)), confirm(session, card._id, wrong(amount, 2))]);
        expect(doubleClick.map((r) => r.body)).toEqual([
          { message: 'wrong_amount', params: { attempts_left: 1 } },
          { message: 'wrong_amount', params: { attempts_left: 1 } },
        ]);
        const status = await call(session, 'GET', '/api/users/me/blacklist');
        expect(status.body).toEqual({ blocked: false, attempts_left: 1 });
        expect((await confirm(session, card._id, amount)).body.card.verification_status).toBe('verified');
      });

      it('the third wrong amount in all blocks the holder: 403, the charge goes back, no card may be added or validated [R-7.59] [R-3.50] [R-7.60] [R-7.62]', async () => {
        const a = await charged();
        const b = await savedCard(ctx(), a.session, a.user._id, cardPayload({ number: '5100 0000 0000 0008' }));
        expect((await confirm(a.session, a.card._id, wrong(a.amount))).body.params).toEqual({ attempts_left: 2 });
        // Tries count per holder over every card.
        await start(a.session, a.user._id, b._id);
        const bAmount = await statementAmount(ctx(), '0008');
        expect((await confirm(a.session, b._id, wrong(bAmount))).body.params).toEqual({ attempts_left: 1 });
        const third = await confirm(a.session, b._id, wrong(bAmount, 2));
        expect([third.status, third.body]).toEqual([403, { message: 'attempts_exceeded' }]);
        // Even the right amount is refused now.
        expect((await confirm(a.session, a.card._id, a.amount)).body).toEqual({ message: 'attempts_exceeded' });
        expect((await call(a.session, 'GET', '/api/users/me/blacklist')).body).toEqual({ blocked: true, attempts_left: 0 });
        expect((await call(a.session, 'GET', `/api/cards/holder-black-list/${a.user._id}`)).body).toEqual({ blocked: true, attempts_left: 0 });
        expect((await sandboxMovements(ctx(), b._id)).refunds).toHaveLength(1);
        expect((await cardOf(a.session, b._id))?.verification_status).toBe('not_verified');
        // Blocked: no new card, no validation.
        expect((await saveSealedCard(ctx(), a.session, a.user._id, cardPayload({ number: '5066 9900 0000 0002' }))).body).toEqual({
          message: 'card_holder_blocked',
        });
        expect((await start(a.session, a.user._id, b._id)).body).toEqual({ message: 'card_holder_blocked' });
        // Another account of the same company with the blocked holder's document is blocked too.
        const other = await verifiedCustomer(ctx(), centro);
        const sameDocument = await saveSealedCard(ctx(), other.session, other.user._id, cardPayload({ number: '5066 9900 0000 0002' }));
        expect([sameDocument.status, sameDocument.body]).toEqual([403, { message: 'card_holder_blocked' }]);

        // The establishment sees and lifts it with its key; the customer cannot.
        const list = await ctx().call(`/api/establishments/${centro}/card-holders/blocked`, { headers: apiKeyHeaders(centroKey) });
        expect((await list.json()).holders.map((h: { user_id: string }) => h.user_id)).toContain(a.user._id);
        expect((await call(a.session, 'DELETE', `/api/cards/holder-black-list/${a.user._id}`)).status).toBe(401);
        const lifted = await ctx().call(`/api/cards/holder-black-list/${a.user._id}`, { method: 'DELETE', headers: apiKeyHeaders(centroKey) });
        expect([lifted.status, await lifted.json()]).toEqual([200, { blocked: false, attempts_left: 3 }]);
        expect((await start(a.session, a.user._id, b._id)).status).toBe(201);
      });

      it("the blacklist is asked about one's own account only, or by the establishment of the customer's company [R-7.61]", async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const other = await verifiedCustomer(ctx(), centro);
        expect((await call(other.session, 'GET', `/api/cards/holder-black-list/${user._id}`)).status).toBe(403);
        const byKey = await ctx().call(`/api/cards/holder-black-list/${user._id}`, { headers: apiKeyHeaders(centroKey) });
        expect([byKey.status, await byKey.json()]).toEqual([200, { blocked: false, attempts_left: 3 }]);
        const manausKey = await createEstablishmentKey(ctx().db, manaus, 'test');
        const foreign = await ctx().call(`/api/cards/holder-black-list/${user._id}`, { method: 'DELETE', headers: apiKeyHeaders(manausKey) });
        expect([foreign.status, await foreign.json()]).toEqual([404, { message: 'user_not_found' }]);
        const badKey = await ctx().call(`/api/cards/holder-black-list/${user._id}`, { method: 'DELETE', headers: apiKeyHeaders('nao-e-uma-chave') });
        expect(badKey.status).toBe(401);
        expect(session.token).toBeTruthy();
      });

      it('an amount with no validation waiting is refused, and one while the charge is under way', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id);
        const none = await confirm(session, card._id, 10);
        expect([none.status, none.body]).toEqual([404, { message: 'validation_not_found' }]);
        expect((await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`)).body).toEqual({ message: 'validation_not_found' });
      });
    });

    describe('amounts sent in parallel', () => {
      /** The holder's count and block, and the wrong amounts recorded for the card's validations. */
      const holderState = async (userId: string, cardId: string) => {
        const holder = await ctx().db.selectFrom('card_holders').selectAll().where('user_id', '=', userId).executeTakeFirst();
        const tries = await ctx()
          .db.selectFrom('card_verification_tries')
          .innerJoin('card_verifications', 'card_verifications.id', 'card_verification_tries.verification_id')
          .select('card_verification_tries.amount')
          .where('card_verifications.card_id', '=', cardId)
          .execute();
        return { wrongTries: holder?.wrong_tries ?? 0, blocked: Boolean(holder?.blocked_at), recorded: tries.length };
      };

      it('20 different wrong amounts sent at once count 3 tries in all: two say wrong_amount, the rest attempts_exceeded, the holder is blocked and the right amount after them is refused', async () => {
        const { session, user, card, amount } = await charged(undefined, centro, generateCpf());
        const wrongs = Array.from({ length: 20 }, (_, i) => wrong(amount, i + 1));
        const answers = await Promise.all(wrongs.map((w) => confirm(session, card._id, w)));
        const byAnswer = answers.map((a) => `${a.status} ${a.body.message}`).sort();
        expect(byAnswer).toEqual([...Array(2).fill('400 wrong_amount'), ...Array(18).fill('403 attempts_exceeded')].sort());
        expect(
          answers
            .filter((a) => a.status === 400)
            .map((a) => a.body.params.attempts_left)
            .sort(),
        ).toEqual([1, 2]);
        expect(await holderState(user._id, card._id)).toEqual({ wrongTries: 3, blocked: true, recorded: 3 });
        const right = await confirm(session, card._id, amount);
        expect([right.status, right.body]).toEqual([403, { message: 'attempts_exceeded' }]);
        expect((await cardOf(session, card._id))?.verification_status).toBe('not_verified');
        expect((await sandboxMovements(ctx(), card._id)).refunds).toEqual([expect.objectContaining({ amount })]);
      });

      it('the right amount sent at once among 20 wrong ones verifies the card only if judged before the third wrong one: never verified and blocked both, never more than 3 tries', async () => {
        for (let round = 0; round < 3; round++) {
          const { session, user, card, amount } = await charged(undefined, centro, generateCpf());
          const sent = Array.from({ length: 21 }, (_, i) => (i === 7 + round * 5 ? amount : wrong(amount, i + 1)));
          const answers = await Promise.all(sent.map((a) => confirm(session, card._id, a)));
          const right = answers[sent.indexOf(amount)]!;
          const state = await holderState(user._id, card._id);
          const verified = (await cardOf(session, card._id))?.verification_status === 'verified';
          expect(state.recorded).toBeLessThanOrEqual(3);
          expect(state.wrongTries).toBe(state.recorded);
          expect(answers.filter((a) => a.status === 400)).toHaveLength(Math.min(state.recorded, 2));
          if (right.status === 200) {
            expect([verified, state.blocked, state.recorded < 3]).toEqual([true, false, true]);
          } else {
            expect([right.status, right.body, verified, state]).toEqual([
              403,
              { message: 'attempts_exceeded' },
              false,
              { wrongTries: 3, blocked: true, recorded: 3 },
            ]);
          }
        }
      });
    });

    describe('limits on validations', () => {
      const cancel = (session: Session, cardId: string) => call(session, 'DELETE', `/api/cards/${cardId}/purchase-verification`);

      it('a card gets 3 validation charges a day and a customer 5: the next is 429 too_many_validations with Retry-After, charging nothing; the next day may start again', async () => {
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const [x, y, z, w] = await Promise.all([0, 1, 2, 3].map(async () => savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() }))));
        for (let i = 0; i < 3; i++) {
          expect((await start(session, user._id, x!._id)).status).toBe(201);
          expect((await cancel(session, x!._id)).status).toBe(200);
        }
        const fourth = await start(session, user._id, x!._id);
        expect([fourth.status, fourth.body]).toEqual([429, { message: 'too_many_validations' }]);
        expect(Number(fourth.res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await sandboxMovements(ctx(), x!._id)).charges).toHaveLength(3);
        expect((await cardOf(session, x!._id))?.verification_status).toBe('not_verified');
        // Two more for the customer on other cards, then none.
        expect((await start(session, user._id, y!._id)).status).toBe(201);
        expect((await start(session, user._id, z!._id)).status).toBe(201);
        const sixth = await start(session, user._id, w!._id);
        expect([sixth.status, sixth.body]).toEqual([429, { message: 'too_many_validations' }]);
        expect((await sandboxMovements(ctx(), w!._id)).charges).toEqual([]);
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + 24 * 60 * 60 * 1000));
          expect((await start(session, user._id, w!._id)).status).toBe(201);
          expect((await start(session, user._id, x!._id)).status).toBe(201);
        } finally {
          ctx().setNow(begun);
        }
      });

      it('starts sent at once cannot pass the caps: one card saved on 5 accounts gets 3 charges, one customer starting 6 cards gets 5', async () => {
        const number = freshCardNumber();
        const holders = await Promise.all([0, 1, 2, 3, 4].map(() => verifiedCustomer(ctx(), centro)));
        const cards = await Promise.all(holders.map((h) => savedCard(ctx(), h.session, h.user._id, cardPayload({ number }))));
        const started = await Promise.all(holders.map((h, i) => start(h.session, h.user._id, cards[i]!._id)));
        expect(started.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429]);
        const charges = await Promise.all(cards.map(async (c) => (await sandboxMovements(ctx(), c._id)).charges.length));
        expect(charges.reduce((a, b) => a + b, 0)).toBe(3);

        const { session, user } = await verifiedCustomer(ctx(), centro);
        const begun = ctx().now();
        try {
          const six: CardView[] = [];
          for (let i = 0; i < 5; i++) six.push(await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() })));
          // Five cards a day may be added: the sixth the next day.
          ctx().setNow(new Date(begun.getTime() + 25 * 60 * 60 * 1000));
          six.push(await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber() })));
          const answers = await Promise.all(six.map((c) => start(session, user._id, c._id)));
          expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
          const refused = six[answers.findIndex((a) => a.status === 429)]!;
          expect((await cardOf(session, refused._id))?.verification_status).toBe('not_verified');
          expect((await sandboxMovements(ctx(), refused._id)).charges).toEqual([]);
        } finally {
          ctx().setNow(begun);
        }
      });
    });

    describe("a blocked holder's card on another account", () => {
      it('stays blocked on every account of the company, whatever document is typed, until the establishment lifts the block; another company is not touched', async () => {
        const number = freshCardNumber();
        // D saved the card and started its validation before the block; C only saved it.
        const d = await verifiedCustomer(ctx(), centro);
        const dCard = await savedCard(ctx(), d.session, d.user._id, cardPayload({ number }));
        expect((await start(d.session, d.user._id, dCard._id)).status).toBe(201);
        const dAmount = await statementAmount(ctx(), dCard.last4);
        const c = await verifiedCustomer(ctx(), centro);
        const cCard = await savedCard(ctx(), c.session, c.user._id, cardPayload({ number, payment_card_document: '111.444.777-35' }));

        const a = await verifiedCustomer(ctx(), centro);
        const aCard = await savedCard(ctx(), a.session, a.user._id, cardPayload({ number, payment_card_document: generateCpf() }));
        expect((await start(a.session, a.user._id, aCard._id)).status).toBe(201);
        const aAmount = await statementAmount(ctx(), aCard.last4);
        for (let i = 1; i <= 3; i++) await confirm(a.session, aCard._id, wrong(aAmount, i));
        expect((await call(a.session, 'GET', '/api/users/me/blacklist')).body).toEqual({ blocked: true, attempts_left: 0 });

        // A new account typing another holder's document cannot save it...
        const b = await verifiedCustomer(ctx(), centro);
        const bSave = await saveSealedCard(
          ctx(),
          b.session,
          b.user._id,
          cardPayload({ number, holder: 'Joao Pereira', payment_card_document: '111.444.777-35' }),
        );
        expect([bSave.status, bSave.body]).toEqual([403, { message: 'card_holder_blocked' }]);
        // ...yet the account itself is not blacklisted: the card's owner may be the one coming back.
        expect((await call(b.session, 'GET', '/api/users/me/blacklist')).body).toEqual({ blocked: false, attempts_left: 3 });
        expect((await saveSealedCard(ctx(), b.session, b.user._id, cardPayload({ number: freshCardNumber() }))).status).toBe(201);
        // Saved before: it cannot be validated, and an amount for a validation under way is refused and its charge goes back.
        expect((await start(c.session, c.user._id, cCard._id)).body).toEqual({ message: 'card_holder_blocked' });
        expect((await sandboxMovements(ctx(), cCard._id)).charges).toEqual([]);
        const dRight = await confirm(d.session, dCard._id, dAmount);
        expect([dRight.status, dRight.body]).toEqual([403, { message: 'card_holder_blocked' }]);
        expect((await cardOf(d.session, dCard._id))?.verification_status).toBe('not_verified');
        expect((await sandboxMovements(ctx(), dCard._id)).refunds).toEqual([expect.objectContaining({ amount: dAmount })]);

        // Another company's customer is not its business.
        const elsewhere = await verifiedCustomer(ctx(), manaus);
        expect((await saveSealedCard(ctx(), elsewhere.session, elsewhere.user._id, cardPayload({ number }))).status).toBe(201);

        // Lifted by the establishment: the card may be saved again.
        const lifted = await ctx().call(`/api/cards/holder-black-list/${a.user._id}`, { method: 'DELETE', headers: apiKeyHeaders(centroKey) });
        expect(lifted.status).toBe(200);
        expect((await saveSealedCard(ctx(), b.session, b.user._id, cardPayload({ number, payment_card_document: '111.444.777-35' }))).status).toBe(201);
      });
    });

    describe('cancelling, expiring and refunding', () => {
      it('DELETE cancels the validation, the charge goes back, the card can be validated again [R-7.57]', async () => {
        const { session, user, card } = await charged();
        const cancelled = await call(session, 'DELETE', `/api/cards/${card._id}/purchase-verification`);
        expect(cancelled.status).toBe(200);
        expect(cancelled.body.verification).toMatchObject({ status: 'cancelled' });
        expect(cancelled.body.card.verification_status).toBe('not_verified');
        expect((await sandboxMovements(ctx(), card._id)).refunds).toHaveLength(1);
        expect((await call(session, 'DELETE', `/api/cards/${card._id}/purchase-verification`)).body).toEqual({ message: 'validation_not_found' });
        expect((await start(session, user._id, card._id)).status).toBe(201);
        expect((await sandboxMovements(ctx(), card._id)).charges).toHaveLength(2);
      });

      it('deleting a card being validated sends its charge back', async () => {
        const { session, card } = await charged();
        expect((await call(session, 'DELETE', `/api/users/me/payment_cards/${card._id}`)).res.status).toBe(204);
        expect((await sandboxMovements(ctx(), card._id)).refunds).toHaveLength(1);
      });

      it('a validation not finished in 24 hours is cancelled and refunded by the server job [R-4.24]', async () => {
        const { session, card, amount } = await charged();
        const begun = ctx().now();
        try {
          const deps = { db: ctx().db, payments: createSandboxGateway(ctx().db) };
          ctx().setNow(new Date(begun.getTime() + 24 * 60 * 60 * 1000 - 1000));
          await runCardJobs({ ...deps, now: ctx().now() });
          expect((await cardOf(session, card._id))?.verification_status).toBe('verification_in_progress');
          ctx().setNow(new Date(begun.getTime() + 24 * 60 * 60 * 1000));
          await runCardJobs({ ...deps, now: ctx().now() });
          expect((await cardOf(session, card._id))?.verification_status).toBe('not_verified');
          expect((await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`)).body.verification.status).toBe('expired');
          expect((await sandboxMovements(ctx(), card._id)).refunds).toEqual([expect.objectContaining({ amount })]);
          expect((await confirm(session, card._id, amount)).body).toEqual({ message: 'validation_not_found' });
          // Running again moves nothing more.
          await runCardJobs({ ...deps, now: ctx().now() });
          expect((await sandboxMovements(ctx(), card._id)).refunds).toHaveLength(1);
        } finally {
          ctx().setNow(begun);
        }
      });

      it("with the 'credit' refund, a validation cancelled, its card deleted, lapsed or ended by the third wrong amount gives its charge back to the card, never as credit", async () => {
        const { session, user } = await verifiedCustomer(ctx(), moema);
        const credits = async () => (await call(session, 'GET', '/api/users/me')).body.credits as number;
        const before = await credits();
        const document = generateCpf();
        const startCard = async () => {
          const card = await savedCard(ctx(), session, user._id, cardPayload({ number: freshCardNumber(), payment_card_document: document }));
          expect(card.refund_type).toBe('credit');
          expect((await start(session, user._id, card._id)).status).toBe(201);
          return { card, amount: await statementAmount(ctx(), card.last4) };
        };
        const cancelled = await startCard();
        const cancelAnswer = await call(session, 'DELETE', `/api/cards/${cancelled.card._id}/purchase-verification`);
        expect(cancelAnswer.body.verification).toMatchObject({ status: 'cancelled', refund_type: 'card' });
        const deleted = await startCard();
        expect((await call(session, 'DELETE', `/api/users/me/payment_cards/${deleted.card._id}`)).status).toBe(204);
        const lapsed = await startCard();
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + 24 * 60 * 60 * 1000));
          await runCardJobs({ db: ctx().db, payments: createSandboxGateway(ctx().db), now: ctx().now() });
        } finally {
          ctx().setNow(begun);
        }
        const blocked = await startCard();
        for (let i = 1; i <= 3; i++) await confirm(session, blocked.card._id, wrong(blocked.amount, i));
        for (const { card, amount } of [cancelled, deleted, lapsed, blocked]) {
          expect((await sandboxMovements(ctx(), card._id)).refunds).toEqual([expect.objectContaining({ amount })]);
        }
        expect(await credits()).toBe(before);
        expect(
          await ctx().db.selectFrom('credit_entries').select('id').where('user_id', '=', user._id).where('reason', '=', 'card_verification_refund').execute(),
        ).toEqual([]);
      });

      it("with the establishment's 'credit' refund the charge goes back as store credit, once [R-4.25]", async () => {
        const { session, user, card, amount } = await charged('4000 0000 0000 0002', moema);
        expect(card.refund_type).toBe('credit');
        const before = (await call(session, 'GET', '/api/users/me')).body.credits as number;
        const done = await confirm(session, card._id, amount);
        expect(done.body.verification).toMatchObject({ status: 'verified', refund_type: 'credit' });
        expect((await call(session, 'GET', '/api/users/me')).body.credits).toBe(before + amount);
        expect((await sandboxMovements(ctx(), card._id)).refunds).toEqual([]);
        const ledger = await ctx().db.selectFrom('credit_entries').selectAll().where('user_id', '=', user._id).execute();
        expect(ledger).toEqual([expect.objectContaining({ amount, reason: 'card_verification_refund' })]);
        await runCardJobs({ db: ctx().db, payments: createSandboxGateway(ctx().db), now: ctx().now() });
        expect((await call(session, 'GET', '/api/users/me')).body.credits).toBe(before + amount);
      });

      it('a charge whose request was lost is finished by the job once; a refund the gateway could not make is sent later', async () => {
        const sandbox = createSandboxGateway(ctx().db);
        let failCharge = true;
        let failRefund = true;
        // The real sandbox, with the connection lost once on the way to a charge and once on a refund.
        const flaky: PaymentGateway = {
          engine: 'sandbox',
          tokenise: (card, holder, now) => sandbox.tokenise(card, holder, now),
          removeCard: (token, now) => sandbox.removeCard(token, now),
          charge: async (request, now) => {
            const result = await sandbox.charge(request, now);
            if (failCharge) {
              failCharge = false;
              throw new Error('socket hang up');
            }
            return result;
          },
          refund: async (request, now) => {
            if (failRefund) {
              failRefund = false;
              throw new Error('socket hang up');
            }
            return sandbox.refund(request, now);
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: flaky, sealingKey });
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id);
        const lost = await app.request('/api/cards/purchase-verification', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Client-Type': 'client_web', 'Api-Version': '4', ...cookieHeaders(session) },
          body: JSON.stringify({ card: { _id: card._id, security_code: await sealedCvv(ctx(), user._id, '123') } }),
        });
        expect(lost.status).toBe(500);
        expect((await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`)).body.verification.status).toBe('charging');
        const amountCharged = await statementAmount(ctx(), '0002');
        const busy = await confirm(session, card._id, amountCharged);
        expect([busy.status, busy.body]).toEqual([409, { message: 'verification_charging' }]);
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + STALE_CHARGE_MS));
          expect((await runCardJobs({ db: ctx().db, payments: flaky, now: ctx().now() })).recovered).toBe(1);
          expect((await call(session, 'GET', `/api/cards/${card._id}/purchase-verification`)).body.verification.status).toBe('awaiting_amount');
          expect((await sandboxMovements(ctx(), card._id)).charges).toHaveLength(1);
          // The customer confirms through an app whose refund call fails once: verified, refund owed.
          const appConfirm = await app.request(`/api/cards/${card._id}/purchase-verification`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', 'Client-Type': 'client_web', 'Api-Version': '4', ...cookieHeaders(session) },
            body: JSON.stringify({ amount: amountCharged }),
          });
          const confirmed = (await appConfirm.json()) as PurchaseVerificationAnswer;
          expect([appConfirm.status, confirmed.verification.status, confirmed.verification.refunded_at]).toEqual([200, 'verified', null]);
          expect((await runCardJobs({ db: ctx().db, payments: flaky, now: ctx().now() })).refunded).toBe(1);
          expect((await sandboxMovements(ctx(), card._id)).refunds).toEqual([expect.objectContaining({ amount: amountCharged })]);
        } finally {
          ctx().setNow(begun);
        }
      });

      it('a lost charge the gateway cannot tell of stays charging and is asked about again; a card deleted meanwhile gets its charge back', async () => {
        const sandbox = createSandboxGateway(ctx().db);
        let lose = true;
        let down = true;
        const flaky: PaymentGateway = {
          ...sandbox,
          charge: async (request, now) => {
            if (down && request.security_code === undefined) return { charge_id: null, status: 'offline', reason: null, amount: request.amount };
            const result = await sandbox.charge(request, now);
            if (lose) {
              lose = false;
              throw new Error('socket hang up');
            }
            return result;
          },
        };
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: ctx().now, payments: flaky, sealingKey });
        const { session, user } = await verifiedCustomer(ctx(), centro);
        const card = await savedCard(ctx(), session, user._id);
        const lost = await app.request('/api/cards/purchase-verification', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Client-Type': 'client_web', 'Api-Version': '4', ...cookieHeaders(session) },
          body: JSON.stringify({ card: { _id: card._id, security_code: await sealedCvv(ctx(), user._id, '123') } }),
        });
        expect(lost.status).toBe(500);
        // The customer deletes the card while its charge is unsettled.
        expect((await call(session, 'DELETE', `/api/users/me/payment_cards/${card._id}`)).res.status).toBe(204);
        const begun = ctx().now();
        try {
          ctx().setNow(new Date(begun.getTime() + STALE_CHARGE_MS));
          await runCardJobs({ db: ctx().db, payments: flaky, now: ctx().now() });
          const still = await ctx().db.selectFrom('card_verifications').select('status').where('card_id', '=', card._id).executeTakeFirstOrThrow();
          expect(still.status).toBe('charging');
          down = false;
          ctx().setNow(new Date(begun.getTime() + 2 * STALE_CHARGE_MS));
          await runCardJobs({ db: ctx().db, payments: flaky, now: ctx().now() });
          const settled = await ctx()
            .db.selectFrom('card_verifications')
            .select(['status', 'refunded_at'])
            .where('card_id', '=', card._id)
            .executeTakeFirstOrThrow();
          expect(settled.status).toBe('cancelled');
          expect(settled.refunded_at).not.toBeNull();
          const { charges, refunds } = await sandboxMovements(ctx(), card._id);
          expect(charges).toHaveLength(1);
          expect(refunds).toEqual([expect.objectContaining({ charge_id: charges[0]!.id, amount: charges[0]!.amount })]);
        } finally {
          ctx().setNow(begun);
        }
      });
    });
  },
  {
    setup: async (c: TestContext) => {
      await loadAllFixtures(c.db);
      // Moema takes cards and gives validation charges back as store credit; Manaus takes cards too.
      await loadCatalogue(c.db, {
        ...BELLA_MOEMA,
        establishment: {
          ...BELLA_MOEMA.establishment,
          preferences: { ...BELLA_MOEMA.establishment.preferences, has_online_payment: true, card_verification_refund: 'credit' },
        },
      });
      await loadCatalogue(c.db, {
        ...MERCADO_MANAUS,
        // Manaus charges its validations from R$ 2,50 to R$ 2,52 (its preferences' own bounds).
        establishment: {
          ...MERCADO_MANAUS.establishment,
          preferences: {
            ...MERCADO_MANAUS.establishment.preferences,
            has_online_payment: true,
            card_verification_min_value: 250,
            card_verification_max_value: 252,
          },
        },
      });
    },
    deps: { sealingKey },
  },
);
