// The order calls of the order page and the account's order list. Reading one order goes through
// fetch directly rather than src/client/api.ts: the page polls it with If-None-Match, and an
// unchanged order answers 304 with no body, which api() would take for a failure.
import { api } from '../../src/client/api.ts';
import type { OrdersListAnswer, OrderView } from '../../src/schemas/api-orders.ts';
import { API_HEADERS, ESTABLISHMENT_HEADER } from '../../src/schemas/api-headers.ts';

export type { OrderView } from '../../src/schemas/api-orders.ts';

export type OrderRead =
  | { kind: 'order'; order: OrderView; etag: string | null }
  | { kind: 'unchanged' }
  | { kind: 'unauthorized' }
  | { kind: 'not_found' }
  | { kind: 'failed'; status: number };

/** GET /establishments/{id}/orders/{orderId}, conditional on the ETag held. */
export async function readOrder(establishmentId: string, orderId: string, etag: string | null, signal?: AbortSignal): Promise<OrderRead> {
  const headers: Record<string, string> = { ...API_HEADERS, Accept: 'application/json', [ESTABLISHMENT_HEADER]: establishmentId };
  if (etag) headers['If-None-Match'] = etag;
  let res: Response;
  try {
    res = await fetch(`/api/establishments/${encodeURIComponent(establishmentId)}/orders/${encodeURIComponent(orderId)}`, {
      headers,
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'failed', status: 0 };
  }
  if (res.status === 304) return { kind: 'unchanged' };
  if (res.status === 401) return { kind: 'unauthorized' };
  // Someone else's order is answered like a missing one.
  if (res.status === 404 || res.status === 403 || res.status === 400) return { kind: 'not_found' };
  if (!res.ok) return { kind: 'failed', status: res.status };
  const order = (await res.json().catch(() => null)) as OrderView | null;
  if (!order || typeof order !== 'object' || !order._id) return { kind: 'failed', status: res.status };
  return { kind: 'order', order, etag: res.headers.get('ETag') };
}

/** The customer cancels a registered order with a reason; 409 order_cannot_be_canceled otherwise. */
export function cancelOrder(establishmentId: string, orderId: string, reason: string): Promise<OrderView | undefined> {
  return api<OrderView | undefined>(`/establishments/${encodeURIComponent(establishmentId)}/orders/${encodeURIComponent(orderId)}/status`, {
    method: 'PUT',
    body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: reason },
    establishmentId,
  });
}

/** The customer's orders, newest first. */
export function listOrders(establishmentId: string, page: number, limit: number): Promise<OrdersListAnswer> {
  const params = new URLSearchParams({ sort: '-order', page: String(page), limit: String(limit) });
  return api<OrdersListAnswer>(`/establishments/${encodeURIComponent(establishmentId)}/orders?${params}`, { establishmentId });
}
