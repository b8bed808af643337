// The establishment's people (docs/api.md 'Staff'; issue 'The establishment's side'): staff
// members apart from the customers, who log in to the panel of their one establishment. Passwords
// are hashed as the customers' are (./password-hash.ts, decisions.md 'Passwords'); a session is an
// opaque token of which only the SHA-256 is stored, as the customers' (decisions.md 'Session
// token'); log in is limited per e-mail and per client address through the shared limiter; the
// owner invites by e-mail (a single-use token, only its hash stored) and removes members, whose
// sessions end at once. Who may do what is src/domain/staff-permissions.ts.
import { createHash } from 'node:crypto';
import { parse as parseCookies } from 'hono/utils/cookie';
import { staffCookieName } from '../../schemas/session-cookies.ts';
import staffTexts from '../../i18n/locales/pt-BR/staff.json' with { type: 'json' };
import { interpolate } from '../../i18n/interpolate.ts';
import { isStaffRole, may, permissionsOf, removalRefusal, type StaffRole } from '../../domain/staff-permissions.ts';
import { Temporal, zonedAt } from '../../domain/time.ts';
import type { StaffInvitationAnswer, StaffInvitationView, StaffMeAnswer, StaffMemberView } from '../../schemas/api-staff.ts';
import type { EstablishmentView } from '../../schemas/views.ts';
import type { EmailSender } from '../adapters/email.ts';
import type { Database } from '../db/database.ts';
import { randomId } from '../db/ids.ts';
import type { StaffInvitationRow, StaffMemberRow, StaffSessionRow } from '../db/types.ts';
import {
  acceptStaffInvitation,
  countOwners,
  deleteExpiredStaffSessions,
  deleteOpenStaffInvitation,
  findStaffMemberByEmail,
  findStaffSession,
  getStaffMember,
  insertStaffInvitation,
  insertStaffMember,
  insertStaffSession,
  listOpenStaffInvitations,
  removeStaffMember,
  replaceStaffPasswordHash,
} from '../db/staff-repo.ts';
import { canonicalOriginFor } from '../page-data.ts';
import { hashToken, newSessionToken } from './auth.ts';
import { burnVerification, hashPassword, passwordHashOutdated, verifyPassword } from './password-hash.ts';
import { hitOrRefuse, limitAddress, refundHit, resetLimit, type Limit } from './rate-limit.ts';
import { Refusal } from './refusal.ts';

/** A staff session lasts 14 days: a kitchen's tablet stays logged in for a fortnight, and a lost one stops working sooner than a customer's phone. */
export const STAFF_SESSION_DAYS = 14;
export const STAFF_SESSION_SECONDS = STAFF_SESSION_DAYS * 24 * 60 * 60;
/** An invitation is valid 7 days. */
export const INVITATION_DAYS = 7;

/** Log in attempts per e-mail at an establishment in one window; a success starts the count again. */
export const STAFF_LOGIN_ATTEMPTS_PER_EMAIL = 5;
/** Failed log ins per client address in one window, across e-mails (a success gives its attempt back). */
export const STAFF_LOGIN_FAILURES_PER_ADDRESS = 20;
export const STAFF_LOGIN_WINDOW_SECONDS = 15 * 60;
/** Invitations an establishment sends per hour. */
export const INVITATIONS_PER_HOUR = 20;

/** The member as the API answers them. */
export function staffMemberView(row: StaffMemberRow): StaffMemberView {
  return { _id: row.id, name: row.name, email: row.email, role: roleOf(row), created_at: row.created_at };
}

function roleOf(row: StaffMemberRow): StaffRole {
  // A stored role other than the two is read as the lesser one.
  return isStaffRole(row.role) && row.role === 'owner' ? 'owner' : 'staff';
}

/** A staff session's member as the guards carry it. */
export interface StaffActor {
  memberId: string;
  establishmentId: string;
  role: StaffRole;
}

export function actorOf(row: StaffMemberRow): StaffActor {
  return { memberId: row.id, establishmentId: row.establishment_id, role: roleOf(row) };
}

// ---------------------------------------------------------------- log in

function emailLimit(establishmentId: string, email: string): Limit {
  const name = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  return { key: `staff-login:email:${establishmentId}:${name}`, max: STAFF_LOGIN_ATTEMPTS_PER_EMAIL, windowSeconds: STAFF_LOGIN_WINDOW_SECONDS };
}

function addressLimit(address: string): Limit {
  return { key: `staff-login:ip:${limitAddress(address)}`, max: STAFF_LOGIN_FAILURES_PER_ADDRESS, windowSeconds: STAFF_LOGIN_WINDOW_SECONDS };
}

/**
 * Checks a staff log in at `establishmentId` and opens a session: 401 invalid_credentials for an
 * unknown e-mail and a wrong password alike (an unknown e-mail costs the same hashing time). Each
 * attempt is counted before the password is checked, one statement per count, so parallel attempts
 * cannot outrun the limits: 429 too_many_attempts_ip past 20 failures from the address in 15
 * minutes, 429 too_many_attempts past 5 attempts on the e-mail in 15 minutes. A right password
 * resets the e-mail's count and gives the address its attempt back.
 */
export async function staffLogIn(
  db: Database,
  establishmentId: string,
  email: string,
  password: string,
  now: Date,
  clientAddress: string,
): Promise<{ member: StaffMemberRow; token: string }> {
  const byAddress = addressLimit(clientAddress);
  await hitOrRefuse(db, [byAddress], now, 'too_many_attempts_ip');
  const byEmail = emailLimit(establishmentId, email);
  await hitOrRefuse(db, [byEmail], now, 'too_many_attempts');
  const member = await findStaffMemberByEmail(db, establishmentId, email.trim().toLowerCase());
  if (!member) {
    await burnVerification(password);
    throw new Refusal('unauthenticated', 'invalid_credentials');
  }
  if (!(await verifyPassword(password, member.password_hash))) throw new Refusal('unauthenticated', 'invalid_credentials');
  await resetLimit(db, byEmail.key);
  await refundHit(db, byAddress, now);
  if (passwordHashOutdated(member.password_hash)) await replaceStaffPasswordHash(db, member.id, member.password_hash, await hashPassword(password));
  return { member, token: await startStaffSession(db, member, now) };
}

/** Opens a session of the member at their establishment; answers the token (never stored). */
export async function startStaffSession(db: Database, member: StaffMemberRow, now: Date): Promise<string> {
  const token = newSessionToken();
  await deleteExpiredStaffSessions(db, member.id, now);
  await insertStaffSession(db, {
    token_hash: hashToken(token),
    member_id: member.id,
    establishment_id: member.establishment_id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + STAFF_SESSION_SECONDS * 1000).toISOString(),
  });
  return token;
}

/**
 * A valid, unexpired staff session with its member, whichever establishment it is of, or undefined.
 * A customer's token never matches (another table). The caller compares the establishment.
 */
export async function lookupStaffSession(db: Database, token: string, now: Date): Promise<{ session: StaffSessionRow; member: StaffMemberRow } | undefined> {
  if (!token || token.length > 128) return undefined;
  const found = await findStaffSession(db, hashToken(token));
  if (!found || found.session.expires_at <= now.toISOString()) return undefined;
  return found;
}

/** Who am I: the member, the establishment and what the role may do. */
export function staffMe(member: StaffMemberRow, est: EstablishmentView): StaffMeAnswer {
  return {
    member: staffMemberView(member),
    establishment: { _id: est._id, name: est.name, slug: est.slug_area },
    permissions: [...permissionsOf(roleOf(member))],
  };
}

/** 403 staff_not_allowed unless the actor's role has the permission. */
export function requirePermission(actor: StaffActor, permission: Parameters<typeof may>[1]): void {
  if (!may(actor.role, permission)) throw new Refusal('forbidden', 'staff_not_allowed');
}

// ---------------------------------------------------------------- invitations

/** The panel's address where an invitation is accepted. */
export function invitationPath(slug: string, token: string): string {
  return `/${slug}/painel/convite/${token}`;
}

function formatUntil(at: Date, timeZone: string): string {
  const z = zonedAt(Temporal.Instant.fromEpochMilliseconds(at.getTime()), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(z.day)}/${two(z.month)}/${z.year} às ${two(z.hour)}:${two(z.minute)}`;
}

/**
 * The owner invites someone by e-mail: a single-use token (only its SHA-256 stored) valid 7 days,
 * sent in a link to the panel's invitation page through the e-mail port (the outbox in the demo).
 * 409 staff_email_taken when the e-mail is already a member; 429 too_many_invitations past 20 an
 * hour for the establishment (counted before anything is written); 502 invitation_not_sent when the
 * e-mail could not be sent (the invitation is then never usable: its token went nowhere).
 */
export async function inviteStaff(
  deps: { db: Database; email: EmailSender; now: Date },
  actor: StaffActor,
  inviter: StaffMemberRow,
  est: EstablishmentView,
  invite: { email: string; role?: StaffRole },
): Promise<StaffInvitationAnswer> {
  const { db, now } = deps;
  requirePermission(actor, 'staff.manage');
  await hitOrRefuse(db, [{ key: `staff-invite:${est._id}`, max: INVITATIONS_PER_HOUR, windowSeconds: 60 * 60 }], now, 'too_many_invitations');
  if (await findStaffMemberByEmail(db, est._id, invite.email)) throw new Refusal('conflict', 'staff_email_taken');
  const role = invite.role ?? 'staff';
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const row: StaffInvitationRow = {
    id: randomId(),
    token_hash: hashToken(token),
    establishment_id: est._id,
    email: invite.email,
    role,
    invited_by: inviter.id,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    accepted_at: null,
  };
  await insertStaffInvitation(db, row);
  const link = `${canonicalOriginFor(est.company)}${invitationPath(est.slug_area, token)}`;
  const values = { establishment: est.name, inviter: inviter.name, link, until: formatUntil(expiresAt, est.time_zone) };
  try {
    await deps.email.send(
      { to: invite.email, subject: interpolate(staffTexts.invitation.subject, values), text: interpolate(staffTexts.invitation.text, values) },
      now,
    );
  } catch (err) {
    throw new Refusal('upstream_failed', 'invitation_not_sent', { params: { detail: err instanceof Error ? err.message : 'send failed' } });
  }
  return invitationView(row);
}

function invitationView(row: StaffInvitationRow): StaffInvitationView {
  return { _id: row.id, email: row.email, role: row.role === 'owner' ? 'owner' : 'staff', created_at: row.created_at, expires_at: row.expires_at };
}

/** The establishment's invitations neither accepted nor expired at `now` (the owner's). */
export async function listInvitations(db: Database, actor: StaffActor, now: Date): Promise<StaffInvitationView[]> {
  requirePermission(actor, 'staff.manage');
  return (await listOpenStaffInvitations(db, actor.establishmentId, now)).map(invitationView);
}

/**
 * Revokes an invitation of the actor's establishment not yet accepted: its link then answers
 * invitation_invalid as a spent one does. 404 invitation_not_found for one unknown, of another
 * establishment or already accepted (an accept and a revoke at once: exactly one wins).
 */
export async function revokeInvitation(db: Database, actor: StaffActor, invitationId: string): Promise<void> {
  requirePermission(actor, 'staff.manage');
  if (!(await deleteOpenStaffInvitation(db, actor.establishmentId, invitationId))) throw new Refusal('not_found', 'invitation_not_found');
}

/**
 * Accepts an invitation of `establishmentId` with the invitee's name and password: the member is
 * created with the invitation's e-mail and role. 400 invitation_invalid for a token that is unknown,
 * spent, expired or another establishment's (one answer for all, so a guess learns nothing); of
 * parallel accepts of one token exactly one succeeds.
 */
export async function acceptInvitation(
  db: Database,
  establishmentId: string,
  token: string,
  name: string,
  password: string,
  now: Date,
): Promise<StaffMemberRow> {
  const passwordHash = await hashPassword(password);
  const result = await acceptStaffInvitation(db, hashToken(token), establishmentId, { id: randomId(), name, password_hash: passwordHash }, now);
  if (!result.ok) throw result.reason === 'email_taken' ? new Refusal('conflict', 'staff_email_taken') : new Refusal('invalid', 'invitation_invalid');
  return result.member;
}

// ---------------------------------------------------------------- the team

/**
 * Removes a member of the actor's establishment; their sessions end in the same transaction. 403
 * staff_not_allowed for a member who does not manage staff, 404 staff_member_not_found for anyone
 * not of the establishment, 409 last_owner for its last owner.
 */
export async function removeStaff(db: Database, actor: StaffActor, memberId: string): Promise<void> {
  const target = await getStaffMember(db, memberId);
  const refusal = removalRefusal(
    actor,
    target && { role: roleOf(target), establishmentId: target.establishment_id },
    target?.role === 'owner' ? await countOwners(db, actor.establishmentId) : 2,
  );
  if (refusal === 'staff_not_allowed') throw new Refusal('forbidden', refusal);
  if (refusal === 'staff_member_not_found') throw new Refusal('not_found', refusal);
  if (refusal === 'last_owner') throw new Refusal('conflict', refusal);
  // Checked again inside the removal's transaction: two owners removing each other at once.
  const done = await removeStaffMember(db, actor.establishmentId, memberId);
  if (done === 'not_found') throw new Refusal('not_found', 'staff_member_not_found');
  if (done === 'last_owner') throw new Refusal('conflict', 'last_owner');
}

/**
 * Creates a member directly, with a password hashed as at log in: for the seed's demo logins and an
 * establishment's first owner, who has nobody to invite them. 409 staff_email_taken when the e-mail
 * is already a member of the establishment.
 */
export async function createStaffMember(
  db: Database,
  member: { establishmentId: string; email: string; name: string; role: StaffRole; password: string },
  now: Date,
): Promise<StaffMemberRow> {
  const email = member.email.trim().toLowerCase();
  if (await findStaffMemberByEmail(db, member.establishmentId, email)) throw new Refusal('conflict', 'staff_email_taken');
  const row: StaffMemberRow = {
    id: randomId(),
    establishment_id: member.establishmentId,
    email,
    name: member.name,
    role: member.role,
    password_hash: await hashPassword(member.password),
    created_at: now.toISOString(),
  };
  await insertStaffMember(db, row);
  return row;
}

/**
 * The staff member whose session of `establishmentId` a Cookie header carries (staff_sid_<id>), or
 * null: for what reads the cookie outside the API's routes (the live-updates socket of the panel).
 */
export function staffOfCookie(db: Database): (cookieHeader: string, establishmentId: string, now: Date) => Promise<{ memberId: string } | null> {
  return async (cookieHeader, establishmentId, now) => {
    const token = parseCookies(cookieHeader, staffCookieName(establishmentId))[staffCookieName(establishmentId)];
    const found = token ? await lookupStaffSession(db, token, now) : undefined;
    if (!found || found.session.establishment_id !== establishmentId || found.member.establishment_id !== establishmentId) return null;
    return { memberId: found.member.id };
  };
}
