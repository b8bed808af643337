// The owner's edits of one product from the panel (docs/api.md 'Editing a product'): its name,
// description and price, and its picture. Like an import, a change is written, the establishment's
// pages are rendered again, and only then are its open pages told 'updated'.
import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { requestDeps as depsOf, requireEstablishmentCaller } from '../guards.ts';
import { ProductEditParams, PRODUCT_PICTURE_MAX_BYTES } from '../../../schemas/api-menu.ts';
import { getEstablishmentRow } from '../../db/orders-repo.ts';
import { editProduct, setProductPicture } from '../../services/menu.ts';
import { renderPagesAgain } from '../../catalogue-events.ts';
import { productUrls } from '../../catalogue-urls.ts';
import { routeBody, type Answer } from '../route-table.ts';
import { sniffImageType } from './users.ts';

/** The path of a product picture's upload, which may send more than the general body limit. */
export const PRODUCT_PICTURE_PATH = /^\/api\/establishments\/[A-Za-z0-9_-]{1,64}\/products\/[A-Za-z0-9_-]{1,64}\/picture$/;
/** The picture plus the multipart envelope. */
export const PRODUCT_PICTURE_MAX_BODY_BYTES = PRODUCT_PICTURE_MAX_BYTES + 64 * 1024;

/** The establishment (active) whose menu its own caller edits. */
async function ownMenu(c: Context<ApiEnv>, id: string): Promise<{ slug: string }> {
  await requireEstablishmentCaller(c, id);
  const est = await getEstablishmentRow(depsOf(c).db, id);
  if (est?.active !== 1) throw new ApiError(404, 'establishment_not_found');
  return { slug: est.slug };
}

export const menuRoutes = new Hono<ApiEnv>()
  .put('/establishments/:id/products/:productId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { id, productId } = validate(ProductEditParams, c.req.param(), 'params');
    const { slug } = await ownMenu(c, id);
    const body = await routeBody(c, 'PUT /establishments/:id/products/:productId');
    const product = await editProduct(depsOf(c).db, id, productId, body);
    await renderPagesAgain(c.get('deps').rerender, slug, await productUrls(depsOf(c).db, slug, productId));
    return c.json(product satisfies Answer<'PUT /establishments/:id/products/:productId'>);
  })
  .put('/establishments/:id/products/:productId/picture', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { id, productId } = validate(ProductEditParams, c.req.param(), 'params');
    const { slug } = await ownMenu(c, id);
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'unsupported_media_type');
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, 'invalid_body', [{ path: '(root)', code: 'multipart', message: 'body must be multipart/form-data' }]);
    }
    const file = form.picture;
    if (!(file instanceof File))
      throw new ApiError(400, 'invalid_body', [{ path: 'picture', code: 'required', message: 'picture must be one uploaded image' }]);
    if (file.size > PRODUCT_PICTURE_MAX_BYTES) throw new ApiError(413, 'payload_too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!sniffImageType(bytes)) throw new ApiError(415, 'unsupported_media_type');
    const { db, storage } = depsOf(c);
    const product = await setProductPicture(db, storage, id, productId, bytes);
    await renderPagesAgain(c.get('deps').rerender, slug, await productUrls(db, slug, productId));
    return c.json(product satisfies Answer<'PUT /establishments/:id/products/:productId/picture'>);
  });
