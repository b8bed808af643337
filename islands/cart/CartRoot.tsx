// The cart app's top: which modal shows (view-state.ts), and the moves between them (a
// suggestion's 'Adicionar' opens its product; the toast's 'Ver carrinho' opens the cart;
// 'Finalizar pedido' opens the checkout, whose code is imported only then and closes back to the
// cart).
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { reloadOnChunkError } from '../../src/client/chunk-reload.ts';
import { t } from '../../src/i18n/index.ts';
import { LoadingOverlay } from '../shared/LoadingOverlay.tsx';
import type { CartStore } from '../stores/cart.ts';
import { AddProductModal } from './AddProductModal.tsx';
import { CartModal } from './CartModal.tsx';
import type { StoreIsland } from '../../src/client/store-island.ts';
import type { ViewState } from './view-state.ts';

/** The checkout chunk; pressing (pointerdown) 'Finalizar pedido' starts loading it. */
export const loadCheckout = () => reloadOnChunkError(import('../checkout/CheckoutFlow.tsx'));
const CheckoutFlow = lazy(loadCheckout);

export function CartRoot({ store, island, view }: { store: CartStore; island: StoreIsland; view: ViewState }) {
  const current = useSyncExternalStore(view.subscribe, view.get, view.get);
  const close = useCallback(() => view.set({ kind: 'none' }), [view]);
  const openCart = useCallback(() => view.set({ kind: 'cart', opener: null }), [view]);

  if (current.kind === 'product') {
    return (
      <AddProductModal
        key={current.productId}
        productId={current.productId}
        store={store}
        island={island}
        opener={current.opener}
        onClose={close}
        onOpenCart={openCart}
      />
    );
  }
  if (current.kind === 'cart') {
    return (
      <CartModal
        store={store}
        island={island}
        opener={current.opener}
        onClose={close}
        // The product modal replaces the cart; focus goes back to the cart button afterwards.
        onAddProduct={(productId) => view.set({ kind: 'product', productId, opener: current.opener })}
        onCheckout={() => view.set({ kind: 'checkout', opener: current.opener, askedAt: performance.now() })}
      />
    );
  }
  if (current.kind === 'checkout') {
    return (
      <Suspense fallback={<LoadingOverlay text={t('cart:loading')} hook="checkout-loading" since={current.askedAt} />}>
        <CheckoutFlow
          store={store}
          island={island}
          opener={null}
          askedAt={current.askedAt}
          onClose={() => view.set({ kind: 'cart', opener: current.opener })}
        />
      </Suspense>
    );
  }
  return null;
}
