// GET /establishments/{id}/order-board: the establishment's order screen in one read (docs/api.md
// 'The order screen').
import { type } from 'arktype';
import type { DayTotals } from '../domain/panel-board.ts';
import type { OrderView } from './api-orders.ts';
import type { SlotCapacityView, SlotLoadView } from './api-slot-capacity.ts';
import type { TabView } from './api-tables.ts';

export const OrderBoardQuery = type({
  /** The establishment's calendar day whose orders and totals are shown (YYYY-MM-DD); today when absent. */
  'day?': /^\d{4}-\d{2}-\d{2}$/,
});
export type OrderBoardQuery = typeof OrderBoardQuery.infer;

/** How many orders one read answers at most (the open ones first count against it too). */
export const ORDER_BOARD_CAP = 1000;

export interface OrderBoardAnswer {
  /** The day shown, on the establishment's calendar. */
  day: string;
  /** The day's first instant and the next day's first (ISO), in the establishment's time zone: an order placed within them counts in `totals`. */
  day_starts_at: string;
  day_ends_at: string;
  time_zone: string;
  /** The server's clock when it answered (the screen measures lateness and scheduled orders against it). */
  now: string;
  /** Every order still open, whatever its day, and every order placed on `day`; newest first; with its customer. */
  orders: OrderView[];
  /** The day's orders by how they were paid, to close the cash drawer (open orders of other days are not counted). */
  totals: DayTotals;
  /** Each 15-minute slot of `day` holding orders (cancelled ones never count), by delivery type, with its cap: the kitchen's load (docs/api.md 'Kitchen capacity'). */
  slots: SlotLoadView[];
  /** The caps per slot and delivery type (null: none), for a slot the screen counts on its own as orders come and go. */
  slot_capacity: SlotCapacityView;
  /** The tables' open tabs (docs/api.md 'Tables'), by table number: the screen groups their orders until the staff close them. */
  open_tabs: TabView[];
}
