// The establishment marks a product, or one item of a product's variation group, sold out and back
// (docs/api.md 'Sold out'), with its API key: the panel's tap and `npm run establishment -- sold-out`.
import { type } from 'arktype';

export const SoldOutBody = type({ sold_out: 'boolean' });
export type SoldOutBody = typeof SoldOutBody.infer;

/** The state after the change, and how many of the establishment's pages were rendered again. */
export interface SoldOutAnswer {
  product_id: string;
  /** The variation group and its item, when an item was marked; null for the product itself. */
  variation_id: string | null;
  item_id: string | null;
  sold_out: boolean;
  pages: number;
}
