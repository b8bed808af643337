// 'Como você quer receber?': the delivery types every cart product and
// the establishment allow, each with its time, and for delivery the customer's addresses
// (../address/AddressPicker.tsx, loaded only when delivery is chosen, with the map behind its
// modal) and the fee of the chosen one.
import { Suspense, useId } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { deliveryTime } from './model.ts';
import type { CheckoutState } from './useCheckout.ts';
import './i18n.ts';
import { lazyWithReload } from '../shared/lazy.ts';

// The address picker (and, through its modal, the map) loads only when delivery is chosen.
const AddressPicker = lazyWithReload(() => import('../address/AddressPicker.tsx').then((m) => ({ default: m.AddressPicker })));

export function DeliverySection({ checkout, store, island }: { checkout: CheckoutState; store: CartStore; island: StoreIsland }) {
  const headingId = useId();
  const { draft, allowed, prefs, totals, refs, pickType, selectAddress, table, leaveTable } = checkout;
  const type = draft.delivery_type;
  return (
    <section ref={refs.delivery} tabIndex={-1} aria-labelledby={headingId} className="flex flex-col gap-3 outline-none" data-section="delivery">
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:delivery.title')}
      </h3>
      {table && (
        <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-checkout-table>
          <strong>{t('checkout:delivery.table', { number: table.number })}</strong>
          <span className="text-muted">{t('checkout:delivery.tableHint', { number: table.number })}</span>
          <button type="button" className="ml-auto cursor-pointer border-0 bg-transparent p-0 font-semibold text-brand underline" onClick={leaveTable}>
            {t('checkout:delivery.leaveTable')}
          </button>
        </p>
      )}
      {allowed.length === 0 ? (
        <p className="m-0 text-sm text-red-800">{t('checkout:delivery.none')}</p>
      ) : (
        <div role="radiogroup" aria-labelledby={headingId} className="flex flex-wrap gap-2">
          {allowed.map((option) => {
            const time = deliveryTime(prefs, option)!;
            return (
              <label
                key={option}
                className={`flex min-w-36 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-solid px-3 py-2 ${type === option ? 'border-brand bg-surface' : 'border-line'}`}
                data-delivery-option={option}
              >
                <input
                  type="radio"
                  name="delivery-type"
                  value={option}
                  className="h-5 w-5 accent-[var(--c-primary)]"
                  checked={type === option}
                  onChange={() => pickType(option)}
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{t(`checkout:delivery.${option}`)}</span>
                  <span className="text-xs text-muted">
                    {t(option === 'delivery' ? 'checkout:delivery.deliveryTime' : 'checkout:delivery.pickupTime', time)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {type === 'delivery' && (
        <section
          ref={refs.address}
          tabIndex={-1}
          aria-label={t('checkout:delivery.addressTitle')}
          className="flex flex-col gap-2 outline-none"
          data-section="address"
        >
          <h4 className="m-0 text-sm font-bold">{t('checkout:delivery.addressTitle')}</h4>
          <Suspense fallback={<p className="m-0 text-sm text-muted">{t('checkout:delivery.addressLoading')}</p>}>
            <AddressPicker
              island={island}
              selectedId={draft.delivery_address?._id ?? null}
              onSelect={selectAddress}
              onOutsideRadius={() => store.setDeliveryAddress(null, null)}
            />
          </Suspense>
          {draft.delivery_address && (
            <p className="m-0 text-sm" data-delivery-fee>
              {draft.delivery_tax === null
                ? t('checkout:delivery.feeLoading')
                : t('checkout:delivery.fee', { fee: totals.delivery_fee_waived ? t('checkout:summary.deliveryFeeFree') : formatBRL(draft.delivery_tax) })}
            </p>
          )}
        </section>
      )}
    </section>
  );
}
