import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  SUBMIT_PROBLEM_CODES,
  deliveryTime,
  firstSubmitProblem,
  productRefusingSchedule,
  scheduleContext,
  submitCheckFacts,
  unavailableToday,
  type SubmitCheckInput,
  type SubmitFacts,
} from '../../src/domain/submit-checks.ts';
import { Temporal } from '../../src/domain/time.ts';
import { normalizeSpaces } from '../../src/domain/money.ts';
import { type } from 'arktype';
import { Preferences } from '../../src/schemas/catalogue.ts';

const CPF = '529.982.247-25';

/** A draft that passes every check: open, delivery to an address, paying R$ 57,00 on delivery in cash. */
function valid(over: Partial<SubmitCheckInput> = {}): SubmitCheckInput {
  return {
    today: '2025-01-03',
    open_now: true,
    unavailable_today: false,
    schedule: { date: null, time: null, check: null },
    products: [{ name: 'Pizza Calabresa', mandatory_schedule: false, available_now: true }],
    products_share_availability: true,
    totals: { total: 5700, credits: 0, products_total: 5000 },
    min_order: 3000,
    use_credits: false,
    payment_type: 'offline',
    payment_method: { _id: 'cash', payback: true },
    change: null,
    delivery_type: 'delivery',
    has_address: true,
    has_card: false,
    card_document: null,
    invoice: { status: false, document: '' },
    tax_receipt: false,
    order_variations: { groups: [], selections: {} },
    ...over,
  };
}

const SCHEDULED = { date: '2025-01-04', time: '19:00', check: { ok: true as const, scheduledAt: '2025-01-04T22:00:00Z' } };
const code = (i: SubmitCheckInput) => firstSubmitProblem(i)?.code ?? null;

describe('each check', () => {
  it('passes a complete draft', () => {
    expect(firstSubmitProblem(valid())).toBeNull();
  });

  it('blocks a closed establishment without a schedule date [R-5.33, R-5.42, R-5.70]', () => {
    expect(firstSubmitProblem(valid({ open_now: false }))).toEqual({ code: 'closed_without_schedule' });
    expect(code(valid({ open_now: false, schedule: { date: '', time: null, check: null } }))).toBe('closed_without_schedule');
    expect(code(valid({ open_now: false, schedule: SCHEDULED }))).toBeNull();
  });

  it('blocks a mandatory-schedule product that is not scheduled [R-5.31]', () => {
    const products = [{ name: 'Bolo', mandatory_schedule: true, available_now: true }];
    expect(code(valid({ products }))).toBe('mandatory_schedule');
    expect(code(valid({ products, schedule: SCHEDULED }))).toBeNull();
  });

  it('blocks an establishment unavailable today unless scheduled for a later date [R-5.32]', () => {
    expect(code(valid({ unavailable_today: true }))).toBe('unavailable_today');
    expect(code(valid({ unavailable_today: true, schedule: { ...SCHEDULED, date: '2025-01-03' } }))).toBe('unavailable_today');
    expect(code(valid({ unavailable_today: true, schedule: SCHEDULED }))).toBeNull();
  });

  it('blocks products that are never available at the same time [R-5.73]', () => {
    expect(code(valid({ products_share_availability: false }))).toBe('products_not_same_day');
    expect(code(valid({ products_share_availability: false, schedule: SCHEDULED }))).toBe('products_not_same_day');
  });

  it('blocks a product outside its availability windows, naming it [R-5.34]', () => {
    const products = [
      { name: 'Pizza', mandatory_schedule: false, available_now: true },
      { name: 'Almoço executivo', mandatory_schedule: false, available_now: false },
    ];
    expect(firstSubmitProblem(valid({ products }))).toEqual({ code: 'product_unavailable', params: { name: 'Almoço executivo' } });
    // a scheduled order is checked against the windows by the schedule check instead
    expect(code(valid({ products, schedule: SCHEDULED }))).toBeNull();
  });

  it('blocks a schedule the schedule check refused, passing its reason and suggestion', () => {
    const tooEarly = { date: '2025-01-04', time: '18:00', check: { ok: false as const, reason: 'too_early' as const, suggested: '18:30' } };
    expect(firstSubmitProblem(valid({ schedule: tooEarly }))).toEqual({
      code: 'schedule_invalid',
      params: { reason: 'too_early', suggested: '18:30' },
    });
    const past = { date: '2025-01-04', time: '08:00', check: { ok: false as const, reason: 'past' as const } };
    expect(firstSubmitProblem(valid({ schedule: past }))).toEqual({ code: 'schedule_invalid', params: { reason: 'past' } });
    // a date that was never checked is refused too
    expect(firstSubmitProblem(valid({ schedule: { date: '2025-01-04', time: '19:00', check: null } }))).toEqual({
      code: 'schedule_invalid',
      params: { reason: 'invalid' },
    });
  });

  it('refuses a valid schedule holding a product that takes no scheduled order, naming it, and lets the same cart go unscheduled', () => {
    const products = [
      { name: 'Pizza', mandatory_schedule: false, available_now: true },
      { name: 'Gelo', mandatory_schedule: false, available_now: true, accept_scheduling: false },
    ];
    expect(firstSubmitProblem(valid({ products, schedule: SCHEDULED }))).toEqual({ code: 'schedule_invalid', params: { reason: 'product', name: 'Gelo' } });
    expect(firstSubmitProblem(valid({ products }))).toBeNull();
    // A schedule the schedule check refused says why first.
    const past = { date: '2025-01-04', time: '08:00', check: { ok: false as const, reason: 'past' as const } };
    expect(firstSubmitProblem(valid({ products, schedule: past }))).toEqual({ code: 'schedule_invalid', params: { reason: 'past' } });
  });

  it('blocks credits that do not cover the total when no other way to pay is chosen [R-5.35]', () => {
    const partial = { total: 3700, credits: 2000, products_total: 5000 };
    expect(code(valid({ use_credits: true, totals: partial, payment_type: null, payment_method: null }))).toBe('credits_without_method');
    expect(code(valid({ use_credits: true, totals: partial, payment_type: 'credits', payment_method: null }))).toBe('credits_without_method');
    expect(code(valid({ use_credits: true, totals: partial, payment_type: 'pix', payment_method: null }))).toBeNull();
  });

  it('lets credits that cover the whole order go without a payment type', () => {
    const covered = { total: 0, credits: 5700, products_total: 5000 };
    expect(code(valid({ use_credits: true, totals: covered, payment_type: 'credits', payment_method: null }))).toBeNull();
    expect(code(valid({ use_credits: true, totals: covered, payment_type: null, payment_method: null }))).toBeNull();
  });

  it('blocks products after discounts below min_order, with the amount in reais [R-5.36]', () => {
    const p = firstSubmitProblem(valid({ totals: { total: 3599, credits: 0, products_total: 2999 } }));
    expect(p?.code).toBe('min_order');
    expect(normalizeSpaces(String(p?.params?.min_order))).toBe('R$ 30,00');
    expect(code(valid({ totals: { total: 3700, credits: 0, products_total: 3000 } }))).toBeNull();
    expect(code(valid({ min_order: 0, totals: { total: 100, credits: 0, products_total: 100 } }))).toBeNull();
  });

  it('compares min_order before credits: paying with credits does not lower the products amount [R-5.36]', () => {
    expect(code(valid({ use_credits: true, totals: { total: 0, credits: 5700, products_total: 5000 }, payment_type: 'credits' }))).toBeNull();
  });

  it('blocks a missing payment type or offline method [R-5.37]', () => {
    expect(code(valid({ payment_type: null, payment_method: null }))).toBe('payment_type_missing');
    expect(code(valid({ payment_type: 'offline', payment_method: null }))).toBe('payment_method_missing');
    expect(code(valid({ payment_type: 'pix', payment_method: null }))).toBeNull();
  });

  it('blocks a missing delivery type [R-5.38]', () => {
    expect(code(valid({ delivery_type: null }))).toBe('delivery_type_missing');
  });

  it('blocks delivery without an address, and only delivery [R-5.39]', () => {
    expect(code(valid({ has_address: false }))).toBe('address_missing');
    expect(code(valid({ has_address: false, delivery_type: 'pickup' }))).toBeNull();
    expect(code(valid({ has_address: false, delivery_type: 'local' }))).toBeNull();
  });

  it('requires a card for online payment only [R-5.40]', () => {
    expect(code(valid({ payment_type: 'online', payment_method: null, has_card: false }))).toBe('card_missing');
    expect(code(valid({ payment_type: 'online', payment_method: null, has_card: true }))).toBeNull();
    expect(code(valid({ payment_type: 'pix', payment_method: null, has_card: false }))).toBeNull();
  });

  it('blocks an invalid card document [R-5.41]', () => {
    const online = { payment_type: 'online' as const, payment_method: null, has_card: true };
    expect(code(valid({ ...online, card_document: '111.111.111-11' }))).toBe('card_document_invalid');
    expect(code(valid({ ...online, card_document: '529.982' }))).toBe('card_document_invalid');
    expect(code(valid({ ...online, card_document: CPF }))).toBeNull();
    expect(code(valid({ ...online, card_document: null }))).toBeNull();
    // offline payment never looks at a card
    expect(code(valid({ card_document: '111.111.111-11' }))).toBeNull();
  });

  it('blocks change equal to or below the total, only for a method with payback (decisions #7) [R-5.43, R-4.8]', () => {
    expect(code(valid({ change: 5700 }))).toBe('change_too_low');
    expect(code(valid({ change: 5000 }))).toBe('change_too_low');
    expect(code(valid({ change: 0 }))).toBe('change_too_low');
    expect(code(valid({ change: 5701 }))).toBeNull();
    expect(code(valid({ change: null }))).toBeNull();
    expect(code(valid({ change: 100, payment_method: { _id: 'debit', payback: false } }))).toBeNull();
    expect(code(valid({ change: 100, payment_type: 'pix', payment_method: null }))).toBeNull();
  });

  it('compares the change with what is left to pay after credits [R-5.43]', () => {
    const totals = { total: 3700, credits: 2000, products_total: 5000 };
    expect(code(valid({ use_credits: true, totals, change: 4000 }))).toBeNull();
    expect(code(valid({ use_credits: true, totals, change: 3700 }))).toBe('change_too_low');
  });

  it('blocks an invoice without a valid document [R-5.44, R-5.46]', () => {
    // optional: only when ticked
    expect(code(valid({ tax_receipt: 'optional', invoice: { status: true, document: '' } }))).toBe('invoice_document_missing');
    expect(code(valid({ tax_receipt: 'optional', invoice: { status: true, document: '123.456.789-00' } }))).toBe('invoice_document_missing');
    expect(code(valid({ tax_receipt: 'optional', invoice: { status: true, document: CPF } }))).toBeNull();
    expect(code(valid({ tax_receipt: 'optional', invoice: { status: false, document: '' } }))).toBeNull();
    // required: the invoice must be on with a valid document
    expect(code(valid({ tax_receipt: 'required', invoice: { status: false, document: '' } }))).toBe('invoice_document_missing');
    expect(code(valid({ tax_receipt: 'required', invoice: { status: false, document: CPF } }))).toBe('invoice_document_missing');
    expect(code(valid({ tax_receipt: 'required', invoice: { status: true, document: CPF } }))).toBeNull();
    // off: never
    expect(code(valid({ tax_receipt: false, invoice: { status: true, document: '' } }))).toBeNull();
  });

  it('blocks unmet order variations, listing each name and minimum [R-5.45]', () => {
    const groups = [
      { _id: 'g1', name: 'Bebida', layout: 'check' as const, min: 1, max: 1 },
      { _id: 'g2', name: 'Borda', layout: 'addremove' as const, min: 1, max: 3 },
      { _id: 'g3', name: 'Talheres', layout: 'check' as const, min: 0, max: 1 },
    ];
    expect(firstSubmitProblem(valid({ order_variations: { groups, selections: {} } }))).toEqual({
      code: 'variations_required',
      params: { list: 'Bebida (1), Borda (1)' },
    });
    const selections = { g1: [{ item_id: 'coca', qnt: 1 }], g2: [{ item_id: 'catupiry', qnt: 1 }] };
    expect(code(valid({ order_variations: { groups, selections } }))).toBeNull();
  });
});

describe('order of the checks [R-5.30]', () => {
  it('lists every code once, in the order they run', () => {
    expect(new Set(SUBMIT_PROBLEM_CODES).size).toBe(17);
  });

  it('checks the closed establishment once, before everything else (decisions #6)', () => {
    const everythingWrong = valid({
      open_now: false,
      products: [{ name: 'Bolo', mandatory_schedule: true, available_now: false }],
      unavailable_today: true,
      products_share_availability: false,
      use_credits: true,
      payment_type: null,
      payment_method: null,
      delivery_type: null,
      has_address: false,
      totals: { total: 100, credits: 0, products_total: 100 },
    });
    expect(code(everythingWrong)).toBe('closed_without_schedule');
  });

  it('follows the spec order: each fix reveals the next problem', () => {
    const groups = [{ _id: 'g1', name: 'Bebida', layout: 'check' as const, min: 1, max: 1 }];
    let draft = valid({
      open_now: false,
      products: [{ name: 'Bolo', mandatory_schedule: true, available_now: false }],
      unavailable_today: true,
      products_share_availability: false,
      use_credits: true,
      totals: { total: 1000, credits: 500, products_total: 1500 },
      payment_type: null,
      payment_method: null,
      change: 500,
      delivery_type: null,
      has_address: false,
      has_card: false,
      card_document: '000.000.000-00',
      tax_receipt: 'required',
      order_variations: { groups, selections: {} },
    });
    const seen: string[] = [];
    const fixes: Array<[string, Partial<SubmitCheckInput>]> = [
      ['closed_without_schedule', { open_now: true }],
      ['mandatory_schedule', { products: [{ name: 'Bolo', mandatory_schedule: false, available_now: false }] }],
      ['unavailable_today', { unavailable_today: false }],
      ['products_not_same_day', { products_share_availability: true }],
      ['product_unavailable', { products: [{ name: 'Bolo', mandatory_schedule: false, available_now: true }] }],
      ['schedule_invalid', {}],
      ['credits_without_method', { payment_type: 'offline' }],
      ['min_order', { totals: { total: 3000, credits: 500, products_total: 3500 } }],
      ['payment_method_missing', { payment_method: { _id: 'cash', payback: true } }],
      ['delivery_type_missing', { delivery_type: 'delivery' }],
      ['address_missing', { has_address: true }],
      ['change_too_low', { change: 5000 }],
      ['invoice_document_missing', { invoice: { status: true, document: CPF } }],
      ['variations_required', { order_variations: { groups, selections: { g1: [{ item_id: 'coca', qnt: 1 }] } } }],
    ];
    // a bad schedule is inserted at its place and then removed
    for (const [expected, fix] of fixes) {
      if (expected === 'schedule_invalid') {
        const withBadSchedule = { ...draft, schedule: { date: '2025-01-04', time: '03:00', check: { ok: false as const, reason: 'invalid' as const } } };
        seen.push(code(withBadSchedule)!);
        continue;
      }
      seen.push(code(draft)!);
      draft = { ...draft, ...fix };
    }
    expect(code(draft)).toBeNull();
    expect(seen).toEqual(fixes.map(([c]) => c));

    // the online branch: payment type, card, card document come in that order too
    let online = {
      ...draft,
      use_credits: false,
      payment_type: null,
      payment_method: null,
      has_card: false,
      card_document: '000.000.000-00',
    } as SubmitCheckInput;
    expect(code(online)).toBe('payment_type_missing');
    online = { ...online, payment_type: 'online' };
    expect(code(online)).toBe('card_missing');
    online = { ...online, has_card: true };
    expect(code(online)).toBe('card_document_invalid');
    online = { ...online, card_document: CPF };
    expect(code(online)).toBeNull();
  });

  it('answers only known codes, and null exactly when every rule is satisfied', () => {
    const arb = fc.record({
      open_now: fc.boolean(),
      scheduled: fc.boolean(),
      mandatory: fc.boolean(),
      available: fc.boolean(),
      share: fc.boolean(),
      total: fc.nat(10_000),
      payment_type: fc.constantFrom('online' as const, 'offline' as const, 'pix' as const, 'credits' as const, null),
      change: fc.option(fc.nat(20_000)),
      delivery_type: fc.constantFrom('delivery' as const, 'pickup' as const, 'local' as const, null),
      has_address: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const input = valid({
          open_now: a.open_now,
          schedule: a.scheduled ? SCHEDULED : { date: null, time: null, check: null },
          products: [{ name: 'X', mandatory_schedule: a.mandatory, available_now: a.available }],
          products_share_availability: a.share,
          totals: { total: a.total, credits: 0, products_total: 5000 },
          payment_type: a.payment_type,
          change: a.change,
          delivery_type: a.delivery_type,
          has_address: a.has_address,
          has_card: true,
        });
        const p = firstSubmitProblem(input);
        if (p) expect(SUBMIT_PROBLEM_CODES).toContain(p.code);
        const ok =
          (a.open_now || a.scheduled) &&
          (!a.mandatory || a.scheduled) &&
          a.share &&
          (a.available || a.scheduled) &&
          (a.total === 0 || (a.payment_type !== null && a.payment_type !== 'credits')) &&
          a.delivery_type !== null &&
          (a.delivery_type !== 'delivery' || a.has_address) &&
          !(a.total > 0 && a.payment_type === 'offline' && a.change !== null && a.change <= a.total);
        expect(p === null).toBe(ok);
      }),
      { numRuns: 500 },
    );
  });
});

describe('preferences.tax_receipt', () => {
  const imported = (tax_receipt?: unknown) => {
    const prefs = Preferences({ title: 'Loja', desc: '', delivery_type: ['pickup'], ...(tax_receipt === undefined ? {} : { tax_receipt }) });
    if (prefs instanceof type.errors) throw new Error(prefs.summary);
    return prefs.tax_receipt;
  };

  it("is false, 'required' or 'optional', each read by the invoice check, and nothing else [R-3.27]", () => {
    const untouched = { status: false, document: '' };
    const tickedEmpty = { status: true, document: '' };
    const withCpf = { status: true, document: CPF };
    // false (also when left out): no invoice asked, a ticked box without a document does not stop the order.
    expect(imported()).toBe(false);
    expect(code(valid({ tax_receipt: imported(false), invoice: tickedEmpty }))).toBeNull();
    // 'optional': only when the customer ticks it.
    expect(code(valid({ tax_receipt: imported('optional'), invoice: untouched }))).toBeNull();
    expect(code(valid({ tax_receipt: imported('optional'), invoice: tickedEmpty }))).toBe('invoice_document_missing');
    // 'required': always, with a valid document.
    expect(code(valid({ tax_receipt: imported('required'), invoice: untouched }))).toBe('invoice_document_missing');
    expect(code(valid({ tax_receipt: imported('required'), invoice: withCpf }))).toBeNull();
    for (const other of [true, 'sim', 'obrigatorio', 'Required', null, 0]) {
      expect(Preferences({ title: 'Loja', desc: '', delivery_type: ['pickup'], tax_receipt: other }), String(other)).toBeInstanceOf(type.errors);
    }
  });
});

describe('submitCheckFacts: the facts the checkout and POST orders both read', () => {
  const SP = 'America/Sao_Paulo';
  /** Open 11:00-23:00 every day. */
  const HOURS = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 1100, stop_at: 2300 }));
  const PREFS = {
    min_order: 0,
    tax_receipt: false as const,
    max_days_scheduling: 3,
    min_delivery_time: 45,
    max_delivery_time: 90,
    min_pickup_time: 15,
    max_pickup_time: 30,
  };
  const WATER = { name: 'Água', mandatory_schedule: false, availabilities: [], min_schedule_time: 0, accept_scheduling: true };
  /** Lunch only, Monday to Friday 11:00-15:00. */
  const LUNCH = { ...WATER, name: 'Prato do dia', availabilities: [2, 3, 4, 5, 6].map((wday) => ({ wday, start_at: 1100, stop_at: 1500 })) };
  const at = (iso: string) => Temporal.Instant.from(iso);
  const facts = (over: Partial<SubmitFacts> = {}): SubmitFacts => ({
    now: at('2025-01-03T14:00:00Z'), // Friday 11:00 in São Paulo
    timeZone: SP,
    officeHours: HOURS,
    prefs: PREFS,
    open: true,
    type: 'pickup',
    products: [WATER],
    schedule: { date: null, time: null },
    totals: { total: 600, credits: 0, products_total: 600 },
    useCredits: false,
    paymentType: 'offline',
    paymentMethod: { _id: 'dinheiro', payback: false },
    change: null,
    hasAddress: false,
    hasCard: false,
    cardDocument: null,
    invoice: { status: false, document: '' },
    orderVariations: { groups: [], selections: {} },
    ...over,
  });

  it("reads today and 'unavailable today' in the establishment's zone, not the machine's [R-5.32]", () => {
    // Friday 23:30 in São Paulo is already Saturday in UTC: closed, next opening tomorrow at 11:00.
    const late = submitCheckFacts(facts({ now: at('2025-01-04T02:30:00Z'), open: false }));
    expect([late.today, late.unavailable_today]).toEqual(['2025-01-03', true]);
    // Friday 09:00: closed, but opening at 11:00 today.
    const early = submitCheckFacts(facts({ now: at('2025-01-03T12:00:00Z'), open: false }));
    expect([early.today, early.unavailable_today]).toEqual(['2025-01-03', false]);
    expect(firstSubmitProblem(late)?.code).toBe('closed_without_schedule');
    expect(unavailableToday({ office_hours: HOURS, time_zone: SP }, true, at('2025-01-04T02:30:00Z'))).toBe(false);
  });

  it('checks a schedule with the preparation time of the delivery type and the products minimum hours [R-5.64]', () => {
    const today = (time: string, over: Partial<SubmitFacts> = {}) =>
      submitCheckFacts(facts({ schedule: { date: '2025-01-03', time }, ...over })).schedule.check;
    // Friday 11:00: pickup needs 15 minutes, delivery 45.
    expect(today('11:15')).toMatchObject({ ok: true });
    expect(today('11:15', { type: 'delivery' })).toMatchObject({ ok: false, reason: 'too_early', suggested: '11:45' });
    // A made-to-order product asks 2 hours more.
    expect(today('11:15', { products: [{ ...WATER, min_schedule_time: 2 }] })).toMatchObject({ ok: false, reason: 'too_early' });
    expect(submitCheckFacts(facts()).schedule).toEqual({ date: null, time: null, check: null });
  });

  it("reads each product's window now and whether the products share a time [R-5.34] [R-5.73]", () => {
    const evening = submitCheckFacts(facts({ now: at('2025-01-03T21:00:00Z'), products: [WATER, LUNCH] })); // 18:00
    expect(evening.products.map((p) => p.available_now)).toEqual([true, false]);
    expect(firstSubmitProblem(evening)).toEqual({ code: 'product_unavailable', params: { name: 'Prato do dia' } });
    const dinner = { ...WATER, name: 'Jantar', availabilities: [{ wday: 6, start_at: 1900, stop_at: 2200 }] };
    expect(submitCheckFacts(facts({ products: [LUNCH, dinner] })).products_share_availability).toBe(false);
  });

  it("estimates each delivery type with its own times, eating on the premises with pickup's", () => {
    expect(deliveryTime(PREFS, 'delivery')).toEqual({ min: 45, max: 90 });
    expect(deliveryTime(PREFS, 'pickup')).toEqual({ min: 15, max: 30 });
    expect(deliveryTime(PREFS, 'local')).toEqual({ min: 15, max: 30 });
    expect(
      scheduleContext({ now: at('2025-01-03T14:00:00Z'), timeZone: SP, officeHours: HOURS, prefs: PREFS, type: 'local', products: [] }).preparationMinutes,
    ).toBe(15);
  });

  it('names the product that takes no scheduled order', () => {
    expect(productRefusingSchedule([WATER, { ...WATER, name: 'Gelo', accept_scheduling: false }])).toBe('Gelo');
    expect(productRefusingSchedule([WATER])).toBeNull();
  });
});
