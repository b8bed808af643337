// What an open store page does when its establishment's catalogue changed (the live channel's
// 'updated', src/page-scripts/live-updates.ts; 'resync' when events may have been lost): the
// islands are told to read again what they show (the cart flags a line that sold out, the
// add-product modal its product: src/client/catalogue-freshness.ts), a product page marks its
// product sold out or on sale again in place ('Esgotado', 'Adicionar' disabled, each variation
// item's mark), and 'updated' offers the reload (./reload-prompt.ts) for everything else. Loaded
// with the live channel, after the page's first interaction: no byte of it is in the scripts every
// store page starts with. It imports nothing the islands share (not catalogue-freshness.ts, not
// src/domain/cart.ts 'Sold out'), so the entry script's list of lazy chunks does not grow either: the mark
// on <html> and the event are spelled here as catalogue-freshness.ts declares them, and a product
// is sold out when its `sold_out` is true, as src/domain/cart.ts isSoldOut reads it.
import { call } from '../client/api.ts';
import { readStoreIsland } from '../client/store-island.ts';
import type { LiveMessage } from '../schemas/live.ts';
import type { ProductView } from '../schemas/views.ts';
import { showReloadPrompt } from './reload-prompt.ts';

/** Handles every message of the page's live channel. */
export function onLiveMessage(message: LiveMessage): void {
  if (message.type !== 'updated' && message.type !== 'resync') return;
  // src/client/catalogue-freshness.ts CATALOGUE_UPDATED and the mark productNow reads.
  document.documentElement.dataset.catalogueUpdated = String(Date.now());
  document.dispatchEvent(new Event('catalogue:updated'));
  if (message.type === 'updated') showReloadPrompt();
  // The store's service worker fetches the pages it keeps again (src/service-worker/sw.ts).
  navigator.serviceWorker?.controller?.postMessage({ type: 'refresh' });
  void markProductPage();
}

// One read at a time: a message during a read reads again once it is done, so the last state wins.
let reading: Promise<void> | null = null;
let again = false;

async function markProductPage(): Promise<void> {
  if (reading) {
    again = true;
    return;
  }
  const page = document.querySelector<HTMLElement>('[data-product-page]');
  const island = readStoreIsland();
  const productId = page?.dataset.productId;
  if (!page || !island || !productId) return;
  reading = call('GET /establishments/:id/products/:productId', { params: { id: island.id, productId }, establishmentId: island.id }).then(
    (product) => markSoldOut(page, product, island.unavailable),
    // Offline or gone: the page stays as it is; the reload prompt is there.
    (err: unknown) => console.warn('[live] product not read again', err),
  );
  await reading;
  reading = null;
  if (again) {
    again = false;
    await markProductPage();
  }
}

/** The product page as the server renders it now ([product].astro): its mark, its buttons, its items' marks. */
function markSoldOut(page: HTMLElement, product: ProductView, storeUnavailable: boolean): void {
  const soldOut = product.sold_out === true;
  page.toggleAttribute('data-sold-out', soldOut);
  for (const label of page.querySelectorAll<HTMLElement>('[data-sold-out-label]')) label.hidden = !soldOut;
  for (const button of document.querySelectorAll<HTMLButtonElement>(`[data-add-product="${CSS.escape(product._id)}"]`)) {
    button.disabled = soldOut || storeUnavailable;
    // The page's own button is described by its mark while sold out (the store's notice wins).
    if (storeUnavailable || !page.contains(button)) continue;
    if (soldOut) button.setAttribute('aria-describedby', 'produto-esgotado');
    else button.removeAttribute('aria-describedby');
  }
  for (const group of product.variations) {
    for (const item of group.items) {
      const row = page.querySelector<HTMLElement>(`[data-variation="${CSS.escape(group._id)}"] [data-variation-item="${CSS.escape(item._id)}"]`);
      if (!row) continue;
      const itemSoldOut = item.sold_out === true;
      row.toggleAttribute('data-sold-out', itemSoldOut);
      const label = row.querySelector<HTMLElement>('[data-item-sold-out]');
      if (label) label.hidden = !itemSoldOut;
    }
  }
}
