// Step 2 of the address modal: street, number with the S/N tick, complement with the
// S/C tick, neighbourhood, reference (with the warning that it is required ), city and
// state (read-only when the geocoder found them, editable when it did not) and the place tabs
// . Saving needs both the spec's rules (addressFormErrors [R-5.80..R-5.84]) and the
// browser's own form validity; every problem is named in Portuguese next to its field.
import { useId, type ChangeEvent, type SubmitEvent } from 'react';
import { ADDRESS_PLACES, addressFormErrors, type AddressFormValues, type AddressPlace } from '../../src/domain/address.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import { Field, type FieldProps } from '../shared/Field.tsx';
import { PlaceIcon } from './PlaceIcon.tsx';
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

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={id('number')}
          name="number"
          label={t('address:form.number')}
          value={values.no_number ? '' : values.number}
          error={errors.number}
          onChange={(e) => onChange({ number: e.target.value.trim() })}
          required={!values.no_number}
          disabled={values.no_number}
          inputMode="numeric"
          pattern="[0-9]{1,8}"
          after={
            <Tick
              id={id('no_number')}
              name="no_number"
              label={t('address:form.noNumber')}
              title={t('address:form.noNumberLabel')}
              checked={values.no_number}
              onChange={(checked) => onChange({ no_number: checked, number: checked ? '' : values.number })}
            />
          }
        />
        <TextField
          id={id('complement')}
          name="complement"
          label={t('address:form.complement')}
          placeholder={t('address:form.complementPlaceholder')}
          value={values.no_complement ? '' : values.complement}
          error={errors.complement}
          onChange={(e) => onChange({ complement: e.target.value })}
          required={!values.no_complement}
          disabled={values.no_complement}
          maxLength={200}
          autoComplete="address-line2"
          after={
            <Tick
              id={id('no_complement')}
              name="no_complement"
              label={t('address:form.noComplement')}
              title={t('address:form.noComplementLabel')}
              checked={values.no_complement}
              onChange={(checked) => onChange({ no_complement: checked, complement: checked ? '' : values.complement })}
            />
          }
        />
      </div>

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

      <fieldset className="m-0 flex flex-col gap-2 border-0 p-0" data-address-places>
        <legend className="mb-2 p-0 text-sm font-semibold text-ink">{t('address:form.place')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {ADDRESS_PLACES.map((place: AddressPlace) => {
            const checked = values.place === place;
            return (
              <label
                key={place}
                className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-solid px-1 py-2 text-xs font-semibold focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ${checked ? 'border-brand bg-brand text-onbrand' : 'border-line bg-card text-ink hover:bg-surface'}`}
                data-address-place={place}
                data-checked={checked || undefined}
              >
                <input type="radio" name="place" value={place} checked={checked} onChange={() => onChange({ place })} className="sr-only" />
                <PlaceIcon place={place} />
                {t(`address:places.${place}`)}
              </label>
            );
          })}
        </div>
      </fieldset>
    </form>
  );
}

interface TextFieldProps extends Omit<FieldProps, 'name' | 'hintTone' | 'hooks'> {
  name: keyof AddressFormValues;
}

const ADDRESS_HOOKS = { field: 'data-address-field', error: 'data-address-error' };

/** An address field: its hints are cautions that stay beside an error. */
function TextField(props: TextFieldProps) {
  return <Field {...props} hintTone="warning" hooks={ADDRESS_HOOKS} />;
}

function Tick({
  id,
  name,
  label,
  title,
  checked,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  title: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      htmlFor={id}
      className="flex flex-none cursor-pointer items-center gap-1.5 whitespace-nowrap text-sm font-semibold text-ink"
      title={title}
      data-address-tick={name}
    >
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={title}
        className="h-5 w-5 accent-[var(--c-primary)]"
      />
      {label}
    </label>
  );
}
