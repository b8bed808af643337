import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ADDRESS_NUMBER_MAX,
  ADDRESS_PLACES,
  addressFormErrors,
  addressFormValuesOf,
  addressSavePayload,
  isAddressPlace,
  type AddressFormValues,
} from '../../src/domain/address.ts';
import { addressLineText } from '../../src/i18n/messages.ts';

const VALID: AddressFormValues = {
  street: 'Rua das Flores',
  number: '120',
  no_number: false,
  complement: 'Apto 3',
  no_complement: false,
  neighborhood: 'Centro',
  ref: 'Ao lado da padaria',
  city: 'Florianópolis',
  state: 'SC',
  place: 'house',
  lat: -27.5954,
  lng: -48.5482,
};

describe('addressFormErrors', () => {
  it('accepts a complete form', () => {
    expect(addressFormErrors(VALID)).toEqual({});
  });

  it('requires the neighborhood [R-5.80]', () => {
    expect(addressFormErrors({ ...VALID, neighborhood: '  ' })).toEqual({ neighborhood: 'required' });
  });

  it('requires the street [R-5.81]', () => {
    expect(addressFormErrors({ ...VALID, street: '' })).toEqual({ street: 'required' });
  });

  it('requires the reference [R-5.82]', () => {
    expect(addressFormErrors({ ...VALID, ref: '' })).toEqual({ ref: 'required' });
  });

  it('takes a number 0 to 99999999, digits only, or the no-number tick [R-5.83]', () => {
    expect(ADDRESS_NUMBER_MAX).toBe(99_999_999);
    expect(addressFormErrors({ ...VALID, number: '0' })).toEqual({});
    expect(addressFormErrors({ ...VALID, number: '99999999' })).toEqual({});
    expect(addressFormErrors({ ...VALID, number: '100000000' })).toEqual({ number: 'number_invalid' });
    expect(addressFormErrors({ ...VALID, number: '-1' })).toEqual({ number: 'number_invalid' });
    expect(addressFormErrors({ ...VALID, number: '12A' })).toEqual({ number: 'number_invalid' });
    expect(addressFormErrors({ ...VALID, number: '1.5' })).toEqual({ number: 'number_invalid' });
    expect(addressFormErrors({ ...VALID, number: '' })).toEqual({ number: 'required' });
    expect(addressFormErrors({ ...VALID, number: '', no_number: true })).toEqual({});
    expect(addressFormErrors({ ...VALID, number: 'abc', no_number: true })).toEqual({});
  });

  it('accepts every whole number in range and rejects every one above it [R-5.83]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ADDRESS_NUMBER_MAX * 10 }), (n) => {
        const errors = addressFormErrors({ ...VALID, number: String(n) });
        expect(errors.number).toBe(n <= ADDRESS_NUMBER_MAX ? undefined : 'number_invalid');
      }),
    );
  });

  it('requires the complement unless the no-complement tick is set [R-5.84]', () => {
    expect(addressFormErrors({ ...VALID, complement: ' ' })).toEqual({ complement: 'required' });
    expect(addressFormErrors({ ...VALID, complement: '', no_complement: true })).toEqual({});
  });

  it('reports every failing field at once', () => {
    const empty = { ...VALID, street: '', number: '', complement: '', neighborhood: '', ref: '' };
    expect(addressFormErrors(empty)).toEqual({
      street: 'required',
      number: 'required',
      complement: 'required',
      neighborhood: 'required',
      ref: 'required',
    });
  });
});

describe('addressSavePayload', () => {
  it('has exactly the save fields, trimmed, country BR [R-3.47]', () => {
    const payload = addressSavePayload({ ...VALID, street: '  Rua das Flores ', ref: ' Portão azul ' });
    expect(Object.keys(payload).sort()).toEqual(
      ['city', 'complement', 'country', 'lat', 'lng', 'neighborhood', 'number', 'place', 'ref', 'state', 'street'].sort(),
    );
    expect(payload).toEqual({
      lat: -27.5954,
      lng: -48.5482,
      street: 'Rua das Flores',
      number: '120',
      complement: 'Apto 3',
      neighborhood: 'Centro',
      city: 'Florianópolis',
      state: 'SC',
      country: 'BR',
      ref: 'Portão azul',
      place: 'house',
    });
  });

  it("saves 'S/N' (no number) as null [R-4.35]", () => {
    expect(addressSavePayload({ ...VALID, number: '55', no_number: true }).number).toBeNull();
  });

  it("saves 'S/C' (no complement) as null [R-4.36]", () => {
    expect(addressSavePayload({ ...VALID, complement: 'Casa', no_complement: true }).complement).toBeNull();
  });

  it('keeps the chosen place tab [R-4.37]', () => {
    for (const place of ADDRESS_PLACES) expect(addressSavePayload({ ...VALID, place }).place).toBe(place);
    expect(ADDRESS_PLACES).toEqual(['default', 'house', 'work', 'school', 'family', 'friend']);
    expect(isAddressPlace('school')).toBe(true);
    expect(isAddressPlace('office')).toBe(false);
  });
});

describe('formatAddressLine', () => {
  it('joins street, number, complement, neighborhood and city/state', () => {
    expect(addressLineText({ street: 'Rua das Flores', number: '120', complement: 'Apto 3', neighborhood: 'Centro', city: 'Florianópolis', state: 'SC' })).toBe(
      'Rua das Flores, 120 - Apto 3 - Centro, Florianópolis/SC',
    );
  });

  it("shows 'S/N' and no complement when they are null", () => {
    expect(addressLineText({ street: 'Rua A', number: null, complement: null, neighborhood: 'Centro', city: 'Itajaí', state: 'SC' })).toBe(
      'Rua A, S/N - Centro, Itajaí/SC',
    );
    expect(addressLineText({ street: 'Rua A', number: '7', neighborhood: 'Centro', city: 'Itajaí', state: 'SC' })).toBe('Rua A, 7 - Centro, Itajaí/SC');
  });

  it('leaves out empty parts instead of stray separators', () => {
    expect(addressLineText({ street: 'Rua A', number: '7', complement: '', neighborhood: '', city: 'Itajaí', state: '' })).toBe('Rua A, 7 - Itajaí');
  });
});

describe('addressFormValuesOf', () => {
  it('is the reverse of addressSavePayload: a saved address edits into the values that save it again, S/N and S/C ticked for null', () => {
    for (const values of [VALID, { ...VALID, number: '', no_number: true, complement: '', no_complement: true }]) {
      const payload = addressSavePayload(values);
      const saved = { ...payload, lng_lat: [payload.lng, payload.lat] as [number, number] };
      expect(addressFormValuesOf(saved)).toEqual(values);
      expect(addressSavePayload(addressFormValuesOf(saved))).toEqual(payload);
    }
  });
});
