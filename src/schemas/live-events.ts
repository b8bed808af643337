// What server processes tell each other through the event bus (src/server/live/bus.ts: in memory
// for one process, PostgreSQL LISTEN/NOTIFY when several share one database). Validated on
// arrival: a notification on the channel is input like any other.
import { type } from 'arktype';
import { ORDER_STATUSES } from './api-orders.ts';
import { ORDER_STEPS } from '../domain/order-lifecycle.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;
const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * - catalogue-changed: an establishment's catalogue, preferences, hours or open state changed in
 *   the database; every process drops what it holds in memory about it.
 * - catalogue-rendered: its pages are rendered again (into `pages_store`); every process tells
 *   its sockets 'updated'. A process whose stored pages live elsewhere drops its own copies.
 * - order: an order was placed or its status changed; the owner's sockets are told.
 * - session-ended: a customer logged out; sockets opened with that session close, and the page
 *   connects again as what it now is.
 * - user-sessions-ended: every session of a customer but `except_token_hash` (null: all of them)
 *   ended at once (a new password, an erased account); their sockets close the same way. One event
 *   of a constant size whatever the number of sessions, so a NOTIFY never outgrows its 8000 bytes.
 * - staff-sessions-ended: a staff member was removed from the team; their panels' sockets close.
 * `origin` names the sending process, which skips what it already did itself.
 */
export const LiveEvent = type({
  kind: "'catalogue-changed'",
  establishment_id: id,
  slug,
  origin: 'string <= 64',
})
  .or({
    kind: "'catalogue-rendered'",
    establishment_id: id,
    slug,
    origin: 'string <= 64',
    pages_store: 'string <= 64',
  })
  .or({
    kind: "'order'",
    establishment_id: id,
    user_id: id,
    order_id: id,
    status: type.enumerated(...ORDER_STATUSES),
    step: type.enumerated(...ORDER_STEPS),
    updated_at: 'string <= 40',
  })
  .or({
    kind: "'session-ended'",
    token_hash: /^[A-Za-z0-9_=+/-]{16,128}$/,
  })
  .or({
    kind: "'user-sessions-ended'",
    user_id: id,
    except_token_hash: type(/^[A-Za-z0-9_=+/-]{16,128}$/).or('null'),
  })
  .or({
    kind: "'staff-sessions-ended'",
    member_id: id,
  });
export type LiveEvent = typeof LiveEvent.infer;
