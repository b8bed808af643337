// The login and registration forms as a browser posts them without JavaScript (urlencoded, no
// client headers): the same rules, login limit and cookies as the JSON calls, answered with a 303
// to the way back or back to the form with the refusal's code (never the password), and refused
// with 403 cross_site_form unless the post comes from this server's own pages.
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './helpers/databases.ts';
import { estId, loadAllFixtures } from './helpers/fixtures.ts';
import { cookieHeaders, cookieNamed, newUserData, registerUser, sessionToken } from './helpers/accounts.ts';

const centro = estId('bella-centro');
const manaus = estId('mercado-manaus');
const START = '2025-01-03T23:00:00Z';
const THIRTY_DAYS = String(30 * 24 * 60 * 60);
/** What Chromium sends with a form posted from one of this server's pages. */
const SAME_ORIGIN = { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' };

forEachDatabase(
  'account form posts',
  (ctx) => {
    const postForm = async (path: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) => {
      const res = await ctx().app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      return { res, status: res.status, location: res.headers.get('location') ?? '' };
    };
    const loginForm = (fields: Record<string, string>, headers?: Record<string, string>) => postForm('/api/auth/form/login', fields, headers);
    const registerForm = (fields: Record<string, string>, headers?: Record<string, string>) => postForm('/api/auth/form/register', fields, headers);
    const loginJson = (login: string, password: string) =>
      ctx().call('/api/auth/login', { method: 'POST', body: { establishment_id: centro, login, password } });

    describe('POST /api/auth/form/login', () => {
      it('logs in: 303 to the account page with the same cookies as the JSON login', async () => {
        const { data, user } = await registerUser(ctx(), centro);
        const r = await loginForm({ establishment_id: centro, login: data.email.toUpperCase(), password: data.password });
        expect(r.status).toBe(303);
        expect(r.location).toBe('/bella-centro/minha-conta');
        expect(r.res.headers.get('cache-control')).toBe('no-store');
        const sid = cookieNamed(r.res, `sid_${centro}`)!;
        expect(sid.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS });
        expect(cookieNamed(r.res, `sf_auth_${centro}`)).toMatchObject({ value: '1', attrs: { samesite: 'Lax', path: '/', 'max-age': THIRTY_DAYS } });
        const me = await ctx().call('/api/users/me', { headers: cookieHeaders({ establishmentId: centro, token: sessionToken(r.res, centro) }) });
        expect((await me.json())._id).toBe(user._id);
      });

      it('goes to ?voltar= when it is a path of the establishment, and ignores any other', async () => {
        const { data } = await registerUser(ctx(), centro);
        const fields = { establishment_id: centro, login: data.phone, password: data.password };
        expect((await loginForm({ ...fields, voltar: '/bella-centro/minha-conta/pedidos' })).location).toBe('/bella-centro/minha-conta/pedidos');
        for (const voltar of ['https://evil.example/', '//evil.example/bella-centro/', '/outra-loja/', '/bella-centro/\\evil'])
          expect((await loginForm({ ...fields, voltar })).location).toBe('/bella-centro/minha-conta');
      });

      it('sends a refused login back to the form with the code and the login, never the password', async () => {
        const { data } = await registerUser(ctx(), centro);
        const r = await loginForm({ establishment_id: centro, login: data.email, password: 'errada1', voltar: '/bella-centro/minha-conta/pedidos' });
        expect(r.status).toBe(303);
        const to = new URL(r.location, 'http://localhost');
        expect(to.pathname).toBe('/bella-centro/minha-conta');
        expect(Object.fromEntries(to.searchParams)).toEqual({ erro: 'invalid_credentials', login: data.email, voltar: '/bella-centro/minha-conta/pedidos' });
        expect(r.location).not.toContain('errada1');
        expect(r.res.headers.getSetCookie()).toEqual([]);
      });

      it("names the empty field's code: login_required, password_required", async () => {
        const noLogin = await loginForm({ establishment_id: centro, login: '  ', password: 'segr3do' });
        expect(new URL(noLogin.location, 'http://localhost').searchParams.get('erro')).toBe('login_required');
        const noPassword = await loginForm({ establishment_id: centro, login: 'ana@example.com', password: '' });
        expect(new URL(noPassword.location, 'http://localhost').searchParams.get('erro')).toBe('password_required');
      });

      it('counts toward the same per-account limit as the JSON login, both ways', async () => {
        ctx().setNow(START);
        const { data } = await registerUser(ctx(), centro);
        // 3 failures by the JSON call and 2 by the form: the account is locked for both.
        for (let i = 0; i < 3; i++) expect((await loginJson(data.email, 'errada')).status).toBe(401);
        for (let i = 0; i < 2; i++)
          expect((await loginForm({ establishment_id: centro, login: data.email, password: 'errada' })).location).toContain('erro=invalid_credentials');
        const locked = await loginForm({ establishment_id: centro, login: data.email, password: data.password });
        expect(new URL(locked.location, 'http://localhost').searchParams.get('erro')).toBe('too_many_attempts');
        expect(locked.res.headers.getSetCookie()).toEqual([]);
        expect((await loginJson(data.email, data.password)).status).toBe(429);
        ctx().setNow(START);
      });

      it('answers 404 establishment_not_found when there is no form page to go back to', async () => {
        const r = await loginForm({ establishment_id: 'nao-existe', login: 'ana@example.com', password: 'segr3do' });
        expect(r.status).toBe(404);
        expect(await r.res.json()).toEqual({ message: 'establishment_not_found' });
      });
    });

    describe('POST /api/auth/form/register', () => {
      it('creates the user and logs in: 303 to the way back with both cookies', async () => {
        const data = newUserData({ phone: '(11) 98222-3344' });
        const r = await registerForm({ establishment_id: centro, ...data, voltar: '/bella-centro/' });
        expect(r.status).toBe(303);
        expect(r.location).toBe('/bella-centro/');
        const me = await ctx().call('/api/users/me', { headers: cookieHeaders({ establishmentId: centro, token: sessionToken(r.res, centro) }) });
        expect(await me.json()).toMatchObject({ name: data.name, email: data.email, phone: '11982223344' });
        expect(cookieNamed(r.res, `sf_auth_${centro}`)?.value).toBe('1');
      });

      it('sends a refusal back to the registration tab with the code and the e-mail only [R-5.93] [R-5.94]', async () => {
        const { data } = await registerUser(ctx(), centro);
        const taken = await registerForm({ establishment_id: centro, ...newUserData({ email: data.email, password: 'outra12' }) });
        expect(taken.status).toBe(303);
        const to = new URL(taken.location, 'http://localhost');
        expect(Object.fromEntries(to.searchParams)).toEqual({ aba: 'cadastro', erro: 'email_taken', email: data.email });
        expect(taken.location).not.toContain('outra12');

        const codes: [Partial<ReturnType<typeof newUserData>>, string][] = [
          [{ name: 'Ana' }, 'name_length'],
          [{ email: 'maria@' }, 'email_invalid'],
          [{ phone: '(11) 9812-34' }, 'phone_incomplete'],
          [{ phone: '(00) 98123-4567' }, 'phone_invalid'],
          [{ phone: '' }, 'required'],
          [{ password: 'abc' }, 'password_length'],
          [{ password: 'abcdefghijk' }, 'password_length'],
        ];
        for (const [change, code] of codes) {
          const fields = { establishment_id: centro, ...newUserData(change) };
          const r = await registerForm(fields);
          expect(new URL(r.location, 'http://localhost').searchParams.get('erro'), JSON.stringify(change)).toBe(code);
          expect(r.location).not.toContain(`=${encodeURIComponent(fields.password)}`);
          expect(r.res.headers.getSetCookie()).toEqual([]);
        }
      });
    });

    describe('cross-site posts', () => {
      it('refuses a post from another site with 403 cross_site_form, logging no one in and creating no one', async () => {
        const { data } = await registerUser(ctx(), centro);
        const foreign: Record<string, string>[] = [
          { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
          { Origin: 'https://evil.example' },
          { Origin: 'http://localhost.evil.example' },
          { 'Sec-Fetch-Site': 'same-site' },
          { Origin: 'null' },
          {},
        ];
        for (const headers of foreign) {
          const login = await loginForm({ establishment_id: centro, login: data.email, password: data.password }, headers);
          expect([login.status, await login.res.json()], JSON.stringify(headers)).toEqual([403, { message: 'cross_site_form' }]);
          expect(login.res.headers.getSetCookie()).toEqual([]);
          const fresh = newUserData();
          const reg = await registerForm({ establishment_id: centro, ...fresh }, headers);
          expect(reg.status).toBe(403);
          const created = await ctx().db.selectFrom('users').select('id').where('email', '=', fresh.email).executeTakeFirst();
          expect(created).toBeUndefined();
        }
      });

      it('takes a post whose Origin is this server even without Sec-Fetch-Site, and one marked same-origin without Origin', async () => {
        const { data } = await registerUser(ctx(), centro);
        const fields = { establishment_id: centro, login: data.email, password: data.password };
        expect((await loginForm(fields, { Origin: 'http://localhost' })).status).toBe(303);
        expect((await loginForm(fields, { Origin: 'https://localhost' })).status).toBe(303);
        expect((await loginForm(fields, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
      });

      it('keeps the client headers required on every other call', async () => {
        const r = await ctx().app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...SAME_ORIGIN },
          body: JSON.stringify({ establishment_id: manaus, login: 'ana@example.com', password: 'segr3do' }),
        });
        expect([r.status, await r.json()]).toEqual([400, { message: 'invalid_client_type' }]);
      });
    });
  },
  { setup: async (c) => loadAllFixtures(c.db), startAt: START },
);
