// The establishment's order screen in one read: the orders it must act on and the day's history,
// with their customers, the day's totals for the cash drawer (src/domain/panel-board.ts) and each
// 15-minute slot's load against the kitchen's caps (src/domain/slot-capacity.ts). The
// day is a calendar day in the establishment's time zone (Temporal), from its first instant to the
// next day's first: a day of 23 or 25 hours at a change of offset is still one day.
import { boardTotals } from '../../domain/panel-board.ts';
import { Temporal, dayBounds, establishmentTimeZone } from '../../domain/time.ts';
import { ORDER_BOARD_CAP, type OrderBoardAnswer } from '../../schemas/api-order-board.ts';
import type { Database } from '../db/database.ts';
import { getCustomers, listBoardOrderRows } from '../db/orders-repo.ts';
import { countSlotOrders } from '../db/slot-loads-repo.ts';
import { slotCapacities, slotLoads } from '../../domain/slot-capacity.ts';
import { capacityOfRow } from './slot-capacity.ts';
import type { DeliveryType } from '../../domain/cart.ts';
import type { EstablishmentRow } from '../db/types.ts';
import { orderView } from './orders.ts';
import { Refusal } from './refusal.ts';
import { listOpenTabs } from '../db/tables-repo.ts';

export async function readOrderBoard(
  db: Database,
  est: Pick<EstablishmentRow, 'id' | 'time_zone' | 'preferences'>,
  now: Date,
  dayText?: string,
): Promise<OrderBoardAnswer> {
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
  // The kitchen's load: every slot of the day holding orders, with the caps (src/domain/slot-capacity.ts).
  const counts = await countSlotOrders(db, est.id, { from: start, to: end });
  const slots = slotLoads(
    counts.map((c) => ({ at: c.slot_at, delivery_type: c.delivery_type as DeliveryType, orders: c.orders })),
    capacityOfRow(est),
    timeZone,
  );
  const slot_capacity = slotCapacities(capacityOfRow(est));
  const open_tabs = (await listOpenTabs(db, est.id)).map((t) => ({ _id: t.id, table: Number(t.table_number), opened_at: t.opened_at, closed_at: null }));
  return {
    day: day.toString(),
    day_starts_at: start,
    day_ends_at: end,
    time_zone: timeZone,
    now: now.toISOString(),
    orders,
    totals,
    slots,
    slot_capacity,
    open_tabs,
  };
}
