// Boundary schemas of the catalogue and tenancy calls (spec section 7, 'Establishment and
// catalogue'): path params, query strings and bodies, validated with arktype before any handler
// logic runs. Query values arrive as strings; the morphs below turn them into numbers,
// booleans and lists so handlers only see typed values.
import { type } from 'arktype';

const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Public ids (establishments, categories, products): permissive enough that an unknown id is a 404, not a 400. */
const id = /^[A-Za-z0-9_-]{1,64}$/;

/** 'true' | 'false' -> boolean. */
const flag = type("'true' | 'false'").pipe((s) => s === 'true');

/** 'lng,lat' -> [lng, lat] within the WGS84 ranges. */
export const LngLat = type(/^\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*$/).pipe((s, ctx) => {
  const [lng, lat] = s.split(',').map((part) => Number(part.trim())) as [number, number];
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return ctx.error('a longitude in -180..180 and a latitude in -90..90');
  return [lng, lat] as [number, number];
});

/** A comma list whose every entry is one of `allowed`; empty entries are ignored. */
function commaList<const T extends string>(allowed: readonly T[]) {
  return type('string').pipe((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = parts.filter((p) => !(allowed as readonly string[]).includes(p));
    if (unknown.length) return ctx.error(`a comma list of ${allowed.join(', ')} (unknown: ${unknown.join(', ')})`);
    return [...new Set(parts)] as T[];
  });
}

export const SlugParams = type({ slug });
export const DomainParams = type({ domain: /^[A-Za-z0-9.-]{1,253}$/ });
export const EstablishmentParams = type({ id });
export const CategoryParams = type({ id, categoryId: id });
export const ProductParams = type({ id, productId: id });
/** The sold-out switch of a product, and of one item of one of its variation groups (their catalogue keys). */
export const SoldOutProductParams = ProductParams;
export const SoldOutItemParams = type({ id, productId: id, variationId: id, itemId: id });

export const EstablishmentsQuery = type({
  'slug_area?': slug,
  'company?': slug,
  'lng_lat?': LngLat,
  'near?': flag,
  'intersect?': flag,
});
export type EstablishmentsQuery = typeof EstablishmentsQuery.infer;

/** Optional groups of GET /establishments/{id} (spec section 7). */
export const ESTABLISHMENT_FIELDS = [
  'design',
  'preferences',
  'company',
  'address',
  'has_free_delivery_tax_after_product_price',
  'hide_phone',
  'has_online_payment',
  'office_hours',
] as const;
export type EstablishmentField = (typeof ESTABLISHMENT_FIELDS)[number];
/** Always present in the establishment answer, whatever `fields` says. */
export const ESTABLISHMENT_BASE_FIELDS = ['_id', 'slug_area', 'name', 'active', 'is_open', 'time_zone'] as const;

export const EstablishmentQuery = type({ 'fields?': commaList(ESTABLISHMENT_FIELDS) });

export const DatetimeQuery = type({ 'establishment_id?': id, 'lng_lat?': LngLat });

export const CategoriesQuery = type({ 'type?': "'only_with_products' | 'tree'" });

/** Every key of a product answer (src/schemas/views.ts ProductView). */
export const PRODUCT_FIELDS = [
  '_id',
  'name',
  'desc',
  'image',
  'note',
  'price',
  'normal_price',
  'starting_price',
  'promo',
  'hide_price',
  'category_id',
  'sort',
  'delivery_type',
  'availabilities',
  'mandatory_schedule',
  'min_schedule_time',
  'packing_quantity',
  'accept_scheduling',
  'variations',
  'sold_out',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export const PRODUCT_PAGE_SIZE = 20;
export const PRODUCT_MAX_LIMIT = 100;

export const ProductsQuery = type({
  'category_id?': id,
  'fields?': commaList(PRODUCT_FIELDS),
  'accept_delivery?': flag,
  'accept_pickup?': flag,
  'sort?': "'sort' | 'name' | '-name' | 'price' | '-price'",
  'page?': type('string.integer.parse').to('number.integer >= 1'),
  'limit?': type('string.integer.parse').to(`1 <= number.integer <= ${PRODUCT_MAX_LIMIT}`),
  'q?': 'string <= 200',
});
export type ProductsQuery = typeof ProductsQuery.infer;

/** Optional fields of an order variation; only `image` is optional today. */
export const OrderVariationsQuery = type({ 'active?': flag, 'fields?': commaList(['image'] as const) });

export const FeedbackBody = type({
  message: type('string')
    .pipe((s) => s.trim())
    .to('1 <= string <= 2000'),
});
export type FeedbackBody = typeof FeedbackBody.infer;
