// The establishment's switch of its open state, with its API key (docs/api.md 'Open, closed,
// unavailable'; `npm run establishment`): the change is written, the establishment's pages are
// rendered again, and only then are its open pages told 'updated'.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requireEstablishmentCaller } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { setOpening } from '../../services/establishment-opening.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';

export const openingRoutes = new Hono<ApiEnv>().put('/establishments/:id/opening', async (c) => {
  const deps = c.get('deps');
  c.header('Cache-Control', 'no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  await requireEstablishmentCaller(c, id);
  const body = await routeBody(c, 'PUT /establishments/:id/opening');
  const { slug, state } = await setOpening(deps.db, id, body, deps.now());
  const pages = await renderPagesAgain(deps.rerender, slug);
  return c.json({ ...state, pages } satisfies Answer<'PUT /establishments/:id/opening'>);
});
