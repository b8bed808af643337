import { describe, it, expect } from 'vitest';
import { type } from 'arktype';
import { OrderVariation, ProductVariation } from '../../src/schemas/catalogue.ts';
import fc from 'fast-check';
import {
  canContinue,
  isOptionDisabled,
  lineTotalCents,
  presetSelections,
  productUnitPriceCents,
  selectedCount,
  stepAddRemoveOption,
  toVariationRule,
  toggleCheckOption,
  unmetVariationGroups,
  variationControl,
  variationGroupAmountCents,
  variationGroupError,
  variationPickProblems,
} from '../../src/domain/variation-pricing.ts';
import type { VariationGroupDef, VariationPick, VariationProblem } from '../../src/domain/variation-pricing.ts';
import { variationProblemText } from '../../src/i18n/messages.ts';

// Picks: 2 x R$ 5,00 (bacon), 1 x R$ 0,00 (onion), 1 x R$ 3,01 (cheese), 1 x -R$ 1,00 (no sauce credit). N = 5.
const MIXED: VariationPick[] = [
  { priceCents: 500, qnt: 2 },
  { priceCents: 0, qnt: 1 },
  { priceCents: 301, qnt: 1 },
  { priceCents: -100, qnt: 1 },
];
const FREE_ONLY: VariationPick[] = [{ priceCents: 0, qnt: 2 }];
const HALF_AND_HALF: VariationPick[] = [
  { priceCents: 4290, qnt: 1 },
  { priceCents: 5190, qnt: 1 },
];

describe('variation price rules (decisions: Definitions)', () => {
  it('rule 1 sums positive prices times quantity [R-9.19]', () => {
    expect(variationGroupAmountCents(1, MIXED)).toBe(1301); // 1000 + 301
    expect(variationGroupAmountCents(1, FREE_ONLY)).toBe(0);
  });

  it('rule 2 averages all picks, rounding half up once [R-9.20]', () => {
    expect(variationGroupAmountCents(2, MIXED)).toBe(240); // (1000 + 0 + 301 - 100) / 5 = 240.2
    expect(variationGroupAmountCents(2, HALF_AND_HALF)).toBe(4740);
    expect(
      variationGroupAmountCents(2, [
        { priceCents: 3000, qnt: 1 },
        { priceCents: 4001, qnt: 1 },
      ]),
    ).toBe(3501); // 3500.5
    expect(variationGroupAmountCents(2, [])).toBe(0);
  });

  it('rule 3 averages positive picks only, 0 when none [R-9.21]', () => {
    expect(variationGroupAmountCents(3, MIXED)).toBe(434); // 1301 / 3 = 433.67
    expect(
      variationGroupAmountCents(3, [
        { priceCents: 1, qnt: 1 },
        { priceCents: 2, qnt: 1 },
      ]),
    ).toBe(2); // 1.5
    expect(variationGroupAmountCents(3, FREE_ONLY)).toBe(0);
  });

  it('rule 4 takes the maximum price once [R-9.22]', () => {
    expect(variationGroupAmountCents(4, MIXED)).toBe(500);
    expect(variationGroupAmountCents(4, HALF_AND_HALF)).toBe(5190);
    expect(variationGroupAmountCents(4, [])).toBe(0);
  });

  it('rule 5 takes the minimum positive price once, 0 when none [R-9.23]', () => {
    expect(variationGroupAmountCents(5, MIXED)).toBe(301);
    expect(variationGroupAmountCents(5, FREE_ONLY)).toBe(0);
  });

  it('rule 6 takes the highest price times the total count [R-9.24]', () => {
    expect(variationGroupAmountCents(6, MIXED)).toBe(2500); // 500 x 5
    expect(variationGroupAmountCents(6, [])).toBe(0);
  });

  it('rule 7 takes the lowest positive price times the total count, 0 when none [R-9.25]', () => {
    expect(variationGroupAmountCents(7, MIXED)).toBe(1505); // 301 x 5
    expect(variationGroupAmountCents(7, FREE_ONLY)).toBe(0);
  });

  it('ignores items with quantity 0', () => {
    expect(variationGroupAmountCents(4, [...MIXED, { priceCents: 9999, qnt: 0 }])).toBe(500);
    expect(variationGroupAmountCents(6, [...MIXED, { priceCents: 9999, qnt: 0 }])).toBe(2500);
  });

  it('refuses float prices, negative quantities and unknown rules', () => {
    expect(() => variationGroupAmountCents(1, [{ priceCents: 1.5, qnt: 1 }])).toThrow(RangeError);
    expect(() => variationGroupAmountCents(1, [{ priceCents: 100, qnt: -1 }])).toThrow(RangeError);
    expect(() => variationGroupAmountCents(8 as never, MIXED)).toThrow(RangeError);
  });

  it('reads the API rule, defaulting a missing one to rule 1', () => {
    expect(toVariationRule('4')).toBe(4);
    expect(toVariationRule(undefined)).toBe(1);
    expect(() => toVariationRule(0)).toThrow(RangeError);
  });

  it('keeps every rule an integer between its natural bounds (property)', () => {
    const pick = fc.record({ priceCents: fc.integer({ min: -10000, max: 100000 }), qnt: fc.integer({ min: 0, max: 10 }) });
    fc.assert(
      fc.property(fc.array(pick, { maxLength: 8 }), (picks) => {
        const selected = picks.filter((p) => p.qnt > 0);
        const prices = selected.map((p) => p.priceCents);
        for (const rule of [1, 2, 3, 4, 5, 6, 7] as const) {
          expect(Number.isSafeInteger(variationGroupAmountCents(rule, picks))).toBe(true);
        }
        if (prices.length > 0) {
          const avg = variationGroupAmountCents(2, picks);
          expect(avg).toBeGreaterThanOrEqual(Math.min(...prices));
          expect(avg).toBeLessThanOrEqual(Math.max(...prices));
        }
        expect(variationGroupAmountCents(1, picks)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('unit price and line total', () => {
  it('adds each group amount to the base price, then multiplies by quantity', () => {
    const unit = productUnitPriceCents(2500, [
      { rule: 1, picks: [{ priceCents: 300, qnt: 2 }] },
      { rule: 4, picks: HALF_AND_HALF },
    ]);
    expect(unit).toBe(2500 + 600 + 5190);
    expect(lineTotalCents(unit, 3)).toBe(24870);
    expect(productUnitPriceCents(2500, [])).toBe(2500);
  });

  it('refuses a float base price or quantity', () => {
    expect(() => productUnitPriceCents(25.5, [])).toThrow(RangeError);
    expect(() => lineTotalCents(2500, 1.5)).toThrow(RangeError);
  });
});

/** The message the modal shows for a problem (the domain answers codes). */
const text = (problem: VariationProblem | null) => (problem ? variationProblemText(problem) : null);

const MASSA: VariationGroupDef = { _id: 'massa', name: 'Massa', layout: 'check', min: 1, max: 1 };
const SABORES: VariationGroupDef = { _id: 'sabores', name: 'Sabores', layout: 'check', min: 2, max: 2 };
const ADICIONAIS: VariationGroupDef = { _id: 'adicionais', name: 'Adicionais', layout: 'check', min: 0, max: 3 };
const MOLHOS: VariationGroupDef = { _id: 'molhos', name: 'molhos', layout: 'addremove', min: 2, max: 4 };

describe('variation selection', () => {
  it('needs at least min picks for a check layout with min > 0 [R-5.87] [R-5.90]', () => {
    expect(variationGroupError(SABORES, [{ item_id: 'a', qnt: 1 }])).toEqual({
      code: 'below_min',
      groupId: 'sabores',
      name: 'Sabores',
      layout: 'check',
      min: 2,
    });
    expect(text(variationGroupError(SABORES, [{ item_id: 'a', qnt: 1 }]))).toBe('Escolha no mínimo 2 opção de Sabores');
    expect(text(variationGroupError(MASSA, []))).toBe('Escolha no mínimo 1 opção de Massa');
    expect(
      variationGroupError(SABORES, [
        { item_id: 'a', qnt: 1 },
        { item_id: 'b', qnt: 1 },
      ]),
    ).toBeNull();
    expect(variationGroupError(ADICIONAIS, [])).toBeNull();
  });

  it('counts distinct items for check and quantities for addremove', () => {
    expect(selectedCount(SABORES, [{ item_id: 'a', qnt: 2 }])).toBe(1);
    expect(
      selectedCount(MOLHOS, [
        { item_id: 'a', qnt: 2 },
        { item_id: 'b', qnt: 0 },
      ]),
    ).toBe(2);
  });

  it('needs a quantity reaching min for an addremove layout with min > 0 [R-5.88] [R-5.90]', () => {
    expect(text(variationGroupError(MOLHOS, []))).toBe('Escolha no mínimo 2 molhos');
    expect(text(variationGroupError(MOLHOS, [{ item_id: 'a', qnt: 1 }]))).toBe('Escolha no mínimo 2 molhos');
    expect(variationGroupError(MOLHOS, [{ item_id: 'a', qnt: 2 }])).toBeNull();
  });

  it('lists every unmet group in order and disables continue [R-5.89]', () => {
    const groups = [MASSA, ADICIONAIS, MOLHOS];
    expect(unmetVariationGroups(groups, { adicionais: [] })).toEqual([
      { code: 'below_min', groupId: 'massa', name: 'Massa', layout: 'check', min: 1 },
      { code: 'below_min', groupId: 'molhos', name: 'molhos', layout: 'addremove', min: 2 },
    ]);
    expect(unmetVariationGroups(groups, { adicionais: [] }).map(variationProblemText)).toEqual([
      'Escolha no mínimo 1 opção de Massa',
      'Escolha no mínimo 2 molhos',
    ]);
    expect(canContinue(groups, {})).toBe(false);
    expect(canContinue(groups, { massa: [{ item_id: 'fina', qnt: 1 }], molhos: [{ item_id: 'alho', qnt: 2 }] })).toBe(true);
  });

  it('renders check with min 1 and max 1 as a radio [R-5.91]', () => {
    expect(variationControl(MASSA)).toBe('radio');
    expect(variationControl({ layout: 'check', min: 0, max: 1 })).toBe('checkbox');
    expect(variationControl(SABORES)).toBe('checkbox');
    expect(variationControl(MOLHOS)).toBe('stepper');
  });

  it('disables unticked checkboxes once max is reached [R-5.92]', () => {
    const full = [
      { item_id: 'a', qnt: 1 },
      { item_id: 'b', qnt: 1 },
      { item_id: 'c', qnt: 1 },
    ];
    expect(isOptionDisabled(ADICIONAIS, full, 'd')).toBe(true);
    expect(isOptionDisabled(ADICIONAIS, full, 'a')).toBe(false);
    expect(isOptionDisabled(ADICIONAIS, full.slice(0, 2), 'd')).toBe(false);
    expect(isOptionDisabled(MASSA, [{ item_id: 'a', qnt: 1 }], 'b')).toBe(false);
    expect(isOptionDisabled({ layout: 'check', min: 0, max: 0 }, full, 'd')).toBe(false);
  });

  it('toggles: a radio replaces the choice, a checkbox stops at max [R-5.91] [R-5.92]', () => {
    expect(toggleCheckOption(MASSA, [{ item_id: 'fina', qnt: 1 }], 'grossa')).toEqual([{ item_id: 'grossa', qnt: 1 }]);
    expect(toggleCheckOption(MASSA, [{ item_id: 'fina', qnt: 1 }], 'fina')).toEqual([{ item_id: 'fina', qnt: 1 }]);
    expect(toggleCheckOption(SABORES, [{ item_id: 'a', qnt: 1 }], 'b')).toEqual([
      { item_id: 'a', qnt: 1 },
      { item_id: 'b', qnt: 1 },
    ]);
    expect(
      toggleCheckOption(
        SABORES,
        [
          { item_id: 'a', qnt: 1 },
          { item_id: 'b', qnt: 1 },
        ],
        'c',
      ),
    ).toEqual([
      { item_id: 'a', qnt: 1 },
      { item_id: 'b', qnt: 1 },
    ]);
    expect(
      toggleCheckOption(
        SABORES,
        [
          { item_id: 'a', qnt: 1 },
          { item_id: 'b', qnt: 1 },
        ],
        'a',
      ),
    ).toEqual([{ item_id: 'b', qnt: 1 }]);
  });

  it('steps addremove quantities within 0 and the group max', () => {
    expect(stepAddRemoveOption(MOLHOS, [], 'alho', 1)).toEqual([{ item_id: 'alho', qnt: 1 }]);
    expect(
      stepAddRemoveOption(
        MOLHOS,
        [
          { item_id: 'alho', qnt: 3 },
          { item_id: 'pimenta', qnt: 1 },
        ],
        'alho',
        1,
      ),
    ).toEqual([
      { item_id: 'pimenta', qnt: 1 },
      { item_id: 'alho', qnt: 3 },
    ]);
    expect(stepAddRemoveOption(MOLHOS, [{ item_id: 'alho', qnt: 1 }], 'alho', -1)).toEqual([]);
  });
});

describe('variation layout', () => {
  const items = [
    { _id: 'ketchup', name: 'Ketchup', price: 0 },
    { _id: 'mostarda', name: 'Mostarda', price: 0 },
  ];

  it('is check (each option once: radio or checkboxes) or addremove (a quantity per option), nothing else [R-3.31]', () => {
    for (const layout of ['check', 'addremove']) {
      expect(ProductVariation({ _id: 'molhos', name: 'Molhos', layout, min: 0, max: 3, price_rule: 1, items }), layout).not.toBeInstanceOf(type.errors);
      expect(OrderVariation({ _id: 'molhos', name: 'Molhos', layout, min: 0, max: 3, items }), layout).not.toBeInstanceOf(type.errors);
    }
    for (const layout of ['radio', 'select', 'Check', '', null]) {
      expect(ProductVariation({ _id: 'molhos', name: 'Molhos', layout, min: 0, max: 3, price_rule: 1, items }), String(layout)).toBeInstanceOf(type.errors);
      expect(OrderVariation({ _id: 'molhos', name: 'Molhos', layout, min: 0, max: 3, items }), String(layout)).toBeInstanceOf(type.errors);
    }

    // check: a tick takes an option once; a second tick takes it off; the count is of options.
    const check: VariationGroupDef = { _id: 'molhos', name: 'Molhos', layout: 'check', min: 0, max: 3 };
    const once = toggleCheckOption(check, [], 'ketchup');
    expect(once).toEqual([{ item_id: 'ketchup', qnt: 1 }]);
    expect(toggleCheckOption(check, once, 'ketchup')).toEqual([]);
    expect(selectedCount(check, [...once, { item_id: 'mostarda', qnt: 1 }])).toBe(2);
    expect(variationControl(check)).toBe('checkbox');
    expect(variationControl({ ...check, min: 1, max: 1 })).toBe('radio');

    // addremove: each step adds a unit of the same option; the count is of units.
    const addremove: VariationGroupDef = { ...check, layout: 'addremove' };
    const twice = stepAddRemoveOption(addremove, stepAddRemoveOption(addremove, [], 'ketchup', 1), 'ketchup', 1);
    expect(twice).toEqual([{ item_id: 'ketchup', qnt: 2 }]);
    expect(selectedCount(addremove, [...twice, { item_id: 'mostarda', qnt: 1 }])).toBe(3);
    expect(variationControl(addremove)).toBe('stepper');
    // The same picks meet a minimum of 2 as addremove units but not as check options.
    expect(canContinue([{ ...addremove, min: 2 }], { molhos: twice })).toBe(true);
    expect(canContinue([{ ...check, min: 2 }], { molhos: once })).toBe(false);
  });
});

describe('variationPickProblems: the one check of picks for the cart, the extras and POST orders', () => {
  const items = (...ids: string[]) => ids.map((_id) => ({ _id }));
  const sabores = { ...SABORES, min: 1, items: items('calabresa', 'mussarela', 'portuguesa') };
  const molhos = { ...MOLHOS, min: 0, max: 3, items: items('alho', 'pimenta') };

  it('refuses a check option chosen more than once, and names the group', () => {
    expect(variationPickProblems([sabores], { sabores: [{ item_id: 'calabresa', qnt: 2 }] })).toEqual([
      { code: 'picked_twice', groupId: 'sabores', name: 'Sabores' },
    ]);
    expect(variationProblemText({ code: 'picked_twice', groupId: 'sabores', name: 'Sabores' })).toBe('Escolha cada opção de Sabores uma vez só');
  });

  it('refuses more than max options (check: distinct options; addremove: the quantities added up)', () => {
    const three = ['calabresa', 'mussarela', 'portuguesa'].map((item_id) => ({ item_id, qnt: 1 }));
    expect(variationPickProblems([sabores], { sabores: three })).toEqual([{ code: 'above_max', groupId: 'sabores', name: 'Sabores', layout: 'check', max: 2 }]);
    expect(variationPickProblems([molhos], { molhos: [{ item_id: 'alho', qnt: 3 }] })).toEqual([]);
    expect(
      variationPickProblems([molhos], {
        molhos: [
          { item_id: 'alho', qnt: 3 },
          { item_id: 'pimenta', qnt: 1 },
        ],
      }),
    ).toEqual([{ code: 'above_max', groupId: 'molhos', name: 'molhos', layout: 'addremove', max: 3 }]);
    expect(variationProblemText({ code: 'above_max', groupId: 'molhos', name: 'Molhos', layout: 'addremove', max: 3 })).toBe('Escolha no máximo 3 Molhos');
  });

  it('reads a max of 0 as no maximum', () => {
    const any = { ...molhos, max: 0 };
    expect(variationPickProblems([any], { molhos: [{ item_id: 'alho', qnt: 50 }] })).toEqual([]);
  });

  it("lists unmet minimums first, then each group's unknown items, repeats and excess, then stray groups", () => {
    expect(
      variationPickProblems([sabores, { ...molhos, min: 1 }], { sabores: [{ item_id: 'ghost', qnt: 1 }] }, [{ groupId: 'old', itemId: 'x' }]).map(
        (p) => p.code,
      ),
    ).toEqual(['below_min', 'unknown_item', 'unknown_group']);
  });
});

describe('presetSelections: what a product opens with', () => {
  it("starts with each item's preset (the half-and-half pizza's own flavour), in item order", () => {
    const sabores = {
      _id: 'sabores',
      layout: 'check' as const,
      max: 2,
      items: [{ _id: 'calabresa', qnt: 1 }, { _id: 'mussarela' }, { _id: 'baiana', qnt: 0 }],
    };
    const tamanho = { _id: 'tamanho', layout: 'check' as const, max: 1, items: [{ _id: 'media' }, { _id: 'grande' }] };
    expect(presetSelections([tamanho, sabores])).toEqual({ sabores: [{ item_id: 'calabresa', qnt: 1 }] });
    expect(presetSelections([tamanho])).toEqual({});
  });

  it('keeps presets within the rules: a check option once and never past max, addremove quantities up to max', () => {
    const check = {
      _id: 'c',
      layout: 'check' as const,
      max: 2,
      items: [
        { _id: 'a', qnt: 3 },
        { _id: 'b', qnt: 1 },
        { _id: 'c', qnt: 1 },
      ],
    };
    expect(presetSelections([check])).toEqual({
      c: [
        { item_id: 'a', qnt: 1 },
        { item_id: 'b', qnt: 1 },
      ],
    });
    const kit = {
      _id: 'k',
      layout: 'addremove' as const,
      max: 6,
      items: [
        { _id: 'carne', qnt: 4 },
        { _id: 'queijo', qnt: 4 },
      ],
    };
    expect(presetSelections([kit])).toEqual({
      k: [
        { item_id: 'carne', qnt: 4 },
        { item_id: 'queijo', qnt: 2 },
      ],
    });
    // A max of 0 is no maximum; quantities that are not whole are no preset.
    expect(presetSelections([{ ...kit, max: 0 }])).toEqual({
      k: [
        { item_id: 'carne', qnt: 4 },
        { item_id: 'queijo', qnt: 4 },
      ],
    });
    expect(presetSelections([{ ...kit, items: [{ _id: 'carne', qnt: 1.5 }] }])).toEqual({});
  });

  it('gives picks every group accepts, whatever the presets', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'check' | 'addremove'>('check', 'addremove'),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: -2, max: 8 }), { minLength: 1, maxLength: 6 }),
        (layout, max, qnts) => {
          const group = { _id: 'g', name: 'G', layout, min: 0, max, items: qnts.map((qnt, i) => ({ _id: `i${i}`, qnt })) };
          const picks = presetSelections([group]);
          expect(variationPickProblems([group], picks)).toEqual([]);
        },
      ),
    );
  });
});
