// The address modal's moves (islands/address/address-modal-state.ts), one action each.
import { describe, expect, it } from 'vitest';
import {
  addressModalReducer,
  editAddressModalState,
  formValuesOf,
  initialAddressModalState,
  keepDescription,
  RESULT_ZOOM,
  GEOLOCATION_ZOOM,
} from '../../islands/address/address-modal-state.ts';
import type { AddressFormValues } from '../../src/domain/address.ts';
import type { GeoResult } from '../../islands/address/types.ts';

const santos = { lng: -46.333, lat: -23.93667 };
const result: GeoResult = {
  label: 'Rua Amador Bueno, Santos',
  kind: 'street',
  street: 'Rua Amador Bueno',
  number: '',
  neighborhood: 'Centro',
  city: 'Santos',
  state: 'SP',
  lng_lat: [-46.3301, -23.9351] as [number, number],
};
const values: AddressFormValues = {
  street: '',
  number: '',
  no_number: false,
  complement: '',
  no_complement: false,
  neighborhood: '',
  ref: '',
  city: 'Santos',
  state: 'SP',
  place: 'default',
  lat: santos.lat,
  lng: santos.lng,
};

describe('the address modal state', () => {
  it("starts on the establishment's point once the map is set up, keeping a point already chosen", () => {
    const ready = addressModalReducer(initialAddressModalState, { type: 'setup_ready', origin: santos, style: {} });
    expect(ready.center).toEqual(santos);
    const moved = addressModalReducer({ ...initialAddressModalState, center: { lng: 1, lat: 2 } }, { type: 'setup_ready', origin: santos, style: null });
    expect(moved.center).toEqual({ lng: 1, lat: 2 });
  });

  it('flies to a chosen result and forgets it once the map is dragged elsewhere', () => {
    const chosen = addressModalReducer(initialAddressModalState, { type: 'result_chosen', result, key: 1 });
    expect(chosen.center).toEqual({ lng: -46.3301, lat: -23.9351 });
    expect(chosen.target).toEqual({ lng: -46.3301, lat: -23.9351, zoom: RESULT_ZOOM, key: 1 });
    expect(addressModalReducer(chosen, { type: 'map_moved', point: { lng: -46.3301, lat: -23.9351 } }).chosen).toBe(result);
    expect(addressModalReducer(chosen, { type: 'map_moved', point: santos }).chosen).toBeNull();
  });

  it('keeps the map where it is for a municipality the geocoder cannot place, and keeps it chosen while the map is dragged', () => {
    const xapuri: GeoResult = { label: 'Xapuri/AC', kind: 'city', street: '', number: '', neighborhood: '', city: 'Xapuri', state: 'AC', lng_lat: null };
    const at = { ...initialAddressModalState, center: santos };
    const chosen = addressModalReducer(at, { type: 'result_chosen', result: xapuri, key: 3 });
    expect(chosen).toMatchObject({ chosen: xapuri, center: santos, target: null });
    expect(addressModalReducer(chosen, { type: 'map_moved', point: { lng: -68.5, lat: -10.65 } }).chosen).toBe(xapuri);
  });

  it("flies close to the device's position [R-9.10]", () => {
    const located = addressModalReducer({ ...initialAddressModalState, locating: true, chosen: result }, { type: 'located', point: santos, key: 2 });
    expect(located).toMatchObject({ locating: false, chosen: null, center: santos, target: { ...santos, zoom: GEOLOCATION_ZOOM, key: 2 } });
  });

  it('opens the form clean, and a typed field (or a ticked S/N) clears its own error only', () => {
    const form = addressModalReducer(
      { ...initialAddressModalState, geocoding: true, errors: { street: 'x' } },
      {
        type: 'form_opened',
        values,
        locks: { city: true, state: true },
        notice: '',
      },
    );
    expect(form).toMatchObject({ step: 'form', geocoding: false, errors: {}, values });
    const checked = addressModalReducer(form, { type: 'checked', errors: { street: 'Informe a rua.', number: 'Informe o número.', ref: 'Informe.' } });
    const typed = addressModalReducer(checked, { type: 'edited', patch: { street: 'Rua A' } });
    expect(typed.errors).toEqual({ number: 'Informe o número.', ref: 'Informe.' });
    expect(typed.values?.street).toBe('Rua A');
    expect(addressModalReducer(typed, { type: 'edited', patch: { no_number: true } }).errors).toEqual({ ref: 'Informe.' });
  });

  it('keeps the form as typed when a save fails', () => {
    const saving = addressModalReducer({ ...initialAddressModalState, step: 'form', values }, { type: 'saving' });
    expect(saving.saving).toBe(true);
    expect(addressModalReducer(saving, { type: 'save_failed' })).toMatchObject({ saving: false, step: 'form', values });
  });
});

describe('editing a saved address', () => {
  const saved = {
    _id: 'a1',
    street: 'Rua Amador Bueno',
    number: null,
    complement: 'Fundos',
    ref: 'Portão azul',
    additionalInfo: 'Fundos',
    referencePoint: 'Portão azul',
    neighborhood: 'Centro',
    city: 'Santos',
    state: 'SP',
    country: 'BR',
    place: 'work' as const,
    lng_lat: [-46.3301, -23.9351] as [number, number],
  };

  it('starts on the form with the address, S/N ticked for a null number, city and state read-only, the map ready to fly to it', () => {
    const state = editAddressModalState(saved);
    expect(state.step).toBe('form');
    expect(state.values).toEqual({
      street: 'Rua Amador Bueno',
      number: '',
      no_number: true,
      complement: 'Fundos',
      no_complement: false,
      neighborhood: 'Centro',
      ref: 'Portão azul',
      city: 'Santos',
      state: 'SP',
      place: 'work',
      lng: -46.3301,
      lat: -23.9351,
    });
    expect(state.locks).toEqual({ city: true, state: true });
    expect(state.center).toEqual({ lng: -46.3301, lat: -23.9351 });
    expect(state.target).toMatchObject({ lng: -46.3301, lat: -23.9351, zoom: RESULT_ZOOM });
    // The map's setup keeps the address's point.
    expect(addressModalReducer(state, { type: 'setup_ready', origin: santos, style: {} }).center).toEqual(state.center);
  });

  it('a new point keeps the complement, the reference and the place typed, the rest from the geocoder', () => {
    const typed = editAddressModalState(saved).values!;
    const found = { ...values, street: 'Avenida Ana Costa', number: '100', neighborhood: 'Gonzaga' };
    expect(keepDescription(found, typed)).toEqual({ ...found, complement: 'Fundos', no_complement: false, ref: 'Portão azul', place: 'work' });
  });

  it("a point's form takes what the geocoder found, else what the chosen result knows; a number only when it is digits", () => {
    const found = { street: ' Avenida Ana Costa ', number: '100', neighborhood: '', city: 'Santos', state: 'sp' };
    expect(formValuesOf(santos, found, result)).toEqual({
      ...values,
      street: 'Avenida Ana Costa',
      number: '100',
      neighborhood: 'Centro',
      city: 'Santos',
      state: 'SP',
    });
    expect(formValuesOf(santos, { ...found, number: '12A' }, null).number).toBe('');
    // The geocoder failed: the chosen result fills what it can, the rest is typed.
    expect(formValuesOf(santos, null, result)).toMatchObject({ street: 'Rua Amador Bueno', number: '', neighborhood: 'Centro', city: 'Santos', state: 'SP' });
    expect(formValuesOf(santos, null, null)).toEqual({ ...values, city: '', state: '' });
  });
});
