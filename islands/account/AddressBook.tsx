// 'Meus endereços': the customer's saved addresses, the default first. Each shows
// its place, its line and reference, whether this establishment delivers there, and the actions:
// edit (the checkout's address modal, opened on the form), make it the default (kept on the server,
// so every device's checkout picks it by itself), delete (after a confirmation). 'Adicionar
// endereço' opens the same modal on the map. Failures follow islands/shared/call-failure.ts
// (ADDRESS_CALLS): the list says it could not load, with a retry; an action's refusal is a toast
// and the list is read again, so it shows what is saved.
// The parts: ./useAddressBook.ts (the list and the actions), ./AddressEntry.tsx (one address).
import { useState } from 'react';
import { addressLineText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { AddressModal } from '../address/AddressModal.tsx';
import type { AddressWithDelivery } from '../address/types.ts';
import { Button } from '../shared/Button.tsx';
import { AddressEntry, actionClass } from './AddressEntry.tsx';
import { useAddressBook } from './useAddressBook.ts';

/** The modal: a new address, or one being edited; `opener` gets the focus back. */
type Editing = { address: AddressWithDelivery | null; opener: HTMLElement | null };

export function AddressBook({ establishmentId }: { establishmentId: string }) {
  const { list, busy, load, makeDefault, remove } = useAddressBook(establishmentId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<AddressWithDelivery | null>(null);

  const addButton = (
    <Button className="self-start" onClick={(event) => setEditing({ address: null, opener: event.currentTarget })} data-address-add>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M12 5v14M5 12h14" />
      </svg>
      {t('address:book.add')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4" data-address-book>
      <p className="m-0 text-sm text-muted">{t('address:book.intro')}</p>
      {list.status === 'loading' && (
        <p className="m-0 text-muted" role="status" data-address-book-loading>
          {t('address:book.loading')}
        </p>
      )}
      {list.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3" data-address-book-failed>
          <p role="alert" className="m-0 text-ink">
            {t('address:book.loadFailed')}
          </p>
          <button type="button" className={actionClass} onClick={() => void load()}>
            {t('address:book.retry')}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.addresses.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-surface p-4" data-address-book-empty>
          <p className="m-0 font-semibold text-ink">{t('address:book.empty')}</p>
          <p className="m-0 text-sm text-muted">{t('address:book.emptyHint')}</p>
          {addButton}
        </div>
      )}
      {list.status === 'ready' && list.addresses.length > 0 && (
        <>
          <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label={t('address:book.list')} data-address-book-list>
            {list.addresses.map((a) => (
              <AddressEntry
                key={a._id}
                address={a}
                pending={busy === a._id}
                onEdit={(opener) => setEditing({ address: a, opener })}
                onMakeDefault={() => void makeDefault(a)}
                onRemove={() => setRemoving(a)}
              />
            ))}
          </ul>
          {addButton}
        </>
      )}
      {editing && (
        <AddressModal
          establishmentId={establishmentId}
          opener={editing.opener}
          address={editing.address ?? undefined}
          onClose={() => setEditing(null)}
          onSaved={() => void load()}
        />
      )}
      {removing && (
        <ConfirmDialog
          message={t('address:book.removeConfirm', { line: addressLineText(removing) })}
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
