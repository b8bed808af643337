// The one read a search index is built from: the establishment's slug (the catalogue-change signal
// names establishments by slug) and time zone, and every product with its category, in menu order.
import type { Database } from '../db/database.ts';
import { listSearchableProducts } from '../db/catalogue-repo.ts';
import { getEstablishmentSlugAndZone } from '../db/establishments-repo.ts';
import type { SearchDocument } from './product-index.ts';

export interface SearchSource {
  slug: string;
  timeZone: string;
  documents: SearchDocument[];
}

/** What an establishment's index is built from; undefined for an unknown establishment. */
export async function loadSearchSource(db: Database, establishmentId: string): Promise<SearchSource | undefined> {
  const est = await getEstablishmentSlugAndZone(db, establishmentId);
  if (!est) return undefined;
  const rows = await listSearchableProducts(db, establishmentId);
  return {
    slug: est.slug,
    timeZone: est.time_zone,
    documents: rows.map((r) => ({
      id: r.id,
      name: r.name,
      desc: r.description,
      category: r.category_name,
      categoryId: r.category_id,
      categorySort: Number(r.category_sort),
      sort: Number(r.sort),
      price: Number(r.price),
      promo: Number(r.promo) === 1,
      deliveryTypes: JSON.parse(r.delivery_type),
      availabilities: JSON.parse(r.availabilities),
    })),
  };
}
