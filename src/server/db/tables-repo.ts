// An establishment's tables and their tabs (src/domain/tables.ts; docs/api.md 'Tables'). A table row
// holds the id of its open tab: an order from the table joins it, or opens one, with one UPDATE of
// the table's row (locked on PostgreSQL until commit, the whole write serialised on SQLite), and a
// close clears it with a conditional UPDATE, so concurrent closes of one tab close it once and an
// order racing a close joins either the tab before it or a new one, never a closed tab.
import { sql, type Transaction } from 'kysely';
import type { Executor } from './database.ts';
import type { DB, EstablishmentTableRow, TableTabRow } from './types.ts';

export async function listTables(db: Executor, establishmentId: string): Promise<EstablishmentTableRow[]> {
  return db.selectFrom('establishment_tables').selectAll().where('establishment_id', '=', establishmentId).orderBy('number').execute();
}

/** Whether the establishment has any table (then an order to consume on the premises must name one). */
export async function hasTables(db: Executor, establishmentId: string): Promise<boolean> {
  const row = await db.selectFrom('establishment_tables').select('id').where('establishment_id', '=', establishmentId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function countTables(db: Executor, establishmentId: string): Promise<number> {
  const row = await db
    .selectFrom('establishment_tables')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('establishment_id', '=', establishmentId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function getTable(db: Executor, establishmentId: string, number: number): Promise<EstablishmentTableRow | undefined> {
  return db.selectFrom('establishment_tables').selectAll().where('establishment_id', '=', establishmentId).where('number', '=', number).executeTakeFirst();
}

/** Adds a table; false when its number is taken (the unique constraint decides, under concurrency too). */
export async function insertTable(db: Executor, row: EstablishmentTableRow): Promise<boolean> {
  const res = await db
    .insertInto('establishment_tables')
    .values(row)
    .onConflict((oc) => oc.columns(['establishment_id', 'number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Removes a table; false when there was none. Its tabs and the orders that name it stay. */
export async function deleteTable(db: Executor, establishmentId: string, number: number): Promise<boolean> {
  const res = await db.deleteFrom('establishment_tables').where('establishment_id', '=', establishmentId).where('number', '=', number).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Gives a table a new key (the old one's QR codes are refused from then on); the row after, or undefined when there is no such table. */
export async function setTableKey(db: Executor, establishmentId: string, number: number, key: string, at: string): Promise<EstablishmentTableRow | undefined> {
  await db
    .updateTable('establishment_tables')
    .set({ key, key_renewed_at: at })
    .where('establishment_id', '=', establishmentId)
    .where('number', '=', number)
    .execute();
  return getTable(db, establishmentId, number);
}

/**
 * The tab an order from `table` joins, in the order's transaction: the table's open tab, or
 * `newTabId` opened now when it has none. One UPDATE takes the table's row (it waits for a close
 * or another order of the table holding it), then the tab is created when it is the new one.
 */
export async function joinOpenTab(trx: Transaction<DB>, table: EstablishmentTableRow, newTabId: string, at: string): Promise<string> {
  const row = await trx
    .updateTable('establishment_tables')
    .set({ open_tab_id: sql<string>`coalesce(open_tab_id, ${newTabId})` })
    .where('id', '=', table.id)
    .returning('open_tab_id')
    .executeTakeFirst();
  const tabId = row?.open_tab_id ?? newTabId;
  if (tabId === newTabId)
    await trx
      .insertInto('table_tabs')
      .values({ id: newTabId, establishment_id: table.establishment_id, table_number: table.number, opened_at: at, closed_at: null })
      .execute();
  return tabId;
}

export async function getTab(db: Executor, establishmentId: string, tabId: string): Promise<TableTabRow | undefined> {
  return db.selectFrom('table_tabs').selectAll().where('establishment_id', '=', establishmentId).where('id', '=', tabId).executeTakeFirst();
}

/**
 * Closes a tab in `trx`: the table lets it go (its next order opens a new one), then the tab is
 * marked closed only if it was open. True for the one close that did it; false when it was closed
 * already (by a concurrent close too: the second waits on the row, then finds it closed).
 */
export async function closeTab(trx: Transaction<DB>, establishmentId: string, tabId: string, at: string): Promise<boolean> {
  await trx
    .updateTable('establishment_tables')
    .set({ open_tab_id: null })
    .where('establishment_id', '=', establishmentId)
    .where('open_tab_id', '=', tabId)
    .execute();
  const res = await trx
    .updateTable('table_tabs')
    .set({ closed_at: at })
    .where('establishment_id', '=', establishmentId)
    .where('id', '=', tabId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The establishment's tabs among `ids`, by id (others' and unknown ids left out). */
export async function getTabs(db: Executor, establishmentId: string, ids: readonly string[]): Promise<Map<string, TableTabRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('table_tabs')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The establishment's open tabs, by table number. */
export async function listOpenTabs(db: Executor, establishmentId: string): Promise<TableTabRow[]> {
  return db
    .selectFrom('table_tabs')
    .selectAll()
    .where('establishment_id', '=', establishmentId)
    .where('closed_at', 'is', null)
    .orderBy('table_number')
    .orderBy('opened_at')
    .execute();
}
