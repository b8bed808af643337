// Boundary schemas of the address and geo calls (spec section 7 'User, addresses' and
// 'POST /delivery_tax'; docs/api.md 'Addresses, geocoding and delivery fee'). The address body is
// the one src/domain/address.ts `addressSavePayload` builds; the rules mirror the form's
// (`addressFormErrors` [R-5.80..R-5.84]) plus what the form takes from the map: city, a state code
// and a position inside Brazil.
import { type } from 'arktype';
import { ADDRESS_NUMBER_MAX, ADDRESS_PLACES, type AddressPlace } from '../domain/address.ts';
import type { DeliveryAtResult } from '../domain/delivery-fee.ts';
import { LngLat } from './api-catalogue.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Brazil's bounding box with a little margin (Monte Caburaí 5.27 N, Chuí 33.75 S, Serra da
 * Contamana 73.99 W, Martim Vaz 28.85 W). A box, not the border: it keeps out positions that
 * cannot be a Brazilian address (swapped lat/lng, 0,0, another continent).
 */
export const BRAZIL_BOUNDS = { west: -74.5, south: -34.5, east: -28.5, north: 5.5 } as const;

export function insideBrazilBounds(lng: number, lat: number): boolean {
  return lng >= BRAZIL_BOUNDS.west && lng <= BRAZIL_BOUNDS.east && lat >= BRAZIL_BOUNDS.south && lat <= BRAZIL_BOUNDS.north;
}

/** The 27 federative units (UF codes). */
// biome-ignore format: the 27 codes as a grid
export const STATE_CODES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** Required text: trimmed, then 1..max characters. */
const text = (max: number) => type('string.trim').to(`1 <= string <= ${max}`);

/** House number: digits only, 0..99 999 999; null = 'S/N'. */
const houseNumber = type('string.trim')
  .to(/^\d{1,20}$/)
  .narrow((s, ctx) => Number(s) <= ADDRESS_NUMBER_MAX || ctx.reject({ expected: `digits, at most ${ADDRESS_NUMBER_MAX}` }));

const stateCode = type('string.trim')
  .pipe((s) => s.toUpperCase())
  .to(type.enumerated(...STATE_CODES));

export const AddressBody = type({
  street: text(200),
  number: houseNumber.or('null'),
  /** null = 'S/C'; a given complement must not be blank. */
  complement: text(200).or('null'),
  ref: text(200),
  neighborhood: text(120),
  city: text(120),
  state: stateCode,
  'country?': "'BR'",
  place: type.enumerated(...ADDRESS_PLACES).default('default'),
  lat: `${BRAZIL_BOUNDS.south} <= number <= ${BRAZIL_BOUNDS.north}`,
  lng: `${BRAZIL_BOUNDS.west} <= number <= ${BRAZIL_BOUNDS.east}`,
  '+': 'delete',
});
export type AddressBody = typeof AddressBody.infer;

export const AddressParams = type({ id });
export const AddressesQuery = type({ 'establishment_id?': id });

export const ReverseGeocodeBody = type({
  lat: '-90 <= number <= 90',
  lng: '-180 <= number <= 180',
  '+': 'delete',
});

/** Most results a search answers. */
export const GEO_SEARCH_LIMIT = 8;

export const GeoSearchQuery = type({
  q: type('string.trim').to('2 <= string <= 120'),
  'near?': LngLat,
});

export const DeliveryTaxBody = type({
  establishment_id: id,
  lng: '-180 <= number <= 180',
  lat: '-90 <= number <= 90',
  '+': 'delete',
});

// ---------------------------------------------------------------- answers

/**
 * An address as the API answers it: the copy an order keeps of its delivery
 * address (OrderView.address), and the base of a saved address (SavedAddressView). `lng_lat` is
 * [lng, lat]. The spec names two fields twice: `additionalInfo` is always `complement`
 * and `referencePoint` always `ref`, both names in every answer, so clients written against
 * either naming read the same value (the save payload keeps complement and ref ).
 */
export interface AddressView {
  _id: string;
  street: string;
  /** null = 'S/N'. */
  number: string | null;
  /** null = 'S/C'. */
  complement: string | null;
  ref: string;
  /** The spec's second name of `complement`: always equal to it. */
  additionalInfo: string | null;
  neighborhood: string;
  city: string;
  state: string;
  /** The spec's second name of `ref`: always equal to it. */
  referencePoint: string;
  country: string;
  place: AddressPlace;
  lng_lat: [lng: number, lat: number];
}

/**
 * One of the customer's saved addresses (GET/POST/PUT /users/me/addresses): the address and whether
 * it is the customer's default, the one the checkout picks by itself (at most one is).
 */
export type SavedAddressView = AddressView & { is_default: boolean };

/**
 * The spec's second names filled from the first: an order placed before they existed kept
 * a copy without them.
 * Example: `withSpecNames({ ...a, complement: 'Apto 3', ref: 'Portão azul' }).additionalInfo === 'Apto 3'`
 */
export function withSpecNames<T extends Omit<AddressView, 'additionalInfo' | 'referencePoint'>>(
  address: T,
): T & Pick<AddressView, 'additionalInfo' | 'referencePoint'> {
  return { ...address, additionalInfo: address.complement, referencePoint: address.ref };
}

/** What POST /users/me/addresses takes (before the schema trims and defaults it): the address form's payload. */
export type AddressBodyInput = typeof AddressBody.inferIn;

/** The delivery an establishment offers to an address: its fee and distance, or none (outside the radius). */
export type AddressDelivery = { ok: true; price: number; distance: number } | { ok: false };

/** A saved address with the delivery an establishment offers there (GET /users/me/addresses?establishment_id=). */
export type AddressWithDelivery = SavedAddressView & { delivery?: AddressDelivery };

/** GET /users/me/addresses. */
export interface AddressesAnswer {
  addresses: AddressWithDelivery[];
}

/** POST /delivery_tax: the fee (centavos) and the distance (whole metres). */
export interface DeliveryTaxAnswer {
  price: number;
  distance: number;
}

/** POST /geo/reversegeocode: the address at a position; a part the geocoder does not know is ''. */
export interface ReverseGeocodeResult {
  street: string;
  /** House number ('' when unknown). */
  number: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code (UF). */
  state: string;
  country: 'BR';
}

/** One place of GET /geo/search. */
export interface GeoSearchResult {
  /** One line to show in the suggestion list. */
  label: string;
  /** What was found: a street (possibly at a house number), a neighbourhood or a municipality. */
  kind: 'street' | 'neighborhood' | 'city';
  street: string;
  /** The house number asked for in the query, when a street was found with one; else ''. */
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  /** Where to centre the map; null for a municipality the geocoder cannot place (show it, do not move the map). */
  lng_lat: [lng: number, lat: number] | null;
}

/** GET /geo/search. */
export interface GeoSearchAnswer {
  results: GeoSearchResult[];
}

/** The wire reading of src/domain/delivery-fee.ts deliveryAt: the fee and distance, or { ok: false } whatever the reason. */
export function addressDeliveryOf(result: DeliveryAtResult): AddressDelivery {
  return result.ok ? { ok: true, price: result.price, distance: result.distance } : { ok: false };
}
