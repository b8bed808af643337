// Whether an establishment is open at an instant, and where it reaches: pure functions over the
// establishment view, so the API, the pages and the tests agree on one answer.
import { isOpenAt, type OfficeHour } from '../../domain/office-hours.ts';
import { DEFAULT_TIME_ZONE, Temporal } from '../../domain/time.ts';

export interface OpenModeInput {
  /** 'open'/'closed' is the establishment's manual override; 'auto' follows office_hours. */
  open_mode: 'auto' | 'open' | 'closed';
  office_hours: readonly OfficeHour[];
  time_zone?: string | null;
}

/**
 * Open at `at`: 'open' -> true, 'closed' -> false, 'auto' -> the office hours in the establishment's zone.
 * Example: `isEstablishmentOpen({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }], time_zone: 'America/Sao_Paulo' }, new Date('2025-01-04T04:30:00Z')) === true`
 */
export function isEstablishmentOpen(est: OpenModeInput, at: Date | Temporal.Instant): boolean {
  if (est.open_mode === 'open') return true;
  if (est.open_mode === 'closed') return false;
  const instant = at instanceof Date ? Temporal.Instant.fromEpochMilliseconds(at.getTime()) : at;
  return isOpenAt(est.office_hours, instant, est.time_zone || DEFAULT_TIME_ZONE);
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * Great-circle (haversine) distance in metres between two [lng, lat] points.
 * Example: `Math.round(distanceMeters([0, 0], [0, 1])) === 111195`
 */
export function distanceMeters(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Delivery radius used when preferences leave it unset. */
export const DEFAULT_DELIVERY_RADIUS_METERS = 5000;

/** The establishment's delivery radius in metres, 5000 when unset or not a positive number. Example: `deliveryRadiusMeters({}) === 5000` */
export function deliveryRadiusMeters(preferences: { delivery_radius?: number | null } | null | undefined): number {
  const r = preferences?.delivery_radius;
  return typeof r === 'number' && Number.isFinite(r) && r > 0 ? r : DEFAULT_DELIVERY_RADIUS_METERS;
}

/** Whether a point lies within the establishment's delivery radius (boundary included). */
export function coversPoint(
  est: { lng_lat: readonly [number, number]; preferences: { delivery_radius?: number | null } | null | undefined },
  point: readonly [number, number],
): boolean {
  return distanceMeters(est.lng_lat, point) <= deliveryRadiusMeters(est.preferences);
}
