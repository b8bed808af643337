// The cart's React app, imported by src/client/cart-boot.ts on the first interaction: one root in
// a container appended to <body>, showing at most one of the add-product modal and the cart
// modal ('Meu carrinho').
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CartStore } from '../stores/cart.ts';
import type { StoreIsland } from './island.ts';
import { CartRoot } from './CartRoot.tsx';
import { createViewState } from './view-state.ts';

export interface CartApp {
  openProduct(productId: string, opener?: HTMLElement | null): void;
  openCart(opener?: HTMLElement | null): void;
}

export function mountCart(options: { store: CartStore; island: StoreIsland }): CartApp {
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
