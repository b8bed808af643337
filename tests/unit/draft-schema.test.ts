import { describe, it, expect } from 'vitest';
import { type } from 'arktype';
import fc from 'fast-check';
import { buildLine, selectedEntries } from '../../src/domain/cart.ts';
import { draftLines, draftProductFromLine, emptyDraft, parseDraft, type Draft } from '../../src/schemas/draft.ts';
import type { ProductView } from '../../src/schemas/views.ts';

const BURGER: ProductView = {
  _id: 'x-burger',
  name: 'X-Burger',
  desc: '',
  image: '/img/x-burger.webp',
  note: null,
  price: 2500,
  normal_price: 2900,
  starting_price: false,
  promo: true,
  hide_price: false,
  category_id: 'lanches',
  sort: 0,
  delivery_type: ['delivery', 'pickup'],
  availabilities: [],
  mandatory_schedule: false,
  min_schedule_time: 0,
  packing_quantity: 1,
  accept_scheduling: true,
  sold_out: false,
  variations: [
    {
      _id: 'extras',
      name: 'Extras',
      layout: 'addremove',
      min: 0,
      max: 5,
      price_rule: 1,
      items: [{ _id: 'bacon', name: 'Bacon', price: 500 }],
    },
  ],
};

// The arktype schema the stored draft was checked with until the hand-written check in
// src/schemas/draft.ts replaced it (arktype's start-up was most of the first tap's wait on a slow
// phone): kept here as the reference the new check must answer like.
const cents = 'number.integer';
const nonNegativeCents = 'number.integer >= 0';
const ReferenceVariation = type({ _id: 'string', item_id: 'string', qnt: 'number.integer >= 1', 'name?': 'string', 'price?': cents });
const ReferenceDraft = type({
  version: '1',
  products: type({
    id: 'string',
    name: 'string',
    image: 'string | null',
    qnt: '1 <= number.integer <= 999',
    promo: 'boolean',
    packing_quantity: 'number.integer >= 0',
    price: nonNegativeCents,
    normal_price: `${nonNegativeCents} | null`,
    unit_cents: nonNegativeCents,
    line_cents: nonNegativeCents,
    note: 'string',
    delivery_type: "('delivery' | 'pickup' | 'local')[]",
    tags: 'string[]',
    variations: ReferenceVariation.array(),
  }).array(),
  order_variations: ReferenceVariation.array(),
  delivery_type: "'delivery' | 'pickup' | 'local' | null",
  delivery_address: type({
    _id: 'string',
    street: 'string',
    number: 'string | null',
    complement: 'string | null',
    'ref?': 'string | null',
    neighborhood: 'string',
    city: 'string',
    state: 'string',
    'lng_lat?': ['number', 'number'],
  }).or('null'),
  delivery_tax: `${nonNegativeCents} | null`,
  delivery_time: type({ min: 'number.integer >= 0', max: 'number.integer >= 0' }).or('null'),
  scheduled_at: 'string | null',
  scheduling_date: type(/^\d{4}-\d{2}-\d{2}$/).or('null'),
  note: 'string',
  payment_type: "'online' | 'offline' | 'pix' | 'credits' | null",
  payment_method: type({ _id: 'string', name: 'string', payback: 'boolean' }).or('null'),
  payment_card: type({
    '+': 'delete',
    _id: 'string',
    'token_id?': 'string',
    'display_number?': 'string',
    'brand?': 'string',
    'holder?': 'string',
    'due_month?': 'number.integer',
    'due_year?': 'number.integer',
  }).or('null'),
  payment_card_document: 'string | null',
  change: `${nonNegativeCents} | null`,
  coupon: type({
    _id: 'string',
    code: 'string',
    discount_type: "'fixed' | 'percentage'",
    value: 'number >= 0',
    min_total_products: nonNegativeCents,
    max_total_products: nonNegativeCents,
  }).or('null'),
  achievement: type({ _id: 'string', name: 'string', reward_type: "'percentage' | 'fixed' | 'free_delivery'", reward_value: 'number >= 0' }).or('null'),
  credits: nonNegativeCents,
  invoice: type({ status: 'boolean', document: 'string' }),
  currentTime: 'number | null',
  created_at: 'number.integer >= 0',
  idempotent_key: 'string >= 1',
  was_evaluation: 'boolean',
});

/** What the arktype schema made of a stored value: the draft it gave back, or null. */
function referenceParse(value: unknown): unknown {
  const out = ReferenceDraft(structuredClone(value));
  if (out instanceof type.errors) return null;
  return out.products.some((p) => p.line_cents !== p.unit_cents * p.qnt) ? null : out;
}

function fullDraft(): Draft {
  const picks = [{ variation_id: 'extras', item_id: 'bacon', qnt: 2 }];
  const line = buildLine(BURGER, picks, 3, 'sem cebola');
  return {
    ...emptyDraft(1_773_154_800_000, '0f7c2a4e-1d3b-4c55-9a8e-3b2f1e0d9c8b'),
    products: [draftProductFromLine(line, BURGER, selectedEntries(BURGER, picks))],
    order_variations: [{ _id: 'talheres', item_id: 'sim', qnt: 1, name: 'Sim', price: 0 }],
    delivery_type: 'delivery',
    delivery_address: {
      _id: 'addr-1',
      street: 'Rua das Flores',
      number: null,
      complement: 'Apto 12',
      neighborhood: 'Centro',
      city: 'Curitiba',
      state: 'PR',
      lng_lat: [-49.27, -25.43],
    },
    delivery_tax: 700,
    delivery_time: { min: 30, max: 60 },
    scheduled_at: '2026-03-10T18:30:00.000Z',
    scheduling_date: '2026-03-10',
    note: 'Tocar o interfone',
    payment_type: 'offline',
    payment_method: { _id: 'dinheiro', name: 'Dinheiro', payback: true },
    payment_card: null,
    payment_card_document: null,
    change: 10000,
    coupon: { _id: 'c1', code: 'BEMVINDO', discount_type: 'percentage', value: 12.5, min_total_products: 3000, max_total_products: 0 },
    achievement: null,
    credits: 150,
    invoice: { status: true, document: '' },
    currentTime: 1_773_154_800_000,
    was_evaluation: false,
  };
}

describe('Draft schema', () => {
  it('an empty draft has every field of the order draft, reset [R-3.20]', () => {
    const draft = emptyDraft(1000, 'k1');
    expect(Object.keys(draft).sort()).toEqual(
      [
        'version',
        'products',
        'order_variations',
        'delivery_type',
        'delivery_address',
        'delivery_tax',
        'delivery_time',
        'scheduled_at',
        'scheduling_date',
        'note',
        'payment_type',
        'payment_method',
        'payment_card',
        'payment_card_document',
        'change',
        'coupon',
        'achievement',
        'credits',
        'invoice',
        'currentTime',
        'created_at',
        'idempotent_key',
        'was_evaluation',
      ].sort(),
    );
    expect(draft).toMatchObject({ version: 1, products: [], created_at: 1000, idempotent_key: 'k1' });
    expect(parseDraft(draft)).toEqual(draft);
  });

  it('round-trips a filled draft through JSON text', () => {
    const draft = fullDraft();
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('gives back the cart lines it stores', () => {
    const lines = draftLines(fullDraft());
    expect(lines).toEqual([buildLine(BURGER, [{ variation_id: 'extras', item_id: 'bacon', qnt: 2 }], 3, 'sem cebola')]);
    expect(fullDraft().products[0]).toMatchObject({ price: 2500, normal_price: 2900, promo: true, unit_cents: 3500, line_cents: 10500 });
  });

  it('answers null for corrupted text, other versions and wrong shapes', () => {
    const good = fullDraft();
    expect(parseDraft('{"version":1,')).toBeNull();
    expect(parseDraft('')).toBeNull();
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft([])).toBeNull();
    expect(parseDraft({ ...good, version: 0 })).toBeNull();
    expect(parseDraft({ ...good, version: 2 })).toBeNull();
    const { version: _v, ...unversioned } = good;
    expect(parseDraft(unversioned)).toBeNull();
    expect(parseDraft({ ...good, idempotent_key: '' })).toBeNull();
    expect(parseDraft({ ...good, delivery_tax: 7.5 })).toBeNull();
    expect(parseDraft({ ...good, scheduling_date: '10/03/2026' })).toBeNull();
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, qnt: 1000 }] })).toBeNull();
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, qnt: 0 }] })).toBeNull();
    // a line total that is not unit x quantity is tampered or stale
    expect(parseDraft({ ...good, products: [{ ...good.products[0]!, line_cents: 1 }] })).toBeNull();
  });

  it('drops card data other than what identifies the card when read back', () => {
    const withCard = {
      ...fullDraft(),
      payment_card: { _id: 'card-1', brand: 'visa', display_number: '**** 1111', security_code: '123', number: '4111111111111111' },
    };
    expect(parseDraft(JSON.stringify(withCard))?.payment_card).toEqual({ _id: 'card-1', brand: 'visa', display_number: '**** 1111' });
  });

  // A filled draft with a saved card (and a key it must drop) and an address with its optional keys.
  const damageable = () => ({
    ...fullDraft(),
    delivery_address: { ...fullDraft().delivery_address!, ref: 'Portão azul' },
    payment_card: { _id: 'card-1', token_id: 't', display_number: '**** 1111', brand: 'visa', holder: 'Ana', due_month: 12, due_year: 2030, cvv: '123' },
  });
  type Path = (string | number)[];
  const pathsOf = (value: unknown, path: Path = []): Path[] =>
    Array.isArray(value)
      ? [path, ...value.flatMap((v, i) => pathsOf(v, [...path, i]))]
      : value && typeof value === 'object'
        ? [path, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...path, k]))]
        : [path];
  type Edit = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'extra'; key: string; value: unknown };
  /** The draft with one edit at `path` (the root itself is never edited). */
  function edited(draft: Record<string, unknown>, path: Path, edit: Edit): void {
    const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown> | null)?.[k], draft);
    if (!parent || typeof parent !== 'object' || path.length === 0) return;
    const holder = parent as Record<string | number, unknown>;
    const key = path[path.length - 1]!;
    if (edit.kind === 'set') holder[key] = edit.value;
    else if (edit.kind === 'delete') delete holder[key];
    else if (holder[key] && typeof holder[key] === 'object' && !Array.isArray(holder[key])) (holder[key] as Record<string, unknown>)[edit.key] = edit.value;
  }
  /** Values at the edges of every field's rule: each type, bounds of quantities and amounts, each enum word. */
  const EDGE_VALUES: unknown[] = [
    null,
    -1,
    0,
    1,
    0.5,
    2,
    999,
    1000,
    '',
    'x',
    '2026-03-10',
    '10/03/2026',
    true,
    false,
    [],
    [1, 2],
    [1, 2, 3],
    {},
    'delivery',
    'pickup',
    'local',
    'fixed',
    'percentage',
    'free_delivery',
    'online',
    'credits',
  ];
  const sameAsReference = (draft: unknown) => {
    const text = JSON.stringify(draft);
    expect(parseDraft(text)).toStrictEqual(referenceParse(JSON.parse(text)));
  };

  // Thousands of generated drafts through both schemas: about 1 s alone, over 5 s on a machine at load 15.
  const PROPERTY_RUNS_MS = 30_000;

  it(
    'answers as the arktype schema it replaced did, with any one field removed, given an edge value or an extra key',
    () => {
      let accepted = 0;
      let refused = 0;
      for (const path of pathsOf(damageable()).slice(1)) {
        const edits: Edit[] = [{ kind: 'delete' }, { kind: 'extra', key: 'extra', value: 1 }, ...EDGE_VALUES.map((value) => ({ kind: 'set' as const, value }))];
        for (const edit of edits) {
          const draft = damageable();
          edited(draft, path, edit);
          sameAsReference(draft);
          if (parseDraft(JSON.stringify(draft))) accepted++;
          else refused++;
        }
      }
      // Both answers occur many times: the comparison is not between two nulls only.
      expect(accepted).toBeGreaterThan(100);
      expect(refused).toBeGreaterThan(1000);
    },
    PROPERTY_RUNS_MS,
  );

  it(
    'answers as the arktype schema it replaced did, on drafts damaged in several places at once',
    () => {
      const paths = pathsOf(damageable()).slice(1);
      const edit: fc.Arbitrary<Edit> = fc.oneof(
        fc.record({ kind: fc.constant('set' as const), value: fc.oneof(fc.constantFrom(...EDGE_VALUES), fc.jsonValue()) }),
        fc.record({ kind: fc.constant('delete' as const) }),
        fc.record({ kind: fc.constant('extra' as const), key: fc.string({ maxLength: 6 }), value: fc.jsonValue() }),
      );
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.constantFrom(...paths), edit), { minLength: 1, maxLength: 4 }), (changes) => {
          const draft = damageable();
          for (const [path, change] of changes) edited(draft, path, change);
          sameAsReference(draft);
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_RUNS_MS,
  );

  it('answers as the arktype schema it replaced did, on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseDraft(JSON.stringify(value))).toEqual(referenceParse(value));
      }),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (value) => {
        expect(() => parseDraft(value)).not.toThrow();
      }),
    );
  });
});
