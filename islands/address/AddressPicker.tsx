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
// The data and moves are ./useAddressPicker.ts, each address ./AddressItem.tsx.
import { useId, useRef, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { AddressItem } from './AddressItem.tsx';
import { AddressModal } from './AddressModal.tsx';
import type { Address, AddressWithDelivery } from './types.ts';
import { useAddressPicker } from './useAddressPicker.ts';
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

export function AddressPicker(props: AddressPickerProps) {
  const { island, selectedId } = props;
  const uid = useId();
  const { list, pending, load, select, remove, saved } = useAddressPicker(props);
  const [modalOpen, setModalOpen] = useState(false);
  const [removing, setRemoving] = useState<AddressWithDelivery | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

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
          {list.addresses.map((a) => (
            <AddressItem
              key={a._id}
              uid={uid}
              address={a}
              checked={a._id === selectedId}
              busy={pending === a._id}
              onPick={() => {
                // One fee question at a time (arrow keys move through the radios quickly).
                if (pending === null) void select(a);
              }}
              onRemove={() => setRemoving(a)}
            />
          ))}
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
          onConfirm={() => {
            setRemoving(null);
            void remove(removing);
          }}
        />
      )}
    </div>
  );
}
