// The order screen's data: the board read in one call (GET .../order-board); an order the live
// socket tells of is read alone (GET .../orders/:orderId) and put in its place, since with hundreds
// of open orders the whole board is hundreds of kilobytes for every panel (docs/benchmarks.md 'Order
// screen'), and counted in its kitchen slot (src/domain/slot-capacity.ts withSlotOrder); the whole
// board is read again when the socket (re)connects or says it may have missed events, and every
// few seconds while it is down, so an order placed while the connection was away still comes in
// and rings.
// The clock the columns and lateness are measured by is the server's (its `now`, carried forward),
// not the tablet's, which may be minutes off. Moves go through the status route and read the order again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure, call } from '../../src/client/api.ts';
import { useLiveOrders } from '../order/useLiveOrders.ts';
import { boardTotals, withBoardOrder } from '../../src/domain/panel-board.ts';
import { withSlotOrder } from '../../src/domain/slot-capacity.ts';
import { panelPaths } from '../staff/staff-texts.ts';
import type { OrderBoardAnswer } from '../../src/schemas/api-order-board.ts';
import type { TabView } from '../../src/schemas/api-tables.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import type { StatusBody } from '../../src/schemas/api-orders.ts';

/** Told on the page when the kitchen's caps change (./SlotCapacityForm.tsx): the board reads its slots' loads again. */
export const SLOT_CAPACITY_CHANGED = 'painel:capacidade';

/** How often the board is read again while the live socket is down. */
export const BOARD_POLL_MS = 5_000;
/** How often columns and lateness are measured again (a scheduled order comes forward, an order turns late). */
const CLOCK_TICK_MS = 15_000;

export type MoveTo = StatusBody['status'];

export interface OrderBoardState {
  board: OrderBoardAnswer | null;
  /** The live-updates socket is up (the board is not polled). */
  live: boolean;
  /** The last read failed (offline, or the server away); the board shown is the last one read. */
  failed: boolean;
  /** The server's clock now, in epoch ms. */
  nowMs: number;
  refresh(): Promise<void>;
  move(order: Pick<OrderView, '_id'>, to: MoveTo, reason?: string): Promise<OrderView>;
  closeTab(table: number, tabId: string): Promise<TabView>;
}

export function useOrderBoard(establishmentId: string, slug: string, onNewOrders: (orders: OrderView[]) => void): OrderBoardState {
  const [board, setBoard] = useState<OrderBoardAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const skew = useRef(0);
  const known = useRef<Set<string> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const newOrders = useRef(onNewOrders);
  newOrders.current = onNewOrders;

  const refresh = useCallback(async () => {
    // One read at a time; a change told during a read is read right after it.
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        const answer = await call('GET /establishments/:id/order-board', { staff: true, params: { id: establishmentId }, establishmentId });
        skew.current = Date.parse(answer.now) - Date.now();
        setNowMs(Date.now() + skew.current);
        // The first read knows every order; after it, an order not seen before is new.
        const fresh = known.current ? answer.orders.filter((o) => !known.current!.has(o._id)) : [];
        known.current = new Set(answer.orders.map((o) => o._id));
        setBoard(answer);
        setFailed(false);
        if (fresh.length > 0) newOrders.current(fresh);
      } while (again.current);
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      // The staff session ended (expired, logged out elsewhere, removed from the team): to the log in.
      if (err.status === 401) window.location.replace(panelPaths.login(slug));
      setFailed(true);
    } finally {
      inFlight.current = false;
    }
  }, [establishmentId, slug]);

  // One order told by the socket: read alone and put in its place; the whole board when it cannot be
  // (no board yet, a read of the whole under way, or the order's read failing).
  const boardRef = useRef(board);
  boardRef.current = board;
  const refreshOne = useCallback(
    async (orderId: string) => {
      if (!boardRef.current || inFlight.current) return refresh();
      let order: OrderView;
      try {
        order = await call('GET /establishments/:id/orders/:orderId', { staff: true, params: { id: establishmentId, orderId }, establishmentId });
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        return refresh();
      }
      const isNew = known.current !== null && !known.current.has(order._id);
      known.current?.add(order._id);
      setBoard((current) => {
        if (!current) return current;
        const orders = withBoardOrder(current.orders, order);
        const slots = withSlotOrder(
          current.slots,
          current.orders.find((o) => o._id === order._id),
          order,
          { readAt: current.now, dayStart: current.day_starts_at, dayEnd: current.day_ends_at, capacity: current.slot_capacity, timeZone: current.time_zone },
        );
        return { ...current, orders, totals: boardTotals(orders, current.day_starts_at, current.day_ends_at), slots };
      });
      if (isNew) newOrders.current([order]);
      // The first order of a table's new tab: the tabs are read with the board.
      if (isNew && order.table && !boardRef.current?.open_tabs.some((tab) => tab._id === order.table!.tab_id)) void refresh();
    },
    [establishmentId, refresh],
  );

  // The socket tells of every order of the establishment to its staff's pages; on each (re)connection
  // the board is read again, since what happened while it was down was sent to nobody.
  const live = useLiveOrders(establishmentId, (orderId) => void (orderId ? refreshOne(orderId) : refresh()));
  useEffect(() => {
    void refresh();
    const onCapacity = () => void refresh();
    addEventListener(SLOT_CAPACITY_CHANGED, onCapacity);
    return () => removeEventListener(SLOT_CAPACITY_CHANGED, onCapacity);
  }, [refresh]);

  // Without the socket, read on a timer; coming back to the tab reads at once.
  useEffect(() => {
    const id = live ? undefined : window.setInterval(() => void refresh(), BOARD_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (id !== undefined) window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [live, refresh]);

  useEffect(() => {
    const id = window.setInterval(() => setNowMs(Date.now() + skew.current), CLOCK_TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  const move = useCallback(
    async (order: Pick<OrderView, '_id'>, to: MoveTo, reason?: string) => {
      const moved = await call('PUT /establishments/:id/orders/:orderId/status', {
        staff: true,
        params: { id: establishmentId, orderId: order._id },
        body: { status: to, cancellation_type: to === 'canceled' ? 'establishment' : null, cancellation_reason: reason?.trim() || null },
        establishmentId,
      });
      void refreshOne(order._id);
      return moved;
    },
    [establishmentId, refreshOne],
  );

  /** 'Fechar mesa': closes the tab the screen shows (409 table_already_closed when another screen did), then reads the board again. */
  const closeTab = useCallback(
    async (table: number, tabId: string) => {
      try {
        return await call('POST /establishments/:id/tables/:number/close', {
          staff: true,
          params: { id: establishmentId, number: String(table) },
          body: { tab_id: tabId },
          establishmentId,
        });
      } finally {
        void refresh();
      }
    },
    [establishmentId, refresh],
  );

  return { board, live, failed, nowMs, refresh, move, closeTab };
}
