// The address form's fields (./AddressForm.tsx): a text field whose hints are cautions, and the
// number and complement pair, each with its tick for 'no number' (S/N) or 'no complement' (S/C):
// ticked, the field empties and is no longer required.
import type { AddressFormValues } from '../../src/domain/address.ts';
import { t } from '../../src/i18n/index.ts';
import { Field, type FieldProps } from '../shared/Field.tsx';
import type { FormErrors } from './form-errors.ts';
import './i18n.ts';

export interface TextFieldProps extends Omit<FieldProps, 'name' | 'hintTone' | 'hooks'> {
  name: keyof AddressFormValues;
}

const ADDRESS_HOOKS = { field: 'data-address-field', error: 'data-address-error' };

/** An address field: its hints are cautions that stay beside an error. */
export function TextField(props: TextFieldProps) {
  return <Field {...props} hintTone="warning" hooks={ADDRESS_HOOKS} />;
}

/** A 'no number' / 'no complement' tick beside its field. */
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

/** The number with its S/N tick and the complement with its S/C tick, side by side from the small breakpoint. */
export function NumberAndComplement({
  id,
  values,
  errors,
  onChange,
}: {
  id: (name: string) => string;
  values: AddressFormValues;
  errors: FormErrors;
  onChange: (patch: Partial<AddressFormValues>) => void;
}) {
  return (
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
  );
}
