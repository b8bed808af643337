// The address modal: map, continue, form, save.
// Step 1 opens a MapLibre map centred on the establishment at zoom 12 with a fixed centre
// pin, a search box over the Brazil-only geocoder and 'Usar minha localização' (zoom 19
// ). The map's code and stylesheet load only now (dynamic import). Without WebGL the step
// is the search list alone, which also serves keyboard users: nothing here needs dragging.
// 'Continuar' reverse-geocodes the chosen point and step 2 is the form; saving POSTs
// addressSavePayload (S/N and S/C as null) with the toasts.
// Given a saved address, the modal edits it: it opens on the form with the address (the map is one
// 'Voltar ao mapa' away, to move the point) and saves with PUT.
// The data and moves are ./useAddressModal.ts; step 1's parts are ./AddressSearchBox.tsx and
// ./MapArea.tsx, step 2 is ./AddressForm.tsx.
import { useId } from 'react';
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { AddressForm } from './AddressForm.tsx';
import { AddressSearchBox } from './AddressSearchBox.tsx';
import { MapArea } from './MapArea.tsx';
import type { Address, SavedAddress } from './types.ts';
import { useAddressModal } from './useAddressModal.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export { GEOLOCATION_ZOOM } from './address-modal-state.ts';

export interface AddressModalProps {
  establishmentId: string;
  /** Where focus returns on close. */
  opener?: HTMLElement | null;
  /** The saved address to edit; none for a new one. */
  address?: Address;
  onClose: () => void;
  /** The saved address (the modal has already closed itself and shown the success toast). */
  onSaved: (address: SavedAddress) => void;
}

export function AddressModal({ establishmentId, opener, address: editing, onClose, onSaved }: AddressModalProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const formId = `${uid}-form`;
  const { state, dispatch, search, searchRef, bodyRef, showMap, locate, toForm, save } = useAddressModal({
    establishmentId,
    editing,
    formId,
    onClose,
    onSaved,
  });
  const { setup, step, center, target, chosen, locating, geocoding, values, locks, notice, errors, saving } = state;

  const footer =
    step === 'map' ? (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="dialog" onClick={locate} loading={locating} data-address-locate>
          {locating ? t('address:modal.locating') : t('address:modal.locate')}
        </Button>
        <Button onClick={() => void toForm()} disabled={!center || geocoding} aria-busy={geocoding || undefined} data-address-continue>
          {geocoding ? t('address:modal.geocoding') : t('address:modal.continue')}
        </Button>
      </div>
    ) : (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" size="dialog" onClick={() => dispatch({ type: 'back_to_map' })} data-address-back>
          {t('address:modal.back')}
        </Button>
        <Button type="submit" form={formId} loading={saving} data-address-save>
          {saving ? t('address:modal.saving') : t('address:modal.save')}
        </Button>
      </div>
    );

  return (
    <Dialog
      titleId={titleId}
      title={step === 'map' ? t('address:modal.mapTitle') : editing ? t('address:modal.editTitle') : t('address:modal.formTitle')}
      onClose={onClose}
      opener={opener}
      hook={{ 'data-address-modal': '', 'data-step': step }}
      footer={footer}
    >
      <div ref={bodyRef} className="flex min-h-full flex-col">
        {step === 'map' ? (
          <div className="flex flex-1 flex-col gap-3 p-4" data-address-step="map">
            <AddressSearchBox
              uid={uid}
              search={search}
              searchRef={searchRef}
              chosen={chosen}
              onChoose={(result) => dispatch({ type: 'result_chosen', result, key: Date.now() })}
            />
            <MapArea
              setup={setup}
              showMap={showMap}
              target={target}
              onCenter={(point) => dispatch({ type: 'map_moved', point })}
              onFailure={() => dispatch({ type: 'map_failed' })}
            />
          </div>
        ) : (
          values && (
            <AddressForm
              formId={formId}
              values={values}
              errors={errors}
              lockCity={locks.city}
              lockState={locks.state}
              notice={notice}
              onChange={(patch) => dispatch({ type: 'edited', patch })}
              onSubmit={(form) => void save(form)}
            />
          )
        )}
      </div>
    </Dialog>
  );
}
