// The check-order footer [R-2.62..R-2.66]: a visitor gets the login-or-register link to
// /{slug}/minha-conta [R-2.63] and no 'Finalizar pedido' [R-1.20]; a logged-in customer gets the
// summary bar ('{n} produto(s)', 'R$ 1.234,50') and 'Finalizar pedido', disabled with a tooltip
// while the establishment is closed and cannot schedule (decisions #5) or takes no orders at all. The button opens the
// checkout (extras, then the complete-request modal); pressing it starts loading the checkout
// chunk so the modal opens at once.
import { useId } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { useSession } from '../shared/useSession.ts';
import { useSignalValue } from './hooks.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { Button, buttonClass } from '../shared/Button.tsx';

export function CheckOrderFooter({
  store,
  island,
  checkoutBlocked,
  onCheckout,
}: {
  store: CartStore;
  island: StoreIsland;
  /** Why the checkout cannot start now (the cart modal's notice says it in full), or null. */
  checkoutBlocked: 'closed' | 'unavailable' | 'sold_out' | null;
  onCheckout?: () => void;
}) {
  const session = useSession(island.id);
  const count = useSignalValue(store.count);
  const total = useSignalValue(store.totalCents);
  const tipId = useId();

  if (session.status === 'loading') return <div className="h-12" aria-busy="true" data-check-order="loading" />;
  if (!session.user) {
    return (
      <div className="flex justify-center" data-check-order="visitor">
        <a href={`/${island.slug}/minha-conta`} className={buttonClass('primary', 'bar', 'w-full text-center')} data-cart-login>
          {t('cart:footer.login')}
        </a>
      </div>
    );
  }
  const empty = count === 0;
  const disabled = checkoutBlocked !== null || empty;
  const tip =
    checkoutBlocked === 'unavailable'
      ? t('cart:footer.unavailableTooltip')
      : checkoutBlocked === 'closed'
        ? t('cart:footer.closedTooltip')
        : checkoutBlocked === 'sold_out'
          ? t('cart:soldOut.checkoutTooltip')
          : empty
            ? t('cart:footer.emptyTooltip')
            : null;
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-center" data-check-order="customer">
      {/* biome-ignore lint/a11y/useSemanticElements: a summary of figures, not form controls (fieldset) */}
      <div
        className="flex flex-1 items-center justify-between gap-3 rounded-xl bg-surface px-4 py-2"
        aria-label={t('cart:footer.summary')}
        role="group"
        data-cart-summary
      >
        <span className="text-sm" data-cart-summary-count>
          {t('cart:count', { count })}
        </span>
        <span className="text-lg font-bold tabular-nums" data-cart-summary-total>
          {formatBRL(total)}
        </span>
      </div>
      <span className="relative flex md:w-56" title={tip ?? undefined}>
        <Button
          size="bar"
          className="w-full"
          disabled={disabled}
          aria-describedby={tip ? tipId : undefined}
          onPointerDown={() => void import('../checkout/CheckoutFlow.tsx').catch(() => undefined)}
          onClick={() => onCheckout?.()}
          data-cart-checkout
        >
          {t('cart:footer.checkout')}
        </Button>
      </span>
      {tip && (
        <p id={tipId} className={checkoutBlocked ? 'm-0 text-center text-xs text-muted md:hidden' : 'sr-only'} data-cart-checkout-tip>
          {tip}
        </p>
      )}
    </div>
  );
}
