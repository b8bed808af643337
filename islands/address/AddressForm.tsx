// Step 2 of the address modal: street, number with the S/N tick, complement with the
// S/C tick, neighbourhood, reference (with the warning that it is required ), city and
// state (read-only when the geocoder found them, editable when it did not) and the place tabs
// . Saving needs both the spec's rules (addressFormErrors [R-5.80..R-5.84]) and the
// browser's own form validity; every problem is named in Portuguese next to its field.
// The checks are ./form-errors.ts; the fields ./AddressFields.tsx, the place tabs ./PlaceTabs.tsx.
import { useId, type ChangeEvent, type SubmitEvent } from 'react';
import type { AddressFormValues } from '../../src/domain/address.ts';
import { t } from '../../src/i18n/index.ts';
import { NumberAndComplement, TextField } from './AddressFields.tsx';
import type { FormErrors } from './form-errors.ts';
import { PlaceTabs } from './PlaceTabs.tsx';
import './i18n.ts';

interface AddressFormProps {
  formId: string;
  values: AddressFormValues;
  errors: FormErrors;
  /** City and state came from the geocoder: shown read-only. */
  lockCity: boolean;
  lockState: boolean;
  notice: string;
  onChange: (patch: Partial<AddressFormValues>) => void;
  onSubmit: (form: HTMLFormElement) => void;
}

export function AddressForm({ formId, values, errors, lockCity, lockState, notice, onChange, onSubmit }: AddressFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const text = (name: 'street' | 'neighborhood' | 'ref' | 'city' | 'state') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ [name]: name === 'state' ? event.target.value.toUpperCase() : event.target.value });

  return (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-4 p-4"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
      data-address-form
    >
      {notice && (
        <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-address-geocode-notice>
          {notice}
        </p>
      )}
      <TextField
        id={id('street')}
        name="street"
        label={t('address:form.street')}
        value={values.street}
        error={errors.street}
        onChange={text('street')}
        required
        maxLength={200}
        autoComplete="address-line1"
      />

      <NumberAndComplement id={id} values={values} errors={errors} onChange={onChange} />

      <TextField
        id={id('neighborhood')}
        name="neighborhood"
        label={t('address:form.neighborhood')}
        value={values.neighborhood}
        error={errors.neighborhood}
        onChange={text('neighborhood')}
        required
        maxLength={120}
      />

      <TextField
        id={id('ref')}
        name="ref"
        label={t('address:form.ref')}
        placeholder={t('address:form.refPlaceholder')}
        value={values.ref}
        error={errors.ref}
        onChange={text('ref')}
        required
        maxLength={200}
        hint={t('address:form.refWarning')}
        hintHook="data-address-ref-warning"
      />

      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-4">
        <TextField
          id={id('city')}
          name="city"
          label={t('address:form.city')}
          value={values.city}
          error={errors.city}
          onChange={text('city')}
          required
          readOnly={lockCity}
          maxLength={120}
          autoComplete="address-level2"
        />
        <TextField
          id={id('state')}
          name="state"
          label={t('address:form.state')}
          value={values.state}
          error={errors.state}
          onChange={text('state')}
          required
          readOnly={lockState}
          maxLength={2}
          pattern="[A-Za-z]{2}"
          autoComplete="address-level1"
        />
      </div>

      <PlaceTabs value={values.place} onChange={(place) => onChange({ place })} />
    </form>
  );
}
