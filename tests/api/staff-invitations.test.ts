// The owner's invitations not yet accepted (docs/api.md 'Staff'), on SQLite and PostgreSQL: listed
// with their e-mail, role and expiry (never an accepted or expired one, never the token); revoked,
// after which their link is refused; refused to staff (not owner) and to another establishment's
// owner, whose own routes cannot reach this one's invitations either; and a revoke racing an
// accept of the same invitation: exactly one of them wins.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { closePgPool } from './helpers/orders.ts';
import { estId, loadOrderFixtures } from './helpers/order-fixtures.ts';
import { invitationFromOutbox, makeMember, staffHeaders, staffLogin, type StaffSession } from './helpers/staff.ts';
import type { StaffInvitationAnswer, StaffInvitationsAnswer } from '../../src/schemas/api-staff.ts';

const A = estId('cantina-centro');
const B = estId('cantina-24h');

let serial = 0;

forEachDatabase(
  'staff invitations: list and revoke',
  (getCtx) => {
    let ctx: TestContext;
    let ownerA: StaffSession;
    let staffA: StaffSession;
    let ownerB: StaffSession;

    const answer = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message];
    const list = (id: string, headers: Record<string, string>) => ctx.call(`/api/establishments/${id}/staff/invitations`, { headers });
    const pending = async (s: StaffSession) => ((await (await list(s.establishmentId, staffHeaders(s))).json()) as StaffInvitationsAnswer).invitations;
    const revoke = (id: string, invitationId: string, headers: Record<string, string>) =>
      ctx.call(`/api/establishments/${id}/staff/invitations/${invitationId}`, { method: 'DELETE', headers });
    const accept = (token: string, establishmentId = A) =>
      ctx.call('/api/staff/invitations/accept', {
        method: 'POST',
        body: { establishment_id: establishmentId, token, name: 'Carla Cozinha', password: 'outra-senha-9' },
      });
    /** An invitation of A to a fresh e-mail, and its token from the outbox. */
    const invite = async (role: 'staff' | 'owner' = 'staff') => {
      serial += 1;
      const email = `convite.${serial}.${ctx.engine}@example.com`;
      const res = await ctx.call(`/api/establishments/${A}/staff/invitations`, { method: 'POST', body: { email, role }, headers: staffHeaders(ownerA) });
      expect(res.status, await res.clone().text()).toBe(201);
      const sent = (await res.json()) as StaffInvitationAnswer;
      return { sent, token: (await invitationFromOutbox(ctx, email)).token };
    };

    beforeAll(async () => {
      ctx = getCtx();
      ownerA = await staffLogin(ctx, A, (await makeMember(ctx, A, 'owner')).email);
      staffA = await staffLogin(ctx, A, (await makeMember(ctx, A, 'staff')).email);
      ownerB = await staffLogin(ctx, B, (await makeMember(ctx, B, 'owner')).email);
    });
    afterAll(() => closePgPool(ctx.db));

    it('lists the invitations not yet accepted with e-mail, role and expiry; an accepted or expired one is not listed; the token never is', async () => {
      const waiting = await invite('owner');
      const used = await invite();
      expect((await accept(used.token)).status).toBe(201);
      const listed = await list(A, staffHeaders(ownerA));
      expect(listed.headers.get('cache-control')).toBe('no-store');
      const text = await listed.text();
      expect(text).not.toContain(waiting.token);
      const invitations = (JSON.parse(text) as StaffInvitationsAnswer).invitations;
      expect(invitations).toContainEqual({
        _id: waiting.sent._id,
        email: waiting.sent.email,
        role: 'owner',
        created_at: ctx.now().toISOString(),
        expires_at: new Date(ctx.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      });
      expect(invitations.map((i) => i.email)).not.toContain(used.sent.email);

      const start = ctx.now();
      ctx.setNow(new Date(start.getTime() + 8 * 24 * 3600 * 1000));
      try {
        expect((await pending(ownerA)).map((i) => i._id)).not.toContain(waiting.sent._id);
      } finally {
        ctx.setNow(start);
      }
    });

    it('the owner revokes an invitation: it leaves the list and its link is refused; revoking it again is 404', async () => {
      const { sent, token } = await invite();
      expect((await revoke(A, sent._id, staffHeaders(ownerA))).status).toBe(204);
      expect((await pending(ownerA)).map((i) => i._id)).not.toContain(sent._id);
      expect(await answer(await accept(token))).toEqual([400, 'invitation_invalid']);
      expect(await answer(await revoke(A, sent._id, staffHeaders(ownerA)))).toEqual([404, 'invitation_not_found']);
      const member = await ctx.db.selectFrom('staff_members').select('id').where('email', '=', sent.email).executeTakeFirst();
      expect(member).toBeUndefined();
    });

    it('an accepted invitation cannot be revoked', async () => {
      const { sent, token } = await invite();
      expect((await accept(token)).status).toBe(201);
      expect(await answer(await revoke(A, sent._id, staffHeaders(ownerA)))).toEqual([404, 'invitation_not_found']);
    });

    it('staff (not owner) can neither list nor revoke invitations', async () => {
      const { sent, token } = await invite();
      expect(await answer(await list(A, staffHeaders(staffA)))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await revoke(A, sent._id, staffHeaders(staffA)))).toEqual([403, 'staff_not_allowed']);
      expect((await pending(ownerA)).map((i) => i._id)).toContain(sent._id);
      expect((await accept(token)).status).toBe(201);
    });

    it("another establishment's owner is refused A's invitations, and naming one at B changes nothing of it", async () => {
      const { sent, token } = await invite();
      const noCookie = { ...staffHeaders(ownerB), Cookie: `staff_sid_${B}=${ownerB.token}` };
      expect(await answer(await list(A, noCookie))).toEqual([401, 'staff_session_required']);
      const forged = staffHeaders(ownerB, A);
      expect(await answer(await list(A, forged))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await revoke(A, sent._id, forged))).toEqual([403, 'staff_not_allowed']);
      // Through B's own routes: not found, and not listed.
      expect(await answer(await revoke(B, sent._id, staffHeaders(ownerB)))).toEqual([404, 'invitation_not_found']);
      expect((await pending(ownerB)).map((i) => i._id)).not.toContain(sent._id);
      // A's invitation is still there and still works.
      expect((await pending(ownerA)).map((i) => i._id)).toContain(sent._id);
      expect((await accept(token)).status).toBe(201);
    });

    it('a revoke and an accept of one invitation at once, five times: each time exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const { sent, token } = await invite();
        const [revoked, accepted] = await Promise.all([revoke(A, sent._id, staffHeaders(ownerA)), accept(token)]);
        const outcome = `${revoked.status} ${accepted.status}`;
        expect(['204 400', '404 201']).toContain(outcome);
        const member = await ctx.db.selectFrom('staff_members').select('id').where('email', '=', sent.email).executeTakeFirst();
        expect(member !== undefined).toBe(accepted.status === 201);
      }
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db) },
);
