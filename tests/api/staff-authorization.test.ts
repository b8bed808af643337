// Who a staff session stands for (docs/api.md 'Staff'), on SQLite and PostgreSQL: a staff session is
// the establishment's caller for its own establishment only. Staff of A cannot list, read or move
// B's orders; a staff member (not owner) cannot invite, list or remove the team nor reach the
// owner's routes; a removed member's session stops at once; an invitation of A cannot be used at B;
// a customer's session is never a staff session, nor a staff session a customer's; the API key
// keeps working.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase, type TestContext } from './helpers/databases.ts';
import { cookieHeaders, registerUser, type Session } from './helpers/accounts.ts';
import { apiKeyHeaders, closePgPool, ordersPath, placeOk, setStatus } from './helpers/orders.ts';
import { estId, loadOrderFixtures, order24h, pickupOrder } from './helpers/order-fixtures.ts';
import { invitationFromOutbox, makeMember, staffHeaders, staffLogin, type StaffSession } from './helpers/staff.ts';
import { createEstablishmentKey } from '../../src/server/services/establishment-keys.ts';
import type { OrdersListAnswer } from '../../src/schemas/api-orders.ts';

const A = estId('cantina-centro');
const B = estId('cantina-24h');

forEachDatabase(
  'staff authorization',
  (getCtx) => {
    let ctx: TestContext;
    let ownerA: StaffSession;
    let staffA: StaffSession;
    let staffAId: string;
    let ownerB: StaffSession;
    let customerA: Session;
    let orderA: string;
    let orderB: string;

    const list = (id: string, headers: Record<string, string>) => ctx.call(`${ordersPath(id)}?limit=100`, { headers });
    const answer = async (res: Response) => [res.status, (await res.json()).message];

    beforeAll(async () => {
      ctx = getCtx();
      const oa = await makeMember(ctx, A, 'owner');
      const sa = await makeMember(ctx, A, 'staff');
      const ob = await makeMember(ctx, B, 'owner');
      staffAId = sa.id;
      ownerA = await staffLogin(ctx, A, oa.email);
      staffA = await staffLogin(ctx, A, sa.email);
      ownerB = await staffLogin(ctx, B, ob.email);
      customerA = (await registerUser(ctx, A)).session;
      const customerB = (await registerUser(ctx, B)).session;
      orderA = (await placeOk(ctx, customerA, pickupOrder()))._id;
      orderB = (await placeOk(ctx, customerB, order24h()))._id;
    });
    afterAll(() => closePgPool(ctx.db));

    it("staff of A list, read and move A's orders", async () => {
      const listed: OrdersListAnswer = await (await list(A, staffHeaders(staffA))).json();
      expect(listed.orders.map((o) => o._id)).toContain(orderA);
      expect((await ctx.call(`${ordersPath(A)}/${orderA}`, { headers: staffHeaders(staffA) })).status).toBe(200);
      const moved = await setStatus(ctx, A, orderA, { status: 'confirmed' }, staffHeaders(staffA));
      expect(moved.status).toBe(200);
      expect((await moved.json()).status).toBe('confirmed');
    });

    it("staff of A cannot list, read or move B's orders, with or without their cookie passed off as B's", async () => {
      // The browser sends no staff cookie of B: no session there.
      expect(await answer(await list(B, staffHeaders(staffA)))).toEqual([401, 'staff_session_required']);
      expect(await answer(await setStatus(ctx, B, orderB, { status: 'confirmed' }, staffHeaders(staffA)))).toEqual([401, 'staff_session_required']);
      // A's token under B's cookie name: a session, but of another establishment.
      const forged = staffHeaders(staffA, B);
      expect(await answer(await list(B, forged))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await ctx.call(`${ordersPath(B)}/${orderB}`, { headers: forged }))).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await setStatus(ctx, B, orderB, { status: 'confirmed' }, forged))).toEqual([403, 'staff_not_allowed']);
      // A's order read through B's routes is not found either way.
      expect((await ctx.call(`${ordersPath(B)}/${orderA}`, { headers: staffHeaders(ownerB) })).status).toBe(404);
      // B's order is untouched.
      const b: OrdersListAnswer = await (await list(B, staffHeaders(ownerB))).json();
      expect(b.orders.find((o) => o._id === orderB)?.status).toBe('registered');
    });

    it("staff (not owner) cannot invite, list or remove the team, nor reach the owner's routes; the owner can", async () => {
      const inv = await ctx.call(`/api/establishments/${A}/staff/invitations`, {
        method: 'POST',
        body: { email: 'x@example.com' },
        headers: staffHeaders(staffA),
      });
      expect(await answer(inv)).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await ctx.call(`/api/establishments/${A}/staff`, { headers: staffHeaders(staffA) }))).toEqual([403, 'staff_not_allowed']);
      const del = await ctx.call(`/api/establishments/${A}/staff/${staffAId}`, { method: 'DELETE', headers: staffHeaders(staffA) });
      expect(await answer(del)).toEqual([403, 'staff_not_allowed']);
      expect(await answer(await ctx.call(`/api/establishments/${A}/coupons`, { headers: staffHeaders(staffA) }))).toEqual([403, 'staff_not_allowed']);
      expect((await ctx.call(`/api/establishments/${A}/coupons`, { headers: staffHeaders(ownerA) })).status).toBe(200);
      // The owner of B cannot touch A's team.
      const otherOwner = await ctx.call(`/api/establishments/${A}/staff/${staffAId}`, { method: 'DELETE', headers: staffHeaders(ownerB, A) });
      expect(await answer(otherOwner)).toEqual([403, 'staff_not_allowed']);
    });

    it('a customer’s session is never a staff session, nor a staff session a customer’s', async () => {
      // The customer's cookie with `Caller: staff`: no staff session.
      expect(await answer(await list(A, { ...cookieHeaders(customerA), Caller: 'staff' }))).toEqual([401, 'staff_session_required']);
      // The customer's token under the staff cookie's name.
      expect(await answer(await list(A, staffHeaders({ establishmentId: A, token: customerA.token })))).toEqual([401, 'staff_session_required']);
      // A staff token under the customer's cookie name, without `Caller: staff`: no customer session.
      expect(await answer(await list(A, cookieHeaders({ establishmentId: A, token: staffA.token })))).toEqual([401, 'unauthorized']);
      // One browser holding both: without `Caller: staff` the customer sees only their own orders.
      const both = { ...cookieHeaders(customerA), Cookie: `${cookieHeaders(customerA).Cookie}; staff_sid_${A}=${staffA.token}` };
      const own: OrdersListAnswer = await (await list(A, both)).json();
      expect(own.orders.map((o) => o._id)).toEqual([orderA]);
      // The customer cannot move an order to a kitchen step as the establishment would.
      expect((await setStatus(ctx, A, orderA, { status: 'preparing' }, both)).status).toBe(403);
    });

    it('the API key keeps working beside the staff sessions', async () => {
      const key = apiKeyHeaders(await createEstablishmentKey(ctx.db, B, 'test'));
      const listed: OrdersListAnswer = await (await list(B, key)).json();
      expect(listed.orders.map((o) => o._id)).toContain(orderB);
    });

    it('an invitation of A cannot be used at B', async () => {
      const email = 'convidado.a@example.com';
      const sent = await ctx.call(`/api/establishments/${A}/staff/invitations`, { method: 'POST', body: { email }, headers: staffHeaders(ownerA) });
      expect(sent.status).toBe(201);
      const { token } = await invitationFromOutbox(ctx, email);
      const body = (establishment_id: string) => ({ establishment_id, token, name: 'Davi Entregas', password: 'senha-do-davi' });
      expect(await answer(await ctx.call('/api/staff/invitations/accept', { method: 'POST', body: body(B) }))).toEqual([400, 'invitation_invalid']);
      expect((await ctx.call('/api/staff/invitations/accept', { method: 'POST', body: body(A) })).status).toBe(201);
      const atB = await ctx.call('/api/staff/login', { method: 'POST', body: { establishment_id: B, email, password: 'senha-do-davi' } });
      expect(atB.status).toBe(401);
    });

    it("a removed member's session stops working at once", async () => {
      expect((await list(A, staffHeaders(staffA))).status).toBe(200);
      expect((await ctx.call(`/api/establishments/${A}/staff/${staffAId}`, { method: 'DELETE', headers: staffHeaders(ownerA) })).status).toBe(204);
      expect(await answer(await list(A, staffHeaders(staffA)))).toEqual([401, 'staff_session_required']);
      expect(await answer(await setStatus(ctx, A, orderA, { status: 'preparing' }, staffHeaders(staffA)))).toEqual([401, 'staff_session_required']);
    });
  },
  { setup: (ctx) => loadOrderFixtures(ctx.db) },
);
