// What the Astro pages load from the database, in one place, so each page does one call.
import { config } from './config.ts';
import { getCompanyByDomain, getEstablishment, listAllProducts, listCategories, listEstablishments } from './db/catalogue-repo.ts';
import { getDatabase } from './db/database.ts';
import { searchCatalogue } from './search/catalogue-search.ts';
import type { CategoryView, CompanyView, EstablishmentSummary, EstablishmentView, ProductView } from '../schemas/views.ts';

export interface StoreData {
  establishment: EstablishmentView;
  /** Every active establishment of the same company, for the unit switcher (includes this one). */
  siblings: EstablishmentSummary[];
  /** Origin used in canonical URLs: the company's custom domain when it has one. */
  canonicalOrigin: string;
}

export interface CatalogueSection {
  category: CategoryView;
  products: ProductView[];
}

export type HostKind = { kind: 'product' } | { kind: 'custom'; company: CompanyView } | { kind: 'unknown' };

const productHost = () => new URL(config.publicOrigin).host;

/** Whether a request host is the product's own host, a tenant's custom domain, or neither. */
export async function resolveHost(host: string): Promise<HostKind> {
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  const productBare = productHost().replace(/:\d+$/, '');
  if (bare === productBare || bare === 'localhost' || bare === '127.0.0.1') return { kind: 'product' };
  const { db } = await getDatabase();
  const company = await getCompanyByDomain(db, bare);
  return company ? { kind: 'custom', company } : { kind: 'unknown' };
}

/** Canonical origin of a company: its first custom domain (same scheme and port as PUBLIC_ORIGIN) or the product's. */
export function canonicalOriginFor(company: CompanyView): string {
  const domain = company.domains?.[0];
  if (!domain) return config.publicOrigin;
  const u = new URL(config.publicOrigin);
  return `${u.protocol}//${domain}${u.port ? `:${u.port}` : ''}`;
}

/** The establishment behind a slug with its siblings; undefined when unknown or inactive. */
export async function loadStore(slug: string): Promise<StoreData | undefined> {
  const { db } = await getDatabase();
  const establishment = await getEstablishment(db, { slug });
  if (!establishment?.active) return undefined;
  const siblings = await listEstablishments(db, { companyId: establishment.company._id, activeOnly: true });
  return { establishment, siblings, canonicalOrigin: canonicalOriginFor(establishment.company) };
}

/** Categories with their products in menu order (categories without products left out). */
export async function loadCatalogue(establishmentId: string): Promise<CatalogueSection[]> {
  const { db } = await getDatabase();
  const [categories, products] = await Promise.all([listCategories(db, establishmentId, { onlyWithProducts: true }), listAllProducts(db, establishmentId)]);
  const byCategory = new Map<string, ProductView[]>();
  for (const p of products) {
    const list = byCategory.get(p.category_id) ?? [];
    list.push(p);
    byCategory.set(p.category_id, list);
  }
  return categories.map((category) => ({ category, products: byCategory.get(category._id) ?? [] }));
}

/** Products matching a customer's search, most relevant first (src/server/search), at most `limit`. */
export async function searchProducts(establishmentId: string, q: string, limit = 100): Promise<ProductView[]> {
  const { db } = await getDatabase();
  return (await searchCatalogue(db, establishmentId, { q, limit })).items;
}

/** Establishments a picker offers: the company's on its custom domain, every active one on the product host. */
export async function loadPickerEstablishments(host: HostKind): Promise<EstablishmentSummary[]> {
  const { db } = await getDatabase();
  if (host.kind === 'custom') return listEstablishments(db, { companyId: host.company._id, activeOnly: true });
  return listEstablishments(db, { activeOnly: true });
}

export type StorePage = { ok: true; store: StoreData; sections: CatalogueSection[] } | { ok: false; redirect: string };

/**
 * What a store page needs (the establishment and its menu) or where to send the visitor instead:
 * /invalid-slug for an unknown or inactive slug [R-2.35], /error when loading fails (decisions #4).
 */
export async function loadStorePage(slug: string, page: string): Promise<StorePage> {
  try {
    const store = await loadStore(slug);
    if (!store) return { ok: false, redirect: '/invalid-slug' };
    return { ok: true, store, sections: await loadCatalogue(store.establishment._id) };
  } catch (err) {
    console.error('[page]', page, slug, err);
    return { ok: false, redirect: '/error' };
  }
}
