import { describe, it, expect } from 'vitest';
import {
  addLine,
  buildLine,
  canAdd,
  cartCount,
  cartTotalCents,
  commonDeliveryTypes,
  deliveryConflict,
  lineKey,
  normalizePicks,
  pickErrors,
  pickLabel,
  pickTags,
  priceLine,
  selectedEntries,
  setLineQuantity,
  variationPicksProblems,
  type VariationPick,
} from '../../src/domain/cart.ts';
import { variationProblemText } from '../../src/i18n/messages.ts';
import type { ProductVariation, VariationItem } from '../../src/schemas/catalogue.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { productView } from './fixtures/product.ts';

// ---- Fixtures ---------------------------------------------------------------------------

// These fixtures default to one packing unit per product.
const product = (overrides: Partial<ProductView> & Pick<ProductView, '_id' | 'name'>): ProductView => productView({ packing_quantity: 1, ...overrides });

function group(
  _id: string,
  name: string,
  layout: 'check' | 'addremove',
  price_rule: number,
  items: VariationItem[],
  bounds: { min?: number; max?: number } = {},
): ProductVariation {
  return { _id, name, layout, price_rule, min: bounds.min ?? 0, max: bounds.max ?? 10, items };
}

const pick = (variation_id: string, item_id: string, qnt = 1): VariationPick => ({ variation_id, item_id, qnt });

/** Half-and-half pizza: flavours charged at the dearest half (rule 4), crust added (rule 1). */
const PIZZA = product({
  _id: 'pizza-grande',
  name: 'Pizza grande',
  price: 0,
  starting_price: true,
  delivery_type: ['delivery', 'pickup'],
  variations: [
    group(
      'sabores',
      'Sabores',
      'check',
      4,
      [
        { _id: 'calabresa', name: 'Calabresa', price: 4290, item_preffix: '1/2' },
        { _id: 'portuguesa', name: 'Portuguesa', price: 5190, item_preffix: '1/2' },
        { _id: 'marguerita', name: 'Marguerita', price: 4590, item_preffix: '1/2' },
      ],
      { min: 1, max: 2 },
    ),
    group(
      'borda',
      'Borda',
      'check',
      1,
      [
        { _id: 'catupiry', name: 'Catupiry', price: 800 },
        { _id: 'sem-borda', name: 'Sem borda', price: 0 },
      ],
      { min: 0, max: 1 },
    ),
  ],
});
const HALVES = [pick('sabores', 'calabresa'), pick('sabores', 'portuguesa')];

/** Burger with add/remove extras summed (rule 1); a negative 'sem molho' credit is ignored by rule 1. */
const BURGER = product({
  _id: 'x-burger',
  name: 'X-Burger',
  price: 2500,
  variations: [
    group(
      'extras',
      'Extras',
      'addremove',
      1,
      [
        { _id: 'bacon', name: 'Bacon', price: 500 },
        { _id: 'cheddar', name: 'Cheddar', price: 300 },
        { _id: 'cebola', name: 'Cebola', price: 0 },
        { _id: 'sem-molho', name: 'Sem molho', price: -100 },
      ],
      { min: 0, max: 5 },
    ),
  ],
});

/** A one-group product at R$ 10,00 with the given rule, for the rule table. */
function ruled(rule: number, layout: 'check' | 'addremove'): ProductView {
  return product({
    _id: `rule-${rule}`,
    name: `Regra ${rule}`,
    price: 1000,
    variations: [
      group('g', 'Complementos', layout, rule, [
        { _id: 'free', name: 'Granola', price: 0 },
        { _id: 'mid', name: 'Leite em pó', price: 300 },
        { _id: 'top', name: 'Nutella', price: 601 },
        { _id: 'credit', name: 'Sem copo', price: -100 },
      ]),
    ],
  });
}

// ---- Pricing ----------------------------------------------------------------------------

describe('priceLine: the seven variation price rules (decisions: Variation price rules)', () => {
  // Check picks: Granola 0, Leite em pó 3,00, Nutella 6,01, Sem copo -1,00 (N = 4).
  const ALL_CHECK = [pick('g', 'free'), pick('g', 'mid'), pick('g', 'top'), pick('g', 'credit')];
  // Add/remove picks: Granola x1, Leite em pó x1, Nutella x2 (N = 4).
  const STEPPED = [pick('g', 'free', 1), pick('g', 'mid', 1), pick('g', 'top', 2)];

  it('rule 1 adds the positive prices times quantity [R-9.19]', () => {
    expect(priceLine(ruled(1, 'check'), ALL_CHECK, 1)).toEqual({ unit_cents: 1000 + 901, line_cents: 1901 });
    expect(priceLine(BURGER, [pick('extras', 'bacon', 2), pick('extras', 'cebola'), pick('extras', 'sem-molho')], 3)).toEqual({
      unit_cents: 3500,
      line_cents: 10500,
    });
  });

  it('rule 2 averages all picks, rounded half up once [R-9.20]', () => {
    // (0 + 300 + 601 - 100) / 4 = 200.25 -> 200
    expect(priceLine(ruled(2, 'check'), ALL_CHECK, 1).unit_cents).toBe(1200);
    // (300 + 601) / 2 = 450.5 -> 451
    expect(priceLine(ruled(2, 'check'), [pick('g', 'mid'), pick('g', 'top')], 2)).toEqual({ unit_cents: 1451, line_cents: 2902 });
  });

  it('rule 3 averages the positive picks only [R-9.21]', () => {
    // (300 + 601) / 2 = 450.5 -> 451; the free and negative picks do not count
    expect(priceLine(ruled(3, 'check'), ALL_CHECK, 1).unit_cents).toBe(1451);
    expect(priceLine(ruled(3, 'check'), [pick('g', 'free')], 1).unit_cents).toBe(1000);
  });

  it('rule 4 charges the dearest pick once: half-and-half pizza [R-9.22]', () => {
    expect(priceLine(PIZZA, HALVES, 1)).toEqual({ unit_cents: 5190, line_cents: 5190 });
    expect(priceLine(PIZZA, HALVES, 2)).toEqual({ unit_cents: 5190, line_cents: 10380 });
    // the crust group (rule 1) adds on top of the flavours
    expect(priceLine(PIZZA, [...HALVES, pick('borda', 'catupiry')], 1).unit_cents).toBe(5990);
    expect(priceLine(ruled(4, 'check'), ALL_CHECK, 1).unit_cents).toBe(1601);
  });

  it('rule 5 charges the cheapest positive pick once [R-9.23]', () => {
    expect(priceLine(ruled(5, 'check'), ALL_CHECK, 1).unit_cents).toBe(1300);
    expect(priceLine(ruled(5, 'check'), [pick('g', 'free')], 1).unit_cents).toBe(1000);
  });

  it('rule 6 charges the dearest pick times the quantity picked (add/remove) [R-9.24]', () => {
    // 601 x (1 + 1 + 2)
    expect(priceLine(ruled(6, 'addremove'), STEPPED, 1)).toEqual({ unit_cents: 1000 + 2404, line_cents: 3404 });
  });

  it('rule 7 charges the cheapest positive pick times the quantity picked (add/remove) [R-9.25]', () => {
    // 300 x (1 + 1 + 2); Granola is free, so not the cheapest positive
    expect(priceLine(ruled(7, 'addremove'), STEPPED, 3)).toEqual({ unit_cents: 1000 + 1200, line_cents: 6600 });
    expect(priceLine(ruled(7, 'addremove'), [pick('g', 'free', 3)], 1).unit_cents).toBe(1000);
  });

  it('no picks leaves the product price; unknown groups and items add nothing', () => {
    expect(priceLine(BURGER, [], 2)).toEqual({ unit_cents: 2500, line_cents: 5000 });
    expect(priceLine(BURGER, [pick('extras', 'ghost', 3), pick('nope', 'bacon')], 1).unit_cents).toBe(2500);
  });

  it('never prices a unit below zero', () => {
    const cheap = product({
      _id: 'agua',
      name: 'Água',
      price: 50,
      variations: [group('g', 'Copo', 'check', 2, [{ _id: 'sem', name: 'Sem copo', price: -100 }])],
    });
    expect(priceLine(cheap, [pick('g', 'sem')], 2)).toEqual({ unit_cents: 0, line_cents: 0 });
  });

  it('clamps the quantity to 0..999', () => {
    expect(priceLine(BURGER, [], 1500).line_cents).toBe(2500 * 999);
    expect(priceLine(BURGER, [], -2).line_cents).toBe(0);
  });
});

// ---- Selection messages -----------------------------------------------------------------

/** What the add-product modal shows: the domain's codes through the locale (src/i18n/messages.ts). */
const shown = (p: ProductView, picks: VariationPick[]) => pickErrors(p, picks).map(variationProblemText);

describe('pickErrors and canAdd (decisions #25)', () => {
  const SAUCES = product({
    _id: 'batata',
    name: 'Batata frita',
    price: 1500,
    variations: [
      group(
        'molhos',
        'Molhos',
        'addremove',
        1,
        [
          { _id: 'ketchup', name: 'Ketchup', price: 0 },
          { _id: 'extra', name: 'Molho extra', price: 250 },
        ],
        { min: 2, max: 3 },
      ),
    ],
  });

  it("check groups with an unmet minimum say 'Escolha no mínimo {min} opção de {name}' [R-5.87] [R-5.90]", () => {
    expect(shown(PIZZA, [])).toEqual(['Escolha no mínimo 1 opção de Sabores']);
    expect(canAdd(PIZZA, [])).toBe(false);
    expect(canAdd(PIZZA, [pick('sabores', 'calabresa')])).toBe(true);
  });

  it("add/remove groups with an unmet minimum say 'Escolha no mínimo {min} {name}' [R-5.88] [R-5.90]", () => {
    expect(shown(SAUCES, [pick('molhos', 'ketchup')])).toEqual(['Escolha no mínimo 2 Molhos']);
    expect(shown(SAUCES, [pick('molhos', 'ketchup'), pick('molhos', 'extra')])).toEqual([]);
    expect(canAdd(SAUCES, [pick('molhos', 'extra', 2)])).toBe(true);
  });

  it('lists every unmet group in the product order', () => {
    const combo = product({ ...SAUCES, variations: [PIZZA.variations[0]!, SAUCES.variations[0]!] });
    expect(shown(combo, [])).toEqual(['Escolha no mínimo 1 opção de Sabores', 'Escolha no mínimo 2 Molhos']);
  });

  it('refuses picks past a maximum, unknown items or groups, and repeated check items', () => {
    expect(shown(PIZZA, [...HALVES, pick('sabores', 'marguerita')])).toEqual(['Escolha no máximo 2 opções de Sabores']);
    expect(shown(SAUCES, [pick('molhos', 'extra', 4)])).toEqual(['Escolha no máximo 3 Molhos']);
    expect(shown(PIZZA, [pick('sabores', 'ghost')])).toEqual(['Opção indisponível em Sabores']);
    expect(shown(PIZZA, [pick('sabores', 'calabresa'), pick('nope', 'x')])).toEqual(['Opção indisponível']);
    expect(shown(PIZZA, [pick('sabores', 'calabresa', 2)])).toEqual(['Escolha cada opção de Sabores uma vez só']);
    expect(canAdd(PIZZA, [pick('sabores', 'calabresa', 1.5)])).toBe(false);
  });

  it('answers codes with their parameters, never Portuguese', () => {
    expect(pickErrors(PIZZA, [...HALVES, pick('sabores', 'calabresa', 2), pick('nope', 'x', -1)])).toEqual([
      { code: 'picked_twice', groupId: 'sabores', name: 'Sabores' },
      { code: 'invalid_quantity' },
    ]);
    expect(pickErrors(PIZZA, [...HALVES, pick('sabores', 'marguerita'), pick('nope', 'x')])).toEqual([
      { code: 'above_max', groupId: 'sabores', name: 'Sabores', layout: 'check', max: 2 },
      { code: 'unknown_group', groupId: 'nope', itemId: 'x' },
    ]);
    expect(variationPicksProblems(PIZZA.variations, [])).toEqual([{ code: 'below_min', groupId: 'sabores', name: 'Sabores', layout: 'check', min: 1 }]);
  });

  it('says the maximum of a check group in the singular for one option', () => {
    const one = product({ ...PIZZA, variations: [{ ...PIZZA.variations[0]!, max: 1, min: 0 }] });
    expect(shown(one, HALVES)).toEqual(['Escolha no máximo 1 opção de Sabores']);
  });

  it('a product without variations can always be added', () => {
    expect(canAdd(product({ _id: 'suco', name: 'Suco' }), [])).toBe(true);
  });
});

// ---- Lines ------------------------------------------------------------------------------

describe('lines', () => {
  it('tags the picks with prefix and quantity, in product order', () => {
    expect(pickTags(PIZZA, [pick('sabores', 'portuguesa'), pick('sabores', 'calabresa')])).toEqual(['1/2 Calabresa', '1/2 Portuguesa']);
    expect(pickTags(BURGER, [pick('extras', 'cheddar'), pick('extras', 'bacon', 2)])).toEqual(['2x Bacon', 'Cheddar']);
    // The order keeps the prefix with each entry and reads it back the same way.
    const halves = selectedEntries(PIZZA, [pick('sabores', 'portuguesa'), pick('sabores', 'calabresa')]);
    expect(halves.map((e) => e.item_preffix)).toEqual(['1/2', '1/2']);
    expect(halves.map(pickLabel)).toEqual(['1/2 Calabresa', '1/2 Portuguesa']);
    expect(pickLabel({ qnt: 3, name: 'Esfiha de carne' })).toBe('3x Esfiha de carne');
    expect(pickLabel({ qnt: 2, item_preffix: ' 1/2 ', name: 'Calabresa' })).toBe('2x 1/2 Calabresa');
  });

  it('keeps the selected entries with name and price [R-3.32]', () => {
    expect(selectedEntries(BURGER, [pick('extras', 'bacon', 2)])).toEqual([{ _id: 'extras', item_id: 'bacon', qnt: 2, name: 'Bacon', price: 500 }]);
  });

  it('the line key ignores pick order, zero picks and surrounding spaces of the note', () => {
    const a = lineKey('p1', [pick('v', 'b'), pick('v', 'a'), pick('w', 'x', 0)], ' sem cebola ');
    const b = lineKey('p1', [pick('v', 'a'), pick('v', 'b')], 'sem cebola');
    expect(a).toBe(b);
    expect(lineKey('p1', [pick('v', 'a')], '')).not.toBe(lineKey('p1', [pick('v', 'a', 2)], ''));
    expect(lineKey('p1', [], 'x')).not.toBe(lineKey('p1', [], 'y'));
    // separators inside ids or notes cannot make two different lines collide
    expect(lineKey('a|b', [], '')).not.toBe(lineKey('a', [], 'b|'));
  });

  it('normalises picks: zero quantities dropped, repeats added up, sorted', () => {
    expect(normalizePicks([pick('b', 'x'), pick('a', 'y', 0), pick('b', 'x', 2)])).toEqual([pick('b', 'x', 3)]);
  });

  it('builds a line with prices, tags and the product data', () => {
    const line = buildLine(PIZZA, HALVES, 2, '  bem assada ');
    expect(line).toMatchObject({
      product_id: 'pizza-grande',
      name: 'Pizza grande',
      qnt: 2,
      note: 'bem assada',
      unit_cents: 5190,
      line_cents: 10380,
      packing_quantity: 1,
      promo: false,
      delivery_type: ['delivery', 'pickup'],
      tags: ['1/2 Calabresa', '1/2 Portuguesa'],
    });
    expect(line.line_id).toBe(lineKey('pizza-grande', HALVES, 'bem assada'));
  });

  it('appends a different line and merges the same product, picks and note, capped at 999', () => {
    let lines = addLine([], buildLine(BURGER, [pick('extras', 'bacon')], 2));
    lines = addLine(lines, buildLine(BURGER, [], 1));
    expect(lines.map((l) => l.qnt)).toEqual([2, 1]);
    lines = addLine(lines, buildLine(BURGER, [pick('extras', 'bacon')], 3), BURGER);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ qnt: 5, unit_cents: 3000, line_cents: 15000 });
    lines = addLine(lines, buildLine(BURGER, [], 998));
    expect(lines[1]).toMatchObject({ qnt: 999, line_cents: 2500 * 999 });
    expect(addLine(lines, buildLine(BURGER, [], 1), BURGER)[1]!.qnt).toBe(999);
  });

  it('clamps quantities to 0..999 [R-5.78]; 0 removes the line [R-4.44]', () => {
    const lines = [buildLine(BURGER, [], 1), buildLine(PIZZA, HALVES, 1)];
    const id = lines[0]!.line_id;
    expect(setLineQuantity(lines, id, 1200)[0]).toMatchObject({ qnt: 999, line_cents: 2500 * 999 });
    expect(setLineQuantity(lines, id, 3)[0]).toMatchObject({ qnt: 3, line_cents: 7500 });
    expect(setLineQuantity(lines, id, 0).map((l) => l.product_id)).toEqual(['pizza-grande']);
    expect(setLineQuantity(lines, id, -4)).toHaveLength(1);
    expect(setLineQuantity(lines, 'unknown', 5)).toEqual(lines);
    expect(buildLine(BURGER, [], 5000).qnt).toBe(999);
  });

  it('counts units and adds up line totals', () => {
    const lines = [buildLine(BURGER, [], 2), buildLine(PIZZA, HALVES, 3)];
    expect(cartCount(lines)).toBe(5);
    expect(cartTotalCents(lines)).toBe(5000 + 15570);
    expect(cartCount([])).toBe(0);
    expect(cartTotalCents([])).toBe(0);
  });
});

// ---- Consumption options ----------------------------------------------------------------

describe('deliveryConflict (consumption-option conflict)', () => {
  const both = buildLine(BURGER, [], 1); // delivery, pickup
  const pickupOnly = buildLine(product({ _id: 'bolo', name: 'Bolo inteiro', price: 9000, delivery_type: ['pickup'] }), [], 1);
  const deliveryOnly = product({ _id: 'marmita', name: 'Marmita', price: 2000, delivery_type: ['delivery'] });
  const localOnly = product({ _id: 'rodizio', name: 'Rodízio', price: 8000, delivery_type: ['local'] });

  it('an empty cart never conflicts', () => {
    expect(deliveryConflict([], localOnly)).toBe(false);
    expect(commonDeliveryTypes([])).toBeNull();
  });

  it('conflicts when the product shares no type with what every line accepts [R-8.64]', () => {
    expect(commonDeliveryTypes([both, pickupOnly])).toEqual(['pickup']);
    expect(deliveryConflict([both, pickupOnly], deliveryOnly)).toBe(true);
    expect(deliveryConflict([both], deliveryOnly)).toBe(false);
    expect(deliveryConflict([both], localOnly)).toBe(true);
    expect(deliveryConflict([pickupOnly], product({ _id: 'x', name: 'X', delivery_type: ['pickup', 'local'] }))).toBe(false);
  });
});
