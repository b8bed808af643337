// Boundary schemas of the establishment's people (docs/api.md 'Staff'): log in, log out, who am I,
// invitations (sent, listed, revoked, accepted) and the team. The e-mail is the customers' rule; the name and password limits are
// ./staff-fields.ts.
import { type } from 'arktype';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX } from './account-fields.ts';
import type { StaffPermission, StaffRole } from '../domain/staff-permissions.ts';
import { STAFF_NAME_MIN, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from './staff-fields.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

const email = type('string.trim')
  .pipe((s: string) => s.toLowerCase())
  .to(type(EMAIL_PATTERN).describe('an email address').and(`string <= ${EMAIL_MAX}`));

/** An invitation's token as its e-mail carries it: 32 random bytes, base64url. */
export const STAFF_INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const StaffLoginBody = type({
  establishment_id: id,
  email: type('string.trim').to(`1 <= string <= ${EMAIL_MAX}`),
  /** Not length-checked beyond a bound: a wrong length is just a wrong password. */
  password: '1 <= string <= 200',
  '+': 'delete',
});
export type StaffLoginBody = typeof StaffLoginBody.infer;

/** Log out and who am I name the establishment whose staff cookie they use. */
export const StaffEstablishmentBody = type({ establishment_id: id, '+': 'delete' });

export const StaffInviteBody = type({
  email,
  /** 'staff' unless the owner invites another owner. */
  'role?': "'owner' | 'staff'",
  '+': 'delete',
});

export const StaffAcceptBody = type({
  establishment_id: id,
  token: STAFF_INVITATION_TOKEN,
  name: type('string.trim').to(`${STAFF_NAME_MIN} <= string <= ${NAME_MAX}`),
  password: `${STAFF_PASSWORD_MIN} <= string <= ${STAFF_PASSWORD_MAX}`,
  '+': 'delete',
});

export const StaffMemberParams = type({ id, memberId: id });

/** A member as the team list and who-am-I answer them. */
export interface StaffMemberView {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  created_at: string;
}

/** Who is logged in: the member, their establishment and what their role may do. */
export interface StaffMeAnswer {
  member: StaffMemberView;
  establishment: { _id: string; name: string; slug: string };
  permissions: StaffPermission[];
}

export interface StaffListAnswer {
  members: StaffMemberView[];
}

export const StaffInvitationParams = type({ id, invitationId: id });

/** An invitation not yet accepted: to whom, with what role, sent and valid until when (the token is only in the e-mail). */
export interface StaffInvitationView {
  _id: string;
  email: string;
  role: StaffRole;
  created_at: string;
  expires_at: string;
}

/** An invitation sent. */
export type StaffInvitationAnswer = StaffInvitationView;

/** The establishment's open invitations (neither accepted nor expired), soonest to expire first. */
export interface StaffInvitationsAnswer {
  invitations: StaffInvitationView[];
}
