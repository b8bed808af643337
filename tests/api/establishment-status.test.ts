// The pure helper behind is_open (no database). The near/intersect lookups' distance and radius are
// src/domain/delivery-fee.ts (tests/unit/delivery-fee.test.ts).
import { describe, it, expect } from 'vitest';
import { isEstablishmentOpen } from '../../src/server/services/establishment-status.ts';
import { Temporal } from '../../src/domain/time.ts';

const evening = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1800, stop_at: 2330 }));
const fridayNight = [{ wday: 6, start_at: 1800, stop_at: 200 }];

describe('isEstablishmentOpen', () => {
  it("follows office hours in the establishment's zone in auto mode", () => {
    const est = { open_mode: 'auto' as const, office_hours: evening, time_zone: 'America/Sao_Paulo' };
    expect(isEstablishmentOpen(est, new Date('2025-01-03T23:00:00Z'))).toBe(true); // 20:00 local
    expect(isEstablishmentOpen(est, new Date('2025-01-03T13:00:00Z'))).toBe(false); // 10:00 local
    expect(isEstablishmentOpen(est, new Date('2025-01-04T02:29:00Z'))).toBe(true); // 23:29 local
    expect(isEstablishmentOpen(est, new Date('2025-01-04T02:30:00Z'))).toBe(false); // 23:30 local
    // Same instant, another zone: 18:30 in São Paulo is 17:30 in Manaus.
    expect(isEstablishmentOpen({ ...est, time_zone: 'America/Manaus' }, new Date('2025-01-03T21:30:00Z'))).toBe(false);
  });

  it('keeps Friday 18:00-02:00 open at 01:30 on Saturday', () => {
    const est = { open_mode: 'auto' as const, office_hours: fridayNight, time_zone: 'America/Sao_Paulo' };
    expect(isEstablishmentOpen(est, Temporal.Instant.from('2025-01-04T04:30:00Z'))).toBe(true);
    expect(isEstablishmentOpen(est, Temporal.Instant.from('2025-01-04T05:00:00Z'))).toBe(false);
    expect(isEstablishmentOpen(est, Temporal.Instant.from('2025-01-03T20:59:00Z'))).toBe(false);
  });

  it('lets the manual override win and defaults the zone to America/Sao_Paulo', () => {
    const at = new Date('2025-01-03T13:00:00Z');
    expect(isEstablishmentOpen({ open_mode: 'open', office_hours: [] }, at)).toBe(true);
    expect(isEstablishmentOpen({ open_mode: 'closed', office_hours: evening, time_zone: 'America/Sao_Paulo' }, new Date('2025-01-03T23:00:00Z'))).toBe(false);
    expect(isEstablishmentOpen({ open_mode: 'auto', office_hours: evening, time_zone: null }, new Date('2025-01-03T23:00:00Z'))).toBe(true);
  });
});
