// The Pix calls of the order page (spec section 7 'Orders'; docs/api.md 'Pix'):
// POST /pix {order_id} makes the order's charge at the PSP the first time and answers the same
// charge every time after (idempotent), GET /orders/{id}/pix reads it (404 pix_not_found while there
// is none: 'Pix não encontrado!', a silent case ). Made with fetch rather than
// call() (src/client/api.ts) to read the answer's Date header too: the countdown to the charge's expiry runs
// on the server's clock, whatever the phone's says. Their paths, bodies and answers are still the
// route table's; failures are ApiFailure as call()'s are, and a 401 that ends the session goes to
// the session's handler.
import { ApiFailure, reportUnauthorized, routePath } from '../../src/client/api.ts';
import type { PixChargeView } from '../../src/schemas/api-pix.ts';
import type { Answer, Body } from '../../src/schemas/api-routes.ts';
import { API_HEADERS, ESTABLISHMENT_HEADER } from '../../src/schemas/api-headers.ts';

export type { PixChargeView } from '../../src/schemas/api-pix.ts';

export interface PixAnswer {
  charge: PixChargeView;
  /**
   * How far the server's clock is ahead of this browser's, in ms (0 within the Date header's
   * one-second precision): the time left is expires_at - (Date.now() + skewMs).
   */
  skewMs: number;
}

/** The server's clock minus the browser's, from an answer's Date header taken when it arrived. */
export function clockSkew(dateHeader: string | null, receivedAt: number): number {
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (!Number.isFinite(server)) return 0;
  // The header has whole seconds: a difference under two of them is no skew at all.
  const skew = server - receivedAt;
  return Math.abs(skew) < 2000 ? 0 : skew;
}

/** The two Pix routes, each with its body (none for the read). */
type PixCall = { route: 'POST /pix'; body: Body<'POST /pix'> } | { route: 'GET /orders/:id/pix'; params: { id: string } };

async function pixCall(init: PixCall & { establishmentId: string; signal?: AbortSignal }): Promise<PixAnswer> {
  const body = 'body' in init ? init.body : undefined;
  const headers: Record<string, string> = { ...API_HEADERS, Accept: 'application/json', [ESTABLISHMENT_HEADER]: init.establishmentId };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${'params' in init ? routePath(init.route, init.params) : routePath(init.route)}`, {
      method: init.route.split(' ')[0],
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiFailure(0, 'network_error');
  }
  const receivedAt = Date.now();
  const data = (await res.json().catch(() => null)) as (Answer<PixCall['route']> & { message?: string }) | null;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, data?.message ?? 'unknown_error');
    reportUnauthorized(failure);
    throw failure;
  }
  if (!data || typeof data.txid !== 'string' || typeof data.copy_paste !== 'string') throw new ApiFailure(res.status, 'invalid_response');
  return { charge: data, skewMs: clockSkew(res.headers.get('Date'), receivedAt) };
}

/** POST /pix {order_id}: the order's charge, made at the PSP on the first call; 409 pix_expired once the order stopped waiting. */
export function createPixCharge(establishmentId: string, orderId: string, signal?: AbortSignal): Promise<PixAnswer> {
  return pixCall({ route: 'POST /pix', body: { order_id: orderId }, establishmentId, signal });
}

/** GET /orders/{id}/pix: the order's charge as it is now (paid, when, expired). */
export function readPixCharge(establishmentId: string, orderId: string, signal?: AbortSignal): Promise<PixAnswer> {
  return pixCall({ route: 'GET /orders/:id/pix', params: { id: orderId }, establishmentId, signal });
}

/** The time left as the countdown shows it: 'MM:SS' (minutes may pass 59 for a longer charge), never below '00:00'. */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
