// One GET /establishments/{id}/products/{productId} per product and page: the boot script starts
// it on pointerdown/focus of an 'Adicionar' button so the add-product modal usually opens with
// the product already here. A failed call is forgotten so the next attempt retries.
import { call } from './api.ts';
import type { ProductView } from '../schemas/views.ts';

const cache = new Map<string, Promise<ProductView>>();

export function fetchProduct(establishmentId: string, productId: string): Promise<ProductView> {
  const key = `${establishmentId}/${productId}`;
  let promise = cache.get(key);
  if (!promise) {
    promise = call('GET /establishments/:id/products/:productId', { params: { id: establishmentId, productId }, establishmentId });
    cache.set(key, promise);
    promise.catch(() => {
      if (cache.get(key) === promise) cache.delete(key);
    });
  }
  return promise;
}
