// The order calls of the order page and the account's order list. Reading one order goes through
// fetch directly rather than call() (src/client/api.ts): the page polls it with If-None-Match, and an
// unchanged order answers 304 with no body, which call() would take for a failure. Its path and
// answer are still the route table's, its failures ApiFailure all the same, and a 401 that ends the
// session goes to the session's handler as call()'s do (a 401 anywhere leads to the login [R-8.68]).
import { call, ApiFailure, reportUnauthorized, routePath } from '../../src/client/api.ts';
import type { EvaluationBody, OrdersListAnswer, OrderView, WhatsAppBotStatusAnswer, WhatsAppUpdatesAnswer } from '../../src/schemas/api-orders.ts';
import type { Answer } from '../../src/schemas/api-routes.ts';
import { API_HEADERS, ESTABLISHMENT_HEADER } from '../../src/schemas/api-headers.ts';

export type { OrderView } from '../../src/schemas/api-orders.ts';

export type OrderRead = { kind: 'order'; order: OrderView; etag: string | null } | { kind: 'unchanged' } | { kind: 'not_found' };

/** GET /establishments/{id}/orders/{orderId}, conditional on the ETag held; rejects with ApiFailure (status 0 offline). */
export async function readOrder(establishmentId: string, orderId: string, etag: string | null, signal?: AbortSignal): Promise<OrderRead> {
  const headers: Record<string, string> = { ...API_HEADERS, Accept: 'application/json', [ESTABLISHMENT_HEADER]: establishmentId };
  if (etag) headers['If-None-Match'] = etag;
  let res: Response;
  try {
    res = await fetch(`/api${routePath('GET /establishments/:id/orders/:orderId', { id: establishmentId, orderId })}`, {
      headers,
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiFailure(0, 'network_error');
  }
  if (res.status === 304) return { kind: 'unchanged' };
  // Someone else's order is answered like a missing one.
  if (res.status === 404 || res.status === 403 || res.status === 400) return { kind: 'not_found' };
  const body = (await res.json().catch(() => null)) as (Answer<'GET /establishments/:id/orders/:orderId'> & { message?: string }) | null;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, body?.message ?? 'unknown_error');
    reportUnauthorized(failure);
    throw failure;
  }
  if (!body || typeof body !== 'object' || !body._id) throw new ApiFailure(res.status, 'invalid_response');
  return { kind: 'order', order: body, etag: res.headers.get('ETag') };
}

/** The customer cancels a registered order with a reason; 409 order_cannot_be_canceled otherwise. */
export function cancelOrder(establishmentId: string, orderId: string, reason: string): Promise<OrderView | undefined> {
  return call('PUT /establishments/:id/orders/:orderId/status', {
    params: { id: establishmentId, orderId },
    body: { status: 'canceled', cancellation_type: 'client', cancellation_reason: reason },
    establishmentId,
  });
}

/** The customer's orders, newest first. */
export function listOrders(establishmentId: string, page: number, limit: number): Promise<OrdersListAnswer> {
  return call('GET /establishments/:id/orders', { params: { id: establishmentId }, query: { sort: '-order', page, limit }, establishmentId });
}

/** The customer's evaluation of a completed order; answers the order with it. */
export function evaluateOrder(establishmentId: string, orderId: string, ratings: EvaluationBody): Promise<OrderView> {
  return call('PUT /establishments/:id/orders/:orderId/evaluate', {
    params: { id: establishmentId, orderId },
    body: ratings,
    establishmentId,
  });
}

/** Whether the establishment's WhatsApp bot is connected. */
export function whatsAppBotStatus(establishmentId: string): Promise<WhatsAppBotStatusAnswer> {
  return call('GET /amodelivery/whatsapp-bot/:id/status', { params: { id: establishmentId } });
}

/** Whether the order's status changes come on WhatsApp. */
export function readWhatsAppUpdates(establishmentId: string, orderId: string): Promise<WhatsAppUpdatesAnswer> {
  return call('GET /orders/:id/whatsapp-updates', { params: { id: orderId }, establishmentId });
}

/** Turns them on or off. */
export function changeWhatsAppUpdates(establishmentId: string, orderId: string, on: boolean): Promise<WhatsAppUpdatesAnswer> {
  return call('PATCH /orders/:id/whatsapp-updates', {
    params: { id: orderId },
    body: { receive_updates_in_whatsapp: on },
    establishmentId,
  });
}
