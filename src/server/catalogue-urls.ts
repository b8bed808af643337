// Every stored (static) page of one establishment: home, one per category, one per product, contact.
import { routes } from '../lib/urls.ts';
import { getEstablishment, getProduct, listAllProducts, listCategories } from './db/catalogue-repo.ts';
import type { Database } from './db/database.ts';

export async function catalogueUrls(db: Database, slug: string): Promise<string[]> {
  const est = await getEstablishment(db, { slug });
  if (!est?.active) return [];
  const [categories, products] = await Promise.all([listCategories(db, est._id, { onlyWithProducts: true }), listAllProducts(db, est._id)]);
  const strip = (u: string) => (u.endsWith('/') ? u.slice(0, -1) : u);
  return [strip(routes.home(slug)), routes.contact(slug), ...categories.map((c) => routes.category(slug, c)), ...products.map((p) => routes.product(slug, p))];
}

/**
 * The stored pages that show one product: the home, its category's page and the parent
 * categories' above it, and its own page. Rendered first when only that product changed.
 */
export async function productUrls(db: Database, slug: string, productId: string): Promise<string[]> {
  const est = await getEstablishment(db, { slug });
  if (!est?.active) return [];
  const [categories, product] = await Promise.all([listCategories(db, est._id), getProduct(db, est._id, productId)]);
  if (!product) return [];
  const byId = new Map(categories.map((c) => [c._id, c]));
  const urls = [routes.home(slug).replace(/\/$/, ''), routes.product(slug, product)];
  const seen = new Set<string>();
  for (let c = byId.get(product.category_id); c && !seen.has(c._id); c = c.parent_id ? byId.get(c.parent_id) : undefined) {
    seen.add(c._id);
    urls.push(routes.category(slug, c));
  }
  return urls;
}
