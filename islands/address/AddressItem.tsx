// One saved address in the checkout's list (./AddressPicker.tsx): a radio with its place icon, line,
// reference and delivery fee (or 'fora da área de entrega', or 'verificando' while its fee is
// asked), and the button that deletes it after a confirmation.
import { addressLineText } from '../../src/i18n/messages.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { PlaceIcon } from './PlaceIcon.tsx';
import type { AddressWithDelivery } from './types.ts';
import './i18n.ts';

export interface AddressItemProps {
  /** The list's id prefix: the radios' group name and the fee's id. */
  uid: string;
  address: AddressWithDelivery;
  checked: boolean;
  /** Its fee is being asked. */
  busy: boolean;
  onPick: () => void;
  onRemove: () => void;
}

export function AddressItem({ uid, address: a, checked, busy, onPick, onRemove }: AddressItemProps) {
  const line = addressLineText(a);
  return (
    <li
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
          onChange={onPick}
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
        onClick={onRemove}
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
}
