// One saved address in 'Meus endereços' (./AddressBook.tsx): its place, line and reference, the
// default badge, whether this establishment delivers there, and its actions (edit, make it the
// default, delete), each labelled with the address for screen readers.
import { addressLineText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import { PlaceIcon } from '../address/PlaceIcon.tsx';
import type { AddressWithDelivery } from '../address/types.ts';

/** The look of an address action (and of the list's retry). */
export const actionClass =
  'cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-wait disabled:opacity-60';

export interface AddressEntryProps {
  address: AddressWithDelivery;
  /** An action runs on this address: its buttons wait. */
  pending: boolean;
  onEdit: (opener: HTMLElement) => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}

export function AddressEntry({ address: a, pending, onEdit, onMakeDefault, onRemove }: AddressEntryProps) {
  const line = addressLineText(a);
  return (
    <li
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
          onClick={(event) => onEdit(event.currentTarget)}
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
            onClick={onMakeDefault}
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
          onClick={onRemove}
          data-address-delete
        >
          {t('address:book.remove')}
        </button>
      </div>
    </li>
  );
}
