// The address modal: map, continue, form, save.
// Step 1 opens a MapLibre map centred on the establishment at zoom 12 with a fixed centre
// pin, a search box over the Brazil-only geocoder and 'Usar minha localização' (zoom 19
// ). The map's code and stylesheet load only now (dynamic import). Without WebGL the step
// is the search list alone, which also serves keyboard users: nothing here needs dragging.
// 'Continuar' reverse-geocodes the chosen point and step 2 is the form; saving POSTs
// addressSavePayload (S/N and S/C as null) with the toasts.
// Given a saved address, the modal edits it: it opens on the form with the address (the map is one
// 'Voltar ao mapa' away, to move the point) and saves with PUT.
// The state is one reducer (./address-modal-state.ts), the search box a hook
// (./useAddressSearch.ts); failures follow islands/shared/call-failure.ts (ADDRESS_CALLS).
import { Component, Suspense, useEffect, useId, useReducer, useRef, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '../../src/client/toast.ts';
import { addressSavePayload, type AddressFormValues } from '../../src/domain/address.ts';
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, establishmentPoint, mapStyle as fetchMapStyle, reverseGeocode, saveAddress, updateAddress } from './address-api.ts';
import { addressModalReducer, editAddressModalState, initialAddressModalState, keepDescription, type Setup } from './address-modal-state.ts';
import { AddressForm, firstErrorField, formErrors } from './AddressForm.tsx';
import type { FlyTarget } from './AddressMap.tsx';
import type { Address, LngLatPoint, ReverseGeocode, SavedAddress } from './types.ts';
import { useAddressSearch } from './useAddressSearch.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';
import { lazyWithReload } from '../shared/lazy.ts';

export { GEOLOCATION_ZOOM } from './address-modal-state.ts';

/** The map's module (react-map-gl + MapLibre, ~250 KB compressed): fetched the first time a map shows. */
const AddressMap = lazyWithReload(() => import('./AddressMap.tsx'));

export const INITIAL_ZOOM = 12;

/** Whether this browser can draw a WebGL map at all. */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

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

function emptyValues(point: LngLatPoint): AddressFormValues {
  return {
    street: '',
    number: '',
    no_number: false,
    complement: '',
    no_complement: false,
    neighborhood: '',
    ref: '',
    city: '',
    state: '',
    place: 'default',
    lat: point.lat,
    lng: point.lng,
  };
}

/** The form of a point: what the geocoder found, else what the chosen search result knows. */
function formValuesOf(
  point: LngLatPoint,
  found: Partial<ReverseGeocode> | null,
  chosen: { street?: string; neighborhood?: string; city?: string; state?: string } | null,
) {
  const pick = (key: 'street' | 'neighborhood' | 'city' | 'state') => found?.[key]?.trim() || chosen?.[key]?.trim() || '';
  return {
    ...emptyValues(point),
    number: /^\d{1,8}$/.test(found?.number ?? '') ? found!.number! : '',
    street: pick('street'),
    neighborhood: pick('neighborhood'),
    city: pick('city'),
    state: pick('state').toUpperCase(),
  };
}

export function AddressModal({ establishmentId, opener, address: editing, onClose, onSaved }: AddressModalProps) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const formId = `${uid}-form`;
  const searchRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(addressModalReducer, editing, (a) => (a ? editAddressModalState(a) : initialAddressModalState));
  const { setup, step, center, target, chosen, locating, geocoding, values, locks, notice, errors, saving } = state;
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
            {/* The results open over the map, so the map keeps its size while the customer searches. */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from the search box or a result closes the list first */}
            <div
              className="relative"
              onKeyDown={(event) => {
                // Escape closes an open results list before it closes the modal.
                if (event.key !== 'Escape' || !search.results) return;
                event.stopPropagation();
                search.close();
                searchRef.current?.focus();
              }}
            >
              {/* biome-ignore lint/a11y/useSemanticElements: a form (it submits with Enter); the search role names it */}
              <form
                role="search"
                className="flex gap-2"
                onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
                  event.preventDefault();
                  search.searchNow();
                }}
              >
                <label htmlFor={`${uid}-q`} className="sr-only">
                  {t('address:modal.search')}
                </label>
                <input
                  ref={searchRef}
                  id={`${uid}-q`}
                  type="search"
                  value={search.query}
                  onChange={(e) => search.setQuery(e.target.value)}
                  placeholder={t('address:modal.searchPlaceholder')}
                  autoComplete="off"
                  enterKeyHint="search"
                  className="min-w-0 flex-1 rounded-lg border border-solid border-line bg-card px-3 py-2.5 text-base text-ink"
                  aria-describedby={`${uid}-search-status`}
                  data-address-search
                />
                <Button type="submit" size="dialog" data-address-search-submit>
                  {t('address:modal.searchSubmit')}
                </Button>
              </form>
              {search.results && search.results.length > 0 && (
                <ul
                  className="absolute left-0 right-0 top-full z-10 m-0 mt-1 flex max-h-60 list-none flex-col overflow-y-auto rounded-lg border border-solid border-line bg-card p-0 shadow-lg"
                  aria-label={t('address:modal.search')}
                  data-address-results
                >
                  {search.results.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two results may share a label; the list is replaced, never reordered
                    <li key={`${r.label}-${i}`} className="border-b border-b-solid border-line last:border-b-0">
                      <button
                        type="button"
                        className="w-full cursor-pointer border-0 bg-transparent px-3 py-2.5 text-left text-sm text-ink hover:bg-surface focus-visible:bg-surface"
                        onClick={() => {
                          // A search still pending from the typing must not reopen the list over the chosen point.
                          search.cancel();
                          search.close();
                          dispatch({ type: 'result_chosen', result: r, key: Date.now() });
                        }}
                        data-address-result
                      >
                        {r.label}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <p id={`${uid}-search-status`} className="m-0 min-h-5 text-sm text-muted" role="status" aria-live="polite" data-address-search-status>
              {search.searching
                ? t('address:modal.searching')
                : search.results
                  ? search.results.length
                    ? t('address:modal.results', { count: search.results.length })
                    : t('address:modal.noResults')
                  : chosen
                    ? t(chosen.lng_lat ? 'address:modal.chosen' : 'address:modal.chosenUnplaced', { label: chosen.label })
                    : ''}
            </p>
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

function MapArea({
  setup,
  showMap,
  target,
  onCenter,
  onFailure,
}: {
  setup: Setup;
  showMap: boolean;
  target: FlyTarget | null;
  onCenter: (p: LngLatPoint) => void;
  onFailure: () => void;
}) {
  if (setup.status === 'loading') {
    return (
      <div
        className="flex min-h-64 flex-1 items-center justify-center rounded-lg bg-surface text-sm text-muted md:h-80 md:flex-none"
        role="status"
        data-address-map-loading
      >
        {t('address:modal.loading')}
      </div>
    );
  }
  if (!showMap || !setup.origin || !setup.style) {
    return (
      <p className="m-0 rounded-lg bg-surface px-3 py-3 text-sm text-ink" data-address-map-fallback>
        {t('address:modal.noMap')}
      </p>
    );
  }
  const loading = (
    <div className="absolute inset-0 flex items-center justify-center text-sm text-muted" role="status">
      {t('address:modal.loading')}
    </div>
  );
  return (
    <div className="flex flex-1 flex-col gap-2">
      <p className="m-0 text-xs text-muted">{t('address:modal.mapHint')}</p>
      <div className="relative min-h-64 flex-1 overflow-hidden rounded-lg bg-surface md:h-80 md:flex-none">
        <MapBoundary onFailure={onFailure}>
          <Suspense fallback={loading}>
            <AddressMap initial={{ ...setup.origin, zoom: INITIAL_ZOOM }} mapStyle={setup.style} target={target} onCenter={onCenter} onFailure={onFailure} />
          </Suspense>
        </MapBoundary>
      </div>
    </div>
  );
}

/** A map that cannot load (its chunk, or WebGL at run time) turns into the list-only step. */
class MapBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[map]', error);
    this.props.onFailure();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
