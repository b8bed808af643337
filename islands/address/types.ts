// The address modal's own type; the wire types it reads (the saved address, the delivery reading
// the list carries per establishment, the geocoder's answers) are src/schemas/api-geo.ts's, the
// server's own.
export type {
  AddressDelivery,
  AddressView as Address,
  SavedAddressView as SavedAddress,
  AddressWithDelivery,
  GeoSearchResult as GeoResult,
  ReverseGeocodeResult as ReverseGeocode,
} from '../../src/schemas/api-geo.ts';

/** A map position. */
export interface LngLatPoint {
  lng: number;
  lat: number;
}
