// What a search can find: each street (its segments together), each neighbourhood of the demo
// streets and each of the 5570 IBGE municipalities of @brazilian-utils, with the words of its name
// and of where it is, and how it answers.
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import type { GeoSearchResult } from '../../../schemas/api-geo.ts';
import type { LngLatTuple, StreetSegment } from '../geo-data/types.ts';
import { placeLabel, type LngLat } from '../geocoder.ts';
import { groupKey, groups, neighborhoodCentre, type OfflineGeoData } from './data.ts';
import { midpoint, pointAt, pointAtNumber, snapTo } from './geometry.ts';
import { nameTokens } from './words.ts';

export interface Candidate {
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

/** The words of a state: its code and its name's. */
type StateContext = (uf: string) => string[];

/** The segment of a street a search answers: the one holding the house asked for, else the nearest to `near`, else its first. */
function segmentFor(segments: StreetSegment[], number: number | null, near: LngLat | undefined): StreetSegment {
  const first = segments[0]!;
  if (number !== null) {
    const within = segments.find((s) => number >= s.numbers[0] && number <= s.numbers[1]);
    if (within) return within;
    return number < first.numbers[0] ? first : segments[segments.length - 1]!;
  }
  if (near) return segments.reduce((best, s) => (snapTo(s, near).meters < snapTo(best, near).meters ? s : best));
  return first;
}

/** A street, its segments sorted by their numbers. */
function streetCandidate(segments: StreetSegment[], stateContext: StateContext): Candidate {
  const first = segments[0]!;
  const position = (number: number | null, near: LngLat | undefined): LngLat => {
    const s = segmentFor(segments, number, near);
    // The house asked for; else the point of the street closest to `near`; else its middle.
    return number !== null ? pointAtNumber(s, number) : near ? pointAt(s, snapTo(s, near).t) : midpoint(s);
  };
  return {
    kind: 'street',
    primary: nameTokens(first.name),
    context: [...new Set(segments.flatMap((s) => nameTokens(s.neighborhood))), ...nameTokens(first.city), ...stateContext(first.state)],
    position,
    build(number, near) {
      const s = segmentFor(segments, number, near);
      const fields = { street: s.name, number: number === null ? '' : String(number), neighborhood: s.neighborhood, city: s.city, state: s.state };
      return { label: placeLabel(fields), kind: 'street', ...fields, lng_lat: position(number, near) };
    },
  };
}

function neighborhoodCandidate(segments: StreetSegment[], stateContext: StateContext): Candidate {
  const s = segments[0]!;
  const centre = neighborhoodCentre(segments);
  const fields = { street: '', number: '', neighborhood: s.neighborhood, city: s.city, state: s.state };
  return {
    kind: 'neighborhood',
    primary: nameTokens(s.neighborhood),
    context: [...nameTokens(s.city), ...stateContext(s.state)],
    position: () => centre,
    build: () => ({ label: placeLabel(fields), kind: 'neighborhood', ...fields, lng_lat: centre }),
  };
}

/** A municipality, at its centre when the data knows it. */
function cityCandidate(name: string, uf: string, known: LngLatTuple | undefined, stateContext: StateContext): Candidate {
  const centre: LngLat | null = known ? [known[0], known[1]] : null;
  const fields = { street: '', number: '', neighborhood: '', city: name, state: uf };
  return {
    kind: 'city',
    primary: nameTokens(name),
    context: stateContext(uf),
    position: () => centre,
    build: () => ({ label: placeLabel(fields), kind: 'city', ...fields, lng_lat: centre }),
  };
}

/** Every street, neighbourhood and municipality a search can answer. */
export function searchCandidates(data: OfflineGeoData): Candidate[] {
  const { byStreet, byNeighborhood } = groups(data.streets);
  const stateNames = new Map<string, string>(getStates().map((s) => [s.code, s.name]));
  const centreOf = new Map(data.centres.map((c) => [groupKey(c.name, c.state, ''), c.lng_lat]));
  const stateContext: StateContext = (uf) => [uf.toLowerCase(), ...nameTokens(stateNames.get(uf) ?? '')];
  return [
    ...[...byStreet.values()].map((segments) => streetCandidate(segments, stateContext)),
    ...[...byNeighborhood.values()].map((segments) => neighborhoodCandidate(segments, stateContext)),
    ...getMunicipalities().map((m) => cityCandidate(m.name, m.stateCode, centreOf.get(groupKey(m.name, m.stateCode, '')), stateContext)),
  ];
}
