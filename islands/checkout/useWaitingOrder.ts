// The checkout's waiting order (docs/offline.md): an order whose send found no connection waits on
// the device (src/client/pending-order.ts) and the checkout says so (./WaitingOrderDialog.tsx) until
// it goes, once, when the connection returns (the 'online' event, or a retry every RETRY_MS while
// the browser believes it is online), or the customer sends it by hand or cancels it. A checkout
// opened while the store has a waiting order shows it too.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartLine } from '../../src/domain/cart.ts';
import type { OrderTotals } from '../../src/domain/order-pricing.ts';
import { cancelPendingOrder, PENDING_ORDER_CHANGED, pendingOrderStorageKey, readPendingOrder } from '../../src/client/pending-order.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import type { EstablishmentView } from '../../src/schemas/views.ts';
import type { CartStore } from '../stores/cart.ts';
import { sendWaitingOrder } from './send.ts';

/** While the order waits and the browser says it is online, it is tried again this often. */
const RETRY_MS = 15_000;

export interface WaitingOrderState {
  waiting: boolean;
  /** A send is under way (the buttons wait for it). */
  trying: boolean;
  /** The send found no connection: the order now waits. */
  began(): void;
  sendNow(): void;
  cancel(): void;
}

export function useWaitingOrder(args: {
  store: CartStore;
  establishment: EstablishmentView;
  lines: readonly CartLine[];
  totals: OrderTotals;
}): WaitingOrderState {
  const estId = args.establishment._id;
  const [waiting, setWaiting] = useState(() => readPendingOrder(estId) !== null);
  const [trying, setTrying] = useState(false);
  // The latest lines and totals, for the purchase tracked once it goes.
  const latest = useRef(args);
  latest.current = args;
  const busy = useRef(false);

  const attempt = useCallback(async (told: boolean) => {
    if (busy.current) return;
    busy.current = true;
    setTrying(true);
    try {
      const outcome = await sendWaitingOrder({ ...latest.current, told });
      if (outcome === 'gone') setWaiting(false);
      // 'sent': the order page is loading; the dialog stays until it does.
    } finally {
      busy.current = false;
      setTrying(false);
    }
  }, []);

  useEffect(() => {
    if (!waiting) return;
    const online = () => void attempt(false);
    // Sent, or cancelled, in another tab (or by the page's own bar): nothing waits any more.
    const follow = () => {
      if (readPendingOrder(estId) === null) setWaiting(false);
    };
    const storage = (e: StorageEvent) => {
      if (e.key === pendingOrderStorageKey(estId)) follow();
    };
    addEventListener('online', online);
    addEventListener('storage', storage);
    addEventListener(PENDING_ORDER_CHANGED, follow);
    const id = window.setInterval(() => {
      if (navigator.onLine) online();
    }, RETRY_MS);
    return () => {
      removeEventListener('online', online);
      removeEventListener('storage', storage);
      removeEventListener(PENDING_ORDER_CHANGED, follow);
      window.clearInterval(id);
    };
  }, [waiting, estId, attempt]);

  return {
    waiting,
    trying,
    began: () => setWaiting(true),
    sendNow: () => void attempt(true),
    cancel: () => {
      cancelPendingOrder(estId);
      setWaiting(false);
      toast(t('offline:waiting.cancelled'), { kind: 'info' });
    },
  };
}
