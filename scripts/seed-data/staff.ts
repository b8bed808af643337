// The demo's panel logins (README 'Painel do estabelecimento'): each demo establishment gets an
// owner and a staff member with these known passwords. Demo data only: a real establishment's
// first owner is created by whoever sets it up, and invites the rest.
import type { StaffRole } from '../../src/domain/staff-permissions.ts';

export const DEMO_OWNER_PASSWORD = 'painel-dono';
export const DEMO_STAFF_PASSWORD = 'painel-equipe';

export interface DemoStaffLogin {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** The two logins of an establishment: dono@<slug>.demo and equipe@<slug>.demo. */
export function demoStaffLogins(slug: string): DemoStaffLogin[] {
  return [
    { email: `dono@${slug}.demo`, name: 'Dono da Loja', role: 'owner', password: DEMO_OWNER_PASSWORD },
    { email: `equipe@${slug}.demo`, name: 'Equipe da Cozinha', role: 'staff', password: DEMO_STAFF_PASSWORD },
  ];
}
