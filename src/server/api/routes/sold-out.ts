// The establishment's sold-out switch, with its API key (docs/api.md 'Sold out'; `npm run
// establishment -- sold-out|available <produto>`): the change is written, the establishment's pages
// are rendered again, and only then are its open pages told 'updated', exactly as the open-state
// switch (./opening.ts) does: an open product page and cart read the product again.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requireCaller } from '../guards.ts';
import { SoldOutItemParams, SoldOutProductParams } from '../../../schemas/api-catalogue.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { setSoldOut, type SoldOutTarget } from '../../services/sold-out.ts';
import { catalogueChanged } from '../../catalogue-events.ts';
import type { SoldOutAnswer } from '../../../schemas/api-sold-out.ts';

async function answer(c: Context<ApiEnv>, id: string, target: SoldOutTarget, soldOut: boolean): Promise<SoldOutAnswer> {
  const deps = c.get('deps');
  const { slug, state } = await setSoldOut(deps.db, id, target, soldOut, deps.now());
  let pages = 0;
  if (deps.rerender) pages = (await deps.rerender(slug)).pages;
  // An API-only process renders no pages; what it holds in memory about the establishment still goes.
  else catalogueChanged({ slug });
  return { ...state, pages };
}

/** The caller must be the establishment itself (its API key); a customer's session is refused. */
async function requireEstablishmentCaller(c: Context<ApiEnv>, id: string): Promise<void> {
  const caller = await requireCaller(c, id);
  if (caller.kind !== 'establishment') throw new ApiError(403, 'establishment_key_required');
}

export const soldOutRoutes = new Hono<ApiEnv>()
  .put('/establishments/:id/products/:productId/sold-out', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { id, productId } = validate(SoldOutProductParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/products/:productId/sold-out');
    return c.json((await answer(c, id, { productId }, body.sold_out)) satisfies Answer<'PUT /establishments/:id/products/:productId/sold-out'>);
  })
  .put('/establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { id, productId, variationId, itemId } = validate(SoldOutItemParams, c.req.param(), 'params');
    await requireEstablishmentCaller(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out');
    return c.json(
      (await answer(
        c,
        id,
        { productId, variationId, itemId },
        body.sold_out,
      )) satisfies Answer<'PUT /establishments/:id/products/:productId/variations/:variationId/items/:itemId/sold-out'>,
    );
  });
