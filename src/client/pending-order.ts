// A waiting order (docs/offline.md 'An order sent offline waits'): an order whose send never
// reached the server for lack of connection, kept in localStorage under
// `pending-order:<establishmentId>` with its Idempotent-Key and its body exactly as they were sent,
// and sent again, once, when the connection returns (the checkout's 'online' listener and retry,
// or the next store page: src/page-scripts/offline.ts). Sent under a Web Lock named after it and
// read again inside the lock, so two tabs never send it twice; and were it sent twice anyway, the
// same key makes the server answer the same order (docs/api.md 'Idempotency'). Cards never wait
// (src/domain/offline-keep.ts sendFailureFate). Vanilla: the checkout island and the page scripts share it.
import { pendingOrderExpired } from '../domain/offline-keep.ts';
import type { OrderBody } from '../schemas/api-orders.ts';
import { ApiFailure, call, endsSession } from './api.ts';

export interface PendingOrder {
  establishment_id: string;
  slug: string;
  /** The customer who sent it: it goes only under their session (a logout forgets it: src/client/session.ts clearSession). */
  user_id: string;
  /** The Idempotent-Key of the send that failed: the resend carries it again. */
  key: string;
  body: OrderBody;
  /** When it was kept (epoch ms): after PENDING_ORDER_TTL_MS it is dropped unsent. */
  kept_at: number;
}

/** Told on `window` in this tab when a waiting order is kept, cancelled or sent (other tabs get the 'storage' event). */
export const PENDING_ORDER_CHANGED = 'pending-order:changed';

export function pendingOrderStorageKey(establishmentId: string): string {
  return `pending-order:${establishmentId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function changed(): void {
  window.dispatchEvent(new Event(PENDING_ORDER_CHANGED));
}

/** Keeps an order to send once the connection returns; false when the device cannot keep it (storage refused). */
export function keepPendingOrder(order: PendingOrder): boolean {
  try {
    storage()?.setItem(pendingOrderStorageKey(order.establishment_id), JSON.stringify(order));
  } catch {
    return false;
  }
  changed();
  return readPendingOrder(order.establishment_id) !== null;
}

/** The establishment's waiting order, or null (none, or unreadable: dropped). */
export function readPendingOrder(establishmentId: string): PendingOrder | null {
  const raw = storage()?.getItem(pendingOrderStorageKey(establishmentId));
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Partial<PendingOrder>;
    if (
      o.establishment_id === establishmentId &&
      typeof o.slug === 'string' &&
      typeof o.user_id === 'string' &&
      typeof o.key === 'string' &&
      o.key.length > 0 &&
      typeof o.kept_at === 'number' &&
      o.body &&
      typeof o.body === 'object'
    )
      return o as PendingOrder;
  } catch {
    // unreadable: dropped below
  }
  storage()?.removeItem(pendingOrderStorageKey(establishmentId));
  return null;
}

function drop(establishmentId: string): void {
  storage()?.removeItem(pendingOrderStorageKey(establishmentId));
  changed();
}

/** The customer cancels the waiting order: nothing is sent. */
export function cancelPendingOrder(establishmentId: string): void {
  drop(establishmentId);
}

export type PendingSend =
  | { kind: 'none' }
  | { kind: 'sent'; id: string; order: PendingOrder }
  | { kind: 'offline' }
  | { kind: 'expired' }
  | { kind: 'other_customer' }
  | { kind: 'refused'; failure: ApiFailure };

/**
 * Sends the establishment's waiting order if there is one, with its own key and body: 'sent' (it is
 * gone from the device, and the cart whose order it was is emptied), 'offline' (still no
 * connection: it stays), 'refused' (the server answered no: it is dropped, the cart kept for a new
 * send), 'expired' (too old: dropped unsent) or 'none'.
 */
export async function sendPendingOrder(establishmentId: string): Promise<PendingSend> {
  const run = async (): Promise<PendingSend> => {
    const order = readPendingOrder(establishmentId);
    if (!order) return { kind: 'none' };
    if (pendingOrderExpired(order.kept_at, Date.now())) {
      drop(establishmentId);
      return { kind: 'expired' };
    }
    // Only under the session of the customer who sent it, asked of the server now: this page's
    // memory of the session may be older than the cookie (another tab logged in as someone else).
    let userId: string | null;
    try {
      userId = (await call('GET /users/me', { establishmentId, handlesUnauthorized: true, cache: 'no-store' }))._id;
    } catch (err) {
      // No answer, or a failure that says nothing of the session: it waits for the next try.
      if (!(err instanceof ApiFailure) || !endsSession(err)) return { kind: 'offline' };
      userId = null;
    }
    if (userId !== order.user_id) {
      drop(establishmentId);
      return { kind: 'other_customer' };
    }
    try {
      const res = await call('POST /establishments/:id/orders', {
        params: { id: establishmentId },
        body: order.body,
        establishmentId,
        idempotentKey: order.key,
      });
      dropDraftOf(order);
      drop(establishmentId);
      return { kind: 'sent', id: res._id, order };
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 0) return { kind: 'offline' };
      if (!(err instanceof ApiFailure)) throw err;
      drop(establishmentId);
      return { kind: 'refused', failure: err };
    }
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? ((await locks.request(pendingOrderStorageKey(establishmentId), run)) as PendingSend) : run();
}

/** The cart (islands/stores/cart.ts, `draft:<id>`) whose order this was is emptied, as a normal send does. */
function dropDraftOf(order: PendingOrder): void {
  const key = `draft:${order.establishment_id}`;
  try {
    const draft = JSON.parse(storage()?.getItem(key) ?? 'null') as { idempotent_key?: unknown } | null;
    if (draft?.idempotent_key === order.key) storage()?.removeItem(key);
  } catch {
    // an unreadable draft is the cart's own business
  }
}
