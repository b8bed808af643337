// Variation groups: the seven price rules exactly as decisions.md 'Definitions' states them
// (section 9, groups 1-7) and the selection rules of section 5 'Variations' as codes (decisions
// #25's messages are the locale's). Averages are rounded half up once, on the eligible sum.
import { assertCents, divideRoundHalfUp, multiplyCents, sumCents } from './money.ts';

export type VariationRule = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type VariationPick = { priceCents: number; qnt: number };

/** Narrows an API calculation rule to 1..7; a missing rule is the additive rule 1. Example: `toVariationRule('4') === 4` */
export function toVariationRule(value: unknown): VariationRule {
  if (value === null || value === undefined || value === '') return 1;
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1 && n <= 7) return n as VariationRule;
  throw new RangeError(`unknown variation price rule: ${String(value)}`);
}

/**
 * The amount one group adds to the unit price, by rule 1..7 [R-9.19..R-9.25].
 * Example: `variationGroupAmountCents(2, [{ priceCents: 3000, qnt: 1 }, { priceCents: 4001, qnt: 1 }]) === 3501`
 */
export function variationGroupAmountCents(rule: VariationRule, picks: readonly VariationPick[]): number {
  for (const p of picks) {
    assertCents(p.priceCents, 'variation price');
    if (!Number.isSafeInteger(p.qnt) || p.qnt < 0) throw new RangeError(`invalid variation quantity: ${p.qnt}`);
  }
  // An item with quantity 0 is not selected.
  const selected = picks.filter((p) => p.qnt > 0);
  const positive = selected.filter((p) => p.priceCents > 0);
  const n = selected.reduce((acc, p) => acc + p.qnt, 0);
  const nPositive = positive.reduce((acc, p) => acc + p.qnt, 0);
  const total = (list: readonly VariationPick[]) => sumCents(list.map((p) => multiplyCents(p.priceCents, p.qnt)));
  const prices = selected.map((p) => p.priceCents);
  const positivePrices = positive.map((p) => p.priceCents);

  switch (rule) {
    case 1:
      return total(positive);
    case 2:
      return n === 0 ? 0 : divideRoundHalfUp(total(selected), n);
    case 3:
      return nPositive === 0 ? 0 : divideRoundHalfUp(total(positive), nPositive);
    case 4:
      return prices.length === 0 ? 0 : Math.max(...prices);
    case 5:
      return positivePrices.length === 0 ? 0 : Math.min(...positivePrices);
    case 6:
      return prices.length === 0 ? 0 : multiplyCents(Math.max(...prices), n);
    case 7:
      return positivePrices.length === 0 ? 0 : multiplyCents(Math.min(...positivePrices), n);
    default:
      throw new RangeError(`unknown variation price rule: ${String(rule)}`);
  }
}

export type PricedGroup = { rule: VariationRule; picks: readonly VariationPick[] };

/** Base price plus every group's amount. Example: `productUnitPriceCents(2500, [{ rule: 1, picks: [{ priceCents: 300, qnt: 2 }] }]) === 3100` */
export function productUnitPriceCents(basePriceCents: number, groups: readonly PricedGroup[]): number {
  assertCents(basePriceCents, 'base price');
  return sumCents([basePriceCents, ...groups.map((g) => variationGroupAmountCents(g.rule, g.picks))]);
}

/** Unit price times the product quantity. Example: `lineTotalCents(3100, 3) === 9300` */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  return multiplyCents(unitPriceCents, quantity);
}

// ---- Selection rules ------------------------------------------------------------------

export type VariationLayout = 'check' | 'addremove';
export type VariationGroupDef = { _id: string; name: string; layout: VariationLayout; min: number; max: number };
/** A selected item of a group: which item, how many. */
export type VariationSelection = { item_id: string; qnt: number };

/** How many the customer has chosen: distinct items for check, summed quantities for addremove. Example: `selectedCount({ layout: 'addremove' } as VariationGroupDef, [{ item_id: 'a', qnt: 2 }]) === 2` */
export function selectedCount(group: Pick<VariationGroupDef, 'layout'>, picks: readonly VariationSelection[]): number {
  const chosen = picks.filter((p) => p.qnt > 0);
  return group.layout === 'check' ? chosen.length : chosen.reduce((acc, p) => acc + p.qnt, 0);
}

// A max of 0 (or less) is read as 'no maximum', as the API does for coupons' max_total_products.
function hasMax(group: Pick<VariationGroupDef, 'max'>): boolean {
  return Number.isFinite(group.max) && group.max > 0;
}

/**
 * Why picks of variation groups cannot be taken, with what the message needs. The domain says no
 * Portuguese: the islands translate these (src/i18n/messages.ts, decisions #25 texts), the API
 * answers the code. below_min is an unmet minimum; above_max a group past
 * its maximum; picked_twice a check option chosen more than once; unknown_item / unknown_group a pick
 * the menu does not have; invalid_quantity a quantity that is not a whole number of at least 0.
 */
export type VariationProblem =
  | { code: 'below_min'; groupId: string; name: string; layout: VariationLayout; min: number }
  | { code: 'above_max'; groupId: string; name: string; layout: VariationLayout; max: number }
  | { code: 'picked_twice'; groupId: string; name: string }
  | { code: 'unknown_item'; groupId: string; name: string; itemId: string }
  | { code: 'unknown_group'; groupId: string; itemId: string }
  | { code: 'invalid_quantity' };

export type UnmetGroup = Extract<VariationProblem, { code: 'below_min' }>;

/**
 * The unmet minimum of a group, or null when the group is satisfied.
 * Example: `variationGroupError({ _id: 'g', name: 'Massa', layout: 'check', min: 1, max: 1 }, [])` is `{ code: 'below_min', groupId: 'g', name: 'Massa', layout: 'check', min: 1 }`
 */
export function variationGroupError(group: VariationGroupDef, picks: readonly VariationSelection[]): UnmetGroup | null {
  if (!(group.min > 0)) return null;
  if (selectedCount(group, picks) >= group.min) return null;
  return { code: 'below_min', groupId: group._id, name: group.name, layout: group.layout, min: group.min };
}

/**
 * Every unmet group, in the groups' order; empty means continue is enabled [R-5.89].
 * Example: `unmetVariationGroups(groups, { g1: [] })` is `[{ code: 'below_min', groupId: 'g1', name: 'Massa', layout: 'check', min: 1 }]`
 */
export function unmetVariationGroups(
  groups: readonly VariationGroupDef[],
  selections: Readonly<Record<string, readonly VariationSelection[] | undefined>>,
): UnmetGroup[] {
  const unmet: UnmetGroup[] = [];
  for (const group of groups) {
    const problem = variationGroupError(group, selections[group._id] ?? []);
    if (problem !== null) unmet.push(problem);
  }
  return unmet;
}

/** A group with the ids of the items it offers. */
export type VariationGroupRules = VariationGroupDef & { items: readonly { _id: string }[] };

/**
 * Everything wrong with the picks of some groups (selections per group _id; `strayGroups` are picks of
 * groups not among them), in this order: each unmet minimum in the groups' order, then per group picks
 * of items it does not offer, check options picked more than once and a count past its maximum (a max
 * of 0 is no maximum), then picks of unknown groups. The cart's add-product modal, the checkout's
 * extras and POST orders (product lines and order variations alike) all decide with it.
 * Example: `variationPickProblems([sabores], { sabores: [{ item_id: 'calabresa', qnt: 2 }] })` is `[{ code: 'picked_twice', groupId: 'sabores', name: 'Sabores' }]`
 */
export function variationPickProblems(
  groups: readonly VariationGroupRules[],
  selections: Readonly<Record<string, readonly VariationSelection[] | undefined>>,
  strayGroups: readonly { groupId: string; itemId: string }[] = [],
): VariationProblem[] {
  const problems: VariationProblem[] = [...unmetVariationGroups(groups, selections)];
  for (const group of groups) {
    const own = selections[group._id] ?? [];
    const items = new Set(group.items.map((i) => i._id));
    const stray = own.find((s) => !items.has(s.item_id));
    if (stray) problems.push({ code: 'unknown_item', groupId: group._id, name: group.name, itemId: stray.item_id });
    if (group.layout === 'check' && own.some((s) => s.qnt !== 1)) problems.push({ code: 'picked_twice', groupId: group._id, name: group.name });
    if (hasMax(group) && selectedCount(group, own) > group.max) {
      problems.push({ code: 'above_max', groupId: group._id, name: group.name, layout: group.layout, max: group.max });
    }
  }
  if (strayGroups.length > 0) problems.push({ code: 'unknown_group', groupId: strayGroups[0]!.groupId, itemId: strayGroups[0]!.itemId });
  return problems;
}

/** A group with each item's preset quantity (the catalogue's item `qnt`). */
export type VariationPresetGroup = Pick<VariationGroupDef, '_id' | 'layout' | 'max'> & { items: readonly { _id: string; qnt?: number; sold_out?: boolean }[] };

/**
 * The picks a product opens with: each item's preset quantity, in item order, within the group's
 * rules (a check option once, never past max). A half-and-half pizza presets its own flavour, so
 * 'Pizza Calabresa' opens with Calabresa as one half and the customer only adds the other.
 * Example: `presetSelections([{ _id: 'sabores', layout: 'check', max: 2, items: [{ _id: 'calabresa', qnt: 1 }, { _id: 'baiana' }] }])` is `{ sabores: [{ item_id: 'calabresa', qnt: 1 }] }`
 */
export function presetSelections(groups: readonly VariationPresetGroup[]): Record<string, VariationSelection[]> {
  const selections: Record<string, VariationSelection[]> = {};
  for (const group of groups) {
    let left = hasMax(group) ? group.max : Number.POSITIVE_INFINITY;
    const picks: VariationSelection[] = [];
    for (const item of group.items) {
      // A sold-out item is never picked for the customer (src/domain/cart.ts 'Sold out').
      const preset = item.sold_out !== true && Number.isSafeInteger(item.qnt) && (item.qnt ?? 0) > 0 ? (item.qnt ?? 0) : 0;
      // A check group counts options, an addremove group quantities (selectedCount).
      const qnt = Math.min(group.layout === 'check' ? Math.min(preset, 1) : preset, left);
      if (qnt <= 0) continue;
      picks.push({ item_id: item._id, qnt });
      left -= group.layout === 'check' ? 1 : qnt;
    }
    if (picks.length > 0) selections[group._id] = picks;
  }
  return selections;
}

/** Whether the continue button is enabled. Example: `canContinue(groups, selections) === false` while a minimum is unmet */
export function canContinue(groups: readonly VariationGroupDef[], selections: Readonly<Record<string, readonly VariationSelection[] | undefined>>): boolean {
  return unmetVariationGroups(groups, selections).length === 0;
}

export type VariationControl = 'radio' | 'checkbox' | 'stepper';

/** Which control a group renders: check with min 1 and max 1 is a radio. Example: `variationControl({ layout: 'check', min: 1, max: 1 }) === 'radio'` */
export function variationControl(group: Pick<VariationGroupDef, 'layout' | 'min' | 'max'>): VariationControl {
  if (group.layout === 'addremove') return 'stepper';
  return group.min === 1 && group.max === 1 ? 'radio' : 'checkbox';
}

/**
 * Whether an option is disabled: checkboxes not yet ticked once max is reached; radios never.
 * Example: `isOptionDisabled({ layout: 'check', min: 0, max: 2 }, [{ item_id: 'a', qnt: 1 }, { item_id: 'b', qnt: 1 }], 'c') === true`
 */
export function isOptionDisabled(group: Pick<VariationGroupDef, 'layout' | 'min' | 'max'>, picks: readonly VariationSelection[], itemId: string): boolean {
  const control = variationControl(group);
  if (control === 'radio' || !hasMax(group)) return false;
  const ticked = picks.some((p) => p.item_id === itemId && p.qnt > 0);
  if (control === 'checkbox' && ticked) return false;
  return selectedCount(group, picks) >= group.max;
}

/**
 * Ticks or unticks a check option: a radio replaces the choice, a checkbox refuses to pass max.
 * Example: `toggleCheckOption({ layout: 'check', min: 1, max: 1 }, [{ item_id: 'a', qnt: 1 }], 'b')` is `[{ item_id: 'b', qnt: 1 }]`
 */
export function toggleCheckOption(
  group: Pick<VariationGroupDef, 'layout' | 'min' | 'max'>,
  picks: readonly VariationSelection[],
  itemId: string,
): VariationSelection[] {
  const ticked = picks.some((p) => p.item_id === itemId && p.qnt > 0);
  if (variationControl(group) === 'radio') return ticked ? [...picks] : [{ item_id: itemId, qnt: 1 }];
  if (ticked) return picks.filter((p) => p.item_id !== itemId);
  if (isOptionDisabled(group, picks, itemId)) return [...picks];
  return [...picks.filter((p) => p.qnt > 0), { item_id: itemId, qnt: 1 }];
}

/**
 * Changes an addremove item's quantity by delta, never below 0 nor past the group's max.
 * Example: `stepAddRemoveOption({ layout: 'addremove', min: 0, max: 3 }, [{ item_id: 'a', qnt: 3 }], 'a', 1)` keeps qnt 3
 */
export function stepAddRemoveOption(
  group: Pick<VariationGroupDef, 'layout' | 'min' | 'max'>,
  picks: readonly VariationSelection[],
  itemId: string,
  delta: number,
): VariationSelection[] {
  const current = picks.find((p) => p.item_id === itemId)?.qnt ?? 0;
  let next = Math.max(0, current + delta);
  if (hasMax(group)) {
    const others = selectedCount(group, picks) - current;
    next = Math.min(next, Math.max(0, group.max - others));
  }
  const rest = picks.filter((p) => p.item_id !== itemId);
  return next > 0 ? [...rest, { item_id: itemId, qnt: next }] : rest;
}
