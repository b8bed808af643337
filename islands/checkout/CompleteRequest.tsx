// The complete-request modal [R-2.48, spec screen 3]. Logged out: the 'authentication needed'
// message and the check-order footer. Logged in: the customer's checkout,
// ./CustomerCheckout.tsx (delivery, schedule, payment, the optional coupon and achievement, the
// summary, the products and the send-order bar 'Total a pagar' / 'Avançar e Finalizar').
import { useId } from 'react';
import type { SessionUser } from '../../src/client/session.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { CheckOrderFooter } from '../cart/CheckOrderFooter.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import type { StoreIsland } from '../../src/client/store-island.ts';
import type { CheckoutContext } from './context.ts';
import { CustomerCheckout } from './CustomerCheckout.tsx';
import './i18n.ts';

export interface CompleteRequestProps {
  store: CartStore;
  island: StoreIsland;
  ctx: CheckoutContext;
  user: SessionUser | null;
  opener: HTMLElement | null;
  onClose: () => void;
  /** Reopens the extras modal (only when the establishment has order variations). */
  onEditExtras: (() => void) | null;
}

export function CompleteRequest(props: CompleteRequestProps) {
  const titleId = useId();
  const { store, island, user, opener, onClose } = props;
  if (!user) {
    return (
      <Dialog
        fullScreen
        titleId={titleId}
        title={t('checkout:modal.title')}
        onClose={onClose}
        opener={opener}
        footer={<CheckOrderFooter store={store} island={island} checkoutBlocked={null} />}
        hook={{ 'data-checkout': 'visitor' }}
      >
        <div className="mx-auto flex max-w-xl flex-col gap-2 p-6 text-center" data-checkout-auth>
          <h3 className="m-0 text-lg font-bold">{t('checkout:modal.authTitle')}</h3>
          <p className="m-0 text-muted">{t('checkout:modal.authText')}</p>
        </div>
      </Dialog>
    );
  }
  return <CustomerCheckout {...props} user={user} titleId={titleId} />;
}
