// The cart modal's notice (./CartModal.tsx): the establishment takes no orders, or is
// closed (with its next opening) and either does not schedule or takes scheduled orders only.
import { t } from '../../src/i18n/index.ts';
import { openingText } from '../../src/i18n/messages.ts';
import type { Ordering } from './useOrdering.ts';

/** Why the order cannot be finished now, or that it can only be scheduled; nothing while open. */
export function OrderingNotice({ ordering }: { ordering: Ordering }) {
  if (ordering.state === 'open') return null;
  if (ordering.state === 'unavailable') {
    return (
      <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" role="status" data-cart-unavailable-notice>
        {t('cart:modal.unavailableNotice')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-cart-notice={ordering.state}>
      <p className="m-0" data-cart-closed-notice>
        {ordering.state === 'closed' ? t('cart:modal.closedNoScheduleNotice') : t('cart:modal.closedNotice')}
      </p>
      {ordering.opens && (
        <p className="m-0 font-semibold" data-cart-next-opening>
          {openingText(ordering.opens)}
        </p>
      )}
    </div>
  );
}
