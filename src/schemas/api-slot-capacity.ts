// Kitchen capacity (docs/api.md 'Kitchen capacity'): the establishment caps the orders of each
// delivery type per 15-minute slot (its owner in the panel's 'Loja' tab, `npm run establishment --
// capacity` with its API key), the checkout reads which slots of a day are full, and the panel each
// slot's load (GET .../order-board `slots`). The rules are src/domain/slot-capacity.ts.
import { type } from 'arktype';
import { SLOT_CAPACITY_MAX, type SlotLoad } from '../domain/slot-capacity.ts';

const cap = type(`1 <= number.integer <= ${SLOT_CAPACITY_MAX}`).or('null');

/** Each type given is set (null: no cap); a type left out keeps its cap. */
export const SlotCapacityBody = type({
  'delivery?': cap,
  'pickup?': cap,
  'local?': cap,
});
export type SlotCapacityBody = typeof SlotCapacityBody.infer;

/** Every type's cap, null where there is none. */
export interface SlotCapacityView {
  delivery: number | null;
  pickup: number | null;
  local: number | null;
}

/** The caps after the change, and how many of the establishment's pages were rendered again. */
export interface SlotCapacityAnswer {
  slot_capacity: SlotCapacityView;
  pages: number;
}

export const FullSlotsQuery = type({
  /** The establishment's calendar day (YYYY-MM-DD). */
  date: /^\d{4}-\d{2}-\d{2}$/,
  delivery_type: "'delivery' | 'pickup' | 'local'",
});
export type FullSlotsQuery = typeof FullSlotsQuery.infer;

/** The slots of a day that take no more orders of the type: no order, no customer, only times. */
export interface FullSlotsAnswer {
  date: string;
  delivery_type: 'delivery' | 'pickup' | 'local';
  /** The type's cap per slot; null when it has none (then `full` is empty). */
  capacity: number | null;
  /** 'HH:mm' on the establishment's wall clock, in order. */
  full: string[];
}

/** One slot's load in the panel ('19:00 Entrega 3/5'). */
export type SlotLoadView = SlotLoad;
