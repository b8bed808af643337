// 'Pedir de novo' on a past order: its items go to the cart at today's prices; what changed in
// price and what was left out (with why) is said here, with a way to the cart.
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import type { OrderView } from './order-api.ts';
import { useReorder } from './useReorder.ts';
import './i18n.ts';

/** An order that is over (complete or canceled): the one a customer orders again. */
export function isPast(order: Pick<OrderView, 'status'>): boolean {
  return order.status === 'complete' || order.status === 'canceled';
}

/** Opens the cart as the header's cart button does (the page's cart app answers that button). */
function openCart(): void {
  document.querySelector<HTMLElement>('[data-cart-button]')?.click();
}

export function ReorderButton({
  establishmentId,
  order,
  size = 'compact',
}: {
  establishmentId: string;
  order: Pick<OrderView, '_id' | 'items'>;
  size?: 'compact' | 'small';
}) {
  const { busy, outcome, reorder } = useReorder(establishmentId);
  return (
    <div className="flex flex-col gap-2" data-reorder={order._id}>
      <Button variant="outline" size={size} loading={busy} className="self-start" onClick={() => void reorder(order)} data-reorder-button>
        {busy ? t('order:reorder.busy') : t('order:reorder.button')}
      </Button>
      <div role="status" aria-live="polite">
        {outcome && (
          <div className="flex flex-col gap-1 rounded-lg bg-surface p-3 text-sm text-ink" data-reorder-outcome>
            <p className="m-0 font-semibold" data-reorder-added={outcome.added}>
              {outcome.added > 0 ? t('order:reorder.added', { count: outcome.added }) : t('order:reorder.none')}
            </p>
            {outcome.priceChanges.map((c) => (
              <p key={c.name} className="m-0" data-reorder-price>
                {t('order:reorder.priceChanged', { name: c.name, before: formatBRL(c.before), now: formatBRL(c.now) })}
              </p>
            ))}
            {outcome.dropped.length > 0 && (
              <div data-reorder-dropped>
                <p className="m-0">{t('order:reorder.dropped')}</p>
                <ul className="m-0 pl-5">
                  {outcome.dropped.map((d) => (
                    <li key={d.name}>{t(`order:reorder.reason_${d.reason}`, { name: d.name })}</li>
                  ))}
                </ul>
              </div>
            )}
            {outcome.added > 0 && (
              <Button size="compact" className="mt-1 self-start" onClick={openCart} data-reorder-open-cart>
                {t('order:reorder.openCart')}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
