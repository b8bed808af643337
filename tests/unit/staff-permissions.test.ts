// Who of an establishment's people may do what (src/domain/staff-permissions.ts).
import { describe, expect, it } from 'vitest';
import { may, permissionsOf, removalRefusal } from '../../src/domain/staff-permissions.ts';

describe('staff permissions', () => {
  it('staff run orders, availability and the store and see the tables; only the owner edits menu, coupons, settings, the team, the Open Delivery credentials and the tables', () => {
    for (const p of ['orders.read', 'orders.move', 'availability.edit', 'store.open_close', 'feedback.read', 'tables.read'] as const) {
      expect(may('staff', p)).toBe(true);
      expect(may('owner', p)).toBe(true);
    }
    for (const p of ['menu.edit', 'coupons.edit', 'settings.edit', 'staff.manage', 'open_delivery.manage', 'tables.edit'] as const) {
      expect(may('staff', p)).toBe(false);
      expect(may('owner', p)).toBe(true);
    }
    expect(permissionsOf('staff')).not.toContain('staff.manage');
  });

  it('a removal: only by who manages staff, only within the establishment, never of the last owner', () => {
    const owner = { role: 'owner', establishmentId: 'a' } as const;
    expect(removalRefusal({ role: 'staff', establishmentId: 'a' }, { role: 'staff', establishmentId: 'a' }, 1)).toBe('staff_not_allowed');
    expect(removalRefusal(owner, { role: 'staff', establishmentId: 'b' }, 1)).toBe('staff_member_not_found');
    expect(removalRefusal(owner, undefined, 1)).toBe('staff_member_not_found');
    expect(removalRefusal(owner, { role: 'owner', establishmentId: 'a' }, 1)).toBe('last_owner');
    expect(removalRefusal(owner, { role: 'owner', establishmentId: 'a' }, 2)).toBeNull();
    expect(removalRefusal(owner, { role: 'staff', establishmentId: 'a' }, 1)).toBeNull();
  });
});
