// The order page island (/{slug}/pedido/{id}, decisions #24): the customer's own
// order, followed without a reload: read again at once when the live-updates socket says it changed
// (islands/order/useLiveOrders.ts) or the tab becomes visible, and every 10 s while the socket is
// down (spec section 9 'order checks 10 s'), conditional on the ETag so an unchanged order costs a
// 304. Polling stops once the order is complete or canceled. A registered order can be cancelled with
// the confirmation and a reason; 409 says it no longer can. Visitors
// get the login link (coming back here); someone else's order reads as not found. Failures follow
// islands/shared/call-failure.ts: the first read is the page's required data (the error page
// ), a failed poll is only logged and keeps what is shown. An order paid by Pix
// gets its 'Pague com Pix' block (./PixPayment.tsx, loaded only for such an order), which follows the
// order's payment as the page reads it again; an order paid online says, before it is cancelled,
// that its amount goes back, and then shows the refund.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLiveOrders } from './useLiveOrders.ts';
import { getSession, onSessionChange, type SessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import type { OrderPageProps } from '../../src/schemas/island-props.ts';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { OrderFollowUp } from './OrderFollowUp.tsx';
import { OrderDetails, paymentStatusLabel, statusLabel } from './OrderDetails.tsx';
import { cancelOrder, readOrder, type OrderView } from './order-api.ts';
import { routes } from '../../src/lib/urls.ts';
import './i18n.ts';
import { Button, buttonClass } from '../shared/Button.tsx';

export const ORDER_POLL_MS = 10_000;

// The Pix block (its QR code, countdown and clipboard) comes only with an order paid by Pix.
const PixPayment = lazy(() => import('./PixPayment.tsx'));

type State = { kind: 'loading' } | { kind: 'visitor' } | { kind: 'not_found' } | { kind: 'failed' } | { kind: 'order'; order: OrderView };

const FINAL: ReadonlySet<OrderView['status']> = new Set(['complete', 'canceled']);

/** Whether the order has a Pix to pay, or one just paid, to show above it (not once it is complete or cancelled). */
function showsPix(order: OrderView): boolean {
  if (order.payment_type !== 'pix' || FINAL.has(order.status)) return false;
  return order.payment.status === 'awaiting' || order.payment.status === 'paid';
}

const WHO: CallPolicy = { call: 'GET /users/me (order page)', role: 'required' };
const FIRST_READ: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId}', role: 'required' };
const POLL: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId} (poll)', role: 'background' };
const CANCEL: CallPolicy = {
  call: 'PUT /establishments/{id}/orders/{orderId}/status',
  role: 'action',
  catalogue: (failure) => (failure.status === 409 ? { key: 'order:cancel.cannot' } : null),
  fallback: { key: 'order:cancel.failed' },
};

export default function OrderPage({ establishmentId, slug, orderId, timeZone }: OrderPageProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [hydrated, setHydrated] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [cancelBusy, setCancelBusy] = useState(false);
  /** The customer's phone, for the WhatsApp updates ('' until known). */
  const [phone, setPhone] = useState('');
  const etag = useRef<string | null>(null);
  const shown = useRef<OrderView | null>(null);
  const inFlight = useRef(false);
  const readAgain = useRef(false);
  const cancelButton = useRef<HTMLButtonElement>(null);

  const show = useCallback((order: OrderView, tag: string | null) => {
    const before = shown.current;
    if (before && before.status !== order.status) setAnnouncement(t('order:view.statusChanged', { status: statusLabel(order.status) }));
    else if (before && before.payment.status !== order.payment.status) {
      const payment = paymentStatusLabel(order);
      if (payment) setAnnouncement(t('order:view.paymentChanged', { status: payment }));
    }
    shown.current = order;
    etag.current = tag;
    setState({ kind: 'order', order });
  }, []);

  const refresh = useCallback(async () => {
    // A change announced while a read is under way is read again right after it: the read in
    // flight may have left the server before the change.
    if (inFlight.current) {
      readAgain.current = true;
      return;
    }
    inFlight.current = true;
    readAgain.current = false;
    try {
      const read = await readOrder(establishmentId, orderId, etag.current);
      if (read.kind === 'order') show(read.order, read.etag);
      else if (read.kind === 'not_found') setState({ kind: 'not_found' });
    } catch (err) {
      // A failed poll keeps what is shown; a first read that fails leaves for the error page, or
      // (offline, silent) says so here with a retry.
      const outcome = reportFailure(err, shown.current ? POLL : FIRST_READ);
      if (outcome.kind === 'session_ended') setState({ kind: 'visitor' });
      else if (!shown.current && outcome.kind !== 'error_page' && outcome.kind !== 'aborted') setState({ kind: 'failed' });
    } finally {
      inFlight.current = false;
      if (readAgain.current) void refreshRef.current();
    }
  }, [establishmentId, orderId, show]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // Who is looking: a visitor gets the login link, a customer the order.
  useEffect(() => {
    setHydrated(true);
    const decide = (user: SessionUser | null) => {
      setPhone(user?.phone ?? '');
      if (user) void refresh();
      else setState({ kind: 'visitor' });
    };
    const off = onSessionChange(decide);
    getSession(establishmentId).then(decide, (err: unknown) => {
      if (reportFailure(err, WHO).kind !== 'error_page') setState({ kind: 'failed' });
    });
    return off;
  }, [establishmentId, refresh]);

  const status = state.kind === 'order' ? state.order.status : null;
  const following = status !== null && !FINAL.has(status);

  // Follow the status: at once over the live-updates socket (this order's events, and a full read
  // after a reconnection), at once when the tab becomes visible, and every 10 s while the tab is
  // visible and the socket is down.
  const live = useLiveOrders(establishmentId, (changed) => {
    if (shown.current && (changed === undefined || changed === orderId)) void refresh();
  });
  useEffect(() => {
    if (!following) return;
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const id = live ? undefined : window.setInterval(tick, ORDER_POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [following, live, refresh]);

  async function confirmCancel(reason: string) {
    setCancelBusy(true);
    try {
      const updated = await cancelOrder(establishmentId, orderId, reason);
      toast(t('order:cancel.done'), { kind: 'success' });
      setCancelling(false);
      if (updated && typeof updated === 'object' && updated._id) show(updated, null);
      else {
        etag.current = null;
        await refresh();
      }
    } catch (err) {
      setCancelling(false);
      const outcome = reportFailure(err, CANCEL);
      // Whatever refused the cancellation, the page shows the order as it is now.
      if (outcome.kind !== 'session_ended' && outcome.kind !== 'aborted') {
        etag.current = null;
        await refresh();
      }
    } finally {
      setCancelBusy(false);
    }
  }

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
          <Button
            variant="secondary"
            size="compact"
            onClick={() => {
              setState({ kind: 'loading' });
              void getSession(establishmentId).then(
                (u) => (u ? refresh() : setState({ kind: 'visitor' })),
                (err: unknown) => {
                  if (reportFailure(err, WHO).kind !== 'error_page') setState({ kind: 'failed' });
                },
              );
            }}
          >
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
              <PixPayment establishmentId={establishmentId} order={state.order} timeZone={timeZone} onStale={() => void refreshRef.current()} />
            </Suspense>
          )}
          <article className="rounded-xl border border-solid border-line bg-card p-4 md:p-6" data-order={state.order._id}>
            <OrderDetails order={state.order} timeZone={timeZone} />
          </article>
          <OrderFollowUp establishmentId={establishmentId} slug={slug} order={state.order} phone={phone} timeZone={timeZone} />
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
              <Button ref={cancelButton} variant="danger" size="compact" onClick={() => setCancelling(true)} data-order-cancel>
                {t('order:cancel.button')}
              </Button>
            )}
          </div>
        </>
      )}
      {cancelling && state.kind === 'order' && (
        <CancelOrderDialog order={state.order} busy={cancelBusy} onBack={() => setCancelling(false)} onConfirm={(reason) => void confirmCancel(reason)} />
      )}
    </div>
  );
}
