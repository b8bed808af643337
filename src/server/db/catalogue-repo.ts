// Reads and writes of the catalogue: companies, domains, establishments, categories, products,
// order variations (coupons and achievements: promotions-repo.ts). Reads return the API's shapes (src/schemas/views.ts); writes take the
// catalogue exchange format (src/schemas/catalogue.ts) and replace one establishment atomically.
import { sql, type Transaction } from 'kysely';
import type { Catalogue } from '../../schemas/catalogue.ts';
import type { CategoryView, CompanyView, EstablishmentSummary, EstablishmentView, OrderVariationView, ProductView } from '../../schemas/views.ts';
import type { Database } from './database.ts';
import { bool, catalogueIds, categoryAndProductRows, establishmentRow, orderVariationRows } from './catalogue-rows.ts';
import { safeTenantUrl } from '../../domain/tenant-url.ts';
import { establishmentTimeZone } from '../../domain/week-clock.ts';
import { replacePromotions } from './promotions-repo.ts';
import { hasTables } from './tables-repo.ts';
import type { DB, EstablishmentRow, ProductRow } from './types.ts';

/** Creates or replaces one establishment's catalogue (and its company and domains) in one transaction. */
export async function replaceCatalogue(db: Database, cat: Catalogue, now = new Date()): Promise<{ establishmentId: string; companyId: string }> {
  const { companyId, establishmentId } = catalogueIds(cat);
  const est = cat.establishment;
  await db.transaction().execute(async (trx) => {
    // A write first: SQLite then takes the write lock waiting out the busy timeout. A read first would
    // open a snapshot that a server's commit in between makes stale, and the upgrade to a write then
    // fails at once with 'database is locked' instead of waiting (two imports, or an import beside orders).
    await upsertCompany(trx, companyId, cat.company);
    await upsertEstablishment(trx, establishmentRow(cat, now));
    await deleteCatalogueRows(trx, establishmentId);
    await insertCatalogueRows(trx, cat, establishmentId);
    await replacePromotions(trx, { id: establishmentId, slug: est.slug, timeZone: est.time_zone }, cat.coupons, cat.achievements, now);
  });
  return { establishmentId, companyId };
}

/** The company's row, and its domains when the catalogue names them (a domain moves to it from any other company). */
async function upsertCompany(trx: Transaction<DB>, companyId: string, company: Catalogue['company']): Promise<void> {
  await trx
    .insertInto('companies')
    .values({ id: companyId, slug: company.slug, name: company.name })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: company.name }))
    .execute();
  if (!company.domains) return;
  await trx.deleteFrom('domains').where('company_id', '=', companyId).execute();
  for (const domain of company.domains) {
    await trx.deleteFrom('domains').where('domain', '=', domain).execute();
    await trx.insertInto('domains').values({ domain, company_id: companyId }).execute();
  }
}

/** Updates the establishment in its place in the company's list, or adds it last. */
async function upsertEstablishment(trx: Transaction<DB>, row: EstablishmentRow): Promise<void> {
  const existing = await trx.selectFrom('establishments').select(['id', 'sort']).where('slug', '=', row.slug).executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('establishments')
      .set({ ...row, sort: existing.sort })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  const last = await trx
    .selectFrom('establishments')
    .select(sql<number>`coalesce(max(sort), 0)`.as('m'))
    .where('company_id', '=', row.company_id)
    .executeTakeFirst();
  const sort = Number(last?.m ?? 0) + 1;
  await trx
    .insertInto('establishments')
    .values({ ...row, sort })
    .execute();
}

async function deleteCatalogueRows(trx: Transaction<DB>, establishmentId: string): Promise<void> {
  await trx.deleteFrom('products').where('establishment_id', '=', establishmentId).execute();
  await trx.deleteFrom('categories').where('establishment_id', '=', establishmentId).execute();
  await trx.deleteFrom('order_variations').where('establishment_id', '=', establishmentId).execute();
}

async function insertCatalogueRows(trx: Transaction<DB>, cat: Catalogue, establishmentId: string): Promise<void> {
  const { categoryRows, productRows } = categoryAndProductRows(cat, establishmentId);
  for (let i = 0; i < categoryRows.length; i += 100)
    await trx
      .insertInto('categories')
      .values(categoryRows.slice(i, i + 100))
      .execute();
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < productRows.length; i += 40)
    await trx
      .insertInto('products')
      .values(productRows.slice(i, i + 40))
      .execute();
  const variationRows = orderVariationRows(cat, establishmentId);
  if (variationRows.length) await trx.insertInto('order_variations').values(variationRows).execute();
}

// ---------------------------------------------------------------- reads

/**
 * A URL the establishment gave, as it may be rendered: rows imported before the import checked
 * them (or written by anything else) are filtered again on the way out, so no page or island ever
 * gets a `javascript:` link or a path the browser reads as another site (src/domain/tenant-url.ts).
 */
function tenantUrlOrNull(value: unknown): string | null {
  return typeof value === 'string' ? safeTenantUrl(value) : null;
}

/** An object's URL fields filtered, dropped when refused (optional fields stay optional). */
function withSafeUrls<T extends Record<string, unknown>>(record: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...record };
  for (const f of fields) {
    if (out[f] === undefined || out[f] === null) continue;
    const safe = tenantUrlOrNull(out[f]);
    if (safe === null) delete out[f];
    else out[f] = safe;
  }
  return out as T;
}

/** An establishment row's JSON columns read, its open mode typed and its zone resolved: the one reading of the row, for the views below and the order rules (src/server/services/orders.ts). */
export interface DecodedEstablishment {
  /** As stored, URLs unfiltered: the view filters the ones it sends. */
  preferences: Record<string, unknown>;
  address: EstablishmentView['address'];
  design: Record<string, unknown>;
  officeHours: { wday: number; start_at: number; stop_at: number }[];
  openMode: EstablishmentView['open_mode'];
  /** The establishment's zone, or the default one when it has none (establishmentTimeZone). */
  timeZone: string;
}

export function decodeEstablishment(row: EstablishmentRow): DecodedEstablishment {
  return {
    preferences: JSON.parse(row.preferences) as Record<string, unknown>,
    address: JSON.parse(row.address) as EstablishmentView['address'],
    design: JSON.parse(row.design) as Record<string, unknown>,
    officeHours: JSON.parse(row.office_hours) as DecodedEstablishment['officeHours'],
    openMode: row.is_open as EstablishmentView['open_mode'],
    timeZone: establishmentTimeZone(row.time_zone),
  };
}

function toEstablishmentView(row: EstablishmentRow, company: CompanyView, usesTables: boolean): EstablishmentView {
  const decoded = decodeEstablishment(row);
  const preferences = withSafeUrls(decoded.preferences, ['terms_url', 'privacy_url']);
  return {
    _id: row.id,
    slug_area: row.slug,
    name: row.name,
    active: row.active === 1,
    open_mode: decoded.openMode,
    time_zone: row.time_zone,
    kind: row.kind as EstablishmentView['kind'],
    company,
    address: decoded.address,
    design: withSafeUrls(decoded.design, ['icon', 'cover']) as EstablishmentView['design'],
    preferences: preferences as EstablishmentView['preferences'],
    office_hours: decoded.officeHours.map((h, i) => ({
      _id: `${row.id}-${i}`,
      ...h,
    })),
    has_free_delivery_tax_after_product_price: row.has_free_delivery_tax_after_product_price === 1,
    hide_phone: row.hide_phone === 1,
    // The phone leaves the server only when the establishment publishes it.
    phone: row.hide_phone === 1 ? null : row.phone,
    has_online_payment: Boolean(preferences.has_online_payment),
    uses_tables: usesTables,
    updated_at: row.updated_at,
  };
}

async function companyById(db: Database, id: string): Promise<CompanyView | undefined> {
  const c = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) return undefined;
  const domains = await db.selectFrom('domains').select('domain').where('company_id', '=', id).orderBy('domain').execute();
  return { _id: c.id, slug: c.slug, name: c.name, domains: domains.map((d) => d.domain) };
}

export async function getCompanyBySlug(db: Database, slug: string): Promise<CompanyView | undefined> {
  const c = await db.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirst();
  return c ? companyById(db, c.id) : undefined;
}

export async function getCompanyByDomain(db: Database, domain: string): Promise<CompanyView | undefined> {
  const d = await db.selectFrom('domains').select('company_id').where('domain', '=', domain.toLowerCase()).executeTakeFirst();
  return d ? companyById(db, d.company_id) : undefined;
}

export async function getEstablishment(db: Database, by: { id?: string; slug?: string }): Promise<EstablishmentView | undefined> {
  let q = db.selectFrom('establishments').selectAll();
  if (by.id) q = q.where('id', '=', by.id);
  else if (by.slug) q = q.where('slug', '=', by.slug);
  else return undefined;
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const [company, usesTables] = await Promise.all([companyById(db, row.company_id), hasTables(db, row.id)]);
  return company && toEstablishmentView(row, company, usesTables);
}

/** Establishments for pickers and the unit switcher, in the company's order. */
export async function listEstablishments(db: Database, filter: { companyId?: string; activeOnly?: boolean } = {}): Promise<EstablishmentSummary[]> {
  let q = db
    .selectFrom('establishments')
    .innerJoin('companies', 'companies.id', 'establishments.company_id')
    .select([
      'establishments.id',
      'establishments.slug',
      'establishments.name',
      'establishments.active',
      'establishments.address',
      'establishments.design',
      'establishments.company_id',
      'companies.slug as company_slug',
      'companies.name as company_name',
    ])
    .orderBy('companies.name')
    .orderBy('establishments.sort');
  if (filter.companyId) q = q.where('establishments.company_id', '=', filter.companyId);
  if (filter.activeOnly) q = q.where('establishments.active', '=', 1);
  const rows = await q.execute();
  return rows.map((r) => {
    const address = JSON.parse(r.address) as EstablishmentSummary['address'];
    return {
      _id: r.id,
      slug_area: r.slug,
      name: r.name,
      active: r.active === 1,
      address,
      // The address's own position, exact: PostgreSQL's real lng/lat columns keep ~7 digits, and the
      // delivery rules must measure from the same point in every answer (src/domain/delivery-fee.ts).
      lng_lat: address.lng_lat,
      icon: tenantUrlOrNull(JSON.parse(r.design).icon),
      company: { _id: r.company_id, slug: r.company_slug, name: r.company_name },
    };
  });
}

export async function listCategories(db: Database, establishmentId: string, opts: { onlyWithProducts?: boolean } = {}): Promise<CategoryView[]> {
  const rows = await db
    .selectFrom('categories')
    .leftJoin('products', 'products.category_id', 'categories.id')
    .select([
      'categories.id',
      'categories.parent_id',
      'categories.name',
      'categories.description',
      'categories.sort',
      (eb) => eb.fn.count<number>('products.id').as('product_count'),
    ])
    .where('categories.establishment_id', '=', establishmentId)
    .groupBy(['categories.id', 'categories.parent_id', 'categories.name', 'categories.description', 'categories.sort'])
    .orderBy('categories.sort')
    .execute();
  return rows
    .map((r) => ({
      _id: r.id,
      name: r.name,
      desc: r.description,
      parent_id: r.parent_id,
      sort: r.sort,
      product_count: Number(r.product_count),
    }))
    .filter((c) => !opts.onlyWithProducts || c.product_count > 0);
}

export async function getCategory(db: Database, establishmentId: string, categoryId: string): Promise<CategoryView | undefined> {
  return (await listCategories(db, establishmentId)).find((c) => c._id === categoryId);
}

export function toProductView(r: ProductRow): ProductView {
  return {
    _id: r.id,
    name: r.name,
    desc: r.description,
    image: tenantUrlOrNull(r.image),
    note: r.note,
    price: r.price,
    normal_price: r.normal_price,
    starting_price: r.starting_price === 1,
    promo: r.promo === 1,
    hide_price: r.hide_price === 1,
    category_id: r.category_id,
    sort: r.sort,
    delivery_type: JSON.parse(r.delivery_type),
    availabilities: JSON.parse(r.availabilities),
    mandatory_schedule: r.mandatory_schedule === 1,
    min_schedule_time: r.min_schedule_time,
    packing_quantity: r.packing_quantity,
    accept_scheduling: r.accept_scheduling === 1,
    variations: JSON.parse(r.variations),
    sold_out: r.sold_out === 1,
  };
}

export interface ProductQuery {
  categoryId?: string;
  acceptDelivery?: boolean;
  acceptPickup?: boolean;
  promoOnly?: boolean;
  sort?: 'sort' | 'name' | '-name' | 'price' | '-price';
  page?: number;
  limit?: number;
}

/** One page of products plus the total count of the filter (a text search is src/server/search's). */
export async function listProducts(db: Database, establishmentId: string, query: ProductQuery = {}): Promise<{ items: ProductView[]; total: number }> {
  let q = db.selectFrom('products').where('establishment_id', '=', establishmentId);
  if (query.categoryId) q = q.where('category_id', '=', query.categoryId);
  if (query.promoOnly) q = q.where('promo', '=', 1);
  if (query.acceptDelivery) q = q.where('delivery_type', 'like', '%"delivery"%');
  if (query.acceptPickup) q = q.where('delivery_type', 'like', '%"pickup"%');
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  let page = q.selectAll();
  const sort = query.sort ?? 'sort';
  if (sort === 'name') page = page.orderBy('name', 'asc');
  else if (sort === '-name') page = page.orderBy('name', 'desc');
  else if (sort === 'price') page = page.orderBy('price', 'asc');
  else if (sort === '-price') page = page.orderBy('price', 'desc');
  // Menu order: the category's position, then the product's position in it.
  else
    page = page.orderBy((eb) => eb.selectFrom('categories').select('categories.sort').whereRef('categories.id', '=', 'products.category_id')).orderBy('sort');
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const rows = await page.orderBy('id').limit(limit).offset(offset).execute();
  return { items: rows.map(toProductView), total };
}

/** Every product of an establishment in menu order (category order, then product order). */
export async function listAllProducts(db: Database, establishmentId: string): Promise<ProductView[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .where('products.establishment_id', '=', establishmentId)
    .orderBy('categories.sort')
    .orderBy('products.sort')
    .execute();
  return rows.map(toProductView);
}

export async function getProduct(db: Database, establishmentId: string, productId: string): Promise<ProductView | undefined> {
  const row = await db.selectFrom('products').selectAll().where('establishment_id', '=', establishmentId).where('id', '=', productId).executeTakeFirst();
  return row && toProductView(row);
}

export async function listOrderVariations(db: Database, establishmentId: string, opts: { activeOnly?: boolean } = {}): Promise<OrderVariationView[]> {
  let q = db.selectFrom('order_variations').selectAll().where('establishment_id', '=', establishmentId);
  if (opts.activeOnly) q = q.where('active', '=', 1);
  const rows = await q.orderBy('sort').execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    layout: r.layout as OrderVariationView['layout'],
    min: r.min,
    max: r.max,
    price: r.price,
    price_rule: r.price_rule,
    active: r.active === 1,
    image: tenantUrlOrNull(r.image),
    items: (JSON.parse(r.items) as Record<string, unknown>[]).map((item) => withSafeUrls(item, ['image'])) as OrderVariationView['items'],
  }));
}

export async function insertFeedback(db: Database, row: { id: string; establishment_id: string; message: string; created_at: string }): Promise<void> {
  await db.insertInto('feedbacks').values(row).execute();
}

/** What each active establishment has switched on that needs a real provider (the start-up check, src/server/deployment.ts). */
export async function activeEstablishmentPaymentSwitches(db: Database): Promise<{ slug: string; cards: boolean; pix: boolean }[]> {
  const rows = await db.selectFrom('establishments').select(['slug', 'preferences']).where('active', '=', 1).orderBy('slug').execute();
  return rows.map((r) => {
    const prefs = JSON.parse(r.preferences) as { has_online_payment?: boolean; has_pix_payment?: boolean };
    return { slug: r.slug, cards: prefs.has_online_payment === true, pix: prefs.has_pix_payment === true };
  });
}

/** Every product of the establishment with its category's name and sort, in menu order: what a search index is built from. */
export async function listSearchableProducts(db: Database, establishmentId: string) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.description',
      'products.category_id',
      'products.sort',
      'products.price',
      'products.promo',
      'products.delivery_type',
      'products.availabilities',
      'categories.name as category_name',
      'categories.sort as category_sort',
    ])
    .where('products.establishment_id', '=', establishmentId)
    .orderBy('categories.sort')
    .orderBy('products.sort')
    .orderBy('products.id')
    .execute();
}

/** Rolls a sold-out change back when what it names is missing (nothing of it is written). */
class Missing extends Error {
  readonly what: 'product' | 'item';
  constructor(what: 'product' | 'item') {
    super(what);
    this.what = what;
  }
}

/**
 * Runs a sold-out change in one transaction that first takes the establishment's row (its pages'
 * date changes with them, for the sitemap): every change of one establishment's menu, an import's
 * included, takes that row first, so they queue instead of deadlocking on PostgreSQL, and in SQLite
 * the write lock is held from the start.
 */
async function soldOutChange<T>(
  db: Database,
  establishmentId: string,
  now: Date,
  change: (trx: Transaction<DB>) => Promise<T>,
): Promise<T | { not_found: 'product' | 'item' }> {
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.updateTable('establishments').set({ updated_at: now.toISOString() }).where('id', '=', establishmentId).execute();
      return change(trx);
    });
  } catch (err) {
    if (err instanceof Missing) return { not_found: err.what };
    throw err;
  }
}

/**
 * Marks a product sold out or on sale again (the establishment's tap, docs/api.md 'Sold out'):
 * one update, so any number of taps at once end with the last one's value. Answers the product as
 * it now is, or what is missing.
 */
export async function setProductSoldOut(
  db: Database,
  establishmentId: string,
  productId: string,
  soldOut: boolean,
  now: Date,
): Promise<{ product: ProductView } | { not_found: 'product' | 'item' }> {
  return soldOutChange(db, establishmentId, now, async (trx) => {
    const done = await trx
      .updateTable('products')
      .set({ sold_out: bool(soldOut) })
      .where('establishment_id', '=', establishmentId)
      .where('id', '=', productId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new Missing('product');
    const row = await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    return { product: toProductView(row) };
  });
}

/**
 * Marks one item of a product's variation group sold out or on sale again. The items live in the
 * product's variations JSON: read, changed and written inside the transaction that holds the
 * establishment's row, so taps on items of one product at once never undo each other.
 */
export async function setVariationItemSoldOut(
  db: Database,
  establishmentId: string,
  target: { productId: string; variationId: string; itemId: string },
  soldOut: boolean,
  now: Date,
): Promise<{ product: ProductView } | { not_found: 'product' | 'item' }> {
  return soldOutChange(db, establishmentId, now, async (trx) => {
    const row = await trx
      .selectFrom('products')
      .selectAll()
      .where('establishment_id', '=', establishmentId)
      .where('id', '=', target.productId)
      .executeTakeFirst();
    if (!row) throw new Missing('product');
    const groups = JSON.parse(row.variations) as { _id: string; items: { _id: string; sold_out?: boolean }[] }[];
    const item = groups.find((g) => g._id === target.variationId)?.items.find((i) => i._id === target.itemId);
    if (!item) throw new Missing('item');
    // On sale is the item without the key, as a catalogue file without it says.
    if (soldOut) item.sold_out = true;
    else delete item.sold_out;
    const variations = JSON.stringify(groups);
    if (variations !== row.variations) await trx.updateTable('products').set({ variations }).where('id', '=', target.productId).execute();
    return { product: toProductView({ ...row, variations }) };
  });
}
