// The cart's pure rules (spec sections 3-5 and 9): pricing a line from a product and its
// variation picks by the seven price rules, what keeps picks from being added (codes the islands
// translate with decisions #25's messages), merging identical lines, quantities 0..999 and the
// consumption-option (delivery type) conflict.
// No I/O and no clock: the store (islands/stores/cart.ts) owns time and storage.
import { sumCents } from './money.ts';
import { clampQuantity } from './quantity.ts';
import {
  lineTotalCents,
  productUnitPriceCents,
  toVariationRule,
  variationPickProblems,
  type PricedGroup,
  type VariationGroupRules,
  type VariationLayout,
  type VariationProblem,
  type VariationSelection,
} from './variation-pricing.ts';

export { clampQuantity, QUANTITY_MAX, QUANTITY_MIN } from './quantity.ts';

/** One chosen item of one of the product's variation groups, with how many of it. */
export interface VariationPick {
  variation_id: string;
  item_id: string;
  qnt: number;
}

export type DeliveryType = 'delivery' | 'pickup' | 'local';

/** An option of a product's variation group, as the cart reads it. */
export type CartVariationItem = { _id: string; name: string; price: number; item_preffix?: string };

/** What the cart reads from a product (src/schemas/views.ts ProductView has these and more; the domain does not import it). */
export interface CartProduct {
  _id: string;
  name: string;
  image: string | null;
  price: number;
  promo: boolean;
  packing_quantity: number;
  delivery_type: readonly DeliveryType[];
  variations: readonly CartVariationGroup[];
}

/** A variation group of a product: its selection rules, price rule (1..7) and options. */
export type CartVariationGroup = {
  _id: string;
  name: string;
  layout: VariationLayout;
  min: number;
  max: number;
  price_rule: unknown;
  items: readonly CartVariationItem[];
};

export interface CartLine {
  /** Equal to lineKey(product_id, picks, note): same product, picks and note share one line. */
  line_id: string;
  product_id: string;
  name: string;
  image: string | null;
  qnt: number;
  note: string;
  picks: VariationPick[];
  unit_cents: number;
  line_cents: number;
  promo: boolean;
  packing_quantity: number;
  delivery_type: DeliveryType[];
  /** Human labels of the picks, e.g. '1/2 Calabresa', '2x Molho extra'. */
  tags: string[];
}

/**
 * A selected variation entry as the draft and the order keep it: group _id, item_id, qnt,
 * item name and price, and the item's prefix when it has one ('1/2' before a half-and-half flavour),
 * so the order shows the pick as the cart did.
 */
export interface SelectedVariationEntry {
  _id: string;
  item_id: string;
  qnt: number;
  name: string;
  price: number;
  item_preffix?: string;
}

// ---- Picks ------------------------------------------------------------------------------

/**
 * Drops picks with quantity 0 (or below, or not whole), adds up repeated (variation, item) pairs and
 * sorts them, so equal selections compare equal.
 * Example: `normalizePicks([{ variation_id: 'b', item_id: 'x', qnt: 1 }, { variation_id: 'a', item_id: 'y', qnt: 0 }])` is `[{ variation_id: 'b', item_id: 'x', qnt: 1 }]`
 */
export function normalizePicks(picks: readonly VariationPick[]): VariationPick[] {
  const byKey = new Map<string, VariationPick>();
  for (const p of picks) {
    if (!Number.isSafeInteger(p.qnt) || p.qnt <= 0) continue;
    const k = `${p.variation_id}\u0000${p.item_id}`;
    const seen = byKey.get(k);
    if (seen) seen.qnt += p.qnt;
    else byKey.set(k, { variation_id: p.variation_id, item_id: p.item_id, qnt: p.qnt });
  }
  return [...byKey.values()].sort((a, b) => (a.variation_id === b.variation_id ? compare(a.item_id, b.item_id) : compare(a.variation_id, b.variation_id)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The picks per group _id (as the selection rules read them) and the picks of groups not among `groups`.
 * Example: `selectionsByGroup([{ _id: 'a' }], [{ variation_id: 'a', item_id: 'x', qnt: 1 }, { variation_id: 'z', item_id: 'y', qnt: 1 }])` is `{ selections: { a: [{ item_id: 'x', qnt: 1 }] }, stray: [{ groupId: 'z', itemId: 'y' }] }`
 */
export function selectionsByGroup(
  groups: readonly { _id: string }[],
  picks: readonly VariationPick[],
): { selections: Record<string, VariationSelection[]>; stray: { groupId: string; itemId: string }[] } {
  const selections: Record<string, VariationSelection[]> = {};
  for (const group of groups) selections[group._id] = [];
  const stray: { groupId: string; itemId: string }[] = [];
  for (const p of picks) {
    const own = selections[p.variation_id];
    if (own) own.push({ item_id: p.item_id, qnt: p.qnt });
    else stray.push({ groupId: p.variation_id, itemId: p.item_id });
  }
  return { selections, stray };
}

/**
 * What keeps picks of `groups` from being taken (src/domain/variation-pricing.ts variationPickProblems
 * over the normalised picks), plus invalid_quantity for a quantity that is not a whole number >= 0.
 * Product lines and order variations, in the browser and on the server, are checked with it.
 * Example: `variationPicksProblems(pizza.variations, [])` is `[{ code: 'below_min', groupId: 'sabores', name: 'Sabores', layout: 'check', min: 1 }]`
 */
export function variationPicksProblems(groups: readonly VariationGroupRules[], picks: readonly VariationPick[]): VariationProblem[] {
  const invalid = picks.some((p) => p.qnt !== 0 && (!Number.isSafeInteger(p.qnt) || p.qnt < 0));
  const { selections, stray } = selectionsByGroup(groups, normalizePicks(picks));
  const problems = variationPickProblems(groups, selections, stray);
  if (invalid) problems.push({ code: 'invalid_quantity' });
  return problems;
}

// ---- Pricing ----------------------------------------------------------------------------

/**
 * Unit price (product price plus each group's amount by its price rule, decisions 'Variation price
 * rules') and line total (unit x quantity, the quantity clamped to 0..999). Picks of unknown groups or
 * items add nothing; a unit price never goes below 0.
 * Example: a R$ 0,00 pizza with a rule-4 'Sabores' group and halves at R$ 42,90 and R$ 51,90, qnt 2:
 * `priceLine(pizza, halves, 2)` is `{ unit_cents: 5190, line_cents: 10380 }`
 */
export function priceLine(product: CartProduct, picks: readonly VariationPick[], qnt: number): { unit_cents: number; line_cents: number } {
  const chosen = normalizePicks(picks);
  const groups: PricedGroup[] = product.variations.map((group) => {
    const prices = new Map(group.items.map((item) => [item._id, item.price]));
    const groupPicks = chosen
      .filter((p) => p.variation_id === group._id && prices.has(p.item_id))
      .map((p) => ({ priceCents: prices.get(p.item_id)!, qnt: p.qnt }));
    return { rule: toVariationRule(group.price_rule), picks: groupPicks };
  });
  const unit = Math.max(0, productUnitPriceCents(product.price, groups));
  return { unit_cents: unit, line_cents: lineTotalCents(unit, clampQuantity(qnt)) };
}

// ---- Selection rules --------------------------------------------------------------------

/**
 * What keeps the picks from being added to the cart: unmet minimums first,
 * then picks past a group's maximum, of unknown items or groups, check items with a quantity other than
 * 1, and invalid quantities. Empty means the product can be added. The islands show them in Portuguese.
 * Example: `pickErrors(pizza, [])` is `[{ code: 'below_min', groupId: 'sabores', name: 'Sabores', layout: 'check', min: 1 }]`
 */
export function pickErrors(product: Pick<CartProduct, 'variations'>, picks: readonly VariationPick[]): VariationProblem[] {
  return variationPicksProblems(product.variations, picks);
}

/** Whether the picks satisfy every group of the product. Example: `canAdd(pizza, halves) === true` */
export function canAdd(product: CartProduct, picks: readonly VariationPick[]): boolean {
  return pickErrors(product, picks).length === 0;
}

/**
 * How a picked item reads, in the cart and on the order alike: '{qnt}x ' when more than one, then
 * the item's prefix and name. Example: `pickLabel({ qnt: 1, item_preffix: '1/2', name: 'Calabresa' }) === '1/2 Calabresa'`
 */
export function pickLabel(pick: { qnt: number; name: string; item_preffix?: string | null }): string {
  return [pick.qnt > 1 ? `${pick.qnt}x` : '', pick.item_preffix?.trim() ?? '', pick.name].filter(Boolean).join(' ');
}

/**
 * Labels of the picks in the product's group and item order (pickLabel).
 * Example: `pickTags(pizza, halves)` is `['1/2 Calabresa', '1/2 Portuguesa']`
 */
export function pickTags(product: CartProduct, picks: readonly VariationPick[]): string[] {
  return selectedEntries(product, picks).map(pickLabel);
}

/**
 * The selected entries of the picks with the item's name, price and prefix, in the
 * product's order; picks of unknown groups or items are left out.
 * Example: `selectedEntries(burger, [{ variation_id: 'extras', item_id: 'bacon', qnt: 2 }])` is `[{ _id: 'extras', item_id: 'bacon', qnt: 2, name: 'Bacon', price: 500 }]`
 */
export function selectedEntries(product: CartProduct, picks: readonly VariationPick[]): SelectedVariationEntry[] {
  const chosen = normalizePicks(picks);
  const entries: SelectedVariationEntry[] = [];
  for (const group of product.variations) {
    for (const item of group.items) {
      const pick = chosen.find((p) => p.variation_id === group._id && p.item_id === item._id);
      if (!pick) continue;
      const prefix = item.item_preffix?.trim();
      entries.push({ _id: group._id, item_id: item._id, qnt: pick.qnt, name: item.name, price: item.price, ...(prefix ? { item_preffix: prefix } : {}) });
    }
  }
  return entries;
}

// ---- Lines ------------------------------------------------------------------------------

/**
 * The identity of a line: product, normalised picks and trimmed note. Equal keys merge into one line.
 * Every part is URI-encoded so the separators cannot occur inside it.
 * Example: `lineKey('p1', [{ variation_id: 'v', item_id: 'a', qnt: 1 }], '') === 'p1|v:a:1|'`
 */
export function lineKey(product_id: string, picks: readonly VariationPick[], note: string): string {
  const enc = encodeURIComponent;
  const pickPart = normalizePicks(picks)
    .map((p) => `${enc(p.variation_id)}:${enc(p.item_id)}:${p.qnt}`)
    .join(',');
  return `${enc(product_id)}|${pickPart}|${enc(note.trim())}`;
}

/**
 * A cart line for the product with the picks (normalised), quantity (clamped to 0..999) and note (trimmed).
 * Example: `buildLine(burger, [], 2).line_cents === 2 * burger.price`
 */
export function buildLine(product: CartProduct, picks: readonly VariationPick[], qnt: number, note = ''): CartLine {
  const chosen = normalizePicks(picks);
  const quantity = clampQuantity(qnt);
  const { unit_cents, line_cents } = priceLine(product, chosen, quantity);
  return {
    line_id: lineKey(product._id, chosen, note),
    product_id: product._id,
    name: product.name,
    image: product.image,
    qnt: quantity,
    note: note.trim(),
    picks: chosen,
    unit_cents,
    line_cents,
    promo: product.promo,
    packing_quantity: product.packing_quantity,
    delivery_type: [...product.delivery_type],
    tags: pickTags(product, chosen),
  };
}

/**
 * Adds a line: a line with the same key gets the quantities added up (capped at 999) and is repriced
 * with the product as given; otherwise the line is appended. A quantity of 0 changes nothing.
 * Example: adding `buildLine(burger, [], 2)` twice gives one line with qnt 4
 */
export function addLine(lines: readonly CartLine[], line: CartLine, product?: CartProduct): CartLine[] {
  if (line.qnt <= 0) return [...lines];
  const index = lines.findIndex((l) => l.line_id === line.line_id);
  if (index < 0) return [...lines, line];
  const merged = clampQuantity(lines[index]!.qnt + line.qnt);
  const next = product ? buildLine(product, line.picks, merged, line.note) : withQuantity(lines[index]!, merged);
  return lines.map((l, i) => (i === index ? next : l));
}

/** The line with a new quantity (clamped to 0..999) and its total recomputed. Example: `withQuantity(line, 3).line_cents === line.unit_cents * 3` */
export function withQuantity(line: CartLine, qnt: number): CartLine {
  const quantity = clampQuantity(qnt);
  return { ...line, qnt: quantity, line_cents: lineTotalCents(line.unit_cents, quantity) };
}

/**
 * Sets a line's quantity, clamped to 0..999; 0 removes the line. Unknown ids change nothing.
 * Example: `setLineQuantity(lines, id, 0)` no longer holds the line `id`
 */
export function setLineQuantity(lines: readonly CartLine[], lineId: string, qnt: number): CartLine[] {
  const quantity = clampQuantity(qnt);
  if (quantity === 0) return lines.filter((l) => l.line_id !== lineId);
  return lines.map((l) => (l.line_id === lineId ? withQuantity(l, quantity) : l));
}

/** Sum of the lines' quantities (the header badge). Example: `cartCount([{ qnt: 2 }, { qnt: 3 }]) === 5` */
export function cartCount(lines: readonly Pick<CartLine, 'qnt'>[]): number {
  return lines.reduce((acc, l) => acc + l.qnt, 0);
}

/** Sum of the line totals in centavos. Example: `cartTotalCents([{ line_cents: 1000 }, { line_cents: 250 }]) === 1250` */
export function cartTotalCents(lines: readonly Pick<CartLine, 'line_cents'>[]): number {
  return sumCents(lines.map((l) => l.line_cents));
}

// ---- Consumption options ----------------------------------------------------------------

/**
 * The delivery types every line accepts; null for an empty cart (no restriction).
 * Example: `commonDeliveryTypes([{ delivery_type: ['delivery', 'pickup'] }, { delivery_type: ['pickup'] }])` is `['pickup']`
 */
export function commonDeliveryTypes(lines: readonly Pick<CartLine, 'delivery_type'>[]): DeliveryType[] | null {
  if (lines.length === 0) return null;
  let common = [...lines[0]!.delivery_type];
  for (const line of lines.slice(1)) common = common.filter((t) => line.delivery_type.includes(t));
  return common;
}

/**
 * True when the product shares no delivery type with what every cart line accepts (R-8.64
 * 'consumption-option conflict'); an empty cart never conflicts.
 * Example: `deliveryConflict([pickupOnlyLine], deliveryOnlyProduct) === true`
 */
export function deliveryConflict(lines: readonly Pick<CartLine, 'delivery_type'>[], product: Pick<CartProduct, 'delivery_type'>): boolean {
  const common = commonDeliveryTypes(lines);
  if (common === null) return false;
  return !product.delivery_type.some((t) => common.includes(t));
}

/**
 * The delivery types an order of these products may use: the establishment's list, in its order,
 * kept only where every product accepts them; 'local' only when the establishment
 * lists it (decisions #13). The checkout offers these; POST orders refuses any other (403).
 * Example: `allowedDeliveryTypes(['delivery', 'pickup'], [{ delivery_type: ['pickup'] }])` is `['pickup']`
 */
export function allowedDeliveryTypes(establishmentTypes: readonly DeliveryType[], lines: readonly Pick<CartLine, 'delivery_type'>[]): DeliveryType[] {
  const common = commonDeliveryTypes(lines);
  return establishmentTypes.filter((type) => common === null || common.includes(type));
}

// ---- Sold out ------------------------------------------------------------------------------
// The establishment marks a product, or one item of a product's variation group (the 'Calabresa'
// of 'Sabores'), as sold out and back (docs/api.md 'Sold out'). A sold-out product or item stays on
// the menu, marked, and cannot be ordered. One rule for every side: the add-product modal and the
// cart store refuse it, the cart flags a line holding it and keeps the checkout closed, the
// checkout checks it before sending, and the server's send refuses it with the same codes (422).
// Here, with the cart's other rules, so the browser takes it with the cart's code (no chunk of its
// own for the pages' entry script to list).

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
