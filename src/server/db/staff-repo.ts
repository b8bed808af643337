// The establishment's people (migration 0019_staff): staff members, their invitations and their
// sessions. Every limit on them (an invitation spent once, the last owner kept) is one statement or
// one transaction here, so parallel requests cannot both pass it, on SQLite and PostgreSQL alike.
import { sql } from 'kysely';
import type { Database, Executor } from './database.ts';
import type { StaffInvitationRow, StaffMemberRow, StaffSessionRow } from './types.ts';

export async function findStaffMemberByEmail(db: Database, establishmentId: string, email: string): Promise<StaffMemberRow | undefined> {
  return db.selectFrom('staff_members').selectAll().where('establishment_id', '=', establishmentId).where('email', '=', email).executeTakeFirst();
}

export async function getStaffMember(db: Executor, id: string): Promise<StaffMemberRow | undefined> {
  return db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listStaffMembers(db: Database, establishmentId: string): Promise<StaffMemberRow[]> {
  return db.selectFrom('staff_members').selectAll().where('establishment_id', '=', establishmentId).orderBy('created_at').orderBy('id').execute();
}

export async function insertStaffMember(db: Executor, row: StaffMemberRow): Promise<void> {
  await db.insertInto('staff_members').values(row).execute();
}

/** Replaces a member's password hash only over the one just verified (an outdated hash made again). */
export async function replaceStaffPasswordHash(db: Database, id: string, previous: string, next: string): Promise<void> {
  await db.updateTable('staff_members').set({ password_hash: next }).where('id', '=', id).where('password_hash', '=', previous).execute();
}

/**
 * Removes a member of `establishmentId` and ends every session of theirs, unless they are its last
 * owner. The establishment's owners are locked first (an UPDATE that changes nothing takes their
 * row locks on PostgreSQL; SQLite runs one transaction at a time), so two owners removing each
 * other at once cannot leave none. Answers what happened.
 */
export async function removeStaffMember(db: Database, establishmentId: string, memberId: string): Promise<'removed' | 'not_found' | 'last_owner'> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_members').set({ role: sql`role` }).where('establishment_id', '=', establishmentId).where('role', '=', 'owner').execute();
    const target = await trx
      .selectFrom('staff_members')
      .selectAll()
      .where('id', '=', memberId)
      .where('establishment_id', '=', establishmentId)
      .executeTakeFirst();
    if (!target) return 'not_found';
    if (target.role === 'owner') {
      const { n } = await trx
        .selectFrom('staff_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('establishment_id', '=', establishmentId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) return 'last_owner';
    }
    await trx.deleteFrom('staff_sessions').where('member_id', '=', memberId).execute();
    await trx.deleteFrom('staff_members').where('id', '=', memberId).execute();
    return 'removed';
  });
}

/** How many owners an establishment has. */
export async function countOwners(db: Database, establishmentId: string): Promise<number> {
  const { n } = await db
    .selectFrom('staff_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('establishment_id', '=', establishmentId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---------------------------------------------------------------- invitations

export async function insertStaffInvitation(db: Database, row: StaffInvitationRow): Promise<void> {
  await db.insertInto('staff_invitations').values(row).execute();
}

export async function findStaffInvitation(db: Database, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The establishment's invitations still open at `now` (not accepted, not expired), soonest to expire first. */
export async function listOpenStaffInvitations(db: Database, establishmentId: string, now: Date): Promise<StaffInvitationRow[]> {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .execute();
}

/**
 * Deletes an invitation of `establishmentId` that no accept has claimed, in one statement: an
 * accept running at the same time either claimed it first (nothing is deleted) or finds no row to
 * claim, so of a revoke and an accept exactly one wins. Answers whether one was deleted.
 */
export async function deleteOpenStaffInvitation(db: Database, establishmentId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('staff_invitations')
    .where('id', '=', id)
    .where('establishment_id', '=', establishmentId)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Spends an open invitation of `establishmentId` and creates its member, in one transaction: the
 * invitation is claimed by one conditional UPDATE (only while unspent and unexpired), so of parallel
 * accepts exactly one gets the row back; a member already holding the e-mail undoes the claim.
 * Answers the new member, or why not.
 */
export async function acceptStaffInvitation(
  db: Database,
  tokenHash: string,
  establishmentId: string,
  member: Pick<StaffMemberRow, 'id' | 'name' | 'password_hash'>,
  now: Date,
): Promise<{ ok: true; member: StaffMemberRow } | { ok: false; reason: 'invalid' | 'email_taken' }> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('staff_invitations')
      .set({ accepted_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('establishment_id', '=', establishmentId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return { ok: false, reason: 'invalid' } as const;
    const taken = await trx
      .selectFrom('staff_members')
      .select('id')
      .where('establishment_id', '=', establishmentId)
      .where('email', '=', claimed.email)
      .executeTakeFirst();
    if (taken) {
      await trx.updateTable('staff_invitations').set({ accepted_at: null }).where('token_hash', '=', tokenHash).execute();
      return { ok: false, reason: 'email_taken' } as const;
    }
    const row: StaffMemberRow = {
      ...member,
      establishment_id: establishmentId,
      email: claimed.email,
      role: claimed.role,
      created_at: now.toISOString(),
    };
    await insertStaffMember(trx, row);
    return { ok: true, member: row } as const;
  });
}

// ---------------------------------------------------------------- sessions

export async function insertStaffSession(db: Database, row: StaffSessionRow): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

/** A session with its member, when both exist. */
export async function findStaffSession(db: Database, tokenHash: string): Promise<{ session: StaffSessionRow; member: StaffMemberRow } | undefined> {
  const session = await db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!session) return undefined;
  const member = await getStaffMember(db, session.member_id);
  return member ? { session, member } : undefined;
}

export async function deleteStaffSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredStaffSessions(db: Database, memberId: string, now: Date): Promise<void> {
  await db.deleteFrom('staff_sessions').where('member_id', '=', memberId).where('expires_at', '<=', now.toISOString()).execute();
}
