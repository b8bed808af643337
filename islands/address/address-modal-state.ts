// The address modal's state (./AddressModal.tsx) as one reducer: what step 1 knows (the map's
// setup, the point the address is for and where the map flies, the search result chosen, the
// device's position being asked) and step 2's form (values, locked city and state, the geocoder's
// notice, the field errors, the save under way). Every move the customer makes is one action, so
// the whole journey reads in one place and each transition is a pure function.
import { addressFormValuesOf, type AddressFormValues } from '../../src/domain/address.ts';
import type { FormErrors } from './form-errors.ts';
import type { FlyTarget } from './AddressMap.tsx';
import type { Address, GeoResult, LngLatPoint, ReverseGeocode } from './types.ts';

/** Close enough to read street names when a search result is chosen. */
export const RESULT_ZOOM = 17;
/** The device's position, close enough to see the house. */
export const GEOLOCATION_ZOOM = 19;

export type Setup = { status: 'loading' } | { status: 'ready'; origin: LngLatPoint | null; style: Record<string, unknown> | null };

export interface AddressModalState {
  setup: Setup;
  /** The map could not start (its chunk, or WebGL at run time): step 1 is the search list alone. */
  mapFailed: boolean;
  step: 'map' | 'form';
  /** The point the address is for: the map's centre, a chosen result, or the device's position. */
  center: LngLatPoint | null;
  /** Where the map flies next. */
  target: FlyTarget | null;
  chosen: GeoResult | null;
  locating: boolean;
  /** 'Continuar' asks the geocoder for the point's address. */
  geocoding: boolean;
  values: AddressFormValues | null;
  /** City and state came from the geocoder: read-only. */
  locks: { city: boolean; state: boolean };
  notice: string;
  errors: FormErrors;
  saving: boolean;
}

export type AddressModalAction =
  | { type: 'setup_ready'; origin: LngLatPoint | null; style: Record<string, unknown> | null }
  | { type: 'map_failed' }
  /** The map's centre moved (a drag): the point is the map's now. */
  | { type: 'map_moved'; point: LngLatPoint }
  | { type: 'result_chosen'; result: GeoResult; key: number }
  | { type: 'locating' }
  | { type: 'located'; point: LngLatPoint; key: number }
  | { type: 'locate_failed' }
  | { type: 'geocoding' }
  | { type: 'geocoding_stopped' }
  | { type: 'form_opened'; values: AddressFormValues; locks: { city: boolean; state: boolean }; notice: string }
  | { type: 'back_to_map' }
  | { type: 'edited'; patch: Partial<AddressFormValues> }
  | { type: 'checked'; errors: FormErrors }
  | { type: 'saving' }
  | { type: 'save_failed' };

export const initialAddressModalState: AddressModalState = {
  setup: { status: 'loading' },
  mapFailed: false,
  step: 'map',
  center: null,
  target: null,
  chosen: null,
  locating: false,
  geocoding: false,
  values: null,
  locks: { city: false, state: false },
  notice: '',
  errors: {},
  saving: false,
};

/**
 * The state an edit starts in: the form with the saved address (city and state read-only, as the
 * geocoder gave them when it was saved), its point chosen; back on the map, the map flies there.
 */
export function editAddressModalState(address: Address): AddressModalState {
  const point = { lng: address.lng_lat[0], lat: address.lng_lat[1] };
  return {
    ...initialAddressModalState,
    step: 'form',
    center: point,
    target: { ...point, zoom: RESULT_ZOOM, key: 1 },
    values: addressFormValuesOf(address),
    locks: { city: address.city.trim() !== '', state: /^[A-Z]{2}$/.test(address.state) },
  };
}

function emptyValues(point: LngLatPoint): AddressFormValues {
  return {
    street: '',
    number: '',
    no_number: false,
    complement: '',
    no_complement: false,
    neighborhood: '',
    ref: '',
    city: '',
    state: '',
    place: 'default',
    lat: point.lat,
    lng: point.lng,
  };
}

/** The form of a point: what the geocoder found, else what the chosen search result knows. */
export function formValuesOf(
  point: LngLatPoint,
  found: Partial<ReverseGeocode> | null,
  chosen: { street?: string; neighborhood?: string; city?: string; state?: string } | null,
) {
  const pick = (key: 'street' | 'neighborhood' | 'city' | 'state') => found?.[key]?.trim() || chosen?.[key]?.trim() || '';
  return {
    ...emptyValues(point),
    number: /^\d{1,8}$/.test(found?.number ?? '') ? found!.number! : '',
    street: pick('street'),
    neighborhood: pick('neighborhood'),
    city: pick('city'),
    state: pick('state').toUpperCase(),
  };
}

/**
 * The form of a new point while editing: what the geocoder found there, with what describes the
 * customer's place rather than the street (complement, reference, place) kept from the form.
 */
export function keepDescription(next: AddressFormValues, typed: AddressFormValues): AddressFormValues {
  return { ...next, complement: typed.complement, no_complement: typed.no_complement, ref: typed.ref, place: typed.place };
}

/** The errors left once a patch has been typed: the edited fields (and a ticked S/N or S/C's field) are clean again. */
function withoutEdited(errors: FormErrors, patch: Partial<AddressFormValues>): FormErrors {
  const next = { ...errors };
  for (const k of Object.keys(patch)) delete next[k as keyof AddressFormValues];
  if ('no_number' in patch) delete next.number;
  if ('no_complement' in patch) delete next.complement;
  return next;
}

/** Whether the map still shows the chosen result: a result without a position stays chosen while the customer drags the map to the place. */
function stillChosen(result: GeoResult, point: LngLatPoint): boolean {
  return !result.lng_lat || (Math.abs(result.lng_lat[0] - point.lng) < 1e-5 && Math.abs(result.lng_lat[1] - point.lat) < 1e-5);
}

export function addressModalReducer(state: AddressModalState, action: AddressModalAction): AddressModalState {
  switch (action.type) {
    case 'setup_ready':
      return { ...state, setup: { status: 'ready', origin: action.origin, style: action.style }, center: state.center ?? action.origin };
    case 'map_failed':
      return { ...state, mapFailed: true };
    case 'map_moved':
      // Dragged away from the chosen result: the point is the map's now.
      return { ...state, center: action.point, chosen: state.chosen && stillChosen(state.chosen, action.point) ? state.chosen : null };
    case 'result_chosen': {
      // A municipality the geocoder cannot place (lng_lat null, docs/api.md): chosen, but the map stays.
      if (!action.result.lng_lat) return { ...state, chosen: action.result };
      const point = { lng: action.result.lng_lat[0], lat: action.result.lng_lat[1] };
      return { ...state, chosen: action.result, center: point, target: { ...point, zoom: RESULT_ZOOM, key: action.key } };
    }
    case 'locating':
      return { ...state, locating: true };
    case 'located':
      return { ...state, locating: false, chosen: null, center: action.point, target: { ...action.point, zoom: GEOLOCATION_ZOOM, key: action.key } };
    case 'locate_failed':
      return { ...state, locating: false };
    case 'geocoding':
      return { ...state, geocoding: true };
    case 'geocoding_stopped':
      return { ...state, geocoding: false };
    case 'form_opened':
      return { ...state, geocoding: false, step: 'form', values: action.values, locks: action.locks, notice: action.notice, errors: {} };
    case 'back_to_map':
      return { ...state, step: 'map' };
    case 'edited':
      return { ...state, values: state.values ? { ...state.values, ...action.patch } : state.values, errors: withoutEdited(state.errors, action.patch) };
    case 'checked':
      return { ...state, errors: action.errors };
    case 'saving':
      return { ...state, saving: true };
    case 'save_failed':
      return { ...state, saving: false };
  }
}
