// Ordering at the table (docs/api.md 'Tables'): the establishment's tables, read by its staff and
// added, removed or given a new key by its owner (guards.ts STAFF_ROUTES: tables.read, tables.edit),
// and a table's tab closed by the staff who run the orders (orders.move). The establishment's own
// caller only: its API key or a staff session. The rules are src/server/services/tables.ts.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps, requireEstablishmentCaller } from '../guards.ts';
import { getEstablishmentRow } from '../../db/orders-repo.ts';
import type { Database } from '../../db/database.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { TableParams } from '../../../schemas/api-tables.ts';
import { closeTableTab, createTable, listTableViews, removeTable, renewTableKey } from '../../services/tables.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';

/** The active establishment's slug (its tables' QR codes open its store), or 404 establishment_not_found. */
async function storeSlug(db: Database, id: string): Promise<string> {
  const row = await getEstablishmentRow(db, id);
  if (row?.active !== 1) throw new ApiError(404, 'establishment_not_found');
  return row.slug;
}

/** A table's key passes through these answers: nothing of them is kept by a cache. */
function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}

export const tableRoutes = new Hono<ApiEnv>()
  .get('/establishments/:id/tables', async (c) => {
    const { db } = requestDeps(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const slug = await storeSlug(db, id);
    return c.json({ tables: await listTableViews(db, id, slug) } satisfies Answer<'GET /establishments/:id/tables'>);
  })
  .post('/establishments/:id/tables', async (c) => {
    const { db, now } = requestDeps(c);
    noStore(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const slug = await storeSlug(db, id);
    const body = await routeBody(c, 'POST /establishments/:id/tables');
    const { table, first } = await createTable(db, id, slug, body, now);
    // The first table: the pages now offer 'Consumir no local' at tables only (uses_tables).
    if (first) await renderPagesAgain(c.get('deps').rerender, slug);
    return c.json(table satisfies Answer<'POST /establishments/:id/tables'>, 201);
  })
  .delete('/establishments/:id/tables/:number', async (c) => {
    const { db } = requestDeps(c);
    noStore(c);
    const { id, number } = validate(TableParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const slug = await storeSlug(db, id);
    // The last table: 'Consumir no local' is offered to everyone again.
    if ((await removeTable(db, id, number)).last) await renderPagesAgain(c.get('deps').rerender, slug);
    return c.body(null, 204);
  })
  .post('/establishments/:id/tables/:number/key', async (c) => {
    const { db, now } = requestDeps(c);
    noStore(c);
    const { id, number } = validate(TableParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const slug = await storeSlug(db, id);
    return c.json((await renewTableKey(db, id, slug, number, now)) satisfies Answer<'POST /establishments/:id/tables/:number/key'>);
  })
  .post('/establishments/:id/tables/:number/close', async (c) => {
    const { db, now } = requestDeps(c);
    noStore(c);
    const { id, number } = validate(TableParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    await storeSlug(db, id);
    const body = await routeBody(c, 'POST /establishments/:id/tables/:number/close');
    const tab = await closeTableTab(db, id, number, body.tab_id, now);
    return c.json(tab satisfies Answer<'POST /establishments/:id/tables/:number/close'>);
  });
