// Tracking of the checkout: 'add_payment_info' when the customer settles how to
// pay, 'purchase' when the order is accepted. Each is a DOM CustomEvent on window
// ('storefront:add_payment_info', 'storefront:purchase', the payload in `detail`) for any script of
// the establishment, and a push to window.dataLayer in the GA4 e-commerce shape for a tag manager.
// The store keeps centavos; analytics tools expect the currency's unit, so values leave here in reais.
import { centsToReais } from '../domain/money.ts';

export type TrackingEventName = 'add_payment_info' | 'purchase';

export interface TrackingItem {
  item_id: string;
  item_name: string;
  /** Unit price in reais (variations included). */
  price: number;
  quantity: number;
}

export interface EcommercePayload {
  currency: 'BRL';
  /** Order value in reais. */
  value: number;
  items: TrackingItem[];
  /** add_payment_info: how the customer pays ('offline: Dinheiro'). */
  payment_type?: string;
  /** purchase: the order id. */
  transaction_id?: string;
}

/** Where the events go: window in the browser; tests pass their own. */
export interface TrackingTarget {
  dispatchEvent(event: Event): boolean;
  dataLayer?: unknown[];
}

/**
 * The items of the payload, from cart lines (amounts in centavos).
 * Example: `trackingItems([{ product_id: 'p1', name: 'Pão', unit_cents: 250, qnt: 2 }])` is
 * `[{ item_id: 'p1', item_name: 'Pão', price: 2.5, quantity: 2 }]`
 */
export function trackingItems(lines: readonly { product_id: string; name: string; unit_cents: number; qnt: number }[]): TrackingItem[] {
  return lines.map((l) => ({ item_id: l.product_id, item_name: l.name, price: centsToReais(l.unit_cents), quantity: l.qnt }));
}

/**
 * The payload for an order total in centavos.
 * Example: `ecommercePayload(3490, [])` is `{ currency: 'BRL', value: 34.9, items: [] }`
 */
export function ecommercePayload(
  totalCents: number,
  items: TrackingItem[],
  extra: Pick<EcommercePayload, 'payment_type' | 'transaction_id'> = {},
): EcommercePayload {
  return { currency: 'BRL', value: centsToReais(totalCents), items, ...extra };
}

function defaultTarget(): TrackingTarget | null {
  return typeof window === 'undefined' ? null : (window as unknown as TrackingTarget);
}

/** Emits one event (dataLayer first, so DOM listeners see it there too); a failing listener or a broken dataLayer never breaks the checkout. */
export function track(name: TrackingEventName, ecommerce: EcommercePayload, target: TrackingTarget | null = defaultTarget()): void {
  if (!target) return;
  try {
    target.dataLayer ??= [];
    // GA4 asks to clear the previous e-commerce object so its fields do not merge into this one.
    target.dataLayer.push({ ecommerce: null });
    target.dataLayer.push({ event: name, ecommerce });
  } catch (err) {
    console.error(err);
  }
  try {
    target.dispatchEvent(new CustomEvent(`storefront:${name}`, { detail: ecommerce }));
  } catch (err) {
    console.error(err);
  }
}
