// The establishment's order screen in one read: the orders it must act on and the day's history,
// with their customers, and the day's totals for the cash drawer (src/domain/panel-board.ts). The
// day is a calendar day in the establishment's time zone (Temporal), from its first instant to the
// next day's first: a day of 23 or 25 hours at a change of offset is still one day.
import { boardTotals } from '../../domain/panel-board.ts';
import { Temporal, establishmentTimeZone } from '../../domain/time.ts';
import { ORDER_BOARD_CAP, type OrderBoardAnswer } from '../../schemas/api-order-board.ts';
import type { Database } from '../db/database.ts';
import { getCustomers, listBoardOrderRows } from '../db/orders-repo.ts';
import type { EstablishmentRow } from '../db/types.ts';
import { orderView } from './orders.ts';
import { Refusal } from './refusal.ts';

/** The first instant of `day` and of the day after, in `timeZone`, as ISO instants. */
export function dayBounds(day: Temporal.PlainDate, timeZone: string): { start: string; end: string } {
  const start = day.toZonedDateTime({ timeZone }).toInstant();
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant();
  return { start: start.toString(), end: end.toString() };
}

export async function readOrderBoard(db: Database, est: Pick<EstablishmentRow, 'id' | 'time_zone'>, now: Date, dayText?: string): Promise<OrderBoardAnswer> {
  const timeZone = establishmentTimeZone(est.time_zone);
  let day: Temporal.PlainDate;
  try {
    day = dayText
      ? Temporal.PlainDate.from(dayText, { overflow: 'reject' })
      : Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  } catch {
    throw new Refusal('invalid', 'invalid_query');
  }
  const { start, end } = dayBounds(day, timeZone);
  const rows = await listBoardOrderRows(db, est.id, start, end, ORDER_BOARD_CAP);
  const customers = await getCustomers(
    db,
    rows.map((r) => r.user_id),
  );
  const orders = rows.map((r) => {
    const customer = customers.get(r.user_id);
    return orderView(r, timeZone, customer && { _id: r.user_id, ...customer });
  });
  const totals = boardTotals(orders, start, end);
  return { day: day.toString(), day_starts_at: start, day_ends_at: end, time_zone: timeZone, now: now.toISOString(), orders, totals };
}
