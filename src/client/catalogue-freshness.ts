// What an open page knows of its establishment's catalogue once the live channel said 'updated'
// (or 'resync'): the page's product cache (./product-cache.ts) may then hold what was true before, so
// the islands read a product through productNow, which goes to the API again after such a message
// (a 304 while unchanged), and re-read what they show on CATALOGUE_UPDATED. The mark lives on
// <html> (data-catalogue-updated), so an island loaded after the message knows it too. The
// live-updates chunk (src/page-scripts/on-updated.ts) sets both as spelled here without
// importing this module, which only the islands import: the scripts every store page loads do not grow.
import { call } from './api.ts';
import { fetchProduct } from './product-cache.ts';
import type { ProductView } from '../schemas/views.ts';

/** The event on `document` (and the mark on <html>, data-catalogue-updated) src/page-scripts/on-updated.ts sets. */
export const CATALOGUE_UPDATED = 'catalogue:updated';

/** Calls `listener` whenever the catalogue changed on the server; answers the function that stops it. */
export function onCatalogueUpdated(listener: () => void): () => void {
  document.addEventListener(CATALOGUE_UPDATED, listener);
  return () => document.removeEventListener(CATALOGUE_UPDATED, listener);
}

/** A product as the server has it now: the page's cache until the catalogue changed, the API itself after. */
export function productNow(establishmentId: string, productId: string): Promise<ProductView> {
  if (document.documentElement.dataset.catalogueUpdated === undefined) return fetchProduct(establishmentId, productId);
  return call('GET /establishments/:id/products/:productId', { params: { id: establishmentId, productId }, establishmentId });
}
