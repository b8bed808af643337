// The establishment's sold-out switch, with its API key (docs/api.md 'Sold out'; `npm run
// establishment -- sold-out|available <produto>`): the change is written, the establishment's pages
// that show the product are rendered again, then its open pages are told 'updated' (an open product
// page and cart read the product again) and the answer goes; the rest of its pages are rendered
// after (src/server/serve-pages.ts).
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { validate } from '../errors.ts';
import { requireEstablishmentCaller } from '../guards.ts';
import { SoldOutItemParams, SoldOutProductParams } from '../../../schemas/api-catalogue.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { setSoldOut, type SoldOutTarget } from '../../services/sold-out.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';
import { productUrls } from '../../catalogue-urls.ts';
import type { SoldOutAnswer } from '../../../schemas/api-sold-out.ts';

async function answer(c: Context<ApiEnv>, id: string, target: SoldOutTarget, soldOut: boolean): Promise<SoldOutAnswer> {
  const deps = c.get('deps');
  const { slug, state } = await setSoldOut(deps.db, id, target, soldOut, deps.now());
  return { ...state, pages: await renderPagesAgain(deps.rerender, slug, await productUrls(deps.db, slug, target.productId)) };
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
