// The address form's place tabs: what the address is (home, work...), one radio per place
// drawn as a tab with its icon.
import { ADDRESS_PLACES, type AddressPlace } from '../../src/domain/address.ts';
import { t } from '../../src/i18n/index.ts';
import { PlaceIcon } from './PlaceIcon.tsx';
import './i18n.ts';

export function PlaceTabs({ value, onChange }: { value: AddressPlace; onChange: (place: AddressPlace) => void }) {
  return (
    <fieldset className="m-0 flex flex-col gap-2 border-0 p-0" data-address-places>
      <legend className="mb-2 p-0 text-sm font-semibold text-ink">{t('address:form.place')}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {ADDRESS_PLACES.map((place: AddressPlace) => {
          const checked = value === place;
          return (
            <label
              key={place}
              className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-solid px-1 py-2 text-xs font-semibold focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ${checked ? 'border-brand bg-brand text-onbrand' : 'border-line bg-card text-ink hover:bg-surface'}`}
              data-address-place={place}
              data-checked={checked || undefined}
            >
              <input type="radio" name="place" value={place} checked={checked} onChange={() => onChange(place)} className="sr-only" />
              <PlaceIcon place={place} />
              {t(`address:places.${place}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
