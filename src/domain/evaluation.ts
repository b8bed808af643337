// Order evaluation (spec sections 3 'Evaluation', 9; decisions.md 'Order evaluation'): the
// customer rates a completed order once, within 7 days of its completion, on four aspects, each
// 1 to 5; the evaluation is the sum of the four. Every order type is rated on all four, so
// evaluations add up the same way and compare: for a pickup or table order 'delivery' is the
// handing over of the order at the counter or the table (docs/api.md 'Evaluation').
import { Temporal } from './time.ts';

/** The four aspects, in the order the spec lists them in the call's body. */
export const EVALUATION_ASPECTS = ['packing', 'delivery', 'product', 'deadline'] as const;
export type EvaluationAspect = (typeof EVALUATION_ASPECTS)[number];
export type Ratings = Record<EvaluationAspect, number>;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Days after the completion during which the customer may evaluate, on the establishment's calendar. */
export const EVALUATION_WINDOW_DAYS = 7;

/** Whether a rating is a whole number of stars on the scale. Example: `isRating(5) === true`, `isRating(4.5) === false` */
export function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/** The evaluation: the sum of the four ratings. Example: `evaluationTotal({ packing: 5, delivery: 4, product: 5, deadline: 3 }) === 17` */
export function evaluationTotal(ratings: Ratings): number {
  return ratings.packing + ratings.delivery + ratings.product + ratings.deadline;
}

/**
 * The last instant an order completed at `completedAt` may be evaluated: the same wall-clock time
 * 7 days later in the establishment's zone (ISO, UTC).
 * Example: `evaluationWindowEnd('2025-01-03T23:00:00.000Z', 'America/Sao_Paulo') === '2025-01-10T23:00:00Z'`
 */
export function evaluationWindowEnd(completedAt: string, timeZone: string): string {
  return Temporal.Instant.from(completedAt).toZonedDateTimeISO(timeZone).add({ days: EVALUATION_WINDOW_DAYS }).toInstant().toString();
}

export type EvaluationRefusalCode = 'order_not_complete' | 'order_already_evaluated' | 'evaluation_window_closed';

/**
 * Why an order cannot be evaluated now, or null when it can: it must be complete, not evaluated
 * yet, and the window since its completion still open (its last instant included).
 * Example: `evaluationRefusal({ status: 'confirmed', completedAt: null, evaluated: false, now, timeZone }) === 'order_not_complete'`
 */
export function evaluationRefusal(order: {
  status: string;
  completedAt: string | null;
  evaluated: boolean;
  now: Temporal.Instant;
  timeZone: string;
}): EvaluationRefusalCode | null {
  if (order.status !== 'complete' || order.completedAt === null) return 'order_not_complete';
  if (order.evaluated) return 'order_already_evaluated';
  const end = Temporal.Instant.from(evaluationWindowEnd(order.completedAt, order.timeZone));
  if (Temporal.Instant.compare(order.now, end) > 0) return 'evaluation_window_closed';
  return null;
}
