// Paying on delivery or at pickup (spec section 5 'Payment'): which offline methods (cash, card
// machine, Pix at the counter...) a delivery type takes. The checkout lists them and POST orders
// refuses a payment they do not offer.
import type { DeliveryType } from './cart.ts';

export type OfflineMethod = { _id: string; name: string; payback: boolean };

/** What the rule reads from the preferences: each type's switch and list. */
export type OfflinePaymentPrefs<M extends OfflineMethod = OfflineMethod> = {
  has_delivery_payment: boolean;
  has_pickup_payment: boolean;
  delivery_payment_methods: readonly M[];
  pickup_payment_methods: readonly M[];
};

/**
 * The offline methods of a delivery type: delivery's list when paying on delivery is on, pickup's
 * (for pickup and local) when paying at pickup is on, else none. Before a type is chosen, those of
 * every type, each once (the submit checks ask for the payment before the type, spec section 5).
 * Example: `offlineMethods({ has_delivery_payment: false, ... }, 'delivery')` is `[]`
 */
export function offlineMethods<M extends OfflineMethod>(prefs: OfflinePaymentPrefs<M>, type: DeliveryType | null): M[] {
  if (type === 'delivery') return prefs.has_delivery_payment ? [...prefs.delivery_payment_methods] : [];
  if (type === 'pickup' || type === 'local') return prefs.has_pickup_payment ? [...prefs.pickup_payment_methods] : [];
  const all = [...offlineMethods(prefs, 'delivery'), ...offlineMethods(prefs, 'pickup')];
  return all.filter((m, i) => all.findIndex((x) => x._id === m._id) === i);
}
