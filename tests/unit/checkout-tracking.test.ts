import { describe, expect, it } from 'vitest';
import { ecommercePayload, track, trackingItems, type TrackingTarget } from '../../src/client/tracking.ts';

function target(): TrackingTarget & EventTarget & { dataLayer: unknown[] } {
  return Object.assign(new EventTarget(), { dataLayer: [] as unknown[] });
}

const lines = [
  { product_id: 'pao', name: 'Pão Francês', unit_cents: 250, qnt: 4 },
  { product_id: 'cafe', name: 'Café 500 g', unit_cents: 1899, qnt: 1 },
];

describe('checkout tracking', () => {
  it('emits add_payment_info as a DOM event and a dataLayer push, amounts in reais [R-4.41]', () => {
    const win = target();
    const seen: CustomEvent[] = [];
    win.addEventListener('storefront:add_payment_info', (e) => seen.push(e as CustomEvent));
    track('add_payment_info', ecommercePayload(2899, trackingItems(lines), { payment_type: 'offline: Dinheiro' }), win);
    expect(seen).toHaveLength(1);
    const expected = {
      currency: 'BRL',
      value: 28.99,
      items: [
        { item_id: 'pao', item_name: 'Pão Francês', price: 2.5, quantity: 4 },
        { item_id: 'cafe', item_name: 'Café 500 g', price: 18.99, quantity: 1 },
      ],
      payment_type: 'offline: Dinheiro',
    };
    expect(seen[0]!.detail).toEqual(expected);
    expect(win.dataLayer).toEqual([{ ecommerce: null }, { event: 'add_payment_info', ecommerce: expected }]);
  });

  it('emits purchase with the order id, creating dataLayer when absent [R-4.42]', () => {
    const win: TrackingTarget & EventTarget = new EventTarget();
    let detail: unknown = null;
    win.addEventListener('storefront:purchase', (e) => {
      detail = (e as CustomEvent).detail;
    });
    track('purchase', ecommercePayload(3190, trackingItems(lines.slice(1)), { transaction_id: 'o1' }), win);
    expect(detail).toEqual({
      currency: 'BRL',
      value: 31.9,
      items: [{ item_id: 'cafe', item_name: 'Café 500 g', price: 18.99, quantity: 1 }],
      transaction_id: 'o1',
    });
    expect(win.dataLayer).toEqual([{ ecommerce: null }, { event: 'purchase', ecommerce: detail }]);
  });

  it('a broken dataLayer does not stop the DOM event', () => {
    const win = Object.assign(new EventTarget(), {
      dataLayer: {
        push: () => {
          throw new Error('broken');
        },
      } as unknown as unknown[],
    });
    let seen = 0;
    win.addEventListener('storefront:purchase', () => seen++);
    const log = console.error;
    console.error = () => undefined;
    try {
      track('purchase', ecommercePayload(100, []), win);
    } finally {
      console.error = log;
    }
    expect(seen).toBe(1);
  });

  it('a throwing listener does not stop the dataLayer push', () => {
    const win = target();
    win.dispatchEvent = () => {
      throw new Error('listener broke');
    };
    const log = console.error;
    console.error = () => undefined;
    try {
      track('purchase', ecommercePayload(100, []), win);
    } finally {
      console.error = log;
    }
    expect(win.dataLayer).toHaveLength(2);
  });
});
