// Sold out: the establishment marks a product, or one item of a product's variation group (the
// 'Calabresa' of 'Sabores'), as sold out and back (docs/api.md 'Sold out'). A sold-out product or
// item stays on the menu, marked, and cannot be ordered. One rule for every side: the add-product
// modal and the cart store refuse it, the cart flags a line holding it and keeps the checkout
// closed, the checkout checks it before sending, and the server's send refuses it with the same
// codes (422).

/** The codes, in the order they are checked: the product itself first, then its picked items. */
export const SOLD_OUT_CODES = ['product_sold_out', 'variation_item_sold_out'] as const;
export type SoldOutCode = (typeof SOLD_OUT_CODES)[number];

export type SoldOutProblem =
  | { code: 'product_sold_out'; params: { name: string } }
  | { code: 'variation_item_sold_out'; params: { name: string; item: string } };

export type SoldOutItem = { _id: string; name: string; sold_out?: boolean | null };
export type SoldOutProduct = {
  name: string;
  sold_out?: boolean | null;
  variations?: readonly { _id: string; items: readonly SoldOutItem[] }[] | null;
};
export type SoldOutPick = { variation_id: string; item_id: string; qnt?: number };

/** Whether a product or a variation item is marked sold out (absent means on sale). Example: `isSoldOut({}) === false` */
export function isSoldOut(thing: { sold_out?: boolean | null }): boolean {
  return thing.sold_out === true;
}

/**
 * Why a product with these picks cannot be ordered now because something is sold out, or null.
 * A pick of quantity 0 picks nothing; an unknown item is not this rule's (the picks' own check).
 * Example: `soldOutProblem({ name: 'Pizza', variations: [{ _id: 'sabores', items: [{ _id: 'calabresa', name: 'Calabresa', sold_out: true }] }] }, [{ variation_id: 'sabores', item_id: 'calabresa' }])`
 * is `{ code: 'variation_item_sold_out', params: { name: 'Pizza', item: 'Calabresa' } }`
 */
export function soldOutProblem(product: SoldOutProduct, picks: readonly SoldOutPick[]): SoldOutProblem | null {
  if (isSoldOut(product)) return { code: 'product_sold_out', params: { name: product.name } };
  for (const pick of picks) {
    if (pick.qnt !== undefined && pick.qnt <= 0) continue;
    const item = product.variations?.find((g) => g._id === pick.variation_id)?.items.find((i) => i._id === pick.item_id);
    if (item && isSoldOut(item)) return { code: 'variation_item_sold_out', params: { name: product.name, item: item.name } };
  }
  return null;
}

/**
 * The first line of a cart or an order that cannot be ordered because something is sold out, with
 * its index, or null. A line whose product is unknown (`undefined`: the caller could not read it) is
 * left to the caller's own check.
 * Example: `firstSoldOutLine([{ product: pizza, picks: [] }, { product: { name: 'Suco', sold_out: true }, picks: [] }])?.index === 1`
 */
export function firstSoldOutLine(
  lines: readonly { product: SoldOutProduct | undefined; picks: readonly SoldOutPick[] }[],
): { index: number; problem: SoldOutProblem } | null {
  for (const [index, line] of lines.entries()) {
    const problem = line.product ? soldOutProblem(line.product, line.picks) : null;
    if (problem) return { index, problem };
  }
  return null;
}
