// The establishment's order screen: which column an order stands in, when a scheduled order comes
// forward, when an order is late, and the day's totals by how it was paid (to close the cash
// drawer). Pure: instants in epoch milliseconds, so the panel's code needs no calendar library;
// the day itself (its first and last instant in the establishment's time zone) is the server's.
import type { OrderStep, PaymentState } from './order-lifecycle.ts';

/**
 * The screen's columns, left to right:
 * - awaiting_payment: placed with Pix, not paid yet; nothing to prepare, nothing rings.
 * - new: waiting to be accepted; it rings until someone acts.
 * - scheduled: accepted, for later; it comes forward when its preparation must start.
 * - kitchen: accepted and due, or in preparation.
 * - ready: at the counter, waiting for the courier, or to serve.
 * - on_the_way: out for delivery.
 * - done: complete or canceled (the day's history).
 */
export const BOARD_COLUMNS = ['awaiting_payment', 'new', 'scheduled', 'kitchen', 'ready', 'on_the_way', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** What the board reads of an order. */
export interface BoardOrder {
  step: OrderStep;
  payment_status: PaymentState;
  created_at: string;
  scheduled_at: string | null;
  /** The longest it takes, in minutes (the establishment's delivery or pickup time). */
  time_max: number;
}

const MINUTE_MS = 60_000;

/**
 * When the kitchen must start a scheduled order: its time minus the order's longest preparation
 * and delivery time, so it is ready by the time promised. Null for an order for as soon as possible.
 */
export function comesForwardAt(order: Pick<BoardOrder, 'scheduled_at' | 'time_max'>): number | null {
  return order.scheduled_at === null ? null : Date.parse(order.scheduled_at) - order.time_max * MINUTE_MS;
}

/** The column of an order at `nowMs`. */
export function boardColumnOf(order: BoardOrder, nowMs: number): BoardColumn {
  switch (order.step) {
    case 'registered':
      return order.payment_status === 'awaiting' ? 'awaiting_payment' : 'new';
    case 'confirmed': {
      const start = comesForwardAt(order);
      return start !== null && start > nowMs ? 'scheduled' : 'kitchen';
    }
    case 'preparing':
      return 'kitchen';
    case 'ready':
      return 'ready';
    case 'dispatched':
      return 'on_the_way';
    case 'complete':
    case 'canceled':
      return 'done';
  }
}

/** The instant the customer was promised: the scheduled time, or the time placed plus the longest time. */
export function promisedAt(order: Pick<BoardOrder, 'created_at' | 'scheduled_at' | 'time_max'>): number {
  return order.scheduled_at !== null ? Date.parse(order.scheduled_at) : Date.parse(order.created_at) + order.time_max * MINUTE_MS;
}

/** An order not finished past the time promised to its customer. */
export function isLate(order: BoardOrder, nowMs: number): boolean {
  return order.step !== 'complete' && order.step !== 'canceled' && nowMs > promisedAt(order);
}

/** Whether an order asks for someone's attention now: it rings until accepted or cancelled. */
export function isRinging(order: Pick<BoardOrder, 'step' | 'payment_status'>): boolean {
  return order.step === 'registered' && order.payment_status !== 'awaiting';
}

/**
 * How the money of an order came in, as the cash drawer counts it: cash and the card machine on
 * delivery or at the counter by the method's own name, the rest by kind.
 */
export type DrawerKey = { kind: 'offline'; method: string } | { kind: 'online' } | { kind: 'pix' } | { kind: 'credits' };

export interface DrawerOrder {
  step: OrderStep;
  payment_type: 'online' | 'offline' | 'pix' | 'credits';
  /** The method chosen for paying on delivery or at the counter ('Dinheiro', 'Cartão de débito'...). */
  payment_method: string | null;
  /** What the customer pays (centavos), store credit already taken off. */
  total: number;
  /** Store credit used (centavos). */
  credits: number;
}

export interface DrawerLine {
  key: DrawerKey;
  orders: number;
  /** Centavos. */
  amount: number;
}

export interface DayTotals {
  lines: DrawerLine[];
  /** Orders not canceled, and what they came to (centavos; store credit included). */
  orders: number;
  amount: number;
  canceled: number;
}

const keyText = (key: DrawerKey) => (key.kind === 'offline' ? `offline:${key.method}` : key.kind);

/**
 * The day's totals by how each order was paid: canceled orders are counted apart and add nothing;
 * store credit used by an order is its own line (it is not money in the drawer). Lines in a fixed
 * order: the methods paid on the spot by name, then card online, Pix, store credit.
 */
export function dayTotals(orders: readonly DrawerOrder[]): DayTotals {
  const lines = new Map<string, DrawerLine>();
  const add = (key: DrawerKey, amount: number) => {
    const line = lines.get(keyText(key)) ?? { key, orders: 0, amount: 0 };
    line.orders += 1;
    line.amount += amount;
    lines.set(keyText(key), line);
  };
  let counted = 0;
  let amount = 0;
  let canceled = 0;
  for (const order of orders) {
    if (order.step === 'canceled') {
      canceled += 1;
      continue;
    }
    counted += 1;
    amount += order.total + order.credits;
    if (order.payment_type === 'offline') add({ kind: 'offline', method: order.payment_method ?? '' }, order.total);
    else if (order.payment_type !== 'credits' && order.total > 0) add({ kind: order.payment_type }, order.total);
    if (order.credits > 0) add({ kind: 'credits' }, order.credits);
  }
  const rank = (key: DrawerKey) => ['offline', 'online', 'pix', 'credits'].indexOf(key.kind);
  const sorted = [...lines.values()].sort((a, b) => rank(a.key) - rank(b.key) || keyText(a.key).localeCompare(keyText(b.key), 'pt-BR'));
  return { lines: sorted, orders: counted, amount, canceled };
}

/** What the day's totals read of an order as the board shows it (its wire view). */
export interface BoardTotalsOrder {
  _id: string;
  step: OrderStep;
  created_at: string;
  payment_type: DrawerOrder['payment_type'];
  payment_method?: { name: string } | null;
  totals: { total: number; credits: number };
}

/**
 * The day's totals of the board: the orders placed within the day's instants [start, end) (ISO
 * instants: the open orders of other days the board also shows are not the day's money).
 */
export function boardTotals(orders: readonly BoardTotalsOrder[], start: string, end: string): DayTotals {
  const ofTheDay = orders.filter((o) => o.created_at >= start && o.created_at < end);
  return dayTotals(
    ofTheDay.map((o) => ({
      step: o.step,
      payment_type: o.payment_type,
      payment_method: o.payment_method?.name ?? null,
      total: o.totals.total,
      credits: o.totals.credits,
    })),
  );
}

/**
 * The board's orders with `order` as it now is: in place of its former self, or added among them
 * newest first (one order told over the live socket, without reading the whole board again).
 */
export function withBoardOrder<T extends { _id: string; created_at: string }>(orders: readonly T[], order: T): T[] {
  const rest = orders.filter((o) => o._id !== order._id);
  const at = rest.findIndex((o) => o.created_at < order.created_at);
  return at === -1 ? [...rest, order] : [...rest.slice(0, at), order, ...rest.slice(at)];
}
