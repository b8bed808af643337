// Reverse geocoding: a position snapped to the nearest demo street segment, with an interpolated
// house number when it is on it; else its neighbourhood, or its city, by distance.
import type { ReverseGeocodeResult } from '../../../schemas/api-geo.ts';
import { insideBrazilBounds } from '../../../schemas/api-geo.ts';
import type { LngLatTuple, MunicipalityCentre } from '../geo-data/types.ts';
import { EMPTY_REVERSE } from '../geocoder.ts';
import type { OfflineGeoData } from './data.ts';
import { distance, houseNumberAt, snapTo, type Snap } from './geometry.ts';

/** A position this close to a street is on it: the answer names the street and a house number. */
export const STREET_SNAP_METERS = 150;
/** Within this distance of a street, its neighbourhood is answered (without the street). */
export const NEIGHBORHOOD_SNAP_METERS = 600;
/** Within this distance of a known street or municipality centre, its city and state are answered. */
export const CITY_SNAP_METERS = 5000;

function nearestSnap(data: OfflineGeoData, p: LngLatTuple): Snap | undefined {
  let best: Snap | undefined;
  for (const s of data.streets) {
    const snap = snapTo(s, p);
    if (!best || snap.meters < best.meters) best = snap;
  }
  return best;
}

/** The municipality whose centre is nearest `p`, within CITY_SNAP_METERS. */
function nearestCentre(data: OfflineGeoData, p: LngLatTuple): MunicipalityCentre | undefined {
  let centre: { c: MunicipalityCentre; d: number } | undefined;
  for (const c of data.centres) {
    const d = distance(c.lng_lat, p);
    if (d <= CITY_SNAP_METERS && (!centre || d < centre.d)) centre = { c, d };
  }
  return centre?.c;
}

export function reverseGeocode(data: OfflineGeoData, lat: number, lng: number): ReverseGeocodeResult {
  if (!insideBrazilBounds(lng, lat)) return { ...EMPTY_REVERSE };
  const p: LngLatTuple = [lng, lat];
  const snap = nearestSnap(data, p);
  if (snap && snap.meters <= STREET_SNAP_METERS) {
    const s = snap.segment;
    return { street: s.name, number: String(houseNumberAt(snap)), neighborhood: s.neighborhood, city: s.city, state: s.state, country: 'BR' };
  }
  if (snap && snap.meters <= NEIGHBORHOOD_SNAP_METERS) {
    const s = snap.segment;
    return { ...EMPTY_REVERSE, neighborhood: s.neighborhood, city: s.city, state: s.state };
  }
  if (snap && snap.meters <= CITY_SNAP_METERS) return { ...EMPTY_REVERSE, city: snap.segment.city, state: snap.segment.state };
  const centre = nearestCentre(data, p);
  return centre ? { ...EMPTY_REVERSE, city: centre.name, state: centre.state } : { ...EMPTY_REVERSE };
}
