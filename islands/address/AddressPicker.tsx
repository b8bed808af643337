// The checkout's address list: the customer's saved addresses for this
// establishment, each with its line, place icon and delivery fee (or 'fora da área de entrega').
// Picking one asks POST /delivery_tax: the fee goes to onSelect, a 404 shows the spec's message
// and lets the checkout clear the address. 'Novo endereço' opens the address
// modal; after a save the list is reloaded and the new address is picked at once.
// When nothing is chosen yet, the first load picks an address by itself: the customer's default
// (kept on the server, 'Meus endereços'; their first address is it until they choose another) if
// this establishment delivers there, else the only address it delivers to.
// Addresses are deleted after a confirmation. Failures follow
// islands/shared/call-failure.ts (address-api.ts ADDRESS_CALLS says what each shows).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { addressLineText } from '../../src/i18n/messages.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, deleteAddress, deliveryTax, listAddresses } from './address-api.ts';
import { AddressModal } from './AddressModal.tsx';
import { pickByItself } from './pick-address.ts';
import { PlaceIcon } from './PlaceIcon.tsx';
import type { Address, AddressWithDelivery } from './types.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export type { Address } from './types.ts';

export interface AddressPickerProps {
  island: StoreIsland;
  selectedId: string | null;
  onSelect(address: Address & { delivery_fee: number }): void;
  /** POST /delivery_tax said 404: the checkout clears the address (the toast is shown here). */
  onOutsideRadius(): void;
  /** The selected address was deleted; default: onOutsideRadius (both mean 'no address now'). */
  onCleared?(): void;
}

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; addresses: AddressWithDelivery[] };

export function AddressPicker({ island, selectedId, onSelect, onOutsideRadius, onCleared }: AddressPickerProps) {
  const uid = useId();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [pending, setPending] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [removing, setRemoving] = useState<AddressWithDelivery | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const live = useRef(true);
  const defaultOffered = useRef(false);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async (): Promise<AddressWithDelivery[] | null> => {
    try {
      const addresses = await listAddresses(island.id);
      if (live.current) setList({ status: 'ready', addresses });
      return addresses;
    } catch (err) {
      // A 401 is the session's (back to the account page); anything else offers a retry here.
      const outcome = reportFailure(err, ADDRESS_CALLS.list);
      if (live.current && outcome.kind !== 'session_ended' && outcome.kind !== 'aborted') setList({ status: 'failed' });
      return null;
    }
  }, [island.id]);

  useEffect(() => {
    void load();
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the first list arrives; later lists (after a save or a deletion) pick nothing by themselves
  useEffect(() => {
    if (list.status !== 'ready' || defaultOffered.current) return;
    defaultOffered.current = true;
    const preferred = pickByItself(list.addresses);
    if (preferred && selectedId === null) void select(preferred);
  }, [list]);

  async function select(address: Address) {
    setPending(address._id);
    try {
      const fee = await deliveryTax(island.id, { lng: address.lng_lat[0], lat: address.lng_lat[1] });
      if (live.current) onSelect({ ...address, delivery_fee: fee.price });
    } catch (err) {
      reportFailure(err, ADDRESS_CALLS.fee);
      if (err instanceof ApiFailure && err.code === 'no_delivery_tax_found') onOutsideRadius();
    } finally {
      if (live.current) setPending(null);
    }
  }

  async function remove(address: AddressWithDelivery) {
    setRemoving(null);
    try {
      await deleteAddress(island.id, address._id);
      toast(t('address:picker.removed'), { kind: 'success' });
      if (address._id === selectedId) (onCleared ?? onOutsideRadius)();
      await load();
    } catch (err) {
      // The list shows what is saved now, whatever refused the deletion.
      if (reportFailure(err, ADDRESS_CALLS.remove).kind !== 'session_ended') await load();
    }
  }

  async function saved(address: Address) {
    await load();
    await select(address);
  }

  return (
    <div className="flex flex-col gap-3" data-address-picker>
      {list.status === 'loading' && (
        <p className="m-0 text-sm text-muted" role="status" data-address-loading>
          {t('address:picker.loading')}
        </p>
      )}
      {list.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3" data-address-load-failed>
          <p className="m-0 text-sm text-ink">{t('address:picker.loadFailed')}</p>
          <button
            type="button"
            className="cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface"
            onClick={() => void load()}
          >
            {t('address:picker.retry')}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.addresses.length === 0 && (
        <p className="m-0 text-sm text-muted" data-address-empty>
          {t('address:picker.empty')}
        </p>
      )}
      {list.status === 'ready' && list.addresses.length > 0 && (
        <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label={t('address:picker.title')} data-address-list>
          {list.addresses.map((a) => {
            const line = addressLineText(a);
            const checked = a._id === selectedId;
            const busy = pending === a._id;
            return (
              <li
                key={a._id}
                className={`flex items-stretch gap-1 rounded-xl border border-solid ${checked ? 'border-brand bg-surface' : 'border-line bg-card'}`}
                data-address-item={a._id}
                data-selected={checked || undefined}
              >
                <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3 p-3">
                  <input
                    type="radio"
                    name={`${uid}-address`}
                    value={a._id}
                    checked={checked}
                    onChange={() => {
                      // One fee question at a time (arrow keys move through the radios quickly).
                      if (pending === null) void select(a);
                    }}
                    className="mt-1 h-5 w-5 flex-none accent-[var(--c-primary)]"
                    aria-describedby={`${uid}-${a._id}-fee`}
                    data-address-radio
                  />
                  <span className="mt-0.5 flex-none text-brand" title={t(`address:places.${a.place}`)}>
                    <PlaceIcon place={a.place} />
                  </span>
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm font-semibold text-ink" data-address-line>
                      {line}
                    </span>
                    {a.ref && <span className="text-xs text-muted">{a.ref}</span>}
                    <span
                      id={`${uid}-${a._id}-fee`}
                      className={`text-xs font-semibold ${a.delivery?.ok === false ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}
                      data-address-fee={a.delivery?.ok ? a.delivery.price : a.delivery ? 'outside' : undefined}
                    >
                      {busy
                        ? t('address:picker.checking')
                        : a.delivery?.ok === false
                          ? t('address:picker.outside')
                          : a.delivery?.ok
                            ? a.delivery.price === 0
                              ? t('address:picker.free')
                              : t('address:picker.fee', { price: formatBRL(a.delivery.price) })
                            : ''}
                    </span>
                  </span>
                </label>
                <button
                  type="button"
                  className="flex w-11 flex-none cursor-pointer items-center justify-center rounded-r-xl border-0 bg-transparent text-muted hover:bg-surface hover:text-red-700"
                  aria-label={t('address:picker.remove', { line })}
                  onClick={() => setRemoving(a)}
                  data-address-remove
                >
                  <svg
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Button ref={newButton} variant="outline" size="compact" className="self-start" onClick={() => setModalOpen(true)} data-address-new>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M12 5v14M5 12h14" />
        </svg>
        {t('address:picker.new')}
      </Button>
      {modalOpen && <AddressModal establishmentId={island.id} opener={newButton.current} onClose={() => setModalOpen(false)} onSaved={(a) => void saved(a)} />}
      {removing && (
        <ConfirmDialog
          message={t('address:picker.removeConfirm')}
          cancelLabel={t('address:picker.removeCancel')}
          confirmLabel={t('address:picker.removeOk')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </div>
  );
}
