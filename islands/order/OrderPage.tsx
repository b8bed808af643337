// The order page island (/{slug}/pedido/{id}, decisions #24): the customer's own
// order, followed without a reload (./useOrder.ts: the socket, the tab's visibility, polling while
// the socket is down, ETags). A registered order can be cancelled with the confirmation and a reason
// . Visitors get the login link (coming back here); someone else's order reads as
// not found. An order paid by Pix gets its 'Pague com Pix' block (./PixPayment.tsx, loaded only for
// such an order), which follows the order's payment as the page reads it again; an order paid
// online says, before it is cancelled, that its amount goes back, and then shows the refund.
import { Suspense, useEffect, useRef, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { OrderPageProps } from '../../src/schemas/island-props.ts';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { OrderFollowUp } from './OrderFollowUp.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { ReorderButton, isPast } from './ReorderButton.tsx';
import type { OrderView } from './order-api.ts';
import { FINAL_STATUSES, useOrder } from './useOrder.ts';
import { routes } from '../../src/lib/urls.ts';
import './i18n.ts';
import { Button, buttonClass } from '../shared/Button.tsx';
import { lazyWithReload } from '../shared/lazy.ts';

// The Pix block (its QR code, countdown and clipboard) comes only with an order paid by Pix.
const PixPayment = lazyWithReload(() => import('./PixPayment.tsx'));

/** Whether the order has a Pix to pay, or one just paid, to show above it (not once it is complete or cancelled). */
function showsPix(order: OrderView): boolean {
  if (order.payment_type !== 'pix' || FINAL_STATUSES.has(order.status)) return false;
  return order.payment.status === 'awaiting' || order.payment.status === 'paid';
}

export default function OrderPage({ establishmentId, slug, orderId, timeZone }: OrderPageProps) {
  const { state, announcement, phone, refresh, retry, cancellation } = useOrder(establishmentId, orderId);
  const [hydrated, setHydrated] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);

  const home = `/${slug}/`;
  const ordersUrl = routes.orders(slug);
  const here = routes.order(slug, orderId);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-order-page data-hydrated={hydrated || undefined} data-state={state.kind}>
      <p className="sr-only" role="status" aria-live="polite" data-order-announcement>
        {announcement}
      </p>
      {state.kind === 'loading' && (
        <p className="m-0 py-8 text-center text-muted" role="status">
          {t('order:page.loading')}
        </p>
      )}
      {state.kind === 'visitor' && (
        <section className="rounded-xl border border-solid border-line bg-card p-6 text-center" data-order-visitor>
          <h1 className="m-0 mb-2 text-xl font-bold text-ink">{t('order:page.loginTitle')}</h1>
          <p className="m-0 mb-4 text-muted">{t('order:page.loginText')}</p>
          <a href={`/${slug}/minha-conta?voltar=${encodeURIComponent(here)}`} className={buttonClass('primary', 'large')} data-order-login>
            {t('order:page.login')}
          </a>
        </section>
      )}
      {state.kind === 'not_found' && (
        <section className="rounded-xl border border-solid border-line bg-card p-6 text-center" data-order-not-found>
          <h1 className="m-0 mb-2 text-xl font-bold text-ink">{t('order:page.notFoundTitle')}</h1>
          <p className="m-0 mb-4 text-muted">{t('order:page.notFoundText')}</p>
          <a href={ordersUrl} className="font-semibold text-brand">
            {t('order:page.myOrders')}
          </a>
        </section>
      )}
      {state.kind === 'failed' && (
        <section className="flex flex-col items-center gap-3 rounded-xl border border-solid border-line bg-card p-6 text-center" data-order-failed>
          <p className="m-0 text-ink">{t('order:page.loadFailed')}</p>
          <Button variant="secondary" size="compact" onClick={retry}>
            {t('order:page.retry')}
          </Button>
        </section>
      )}
      {state.kind === 'order' && (
        <>
          {showsPix(state.order) && (
            <Suspense
              fallback={
                <p className="m-0 rounded-xl border border-solid border-line bg-card p-4 text-muted" data-pix-placeholder>
                  {t('order:pix.placeholder')}
                </p>
              }
            >
              <PixPayment establishmentId={establishmentId} order={state.order} timeZone={timeZone} onStale={refresh} />
            </Suspense>
          )}
          <article className="rounded-xl border border-solid border-line bg-card p-4 md:p-6" data-order={state.order._id}>
            <OrderDetails order={state.order} timeZone={timeZone} />
          </article>
          <OrderFollowUp establishmentId={establishmentId} slug={slug} order={state.order} phone={phone} timeZone={timeZone} />
          {isPast(state.order) && <ReorderButton establishmentId={establishmentId} order={state.order} size="small" />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap gap-4">
              <a href={ordersUrl} className="font-semibold text-brand" data-order-list-link>
                {t('order:page.myOrders')}
              </a>
              <a href={home} className="font-semibold text-brand">
                {t('order:page.backToMenu')}
              </a>
            </div>
            {state.order.status === 'registered' && (
              <Button ref={cancelButton} variant="danger" size="compact" onClick={cancellation.start} data-order-cancel>
                {t('order:cancel.button')}
              </Button>
            )}
          </div>
        </>
      )}
      {cancellation.open && state.kind === 'order' && (
        <CancelOrderDialog order={state.order} busy={cancellation.busy} onBack={cancellation.back} onConfirm={(reason) => void cancellation.confirm(reason)} />
      )}
    </div>
  );
}
