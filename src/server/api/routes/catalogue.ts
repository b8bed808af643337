// Catalogue calls of one establishment (spec section 7, 'Establishment and catalogue'):
// discounted products, categories (flat, only with products, or as a tree), products (filtered,
// searched, sorted, paginated), order variations and feedbacks. Every nested route answers
// 404 establishment_not_found for an unknown or inactive establishment.
import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiError, validate } from '../errors.ts';
import { getCategory, getProduct, listAllProducts, listCategories, listOrderVariations, listProducts } from '../../db/catalogue-repo.ts';
import type { CategoryView, ProductView, ProductsAnswer } from '../../../schemas/views.ts';
import {
  CategoriesQuery,
  CategoryParams,
  EstablishmentParams,
  FeedbackBody,
  OrderVariationsQuery,
  PRODUCT_PAGE_SIZE,
  ProductParams,
  ProductsQuery,
  type ProductField,
} from '../../../schemas/api-catalogue.ts';
import { requestClientAddress, requireEstablishment } from '../guards.ts';
import { sendContactMessage } from '../../services/feedback.ts';
import { searchCatalogue } from '../../search/catalogue-search.ts';
import { catalogueAnswer } from '../../cache/api-answers.ts';
import { validatedQuery } from '../../cache/query-memo.ts';
import type { Answer } from '../route-table.ts';

/** Nests categories under their parents, keeping the flat order among siblings; orphans stay at the top. */
export function categoryTree(flat: readonly CategoryView[]): CategoryView[] {
  const byId = new Map<string, CategoryView>(flat.map((c) => [c._id, { ...c, children: [] }]));
  const roots: CategoryView[] = [];
  for (const c of flat) {
    const node = byId.get(c._id)!;
    const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
    if (parent && parent !== node) parent.children!.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Keeps only `fields` of a product (and always _id). */
export function pickProductFields(p: ProductView, fields: readonly ProductField[]): Partial<ProductView> {
  const out: Record<string, unknown> = { _id: p._id };
  for (const f of fields) out[f] = p[f];
  return out as Partial<ProductView>;
}

export const catalogueRoutes = new Hono<ApiEnv>()
  // Products on promotion, in menu order.
  .get('/establishments/:id/discounted-products', async (c) => {
    const { db, catalogueCache } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const est = await requireEstablishment(db, id, catalogueCache);
    return catalogueAnswer(c, est, 'discounted-products', async () => (await listAllProducts(db, est._id)).filter((p) => p.promo));
  })
  // Categories: all (flat), only_with_products, or a tree.
  .get('/establishments/:id/categories', async (c) => {
    const { db, catalogueCache } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validatedQuery<typeof CategoriesQuery.infer>(CategoriesQuery, c);
    const est = await requireEstablishment(db, id, catalogueCache);
    return catalogueAnswer(c, est, `categories\0${query.type ?? ''}`, async () => {
      const flat = await listCategories(db, est._id, { onlyWithProducts: query.type === 'only_with_products' });
      return query.type === 'tree' ? categoryTree(flat) : flat;
    });
  })
  // One category.
  .get('/establishments/:id/categories/:categoryId', async (c) => {
    const { db, catalogueCache } = c.get('deps');
    const { id, categoryId } = validate(CategoryParams, c.req.param(), 'params');
    const est = await requireEstablishment(db, id, catalogueCache);
    // A 404 is thrown, never held: unknown ids are unbounded.
    return catalogueAnswer(c, est, `category\0${categoryId}`, async () => {
      const category = await getCategory(db, est._id, categoryId);
      if (!category) throw new ApiError(404, 'category_not_found');
      return category;
    });
  })
  // Products: filters, text search only for a non-empty q (decisions #21), sort, pages of 20 by default.
  // With q the matches come from the establishment's search index (src/server/search), relevance first unless sort says otherwise.
  .get('/establishments/:id/products', async (c) => {
    const { db, now, catalogueCache } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validatedQuery<typeof ProductsQuery.infer>(ProductsQuery, c);
    const est = await requireEstablishment(db, id, catalogueCache);
    const page = query.page ?? 1;
    const limit = query.limit ?? PRODUCT_PAGE_SIZE;
    const q = query.q?.trim();
    const filters = {
      categoryId: query.category_id,
      acceptDelivery: query.accept_delivery === true,
      acceptPickup: query.accept_pickup === true,
      sort: query.sort,
      page,
      limit,
    };
    const fields = query.fields;
    const list = async (): Promise<ProductsAnswer<Partial<ProductView>>> => {
      const { items, total } = q ? await searchCatalogue(db, est._id, { ...filters, q }, now()) : await listProducts(db, est._id, filters);
      const full = { items, total, page, limit } satisfies Answer<'GET /establishments/:id/products'>;
      return fields?.length ? { ...full, items: items.map((p) => pickProductFields(p, fields)) } : full;
    };
    // Searches are not held: each text typed is a new key, most asked once.
    if (q) return c.json(await list());
    const key = [
      'products',
      query.category_id ?? '',
      query.accept_delivery === true,
      query.accept_pickup === true,
      query.sort ?? 'sort',
      page,
      limit,
      fields?.join(',') ?? '',
    ].join('\0');
    return catalogueAnswer(c, est, key, list);
  })
  // One product.
  .get('/establishments/:id/products/:productId', async (c) => {
    const { db, catalogueCache } = c.get('deps');
    const { id, productId } = validate(ProductParams, c.req.param(), 'params');
    const est = await requireEstablishment(db, id, catalogueCache);
    return catalogueAnswer(c, est, `product\0${productId}`, async (): Promise<Answer<'GET /establishments/:id/products/:productId'>> => {
      const product = await getProduct(db, est._id, productId);
      if (!product) throw new ApiError(404, 'product_not_found');
      return product;
    });
  })
  // Order variations; active=true keeps active ones, image only with fields=image.
  .get('/establishments/:id/order-variations', async (c) => {
    const { db, catalogueCache } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const query = validatedQuery<typeof OrderVariationsQuery.infer>(OrderVariationsQuery, c);
    const est = await requireEstablishment(db, id, catalogueCache);
    const withImage = query.fields?.includes('image') ?? false;
    return catalogueAnswer(c, est, `order-variations\0${query.active === true}\0${withImage}`, async () => {
      const variations: Answer<'GET /establishments/:id/order-variations'> = await listOrderVariations(db, est._id, { activeOnly: query.active === true });
      return variations.map(({ image, ...rest }) => (withImage ? { ...rest, image } : rest));
    });
  })
  // A visitor's message from the contact page: anonymous, so limited per client address and per establishment.
  .post('/establishments/:id/feedbacks', async (c) => {
    const { db, now } = c.get('deps');
    const { id } = validate(EstablishmentParams, c.req.param(), 'params');
    const body = validate(FeedbackBody, await c.req.json(), 'body');
    const est = await requireEstablishment(db, id);
    const feedbackId = await sendContactMessage(db, { establishmentId: est._id, clientAddress: requestClientAddress(c), message: body.message, now: now() });
    return c.json({ _id: feedbackId }, 201);
  });
