// The offline map's data: GeoJSON of the demo streets, their neighbourhoods' areas and labels, the
// water and the municipality centres, for the offline map style (GET /api/geo/map-style).
import type { LngLat } from '../geocoder.ts';
import { DEMO_GEO_DATA, groups, neighborhoodCentre, type OfflineGeoData } from './data.ts';
import { fromLocal, toLocal, type XY } from './geometry.ts';
import type { StreetSegment } from '../geo-data/types.ts';

type Feature<G> = { type: 'Feature'; properties: Record<string, string>; geometry: G };
type FeatureCollection<G> = { type: 'FeatureCollection'; features: Feature<G>[] };
type LineString = { type: 'LineString'; coordinates: LngLat[] };
type Polygon = { type: 'Polygon'; coordinates: LngLat[][] };
type Point = { type: 'Point'; coordinates: LngLat };

/** Convex hull (monotone chain) of local points, counter-clockwise. */
function convexHull(points: XY[]): XY[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: XY, a: XY, b: XY) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: XY[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: XY[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Margin around a neighbourhood's streets in its drawn area. */
const AREA_MARGIN_METERS = 60;

/** The drawn area of a neighbourhood: the convex hull of its streets, widened by a margin. */
function neighborhoodArea(segments: readonly StreetSegment[]): LngLat[] {
  const origin = segments[0]!.from;
  const pts: XY[] = [];
  for (const s of segments) {
    for (const end of [s.from, s.to]) {
      const c = toLocal(end, origin);
      for (let k = 0; k < 12; k++) {
        const a = (k * Math.PI) / 6;
        pts.push({ x: c.x + AREA_MARGIN_METERS * Math.cos(a), y: c.y + AREA_MARGIN_METERS * Math.sin(a) });
      }
    }
  }
  const ring = convexHull(pts).map((p) => fromLocal(p, origin));
  return [...ring, ring[0]!];
}

export interface OfflineMapData {
  streets: FeatureCollection<LineString>;
  neighborhoods: FeatureCollection<Polygon>;
  neighborhoodLabels: FeatureCollection<Point>;
  water: FeatureCollection<Polygon>;
  places: FeatureCollection<Point>;
}

/** GeoJSON of the offline data, for the offline map style (GET /api/geo/map-style). */
export function offlineMapData(data: OfflineGeoData = DEMO_GEO_DATA): OfflineMapData {
  const { byNeighborhood } = groups(data.streets);
  const collection = <G>(features: Feature<G>[]): FeatureCollection<G> => ({ type: 'FeatureCollection', features });
  const areas = [...byNeighborhood.values()];
  return {
    streets: collection(
      data.streets.map((s) => ({
        type: 'Feature',
        properties: { name: s.name, class: /^(Avenida|Rodovia|Estrada)\b/.test(s.name) ? 'avenue' : 'street' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [s.from[0], s.from[1]],
            [s.to[0], s.to[1]],
          ],
        },
      })),
    ),
    neighborhoods: collection(
      areas.map((segments) => ({
        type: 'Feature',
        properties: { name: segments[0]!.neighborhood, city: segments[0]!.city },
        geometry: { type: 'Polygon', coordinates: [neighborhoodArea(segments)] },
      })),
    ),
    neighborhoodLabels: collection(
      areas.map((segments) => ({
        type: 'Feature',
        properties: { name: segments[0]!.neighborhood, city: segments[0]!.city },
        geometry: { type: 'Point', coordinates: neighborhoodCentre(segments) },
      })),
    ),
    water: collection(
      data.water.map((w) => ({
        type: 'Feature',
        properties: { name: w.name },
        geometry: { type: 'Polygon', coordinates: [w.ring.map((p): LngLat => [p[0], p[1]])] },
      })),
    ),
    places: collection(
      data.centres.map((c) => ({
        type: 'Feature',
        properties: { name: c.name, state: c.state },
        geometry: { type: 'Point', coordinates: [c.lng_lat[0], c.lng_lat[1]] },
      })),
    ),
  };
}
