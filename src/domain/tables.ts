// 'At the table' (docs/decisions-product.md 'Ordering at the table'): an establishment's numbered
// tables, each with a random key printed in its QR code as the fragment of the store's address
// (`/<slug>/#mesa=7&chave=<key>`), the rules an order sent from a table must meet, and the open tab
// of a table (its orders since the staff last closed it). Pure: the server and the islands ask the
// same functions; keys are made and compared on the server (src/server/services/tables.ts).
import type { DeliveryType } from './cart.ts';

/** The highest table number; the most tables an establishment keeps. */
export const TABLE_NUMBER_MAX = 999;
export const TABLES_MAX = 300;

/** A table's key: 128 random bits in base64url (22 characters). */
export const TABLE_KEY = /^[A-Za-z0-9_-]{22}$/;

/** The fragment's parameter names (Portuguese: the customer may read the address). */
export const TABLE_FRAGMENT_NUMBER = 'mesa';
export const TABLE_FRAGMENT_KEY = 'chave';

/** A table as an order or the customer's session names it. */
export interface TableRef {
  number: number;
  key: string;
}

/** Whether `n` is a table number: a whole number from 1 to TABLE_NUMBER_MAX. */
export function isTableNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= TABLE_NUMBER_MAX;
}

/**
 * The table a store address's fragment names, or null when it names none or a malformed one.
 * Example: `tableFromFragment('#mesa=7&chave=AAAAAAAAAAAAAAAAAAAAAA')` is `{ number: 7, key: 'AAAAAAAAAAAAAAAAAAAAAA' }`
 */
export function tableFromFragment(hash: string): TableRef | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const text = params.get(TABLE_FRAGMENT_NUMBER) ?? '';
  const key = params.get(TABLE_FRAGMENT_KEY) ?? '';
  const number = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  return isTableNumber(number) && TABLE_KEY.test(key) ? { number, key } : null;
}

/**
 * The address a table's QR code opens: the store's page with the table in its fragment, so the page
 * stays the one stored static page (a fragment never reaches the server nor a cache key).
 * Example: `tableUrl('https://loja.example', 'pizzaria', { number: 7, key: 'k' })` is `'https://loja.example/pizzaria/#mesa=7&chave=k'`
 */
export function tableUrl(origin: string, slug: string, table: TableRef): string {
  return `${origin.replace(/\/$/, '')}/${slug}/#${TABLE_FRAGMENT_NUMBER}=${table.number}&${TABLE_FRAGMENT_KEY}=${encodeURIComponent(table.key)}`;
}

export type TableOrderProblem = 'table_required' | 'table_local_only' | 'table_now_only';

/**
 * What an order's table breaks before its key is checked, or null: an order from a table is
 * consumed there ('local') and made now (no schedule); an order to consume on the premises names
 * its table when the establishment has tables (else anyone could order 'local' from home).
 * Example: `tableOrderProblem({ usesTables: true, deliveryType: 'local', table: null, scheduled: false })` is `'table_required'`
 */
export function tableOrderProblem(o: {
  usesTables: boolean;
  deliveryType: DeliveryType;
  table: TableRef | null;
  scheduled: boolean;
}): TableOrderProblem | null {
  if (o.table === null) return o.usesTables && o.deliveryType === 'local' ? 'table_required' : null;
  if (o.deliveryType !== 'local') return 'table_local_only';
  if (o.scheduled) return 'table_now_only';
  return null;
}

/** The delivery types a customer at a table is offered: 'local' only, when the establishment takes it. */
export function tableDeliveryTypes(types: readonly DeliveryType[]): DeliveryType[] {
  return types.includes('local') ? ['local'] : [];
}

/**
 * The delivery types the checkout offers: at a table only 'local'; elsewhere, at an establishment
 * with tables, every type but 'local' (consumption on the premises is ordered from a table's QR
 * code, and the send would refuse it as table_required).
 * Example: `checkoutDeliveryTypes(['delivery', 'pickup', 'local'], { atTable: false, usesTables: true })` is `['delivery', 'pickup']`
 */
export function checkoutDeliveryTypes(types: readonly DeliveryType[], where: { atTable: boolean; usesTables: boolean }): DeliveryType[] {
  if (where.atTable) return tableDeliveryTypes(types);
  return where.usesTables ? types.filter((t) => t !== 'local') : [...types];
}

/**
 * The lowest table number not taken, for the panel's 'Adicionar mesa'; null when all are.
 * Example: `nextTableNumber([1, 2, 4])` is `3`
 */
export function nextTableNumber(taken: readonly number[]): number | null {
  const set = new Set(taken);
  for (let n = 1; n <= TABLE_NUMBER_MAX; n++) if (!set.has(n)) return n;
  return null;
}

/** An order as a tab counts it. */
export interface TabOrder {
  status: string;
  total: number;
  table: { number: number; tab_id: string } | null;
}

/** An open tab as the order screen shows it: 'Mesa 7 · 3 pedidos · R$ 84,00'. */
export interface TabSummary<O> {
  tab_id: string;
  table: number;
  /** Its orders, cancelled ones included (shown struck), in the given order. */
  orders: O[];
  /** How many of its orders were not cancelled. */
  count: number;
  /** What its orders not cancelled add up to, centavos. */
  total_cents: number;
}

/**
 * The open tabs with their orders, by table number: each tab of `openTabIds` with the orders that
 * name it. A tab without any order shown (its orders outside the screen's day) still appears, empty.
 * Example: two orders of 2000 and 3000 on tab 't' of table 7 give `[{ tab_id: 't', table: 7, count: 2, total_cents: 5000, ... }]`
 */
export function openTabSummaries<O extends TabOrder>(openTabs: readonly { tab_id: string; table: number }[], orders: readonly O[]): TabSummary<O>[] {
  return openTabs
    .map((tab) => {
      const mine = orders.filter((o) => o.table?.tab_id === tab.tab_id);
      const live = mine.filter((o) => o.status !== 'canceled');
      return { tab_id: tab.tab_id, table: tab.table, orders: mine, count: live.length, total_cents: live.reduce((s, o) => s + o.total, 0) };
    })
    .sort((a, b) => a.table - b.table);
}
