// What the establishment's own analytics receive of the events the storefront emits
// (./tracking.ts: window CustomEvents 'storefront:add_payment_info' and 'storefront:purchase' with
// the GA4 e-commerce payload). GA4 takes the payload as it is (gtag('event', name, payload)); Meta's
// pixel has its own standard event names and fields (fbq('track', 'Purchase', { value, currency,
// contents })). Pure, so the mapping is tested without either vendor's script.
import type { EcommercePayload, TrackingEventName } from './tracking.ts';

export const TRACKED_EVENTS = ['add_payment_info', 'purchase'] as const satisfies readonly TrackingEventName[];

/** Meta's standard event for each storefront event. */
export const META_EVENT_NAMES = { add_payment_info: 'AddPaymentInfo', purchase: 'Purchase' } as const satisfies Record<TrackingEventName, string>;

export interface MetaContent {
  id: string;
  quantity: number;
  /** Unit price in reais. */
  item_price: number;
}

export interface MetaEventData {
  value: number;
  currency: string;
  contents: MetaContent[];
  content_type: 'product';
}

/**
 * The pixel's parameters for a storefront event's GA4 payload.
 * Example: `{ currency: 'BRL', value: 5, items: [{ item_id: 'p1', item_name: 'Pão', price: 2.5, quantity: 2 }] }`
 * gives `{ value: 5, currency: 'BRL', contents: [{ id: 'p1', quantity: 2, item_price: 2.5 }], content_type: 'product' }`.
 */
export function metaEventData(payload: EcommercePayload): MetaEventData {
  return {
    value: payload.value,
    currency: payload.currency,
    contents: payload.items.map((i) => ({ id: i.item_id, quantity: i.quantity, item_price: i.price })),
    content_type: 'product',
  };
}

/** One call to each vendor's queue: `gtag(...ga4)` and `fbq(...meta)`. */
export interface VendorCalls {
  ga4: ['event', TrackingEventName, EcommercePayload];
  meta: ['track', (typeof META_EVENT_NAMES)[TrackingEventName], MetaEventData];
}

/** The calls a storefront event becomes. */
export function vendorCalls(name: TrackingEventName, payload: EcommercePayload): VendorCalls {
  return { ga4: ['event', name, payload], meta: ['track', META_EVENT_NAMES[name], metaEventData(payload)] };
}
