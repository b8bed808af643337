// Problem reports and suggestions (the account area's 'Reportar um problema' and 'Sugestões'):
// the customer posts with the session, the establishment lists them with its API key, a customer
// lists only their own. Every message rule, the order a report names, the hourly limit, and
// nothing half-written. Runs on SQLite and PostgreSQL; the clock starts on Friday 2025-01-03
// 20:00 in São Paulo (cantina-centro is open).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { registerUser, type Session, cookieHeaders } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, placeOk } from './helpers/orders.ts';
import { estId, loadOrderFixtures, order24h, pickupOrder } from './helpers/order-fixtures.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import { FEEDBACK_HOURLY_LIMIT } from '../../src/server/services/feedback.ts';

const CENTRO = estId('cantina-centro');
const H24 = estId('cantina-24h');
const FRIDAY_20H = '2025-01-03T23:00:00Z';

forEachDatabase(
  'problem reports and suggestions',
  (getCtx) => {
    let ctx: TestContext;
    let maria: Session;
    let mariaId: string;
    let mariaEmail: string;
    let joao: Session;
    let centroKey: string;
    let h24Key: string;
    let mariaOrder: { _id: string; order: number };

    beforeAll(async () => {
      ctx = getCtx();
      const m = await registerUser(ctx, CENTRO, { name: 'Maria Souza' });
      maria = m.session;
      mariaId = m.user._id;
      mariaEmail = m.data.email;
      joao = (await registerUser(ctx, CENTRO, { name: 'João Lima' })).session;
      centroKey = await createEstablishmentKey(ctx.db, CENTRO, 'test');
      h24Key = await createEstablishmentKey(ctx.db, H24, 'test');
      const placed = await placeOk(ctx, maria, pickupOrder());
      mariaOrder = { _id: placed._id, order: placed.order.order };
    });

    afterAll(() => closePgPool(ctx.db));

    /** Moves the clock a minute on, so each message has its own instant and the hourly limit is reached only on purpose. */
    const tick = (minutes = 1) => ctx.setNow(new Date(ctx.now().getTime() + minutes * 60_000));
    const post = async (path: 'problem-reports' | 'suggestions', session: Session | null, body: unknown, establishmentId = CENTRO) => {
      tick();
      const res = await ctx.call(`/api/establishments/${establishmentId}/${path}`, { method: 'POST', body, headers: session ? cookieHeaders(session) : {} });
      return { status: res.status, json: await res.json(), res };
    };
    const listOf = async (path: 'problem-reports' | 'suggestions', headers: Record<string, string>, query = '', establishmentId = CENTRO) => {
      const res = await ctx.call(`/api/establishments/${establishmentId}/${path}${query}`, { headers });
      return { status: res.status, json: await res.json(), res };
    };
    const stored = () => ctx.db.selectFrom('customer_feedback').selectAll().execute();

    describe('POST /establishments/{id}/problem-reports [R-2.25]', () => {
      it('stores what went wrong, the order and the trimmed message, and answers it', async () => {
        const r = await post('problem-reports', maria, { topic: 'late', order_id: mariaOrder._id, message: '  A pizza chegou uma hora depois do previsto.  ' });
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        expect(r.res.headers.get('cache-control')).toBe('no-store');
        expect(r.json).toEqual({
          _id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
          kind: 'report',
          topic: 'late',
          order: mariaOrder,
          message: 'A pizza chegou uma hora depois do previsto.',
          created_at: ctx.now().toISOString(),
        });
        const row = (await stored()).find((x) => x.id === r.json._id)!;
        expect(row).toMatchObject({ establishment_id: CENTRO, user_id: mariaId, kind: 'report', topic: 'late', order_id: mariaOrder._id });
      });

      it('takes a report without an order (null or left out)', async () => {
        const a = await post('problem-reports', maria, { topic: 'site', order_id: null, message: 'O botão de pagar não aparece no celular.' });
        const b = await post('problem-reports', maria, { topic: 'other', message: 'Não consegui falar com a loja pelo telefone.' });
        expect([a.status, a.json.order, b.status, b.json.order]).toEqual([201, null, 201, null]);
      });

      it('refuses a missing or unknown topic, a blank, short or long message, each by its field, and stores nothing', async () => {
        const before = (await stored()).length;
        const paths = (r: { json: { fields?: { path: string; code: string }[] } }) => (r.json.fields ?? []).map((f) => `${f.path}:${f.code}`);
        const noTopic = await post('problem-reports', maria, { message: 'Faltou o refrigerante do pedido.' });
        expect([noTopic.status, noTopic.json.message, paths(noTopic)]).toEqual([400, 'invalid_body', ['topic:required']]);
        const badTopic = await post('problem-reports', maria, { topic: 'frio', message: 'Faltou o refrigerante do pedido.' });
        expect(paths(badTopic)).toEqual([expect.stringMatching(/^topic:/)]);
        expect(paths(await post('problem-reports', maria, { topic: 'late', message: '   ' }))).toEqual(['message:required']);
        expect(paths(await post('problem-reports', maria, { topic: 'late', message: '  Atrasou  ' }))).toEqual(['message:message_too_short']);
        expect(paths(await post('problem-reports', maria, { topic: 'late', message: 'a'.repeat(1001) }))).toEqual(['message:message_too_long']);
        expect(paths(await post('problem-reports', maria, { topic: 'late', message: 42 }))).toEqual([expect.stringMatching(/^message:/)]);
        expect(paths(await post('problem-reports', maria, { topic: 'late', order_id: 'x y', message: 'Faltou o refrigerante.' }))).toEqual([
          expect.stringMatching(/^order_id:/),
        ]);
        // The limits are characters once trimmed: 10 and 1000 are taken (an emoji is one character).
        expect((await post('problem-reports', maria, { topic: 'quality', message: ` ${'🍕'.repeat(10)} ` })).status).toBe(201);
        expect((await post('problem-reports', maria, { topic: 'quality', message: 'b'.repeat(1000) })).status).toBe(201);
        expect((await stored()).length).toBe(before + 2);
      });

      it("refuses another customer's order, or an order of another establishment, as order_not_found", async () => {
        const before = (await stored()).length;
        const foreign = await post('problem-reports', joao, { topic: 'wrong_items', order_id: mariaOrder._id, message: 'Veio tudo errado no meu pedido.' });
        expect([foreign.status, foreign.json]).toEqual([404, { message: 'order_not_found' }]);
        const elsewhere = await placeOk(ctx, { ...maria, establishmentId: H24 }, order24h());
        const wrongPlace = await post('problem-reports', maria, { topic: 'wrong_items', order_id: elsewhere._id, message: 'Veio tudo errado no meu pedido.' });
        expect([wrongPlace.status, wrongPlace.json]).toEqual([404, { message: 'order_not_found' }]);
        expect((await stored()).length).toBe(before);
      });

      it('needs a session of the establishment’s company (401) and an active establishment (404)', async () => {
        const anonymous = await post('problem-reports', null, { topic: 'late', message: 'Sem sessão nenhuma aqui.' });
        expect([anonymous.status, anonymous.json]).toEqual([401, { message: 'unauthorized' }]);
        const unknown = await post('problem-reports', maria, { topic: 'late', message: 'Loja que não existe.' }, 'nao-existe');
        expect(unknown.status).toBe(401);
        const inactive = await ctx.db.updateTable('establishments').set({ active: 0 }).where('id', '=', H24).execute();
        expect(inactive).toBeDefined();
        try {
          const gone = await post('problem-reports', { ...maria, establishmentId: H24 }, { topic: 'late', message: 'Loja desativada agora.' }, H24);
          expect([gone.status, gone.json]).toEqual([404, { message: 'establishment_not_found' }]);
        } finally {
          await ctx.db.updateTable('establishments').set({ active: 1 }).where('id', '=', H24).execute();
        }
      });
    });

    describe('POST /establishments/{id}/suggestions [R-2.26]', () => {
      it('stores the trimmed message and answers it; the same message rules', async () => {
        const r = await post('suggestions', joao, { message: ' Poderiam ter pizza de abobrinha. ', topic: 'late', order_id: mariaOrder._id });
        expect(r.status).toBe(201);
        // A suggestion has no topic nor order, whatever is sent.
        expect(r.json).toEqual({
          _id: expect.any(String),
          kind: 'suggestion',
          topic: null,
          order: null,
          message: 'Poderiam ter pizza de abobrinha.',
          created_at: ctx.now().toISOString(),
        });
        const short = await post('suggestions', joao, { message: 'Mais' });
        expect([short.status, short.json.fields?.[0]?.code]).toEqual([400, 'message_too_short']);
        expect((await post('suggestions', joao, {})).json.fields?.[0]?.path).toBe('message');
        expect((await post('suggestions', null, { message: 'Sem sessão nenhuma aqui.' })).status).toBe(401);
      });
    });

    describe('GET /establishments/{id}/problem-reports and /suggestions', () => {
      it('answer the establishment (API key) every message of the kind, newest first, with who sent it', async () => {
        const reports = await listOf('problem-reports', apiKeyHeaders(centroKey));
        expect(reports.status).toBe(200);
        expect(reports.res.headers.get('cache-control')).toBe('private, no-store');
        expect(reports.json.page).toBe(1);
        expect(reports.json.limit).toBe(20);
        expect(reports.json.total).toBe(reports.json.items.length);
        const items = reports.json.items as { kind: string; created_at: string; customer: unknown; message: string }[];
        expect(items.every((x) => x.kind === 'report')).toBe(true);
        expect(items.map((x) => x.created_at)).toEqual([...items.map((x) => x.created_at)].sort().reverse());
        const first = items.find((x) => x.message === 'A pizza chegou uma hora depois do previsto.')!;
        expect(first).toMatchObject({
          topic: 'late',
          order: mariaOrder,
          customer: { _id: mariaId, name: 'Maria Souza', email: mariaEmail, phone: expect.any(String) },
        });

        const suggestions = await listOf('suggestions', apiKeyHeaders(centroKey));
        expect(suggestions.json.items).toEqual([
          expect.objectContaining({
            kind: 'suggestion',
            message: 'Poderiam ter pizza de abobrinha.',
            customer: expect.objectContaining({ name: 'João Lima' }),
          }),
        ]);
        // Pages.
        const page2 = await listOf('problem-reports', apiKeyHeaders(centroKey), '?limit=2&page=2');
        expect(page2.json.items).toEqual(reports.json.items.slice(2, 4));
        expect(page2.json.total).toBe(reports.json.total);
        expect((await listOf('problem-reports', apiKeyHeaders(centroKey), '?limit=0')).status).toBe(400);
      });

      it("answer a customer only their own, without the sender; another establishment's key or none is refused", async () => {
        const own = await listOf('problem-reports', cookieHeaders(joao));
        expect([own.status, own.json.items]).toEqual([200, []]);
        const mine = await listOf('problem-reports', cookieHeaders(maria));
        expect(mine.json.items.length).toBeGreaterThan(0);
        expect(mine.json.items.every((x: { customer?: unknown }) => x.customer === undefined)).toBe(true);
        const otherKey = await listOf('problem-reports', apiKeyHeaders(h24Key));
        expect([otherKey.status, otherKey.json]).toEqual([401, { message: 'invalid_api_key' }]);
        expect((await listOf('suggestions', {})).status).toBe(401);
        // The other establishment's list does not show this one's messages.
        expect((await listOf('problem-reports', apiKeyHeaders(h24Key), '', H24)).json.items).toEqual([]);
      });
    });

    describe('the hourly limit', () => {
      /** Moves the clock to the start of the next hour: the limit counts the messages of each hour of the clock. */
      const nextHour = () => ctx.setNow(new Date(Math.ceil((ctx.now().getTime() + 1) / 3_600_000) * 3_600_000));

      it(`takes ${FEEDBACK_HOURLY_LIMIT} messages in an hour from one customer at one establishment, then 429 with Retry-After until the hour is over`, async () => {
        const ana = (await registerUser(ctx, CENTRO, { name: 'Ana Paula' })).session;
        nextHour();
        for (let i = 0; i < FEEDBACK_HOURLY_LIMIT; i++) {
          const path = i % 2 ? 'suggestions' : 'problem-reports';
          const r = await post(path, ana, { topic: 'other', message: `Mensagem número ${i + 1} da Ana.` });
          expect(r.status, `message ${i + 1}`).toBe(201);
        }
        // The eleventh, 11 minutes into the hour.
        const refused = await post('suggestions', ana, { message: 'Mais uma mensagem da Ana.' });
        expect([refused.status, refused.json]).toEqual([429, { message: 'too_many_messages' }]);
        expect(refused.res.headers.get('retry-after')).toBe(String(3600 - 11 * 60));
        // Another customer is not held back.
        expect((await post('suggestions', joao, { message: 'Outra pessoa pode mandar.' })).status).toBe(201);
        tick(60);
        expect((await post('suggestions', ana, { message: 'Uma hora depois já pode.' })).status).toBe(201);
      });

      it(`lets exactly ${FEEDBACK_HOURLY_LIMIT} of 25 messages sent at once through, and stores only those`, async () => {
        const { session: bia, user } = await registerUser(ctx, CENTRO, { name: 'Bia Ramos' });
        nextHour();
        const answers = await Promise.all(
          Array.from({ length: 25 }, (_, i) =>
            ctx.call(`/api/establishments/${CENTRO}/suggestions`, {
              method: 'POST',
              body: { message: `Sugestão paralela número ${i + 1}.` },
              headers: cookieHeaders(bia),
            }),
          ),
        );
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses).toEqual([...Array<number>(FEEDBACK_HOURLY_LIMIT).fill(201), ...Array<number>(25 - FEEDBACK_HOURLY_LIMIT).fill(429)]);
        expect((await stored()).filter((r) => r.user_id === user._id)).toHaveLength(FEEDBACK_HOURLY_LIMIT);
      });
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), startAt: FRIDAY_20H },
);
