// The address modal's data and moves (./AddressModal.tsx draws them): the establishment's point
// and the map style fetched together on open (either failing leaves the list-only step), the
// device's position, 'Continuar' reverse-geocoding the chosen point into the
// form, focus following the step, and the save (POST, or PUT for an edit) with its toasts
// . The state is one reducer (./address-modal-state.ts), the search box a hook
// (./useAddressSearch.ts); failures follow islands/shared/call-failure.ts (ADDRESS_CALLS).
import { useEffect, useReducer, useRef } from 'react';
import { toast } from '../../src/client/toast.ts';
import { addressSavePayload } from '../../src/domain/address.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, establishmentPoint, mapStyle as fetchMapStyle, reverseGeocode, saveAddress, updateAddress } from './address-api.ts';
import { addressModalReducer, editAddressModalState, formValuesOf, initialAddressModalState, keepDescription } from './address-modal-state.ts';
import { firstErrorField, formErrors } from './form-errors.ts';
import type { Address, ReverseGeocode, SavedAddress } from './types.ts';
import { useAddressSearch } from './useAddressSearch.ts';
import './i18n.ts';

/** Whether this browser can draw a WebGL map at all. */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export interface AddressModalOptions {
  establishmentId: string;
  /** The saved address to edit; none for a new one. */
  editing: Address | undefined;
  /** The form element's id (its first empty field takes focus when the form shows). */
  formId: string;
  onClose: () => void;
  onSaved: (address: SavedAddress) => void;
}

export function useAddressModal({ establishmentId, editing, formId, onClose, onSaved }: AddressModalOptions) {
  const searchRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(addressModalReducer, editing, (a) => (a ? editAddressModalState(a) : initialAddressModalState));
  const { setup, step, center, chosen, values, saving } = state;
  const near = center ?? (setup.status === 'ready' ? setup.origin : null);
  const search = useAddressSearch(establishmentId, near, step === 'map');

  // The establishment's point and the map style, together; either failing leaves the list-only step.
  useEffect(() => {
    let live = true;
    const fallBack = (err: unknown) => {
      reportFailure(err, ADDRESS_CALLS.mapSetup);
      return null;
    };
    const canMap = webglAvailable();
    Promise.all([establishmentPoint(establishmentId).catch(fallBack), canMap ? fetchMapStyle().catch(fallBack) : Promise.resolve(null)]).then(
      ([origin, style]) => {
        if (live) dispatch({ type: 'setup_ready', origin, style });
      },
    );
    return () => {
      live = false;
    };
  }, [establishmentId]);

  const showMap = setup.status === 'ready' && setup.origin !== null && setup.style !== null && !state.mapFailed;

  function locate() {
    if (!('geolocation' in navigator)) {
      toast(t('address:modal.locateFailed'), { kind: 'error' });
      return;
    }
    search.cancel();
    search.close();
    dispatch({ type: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => dispatch({ type: 'located', point: { lng: pos.coords.longitude, lat: pos.coords.latitude }, key: Date.now() }),
      () => {
        dispatch({ type: 'locate_failed' });
        toast(t('address:modal.locateFailed'), { kind: 'error' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  async function toForm() {
    if (!center) return;
    dispatch({ type: 'geocoding' });
    let found: ReverseGeocode | null = null;
    try {
      found = await reverseGeocode(establishmentId, center);
    } catch (err) {
      // The form says the point's address was not found and lets the customer type it.
      if (reportFailure(err, ADDRESS_CALLS.reverseGeocode).kind === 'session_ended') {
        dispatch({ type: 'geocoding_stopped' });
        return;
      }
    }
    let next = formValuesOf(center, found, chosen);
    // Keep what the customer already typed when coming back from the map to the same point; an
    // edit moved to another point keeps what describes the place (complement, reference, place).
    if (values && values.lat === center.lat && values.lng === center.lng) Object.assign(next, values);
    else if (editing && values) next = keepDescription(next, values);
    const failed = found === null;
    dispatch({
      type: 'form_opened',
      values: next,
      locks: { city: next.city !== '' && !failed, state: /^[A-Z]{2}$/.test(next.state) && !failed },
      notice: failed || (!next.street && !next.neighborhood) ? t('address:modal.geocodeFailed') : '',
    });
  }

  // Focus follows the step: the first empty field of the form, the search box back on the map (not
  // on opening: on a phone that would raise the keyboard over the map).
  const visitedForm = useRef(false);
  useEffect(() => {
    if (step === 'form') {
      visitedForm.current = true;
      const form = document.getElementById(formId);
      const fields = [...(form?.querySelectorAll<HTMLInputElement>('input:not([readonly]):not([disabled]):not([type="checkbox"]):not([type="radio"])') ?? [])];
      (fields.find((el) => el.value.trim() === '') ?? fields[0])?.focus();
      // The dialog's body (the scrolling element) starts the form at its top.
      bodyRef.current?.parentElement?.scrollTo({ top: 0 });
    } else if (visitedForm.current) searchRef.current?.focus();
  }, [step, formId]);

  async function save(form: HTMLFormElement) {
    if (!values || saving) return;
    const found = formErrors(values, form);
    dispatch({ type: 'checked', errors: found });
    const first = firstErrorField(found);
    if (first) {
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    dispatch({ type: 'saving' });
    try {
      const payload = addressSavePayload(values);
      const address = editing ? await updateAddress(establishmentId, editing._id, payload) : await saveAddress(establishmentId, payload);
      toast(t(editing ? 'address:modal.updated' : 'address:modal.saved'), { kind: 'success' });
      onSaved(address);
      onClose();
    } catch (err) {
      // The form keeps what was typed, to try again.
      dispatch({ type: 'save_failed' });
      reportFailure(err, editing ? ADDRESS_CALLS.update : ADDRESS_CALLS.save);
    }
  }

  return { state, dispatch, search, searchRef, bodyRef, showMap, locate, toForm, save };
}
