// The live-updates channel a page holds (docs/api.md 'Live updates' ): where it connects
// and the messages it receives. No schema library here: the page scripts import these constants,
// and pages never send anything on the socket (the server ignores what they send).
import type { OrderStatus } from './api-orders.ts';
import type { OrderStep } from '../domain/order-lifecycle.ts';

/** The socket path follows partysocket's URL scheme: /parties/<party>/<room>, room = establishment id. */
export const LIVE_PARTY = 'establishment';
export const LIVE_PATH_PREFIX = `/parties/${LIVE_PARTY}/`;

/**
 * What a page receives:
 * - 'updated': the establishment's catalogue, preferences, hours or open state changed and its
 *   pages are rendered again already: the page offers a reload. Carries nothing else.
 * - 'order': one of the connected customer's own orders changed (sent to that customer's sockets
 *   only). The page reads the order again through the API; the message carries no personal data.
 * - 'resync': the server may have missed events (its connection to the event bus dropped): read
 *   again what is shown.
 */
export type LiveMessage =
  | { type: 'updated' }
  | { type: 'order'; order_id: string; status: OrderStatus; step: OrderStep; updated_at: string }
  | { type: 'resync' };
