// The pure helpers behind is_open and the near/intersect lookups (no database).
import { describe, it, expect } from 'vitest';
import {
  coversPoint,
  DEFAULT_DELIVERY_RADIUS_METERS,
  deliveryRadiusMeters,
  distanceMeters,
  isEstablishmentOpen,
} from '../../src/server/services/establishment-status.ts';
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

describe('distanceMeters', () => {
  it('is the haversine distance in metres', () => {
    expect(Math.round(distanceMeters([0, 0], [0, 1]))).toBe(111195);
    expect(Math.round(distanceMeters([-46.6333, -23.5505], [-46.6544, -23.5614]))).toBe(2469);
    expect(distanceMeters([-46.6, -23.5], [-46.6, -23.5])).toBe(0);
    expect(distanceMeters([10, 20], [30, 40])).toBeCloseTo(distanceMeters([30, 40], [10, 20]), 6);
  });
});

describe('delivery radius', () => {
  it('defaults to 5000 m when unset [R-9.11]', () => {
    expect(DEFAULT_DELIVERY_RADIUS_METERS).toBe(5000);
    expect(deliveryRadiusMeters({})).toBe(5000);
    expect(deliveryRadiusMeters(undefined)).toBe(5000);
    expect(deliveryRadiusMeters({ delivery_radius: 0 })).toBe(5000);
    expect(deliveryRadiusMeters({ delivery_radius: 3000 })).toBe(3000);
    const here: [number, number] = [-46.6544, -23.5614];
    expect(coversPoint({ lng_lat: here, preferences: {} }, [-46.7025, -23.5614])).toBe(true); // 4903 m
    expect(coversPoint({ lng_lat: here, preferences: {} }, [-46.6035, -23.5505])).toBe(false); // 5328 m
  });
});
