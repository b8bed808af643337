// The catalogue exchange format (src/schemas/catalogue.ts) as the rows replaceCatalogue
// (catalogue-repo.ts) writes: pure, every id stable (ids.ts), so an import of the same catalogue
// writes the same rows.
import type { Catalogue, Category, Product } from '../../schemas/catalogue.ts';
import { stableId } from './ids.ts';
import type { CategoryRow, EstablishmentRow, OrderVariationRow, ProductRow } from './types.ts';

export const bool = (v: boolean) => (v ? 1 : 0);

/** The company's and the establishment's ids. */
export function catalogueIds(cat: Catalogue): { companyId: string; establishmentId: string } {
  return { companyId: stableId('company', cat.company.slug), establishmentId: stableId('establishment', cat.establishment.slug) };
}

/** The establishment's row, its place in the company's list (sort) still to be set. */
export function establishmentRow(cat: Catalogue, now: Date): EstablishmentRow {
  const { companyId, establishmentId } = catalogueIds(cat);
  const est = cat.establishment;
  return {
    id: establishmentId,
    company_id: companyId,
    slug: est.slug,
    name: est.name,
    active: bool(est.active),
    is_open: est.is_open,
    time_zone: est.time_zone,
    kind: est.kind,
    phone: est.phone,
    hide_phone: bool(est.hide_phone),
    has_free_delivery_tax_after_product_price: bool(est.has_free_delivery_tax_after_product_price),
    address: JSON.stringify(est.address),
    lng: est.address.lng_lat[0],
    lat: est.address.lng_lat[1],
    design: JSON.stringify(est.design),
    preferences: JSON.stringify(est.preferences),
    office_hours: JSON.stringify(est.office_hours),
    sort: 0,
    updated_at: now.toISOString(),
  };
}

function productRow(p: Product, slug: string, establishmentId: string, categoryId: string, pi: number): ProductRow {
  return {
    id: stableId('product', slug, p._id),
    establishment_id: establishmentId,
    category_id: categoryId,
    name: p.name,
    description: p.desc,
    image: p.image ?? null,
    note: p.note ?? null,
    price: p.price,
    normal_price: p.normal_price ?? null,
    starting_price: bool(p.starting_price),
    promo: bool(p.promo),
    hide_price: bool(p.hide_price),
    sort: pi,
    delivery_type: JSON.stringify(p.delivery_type),
    availabilities: JSON.stringify(p.availabilities),
    mandatory_schedule: bool(p.mandatory_schedule),
    min_schedule_time: p.min_schedule_time,
    packing_quantity: p.packing_quantity,
    accept_scheduling: bool(p.accept_scheduling),
    variations: JSON.stringify(p.variations),
    sold_out: bool(p.sold_out),
  };
}

function categoryRow(c: Category, ci: number, slug: string, establishmentId: string): CategoryRow {
  return {
    id: stableId('category', slug, c._id),
    establishment_id: establishmentId,
    parent_id: c.parent ? stableId('category', slug, c.parent) : null,
    name: c.name,
    description: c.desc ?? '',
    sort: ci,
  };
}

/** The categories' rows in the catalogue's order, and their products' in each category's. */
export function categoryAndProductRows(cat: Catalogue, establishmentId: string): { categoryRows: CategoryRow[]; productRows: ProductRow[] } {
  const slug = cat.establishment.slug;
  const categoryRows = cat.categories.map((c, ci) => categoryRow(c, ci, slug, establishmentId));
  const productRows = cat.categories.flatMap((c, ci) => c.products.map((p, pi) => productRow(p, slug, establishmentId, categoryRows[ci]!.id, pi)));
  return { categoryRows, productRows };
}

export function orderVariationRows(cat: Catalogue, establishmentId: string): OrderVariationRow[] {
  const est = cat.establishment;
  return cat.order_variations.map((v, vi) => ({
    id: stableId('order-variation', est.slug, v._id),
    establishment_id: establishmentId,
    name: v.name,
    layout: v.layout,
    min: v.min,
    max: v.max,
    price: v.price,
    price_rule: v.price_rule,
    active: bool(v.active),
    image: v.image ?? null,
    items: JSON.stringify(v.items),
    sort: vi,
  }));
}
