// The order page's data: the customer's own order, followed without a reload. Read
// again at once when the live-updates socket says it changed (./useLiveOrders.ts) or the tab
// becomes visible, and every 10 s while the socket is down (spec section 9 'order checks 10 s'),
// conditional on the ETag so an unchanged order costs a 304. Polling stops once the order is
// complete or canceled. Visitors get 'visitor' (the page shows the login link); someone else's
// order reads as not found. Failures follow islands/shared/call-failure.ts: the first read is the
// page's required data (the error page ), a failed poll is only logged and keeps what is
// shown. A registered order can be cancelled with a reason; 409 says it
// no longer can, and whatever refused it, the page then shows the order as it is now.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSession, onSessionChange, type SessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { paymentStatusLabel } from './OrderPayment.tsx';
import { statusLabel } from './OrderStatus.tsx';
import { cancelOrder, readOrder, type OrderView } from './order-api.ts';
import { useLiveOrders } from './useLiveOrders.ts';

export const ORDER_POLL_MS = 10_000;

export type OrderState = { kind: 'loading' } | { kind: 'visitor' } | { kind: 'not_found' } | { kind: 'failed' } | { kind: 'order'; order: OrderView };

export const FINAL_STATUSES: ReadonlySet<OrderView['status']> = new Set(['complete', 'canceled']);

const WHO: CallPolicy = { call: 'GET /users/me (order page)', role: 'required' };
const FIRST_READ: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId}', role: 'required' };
const POLL: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId} (poll)', role: 'background' };
const CANCEL: CallPolicy = {
  call: 'PUT /establishments/{id}/orders/{orderId}/status',
  role: 'action',
  catalogue: (failure) => (failure.status === 409 ? { key: 'order:cancel.cannot' } : null),
  fallback: { key: 'order:cancel.failed' },
};

export interface OrderCancellation {
  /** Whether the confirmation dialog is open. */
  open: boolean;
  busy: boolean;
  start(): void;
  back(): void;
  confirm(reason: string): Promise<void>;
}

export interface UseOrder {
  state: OrderState;
  /** What a screen reader hears when the status or the payment changes ('' until then). */
  announcement: string;
  /** The customer's phone, for the WhatsApp updates ('' until known). */
  phone: string;
  /** Reads the order again now (the Pix block asks when its payment may have changed). */
  refresh(): void;
  /** After a failed first read: asks who is looking again, then reads the order. */
  retry(): void;
  cancellation: OrderCancellation;
}

export function useOrder(establishmentId: string, orderId: string): UseOrder {
  const [state, setState] = useState<OrderState>({ kind: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [cancelBusy, setCancelBusy] = useState(false);
  const [phone, setPhone] = useState('');
  const etag = useRef<string | null>(null);
  const shown = useRef<OrderView | null>(null);
  const inFlight = useRef(false);
  const readAgain = useRef(false);

  const show = useCallback((order: OrderView, tag: string | null) => {
    const before = shown.current;
    if (before && before.step !== order.step) setAnnouncement(t('order:view.statusChanged', { status: statusLabel(order) }));
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
  const following = status !== null && !FINAL_STATUSES.has(status);

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

  function retry() {
    setState({ kind: 'loading' });
    void getSession(establishmentId).then(
      (u) => (u ? refresh() : setState({ kind: 'visitor' })),
      (err: unknown) => {
        if (reportFailure(err, WHO).kind !== 'error_page') setState({ kind: 'failed' });
      },
    );
  }

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

  return {
    state,
    announcement,
    phone,
    refresh: () => void refreshRef.current(),
    retry,
    cancellation: { open: cancelling, busy: cancelBusy, start: () => setCancelling(true), back: () => setCancelling(false), confirm: confirmCancel },
  };
}
