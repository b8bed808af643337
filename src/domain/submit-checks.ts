// The order submit checks (spec section 5 'Order submit checks, in order', decisions #6 and #7):
// one pure function that the checkout runs before sending and the server runs before saving, so
// both refuse the same drafts with the same codes (the server answers 422 `{ message: code }`).
// The facts it reads ('unavailable today', the schedule check in the establishment's zone, each
// product's window now...) are gathered by one function too, submitCheckFacts, from what each side
// holds (the checkout's draft, the server's request and catalogue); whether the establishment is
// open now is the caller's reading.
import { isProductAvailableAt } from './availability.ts';
import { formatBRL } from './money.ts';
import { nextOpening, type OfficeHour } from './office-hours.ts';
import type { OrderTotals } from './order-pricing.ts';
import { checkSchedule, productsShareAvailability, type ScheduleCheck, type ScheduleContext } from './schedule.ts';
import { validateTaxId } from './tax-id.ts';
import { type Temporal, zonedAt } from './time.ts';
import { unmetVariationGroups } from './variation-pricing.ts';
import type { VariationGroupDef, VariationSelection } from './variation-pricing.ts';

import { SUBMIT_PROBLEM_CODES, type SubmitProblemCode } from './submit-problem-codes.ts';

export { SUBMIT_PROBLEM_CODES, type SubmitProblemCode };

export type SubmitProblem = { code: SubmitProblemCode; params?: Record<string, string | number> };

export type SubmitPaymentType = 'online' | 'offline' | 'pix' | 'credits';

export type SubmitProduct = {
  name: string;
  /** Product must be ordered with a schedule. */
  mandatory_schedule: boolean;
  /** Inside its availability windows right now (true when it has none); only checked for unscheduled orders. */
  available_now: boolean;
  /** false: the product takes no scheduled order (absent: it does). */
  accept_scheduling?: boolean;
};

export type SubmitCheckInput = {
  /** Today's date ('YYYY-MM-DD') in the establishment's zone. */
  today: string;
  /** The establishment takes orders now (status online: is_open flag and office hours). */
  open_now: boolean;
  /** The establishment takes no order for today (e.g. no hours today or marked unavailable): only a later date may be ordered. */
  unavailable_today: boolean;
  /** The chosen schedule: date 'YYYY-MM-DD' and time 'HH:mm' (null/'' when not scheduling), and checkSchedule's answer for them. */
  schedule: { date: string | null; time: string | null; check: ScheduleCheck | null };
  products: readonly SubmitProduct[];
  /** productsShareAvailability of the cart's products. */
  products_share_availability: boolean;
  totals: Pick<OrderTotals, 'total' | 'credits' | 'products_total'>;
  /** preferences.min_order in centavos (0 = none). */
  min_order: number;
  use_credits: boolean;
  payment_type: SubmitPaymentType | null;
  /** The offline method chosen (pay on delivery / pickup), with its payback (change) flag. */
  payment_method: { _id: string; payback: boolean } | null;
  /** Change asked for, in centavos; null when the change box is not ticked. */
  change: number | null;
  delivery_type: 'delivery' | 'pickup' | 'local' | null;
  has_address: boolean;
  /** A verified card is selected (online payment). */
  has_card: boolean;
  /** The card holder's CPF/CNPJ; null when the caller has none to check (e.g. a stored card whose document the server keeps). */
  card_document: string | null;
  invoice: { status: boolean; document: string };
  /** preferences.tax_receipt. */
  tax_receipt: false | 'required' | 'optional';
  /** The establishment's order-level variation groups and the picks per group _id. */
  order_variations: {
    groups: readonly VariationGroupDef[];
    selections: Readonly<Record<string, readonly VariationSelection[] | undefined>>;
  };
};

/**
 * The params.list of a variations_required refusal: each unmet group with its minimum.
 * Example: `unmetGroupsList([{ name: 'Bebida', min: 1 }, { name: 'Borda', min: 1 }]) === 'Bebida (1), Borda (1)'`
 */
export function unmetGroupsList(unmet: readonly { name: string; min: number }[]): string {
  return unmet.map((u) => `${u.name} (${u.min})`).join(', ');
}

function problem(code: SubmitProblemCode, params?: Record<string, string | number>): SubmitProblem {
  return params ? { code, params } : { code };
}

/**
 * The first failing check in the spec's order, or null. Used by the checkout UI and the server.
 * Order (spec section 5, decisions #6: the closed check once, first):
 *  1. closed_without_schedule: closed now and no schedule date
 *  2. mandatory_schedule: a product must be scheduled and no date is chosen
 *  3. unavailable_today: the shop takes nothing today and the order is not for a later date
 *  4. products_not_same_day: the products never share an available time
 *  5. product_unavailable (params.name): unscheduled and a product is outside its windows now
 *  6. schedule_invalid (params.reason, params.suggested): a date is chosen but checkSchedule refused it;
 *     or (params.reason 'product', params.name) the schedule is valid but a product takes no scheduled order
 *  7. credits_without_method: credits ticked, they do not cover the total and no other way to pay
 *  8. min_order (params.min_order 'R$ 30,00'): products after discounts below the minimum
 *  9. payment_type_missing, 10. payment_method_missing (offline without a method)
 * 11. delivery_type_missing, 12. address_missing for delivery
 * 13. card_missing, 14. card_document_invalid [R-5.41] (online only)
 * 15. change_too_low: change asked with a payback method must be strictly above the total (decisions #7)
 * 16. invoice_document_missing: 'required' needs the invoice on with a valid document, 'optional' only when ticked
 * 17. variations_required (params.list 'Bebida (1), Borda (1)')
 * Nothing to pay (total 0) needs no payment type, method, card or change.
 * Example: `firstSubmitProblem({ ...input, open_now: false, schedule: { date: null, time: null, check: null } })` is `{ code: 'closed_without_schedule' }`
 */
export function firstSubmitProblem(input: SubmitCheckInput): SubmitProblem | null {
  const date = input.schedule.date?.trim() ?? '';
  const scheduled = date !== '';

  if (!input.open_now && !scheduled) return problem('closed_without_schedule');
  if (!scheduled && input.products.some((p) => p.mandatory_schedule)) return problem('mandatory_schedule');
  if (input.unavailable_today && (!scheduled || date === input.today)) return problem('unavailable_today');
  if (!input.products_share_availability) return problem('products_not_same_day');
  if (!scheduled) {
    const unavailable = input.products.find((p) => !p.available_now);
    if (unavailable) return problem('product_unavailable', { name: unavailable.name });
  }
  if (scheduled) {
    // A date without a check is treated as unchecked, hence refused: the caller must run checkSchedule.
    const check = input.schedule.check ?? { ok: false, reason: 'invalid' as const };
    if (!check.ok) {
      const params: Record<string, string> = { reason: check.reason };
      if (check.suggested !== undefined) params.suggested = check.suggested;
      return problem('schedule_invalid', params);
    }
    const refusing = productRefusingSchedule(input.products);
    if (refusing !== null) return problem('schedule_invalid', { reason: 'product', name: refusing });
  }

  const { total } = input.totals;
  const otherPayment = input.payment_type !== null && input.payment_type !== 'credits';
  if (input.use_credits && total > 0 && !otherPayment) return problem('credits_without_method');

  if (input.min_order > 0 && input.totals.products_total < input.min_order) {
    return problem('min_order', { min_order: formatBRL(input.min_order) });
  }

  const toPay = total > 0;
  if (toPay && (input.payment_type === null || input.payment_type === 'credits')) return problem('payment_type_missing');
  if (toPay && input.payment_type === 'offline' && input.payment_method === null) return problem('payment_method_missing');

  if (input.delivery_type === null) return problem('delivery_type_missing');
  if (input.delivery_type === 'delivery' && !input.has_address) return problem('address_missing');

  if (toPay && input.payment_type === 'online') {
    if (!input.has_card) return problem('card_missing');
    if (input.card_document !== null && !validateTaxId(input.card_document).ok) return problem('card_document_invalid');
  }

  // Decisions #7: change equal to the total is refused; only amounts above it count.
  if (toPay && input.payment_type === 'offline' && input.payment_method?.payback && input.change !== null && input.change <= total) {
    return problem('change_too_low');
  }

  const invoiceNeeded = input.tax_receipt === 'required' || (input.tax_receipt === 'optional' && input.invoice.status);
  if (invoiceNeeded && (!input.invoice.status || !validateTaxId(input.invoice.document).ok)) return problem('invoice_document_missing');

  const unmet = unmetVariationGroups(input.order_variations.groups, input.order_variations.selections);
  if (unmet.length > 0) return problem('variations_required', { list: unmetGroupsList(unmet) });

  return null;
}

// ---- The facts --------------------------------------------------------------------------

export type SubmitDeliveryType = 'delivery' | 'pickup' | 'local';

/** The times of the delivery types, minutes. */
export type DeliveryTimes = { min_delivery_time: number; max_delivery_time: number; min_pickup_time: number; max_pickup_time: number };

/** What the schedule and the checks read from the establishment's preferences. */
export type SubmitPreferences = DeliveryTimes & {
  min_order: number;
  tax_receipt: false | 'required' | 'optional';
  max_days_scheduling: number;
};

/** What the checks read from each ordered product (its catalogue record). */
export type SubmitProductRules = {
  name: string;
  mandatory_schedule: boolean;
  availabilities: readonly OfficeHour[];
  min_schedule_time: number;
  accept_scheduling: boolean;
};

/**
 * The estimate of a delivery type in minutes: delivery's own times, pickup's for pickup and local
 * (eating on the premises waits as long as a pickup). The checkout shows it, the order keeps it
 * (OrderView.time) and its minimum is the preparation time of a schedule.
 * Example: `deliveryTime({ min_delivery_time: 45, max_delivery_time: 90, min_pickup_time: 20, max_pickup_time: 40 }, 'local')` is `{ min: 20, max: 40 }`
 */
export function deliveryTime(prefs: DeliveryTimes, type: SubmitDeliveryType): { min: number; max: number } {
  return type === 'delivery' ? { min: prefs.min_delivery_time, max: prefs.max_delivery_time } : { min: prefs.min_pickup_time, max: prefs.max_pickup_time };
}

/**
 * The schedule context of an order for a delivery type: the preparation time of that type
 * (min_delivery_time for delivery, min_pickup_time for pickup and local), the largest product
 * min_schedule_time and every product's windows [R-5.61..R-5.75].
 * Example: `scheduleContext({ now, timeZone, officeHours, prefs, type: 'delivery', products }).preparationMinutes === prefs.min_delivery_time`
 */
export function scheduleContext(args: {
  now: Temporal.Instant;
  timeZone: string;
  officeHours: readonly OfficeHour[];
  prefs: Pick<SubmitPreferences, 'max_days_scheduling'> & DeliveryTimes;
  type: SubmitDeliveryType | null;
  products: readonly { min_schedule_time?: number | null; availabilities?: readonly OfficeHour[] | null }[];
}): ScheduleContext {
  return {
    now: args.now,
    timeZone: args.timeZone,
    officeHours: args.officeHours,
    maxDaysScheduling: args.prefs.max_days_scheduling,
    // A schedule without a chosen type yet is offered with the pickup times.
    preparationMinutes: deliveryTime(args.prefs, args.type ?? 'pickup').min,
    productMinScheduleHours: Math.max(0, ...args.products.map((p) => p.min_schedule_time ?? 0)),
    productAvailabilities: args.products.map((p) => p.availabilities ?? []),
  };
}

/**
 * Whether the establishment takes nothing more today: closed now and no opening left today
 * in its zone. Example: `unavailableToday({ office_hours: [], time_zone: 'America/Sao_Paulo' }, false, now) === true`
 */
export function unavailableToday(est: { office_hours: readonly OfficeHour[]; time_zone: string }, open: boolean, now: Temporal.Instant): boolean {
  if (open) return false;
  const opening = nextOpening(est.office_hours, now, est.time_zone);
  return opening === null || opening.toPlainDate().toString() !== zonedAt(now, est.time_zone).toPlainDate().toString();
}

/**
 * The first product that takes no scheduled order, or null: a scheduled order holding one is
 * refused (firstSubmitProblem's schedule_invalid, reason 'product'; the server's 422).
 * Example: `productRefusingSchedule([{ name: 'Gelo', accept_scheduling: false }]) === 'Gelo'`
 */
export function productRefusingSchedule(products: readonly { name: string; accept_scheduling?: boolean }[]): string | null {
  return products.find((p) => p.accept_scheduling === false)?.name ?? null;
}

/** What each side knows when it checks an order; the schedule as chosen, in the establishment's zone. */
export type SubmitFacts = {
  now: Temporal.Instant;
  timeZone: string;
  officeHours: readonly OfficeHour[];
  prefs: SubmitPreferences;
  /** The establishment takes orders now (the manual override and office hours; the caller's reading). */
  open: boolean;
  type: SubmitDeliveryType | null;
  /** One per cart line, in its order. */
  products: readonly SubmitProductRules[];
  /** The chosen date ('YYYY-MM-DD') and time ('HH:mm'), null when not scheduling. */
  schedule: { date: string | null; time: string | null };
  totals: SubmitCheckInput['totals'];
  useCredits: boolean;
  paymentType: SubmitPaymentType | null;
  paymentMethod: SubmitCheckInput['payment_method'];
  change: number | null;
  hasAddress: boolean;
  hasCard: boolean;
  cardDocument: string | null;
  invoice: SubmitCheckInput['invoice'];
  orderVariations: SubmitCheckInput['order_variations'];
};

/**
 * The input of firstSubmitProblem from what the checkout (its draft) or the server (the request and
 * its catalogue) holds: today and 'unavailable today' in the establishment's zone, the schedule
 * checked against the products' windows and minimum times, each product's window now, whether the
 * products share an available time. Both sides call it, so they read the same facts.
 */
export function submitCheckFacts(f: SubmitFacts): SubmitCheckInput {
  const { date, time } = f.schedule;
  const context = scheduleContext({ now: f.now, timeZone: f.timeZone, officeHours: f.officeHours, prefs: f.prefs, type: f.type, products: f.products });
  return {
    today: zonedAt(f.now, f.timeZone).toPlainDate().toString(),
    open_now: f.open,
    unavailable_today: unavailableToday({ office_hours: f.officeHours, time_zone: f.timeZone }, f.open, f.now),
    schedule: { date, time, check: date ? checkSchedule(context, date, time) : null },
    products: f.products.map((p) => ({
      name: p.name,
      mandatory_schedule: p.mandatory_schedule,
      available_now: isProductAvailableAt(p, f.now, f.timeZone),
      accept_scheduling: p.accept_scheduling,
    })),
    products_share_availability: productsShareAvailability(f.products.map((p) => p.availabilities)),
    totals: f.totals,
    min_order: f.prefs.min_order,
    use_credits: f.useCredits,
    payment_type: f.paymentType,
    payment_method: f.paymentMethod,
    change: f.change,
    delivery_type: f.type,
    has_address: f.hasAddress,
    has_card: f.hasCard,
    card_document: f.cardDocument,
    invoice: f.invoice,
    tax_receipt: f.prefs.tax_receipt,
    order_variations: f.orderVariations,
  };
}
