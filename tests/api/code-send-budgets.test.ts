// The budgets one-time code sends are held to (src/server/code-send-budgets.ts), beyond the 3 per
// phone or address per 15 minutes: per account, distinct destinations per account, per client
// address, and server-wide per channel per minute. Each refusal is a 429 with its own code and
// Retry-After; parallel sends are held to them as sequential ones are. The server-wide SMS budget is
// set to 3 a minute here through its environment variable (read when the server's modules load), so
// it is reached with a handful of accounts; the tests that send SMS otherwise send one a minute.
import { afterAll, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => {
  const before = process.env.SMS_CODES_PER_MINUTE;
  process.env.SMS_CODES_PER_MINUTE = '3';
  return before;
});

import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { cookieHeaders, newUserData, registerUser, type Session } from './helpers/accounts.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';

afterAll(() => {
  if (saved === undefined) delete process.env.SMS_CODES_PER_MINUTE;
  else process.env.SMS_CODES_PER_MINUTE = saved;
});

const centro = estId('bella-centro');

forEachDatabase(
  'one-time code send budgets',
  (ctx) => {
    /** A send from the session's customer, from `address` when given (else the customer's own). */
    const send = async (s: Session, channel: 'phone' | 'email', to: string, address?: string) => {
      const headers = { ...cookieHeaders(s), ...(address ? { 'X-Forwarded-For': address } : {}) };
      const res =
        channel === 'phone'
          ? await ctx().call('/api/users/me/generate_code_validate_phone', { method: 'PUT', body: { phone: to, method: 'sms' }, headers })
          : await ctx().call('/api/users/email/validate/create', { method: 'POST', body: { email: to }, headers });
      return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
    };
    /** How many answers of each status and code. */
    const tally = (answers: { status: number; body: { message: string } }[]) => {
      const counts: Record<string, number> = {};
      for (const a of answers) counts[`${a.status} ${a.body.message}`] = (counts[`${a.status} ${a.body.message}`] ?? 0) + 1;
      return counts;
    };
    const sentTo = async (recipient: string) => (await listOutboxMessages(ctx().db, 1000)).filter((m) => m.recipient === recipient).length;
    /** Runs `body` with the clock at `at`, and puts it back. */
    const at = async (instant: string, body: () => Promise<void>) => {
      const before = ctx().now();
      ctx().setNow(instant);
      try {
        await body();
      } finally {
        ctx().setNow(before);
      }
    };

    it('one account gets 5 codes per channel per hour, even when 19 are asked for at once', async () => {
      await at('2025-02-01T10:00:00Z', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const email = data.email.toLowerCase();
        expect((await send(session, 'email', email)).status).toBe(200);
        const answers = await Promise.all(Array.from({ length: 19 }, () => send(session, 'email', email)));
        // 4 more pass the account's budget; of them 2 the address's own 3 per 15 minutes.
        expect(tally(answers)).toEqual({ '200 code_sent': 2, '429 too_many_codes': 2, '429 too_many_codes_account': 15 });
        expect(await sentTo(email)).toBe(3);
        expect(answers.find((a) => a.body.message === 'too_many_codes_account')!.retryAfter).toBe(String(60 * 60));

        // The address's window is over at 10:15, the account's hour is not.
        ctx().setNow('2025-02-01T10:20:00Z');
        expect((await send(session, 'email', email)).body).toEqual({ message: 'too_many_codes_account' });
        // The other channel has a budget of its own.
        expect((await send(session, 'phone', data.phone)).status).toBe(200);
        ctx().setNow('2025-02-01T11:00:00Z');
        expect((await send(session, 'email', email)).status).toBe(200);
      });
    });

    it('one account gets 10 codes per channel per day', async () => {
      await at('2025-02-02T10:00:00Z', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const email = data.email.toLowerCase();
        // 5 an hour (3, then 2 once the address's 15 minutes are over), for two hours.
        for (const instant of ['T10:00', 'T10:00', 'T10:00', 'T10:15', 'T10:15', 'T11:00', 'T11:00', 'T11:00', 'T11:15', 'T11:15']) {
          ctx().setNow(`2025-02-02${instant}:00Z`);
          expect((await send(session, 'email', email)).status, instant).toBe(200);
        }
        ctx().setNow('2025-02-02T12:00:00Z');
        const eleventh = await send(session, 'email', email);
        expect(eleventh.body).toEqual({ message: 'too_many_codes_account' });
        // The day's window ends at midnight UTC.
        expect(eleventh.retryAfter).toBe(String(12 * 60 * 60));
        ctx().setNow('2025-02-03T00:00:00Z');
        expect((await send(session, 'email', email)).status).toBe(200);
      });
    });

    it('one account sends codes to at most 3 phones a day; a 4th is refused before it is looked up, the 3 it has still get theirs', async () => {
      await at('2025-02-03T10:00:00Z', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const someoneElse = await registerUser(ctx(), centro);
        const phones = [data.phone, newUserData().phone, newUserData().phone];
        for (const [i, phone] of phones.entries()) {
          ctx().setNow(`2025-02-03T10:0${i}:00Z`);
          expect((await send(session, 'phone', phone)).status).toBe(200);
        }
        // Another customer's phone would be 409 phone_taken: the budget answers first, so no one
        // can learn which phones have an account beyond 3 a day.
        ctx().setNow('2025-02-03T10:05:00Z');
        const fourth = await send(session, 'phone', someoneElse.data.phone);
        expect(fourth.body).toEqual({ message: 'too_many_destinations' });
        expect(fourth.status).toBe(429);
        ctx().setNow('2025-02-03T10:06:00Z');
        expect((await send(session, 'phone', newUserData().phone)).body).toEqual({ message: 'too_many_destinations' });
        // The refused ones were counted against the account's hour: in the next, a phone it has gets its code.
        ctx().setNow('2025-02-03T11:00:00Z');
        expect((await send(session, 'phone', phones[1]!)).status).toBe(200);
        ctx().setNow('2025-02-04T00:00:00Z');
        expect((await send(session, 'phone', someoneElse.data.phone)).body).toEqual({ message: 'phone_taken' });
      });
    });

    it('one client address gets 20 codes per channel per hour across accounts, from 21 parallel sends', async () => {
      await at('2025-02-04T10:00:00Z', async () => {
        const customers = [];
        for (let i = 0; i < 7; i++) customers.push((await registerUser(ctx(), centro)).session);
        const address = '203.0.113.50';
        // 7 accounts, 3 new addresses each: every other budget has room.
        const to = customers.map((_, i) => [0, 1, 2].map((j) => `destino.${i}.${j}.${Date.now()}@example.com`));
        const answers = await Promise.all(customers.flatMap((s, i) => to[i]!.map((email) => send(s, 'email', email, address))));
        expect(tally(answers)).toEqual({ '200 code_sent': 20, '429 too_many_codes_ip': 1 });
        expect(answers.find((a) => a.status === 429)!.retryAfter).toBe(String(60 * 60));
        // From their own addresses the same accounts still may.
        expect((await send(customers[0]!, 'email', to[0]![0]!)).status).toBe(200);
      });
    });

    it('a phone or address receives at most 10 codes a day, whoever asks; requests refused for another reason spend none of its budget', async () => {
      await at('2025-02-06T10:00:00Z', async () => {
        const b = (await registerUser(ctx(), centro)).session;
        const c = (await registerUser(ctx(), centro)).session;
        const x = `alvo.${Date.now()}@example.com`;
        for (const [instant, s, times] of [
          ['10:00', b, 3],
          ['10:15', c, 3],
          ['10:30', b, 2],
          ['10:45', c, 2],
        ] as const) {
          ctx().setNow(`2025-02-06T${instant}:00Z`);
          for (let i = 0; i < times; i++) expect((await send(s, 'email', x)).status, instant).toBe(200);
        }
        expect(await sentTo(x)).toBe(10);
        ctx().setNow('2025-02-06T11:00:00Z');
        const eleventh = await send(b, 'email', x);
        expect(eleventh.body).toEqual({ message: 'too_many_codes' });
        expect(eleventh.retryAfter).toBe(String(13 * 60 * 60));

        // Another customer asking for codes to A's address is refused (409) without spending A's 3.
        const a = await registerUser(ctx(), centro);
        const d = (await registerUser(ctx(), centro)).session;
        const aEmail = a.data.email.toLowerCase();
        for (let i = 0; i < 3; i++) expect((await send(d, 'email', aEmail)).body).toEqual({ message: 'email_taken' });
        for (let i = 0; i < 3; i++) expect((await send(a.session, 'email', aEmail)).status).toBe(200);
      });
    });

    it('the server sends at most SMS_CODES_PER_MINUTE codes a minute in all, whoever asks', async () => {
      await at('2025-02-05T10:00:30Z', async () => {
        const customers = [];
        for (let i = 0; i < 5; i++) customers.push(await registerUser(ctx(), centro));
        const answers = await Promise.all(customers.map((c) => send(c.session, 'phone', c.data.phone)));
        expect(tally(answers)).toEqual({ '200 code_sent': 3, '429 too_many_codes_global': 2 });
        expect(answers.find((a) => a.status === 429)!.retryAfter).toBe('30');
        const refused = customers.filter((_, i) => answers[i]!.status === 429);
        ctx().setNow('2025-02-05T10:01:00Z');
        for (const c of refused) expect((await send(c.session, 'phone', c.data.phone)).status).toBe(200);
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db) },
);
