// Who of an establishment's people may do what (issue 'The establishment's side'): staff run the
// orders and the availability (sold out, the store open or closed) and read what the customers said;
// the owner does all that and also edits the menu, the coupons and the settings, manages the team
// and the Open Delivery credentials of its POS. Staff see the tables (to print their QR codes); the
// owner adds, removes and renews them. Pure: a role gives codes, the API guards and the
// panel ask the same function.

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  'orders.read',
  'orders.move',
  'availability.edit',
  'store.open_close',
  'feedback.read',
  'menu.edit',
  'coupons.edit',
  'settings.edit',
  'staff.manage',
  'open_delivery.manage',
  'tables.read',
  'tables.edit',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const STAFF_ONLY: readonly StaffPermission[] = ['orders.read', 'orders.move', 'availability.edit', 'store.open_close', 'feedback.read', 'tables.read'];

/** What a role may do, as codes. */
export function permissionsOf(role: StaffRole): readonly StaffPermission[] {
  return role === 'owner' ? STAFF_PERMISSIONS : STAFF_ONLY;
}

/** Whether a role may do `permission`. */
export function may(role: StaffRole, permission: StaffPermission): boolean {
  return permissionsOf(role).includes(permission);
}

/** Whether a stored text is a role. */
export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export type RemovalRefusal = 'staff_not_allowed' | 'staff_member_not_found' | 'last_owner';

/**
 * Whether `actor` may remove `target` from the team: only someone who manages staff, only a member
 * of the same establishment, and never the establishment's last owner (an owner may leave while
 * another owner stays). Answers the refusal's code, or null when the removal may go ahead.
 */
export function removalRefusal(
  actor: { role: StaffRole; establishmentId: string },
  target: { role: StaffRole; establishmentId: string } | undefined,
  ownersLeft: number,
): RemovalRefusal | null {
  if (!may(actor.role, 'staff.manage')) return 'staff_not_allowed';
  if (!target || target.establishmentId !== actor.establishmentId) return 'staff_member_not_found';
  if (target.role === 'owner' && ownersLeft <= 1) return 'last_owner';
  return null;
}
