// Account entry points: register, login (e-mail or phone, rate limit, bans), logout and the
// handover of another app's session by a single-use code exchanged for a cookie session; cookie
// attributes; passwords stored as Argon2id only; and the limits that hold against guessing: parallel
// attempts on one account, many accounts from one address, registrations from one address, old
// password hashes upgraded.
import { scryptSync, randomBytes } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { API_HEADERS, forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { bearerHeaders, cookieHeaders, cookieNamed, customerAddress, newUserData, registerUser, sessionToken, setCookies } from './helpers/accounts.ts';
import { createApi } from '../../src/server/api/app.ts';
import { maskPhone } from '../../src/domain/phone.ts';

const centro = estId('bella-centro');
const paulista = estId('bella-paulista');
const antiga = estId('bella-antiga');
const manaus = estId('mercado-manaus');
const THIRTY_DAYS = String(30 * 24 * 60 * 60);
const START = '2025-01-03T23:00:00Z';

forEachDatabase(
  'account entry points',
  (ctx) => {
    // Each call from a customer address of its own, unless the test names one: the per-address
    // limits are proven by the tests that share one on purpose.
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await ctx().call(path, { method: 'POST', body, headers: { 'X-Forwarded-For': customerAddress(), ...headers } });
      const text = await res.text();
      return { res, status: res.status, body: text ? JSON.parse(text) : null };
    };
    const me = (headers: Record<string, string>) => ctx().call('/api/users/me', { headers });
    const login = (establishment_id: string, loginText: string, password: string) => post('/api/auth/login', { establishment_id, login: loginText, password });

    describe('POST /auth/register', () => {
      it('creates the user, answers 201 { user } and sets the session and hint cookies', async () => {
        const data = newUserData({ email: 'Ana.Souza@Example.com', phone: '(11) 98111-2233' });
        const { res, status, body } = await post('/api/auth/register', { establishment_id: centro, ...data });
        expect(status).toBe(201);
        expect(body.user).toMatchObject({
          name: data.name,
          email: 'ana.souza@example.com',
          phone: '11981112233',
          fbid: null,
          photo: null,
          photo_sizes: null,
          phone_verified: false,
          email_verified: false,
          credits: 0,
          document: null,
          birthday: null,
          gender: null,
          delivery_address: null,
        });
        expect(typeof body.user._id).toBe('string');
        expect(JSON.stringify(body)).not.toContain(data.password);
        expect(res.headers.get('cache-control')).toBe('no-store');

        const sid = cookieNamed(res, `sid_${centro}`)!;
        expect(sid.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(sid.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS });
        expect('secure' in sid.attrs).toBe(false);
        const hint = cookieNamed(res, `sf_auth_${centro}`)!;
        expect(hint.value).toBe('1');
        expect(hint.attrs).toMatchObject({ samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS });
        expect('httponly' in hint.attrs).toBe(false);
        expect('secure' in hint.attrs).toBe(false);

        const who = await me(cookieHeaders({ establishmentId: centro, token: sid.value }));
        expect(who.status).toBe(200);
        expect((await who.json())._id).toBe(body.user._id);
      });

      it('marks both cookies Secure when the API runs in production mode', async () => {
        const app = createApi({ db: ctx().db, engine: ctx().engine, now: () => ctx().now(), secureCookies: true });
        const res = await app.request('/api/auth/register', {
          method: 'POST',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
          body: JSON.stringify({ establishment_id: centro, ...newUserData() }),
        });
        expect(res.status).toBe(201);
        expect('secure' in cookieNamed(res, `sid_${centro}`)!.attrs).toBe(true);
        expect('secure' in cookieNamed(res, `sf_auth_${centro}`)!.attrs).toBe(true);
      });

      it('requires a name of 4 to 200 characters [R-5.93]', async () => {
        for (const name of ['Ana', '   Ana   ', 'x'.repeat(201)]) {
          const r = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ name }) });
          expect(r.status).toBe(400);
          expect(r.body.message).toBe('invalid_body');
          expect(r.body.fields.map((f: { path: string }) => f.path)).toEqual(['name']);
        }
        for (const name of ['Anas', 'x'.repeat(200)]) {
          expect((await post('/api/auth/register', { establishment_id: centro, ...newUserData({ name }) })).status).toBe(201);
        }
      });

      it('requires a password of 4 to 10 characters [R-5.94]', async () => {
        for (const password of ['abc', 'abcdefghijk']) {
          const r = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ password }) });
          expect(r.status).toBe(400);
          expect(r.body.fields.map((f: { path: string }) => f.path)).toEqual(['password']);
        }
        for (const password of ['abcd', 'abcdefghij']) {
          expect((await post('/api/auth/register', { establishment_id: centro, ...newUserData({ password }) })).status).toBe(201);
        }
      });

      it('a refused password or e-mail is answered by what it must be, never by what was sent nor its length', async () => {
        const password = 'Segredo#Longo2031';
        const register = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ password, email: 'segredo.da.maria@' }) });
        expect(register.status).toBe(400);
        expect(register.body.fields).toEqual(
          expect.arrayContaining([
            { path: 'password', code: 'maxLength', message: 'password must be at most length 10' },
            { path: 'email', code: 'pattern', message: 'email must be an email address' },
          ]),
        );
        const overlong = 'p'.repeat(201);
        const loginRefused = await post('/api/auth/login', { establishment_id: centro, login: 'maria@example.com', password: overlong });
        expect([loginRefused.status, loginRefused.body.fields]).toEqual([
          400,
          [{ path: 'password', code: 'maxLength', message: 'password must be at most length 200' }],
        ]);
        for (const answer of [register, loginRefused]) {
          const text = JSON.stringify(answer.body);
          expect(text).not.toContain(password);
          expect(text).not.toContain('segredo.da.maria');
          expect(text).not.toContain('ppppp');
          expect(text).not.toMatch(/\(was|\b(17|201)\b/);
        }
      });

      it('rejects a malformed e-mail, a bad phone and missing fields with their paths', async () => {
        const badEmail = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ email: 'maria@' }) });
        expect(badEmail.status).toBe(400);
        expect(badEmail.body.fields[0].path).toBe('email');

        const short = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ phone: '(11) 9812-34' }) });
        expect(short.status).toBe(400);
        expect(short.body.fields).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_incomplete' })]);
        const area = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ phone: '(00) 98123-4567' }) });
        expect(area.body.fields).toEqual([expect.objectContaining({ path: 'phone', code: 'phone_invalid' })]);

        const missing = await post('/api/auth/register', { establishment_id: centro });
        expect(missing.status).toBe(400);
        expect(missing.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'name', 'password', 'phone']);
      });

      it('answers 404 establishment_not_found for an unknown or inactive establishment', async () => {
        for (const id of ['nao-existe', antiga]) {
          const r = await post('/api/auth/register', { establishment_id: id, ...newUserData() });
          expect(r).toMatchObject({ status: 404, body: { message: 'establishment_not_found' } });
        }
      });

      it('answers 409 email_taken / phone_taken within the company, whatever the case or mask', async () => {
        const { data } = await registerUser(ctx(), centro, { phone: '11987001122' });
        const sameEmail = await post('/api/auth/register', { establishment_id: paulista, ...newUserData({ email: data.email.toUpperCase() }) });
        expect(sameEmail).toMatchObject({ status: 409, body: { message: 'email_taken' } });
        // The 10-digit mobile form gets its ninth digit: the same line.
        const samePhone = await post('/api/auth/register', { establishment_id: centro, ...newUserData({ phone: '(11) 8700-1122' }) });
        expect(samePhone).toMatchObject({ status: 409, body: { message: 'phone_taken' } });
        // Another company is another tenant: the same e-mail and phone make a different user.
        const other = await post('/api/auth/register', { establishment_id: manaus, ...data });
        expect(other.status).toBe(201);
      });

      it('stores the password only as a salted Argon2id hash (m=19 MiB, t=2, p=1) and never answers it', async () => {
        const a = await registerUser(ctx(), centro, { password: 'mesma1' });
        const b = await registerUser(ctx(), centro, { password: 'mesma1' });
        const rows = await ctx().db.selectFrom('users').select(['id', 'password_hash']).where('id', 'in', [a.user._id, b.user._id]).execute();
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.password_hash).not.toBe('mesma1');
          expect(row.password_hash).not.toContain('mesma1');
          expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
        }
        expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
        for (const user of [a.user, b.user]) expect(Object.keys(user)).not.toContain('password_hash');
        // Sessions keep only the token's SHA-256.
        const sessions = await ctx().db.selectFrom('sessions').select('token_hash').where('user_id', '=', a.user._id).execute();
        expect(sessions.map((s) => s.token_hash)).not.toContain(a.session.token);
        expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      });
    });

    describe('POST /auth/login', () => {
      it('logs in by e-mail in any case and by phone in another mask, setting the cookies', async () => {
        const { user, data } = await registerUser(ctx(), centro, { phone: '11986543210' });
        const byEmail = await login(centro, `  ${data.email.toUpperCase()} `, data.password);
        expect(byEmail.status).toBe(200);
        expect(byEmail.body.user._id).toBe(user._id);
        const sid = cookieNamed(byEmail.res, `sid_${centro}`)!;
        expect(sid.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS });
        expect('httponly' in cookieNamed(byEmail.res, `sf_auth_${centro}`)!.attrs).toBe(false);

        for (const phone of [maskPhone('11986543210'), '+55 11 98654-3210', '(11) 8654-3210']) {
          const byPhone = await login(centro, phone, data.password);
          expect(byPhone.status, phone).toBe(200);
          expect(byPhone.body.user._id).toBe(user._id);
        }
        // Every login is its own session.
        expect(sessionToken(byEmail.res, centro)).not.toBe((await registerUser(ctx(), centro)).session.token);
      });

      it('logs in at another establishment of the same company, not at another company', async () => {
        const { user, data } = await registerUser(ctx(), centro);
        const there = await login(paulista, data.email, data.password);
        expect(there.status).toBe(200);
        expect(there.body.user._id).toBe(user._id);
        expect(cookieNamed(there.res, `sid_${paulista}`)).toBeDefined();
        expect(await login(manaus, data.email, data.password)).toMatchObject({ status: 401, body: { message: 'invalid_credentials' } });
      });

      it('answers the same 401 invalid_credentials for a wrong password and an unknown user', async () => {
        const { data } = await registerUser(ctx(), centro);
        const wrong = await login(centro, data.email, 'errada');
        const unknown = await login(centro, 'ninguem@example.com', 'errada');
        const unknownPhone = await login(centro, '(11) 90000-0001', 'errada');
        for (const r of [wrong, unknown, unknownPhone]) {
          expect(r.status).toBe(401);
          expect(r.body).toEqual({ message: 'invalid_credentials' });
          expect(r.res.headers.getSetCookie()).toEqual([]);
        }
      });

      it('answers 429 too_many_attempts with Retry-After after 5 failures in 15 minutes; a success resets the count', async () => {
        ctx().setNow(START);
        const { data } = await registerUser(ctx(), centro);
        for (let i = 0; i < 5; i++) {
          ctx().setNow(new Date(Date.parse(START) + i * 60_000));
          expect((await login(centro, data.email, 'errada')).status).toBe(401);
        }
        // 4 minutes after the first failure: locked even with the right password, for 11 more minutes.
        ctx().setNow(new Date(Date.parse(START) + 4 * 60_000));
        const locked = await login(centro, data.email, data.password);
        expect(locked.status).toBe(429);
        expect(locked.body).toEqual({ message: 'too_many_attempts' });
        expect(locked.res.headers.get('retry-after')).toBe(String(11 * 60));
        expect(locked.res.headers.getSetCookie()).toEqual([]);
        // Another mask of the same account is the same account.
        expect((await login(centro, data.phone, data.password)).status).toBe(429);
        // The count lives in the database: a fresh app on the same database sees it.
        const fresh = createApi({ db: ctx().db, engine: ctx().engine, now: () => ctx().now() });
        const again = await fresh.request('/api/auth/login', {
          method: 'POST',
          headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
          body: JSON.stringify({ establishment_id: centro, login: data.email, password: data.password }),
        });
        expect(again.status).toBe(429);

        // Once the first failure is 15 minutes old, 4 remain in the window: the right password works...
        ctx().setNow(new Date(Date.parse(START) + 15 * 60_000 + 1000));
        expect((await login(centro, data.email, data.password)).status).toBe(200);
        // ...and resets the count: 4 new failures do not lock, the 6th attempt after 5 does.
        for (let i = 0; i < 4; i++) expect((await login(centro, data.email, 'errada')).status).toBe(401);
        expect((await login(centro, data.email, data.password)).status).toBe(200);
        for (let i = 0; i < 5; i++) expect((await login(centro, data.email, 'errada')).status).toBe(401);
        expect((await login(centro, data.email, 'errada')).status).toBe(429);
        ctx().setNow(START);
      });

      it('answers 403 user_is_banned for a banned user with the right password (401 with a wrong one)', async () => {
        const { user, data } = await registerUser(ctx(), centro);
        await ctx().db.updateTable('users').set({ banned: 1 }).where('id', '=', user._id).execute();
        expect(await login(centro, data.email, data.password)).toMatchObject({ status: 403, body: { message: 'user_is_banned' } });
        expect((await login(centro, data.email, 'errada')).status).toBe(401);
      });

      it('answers 400 invalid_body without login or password and 404 for an unknown establishment', async () => {
        const r = await post('/api/auth/login', { establishment_id: centro });
        expect(r.status).toBe(400);
        expect(r.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['login', 'password']);
        expect((await login('nao-existe', 'a@b.com', 'abcd')).status).toBe(404);
      });
    });

    describe('limits against guessing', () => {
      const loginFrom = (address: string, loginText: string, password: string) =>
        post('/api/auth/login', { establishment_id: centro, login: loginText, password }, { 'X-Forwarded-For': address });
      /** How many answers of each status and code. */
      const messages = (answers: { status: number; body: { message: string } }[]) => {
        const counts: Record<string, number> = {};
        for (const a of answers) counts[`${a.status} ${a.body.message}`] = (counts[`${a.status} ${a.body.message}`] ?? 0) + 1;
        return counts;
      };

      it('50 parallel wrong passwords for one account, from 50 addresses, reach the password check at most 5 times; the right one is refused until the window ends', async () => {
        ctx().setNow('2025-01-04T10:00:00Z');
        try {
          const { data } = await registerUser(ctx(), centro);
          const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => loginFrom(`198.51.100.${i + 1}`, data.email, `errada${i}`)));
          // Every attempt is counted before its check: 5 were checked (401), 45 refused unchecked.
          expect(messages(answers)).toEqual({ '401 invalid_credentials': 5, '429 too_many_attempts': 45 });
          // The 15-minute window started at 10:00.
          expect(answers.find((a) => a.status === 429)!.res.headers.get('retry-after')).toBe(String(15 * 60));

          ctx().setNow('2025-01-04T10:14:59Z');
          const right = await loginFrom('198.51.100.200', data.email, data.password);
          expect(right).toMatchObject({ status: 429, body: { message: 'too_many_attempts' } });
          expect(right.res.headers.getSetCookie()).toEqual([]);
          ctx().setNow('2025-01-04T10:15:00Z');
          expect((await loginFrom('198.51.100.200', data.phone, data.password)).status).toBe(200);
        } finally {
          ctx().setNow(START);
        }
      }, 60_000);

      it('an unknown login is refused after 5 attempts as a known one is, so the answers do not tell whether an account exists', async () => {
        ctx().setNow('2025-01-04T11:00:00Z');
        try {
          const { data } = await registerUser(ctx(), centro);
          for (const loginText of [data.email, 'ninguem.aqui@example.com', '(11) 90000-0002']) {
            const answers = [];
            for (let i = 0; i < 6; i++) answers.push(await loginFrom(customerAddress(), loginText, 'errada'));
            expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
            expect(answers[5]!.body).toEqual({ message: 'too_many_attempts' });
          }
          // An unknown login's count goes by the login: another spelling of the same is the same.
          expect((await loginFrom(customerAddress(), '  NINGUEM.AQUI@example.com ', 'errada')).status).toBe(429);
        } finally {
          ctx().setNow(START);
        }
      }, 60_000);

      it('one client address gets 20 failed logins per 15 minutes across accounts, counted before the check; a right password gives its attempt back', async () => {
        ctx().setNow('2025-01-04T12:00:00Z');
        try {
          const { data } = await registerUser(ctx(), centro);
          const other = await registerUser(ctx(), centro);
          const address = '203.0.113.7';
          expect((await loginFrom(address, data.email, data.password)).status).toBe(200);
          // 21 different logins at once (known and unknown): the success above left all 20 failures.
          const logins = [other.data.email, ...Array.from({ length: 20 }, (_, i) => `quem.${i}@example.com`)];
          const answers = await Promise.all(logins.map((l) => loginFrom(address, l, 'errada')));
          expect(messages(answers)).toEqual({ '401 invalid_credentials': 20, '429 too_many_attempts_ip': 1 });
          expect(answers.find((a) => a.status === 429)!.res.headers.get('retry-after')).toBe(String(15 * 60));
          // The address is spent, even for a right password; another address is not.
          expect((await loginFrom(address, data.email, data.password)).body).toEqual({ message: 'too_many_attempts_ip' });
          expect((await loginFrom('203.0.113.8', data.email, data.password)).status).toBe(200);
        } finally {
          ctx().setNow(START);
        }
      }, 60_000);

      it('one client address may register 10 accounts per hour, counted before the e-mail and phone are looked up', async () => {
        ctx().setNow('2025-01-04T13:00:00Z');
        try {
          const address = '203.0.113.20';
          const register = (body: Record<string, unknown>, from = address) =>
            post('/api/auth/register', { establishment_id: centro, ...body }, { 'X-Forwarded-For': from });
          const answers = await Promise.all(Array.from({ length: 11 }, () => register(newUserData())));
          expect(messages(answers)).toEqual({ '201 undefined': 10, '429 too_many_registrations': 1 });
          expect(answers.find((a) => a.status === 429)!.res.headers.get('retry-after')).toBe(String(60 * 60));
          // A taken e-mail is not told to a spent address: the limit answers first.
          const taken = answers.find((a) => a.status === 201)!.body.user.email;
          expect((await register(newUserData({ email: taken }))).body).toEqual({ message: 'too_many_registrations' });
          expect((await register(newUserData(), '203.0.113.21')).status).toBe(201);
          ctx().setNow('2025-01-04T14:00:00Z');
          expect((await register(newUserData())).status).toBe(201);
        } finally {
          ctx().setNow(START);
        }
      }, 60_000);

      it('a password hash made with scrypt still logs in and is made again with Argon2id', async () => {
        const { user, data } = await registerUser(ctx(), centro);
        // The form every hash had before: scrypt, N=16384.
        const salt = randomBytes(16);
        const oldHash = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync(data.password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
        await ctx().db.updateTable('users').set({ password_hash: oldHash }).where('id', '=', user._id).execute();
        const hashNow = async () =>
          (await ctx().db.selectFrom('users').select('password_hash').where('id', '=', user._id).executeTakeFirstOrThrow()).password_hash;

        expect((await loginFrom(customerAddress(), data.email, 'errada')).status).toBe(401);
        expect(await hashNow()).toBe(oldHash);
        expect((await loginFrom(customerAddress(), data.email, data.password)).status).toBe(200);
        const upgraded = await hashNow();
        expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect((await loginFrom(customerAddress(), data.email, data.password)).status).toBe(200);
        expect(await hashNow()).toBe(upgraded);
        expect((await loginFrom(customerAddress(), data.email, 'errada')).status).toBe(401);
      }, 60_000);
    });

    describe('sessions', () => {
      it('accepts Authorization: Bearer without cookies, and the bearer wins over a cookie', async () => {
        const a = await registerUser(ctx(), centro);
        const b = await registerUser(ctx(), centro);
        const bearer = await me(bearerHeaders(a.session.token));
        expect(bearer.status).toBe(200);
        expect((await bearer.json())._id).toBe(a.user._id);
        const both = await me({ ...cookieHeaders(b.session), ...bearerHeaders(a.session.token) });
        expect((await both.json())._id).toBe(a.user._id);
        expect((await me({ ...cookieHeaders(b.session), Authorization: 'Bearer nao-vale' })).status).toBe(401);
      });

      it('expires a session after 30 days', async () => {
        ctx().setNow(START);
        const { session } = await registerUser(ctx(), centro);
        ctx().setNow(new Date(Date.parse(START) + 30 * 86_400_000 - 1000));
        expect((await me(cookieHeaders(session))).status).toBe(200);
        ctx().setNow(new Date(Date.parse(START) + 30 * 86_400_000));
        const gone = await me(cookieHeaders(session));
        expect(gone.status).toBe(401);
        expect(await gone.json()).toEqual({ message: 'unauthorized' });
        // The stale cookies are expired in the answer (scripts cannot remove an HttpOnly cookie).
        expect(cookieNamed(gone, `sid_${centro}`)?.attrs['max-age']).toBe('0');
        ctx().setNow(START);
      });
    });

    describe('POST /auth/logout', () => {
      it('answers 204, deletes the session and expires both cookies', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const other = await login(
          centro,
          (await ctx().db.selectFrom('users').select('email').where('id', '=', user._id).executeTakeFirstOrThrow()).email,
          'segr3do',
        );
        const otherToken = sessionToken(other.res, centro);

        const res = await ctx().call('/api/auth/logout', { method: 'POST', body: { establishment_id: centro }, headers: cookieHeaders(session) });
        expect(res.status).toBe(204);
        expect(await res.text()).toBe('');
        const cookies = setCookies(res);
        for (const name of [`sid_${centro}`, `sf_auth_${centro}`]) {
          const c = cookies.find((x) => x.name === name)!;
          expect(c.value).toBe('');
          expect(c.attrs).toMatchObject({ 'max-age': '0', path: '/', samesite: 'Lax' });
        }
        expect('httponly' in cookies.find((x) => x.name === `sid_${centro}`)!.attrs).toBe(true);
        expect((await me(cookieHeaders(session))).status).toBe(401);
        expect((await me(bearerHeaders(session.token))).status).toBe(401);
        const rows = await ctx().db.selectFrom('sessions').select('user_id').where('user_id', '=', user._id).execute();
        expect(rows).toHaveLength(1);
        // The user's other session is untouched.
        expect((await me(bearerHeaders(otherToken))).status).toBe(200);
      });

      it('logs out a bearer session', async () => {
        const { session } = await registerUser(ctx(), centro);
        const res = await ctx().call('/api/auth/logout', { method: 'POST', body: { establishment_id: centro }, headers: bearerHeaders(session.token) });
        expect(res.status).toBe(204);
        expect((await me(bearerHeaders(session.token))).status).toBe(401);
      });
    });

    describe('POST /auth/handover and POST /auth/exchange', () => {
      const handover = (establishment_id: string, headers: Record<string, string>) => post('/api/auth/handover', { establishment_id }, headers);
      const exchange = (establishment_id: string, code: string) => post('/api/auth/exchange', { establishment_id, handover: code });

      it('another app hands its session over with a single-use code: the page gets a new cookie session, never the app token [R-4.59, R-4.60, R-4.61]', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const issued = await handover(centro, bearerHeaders(session.token));
        expect(issued.status).toBe(201);
        expect(issued.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 60 });
        expect(issued.res.headers.get('cache-control')).toBe('no-store');
        const r = await exchange(centro, issued.body.code);
        expect(r.status).toBe(200);
        expect(r.body.user._id).toBe(user._id);
        const sid = cookieNamed(r.res, `sid_${centro}`)!;
        expect(sid.value).not.toBe(session.token);
        expect(sid.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS });
        expect(cookieNamed(r.res, `sf_auth_${centro}`)!.value).toBe('1');
        expect((await me(cookieHeaders({ establishmentId: centro, token: sid.value }))).status).toBe(200);
        // The app's own session goes on.
        expect((await me(bearerHeaders(session.token))).status).toBe(200);
        // Another establishment of the company, with a code asked for it.
        const forPaulista = await handover(paulista, bearerHeaders(session.token));
        expect((await exchange(paulista, forPaulista.body.code)).status).toBe(200);
      });

      it('a handover code is stored only as its hash and opens one session: a second exchange of it is 401 invalid_handover', async () => {
        const { session } = await registerUser(ctx(), centro);
        const { body } = await handover(centro, bearerHeaders(session.token));
        const rows = await ctx().db.selectFrom('handover_codes').selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(body.code);
        expect((await exchange(centro, body.code)).status).toBe(200);
        const again = await exchange(centro, body.code);
        expect(again).toMatchObject({ status: 401, body: { message: 'invalid_handover' } });
        expect(again.res.headers.getSetCookie()).toEqual([]);
      });

      it('exchanges of one code sent in parallel open exactly one session', async () => {
        const { session } = await registerUser(ctx(), centro);
        const { body } = await handover(centro, bearerHeaders(session.token));
        const before = await ctx().db.selectFrom('sessions').select('token_hash').execute();
        const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(centro, body.code)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
        const after = await ctx().db.selectFrom('sessions').select('token_hash').execute();
        expect(after.length - before.length).toBe(1);
      });

      it('a code is refused after 60 seconds, at another establishment than the one it was made for, and by another company', async () => {
        const { session } = await registerUser(ctx(), centro);
        const asked = ctx().now();
        try {
          const late = await handover(centro, bearerHeaders(session.token));
          ctx().setNow(new Date(asked.getTime() + 60_000));
          expect(await exchange(centro, late.body.code)).toMatchObject({ status: 401, body: { message: 'invalid_handover' } });
          ctx().setNow(new Date(asked.getTime() + 59_000));
          const inTime = await handover(centro, bearerHeaders(session.token));
          ctx().setNow(new Date(asked.getTime() + 59_000 + 59_999));
          expect((await exchange(centro, inTime.body.code)).status).toBe(200);
        } finally {
          ctx().setNow(asked);
        }
        const forCentro = await handover(centro, bearerHeaders(session.token));
        expect(await exchange(paulista, forCentro.body.code)).toMatchObject({ status: 401, body: { message: 'invalid_handover' } });
        // Spent by that try.
        expect((await exchange(centro, forCentro.body.code)).status).toBe(401);
        // A code for another company's establishment is never issued.
        expect(await handover(manaus, bearerHeaders(session.token))).toMatchObject({ status: 401, body: { message: 'unauthorized' } });
        expect(await exchange(centro, 'A'.repeat(43))).toMatchObject({ status: 401, body: { message: 'invalid_handover' } });
      });

      it('a session token is never taken for a code, and only a bearer session hands over (a page cookie gets 403 bearer_required)', async () => {
        const { session } = await registerUser(ctx(), centro);
        // The old handover in the address carried the token itself.
        expect((await post('/api/auth/exchange', { establishment_id: centro, token: session.token })).status).toBe(400);
        expect(await exchange(centro, session.token)).toMatchObject({ status: 401, body: { message: 'invalid_handover' } });
        expect(await handover(centro, cookieHeaders(session))).toMatchObject({ status: 403, body: { message: 'bearer_required' } });
        expect((await handover(centro, {})).status).toBe(401);
        expect((await post('/api/auth/exchange', { establishment_id: centro })).status).toBe(400);
      });

      it('codes asked for in parallel are limited per account (20 in 10 minutes, then 429 too_many_requests)', async () => {
        const { session } = await registerUser(ctx(), centro);
        const answers = await Promise.all(Array.from({ length: 24 }, () => handover(centro, bearerHeaders(session.token))));
        expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
        expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(Array(4).fill('too_many_requests'));
      });

      it('a new password ends the codes its account had asked for', async () => {
        const { session, data } = await registerUser(ctx(), centro);
        const { body } = await handover(centro, bearerHeaders(session.token));
        const changed = await ctx().call('/api/users/me', {
          method: 'PUT',
          body: { password: 'nova12', password_confirmation: 'nova12', current_password: data.password },
          headers: bearerHeaders(session.token),
        });
        expect(changed.status).toBe(200);
        expect((await exchange(centro, body.code)).status).toBe(401);
      });
    });

    describe('a bearer token (spec section 7: every call carries it when a token exists)', () => {
      it('lets a call that carries Authorization: Bearer act as its customer on every user-scoped call, with no cookie and no Establishment-Id [R-7.3]', async () => {
        const { session, user } = await registerUser(ctx(), centro);
        const bearer = bearerHeaders(session.token);
        const call = (path: string, init: { method?: string; body?: unknown } = {}, headers: Record<string, string> = bearer) =>
          ctx().call(path, { ...init, headers });

        const profile = await call('/api/users/me');
        expect(profile.status).toBe(200);
        expect((await profile.json())._id).toBe(user._id);
        const renamed = await call('/api/users/me', { method: 'PUT', body: { name: 'Nome do Token' } });
        expect([renamed.status, (await renamed.json()).name]).toEqual([200, 'Nome do Token']);
        const address = {
          lat: -23.546,
          lng: -46.6333,
          street: 'Rua Direita',
          number: '250',
          complement: null,
          neighborhood: 'Sé',
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
          ref: 'Em frente à praça',
          place: 'house',
        };
        const saved = await call('/api/users/me/addresses', { method: 'POST', body: address });
        expect(saved.status).toBe(201);
        const list = await call('/api/users/me/addresses');
        expect((await list.json()).addresses.map((a: { street: string }) => a.street)).toEqual(['Rua Direita']);
        const orders = await call(`/api/establishments/${centro}/orders`);
        expect([orders.status, (await orders.json()).total]).toEqual([200, 0]);

        // The same calls without the header are a visitor's; with another token, or once the session ended, refused.
        for (const headers of [{}, bearerHeaders('B'.repeat(43))]) {
          expect((await call('/api/users/me', {}, headers)).status).toBe(401);
          expect((await call('/api/users/me/addresses', {}, headers)).status).toBe(401);
        }
        expect((await call('/api/auth/logout', { method: 'POST', body: { establishment_id: centro } })).status).toBe(204);
        expect((await call('/api/users/me')).status).toBe(401);
        expect((await call(`/api/establishments/${centro}/orders`)).status).toBe(401);
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db), startAt: START },
);
