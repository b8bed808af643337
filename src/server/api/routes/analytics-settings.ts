// The establishment's own analytics ids (docs/api.md 'The establishment's analytics'), set with its
// API key or its owner's panel session (settings): the change is written, the establishment's pages
// rendered again (they carry the ids, and their script policy follows), and its open pages told.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requireEstablishmentCaller } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { setAnalyticsIds } from '../../services/analytics-settings.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';

export const analyticsSettingsRoutes = new Hono<ApiEnv>().put('/establishments/:id/analytics', async (c) => {
  const deps = c.get('deps');
  c.header('Cache-Control', 'no-store');
  const { id } = validate(EstablishmentParams, c.req.param(), 'params');
  await requireEstablishmentCaller(c, id);
  const body = await routeBody(c, 'PUT /establishments/:id/analytics');
  const { slug, ids } = await setAnalyticsIds(deps.db, id, body, deps.now());
  const pages = await renderPagesAgain(deps.rerender, slug);
  return c.json({ ...ids, pages } satisfies Answer<'PUT /establishments/:id/analytics'>);
});
