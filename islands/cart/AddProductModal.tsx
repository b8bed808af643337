// The add-product modal: the product (GET /establishments/{id}/products/{productId}) with its
// variation groups (check min 1 max 1 as radios, other check groups as checkboxes that
// disable at max, addremove groups as steppers) starting with the catalogue's preset picks
// (a half-and-half pizza's own flavour), the live unit price and line total by
// the seven price rules [R-9.19..R-9.25], unmet minimums that keep 'Adicionar' disabled with the
// decisions #25 messages [R-5.87..R-5.90], a note, a quantity 1..999, the
// consumption-option conflict and the availability windows re-checked every second
// . An establishment that takes no orders keeps 'Adicionar' disabled and says so;
// a closed one that does not schedule lets the cart be filled but says it cannot be sent yet.
// The product is fetched by ./useProduct.ts; until it comes, ./ProductLoading.tsx; then ./ProductForm.tsx.
import { useId } from 'react';
import type { StoreIsland } from '../../src/client/store-island.ts';
import type { CartStore } from '../stores/cart.ts';
import { ProductForm } from './ProductForm.tsx';
import { ProductLoading } from './ProductLoading.tsx';
import { useProduct } from './useProduct.ts';

export { AVAILABILITY_CHECK_MS } from './useProductForm.ts';

export interface AddProductModalProps {
  productId: string;
  store: CartStore;
  island: StoreIsland;
  opener: HTMLElement | null;
  onClose: () => void;
  onOpenCart: () => void;
}

export function AddProductModal({ productId, store, island, opener, onClose, onOpenCart }: AddProductModalProps) {
  const { product, failure, retry } = useProduct(island.id, productId);
  const titleId = useId();

  if (!product) {
    return <ProductLoading productId={productId} titleId={titleId} failure={failure} opener={opener} onClose={onClose} onRetry={retry} />;
  }
  return (
    <ProductForm
      key={product._id}
      product={product}
      store={store}
      island={island}
      opener={opener}
      titleId={titleId}
      onClose={onClose}
      onOpenCart={onOpenCart}
    />
  );
}
