// The offline geocoder's data (geo-data/: the demo streets, the municipality centres, the water)
// and its street segments grouped by street and by neighbourhood.
import { DEMO_STREETS } from '../geo-data/demo-streets.ts';
import { MUNICIPALITY_CENTRES } from '../geo-data/municipality-centres.ts';
import { WATER_AREAS } from '../geo-data/water.ts';
import type { MunicipalityCentre, StreetSegment, WaterArea } from '../geo-data/types.ts';
import type { LngLat } from '../geocoder.ts';
import { midpoint, round6 } from './geometry.ts';

export interface OfflineGeoData {
  streets: readonly StreetSegment[];
  centres: readonly MunicipalityCentre[];
  water: readonly WaterArea[];
}

export const DEMO_GEO_DATA: OfflineGeoData = { streets: DEMO_STREETS, centres: MUNICIPALITY_CENTRES, water: WATER_AREAS };

export const groupKey = (city: string, state: string, name: string) => `${state}|${city}|${name}`;

/** Segments grouped by street and by neighbourhood (per city). */
export function groups(streets: readonly StreetSegment[]) {
  const byStreet = new Map<string, StreetSegment[]>();
  const byNeighborhood = new Map<string, StreetSegment[]>();
  for (const s of streets) {
    const sk = groupKey(s.city, s.state, s.name);
    byStreet.set(sk, [...(byStreet.get(sk) ?? []), s]);
    const nk = groupKey(s.city, s.state, s.neighborhood);
    byNeighborhood.set(nk, [...(byNeighborhood.get(nk) ?? []), s]);
  }
  for (const list of byStreet.values()) list.sort((a, b) => a.numbers[0] - b.numbers[0]);
  return { byStreet, byNeighborhood };
}

/** The centre of a neighbourhood: the mean of its street segments' midpoints. */
export function neighborhoodCentre(segments: readonly StreetSegment[]): LngLat {
  const mids = segments.map(midpoint);
  return [round6(mids.reduce((s, p) => s + p[0], 0) / mids.length), round6(mids.reduce((s, p) => s + p[1], 0) / mids.length)];
}
