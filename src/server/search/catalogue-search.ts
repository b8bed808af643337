// Text search over one establishment's catalogue, for the products call (GET products?q=) and the
// search results page (the home with ?q=): the same answers on SQLite and PostgreSQL, because the
// matching and the order are computed here, in memory, from an index built from the database on the
// establishment's first search (src/server/search/product-index.ts says what matches and in which
// order). The index is dropped when the catalogue changes (src/server/catalogue-events.ts); the
// products of the answered page are then read from the database, so what is shown is current.
import { Temporal } from '../../domain/time.ts';
import type { ProductView } from '../../schemas/views.ts';
import { onCatalogueChanged } from '../catalogue-events.ts';
import type { Database } from '../db/database.ts';
import { getProductsByIds } from '../db/orders-repo.ts';
import { loadSearchSource } from './documents.ts';
import { SearchIndexCache } from './index-cache.ts';
import { buildProductIndex, type SearchFilters, type SearchSort } from './product-index.ts';

/**
 * The most products the kept indexes of a process may index together, so many tenants cannot
 * exhaust the memory: about 2.2 KB of heap each (docs/benchmarks.md 'Catalogue search'), some
 * 22 MB in all, the indexes of 30 to 100 typical menus. Past it the least recently searched
 * establishments are forgotten and rebuilt (a few milliseconds) when searched again.
 */
export const MAX_INDEXED_PRODUCTS = 10_000;

export interface ProductSearch extends SearchFilters {
  /** The customer's text; only its search words count (src/server/search/terms.ts). */
  q: string;
  /** Absent: relevance. */
  sort?: SearchSort;
  page?: number;
  limit?: number;
}

interface Shared {
  cache: SearchIndexCache;
  /** A number per open database, so two databases (tests open SQLite and PostgreSQL in one process) never share an index. */
  databases: WeakMap<Database, number>;
  nextDatabase: number;
}

// One cache per process: the Astro page bundle and the Node server load this module as two
// copies (as src/server/db/database.ts explains), and both must see the same indexes and drops.
const shared = globalThis as typeof globalThis & { __storefrontSearch?: Shared };

function state(): Shared {
  shared.__storefrontSearch ??= { cache: new SearchIndexCache(MAX_INDEXED_PRODUCTS), databases: new WeakMap(), nextDatabase: 1 };
  return shared.__storefrontSearch;
}

function keyOf(db: Database, establishmentId: string): string {
  const s = state();
  let n = s.databases.get(db);
  if (n === undefined) {
    n = s.nextDatabase++;
    s.databases.set(db, n);
  }
  return `${n}:${establishmentId}`;
}

// Each copy of this module listens to its own copy of the signal; the cache they drop is the shared one.
onCatalogueChanged(({ slug }) => state().cache.drop(slug));

/**
 * One page of the products matching `query.q` (and its filters) and how many match in all;
 * `now` decides which products are available (their windows, in the establishment's time zone).
 */
export async function searchCatalogue(
  db: Database,
  establishmentId: string,
  query: ProductSearch,
  now = new Date(),
): Promise<{ items: ProductView[]; total: number }> {
  const indexed = await state().cache.get(keyOf(db, establishmentId), async () => {
    const source = await loadSearchSource(db, establishmentId);
    return source && { index: buildProductIndex(source.documents), slug: source.slug, timeZone: source.timeZone };
  });
  if (!indexed) return { items: [], total: 0 };
  const ids = indexed.index.rank(query.q, {
    at: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
    timeZone: indexed.timeZone,
    filters: query,
    sort: query.sort,
  });
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const pageIds = ids.slice(offset, offset + limit);
  const products = await getProductsByIds(db, establishmentId, pageIds);
  return { items: pageIds.flatMap((id) => products.get(id) ?? []), total: ids.length };
}
