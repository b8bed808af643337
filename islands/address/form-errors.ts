// What the address form (./AddressForm.tsx) says is wrong before saving: the spec's rules
// (addressFormErrors [R-5.80..R-5.84]) and the browser's own form validity, each problem
// named in Portuguese for its field.
import { addressFormErrors, type AddressFormValues } from '../../src/domain/address.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import './i18n.ts';

export type FormErrors = Partial<Record<keyof AddressFormValues, string>>;

/** The fields in screen order, to focus the first one in error. */
const ORDER: (keyof AddressFormValues)[] = ['street', 'number', 'complement', 'neighborhood', 'ref', 'city', 'state'];

/** A field's own message (address:errors.<field>), else the general one: not every field has one (the map's point). */
function fieldText(field: keyof AddressFormValues): string {
  const key = `address:errors.${field}`;
  return hasKey(key) ? t(key) : t('address:errors.invalid');
}

/** The messages for a form: the spec's rules first, then whatever the browser's validity still finds. */
export function formErrors(values: AddressFormValues, form: HTMLFormElement): FormErrors {
  const out: FormErrors = {};
  for (const [field, code] of Object.entries(addressFormErrors(values)) as [keyof AddressFormValues, string][]) {
    out[field] = code === 'number_invalid' ? t('address:errors.number_invalid') : fieldText(field);
  }
  if (!form.checkValidity()) {
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement) || el.validity.valid || !el.name) continue;
      const field = el.name as keyof AddressFormValues;
      out[field] ??= el.validity.valueMissing && ORDER.includes(field) ? fieldText(field) : t('address:errors.invalid');
    }
  }
  return out;
}

export function firstErrorField(errors: FormErrors): keyof AddressFormValues | undefined {
  return ORDER.find((f) => errors[f]);
}
