// The address calls the picker and the modal make, each through src/client/api.ts (Client-Type,
// Api-Version and the establishment's session cookie), and what each failure shows
// (islands/shared/call-failure.ts).
import { call } from '../../src/client/api.ts';
import type { CallPolicy } from '../shared/call-failure.ts';
import type {
  AddressBodyInput,
  AddressWithDelivery,
  DeliveryTaxAnswer,
  GeoSearchResult,
  ReverseGeocodeResult,
  SavedAddressView,
} from '../../src/schemas/api-geo.ts';
import type { LngLatPoint } from './types.ts';

/** What each address call's failure shows (see islands/shared/call-failure.ts). */
export const ADDRESS_CALLS = {
  /** The list says it could not load, with a retry. */
  list: { call: 'GET /users/me/addresses', role: 'in_place' },
  /** Any answered refusal of a save has the address failure toast. */
  save: { call: 'POST /users/me/addresses', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'address:modal.saveFailed' } : null) },
  update: { call: 'PUT /users/me/addresses/{id}', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'address:modal.updateFailed' } : null) },
  remove: { call: 'DELETE /users/me/addresses/{id}', role: 'action', fallback: { key: 'address:picker.removeFailed' } },
  /** A refusal says so (the address may have been deleted on another device: the list is reloaded). */
  setDefault: {
    call: 'PUT /users/me/addresses/{id}/default',
    role: 'action',
    catalogue: (f) => (f.status > 0 ? { key: 'address:book.defaultFailed' } : null),
    fallback: { key: 'address:book.defaultFailed' },
  },
  /** Outside the radius: the spec's message [R-8.48] (and the caller clears the address ). */
  fee: {
    call: 'POST /delivery_tax',
    role: 'action',
    catalogue: (f) => (f.code === 'no_delivery_tax_found' ? { key: 'address:picker.outsideRadius' } : null),
    fallback: { key: 'address:picker.feeFailed' },
  },
  /** The form says the point's address was not found and lets the customer type it. */
  reverseGeocode: { call: 'POST /geo/reversegeocode', role: 'in_place' },
  search: { call: 'GET /geo/search', role: 'action', fallback: { key: 'address:modal.searchFailed' } },
  /** Without the establishment's point or the map style the modal is the search list alone. */
  mapSetup: { call: 'GET /establishments/{id}?fields=address | /geo/map-style', role: 'background' },
} satisfies Record<string, CallPolicy>;

/** GET /users/me/addresses?establishment_id= : newest first, each with its delivery reading. */
export async function listAddresses(establishmentId: string, signal?: AbortSignal): Promise<AddressWithDelivery[]> {
  const res = await call('GET /users/me/addresses', { query: { establishment_id: establishmentId }, establishmentId, signal });
  return res.addresses;
}

/** POST /users/me/addresses: the body the API's AddressBody schema parses (src/domain/address.ts addressSavePayload builds it). */
export function saveAddress(establishmentId: string, body: AddressBodyInput): Promise<SavedAddressView> {
  return call('POST /users/me/addresses', { body, establishmentId });
}

/** PUT /users/me/addresses/{id}: the same body as a save, every field replaced. */
export function updateAddress(establishmentId: string, id: string, body: AddressBodyInput): Promise<SavedAddressView> {
  return call('PUT /users/me/addresses/:id', { params: { id }, body, establishmentId });
}

/** PUT /users/me/addresses/{id}/default: the customer's default, the one the checkout picks by itself. */
export function setDefaultAddress(establishmentId: string, id: string): Promise<SavedAddressView> {
  return call('PUT /users/me/addresses/:id/default', { params: { id }, establishmentId });
}

/** DELETE /users/me/addresses/{id}. */
export function deleteAddress(establishmentId: string, id: string): Promise<void> {
  return call('DELETE /users/me/addresses/:id', { params: { id }, establishmentId });
}

/** POST /delivery_tax: the fee for a point, or ApiFailure 404 no_delivery_tax_found outside the radius. */
export function deliveryTax(establishmentId: string, point: LngLatPoint): Promise<DeliveryTaxAnswer> {
  return call('POST /delivery_tax', {
    body: { establishment_id: establishmentId, lng: point.lng, lat: point.lat },
    establishmentId,
  });
}

/** POST /geo/reversegeocode. */
export function reverseGeocode(establishmentId: string, point: LngLatPoint): Promise<ReverseGeocodeResult> {
  return call('POST /geo/reversegeocode', { body: { lat: point.lat, lng: point.lng }, establishmentId });
}

/** GET /geo/search: places in Brazil only, nearest to `near` (when known) first. */
export async function searchPlaces(establishmentId: string, q: string, near: LngLatPoint | null, signal?: AbortSignal): Promise<GeoSearchResult[]> {
  const res = await call('GET /geo/search', { query: { q, near: near ? `${near.lng},${near.lat}` : undefined }, establishmentId, signal });
  return res.results;
}

/** The establishment's own point: where the map opens. */
export async function establishmentPoint(establishmentId: string): Promise<LngLatPoint> {
  const res = await call('GET /establishments/:id', { params: { id: establishmentId }, query: { fields: ['address'] } });
  const lngLat = res.address?.lng_lat;
  if (!lngLat) throw new Error('establishment without coordinates');
  return { lng: lngLat[0], lat: lngLat[1] };
}

/** GET /geo/map-style: a MapLibre style (the offline default unless one is configured). */
export function mapStyle(): Promise<Record<string, unknown>> {
  return call('GET /geo/map-style');
}
