// Kitchen capacity (docs/api.md 'Kitchen capacity'): the establishment's caps per 15-minute slot and
// delivery type, set with its API key or its owner's staff session (settings); the change is
// written, its pages rendered again and its open pages told, as the opening switch does. And the
// full slots of a day, public: times only, nothing of the orders or who placed them, kept by a
// cache for a few seconds (a slot filling meanwhile is still refused by the send, with the next one).
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps as depsOf, requireEstablishmentCaller } from '../guards.ts';
import { EstablishmentParams } from '../../../schemas/api-catalogue.ts';
import { FullSlotsQuery } from '../../../schemas/api-slot-capacity.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { getEstablishmentRow } from '../../db/orders-repo.ts';
import { fullSlotsOfDay, setSlotCapacity } from '../../services/slot-capacity.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';

/** How long a cache may keep a day's full slots, in seconds. */
export const FULL_SLOTS_MAX_AGE = 10;

export const slotCapacityRoutes = new Hono<ApiEnv>()
  .put('/establishments/:id/slot-capacity', async (c) => {
    const deps = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/slot-capacity');
    const { slug, slot_capacity } = await setSlotCapacity(deps.db, id, body, deps.now());
    const pages = await renderPagesAgain(deps.rerender, slug);
    return c.json({ slot_capacity, pages } satisfies Answer<'PUT /establishments/:id/slot-capacity'>);
  })
  .get('/establishments/:id/full-slots', async (c) => {
    const { db } = depsOf(c);
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validate(FullSlotsQuery, c.req.query(), 'query');
    const est = await getEstablishmentRow(db, id);
    if (est?.active !== 1) throw new ApiError(404, 'establishment_not_found');
    c.header('Cache-Control', `public, max-age=${FULL_SLOTS_MAX_AGE}`);
    return c.json((await fullSlotsOfDay(db, est, query)) satisfies Answer<'GET /establishments/:id/full-slots'>);
  });
