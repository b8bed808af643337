// Staff helpers for the API tests: members made directly (as the seed does), log in through the
// API, and the headers of a panel's call (its staff cookie and `Caller: staff`).
import { expect } from 'vitest';
import type { TestContext } from './databases.ts';
import { cookieNamed, customerAddress } from './accounts.ts';
import { createStaffMember } from '../../../src/server/services/staff.ts';
import type { StaffRole } from '../../../src/domain/staff-permissions.ts';

export const STAFF_PASSWORD = 'senha-forte-1';

let serial = 0;
/** A member of the establishment with a fresh e-mail and STAFF_PASSWORD. */
export async function makeMember(ctx: TestContext, establishmentId: string, role: StaffRole, name = role === 'owner' ? 'Dona Ana' : 'Bruno Caixa') {
  serial += 1;
  const email = `${role}.${serial}.${Date.now().toString(36)}@example.com`;
  const row = await createStaffMember(ctx.db, { establishmentId, email, name, role, password: STAFF_PASSWORD }, ctx.now());
  return { id: row.id, email, role };
}

export interface StaffSession {
  establishmentId: string;
  token: string;
}

/** Logs in through the API (expects 200) and answers the session's cookie value. */
export async function staffLogin(ctx: TestContext, establishmentId: string, email: string, password = STAFF_PASSWORD): Promise<StaffSession> {
  const res = await ctx.call('/api/staff/login', {
    method: 'POST',
    body: { establishment_id: establishmentId, email, password },
    headers: { 'X-Forwarded-For': customerAddress() },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = cookieNamed(res, `staff_sid_${establishmentId}`);
  if (!cookie?.value) throw new Error('no staff cookie');
  return { establishmentId, token: cookie.value };
}

/** The headers of a panel's call: the staff cookie (under `cookieOf`'s name, by default the session's own establishment) and `Caller: staff`. */
export function staffHeaders(s: StaffSession, cookieOf = s.establishmentId): Record<string, string> {
  return { Cookie: `staff_sid_${cookieOf}=${s.token}`, Caller: 'staff' };
}

/** The link of the newest invitation e-mail sent to `email` in the outbox, and its token. */
export async function invitationFromOutbox(ctx: TestContext, email: string): Promise<{ link: string; token: string; text: string }> {
  const rows = await ctx.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('channel', '=', 'email')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .execute();
  const text = rows[0]?.text ?? '';
  const link = /https?:\/\/\S+\/painel\/convite\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!link) throw new Error(`no invitation e-mail to ${email}`);
  return { link: link[0], token: link[1]!, text };
}
