// What the checkout loads when 'Finalizar pedido' is pressed: the establishment with its
// preferences (the page's data island carries only what the catalogue needs), its active order
// variations and the rules of each cart product (availability windows, minimum
// schedule time, mandatory schedule, sold out) that the draft does not keep, as the server has them
// now (src/client/catalogue-freshness.ts).
import { call } from '../../src/client/api.ts';
import type { EstablishmentView, OrderVariationView } from '../../src/schemas/views.ts';
import { productNow } from '../../src/client/catalogue-freshness.ts';
import type { ProductRules } from './model.ts';

export interface CheckoutContext {
  establishment: EstablishmentView;
  orderVariations: OrderVariationView[];
  /** By product id. A product the API no longer has is missing here (the server refuses it). */
  products: Map<string, ProductRules>;
}

export async function loadCheckoutContext(establishmentId: string, productIds: readonly string[]): Promise<CheckoutContext> {
  const [establishment, orderVariations, products] = await Promise.all([
    call('GET /establishments/:id', { params: { id: establishmentId }, establishmentId }),
    call('GET /establishments/:id/order-variations', { params: { id: establishmentId }, query: { active: true, fields: ['image'] }, establishmentId }),
    Promise.all(
      [...new Set(productIds)].map((pid) =>
        productNow(establishmentId, pid).then(
          (p) => p,
          () => null,
        ),
      ),
    ),
  ]);
  const map = new Map<string, ProductRules>();
  for (const p of products) if (p) map.set(p._id, p);
  return { establishment, orderVariations: orderVariations.filter((v) => v.active !== false), products: map };
}
