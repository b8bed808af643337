// What the address calls answer (docs/api.md, GEO section): a saved address, the delivery reading
// the list carries per establishment, the geocoder's answers.
import type { AddressPlace } from '../../src/domain/address.ts';

/** A saved address; number null = S/N, complement null = S/C. */
export interface Address {
  _id: string;
  street: string;
  number: string | null;
  complement: string | null;
  ref: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  place: AddressPlace;
  lng_lat: [number, number];
}

/** The fee for this establishment, or outside its delivery radius. */
export type AddressDelivery = { ok: true; price: number; distance: number } | { ok: false };

export type AddressWithDelivery = Address & { delivery?: AddressDelivery };

export interface GeoResult {
  label: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
  lng_lat: [number, number];
}

export interface ReverseGeocode {
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
}

export interface LngLatPoint {
  lng: number;
  lat: number;
}
