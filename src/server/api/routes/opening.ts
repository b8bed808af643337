// The establishment's switch of its open state, with its API key (docs/api.md 'Open, closed,
// unavailable'; `npm run establishment`): the change is written, the establishment's pages are
// rendered again, and only then are its open pages told 'updated'.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requireCaller } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { setOpening } from '../../services/establishment-opening.ts';
import { catalogueChanged } from '../../catalogue-events.ts';

export const openingRoutes = new Hono<ApiEnv>().put('/establishments/:id/opening', async (c) => {
  const deps = c.get('deps');
  c.header('Cache-Control', 'no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  const caller = await requireCaller(c, id);
  if (caller.kind !== 'establishment') throw new ApiError(403, 'establishment_key_required');
  const body = await routeBody(c, 'PUT /establishments/:id/opening');
  const { slug, state } = await setOpening(deps.db, id, body, deps.now());
  let pages = 0;
  if (deps.rerender) pages = (await deps.rerender(slug)).pages;
  // An API-only process renders no pages; what it holds in memory about the establishment still goes.
  else catalogueChanged({ slug });
  return c.json({ ...state, pages } satisfies Answer<'PUT /establishments/:id/opening'>);
});
