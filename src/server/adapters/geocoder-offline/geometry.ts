// The plane the offline geocoder measures in: a local equirectangular projection around the point
// of interest, exact enough (well under a metre) at the few-kilometre scale of a street snap, and
// cheap; and the points along a street segment (a house number's, a snap's).
import type { LngLatTuple, StreetSegment } from '../geo-data/types.ts';
import type { LngLat } from '../geocoder.ts';

const METERS_PER_DEGREE_LAT = 110_574;
const metersPerDegreeLng = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

export type XY = { x: number; y: number };

/** Metres east/north of `origin`. */
export function toLocal(p: LngLatTuple, origin: LngLatTuple): XY {
  return { x: (p[0] - origin[0]) * metersPerDegreeLng(origin[1]), y: (p[1] - origin[1]) * METERS_PER_DEGREE_LAT };
}

export function fromLocal(v: XY, origin: LngLatTuple): LngLat {
  return [round6(origin[0] + v.x / metersPerDegreeLng(origin[1])), round6(origin[1] + v.y / METERS_PER_DEGREE_LAT)];
}

export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function distance(a: LngLatTuple, b: LngLatTuple): number {
  const v = toLocal(b, a);
  return Math.hypot(v.x, v.y);
}

export interface Snap {
  segment: StreetSegment;
  /** Metres from the point to the segment. */
  meters: number;
  /** 0..1 along the segment, from `from` to `to`. */
  t: number;
  /** >0 left of the segment's direction, <0 right (in metres, signed distance). */
  side: number;
}

export function snapTo(segment: StreetSegment, p: LngLatTuple): Snap {
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
export function pointAt(segment: StreetSegment, t: number): LngLat {
  const b = toLocal(segment.to, segment.from);
  return fromLocal({ x: b.x * t, y: b.y * t }, segment.from);
}

/** The point of a segment where `number` lies (clamped to the segment). */
export function pointAtNumber(segment: StreetSegment, number: number): LngLat {
  const [n0, n1] = segment.numbers;
  return pointAt(segment, n1 === n0 ? 0 : Math.min(1, Math.max(0, (number - n0) / (n1 - n0))));
}

export const midpoint = (s: StreetSegment): LngLat => pointAtNumber(s, (s.numbers[0] + s.numbers[1]) / 2);
