// The cart's React app, imported by src/page-scripts/cart-boot.ts on the first interaction: one root in
// a container appended to <body>, showing at most one of the add-product modal and the cart
// modal ('Meu carrinho').
// A URL, not a CSS import: Astro would inline an imported stylesheet into every catalogue page.
import islandsCssUrl from '../generated/islands.css?url';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CartStore } from '../stores/cart.ts';
import type { StoreIsland } from '../../src/client/store-island.ts';
import { CartRoot } from './CartRoot.tsx';
import { createViewState } from './view-state.ts';

export interface CartApp {
  openProduct(productId: string, opener?: HTMLElement | null): void;
  openCart(opener?: HTMLElement | null): void;
}

/** Fetches the islands' stylesheet into the cache without applying it (the code is fetched ahead: src/page-scripts/cart-boot.ts). */
export function prefetchIslandsCss(): void {
  if (document.querySelector('link[data-islands-css]')) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'style';
  link.href = islandsCssUrl;
  document.head.appendChild(link);
}

/** Adds the islands' stylesheet once; resolves when it has loaded, so nothing shows unstyled. */
function loadIslandsCss(): Promise<void> {
  if (document.querySelector('link[data-islands-css]')) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = islandsCssUrl;
    link.setAttribute('data-islands-css', '');
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

export async function mountCart(options: { store: CartStore; island: StoreIsland }): Promise<CartApp> {
  await loadIslandsCss();
  const container = document.createElement('div');
  container.setAttribute('data-cart-root', '');
  document.body.appendChild(container);
  const view = createViewState();
  createRoot(container).render(
    <StrictMode>
      <CartRoot store={options.store} island={options.island} view={view} />
    </StrictMode>,
  );
  return {
    openProduct: (productId, opener) => view.set({ kind: 'product', productId, opener: opener ?? null }),
    openCart: (opener) => view.set({ kind: 'cart', opener: opener ?? null }),
  };
}
