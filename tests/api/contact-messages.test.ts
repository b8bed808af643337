// The contact page's message (POST /establishments/{id}/feedbacks) needs no account, so
// anyone on the internet can send it: each client address, and each establishment from everyone
// together, gets an hour's share, counted in the shared limiter. The requests are sent at once, on
// SQLite and PostgreSQL; client addresses are told apart by X-Forwarded-For, which the API
// believes from loopback (an in-process request counts as one).
import { describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { CONTACT_MESSAGES_PER_ADDRESS_HOURLY, CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY } from '../../src/server/services/feedback.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');

forEachDatabase(
  'contact messages',
  (getCtx) => {
    let ctx: TestContext;
    /** The clock at the start of the next hour: each hour of the clock has its own share. */
    const nextHour = () => {
      ctx = getCtx();
      ctx.setNow(new Date(Math.ceil((ctx.now().getTime() + 1) / 3_600_000) * 3_600_000));
    };
    const send = (establishmentId: string, address: string, message: string) =>
      ctx.call(`/api/establishments/${establishmentId}/feedbacks`, { method: 'POST', body: { message }, headers: { 'X-Forwarded-For': address } });
    const storedAt = async (establishmentId: string) =>
      (await ctx.db.selectFrom('feedbacks').select('id').where('establishment_id', '=', establishmentId).execute()).length;

    describe('POST /establishments/{id}/feedbacks', () => {
      it(`takes ${CONTACT_MESSAGES_PER_ADDRESS_HOURLY} messages an hour from one client address, sent at once, then 429 too_many_messages with Retry-After; another address still sends`, async () => {
        nextHour();
        const before = await storedAt(centro);
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => send(centro, '203.0.113.5', `Mensagem ${i + 1}`)));
        const created = answers.filter((r) => r.status === 201);
        const refused = answers.filter((r) => r.status === 429);
        expect([created.length, refused.length]).toEqual([CONTACT_MESSAGES_PER_ADDRESS_HOURLY, 16 - CONTACT_MESSAGES_PER_ADDRESS_HOURLY]);
        expect(await refused[0]!.json()).toEqual({ message: 'too_many_messages' });
        expect(refused[0]!.headers.get('retry-after')).toBe('3600');
        expect((await storedAt(centro)) - before).toBe(CONTACT_MESSAGES_PER_ADDRESS_HOURLY);
        // The share is the address's, whichever establishment it writes to.
        expect((await send(paulista, '203.0.113.5', 'Outra loja')).status).toBe(429);
        expect((await send(centro, '203.0.113.6', 'Outra pessoa')).status).toBe(201);
        // The next hour the address has its share again.
        ctx.setNow(new Date(ctx.now().getTime() + 3_600_000));
        expect((await send(centro, '203.0.113.5', 'Uma hora depois')).status).toBe(201);
      });

      it('counts an IPv6 client by its /64 network, where one subscriber can pick any address', async () => {
        nextHour();
        const answers = await Promise.all(
          Array.from({ length: CONTACT_MESSAGES_PER_ADDRESS_HOURLY + 2 }, (_, i) => send(centro, `2001:db8:7:1::${(i + 1).toString(16)}`, `Mensagem ${i + 1}`)),
        );
        expect(answers.filter((r) => r.status === 201)).toHaveLength(CONTACT_MESSAGES_PER_ADDRESS_HOURLY);
        expect((await send(centro, '2001:db8:7:2::1', 'Outra rede')).status).toBe(201);
      });

      it(`takes ${CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY} messages an hour at one establishment from every address together, sent at once, then 429 for anyone; another establishment still takes them`, async () => {
        nextHour();
        const before = await storedAt(paulista);
        const n = CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY + 8;
        const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(paulista, `198.51.100.${i + 1}`, `Mensagem ${i + 1}`)));
        expect(answers.filter((r) => r.status === 201)).toHaveLength(CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY);
        const refused = answers.filter((r) => r.status === 429);
        expect(refused).toHaveLength(8);
        expect(await refused[0]!.json()).toEqual({ message: 'too_many_messages' });
        expect((await storedAt(paulista)) - before).toBe(CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY);
        expect((await send(paulista, '198.51.100.200', 'Uma pessoa nova')).status).toBe(429);
        expect((await send(centro, '198.51.100.200', 'Outra loja')).status).toBe(201);
      });
    });
  },
  { setup: (ctx) => loadAllFixtures(ctx.db) },
);
