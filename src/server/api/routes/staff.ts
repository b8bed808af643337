// The establishment's people (docs/api.md 'Staff'): the panel's log in, log out and who am I, the
// owner's invitations by e-mail (sent, listed, revoked) and team, and the invitee's accept. The rules are
// src/server/services/staff.ts and src/domain/staff-permissions.ts; here, HTTP: the staff cookie,
// the client's address for the limits, the statuses.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { clearStaffCookie, requestClientAddress, requestDeps as depsOf, requireEstablishment, requireStaffSession, setStaffCookie } from '../guards.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { StaffInvitationParams, StaffMemberParams } from '../../../schemas/api-staff.ts';
import { deleteStaffSession, listStaffMembers } from '../../db/staff-repo.ts';
import {
  acceptInvitation,
  inviteStaff,
  listInvitations,
  removeStaff,
  requirePermission,
  revokeInvitation,
  staffLogIn,
  staffMe,
  staffMemberView,
} from '../../services/staff.ts';

/** Answers about the establishment's people: never cached. */
function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}

export const staffRoutes = new Hono<ApiEnv>()
  // E-mail and password at one establishment; limited per e-mail and per client address.
  .post('/staff/login', async (c) => {
    const { db, now, secure } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /staff/login');
    const est = await requireEstablishment(db, body.establishment_id);
    const { member, token } = await staffLogIn(db, est._id, body.email, body.password, now, requestClientAddress(c));
    setStaffCookie(c, est._id, token, secure);
    return c.json(staffMe(member, est) satisfies Answer<'POST /staff/login'>, 200);
  })
  // Ends the caller's staff session and expires its cookie.
  .post('/staff/logout', async (c) => {
    const { db, secure } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /staff/logout');
    const current = await requireStaffSession(c, body.establishment_id);
    await deleteStaffSession(db, current.tokenHash);
    clearStaffCookie(c, body.establishment_id, secure);
    return c.body(null, 204);
  })
  // The invitee's name and password for an invitation of the establishment; its token is spent.
  .post('/staff/invitations/accept', async (c) => {
    const { db, now } = depsOf(c);
    noStore(c);
    const body = await routeBody(c, 'POST /staff/invitations/accept');
    const est = await requireEstablishment(db, body.establishment_id);
    const member = await acceptInvitation(db, est._id, body.token, body.name, body.password, now);
    return c.json({ member: staffMemberView(member) } satisfies Answer<'POST /staff/invitations/accept'>, 201);
  })
  // Who is logged in to the establishment's panel.
  .get('/establishments/:id/staff/me', async (c) => {
    const { db } = depsOf(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { member } = await requireStaffSession(c, id);
    const est = await requireEstablishment(db, id);
    return c.json(staffMe(member, est) satisfies Answer<'GET /establishments/:id/staff/me'>);
  })
  // The team (the owner's).
  .get('/establishments/:id/staff', async (c) => {
    const { db } = depsOf(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { actor } = await requireStaffSession(c, id);
    requirePermission(actor, 'staff.manage');
    const members = await listStaffMembers(db, id);
    return c.json({ members: members.map(staffMemberView) } satisfies Answer<'GET /establishments/:id/staff'>);
  })
  // The owner invites someone by e-mail (the outbox in the demo).
  .post('/establishments/:id/staff/invitations', async (c) => {
    const { db, now } = depsOf(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { actor, member } = await requireStaffSession(c, id);
    requirePermission(actor, 'staff.manage');
    const body = await routeBody(c, 'POST /establishments/:id/staff/invitations');
    const est = await requireEstablishment(db, id);
    const answer = await inviteStaff({ db, now, email: c.get('deps').email }, actor, member, est, body);
    return c.json(answer satisfies Answer<'POST /establishments/:id/staff/invitations'>, 201);
  })
  // The invitations neither accepted nor expired (the owner's).
  .get('/establishments/:id/staff/invitations', async (c) => {
    const { db, now } = depsOf(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const { actor } = await requireStaffSession(c, id);
    const invitations = await listInvitations(db, actor, now);
    return c.json({ invitations } satisfies Answer<'GET /establishments/:id/staff/invitations'>);
  })
  // The owner revokes an invitation not yet accepted: its link is refused from then on.
  .delete('/establishments/:id/staff/invitations/:invitationId', async (c) => {
    const { db } = depsOf(c);
    noStore(c);
    const { id, invitationId } = validate(StaffInvitationParams, c.req.param(), 'params');
    const { actor } = await requireStaffSession(c, id);
    await revokeInvitation(db, actor, invitationId);
    return c.body(null, 204);
  })
  // The owner removes a member; their sessions end at once. Never the last owner.
  .delete('/establishments/:id/staff/:memberId', async (c) => {
    const { db, secure } = depsOf(c);
    noStore(c);
    const { id, memberId } = validate(StaffMemberParams, c.req.param(), 'params');
    const { actor } = await requireStaffSession(c, id);
    await removeStaff(db, actor, memberId);
    if (memberId === actor.memberId) clearStaffCookie(c, id, secure);
    // The removed member's open panels, in any server process, close their sockets at once.
    await c.get('deps').publish?.({ kind: 'staff-sessions-ended', member_id: memberId });
    return c.body(null, 204);
  });
