// The offline geocoder (the default; no network): reverse geocoding snaps a position to the nearest
// demo street segment and interpolates a house number; search matches the demo streets and
// neighbourhoods and the 5570 IBGE municipalities of @brazilian-utils. The data lives in
// geo-data/ (see demo-streets.ts for what it covers). Everything here is Brazilian by
// construction, so search is restricted to Brazil.
//
// Each concern is a module of geocoder-offline/: geometry.ts (the local projection distances use,
// a street's points and house numbers), reverse.ts, words.ts, candidates.ts and search.ts (the
// search), data.ts and map-data.ts (the offline map's GeoJSON).
import type { Geocoder } from './geocoder.ts';
import { searchCandidates, type Candidate } from './geocoder-offline/candidates.ts';
import { DEMO_GEO_DATA, type OfflineGeoData } from './geocoder-offline/data.ts';
import { reverseGeocode } from './geocoder-offline/reverse.ts';
import { searchPlaces } from './geocoder-offline/search.ts';

export { DEMO_GEO_DATA, type OfflineGeoData } from './geocoder-offline/data.ts';
export { houseNumberAt } from './geocoder-offline/geometry.ts';
export { offlineMapData, type OfflineMapData } from './geocoder-offline/map-data.ts';
export { CITY_SNAP_METERS, NEIGHBORHOOD_SNAP_METERS, STREET_SNAP_METERS } from './geocoder-offline/reverse.ts';
export { queryTokens } from './geocoder-offline/words.ts';

export function createOfflineGeocoder(data: OfflineGeoData = DEMO_GEO_DATA): Geocoder {
  // Made on the first search: a process that only reverse-geocodes never indexes the 5570 municipalities.
  let candidates: Candidate[] | undefined;
  const index = () => (candidates ??= searchCandidates(data));
  return {
    engine: 'offline',
    reverse: async (lat, lng) => reverseGeocode(data, lat, lng),
    search: async (q, opts = {}) => searchPlaces(index(), q, opts),
  };
}
