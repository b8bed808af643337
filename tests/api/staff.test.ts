// The establishment's people (docs/api.md 'Staff'), on SQLite and PostgreSQL: the panel's log in
// with its own cookie and its limits under parallel tries, log out, who am I, the owner's
// invitation by e-mail (read from the demo outbox) and its single use under parallel accepts, the
// team list, and removals (sessions end at once; never the last owner, even when two owners
// remove each other at once).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieNamed, customerAddress } from './helpers/accounts.ts';
import { closePgPool } from './helpers/orders.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { STAFF_PASSWORD, invitationFromOutbox, makeMember, staffHeaders, staffLogin, type StaffSession } from './helpers/staff.ts';
import { countOwners } from '../../src/server/db/staff-repo.ts';
import { staffOfCookie } from '../../src/server/services/staff.ts';

const CENTRO = estId('cantina-centro');

forEachDatabase(
  'staff accounts',
  (getCtx) => {
    let ctx: TestContext;
    let owner: { id: string; email: string };
    let ownerSession: StaffSession;

    const login = (body: Record<string, unknown>, address = customerAddress()) =>
      ctx.call('/api/staff/login', { method: 'POST', body: { establishment_id: CENTRO, ...body }, headers: { 'X-Forwarded-For': address } });
    const me = (s: StaffSession) => ctx.call(`/api/establishments/${CENTRO}/staff/me`, { headers: staffHeaders(s) });
    const invite = (s: StaffSession, body: Record<string, unknown>) =>
      ctx.call(`/api/establishments/${CENTRO}/staff/invitations`, { method: 'POST', body, headers: staffHeaders(s) });
    const accept = (token: string, body: Record<string, unknown> = {}, establishmentId = CENTRO) =>
      ctx.call('/api/staff/invitations/accept', {
        method: 'POST',
        body: { establishment_id: establishmentId, token, name: 'Carla Cozinha', password: 'outra-senha-9', ...body },
      });
    const remove = (s: StaffSession, memberId: string) =>
      ctx.call(`/api/establishments/${CENTRO}/staff/${memberId}`, { method: 'DELETE', headers: staffHeaders(s) });
    const team = async (s: StaffSession) =>
      (await (await ctx.call(`/api/establishments/${CENTRO}/staff`, { headers: staffHeaders(s) })).json()).members as { _id: string; email: string }[];

    beforeAll(async () => {
      ctx = getCtx();
      owner = await makeMember(ctx, CENTRO, 'owner');
      ownerSession = await staffLogin(ctx, CENTRO, owner.email);
    });
    afterAll(() => closePgPool(ctx.db));

    it('logs the owner in with a cookie of its own (HttpOnly, Secure, SameSite=Lax), and answers who is logged in', async () => {
      const res = await login({ email: `  ${owner.email.toUpperCase()} `, password: STAFF_PASSWORD });
      expect(res.status).toBe(200);
      const cookie = cookieNamed(res, `staff_sid_${CENTRO}`);
      expect(cookie?.attrs).toMatchObject({ httponly: '', secure: '', samesite: 'Lax', path: '/' });
      expect(cookieNamed(res, `sid_${CENTRO}`)).toBeUndefined();
      const body = await res.json();
      expect(body).toMatchObject({ member: { _id: owner.id, email: owner.email, role: 'owner' }, establishment: { _id: CENTRO, slug: 'cantina-centro' } });
      expect(body.permissions).toContain('staff.manage');
      expect(await (await me(ownerSession)).json()).toMatchObject({ member: { _id: owner.id } });
      const nobody = await ctx.call(`/api/establishments/${CENTRO}/staff/me`);
      expect([nobody.status, (await nobody.json()).message]).toEqual([401, 'staff_session_required']);
    });

    it('refuses a wrong password and an unknown e-mail alike, in Portuguese-coded 401s', async () => {
      const wrong = await login({ email: owner.email, password: 'errada-123' });
      const unknown = await login({ email: 'ninguem@example.com', password: 'errada-123' });
      expect([wrong.status, (await wrong.json()).message]).toEqual([401, 'invalid_credentials']);
      expect([unknown.status, (await unknown.json()).message]).toEqual([401, 'invalid_credentials']);
    });

    it('20 parallel wrong tries on one e-mail: 5 are checked, 15 refused with 429, and then the right password waits too', async () => {
      const member = await makeMember(ctx, CENTRO, 'staff');
      const answers = await Promise.all(Array.from({ length: 20 }, () => login({ email: member.email, password: 'errada-123' })));
      const codes = await Promise.all(answers.map(async (r) => `${r.status} ${(await r.json()).message}`));
      expect(codes.filter((c) => c === '401 invalid_credentials')).toHaveLength(5);
      expect(codes.filter((c) => c === '429 too_many_attempts')).toHaveLength(15);
      expect(answers.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
      const right = await login({ email: member.email, password: STAFF_PASSWORD });
      expect(right.status).toBe(429);
    });

    it('25 parallel wrong tries from one address on different e-mails: 20 are checked, 5 refused with 429', async () => {
      const address = customerAddress();
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login({ email: `tentativa.${i}@example.com`, password: 'errada-123' }, address)));
      const codes = await Promise.all(answers.map(async (r) => `${r.status} ${(await r.json()).message}`));
      expect(codes.filter((c) => c === '401 invalid_credentials')).toHaveLength(20);
      expect(codes.filter((c) => c === '429 too_many_attempts_ip')).toHaveLength(5);
    });

    it("reads a staff session from a Cookie header for the panel's socket: its own establishment only", async () => {
      const read = staffOfCookie(ctx.db);
      const header = `sid_${CENTRO}=x; staff_sid_${CENTRO}=${ownerSession.token}`;
      expect(await read(header, CENTRO, ctx.now())).toEqual({ memberId: owner.id });
      expect(await read(`staff_sid_other=${ownerSession.token}`, 'other', ctx.now())).toBeNull();
      expect(await read(`sid_${CENTRO}=${ownerSession.token}`, CENTRO, ctx.now())).toBeNull();
    });

    it('logs out: the session ends and its cookie is expired', async () => {
      const s = await staffLogin(ctx, CENTRO, owner.email);
      const out = await ctx.call('/api/staff/logout', { method: 'POST', body: { establishment_id: CENTRO }, headers: staffHeaders(s) });
      expect(out.status).toBe(204);
      expect(cookieNamed(out, `staff_sid_${CENTRO}`)?.attrs['max-age']).toBe('0');
      expect((await me(s)).status).toBe(401);
      expect((await me(ownerSession)).status).toBe(200);
    });

    it('the owner invites by e-mail; the e-mail in the outbox carries the panel link; the invitee accepts once and logs in as staff', async () => {
      const email = 'carla.convite@example.com';
      const sent = await invite(ownerSession, { email: ' Carla.Convite@Example.com ' });
      expect(sent.status).toBe(201);
      expect(await sent.json()).toMatchObject({ email, role: 'staff' });
      const { link, token, text } = await invitationFromOutbox(ctx, email);
      expect(link).toContain('/cantina-centro/painel/convite/');
      expect(text).toContain('Convite para a equipe de');
      // Only the token's hash is kept.
      const stored = await ctx.db.selectFrom('staff_invitations').select('token_hash').execute();
      expect(stored.some((r) => r.token_hash === token)).toBe(false);

      const accepted = await accept(token);
      expect(accepted.status).toBe(201);
      expect(await accepted.json()).toMatchObject({ member: { email, role: 'staff', name: 'Carla Cozinha' } });
      const again = await accept(token);
      expect([again.status, (await again.json()).message]).toEqual([400, 'invitation_invalid']);

      const carla = await staffLogin(ctx, CENTRO, email, 'outra-senha-9');
      const who = await (await me(carla)).json();
      expect(who.member.role).toBe('staff');
      expect(who.permissions).not.toContain('staff.manage');
      expect(who.permissions).toContain('orders.move');
    });

    it('ten parallel accepts of one invitation: exactly one creates the member', async () => {
      const email = 'paralelo@example.com';
      expect((await invite(ownerSession, { email })).status).toBe(201);
      const { token } = await invitationFromOutbox(ctx, email);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => accept(token, { name: `Pessoa ${i}` })));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 400)).toHaveLength(9);
      const members = await ctx.db.selectFrom('staff_members').select('id').where('email', '=', email).execute();
      expect(members).toHaveLength(1);
    });

    it('refuses an expired invitation, one to an e-mail already in the team, and a malformed accept', async () => {
      const email = 'atrasado@example.com';
      await invite(ownerSession, { email });
      const { token } = await invitationFromOutbox(ctx, email);
      const start = ctx.now();
      ctx.setNow(new Date(start.getTime() + 8 * 24 * 3600 * 1000));
      try {
        expect((await accept(token)).status).toBe(400);
      } finally {
        ctx.setNow(start);
      }
      const taken = await invite(ownerSession, { email: owner.email });
      expect([taken.status, (await taken.json()).message]).toEqual([409, 'staff_email_taken']);
      const short = await accept(token, { password: 'curta' });
      expect([short.status, (await short.json()).message]).toEqual([400, 'invalid_body']);
    });

    it('lists the team for the owner; the removed member’s session ends at once', async () => {
      const member = await makeMember(ctx, CENTRO, 'staff');
      const s = await staffLogin(ctx, CENTRO, member.email);
      expect((await me(s)).status).toBe(200);
      expect((await team(ownerSession)).map((m) => m._id)).toContain(member.id);
      expect((await remove(ownerSession, member.id)).status).toBe(204);
      expect((await me(s)).status).toBe(401);
      expect((await team(ownerSession)).map((m) => m._id)).not.toContain(member.id);
      const gone = await remove(ownerSession, member.id);
      expect([gone.status, (await gone.json()).message]).toEqual([404, 'staff_member_not_found']);
    });

    it('never removes the last owner, even when two owners remove each other at once', async () => {
      const alone = await remove(ownerSession, owner.id);
      expect([alone.status, (await alone.json()).message]).toEqual([409, 'last_owner']);
      const second = await makeMember(ctx, CENTRO, 'owner', 'Dono Beto');
      const secondSession = await staffLogin(ctx, CENTRO, second.email);
      const [a, b] = await Promise.all([remove(ownerSession, second.id), remove(secondSession, owner.id)]);
      expect([a.status, b.status].filter((s) => s === 204)).toHaveLength(1);
      expect(await countOwners(ctx.db, CENTRO)).toBe(1);
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db), deps: { secureCookies: true } },
);
