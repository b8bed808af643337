// Ordering at the table (docs/api.md 'Tables'): the establishment's numbered tables, each with the
// key its QR code carries, listed for its staff and added, removed or given a new key by its owner;
// the order's table (number and key, checked by the send); and a table's tab closed by the staff.
// The rules are src/domain/tables.ts.
import { type } from 'arktype';
import { TABLE_KEY, TABLE_NUMBER_MAX } from '../domain/tables.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;
const tableNumber = `1 <= number.integer <= ${TABLE_NUMBER_MAX}` as const;

/** A table's route: the establishment and the table's number (1-999, in the path). */
export const TableParams = type({ id, number: /^[1-9]\d{0,2}$/ }).pipe((p) => ({ id: p.id, number: Number(p.number) }));

/** A new table: its number, or the lowest one free when left out. */
export const NewTableBody = type({ 'number?': tableNumber });
export type NewTableBody = typeof NewTableBody.infer;

/** Closing a table's tab: the tab the staff saw (a tab opened since by a new order is not closed with it). */
export const CloseTabBody = type({ tab_id: id });
export type CloseTabBody = typeof CloseTabBody.infer;

/** The table an order is sent from: its number and the key read from its QR code. */
export const OrderTable = type({ number: tableNumber, key: TABLE_KEY });
export type OrderTable = typeof OrderTable.infer;

/** A table as its establishment's staff see it. */
export interface TableView {
  number: number;
  /** The key its QR code carries (base64url, 128 bits). */
  key: string;
  /** The store's page with the table in its fragment, from the site's root: `/<slug>/#mesa=7&chave=<key>`. */
  path: string;
  created_at: string;
  /** When its key was last renewed (the QR codes printed before are refused since); null when never. */
  key_renewed_at: string | null;
  /** Its open tab, null when none. */
  open_tab: { _id: string; opened_at: string } | null;
}

export interface TablesAnswer {
  tables: TableView[];
}

/** A tab of a table: its orders from the first after a close until the staff close it. */
export interface TabView {
  _id: string;
  table: number;
  opened_at: string;
  closed_at: string | null;
}

/** An order's table and tab, as the order answers it; null for an order not from a table. */
export interface OrderTableView {
  number: number;
  tab_id: string;
}
