// 'Meus endereços': the customer's saved addresses, the default first. Each shows
// its place, its line and reference, whether this establishment delivers there, and the actions:
// edit (the checkout's address modal, opened on the form), make it the default (kept on the server,
// so every device's checkout picks it by itself), delete (after a confirmation). 'Adicionar
// endereço' opens the same modal on the map. Failures follow islands/shared/call-failure.ts
// (ADDRESS_CALLS): the list says it could not load, with a retry; an action's refusal is a toast
// and the list is read again, so it shows what is saved.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { addressLineText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { ADDRESS_CALLS, deleteAddress, listAddresses, setDefaultAddress } from '../address/address-api.ts';
import { AddressModal } from '../address/AddressModal.tsx';
import { PlaceIcon } from '../address/PlaceIcon.tsx';
import type { AddressWithDelivery } from '../address/types.ts';
import '../address/i18n.ts';
import { Button } from '../shared/Button.tsx';

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; addresses: AddressWithDelivery[] };
/** The modal: a new address, or one being edited; `opener` gets the focus back. */
type Editing = { address: AddressWithDelivery | null; opener: HTMLElement | null };

/** The default first, then newest first as the API lists them. */
function defaultFirst(addresses: AddressWithDelivery[]): AddressWithDelivery[] {
  return [...addresses.filter((a) => a.is_default), ...addresses.filter((a) => !a.is_default)];
}

const actionClass =
  'cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-wait disabled:opacity-60';

export function AddressBook({ establishmentId }: { establishmentId: string }) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<AddressWithDelivery | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    try {
      const addresses = await listAddresses(establishmentId);
      if (live.current) setList({ status: 'ready', addresses: defaultFirst(addresses) });
    } catch (err) {
      const outcome = reportFailure(err, ADDRESS_CALLS.list);
      if (live.current && outcome.kind !== 'session_ended' && outcome.kind !== 'aborted') setList({ status: 'failed' });
    }
  }, [establishmentId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function makeDefault(address: AddressWithDelivery) {
    setBusy(address._id);
    try {
      await setDefaultAddress(establishmentId, address._id);
      toast(t('address:book.defaultSet'), { kind: 'success' });
      await load();
    } catch (err) {
      // Deleted on another device meanwhile, say: the list shows what is saved now.
      if (reportFailure(err, ADDRESS_CALLS.setDefault).kind !== 'session_ended') await load();
    } finally {
      if (live.current) setBusy(null);
    }
  }

  async function remove(address: AddressWithDelivery) {
    setRemoving(null);
    setBusy(address._id);
    try {
      await deleteAddress(establishmentId, address._id);
      toast(t('address:picker.removed'), { kind: 'success' });
      await load();
    } catch (err) {
      if (reportFailure(err, ADDRESS_CALLS.remove).kind !== 'session_ended') await load();
    } finally {
      if (live.current) setBusy(null);
    }
  }

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
            {list.addresses.map((a) => {
              const line = addressLineText(a);
              const pending = busy === a._id;
              return (
                <li
                  key={a._id}
                  className={`flex flex-col gap-3 rounded-xl border border-solid p-4 ${a.is_default ? 'border-brand' : 'border-line'}`}
                  data-address-entry={a._id}
                  data-default={a.is_default || undefined}
                >
                  <div className="flex items-start gap-3">
                    <span className="mt-0.5 flex-none text-brand">
                      <PlaceIcon place={a.place} />
                    </span>
                    <div className="flex min-w-0 flex-col gap-1">
                      <p className="m-0 flex flex-wrap items-center gap-2 text-sm font-semibold text-muted">
                        <span>{t(`address:places.${a.place}`)}</span>
                        {a.is_default && (
                          <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-onbrand" data-address-default-badge>
                            {t('address:book.default')}
                          </span>
                        )}
                      </p>
                      <p className="m-0 break-words font-semibold text-ink" data-address-line>
                        {line}
                      </p>
                      <p className="m-0 break-words text-sm text-muted">{t('address:book.ref', { ref: a.ref })}</p>
                      {a.delivery?.ok === false && (
                        <p className="m-0 text-sm font-semibold text-red-700 dark:text-red-400" data-address-outside>
                          {t('address:book.outside')}
                        </p>
                      )}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={actionClass}
                      aria-label={t('address:book.editLabel', { line })}
                      disabled={pending}
                      onClick={(event) => setEditing({ address: a, opener: event.currentTarget })}
                      data-address-edit
                    >
                      {t('address:book.edit')}
                    </button>
                    {!a.is_default && (
                      <button
                        type="button"
                        className={actionClass}
                        aria-label={t('address:book.makeDefaultLabel', { line })}
                        disabled={pending}
                        onClick={() => void makeDefault(a)}
                        data-address-make-default
                      >
                        {t('address:book.makeDefault')}
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${actionClass} text-red-700 dark:text-red-400`}
                      aria-label={t('address:book.removeLabel', { line })}
                      disabled={pending}
                      onClick={() => setRemoving(a)}
                      data-address-delete
                    >
                      {t('address:book.remove')}
                    </button>
                  </div>
                </li>
              );
            })}
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
          onConfirm={() => void remove(removing)}
        />
      )}
    </div>
  );
}
