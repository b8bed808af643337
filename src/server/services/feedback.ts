// What customers tell the establishment from the account area: problem reports (what went wrong,
// optionally which of their orders, and a message) and suggestions (a message) (decisions #28).
// The message rule is the form's (src/domain/feedback.ts); the order must be the customer's own at
// this establishment; a customer sends at most FEEDBACK_HOURLY_LIMIT messages an hour to one
// establishment, so a stuck button or a script cannot bury the establishment's list. The
// establishment reads them with its API key (docs/api.md 'Problem reports and suggestions').
// Also the contact page's anonymous message (POST /establishments/{id}/feedbacks ), which
// anyone may send: limited per client address and per establishment instead.
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { randomId } from '../db/ids.ts';
import { getOrderRow } from '../db/orders-repo.ts';
import { getSenders, insertFeedback, listFeedback, type FeedbackRowWithOrder } from '../db/feedback-repo.ts';
import { insertFeedback as insertContactMessage } from '../db/catalogue-repo.ts';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, feedbackMessageError, isReportTopic, type FeedbackKind } from '../../domain/feedback.ts';
import type { FeedbackListAnswer, FeedbackView } from '../../schemas/api-feedback.ts';
import { Refusal, invalidBody } from './refusal.ts';
import { limitAddress, hitOrRefuse, type Limit } from './rate-limit.ts';

/** Most messages (reports and suggestions together) one customer sends one establishment in an hour. */
export const FEEDBACK_HOURLY_LIMIT = 10;
const HOUR_SECONDS = 60 * 60;

/** Most contact messages one client address sends in an hour (to any establishment). */
export const CONTACT_MESSAGES_PER_ADDRESS_HOURLY = 10;
/**
 * Most contact messages one establishment takes in an hour from everyone together: what a flood
 * from many addresses can add to its list (and to the table) stays bounded.
 */
export const CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY = 60;

const MESSAGE_PROBLEMS = {
  required: 'message must not be blank',
  message_too_short: `message must have at least ${FEEDBACK_MESSAGE_MIN} characters once trimmed`,
  message_too_long: `message must have at most ${FEEDBACK_MESSAGE_MAX} characters once trimmed`,
} as const;

function feedbackView(row: FeedbackRowWithOrder, sender?: { name: string; email: string; phone: string }): FeedbackView {
  const view: FeedbackView = {
    _id: row.id,
    kind: row.kind as FeedbackKind,
    topic: isReportTopic(row.topic) ? row.topic : null,
    order: row.order_id !== null && row.order_number !== null ? { _id: row.order_id, order: row.order_number } : null,
    message: row.message,
    created_at: row.created_at,
  };
  if (sender) view.customer = { _id: row.user_id, ...sender };
  return view;
}

export interface SendFeedbackInput {
  establishmentId: string;
  user: UserRow;
  kind: FeedbackKind;
  /** A report's topic (already checked by the schema); null for a suggestion. */
  topic: string | null;
  orderId: string | null;
  message: string;
  now: Date;
}

/** Stores a report or a suggestion and answers it; refuses a bad message, someone else's order, too many messages. */
export async function sendFeedback(db: Database, input: SendFeedbackInput): Promise<FeedbackView> {
  const message = input.message.trim();
  const problem = feedbackMessageError(message);
  if (problem) throw invalidBody([{ path: 'message', code: problem, message: MESSAGE_PROBLEMS[problem] }]);

  let orderNumber: number | null = null;
  if (input.orderId !== null) {
    // Another customer's order, or one of another establishment, is as unknown as a missing one.
    const order = await getOrderRow(db, input.establishmentId, input.orderId);
    if (!order || order.user_id !== input.user.id) throw new Refusal('not_found', 'order_not_found');
    orderNumber = Number(order.number);
  }

  // Counted in the shared limiter (one atomic upsert) rather than by counting the stored rows: a
  // count then an insert lets every one of N parallel requests through.
  const hourly: Limit = { key: `feedback:user:${input.user.id}:${input.establishmentId}`, max: FEEDBACK_HOURLY_LIMIT, windowSeconds: HOUR_SECONDS };
  await hitOrRefuse(db, [hourly], input.now, 'too_many_messages');

  const row = {
    id: randomId(),
    establishment_id: input.establishmentId,
    user_id: input.user.id,
    kind: input.kind,
    topic: input.kind === 'report' ? input.topic : null,
    order_id: input.orderId,
    message,
    created_at: input.now.toISOString(),
  };
  await insertFeedback(db, row);
  return feedbackView({ ...row, order_number: orderNumber });
}

/**
 * Stores the contact page's message to an (active) establishment and answers its id; refuses with
 * 429 too_many_messages once the client address, or the establishment, has had its hour's share.
 * The address is counted first, so one sender's flood spends its own share before the establishment's.
 */
export async function sendContactMessage(db: Database, input: { establishmentId: string; clientAddress: string; message: string; now: Date }): Promise<string> {
  await hitOrRefuse(
    db,
    [
      { key: `contact:ip:${limitAddress(input.clientAddress)}`, max: CONTACT_MESSAGES_PER_ADDRESS_HOURLY, windowSeconds: HOUR_SECONDS },
      { key: `contact:est:${input.establishmentId}`, max: CONTACT_MESSAGES_PER_ESTABLISHMENT_HOURLY, windowSeconds: HOUR_SECONDS },
    ],
    input.now,
    'too_many_messages',
  );
  const id = randomId();
  await insertContactMessage(db, { id, establishment_id: input.establishmentId, message: input.message, created_at: input.now.toISOString() });
  return id;
}

/** One kind of message of the establishment: all of them for the establishment (with who sent each), the customer's own otherwise. */
export async function feedbackList(
  db: Database,
  q: { establishmentId: string; kind: FeedbackKind; caller: { kind: 'establishment' } | { kind: 'customer'; userId: string }; page: number; limit: number },
): Promise<FeedbackListAnswer> {
  const { rows, total } = await listFeedback(db, {
    establishmentId: q.establishmentId,
    kind: q.kind,
    userId: q.caller.kind === 'customer' ? q.caller.userId : undefined,
    page: q.page,
    limit: q.limit,
  });
  const senders =
    q.caller.kind === 'establishment'
      ? await getSenders(
          db,
          rows.map((r) => r.user_id),
        )
      : undefined;
  return { items: rows.map((r) => feedbackView(r, senders?.get(r.user_id))), page: q.page, limit: q.limit, total };
}
