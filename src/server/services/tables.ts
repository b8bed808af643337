// Ordering at the table (docs/api.md 'Tables'; the rules: src/domain/tables.ts): the tables of an
// establishment with their random keys, the check of an order's table against them, and the close
// of a table's tab. Keys are 128 random bits (node:crypto), compared in constant time.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database, Executor } from '../db/database.ts';
import type { EstablishmentTableRow, TableTabRow } from '../db/types.ts';
import { randomId } from '../db/ids.ts';
import { closeTab, countTables, deleteTable, getTab, getTable, getTabs, hasTables, insertTable, listTables, setTableKey } from '../db/tables-repo.ts';
import { TABLES_MAX, nextTableNumber, tableOrderProblem, tableUrl } from '../../domain/tables.ts';
import type { DeliveryType } from '../../domain/cart.ts';
import type { NewTableBody, OrderTable, TableView, TabView } from '../../schemas/api-tables.ts';
import { Refusal } from './refusal.ts';

/** A new table key: 128 random bits, base64url (22 characters). */
export function newTableKey(): string {
  return randomBytes(16).toString('base64url');
}

/** A table as the staff see it, with the store's path its QR code opens. */
export function tableView(row: EstablishmentTableRow, slug: string, openTab: Pick<TableTabRow, 'id' | 'opened_at'> | undefined): TableView {
  return {
    number: Number(row.number),
    key: row.key,
    path: tableUrl('', slug, { number: Number(row.number), key: row.key }),
    created_at: row.created_at,
    key_renewed_at: row.key_renewed_at,
    open_tab: openTab ? { _id: openTab.id, opened_at: openTab.opened_at } : null,
  };
}

function tabView(row: TableTabRow): TabView {
  return { _id: row.id, table: Number(row.table_number), opened_at: row.opened_at, closed_at: row.closed_at };
}

export async function listTableViews(db: Database, establishmentId: string, slug: string): Promise<TableView[]> {
  const rows = await listTables(db, establishmentId);
  const tabIds = rows.map((r) => r.open_tab_id).filter((t): t is string => t !== null);
  const byId = await getTabs(db, establishmentId, tabIds);
  return rows.map((r) => tableView(r, slug, r.open_tab_id ? byId.get(r.open_tab_id) : undefined));
}

/**
 * Adds a table (its number, or the lowest one free): 409 table_number_taken, 409 too_many_tables.
 * `first`: the establishment had no table before, so its pages now take 'local' at tables only
 * (EstablishmentView uses_tables) and the caller renders them again.
 */
export async function createTable(
  db: Database,
  establishmentId: string,
  slug: string,
  body: NewTableBody,
  now: Date,
): Promise<{ table: TableView; first: boolean }> {
  const existing = await listTables(db, establishmentId);
  if (existing.length >= TABLES_MAX) throw new Refusal('conflict', 'too_many_tables', { params: { max: TABLES_MAX } });
  const number = body.number ?? nextTableNumber(existing.map((t) => Number(t.number)));
  if (number === null) throw new Refusal('conflict', 'too_many_tables', { params: { max: TABLES_MAX } });
  const row: EstablishmentTableRow = {
    id: randomId(),
    establishment_id: establishmentId,
    number,
    key: newTableKey(),
    open_tab_id: null,
    created_at: now.toISOString(),
    key_renewed_at: null,
  };
  if (!(await insertTable(db, row))) throw new Refusal('conflict', 'table_number_taken', { params: { number } });
  // Two adds racing past the count: the later one finds itself over the limit and takes its table back.
  if ((await countTables(db, establishmentId)) > TABLES_MAX) {
    await deleteTable(db, establishmentId, number);
    throw new Refusal('conflict', 'too_many_tables', { params: { max: TABLES_MAX } });
  }
  return { table: tableView(row, slug, undefined), first: existing.length === 0 };
}

/**
 * Removes a table (its QR codes are refused from then on; its orders keep their number): 404
 * table_not_found. Answers whether it was the last one (the caller renders the pages again: 'local'
 * is offered to everyone again).
 */
export async function removeTable(db: Database, establishmentId: string, number: number): Promise<{ last: boolean }> {
  if (!(await deleteTable(db, establishmentId, number))) throw new Refusal('not_found', 'table_not_found');
  return { last: !(await hasTables(db, establishmentId)) };
}

/** Gives a table a new key (the QR codes printed before are refused): 404 table_not_found. */
export async function renewTableKey(db: Database, establishmentId: string, slug: string, number: number, now: Date): Promise<TableView> {
  const row = await setTableKey(db, establishmentId, number, newTableKey(), now.toISOString());
  if (!row) throw new Refusal('not_found', 'table_not_found');
  const tab = row.open_tab_id ? await getTab(db, establishmentId, row.open_tab_id) : undefined;
  return tableView(row, slug, tab);
}

/**
 * Closes the tab `tabId` of table `number` (the staff's 'Fechar mesa'): 404 tab_not_found when the
 * establishment has no such tab of that table, 409 table_already_closed when it was closed already
 * (by another screen at the same moment too: one close wins).
 */
export async function closeTableTab(db: Database, establishmentId: string, number: number, tabId: string, now: Date): Promise<TabView> {
  const tab = await getTab(db, establishmentId, tabId);
  if (!tab || Number(tab.table_number) !== number) throw new Refusal('not_found', 'tab_not_found');
  const at = now.toISOString();
  const closed = await db.transaction().execute((trx) => closeTab(trx, establishmentId, tabId, at));
  if (!closed) throw new Refusal('conflict', 'table_already_closed');
  return tabView({ ...tab, closed_at: at });
}

function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The table an order is sent from, checked (src/domain/tables.ts `tableOrderProblem`, then its key):
 * undefined for an order from no table; 422 table_required / table_local_only / table_now_only;
 * 403 table_unknown when no table of the establishment has that number and key (removed, or its key
 * renewed: the customer is asked to scan the QR code again).
 */
export async function checkOrderTable(
  db: Executor,
  establishmentId: string,
  order: { deliveryType: DeliveryType; table: OrderTable | null; scheduled: boolean },
): Promise<EstablishmentTableRow | undefined> {
  const usesTables = order.deliveryType === 'local' && order.table === null ? await hasTables(db, establishmentId) : true;
  const problem = tableOrderProblem({ usesTables, deliveryType: order.deliveryType, table: order.table, scheduled: order.scheduled });
  if (problem) throw new Refusal('unprocessable', problem);
  if (order.table === null) return undefined;
  const row = await getTable(db, establishmentId, order.table.number);
  if (!row || !sameKey(row.key, order.table.key)) throw new Refusal('forbidden', 'table_unknown');
  return row;
}
