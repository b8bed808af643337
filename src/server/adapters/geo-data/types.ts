// Shapes of the offline geodata. Coordinates are [lng, lat] (GeoJSON order), degrees WGS 84.
export type LngLatTuple = readonly [lng: number, lat: number];

/** One straight piece of a street, with the house numbers at its `from` and `to` ends. */
export interface StreetSegment {
  name: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code (UF). */
  state: string;
  from: LngLatTuple;
  to: LngLatTuple;
  /** House numbers at `from` and at `to` (to > from). */
  numbers: readonly [from: number, to: number];
}

/** A municipality whose position the offline data knows (its centre), by IBGE name and UF. */
export interface MunicipalityCentre {
  name: string;
  state: string;
  lng_lat: LngLatTuple;
}

/** A water area drawn on the offline map (outer ring, first point repeated at the end). */
export interface WaterArea {
  name: string;
  ring: readonly LngLatTuple[];
}
