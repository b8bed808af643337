// Delivery fee by distance (spec sections 7 'POST /delivery_tax' and 9 'Default delivery radius
// 5000 when unset'): the great-circle distance from the establishment to the customer's address
// picks a price band; beyond the radius there is no delivery at all (404 no_delivery_tax_found).
// Amounts are integer centavos, distances whole metres. This is the one reading of 'where an
// establishment reaches': the establishment list's intersect filter, the clock by position, the
// delivery fee, the saved addresses' delivery and POST orders all call it, so an address is never
// reached in one answer and refused in another.
import { assertCents } from './money.ts';

/** The radius used when the preferences leave it unset. Example: `DEFAULT_DELIVERY_RADIUS_METERS === 5000` */
export const DEFAULT_DELIVERY_RADIUS_METERS = 5000;

/** Mean Earth radius (IUGG), the usual haversine constant. */
const EARTH_RADIUS_METERS = 6_371_008.8;

export type LngLat = readonly [lng: number, lat: number];
export type DeliveryBand = { up_to_meters: number; price: number };
export type DeliveryFeeResult = { ok: true; price: number; distance: number } | { ok: false; reason: 'outside_radius'; distance: number };
/** What the delivery rules read from an establishment's preferences. */
export type DeliveryPreferences = { delivery_radius?: number | null; delivery_bands?: readonly DeliveryBand[] };

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/**
 * Great-circle distance in metres (haversine, R = 6_371_008.8 m), rounded to the metre: every
 * rule below compares whole metres, so 5000.4 m is 5000 m (inside the default radius) everywhere.
 * Example: `distanceMeters([-48.5482, -27.5954], [-48.5482, -27.5864]) === 1001`
 */
export function distanceMeters(from: LngLat, to: LngLat): number {
  const [lng1, lat1] = from;
  const [lng2, lat2] = to;
  if (![lng1, lat1, lng2, lat2].every(Number.isFinite)) throw new RangeError('coordinates must be finite numbers');
  const phi1 = toRadians(lat1);
  const phi2 = toRadians(lat2);
  const dPhi = toRadians(lat2 - lat1);
  const dLambda = toRadians(lng2 - lng1);
  const h = Math.sin(dPhi / 2) ** 2 + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  // min() guards asin against 1.0000000002 from rounding on antipodal points.
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h))));
}

/**
 * The radius in force: the preference when it is a positive number, else 5000 m. A radius of 0 is
 * read as 'unset' rather than 'deliver nowhere', because the delivery_type list is what switches
 * delivery off; a store that does not deliver does not list 'delivery'.
 * Example: `effectiveDeliveryRadius({ delivery_radius: null }) === 5000`
 */
export function effectiveDeliveryRadius(prefs: Pick<DeliveryPreferences, 'delivery_radius'>): number {
  const radius = prefs.delivery_radius;
  return typeof radius === 'number' && Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_DELIVERY_RADIUS_METERS;
}

/**
 * Fee for a distance: first band (sorted by up_to_meters) whose up_to_meters >= distance; beyond the
 * last band but inside the radius: the last band's price; no bands: 0; outside radius -> outside.
 * The radius itself is inside (a customer exactly 5000 m away is served).
 * Example: `deliveryFee(1200, { delivery_bands: [{ up_to_meters: 1000, price: 500 }, { up_to_meters: 3000, price: 800 }] })` is `{ ok: true, price: 800, distance: 1200 }`
 */
export function deliveryFee(distance: number, prefs: DeliveryPreferences): DeliveryFeeResult {
  if (!Number.isFinite(distance) || distance < 0) throw new RangeError(`distance must be a non-negative number, got ${distance}`);
  if (!insideDeliveryRadius(distance, prefs)) return { ok: false, reason: 'outside_radius', distance };
  const bands = [...(prefs.delivery_bands ?? [])].sort((a, b) => a.up_to_meters - b.up_to_meters);
  if (bands.length === 0) return { ok: true, price: 0, distance };
  const band = bands.find((b) => b.up_to_meters >= distance) ?? bands[bands.length - 1]!;
  assertCents(band.price, 'delivery band price');
  return { ok: true, price: Math.max(0, band.price), distance };
}

/** Whether a distance (whole metres) lies inside the radius in force, the radius itself included. Example: `insideDeliveryRadius(5000, {}) === true` */
export function insideDeliveryRadius(distance: number, prefs: Pick<DeliveryPreferences, 'delivery_radius'>): boolean {
  return distance <= effectiveDeliveryRadius(prefs);
}

/**
 * Whether `to` lies inside the delivery radius of an establishment at `from` (the establishment
 * list's intersect filter ), measured as the fee measures it.
 * Example: `withinDeliveryRadius([-46.6544, -23.5614], [-46.7025, -23.5614], {}) === true` (4903 m)
 */
export function withinDeliveryRadius(from: LngLat, to: LngLat, prefs: Pick<DeliveryPreferences, 'delivery_radius'>): boolean {
  return insideDeliveryRadius(distanceMeters(from, to), prefs);
}

export type DeliveryAtResult = DeliveryFeeResult | { ok: false; reason: 'not_delivering' };

/**
 * The delivery an establishment at `from` offers at `to`: its fee and distance, or why none (it
 * does not list 'delivery' among its delivery types, or `to` is outside its radius).
 * Example: `deliveryAt(here, fiveKmAway, { delivery_type: ['pickup'] })` is `{ ok: false, reason: 'not_delivering' }`
 */
export function deliveryAt(from: LngLat, to: LngLat, prefs: DeliveryPreferences & { delivery_type: readonly string[] }): DeliveryAtResult {
  if (!prefs.delivery_type.includes('delivery')) return { ok: false, reason: 'not_delivering' };
  return deliveryFee(distanceMeters(from, to), prefs);
}

/** What the delivery costs before the customer's address is known: see deliveryFeeBeforeAddress. */
export type DeliveryFeeOutlook = { kind: 'free' } | { kind: 'fixed' | 'from'; price: number; free_from: number | null };

/**
 * The delivery fee a customer can be told before choosing an address: 'free' when no reachable
 * band charges anything or the free-delivery threshold waives every order; otherwise the cheapest
 * reachable band ('fixed' when every reachable band costs the same, 'from' when farther costs more)
 * and the order amount from which the fee is waived, if the establishment has one (decisions #14).
 * A band is reachable when the one before it ends inside the radius, as deliveryFee picks them.
 * Example: `deliveryFeeBeforeAddress({ delivery_bands: [{ up_to_meters: 2000, price: 690 }, { up_to_meters: 4000, price: 990 }] }, null)` is `{ kind: 'from', price: 690, free_from: null }`
 */
export function deliveryFeeBeforeAddress(prefs: DeliveryPreferences, freeFrom: number | null): DeliveryFeeOutlook {
  const radius = effectiveDeliveryRadius(prefs);
  const bands = [...(prefs.delivery_bands ?? [])].sort((a, b) => a.up_to_meters - b.up_to_meters);
  const prices = bands.filter((_, i) => i === 0 || bands[i - 1]!.up_to_meters < radius).map((b) => Math.max(0, b.price));
  const min = prices.length ? Math.min(...prices) : 0;
  const max = prices.length ? Math.max(...prices) : 0;
  if (max === 0 || freeFrom === 0) return { kind: 'free' };
  return { kind: min === max ? 'fixed' : 'from', price: min, free_from: freeFrom };
}
