// Which cart products make the checkout offer the schedule modal, and why, apart from
// React so the unit tests reach it: products with availability windows or a minimum schedule time
// (src/domain/availability.ts needsScheduleModal). None when a product takes no scheduled order:
// such an order cannot be scheduled at all (the schedule section says why).
import { needsScheduleModal } from '../../src/domain/availability.ts';
import { productRefusingSchedule, type ProductRules } from './model.ts';

export type ScheduleModalProduct = Pick<ProductRules, '_id' | 'name' | 'availabilities' | 'min_schedule_time'>;

/**
 * The products the schedule modal names, once each, in cart order.
 * Example: `scheduleModalProducts([{ name: 'Bolo', min_schedule_time: 24, availabilities: [], accept_scheduling: true }, azeite])` is the cake alone
 */
export function scheduleModalProducts(products: readonly ProductRules[]): ScheduleModalProduct[] {
  if (productRefusingSchedule(products)) return [];
  const seen = new Set<string>();
  const out: ScheduleModalProduct[] = [];
  for (const p of products) {
    if (seen.has(p._id) || !needsScheduleModal(p)) continue;
    seen.add(p._id);
    out.push({ _id: p._id, name: p.name, availabilities: p.availabilities, min_schedule_time: p.min_schedule_time });
  }
  return out;
}
