// Reads and writes of the customers' problem reports and suggestions (table customer_feedback,
// migration 0005_account_feedback). The service (src/server/services/feedback.ts) checks who may
// write and read them.
import type { Database } from './database.ts';
import type { CustomerFeedbackRow } from './types.ts';

/** A stored message with the number of the order it names (null when none, or the order is gone). */
export type FeedbackRowWithOrder = CustomerFeedbackRow & { order_number: number | null };

export async function insertFeedback(db: Database, row: CustomerFeedbackRow): Promise<void> {
  await db.insertInto('customer_feedback').values(row).execute();
}

/** One kind of message of the establishment (only the user's when `userId` is given), newest first, a page at a time. */
export async function listFeedback(
  db: Database,
  q: { establishmentId: string; kind: string; userId?: string; page: number; limit: number },
): Promise<{ rows: FeedbackRowWithOrder[]; total: number }> {
  let base = db
    .selectFrom('customer_feedback')
    .where('customer_feedback.establishment_id', '=', q.establishmentId)
    .where('customer_feedback.kind', '=', q.kind);
  if (q.userId) base = base.where('customer_feedback.user_id', '=', q.userId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('orders', 'orders.id', 'customer_feedback.order_id')
      .selectAll('customer_feedback')
      .select('orders.number as order_number')
      .orderBy('customer_feedback.created_at', 'desc')
      .orderBy('customer_feedback.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, order_number: r.order_number === null ? null : Number(r.order_number) })), total: Number(count.n) };
}

/** Who sent the messages, by user id: what the establishment needs to reply. */
export async function getSenders(db: Database, userIds: readonly string[]): Promise<Map<string, { name: string; email: string; phone: string }>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'phone']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, phone: r.phone }]));
}
