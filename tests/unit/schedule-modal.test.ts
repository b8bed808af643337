// Which cart products make the checkout offer the schedule modal (islands/checkout/schedule-modal.ts);
// the modal itself is proven in the browser (tests/e2e/schedule-modal.spec.ts).
import { describe, expect, it } from 'vitest';
import { scheduleModalProducts } from '../../islands/checkout/schedule-modal.ts';
import type { ProductRules } from '../../islands/checkout/model.ts';

function product(id: string, rules: Partial<ProductRules> = {}): ProductRules {
  return {
    _id: id,
    name: id,
    availabilities: [],
    mandatory_schedule: false,
    min_schedule_time: 0,
    accept_scheduling: true,
    delivery_type: ['delivery', 'pickup'],
    ...rules,
  };
}

const cake = product('bolo', { mandatory_schedule: true, min_schedule_time: 24 });
const feijoada = product('feijoada', { availabilities: [{ wday: 7, start_at: 1100, stop_at: 1500 }] });
const olive = product('azeite');

describe('the products of the schedule modal', () => {
  it('names the products with a minimum schedule time or availability windows, once each, in cart order', () => {
    expect(scheduleModalProducts([olive, feijoada, cake, feijoada]).map((p) => p._id)).toEqual(['feijoada', 'bolo']);
    expect(scheduleModalProducts([cake])[0]).toEqual({ _id: 'bolo', name: 'bolo', availabilities: [], min_schedule_time: 24 });
  });

  it('offers no modal for an order without such products', () => {
    expect(scheduleModalProducts([olive, product('arroz')])).toEqual([]);
  });

  it('offers no modal when a product of the order takes no scheduled order (it cannot be scheduled at all)', () => {
    const coffee = product('cafe', { availabilities: [{ wday: 2, start_at: 600, stop_at: 1000 }], accept_scheduling: false });
    expect(scheduleModalProducts([cake, coffee])).toEqual([]);
  });
});
