// The delivery address form (spec sections 4 'Address' and 5 'Address form'): which fields are
// required, how the 'S/N' (no number) and 'S/C' (no complement) ticks are saved, and the one-line
// text shown in lists and on the order. City and state come from the map's reverse geocoding and
// are not typed, so the form does not flag them; the API validates the saved body.

/** The place tabs of the address form. Example: `ADDRESS_PLACES[0] === 'default'` */
export const ADDRESS_PLACES = ['default', 'house', 'work', 'school', 'family', 'friend'] as const;
export type AddressPlace = (typeof ADDRESS_PLACES)[number];
/** Largest house number the form accepts. Example: `ADDRESS_NUMBER_MAX === 99_999_999` */
export const ADDRESS_NUMBER_MAX = 99_999_999;

export type AddressFormValues = {
  street: string;
  number: string;
  no_number: boolean;
  complement: string;
  no_complement: boolean;
  neighborhood: string;
  ref: string;
  city: string;
  state: string;
  place: AddressPlace;
  lat: number;
  lng: number;
};
export type AddressFieldError = 'required' | 'number_invalid';

/** Whether a value is one of the place tabs. Example: `isAddressPlace('work') === true` */
export function isAddressPlace(value: unknown): value is AddressPlace {
  return typeof value === 'string' && (ADDRESS_PLACES as readonly string[]).includes(value);
}

/**
 * Field -> error code, empty object when valid [R-5.80..R-5.84]: street, neighborhood and reference
 * required; number digits only, 0..99999999, unless 'S/N' is ticked; complement required unless
 * 'S/C' is ticked. Blank (only spaces) counts as empty.
 * Example: `addressFormErrors({ ...values, number: '12a' })` is `{ number: 'number_invalid' }`
 */
export function addressFormErrors(v: AddressFormValues): Partial<Record<keyof AddressFormValues, AddressFieldError>> {
  const errors: Partial<Record<keyof AddressFormValues, AddressFieldError>> = {};
  if (v.street.trim() === '') errors.street = 'required';
  if (!v.no_number) {
    const number = v.number.trim();
    if (number === '') errors.number = 'required';
    // Digits only: '12A' or '1.200' are not numbers the courier can trust; extras go in the complement.
    else if (!/^\d+$/.test(number) || Number(number) > ADDRESS_NUMBER_MAX) errors.number = 'number_invalid';
  }
  if (!v.no_complement && v.complement.trim() === '') errors.complement = 'required';
  if (v.neighborhood.trim() === '') errors.neighborhood = 'required';
  if (v.ref.trim() === '') errors.ref = 'required';
  return errors;
}

/**
 * The POST /users/me/addresses body: S/N -> number null, S/C -> complement null, trimmed.
 * An empty complement is saved as null too: it can only be reached with 'S/C' when the form is valid.
 * Its type is the API schema's (src/schemas/api-geo.ts AddressBodyInput), checked where it is sent.
 * Example: `addressSavePayload({ ...values, no_number: true }).number === null`
 */
export function addressSavePayload(v: AddressFormValues) {
  const number = v.number.trim();
  const complement = v.complement.trim();
  return {
    lat: v.lat,
    lng: v.lng,
    street: v.street.trim(),
    number: v.no_number || number === '' ? null : number,
    complement: v.no_complement || complement === '' ? null : complement,
    neighborhood: v.neighborhood.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    country: 'BR' as const,
    ref: v.ref.trim(),
    place: v.place,
  };
}

/**
 * One line to show: 'Rua das Flores, 120 - Apto 3 - Centro, Florianópolis/SC', with `noNumber` (the
 * locale's 'S/N') for a null number and no complement when null. Empty parts are left out rather than
 * shown as stray separators.
 * Example: `formatAddressLine({ street: 'Rua A', number: null, complement: null, neighborhood: 'Centro', city: 'Itajaí', state: 'SC' }, 'S/N') === 'Rua A, S/N - Centro, Itajaí/SC'`
 */
export function formatAddressLine(
  a: {
    street: string;
    number: string | null;
    complement?: string | null;
    neighborhood: string;
    city: string;
    state: string;
  },
  noNumber: string,
): string {
  const number = a.number === null || a.number.trim() === '' ? noNumber : a.number.trim();
  const head = [a.street.trim(), number].filter(Boolean).join(', ');
  const cityState = [a.city.trim(), a.state.trim()].filter(Boolean).join('/');
  const tail = [a.neighborhood.trim(), cityState].filter(Boolean).join(', ');
  return [head, a.complement?.trim() ?? '', tail].filter(Boolean).join(' - ');
}

/**
 * The form's values for a saved address, to edit it: 'S/N' and 'S/C' ticked where it has none
 * (the reverse of addressSavePayload).
 * Example: `addressFormValuesOf({ ...saved, number: null }).no_number === true`
 */
export function addressFormValuesOf(a: {
  street: string;
  number: string | null;
  complement: string | null;
  neighborhood: string;
  ref: string;
  city: string;
  state: string;
  place: AddressPlace;
  lng_lat: readonly [number, number];
}): AddressFormValues {
  return {
    street: a.street,
    number: a.number ?? '',
    no_number: a.number === null,
    complement: a.complement ?? '',
    no_complement: a.complement === null,
    neighborhood: a.neighborhood,
    ref: a.ref,
    city: a.city,
    state: a.state,
    place: a.place,
    lng: a.lng_lat[0],
    lat: a.lng_lat[1],
  };
}
