// The offline geocoder (the default; no network): reverse geocoding snaps a position to the nearest
// demo street segment and interpolates a house number; search matches the demo streets and
// neighbourhoods and the 5570 IBGE municipalities of @brazilian-utils. The data lives in
// geo-data/ (see demo-streets.ts for what it covers). Everything here is Brazilian by
// construction, so search is restricted to Brazil.
//
// Distances use a local equirectangular projection around the point of interest: exact enough
// (well under a metre) at the few-kilometre scale of a street snap, and cheap.
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { DEMO_STREETS } from './geo-data/demo-streets.ts';
import { MUNICIPALITY_CENTRES } from './geo-data/municipality-centres.ts';
import { WATER_AREAS } from './geo-data/water.ts';
import type { LngLatTuple, MunicipalityCentre, StreetSegment, WaterArea } from './geo-data/types.ts';
import { EMPTY_REVERSE, foldText, placeLabel, type Geocoder, type LngLat } from './geocoder.ts';
import type { GeoSearchResult, ReverseGeocodeResult } from '../../schemas/api-geo.ts';
import { insideBrazilBounds } from '../../schemas/api-geo.ts';

/** A position this close to a street is on it: the answer names the street and a house number. */
export const STREET_SNAP_METERS = 150;
/** Within this distance of a street, its neighbourhood is answered (without the street). */
export const NEIGHBORHOOD_SNAP_METERS = 600;
/** Within this distance of a known street or municipality centre, its city and state are answered. */
export const CITY_SNAP_METERS = 5000;

const METERS_PER_DEGREE_LAT = 110_574;
const metersPerDegreeLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

type XY = { x: number; y: number };

/** Metres east/north of `origin`. */
function toLocal(p: LngLatTuple, origin: LngLatTuple): XY {
  return { x: (p[0] - origin[0]) * metersPerDegreeLng(origin[1]), y: (p[1] - origin[1]) * METERS_PER_DEGREE_LAT };
}

function fromLocal(v: XY, origin: LngLatTuple): LngLat {
  return [round6(origin[0] + v.x / metersPerDegreeLng(origin[1])), round6(origin[1] + v.y / METERS_PER_DEGREE_LAT)];
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function distance(a: LngLatTuple, b: LngLatTuple): number {
  const v = toLocal(b, a);
  return Math.hypot(v.x, v.y);
}

interface Snap {
  segment: StreetSegment;
  /** Metres from the point to the segment. */
  meters: number;
  /** 0..1 along the segment, from `from` to `to`. */
  t: number;
  /** >0 left of the segment's direction, <0 right (in metres, signed distance). */
  side: number;
}

function snapTo(segment: StreetSegment, p: LngLatTuple): Snap {
  const a = toLocal(segment.from, p);
  const b = toLocal(segment.to, p);
  const d = { x: b.x - a.x, y: b.y - a.y };
  const len2 = d.x * d.x + d.y * d.y;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, -(a.x * d.x + a.y * d.y) / len2));
  const cx = a.x + t * d.x;
  const cy = a.y + t * d.y;
  // Cross product of the direction with (p - from): positive when p lies to the left.
  const side = len2 === 0 ? 0 : (d.x * -a.y - d.y * -a.x) / Math.sqrt(len2);
  return { segment, meters: Math.hypot(cx, cy), t, side };
}

/**
 * The house number at a snap: interpolated along the segment's range, odd on the left and even on
 * the right of the numbering direction (the Brazilian convention), never below 1.
 */
export function houseNumberAt(snap: Pick<Snap, 'segment' | 't' | 'side'>): number {
  const [n0, n1] = snap.segment.numbers;
  const raw = n0 + snap.t * (n1 - n0);
  let n = Math.round(raw);
  const wantOdd = snap.side > 0.5 ? true : snap.side < -0.5 ? false : null;
  if (wantOdd !== null && (n % 2 === 1) !== wantOdd) n += raw >= n ? 1 : -1;
  if (n < 1) n = wantOdd === false ? 2 : 1;
  return n;
}

/** The point at `t` (0..1) along a segment. */
function pointAt(segment: StreetSegment, t: number): LngLat {
  const b = toLocal(segment.to, segment.from);
  return fromLocal({ x: b.x * t, y: b.y * t }, segment.from);
}

/** The point of a segment where `number` lies (clamped to the segment). */
function pointAtNumber(segment: StreetSegment, number: number): LngLat {
  const [n0, n1] = segment.numbers;
  return pointAt(segment, n1 === n0 ? 0 : Math.min(1, Math.max(0, (number - n0) / (n1 - n0))));
}

const midpoint = (s: StreetSegment): LngLat => pointAtNumber(s, (s.numbers[0] + s.numbers[1]) / 2);

// ---------------------------------------------------------------- search

const STOP_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);
/** Street-type words: they narrow a search to streets but never identify one alone. */
const STREET_TYPES = new Set(['rua', 'avenida', 'alameda', 'praca', 'travessa', 'rodovia', 'estrada', 'largo', 'viela', 'via']);
/** Usual abbreviations in Brazilian addresses, folded. */
const ABBREVIATIONS: Record<string, string> = {
  av: 'avenida',
  avda: 'avenida',
  r: 'rua',
  al: 'alameda',
  pca: 'praca',
  pc: 'praca',
  tv: 'travessa',
  trav: 'travessa',
  rod: 'rodovia',
  estr: 'estrada',
  lgo: 'largo',
  dr: 'doutor',
  dra: 'doutora',
  prof: 'professor',
  profa: 'professora',
  eng: 'engenheiro',
  gen: 'general',
  gal: 'general',
  cel: 'coronel',
  cap: 'capitao',
  mal: 'marechal',
  alm: 'almirante',
  pres: 'presidente',
  cons: 'conselheiro',
  des: 'desembargador',
  pe: 'padre',
  sen: 'senador',
  sta: 'santa',
  sto: 'santo',
  s: 'sao',
  sra: 'senhora',
  sr: 'senhor',
  vl: 'vila',
  jd: 'jardim',
  jar: 'jardim',
  pq: 'parque',
};

/** The words of a query: folded, abbreviations expanded, stop words and 'nº' dropped. */
export function queryTokens(q: string): string[] {
  const words = foldText(q).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (STOP_WORDS.has(w)) continue;
    // 'n' or 'no' before a number is 'nº'; otherwise 'N.' abbreviates 'Nossa' (N. Sra. de Fátima).
    if ((w === 'n' || w === 'no') && /^\d+$/.test(words[i + 1] ?? '')) continue;
    out.push(w === 'n' ? 'nossa' : (ABBREVIATIONS[w] ?? w));
  }
  return out;
}

const nameTokens = (s: string) =>
  foldText(s)
    .split(' ')
    .filter((w) => w && !STOP_WORDS.has(w));

interface Candidate {
  kind: GeoSearchResult['kind'];
  /** Tokens of the name itself. */
  primary: string[];
  /** Tokens of where it is (neighbourhoods, city, state code and name). */
  context: string[];
  /** Builds the answer, given the house number asked for (streets only) and `near`. */
  build(number: number | null, near: LngLat | undefined): GeoSearchResult;
  /** A representative position for ranking by `near`; null when unknown. */
  position(number: number | null, near: LngLat | undefined): LngLat | null;
}

interface Match {
  candidate: Candidate;
  /** 3: every word of the name typed; 2: the name's first word typed; 1: some word of the name. */
  tier: number;
  number: number | null;
}

function matchCandidate(c: Candidate, tokens: readonly string[]): Match | null {
  const primaryHit = new Set<string>();
  let significant = false;
  let number: number | null = null;
  for (const qt of tokens) {
    const exact = c.primary.find((pt) => pt === qt);
    const prefix = exact ?? c.primary.find((pt) => pt.startsWith(qt));
    if (prefix) {
      primaryHit.add(prefix);
      if (!STREET_TYPES.has(prefix)) significant = true;
      continue;
    }
    if (c.context.some((ct) => ct.startsWith(qt))) continue;
    if (c.kind === 'street' && number === null && /^\d{1,8}$/.test(qt)) {
      number = Number(qt);
      continue;
    }
    return null;
  }
  if (!significant) return null;
  const named = c.primary.filter((pt) => !STREET_TYPES.has(pt));
  const exactAll = named.every((pt) => tokens.includes(pt));
  const tier = exactAll ? 3 : named[0] !== undefined && primaryHit.has(named[0]) ? 2 : 1;
  return { candidate: c, tier, number };
}

const KIND_RANK: Record<GeoSearchResult['kind'], number> = { city: 0, neighborhood: 1, street: 2 };

// ---------------------------------------------------------------- the geocoder

export interface OfflineGeoData {
  streets: readonly StreetSegment[];
  centres: readonly MunicipalityCentre[];
  water: readonly WaterArea[];
}

export const DEMO_GEO_DATA: OfflineGeoData = { streets: DEMO_STREETS, centres: MUNICIPALITY_CENTRES, water: WATER_AREAS };

const groupKey = (city: string, state: string, name: string) => `${state}|${city}|${name}`;

/** Segments grouped by street and by neighbourhood (per city). */
function groups(streets: readonly StreetSegment[]) {
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
function neighborhoodCentre(segments: readonly StreetSegment[]): LngLat {
  const mids = segments.map(midpoint);
  return [round6(mids.reduce((s, p) => s + p[0], 0) / mids.length), round6(mids.reduce((s, p) => s + p[1], 0) / mids.length)];
}

export function createOfflineGeocoder(data: OfflineGeoData = DEMO_GEO_DATA): Geocoder {
  const { byStreet, byNeighborhood } = groups(data.streets);
  const stateNames = new Map<string, string>(getStates().map((s) => [s.code, s.name]));
  const centreOf = new Map(data.centres.map((c) => [groupKey(c.name, c.state, ''), c.lng_lat]));
  const stateContext = (uf: string) => [uf.toLowerCase(), ...nameTokens(stateNames.get(uf) ?? '')];

  let candidates: Candidate[] | undefined;
  function searchIndex(): Candidate[] {
    if (candidates) return candidates;
    const list: Candidate[] = [];
    for (const segments of byStreet.values()) {
      const first = segments[0]!;
      const pick = (number: number | null, near: LngLat | undefined): StreetSegment => {
        if (number !== null) {
          const within = segments.find((s) => number >= s.numbers[0] && number <= s.numbers[1]);
          if (within) return within;
          return number < first.numbers[0] ? first : segments[segments.length - 1]!;
        }
        if (near) return segments.reduce((best, s) => (snapTo(s, near).meters < snapTo(best, near).meters ? s : best));
        return first;
      };
      const position = (number: number | null, near: LngLat | undefined): LngLat => {
        const s = pick(number, near);
        // The house asked for; else the point of the street closest to `near`; else its middle.
        return number !== null ? pointAtNumber(s, number) : near ? pointAt(s, snapTo(s, near).t) : midpoint(s);
      };
      list.push({
        kind: 'street',
        primary: nameTokens(first.name),
        context: [...new Set(segments.flatMap((s) => nameTokens(s.neighborhood))), ...nameTokens(first.city), ...stateContext(first.state)],
        position,
        build(number, near) {
          const s = pick(number, near);
          const fields = { street: s.name, number: number === null ? '' : String(number), neighborhood: s.neighborhood, city: s.city, state: s.state };
          return { label: placeLabel(fields), kind: 'street', ...fields, lng_lat: position(number, near) };
        },
      });
    }
    for (const segments of byNeighborhood.values()) {
      const s = segments[0]!;
      const centre = neighborhoodCentre(segments);
      const fields = { street: '', number: '', neighborhood: s.neighborhood, city: s.city, state: s.state };
      list.push({
        kind: 'neighborhood',
        primary: nameTokens(s.neighborhood),
        context: [...nameTokens(s.city), ...stateContext(s.state)],
        position: () => centre,
        build: () => ({ label: placeLabel(fields), kind: 'neighborhood', ...fields, lng_lat: centre }),
      });
    }
    for (const m of getMunicipalities()) {
      const known = centreOf.get(groupKey(m.name, m.stateCode, ''));
      const centre: LngLat | null = known ? [known[0], known[1]] : null;
      const fields = { street: '', number: '', neighborhood: '', city: m.name, state: m.stateCode };
      list.push({
        kind: 'city',
        primary: nameTokens(m.name),
        context: stateContext(m.stateCode),
        position: () => centre,
        build: () => ({ label: placeLabel(fields), kind: 'city', ...fields, lng_lat: centre }),
      });
    }
    candidates = list;
    return list;
  }

  function nearestSnap(p: LngLatTuple): Snap | undefined {
    let best: Snap | undefined;
    for (const s of data.streets) {
      const snap = snapTo(s, p);
      if (!best || snap.meters < best.meters) best = snap;
    }
    return best;
  }

  return {
    engine: 'offline',

    async reverse(lat: number, lng: number): Promise<ReverseGeocodeResult> {
      if (!insideBrazilBounds(lng, lat)) return { ...EMPTY_REVERSE };
      const p: LngLatTuple = [lng, lat];
      const snap = nearestSnap(p);
      if (snap && snap.meters <= STREET_SNAP_METERS) {
        const s = snap.segment;
        return { street: s.name, number: String(houseNumberAt(snap)), neighborhood: s.neighborhood, city: s.city, state: s.state, country: 'BR' };
      }
      if (snap && snap.meters <= NEIGHBORHOOD_SNAP_METERS) {
        const s = snap.segment;
        return { ...EMPTY_REVERSE, neighborhood: s.neighborhood, city: s.city, state: s.state };
      }
      if (snap && snap.meters <= CITY_SNAP_METERS) return { ...EMPTY_REVERSE, city: snap.segment.city, state: snap.segment.state };
      let centre: { c: MunicipalityCentre; d: number } | undefined;
      for (const c of data.centres) {
        const d = distance(c.lng_lat, p);
        if (d <= CITY_SNAP_METERS && (!centre || d < centre.d)) centre = { c, d };
      }
      return centre ? { ...EMPTY_REVERSE, city: centre.c.name, state: centre.c.state } : { ...EMPTY_REVERSE };
    },

    async search(q: string, opts: { near?: LngLat; limit?: number } = {}): Promise<GeoSearchResult[]> {
      const tokens = queryTokens(q);
      if (tokens.length === 0) return [];
      const near = opts.near;
      const ranked = searchIndex()
        .map((c) => matchCandidate(c, tokens))
        .filter((m): m is Match => m !== null)
        .map((m) => {
          const pos = m.candidate.position(m.number, near);
          return { m, pos, d: near && pos ? distance(near, pos) : null, result: m.candidate.build(m.number, near) };
        })
        .sort(
          (a, b) =>
            b.m.tier - a.m.tier ||
            (a.d ?? Infinity) - (b.d ?? Infinity) ||
            Number(b.pos !== null) - Number(a.pos !== null) ||
            KIND_RANK[a.m.candidate.kind] - KIND_RANK[b.m.candidate.kind] ||
            a.result.label.localeCompare(b.result.label, 'pt-BR'),
        );
      return ranked.slice(0, opts.limit ?? 8).map((r) => r.result);
    },
  };
}

// ---------------------------------------------------------------- the offline map's data

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
