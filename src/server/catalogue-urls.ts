// Every stored (static) page of one establishment: home, one per category, one per product, contact.
import { routes } from '../lib/urls.ts';
import { getEstablishment, listAllProducts, listCategories } from './db/catalogue-repo.ts';
import type { Database } from './db/database.ts';

export async function catalogueUrls(db: Database, slug: string): Promise<string[]> {
  const est = await getEstablishment(db, { slug });
  if (!est?.active) return [];
  const [categories, products] = await Promise.all([listCategories(db, est._id, { onlyWithProducts: true }), listAllProducts(db, est._id)]);
  const strip = (u: string) => (u.endsWith('/') ? u.slice(0, -1) : u);
  return [strip(routes.home(slug)), routes.contact(slug), ...categories.map((c) => routes.category(slug, c)), ...products.map((p) => routes.product(slug, p))];
}
