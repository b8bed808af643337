// What customers tell the establishment from the account area: problem reports (what went wrong,
// optionally which of their orders, and a message) and suggestions (a message) (decisions #28).
// The message rule is the form's (src/domain/feedback.ts); the order must be the customer's own at
// this establishment; a customer sends at most FEEDBACK_HOURLY_LIMIT messages an hour to one
// establishment, so a stuck button or a script cannot bury the establishment's list. The
// establishment reads them with its API key (docs/api.md 'Problem reports and suggestions').
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { randomId } from '../db/ids.ts';
import { getOrderRow } from '../db/orders-repo.ts';
import { countFeedbackSince, getSenders, insertFeedback, listFeedback, type FeedbackRowWithOrder } from '../db/feedback-repo.ts';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, feedbackMessageError, isReportTopic, type FeedbackKind } from '../../domain/feedback.ts';
import type { FeedbackListAnswer, FeedbackView } from '../../schemas/api-feedback.ts';
import { Refusal, invalidBody } from './refusal.ts';

/** Most messages (reports and suggestions together) one customer sends one establishment in an hour. */
export const FEEDBACK_HOURLY_LIMIT = 10;
const HOUR_MS = 60 * 60 * 1000;

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

  const sent = await countFeedbackSince(db, input.user.id, input.establishmentId, new Date(input.now.getTime() - HOUR_MS));
  if (sent >= FEEDBACK_HOURLY_LIMIT) throw new Refusal('too_many', 'too_many_messages', { retryAfterSeconds: 3600 });

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
