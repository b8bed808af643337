// 'Pedir de novo': a past order's items rebuilt as cart lines at today's prices, with the same
// variations and notes. What is no longer sold, not available now, or whose options are gone or
// changed is left out with a reason (a code: the page says it in Portuguese); a line whose unit
// price moved says from what to what. Pure: the caller reads the products as they are now.
import { canAdd, priceLine, type CartProduct, type VariationPick } from './cart.ts';

/** One item of the past order, as the order keeps it (src/schemas/api-orders.ts OrderItemView). */
export interface PastItem {
  product_id: string;
  name: string;
  qnt: number;
  note: string;
  unit_cents: number;
  variations: readonly { _id: string; item_id: string; qnt: number }[];
}

/**
 * Why an item is left out: no longer sold; outside its availability windows now; one of its
 * chosen options no longer offered; the options' rules changed so that the same choice no longer
 * fits.
 */
export type ReorderDrop = 'not_sold' | 'not_available_now' | 'option_gone' | 'options_changed';

export interface ReorderLine<P extends CartProduct> {
  product: P;
  picks: VariationPick[];
  qnt: number;
  note: string;
  /** The unit price paid then and the unit price now (centavos). */
  unit_before: number;
  unit_now: number;
}

export interface ReorderPlan<P extends CartProduct> {
  lines: ReorderLine<P>[];
  dropped: { name: string; reason: ReorderDrop }[];
}

/**
 * The lines to add for a past order's items. `current(id)` is the product as sold now (null when
 * it is not); `availableNow` says whether it can be ordered now.
 * Example: an item whose product now costs R$ 45,00 instead of R$ 42,00 is a line with
 * `unit_before: 4200, unit_now: 4500`.
 */
export function planReorder<P extends CartProduct>(
  items: readonly PastItem[],
  current: (productId: string) => P | null,
  availableNow: (product: P) => boolean,
): ReorderPlan<P> {
  const plan: ReorderPlan<P> = { lines: [], dropped: [] };
  for (const item of items) {
    const product = current(item.product_id);
    if (!product) {
      plan.dropped.push({ name: item.name, reason: 'not_sold' });
      continue;
    }
    if (!availableNow(product)) {
      plan.dropped.push({ name: product.name, reason: 'not_available_now' });
      continue;
    }
    const picks: VariationPick[] = item.variations.map((v) => ({ variation_id: v._id, item_id: v.item_id, qnt: v.qnt }));
    const offered = picks.every((p) => product.variations.some((g) => g._id === p.variation_id && g.items.some((i) => i._id === p.item_id)));
    if (!offered) {
      plan.dropped.push({ name: product.name, reason: 'option_gone' });
      continue;
    }
    if (!canAdd(product, picks)) {
      plan.dropped.push({ name: product.name, reason: 'options_changed' });
      continue;
    }
    plan.lines.push({ product, picks, qnt: item.qnt, note: item.note, unit_before: item.unit_cents, unit_now: priceLine(product, picks, 1).unit_cents });
  }
  return plan;
}
