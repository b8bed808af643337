// The establishment's order screen (docs/api.md 'The order screen'): its open orders and the day's,
// with their customers and the day's totals, in one read. Only the establishment's own callers.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps as depsOf, requireEstablishmentCaller } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { OrderBoardQuery } from '../../../schemas/api-order-board.ts';
import { getEstablishmentRow } from '../../db/orders-repo.ts';
import { readOrderBoard } from '../../services/order-board.ts';
import type { Answer } from '../route-table.ts';

export const orderBoardRoutes = new Hono<ApiEnv>().get('/establishments/:id/order-board', async (c) => {
  const { db, now } = depsOf(c);
  // Customers' names and phones: never kept by a cache.
  c.header('Cache-Control', 'private, no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  const query = validate(OrderBoardQuery, c.req.query(), 'query');
  await requireEstablishmentCaller(c, id);
  const est = await getEstablishmentRow(db, id);
  if (est?.active !== 1) throw new ApiError(404, 'establishment_not_found');
  return c.json((await readOrderBoard(db, est, now, query.day)) satisfies Answer<'GET /establishments/:id/order-board'>);
});
