// Phone and e-mail verification through one-time codes: the codes are read from the development
// outbox, as a person trying the demo reads them, never from the database. The send budgets have
// their own file (code-send-budgets.test.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { listOutboxMessages } from '../../src/server/db/outbox-repo.ts';
import { oneTimeCodeSecret } from '../../src/server/services/contact-verification.ts';
import { codeDigits } from '../../src/domain/one-time-code.ts';

const centro = estId('bella-centro');
const manaus = estId('mercado-manaus');

/** The code of the latest outbox message to that recipient ('+5511...' or an address). */
async function codeSentTo(ctx: TestContext, recipient: string, channel: 'sms' | 'email'): Promise<string> {
  const messages = await listOutboxMessages(ctx.db, 200);
  const latest = messages.find((m) => m.recipient === recipient && m.channel === channel);
  const code = latest?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no ${channel} code to ${recipient} in the outbox`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

forEachDatabase(
  'phone and e-mail verification',
  (ctx) => {
    const call = async (s: Session, method: string, path: string, body?: unknown) => {
      const res = await ctx().call(path, { method, body, headers: cookieHeaders(s) });
      return { status: res.status, body: await res.json(), res };
    };
    const me = async (s: Session) => (await call(s, 'GET', '/api/users/me')).body;

    describe('phone', () => {
      it('sends a 4-digit code by SMS, and only the right code sets phone_verified [R-7.63, R-7.64, R-7.70, R-4.67, R-5.27]', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const before = await call(session, 'GET', '/api/users/me/check-phone');
        expect(before.body).toEqual({ success: false, message: 'phone_not_verified' });

        const sent = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' });
        expect(sent.status).toBe(200);
        expect(sent.body).toEqual({ success: true, message: 'code_sent' });
        const code = await codeSentTo(ctx(), `+55${data.phone}`, 'sms');
        expect(code).toMatch(/^\d{4}$/);
        const sms = (await listOutboxMessages(ctx().db, 200)).find((m) => m.recipient === `+55${data.phone}`);
        expect(sms).toMatchObject({
          channel: 'sms',
          recipient: `+55${data.phone}`,
          text: `${code} é o seu código de verificação. Ele vale por 10 minutos. Não o compartilhe.`,
        });
        // The database keeps only a hash of it.
        const rows = await ctx().db.selectFrom('verification_codes').selectAll().execute();
        expect(rows.some((r) => r.code_hash.includes(code) && r.code_hash.length < 10)).toBe(false);

        const wrong = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: wrongCode(code) });
        expect(wrong.status).toBe(400);
        expect(wrong.body).toEqual({ message: 'code_invalid', params: { tries_left: 4 } });
        expect((await me(session)).phone_verified).toBe(false);

        const right = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code });
        expect(right.status).toBe(200);
        expect(right.body.success).toBe(true);
        expect(right.body.message).toBe('phone_verified');
        expect(right.body.user.phone_verified).toBe(true);
        expect((await me(session)).phone_verified).toBe(true);
        expect((await call(session, 'GET', '/api/users/me/check-phone')).body).toEqual({ success: true, message: 'phone_verified' });

        // Single use.
        const again = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code });
        expect(again.status).toBe(400);
        expect(again.body).toEqual({ message: 'code_expired' });
      });

      it('a code ends after 10 minutes', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const start = ctx().now();
        try {
          await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' });
          const code = await codeSentTo(ctx(), `+55${data.phone}`, 'sms');
          ctx().setNow(new Date(start.getTime() + 10 * 60 * 1000));
          const late = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code });
          expect(late.status).toBe(400);
          expect(late.body).toEqual({ message: 'code_expired' });
          expect((await me(session)).phone_verified).toBe(false);
        } finally {
          ctx().setNow(start);
        }
      });

      it('a code ends after 5 wrong tries, even when the right one comes next', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone });
        const code = await codeSentTo(ctx(), `+55${data.phone}`, 'sms');
        const left: number[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: wrongCode(code) });
          expect(r.status).toBe(400);
          left.push(r.body.params.tries_left);
        }
        expect(left).toEqual([4, 3, 2, 1, 0]);
        const right = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code });
        expect(right.body).toEqual({ message: 'code_expired' });
        expect((await me(session)).phone_verified).toBe(false);
      });

      it('only the latest code sent can be used; resending counts, and a 4th send in 15 minutes is 429 [R-4.31]', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const start = ctx().now();
        try {
          const codes: string[] = [];
          for (let i = 0; i < 3; i++) {
            ctx().setNow(new Date(start.getTime() + i * 60_000));
            const r = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' });
            expect(r.status).toBe(200);
            codes.push(await codeSentTo(ctx(), `+55${data.phone}`, 'sms'));
          }
          const fourth = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' });
          expect(fourth.status).toBe(429);
          expect(fourth.body).toEqual({ message: 'too_many_codes' });
          // The first send leaves the window 15 minutes after it: 13 minutes from the third.
          expect(fourth.res.headers.get('retry-after')).toBe(String(13 * 60));

          if (codes[0] !== codes[2]) {
            const old = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: codes[0] });
            expect(old.status).toBe(400);
          }
          const latest = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: codes[2] });
          expect(latest.status).toBe(200);

          ctx().setNow(new Date(start.getTime() + 15 * 60_000));
          const later = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone, method: 'sms' });
          expect(later.status).toBe(200);
        } finally {
          ctx().setNow(start);
        }
      });

      it('a new phone proven by its code replaces the registered one; one taken by another customer is 409', async () => {
        const { session } = await registerUser(ctx(), centro);
        const other = await registerUser(ctx(), centro);
        const taken = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: other.data.phone });
        expect(taken.status).toBe(409);
        expect(taken.body).toEqual({ message: 'phone_taken' });

        const digits = `1197${String(Date.now()).slice(-7)}`;
        const sent = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: digits });
        expect(sent.status).toBe(200);
        const code = await codeSentTo(ctx(), `+55${digits}`, 'sms');
        const ok = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: digits, code });
        expect(ok.status).toBe(200);
        expect(ok.body.user).toMatchObject({ phone: digits, phone_verified: true });
      });

      it('concurrent checks: the right code is used once, and wrong tries are never lost', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone });
        const code = await codeSentTo(ctx(), `+55${data.phone}`, 'sms');
        const wrongs = await Promise.all(
          Array.from({ length: 7 }, () => call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: wrongCode(code) })),
        );
        expect(wrongs.filter((r) => r.body.message === 'code_invalid')).toHaveLength(5);
        expect(wrongs.filter((r) => r.body.message === 'code_expired')).toHaveLength(2);

        const other = await registerUser(ctx(), centro);
        await call(other.session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: other.data.phone });
        const otherCode = await codeSentTo(ctx(), `+55${other.data.phone}`, 'sms');
        const twice = await Promise.all(
          [0, 1].map(() => call(other.session, 'PUT', '/api/users/me/validate_phone', { phone: other.data.phone, code: otherCode })),
        );
        expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
      });

      it("a code sent to one customer does not verify another's account, even with the same phone", async () => {
        const a = await registerUser(ctx(), centro);
        const b = await registerUser(ctx(), manaus, { phone: a.data.phone });
        await call(a.session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: a.data.phone });
        const code = await codeSentTo(ctx(), `+55${a.data.phone}`, 'sms');
        const byB = await call(b.session, 'PUT', '/api/users/me/validate_phone', { phone: a.data.phone, code });
        expect(byB.status).toBe(400);
        expect(byB.body).toEqual({ message: 'code_expired' });
        expect((await me(b.session)).phone_verified).toBe(false);
        expect((await call(a.session, 'PUT', '/api/users/me/validate_phone', { phone: a.data.phone, code })).status).toBe(200);
      });

      it('confirm-phone accepts the registered number with or without +55 and the ninth digit, else phone_mismatch [R-7.65, R-5.26]', async () => {
        const { session } = await registerUser(ctx(), centro, { phone: '11987651234' });
        for (const phone of ['(11) 98765-1234', '+55 11 98765-1234', '(11) 8765-1234']) {
          const r = await call(session, 'PUT', '/api/users/me/confirm-phone', { phone });
          expect(r.status, phone).toBe(200);
          expect(r.body).toEqual({ success: true, message: 'phone_confirmed' });
        }
        const mismatch = await call(session, 'PUT', '/api/users/me/confirm-phone', { phone: '(11) 98765-9999' });
        expect(mismatch.status).toBe(400);
        expect(mismatch.body.message).toBe('invalid_body');
        expect(mismatch.body.fields).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_mismatch' })]);
      });

      it('bad input is a 400 with codes, and nothing is sent', async () => {
        const { session } = await registerUser(ctx(), centro);
        const count = async () => (await listOutboxMessages(ctx().db, 1000)).length;
        const before = await count();
        const incomplete = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: '1198765' });
        expect(incomplete.status).toBe(400);
        expect(incomplete.body.fields).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_incomplete' })]);
        const method = await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: '11987654321', method: 'voice' });
        expect(method.status).toBe(400);
        expect(method.body.fields.map((f: { path: string }) => f.path)).toEqual(['method']);
        const shortCode = await call(session, 'PUT', '/api/users/me/validate_phone', { phone: '11987654321', code: '12' });
        expect(shortCode.status).toBe(400);
        expect(shortCode.body.fields.map((f: { path: string }) => f.path)).toEqual(['code']);
        expect(await count()).toBe(before);
      });

      it('every call needs a session of the establishment’s company', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        for (const [method, path] of [
          ['PUT', '/api/users/me/generate_code_validate_phone'],
          ['PUT', '/api/users/me/validate_phone'],
          ['PUT', '/api/users/me/confirm-phone'],
          ['GET', '/api/users/me/check-phone'],
          ['GET', '/api/users/me/check-email'],
          ['POST', '/api/users/email/validate/create'],
          ['PUT', '/api/users/email/validate'],
        ] as const) {
          const anonymous = await ctx().call(path, { method, body: method === 'GET' ? undefined : { phone: data.phone, email: data.email, code: '1234' } });
          expect(anonymous.status, path).toBe(401);
          const otherCompany = await ctx().call(path, {
            method,
            body: method === 'GET' ? undefined : { phone: data.phone, email: data.email, code: '1234' },
            headers: cookieHeaders(session, manaus),
          });
          expect(otherCompany.status, path).toBe(401);
        }
      });
    });

    describe('against guessing', () => {
      it('20 parallel checks of one code, the right digits among them, compare the digits at most 5 times', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        await call(session, 'PUT', '/api/users/me/generate_code_validate_phone', { phone: data.phone });
        const code = await codeSentTo(ctx(), `+55${data.phone}`, 'sms');
        // 19 distinct wrong codes and the right one in the middle.
        const typed = Array.from({ length: 20 }, (_, i) => (i === 10 ? code : codeDigits((Number(code) + 1 + i) % 10_000)));
        const answers = await Promise.all(typed.map((c) => call(session, 'PUT', '/api/users/me/validate_phone', { phone: data.phone, code: c })));
        const compared = answers.filter((a) => a.status === 200 || a.body.message === 'code_invalid');
        // Each check is counted before it is compared, and the count stops at 5: the other 15 compare nothing.
        expect(compared).toHaveLength(5);
        expect(answers.filter((a) => a.body.message === 'code_expired')).toHaveLength(15);
        const row = await ctx().db.selectFrom('verification_codes').select('tries').where('target', '=', data.phone).executeTakeFirstOrThrow();
        expect(Number(row.tries)).toBe(5);
        expect((await me(session)).phone_verified).toBe(answers[10]!.status === 200);
      });

      it('keeps each code only as an HMAC under the server secret: without the secret none of the 10,000 codes gives the stored value', async () => {
        const { session, data, user } = await registerUser(ctx(), centro);
        await call(session, 'POST', '/api/users/email/validate/create', { email: data.email });
        const email = data.email.toLowerCase();
        const code = await codeSentTo(ctx(), email, 'email');
        const row = await ctx().db.selectFrom('verification_codes').select('code_hash').where('target', '=', email).executeTakeFirstOrThrow();
        expect(row.code_hash).toMatch(/^hmac\$[0-9a-f]{64}$/);
        const hmac = (key: Buffer, c: string) => `hmac$${createHmac('sha256', key).update(`${user._id}\n${'email'}\n${email}\n${c}`).digest('hex')}`;
        const all = Array.from({ length: 10_000 }, (_, n) => codeDigits(n));
        // With the secret the one code sent is found; with any other key (what a database copy alone gives) none is.
        expect(all.filter((c) => hmac(oneTimeCodeSecret(), c) === row.code_hash)).toEqual([code]);
        const guessed = randomBytes(32);
        expect(all.filter((c) => hmac(guessed, c) === row.code_hash)).toEqual([]);
      });
    });

    describe('e-mail', () => {
      it('sends a code by e-mail, and only the right code sets email_verified [R-7.68, R-7.69, R-4.68, R-7.71]', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const email = data.email.toLowerCase();
        expect((await call(session, 'GET', '/api/users/me/check-email')).body).toEqual({ success: false, message: 'email_not_verified' });
        const sent = await call(session, 'POST', '/api/users/email/validate/create', { email: data.email });
        expect(sent.status).toBe(200);
        expect(sent.body).toEqual({ success: true, message: 'code_sent' });
        const code = await codeSentTo(ctx(), email, 'email');
        const mail = (await listOutboxMessages(ctx().db, 200)).find((m) => m.recipient === email);
        expect(mail!.text).toBe(
          `Seu código de verificação\n\nOlá!\n\nSeu código de verificação é ${code}. Ele vale por 10 minutos.\n\nSe você não pediu este código, ignore este e-mail.`,
        );
        const wrong = await call(session, 'PUT', '/api/users/email/validate', { email, code: wrongCode(code) });
        expect(wrong.body).toEqual({ message: 'code_invalid', params: { tries_left: 4 } });
        expect((await me(session)).email_verified).toBe(false);
        const right = await call(session, 'PUT', '/api/users/email/validate', { email, code });
        expect(right.status).toBe(200);
        expect(right.body.user.email_verified).toBe(true);
        expect((await call(session, 'GET', '/api/users/me/check-email')).body).toEqual({ success: true, message: 'email_verified' });
      });

      it('a 4th code to the same address within 15 minutes is 429; a bad address is 400', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        for (let i = 0; i < 3; i++) expect((await call(session, 'POST', '/api/users/email/validate/create', { email: data.email })).status).toBe(200);
        const fourth = await call(session, 'POST', '/api/users/email/validate/create', { email: data.email });
        expect(fourth.status).toBe(429);
        expect(fourth.body).toEqual({ message: 'too_many_codes' });
        const bad = await call(session, 'POST', '/api/users/email/validate/create', { email: 'not-an-address' });
        expect(bad.status).toBe(400);
        expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['email']);
      });

      it('PUT /users/me with a new e-mail makes it unverified again', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        await call(session, 'POST', '/api/users/email/validate/create', { email: data.email });
        const code = await codeSentTo(ctx(), data.email.toLowerCase(), 'email');
        await call(session, 'PUT', '/api/users/email/validate', { email: data.email, code });
        expect((await me(session)).email_verified).toBe(true);
        await call(session, 'PUT', '/api/users/me', { email: `novo.${data.email}` });
        expect((await me(session)).email_verified).toBe(false);
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db) },
);

describe('the one-time code secret', () => {
  it('is ONE_TIME_CODE_SECRET in hex or base64url of at least 32 bytes, else 32 random bytes kept 0600 in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'otc-secret-'));
    try {
      const kept = oneTimeCodeSecret(dir, '');
      expect(kept).toHaveLength(32);
      const file = join(dir, 'one-time-code-secret');
      expect(Buffer.from(readFileSync(file, 'utf8'), 'base64url').equals(kept)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Another process on the same folder reads the same one.
      expect(oneTimeCodeSecret(dir, '').equals(kept)).toBe(true);

      const bytes = randomBytes(32);
      expect(oneTimeCodeSecret(dir, bytes.toString('hex')).equals(bytes)).toBe(true);
      expect(oneTimeCodeSecret(dir, bytes.toString('base64url')).equals(bytes)).toBe(true);
      for (const weak of ['curta', randomBytes(31).toString('hex'), randomBytes(31).toString('base64url'), 'não é base64!'.repeat(4)]) {
        expect(() => oneTimeCodeSecret(dir, weak), weak).toThrow(/ONE_TIME_CODE_SECRET/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
