// Placing an order (spec sections 3 'Order payload', 5 'Order submit checks', 8 'Send order', 9;
// decisions #6, #7, #13, #14). The server trusts nothing the client computed: it reads the
// establishment, only the ordered products, the order variations, the user's address and credits,
// prices every line with the variation price rules and the order with src/domain/order-pricing.ts,
// and runs the submit checks of src/domain/submit-checks.ts in the spec's order. Everything runs in
// the caller's transaction (src/server/services/idempotency.ts), so the order, its number, the
// credits taken and the idempotency record commit together or not at all.
import type { Transaction } from 'kysely';
import type { FieldProblem } from '../../schemas/api-errors.ts';
import { Refusal, invalidBody } from './refusal.ts';
import type { RefusalCode } from '../../schemas/refusal-codes.ts';
import type { DB, EstablishmentRow, EstablishmentTableRow, OrderRow, PaymentCardRow, UserRow } from '../db/types.ts';
import type { Preferences } from '../../schemas/catalogue.ts';
import type { OrderVariationView, ProductView } from '../../schemas/views.ts';
import { withSpecNames, type AddressView } from '../../schemas/api-geo.ts';
import type {
  EvaluationView,
  PlaceOrderAnswer,
  OrderBody,
  OrderField,
  OrderItemView,
  OrderPaymentDetails,
  OrderPaymentStatus,
  OrderStatus,
  OrderVariationEntry,
  OrderView,
} from '../../schemas/api-orders.ts';
import { decodeEstablishment, listOrderVariations } from '../db/catalogue-repo.ts';
import { getEstablishmentRow, getProductsByIds, insertOrder, nextOrderNumber, type Executor } from '../db/orders-repo.ts';
import { CreditsShort, creditBalance, lockUser, moveCredits } from '../db/credits-repo.ts';
import { orderCreditsReference } from './credits.ts';
import { assertPromotionApplies, claimOrderPromotion, orderPromotion, type OrderPromotion } from './promotions.ts';
import { ownCard } from '../db/cards-repo.ts';
import { checkCardExpiry, isCardValidated } from '../../domain/card.ts';
import { CARD_PURCHASE_MAX_CENTS, CARD_PURCHASE_MIN_CENTS } from '../../domain/card-verification.ts';
import { randomId } from '../db/ids.ts';
import { pixTxid } from '../adapters/pix-psp.ts';
import { addressView, getUserAddress } from '../db/addresses-repo.ts';
import {
  allowedDeliveryTypes,
  normalizePicks,
  priceLine,
  selectedEntries,
  selectionsByGroup,
  soldOutProblem,
  variationPicksProblems,
  type VariationPick,
} from '../../domain/cart.ts';
import { toVariationRule, variationGroupAmountCents, type UnmetGroup, type VariationProblem, type VariationSelection } from '../../domain/variation-pricing.ts';
import { priceOrder } from '../../domain/order-pricing.ts';
import { deliveryAt } from '../../domain/delivery-fee.ts';
import { offlineMethods } from '../../domain/payment-methods.ts';
import { zonedDateTimeParts } from '../../domain/schedule.ts';
import { deliveryTime, firstSubmitProblem, productRefusingSchedule, scheduleContext, submitCheckFacts, unmetGroupsList } from '../../domain/submit-checks.ts';
import { orderSlot, slotCapacityOf } from '../../domain/slot-capacity.ts';
import { assertSlotFree, takeOrderSlot, type OrderSlot } from './slot-capacity.ts';
import { isEstablishmentOpenAt, type OfficeHour } from '../../domain/office-hours.ts';
import { Temporal, zonedAt } from '../../domain/time.ts';
import { stripTaxId } from '../../domain/tax-id.ts';
import { evaluationTotal, evaluationWindowEnd } from '../../domain/evaluation.ts';
import type { OrderStep } from '../../domain/order-lifecycle.ts';
import { recordOrderPlaced } from '../open-delivery/events.ts';
import { checkOrderTable } from './tables.ts';
import { joinOpenTab } from '../db/tables-repo.ts';

/** An order refused by a business rule: `{ message: code, params? }` (403 forbidden, 404, 409, 422 unprocessable). */
function refused(kind: 'forbidden' | 'not_found' | 'conflict' | 'unprocessable', code: RefusalCode, params?: Record<string, string | number>): Refusal {
  return new Refusal(kind, code, { params });
}

// Open around the clock: the office hours of an establishment whose manual override is 'open'
// and which publishes none (it takes orders at any time, scheduled ones included).
const ALWAYS: OfficeHour[] = [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 }));

type Establishment = {
  row: EstablishmentRow;
  preferences: Preferences;
  officeHours: OfficeHour[];
  timeZone: string;
  openMode: 'auto' | 'open' | 'closed';
  /** [lng, lat] from the stored address, as every other answer reads it (PostgreSQL's real columns round it). */
  position: [number, number];
};

function loadEstablishment(row: EstablishmentRow): Establishment {
  const { preferences, officeHours, openMode, timeZone, address } = decodeEstablishment(row);
  return {
    row,
    preferences: preferences as Preferences,
    officeHours: openMode === 'open' && officeHours.length === 0 ? ALWAYS : officeHours,
    timeZone,
    openMode,
    position: address.lng_lat,
  };
}

type PricedLine = { item: OrderItemView; product: ProductView; promo: boolean; packing_quantity: number };

/** What a refused pick is, for the developer reading a 400 (the storefront never sends one: its own checks are the same). */
function pickProblemText(p: Exclude<VariationProblem, { code: 'below_min' }>): string {
  switch (p.code) {
    case 'above_max':
      return `at most ${p.max} of ${p.name}`;
    case 'picked_twice':
      return `each option of ${p.name} can be chosen once`;
    case 'unknown_item':
      return `${p.name} has no option ${p.itemId}`;
    case 'unknown_group':
      return `unknown or inactive variation ${p.groupId}/${p.itemId}`;
    case 'invalid_quantity':
      return 'quantities must be whole numbers';
  }
}

/**
 * The field problems (code variation_invalid) of picks past a maximum, picked twice or unknown, and
 * the unmet minimums apart: those are answered with the submit checks, in their place.
 */
function splitPickProblems(problems: readonly VariationProblem[], path: string): { invalid: FieldProblem[]; unmet: UnmetGroup[] } {
  const invalid: FieldProblem[] = [];
  const unmet: UnmetGroup[] = [];
  for (const p of problems) {
    if (p.code === 'below_min') unmet.push(p);
    else invalid.push({ path, code: 'variation_invalid', message: pickProblemText(p) });
  }
  return { invalid, unmet };
}

/**
 * Prices each line from the catalogue; 422 product_unavailable for a product the establishment does
 * not sell, 422 product_sold_out / variation_item_sold_out for one it marked sold out (or a picked
 * item it did), 400 for impossible picks (unknown items, past a maximum). Unmet minimums are
 * answered with the other submit checks, in their place.
 */
function priceLines(body: OrderBody, products: Map<string, ProductView>): { lines: PricedLine[]; unmet: { name: string; min: number }[] } {
  const problems: FieldProblem[] = [];
  const unmet: { name: string; min: number }[] = [];
  const lines = body.products.map((line, i) => {
    const product = products.get(line.id);
    if (!product) throw refused('unprocessable', 'product_unavailable', { product_id: line.id });
    const picks: VariationPick[] = normalizePicks(line.variations.map((v) => ({ variation_id: v._id, item_id: v.item_id, qnt: v.qnt })));
    // Marked sold out by the establishment, the product or a picked item: 422, the cart's own rule.
    const soldOut = soldOutProblem(product, picks);
    if (soldOut) throw refused('unprocessable', soldOut.code, soldOut.params);
    const checked = splitPickProblems(variationPicksProblems(product.variations, picks), `products[${i}].variations`);
    problems.push(...checked.invalid);
    unmet.push(...checked.unmet.map((u) => ({ name: `${product.name}: ${u.name}`, min: u.min })));
    const { unit_cents, line_cents } = priceLine(product, picks, line.qnt);
    const item: OrderItemView = {
      product_id: product._id,
      name: product.name,
      image: product.image,
      qnt: line.qnt,
      note: line.note,
      unit_cents,
      line_cents,
      // With the item's prefix ('1/2'), so the order page reads each pick as the cart did.
      variations: selectedEntries(product, picks),
    };
    return { item, product, promo: product.promo, packing_quantity: product.packing_quantity };
  });
  if (problems.length) throw invalidBody(problems);
  return { lines, unmet };
}

/**
 * The order-level variation entries and their amount (each group by its price rule), from the active
 * variations only; 400 for impossible picks, checked by the same rule as a product's variations.
 */
function priceOrderVariations(
  body: OrderBody,
  groups: readonly OrderVariationView[],
): { entries: OrderVariationEntry[]; cents: number; selections: Record<string, VariationSelection[]> } {
  const picks = normalizePicks(body.order_variations.map((v) => ({ variation_id: v._id, item_id: v.item_id, qnt: v.qnt })));
  const { invalid } = splitPickProblems(variationPicksProblems(groups, picks), 'order_variations');
  if (invalid.length) throw invalidBody(invalid);
  const { selections } = selectionsByGroup(groups, picks);
  const entries: OrderVariationEntry[] = [];
  let cents = 0;
  for (const group of groups) {
    const priced: { priceCents: number; qnt: number }[] = [];
    for (const item of group.items) {
      const pick = selections[group._id]!.find((p) => p.item_id === item._id);
      if (!pick) continue;
      entries.push({ _id: group._id, item_id: item._id, name: item.name, qnt: pick.qnt, price: item.price });
      priced.push({ priceCents: item.price, qnt: pick.qnt });
    }
    cents += variationGroupAmountCents(toVariationRule(group.price_rule), priced);
  }
  return { entries, cents, selections };
}

export interface PlaceOrderInput {
  establishmentId: string;
  user: UserRow;
  body: OrderBody;
  now: Date;
}

/** An order that passed every check, priced, ready to be written (and, paid online, charged first). */
export interface CheckedOrder {
  est: Establishment;
  lines: PricedLine[];
  orderVariations: ReturnType<typeof priceOrderVariations>;
  address: AddressView | null;
  method: { _id: string; name: string; payback: boolean } | null;
  totals: ReturnType<typeof priceOrder>;
  scheduledAt: string | null;
  taxId: string;
  /** The saved card an online order is paid with: checked to be the customer's, verified and valid. */
  card: PaymentCardRow | null;
  /** The coupon or achievement reward it uses, checked; its use is claimed when the order is written. */
  promotion: OrderPromotion;
  /** The kitchen's 15-minute slot it takes (src/domain/slot-capacity.ts), checked free; its place is taken when the order is written. */
  slot: OrderSlot;
  /** The table it is sent from, its key checked (docs/api.md 'Tables'); it joins the table's open tab when written. */
  table: EstablishmentTableRow | undefined;
}

/**
 * The slot an order takes, with its type's cap and the schedule the customer could pick another
 * time from (none when a product takes no scheduled order).
 */
function orderSlotOf(
  est: Establishment,
  type: OrderBody['delivery_type'],
  products: readonly ProductView[],
  scheduledAt: string | null,
  now: Temporal.Instant,
): OrderSlot {
  const prefs = est.preferences;
  const schedule = scheduleContext({ now, timeZone: est.timeZone, officeHours: est.officeHours, prefs, type, products });
  const slotAt = orderSlot({ scheduledAt, now, timeZone: est.timeZone, preparationMinutes: deliveryTime(prefs, type).min });
  return {
    key: { establishmentId: est.row.id, deliveryType: type, slotAt },
    capacity: slotCapacityOf(prefs.slot_capacity, type),
    schedule: productRefusingSchedule(products) === null ? schedule : null,
  };
}

/** What an order paid online records of its payment (src/server/services/order-payments.ts). */
export interface OrderPaymentRecord {
  status: 'paid' | 'awaiting';
  /** The card's public part ({ brand, last4 }) or the Pix charge's txid, shown on the order. */
  details: OrderPaymentDetails;
}

/**
 * Validates and prices an order without writing anything (on `db` or inside a transaction): throws
 * the spec's refusals (403/404/409/422 with their codes, 400 for impossible picks) when it cannot be placed.
 */
export async function checkOrder(db: Executor, input: PlaceOrderInput): Promise<CheckedOrder> {
  const { body, user, now } = input;
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());

  const row = await getEstablishmentRow(db, input.establishmentId);
  if (row?.active !== 1) throw refused('not_found', 'establishment_not_found');
  const est = loadEstablishment(row);
  const prefs = est.preferences;
  if (prefs.unavailable) throw refused('forbidden', 'establishment_unavailable');
  // banned users cannot send orders.
  if (user.banned) throw refused('forbidden', 'user_is_banned');
  // The coupon or achievement it names, found and usable by this customer now [R-1.11, R-5.60, R-8.43..R-8.47].
  const promotion = await orderPromotion(db, {
    establishmentId: row.id,
    prefs,
    userId: user.id,
    couponId: body.coupon_id,
    achievementId: body.achievement_id,
    now,
  });

  const type = body.delivery_type;
  if (!prefs.delivery_type.includes(type)) throw refused('forbidden', 'delivery_type_not_available');
  // Its table: an order at a table is consumed there, now, and its QR code's key must be the table's.
  const table = await checkOrderTable(db, row.id, { deliveryType: type, table: body.table, scheduled: body.scheduled_at !== null });
  // The methods of the chosen type, as the checkout lists them; a type without one takes no offline payment.
  const methods = offlineMethods(prefs, type);
  if (!paymentTypeOffered(body.payment_type, prefs, methods.length)) throw refused('forbidden', 'payment_type_not_available');

  // Only the ordered products, never the whole catalogue.
  const products = await getProductsByIds(
    db,
    row.id,
    body.products.map((p) => p.id),
  );
  const { lines, unmet: unmetProductVariations } = priceLines(body, products);
  if (
    !allowedDeliveryTypes(
      prefs.delivery_type,
      lines.map((l) => l.product),
    ).includes(type)
  )
    throw refused('forbidden', 'delivery_type_not_available');

  const groups = await listOrderVariations(db, row.id, { activeOnly: true });
  const orderVariations = priceOrderVariations(body, groups);

  // The delivery address: the user's own, inside the radius, measured at the position the
  // address list showed the customer (and priced there).
  let address: AddressView | null = null;
  let fee: number | null = null;
  if (type === 'delivery' && body.address_id !== null) {
    const a = await getUserAddress(db, user.id, body.address_id);
    if (!a) throw refused('forbidden', 'invalid_address');
    address = addressView(a);
    const result = deliveryAt(est.position, address.lng_lat, prefs);
    if (!result.ok) throw refused('not_found', 'no_delivery_tax_found');
    fee = result.price;
  }

  const method = body.payment_type !== 'offline' || body.payment_method_id === null ? null : (methods.find((m) => m._id === body.payment_method_id) ?? null);
  if (body.payment_type === 'offline' && body.payment_method_id !== null && !method) throw refused('unprocessable', 'payment_method_missing');
  // The saved card an online order names: its document is a submit check; the rest is checked below.
  const card = body.payment_type === 'online' && body.payment_card ? ((await ownCard(db, user.id, body.payment_card.token_id)) ?? null) : null;

  const creditsAvailable = body.use_credits ? await creditBalance(db, user.id) : 0;
  const totals = priceOrder({
    lines: lines.map((l) => ({ line_cents: l.item.line_cents, qnt: l.item.qnt, promo: l.promo, packing_quantity: l.packing_quantity })),
    order_variations_cents: orderVariations.cents,
    delivery_type: type,
    delivery_fee: fee,
    preferences: prefs,
    free_delivery_enabled: row.has_free_delivery_tax_after_product_price === 1,
    coupon: promotion?.kind === 'coupon' ? promotion.pricing : null,
    achievement: promotion?.kind === 'achievement' ? promotion.pricing : null,
    credits_available: creditsAvailable,
  });

  // Hours and schedule in the establishment's time zone, read as the checkout reads them.
  const facts = submitCheckFacts({
    now: instant,
    timeZone: est.timeZone,
    officeHours: est.officeHours,
    prefs,
    open: isEstablishmentOpenAt({ open_mode: est.openMode, office_hours: est.officeHours }, instant, est.timeZone),
    type,
    products: lines.map((l) => l.product),
    schedule: body.scheduled_at === null ? { date: null, time: null } : zonedDateTimeParts(body.scheduled_at, est.timeZone),
    totals,
    useCredits: body.use_credits,
    paymentType: body.payment_type,
    paymentMethod: method,
    change: body.payment_payback,
    hasAddress: address !== null,
    hasCard: body.payment_card !== null,
    cardDocument: card?.document ?? null,
    invoice: { status: body.tax_receipt, document: body.tax_id ?? '' },
    orderVariations: { groups, selections: orderVariations.selections },
  });
  const problem = firstSubmitProblem(facts);
  if (problem) throw refused('unprocessable', problem.code, problem.params);
  if (unmetProductVariations.length) throw refused('unprocessable', 'variations_required', { list: unmetGroupsList(unmetProductVariations) });
  const schedule = facts.schedule.check;
  // Decisions #1-#3: the coupon or prize must have something to discount in this cart and delivery.
  assertPromotionApplies(promotion, lines, totals, { delivery_type: type, has_address: address !== null });
  // Credits that pay the whole order make it an order paid by credits: nothing is left to
  // charge a card, a Pix or the courier.
  if (totals.credits > 0 && totals.total === 0 && body.payment_type !== 'credits') throw refused('unprocessable', 'credits_cover_total');
  if (body.payment_type === 'online') assertCardPays(card, prefs, totals.total, est.timeZone, now);
  const taxId = body.tax_id === null ? '' : stripTaxId(body.tax_id);
  const scheduledAt = schedule?.ok ? schedule.scheduledAt : null;
  // Last, once everything else holds: a full slot is refused with the next free one, before any charge.
  const slot = orderSlotOf(
    est,
    type,
    lines.map((l) => l.product),
    scheduledAt,
    instant,
  );
  await assertSlotFree(db, slot);
  return { est, lines, orderVariations, address, method, totals, scheduledAt, taxId, card, promotion, slot, table };
}

/**
 * checkOrder inside the order's transaction: an order using credits first takes the customer's
 * row, so concurrent orders of one customer price their credits one after the other on the
 * balance the previous one left (docs/api.md 'Credits').
 */
export async function checkOrderToWrite(trx: Transaction<DB>, input: PlaceOrderInput): Promise<CheckedOrder> {
  if (input.body.use_credits) await lockUser(trx, input.user.id);
  return checkOrder(trx, input);
}

/** Whether the establishment takes this payment type now (its preferences; offline needs a method of the delivery type). */
function paymentTypeOffered(paymentType: OrderBody['payment_type'], prefs: Preferences, offlineMethodCount: number): boolean {
  if (paymentType === 'offline') return offlineMethodCount > 0;
  if (paymentType === 'online') return prefs.has_online_payment === true;
  if (paymentType === 'pix') return prefs.has_pix_payment === true;
  // Credits: accepted when they pay the whole order (checked once it is priced).
  return true;
}

/**
 * The card may pay this order: the customer's, not deleted, verified, not expired in the
 * establishment's month, of a brand the establishment takes, and the total within what a card may pay.
 */
function assertCardPays(card: PaymentCardRow | null, prefs: Preferences, total: number, timeZone: string, now: Date): void {
  if (!card || !isCardValidated({ brand: card.brand, verification_status: card.verification_status })) throw refused('forbidden', 'invalid_payment_card');
  const zoned = zonedAt(Temporal.Instant.fromEpochMilliseconds(now.getTime()), timeZone);
  if (!checkCardExpiry({ month: card.exp_month, year: card.exp_year }, Temporal.PlainYearMonth.from({ year: zoned.year, month: zoned.month })).ok)
    throw refused('forbidden', 'credit_card_expired');
  const brands = prefs.online_payment_methods.map((m) => m._id);
  if (brands.length > 0 && !brands.includes(card.brand)) throw refused('forbidden', 'invalid_payment_card_brand');
  if (total < CARD_PURCHASE_MIN_CENTS || total > CARD_PURCHASE_MAX_CENTS)
    throw refused('unprocessable', 'card_amount_out_of_range', { min: CARD_PURCHASE_MIN_CENTS, max: CARD_PURCHASE_MAX_CENTS });
}

/** Writes a checked order in `trx` (its number, the credits it takes, the order); answers the 201 response. */
export async function writeOrder(
  trx: Transaction<DB>,
  input: PlaceOrderInput,
  checked: CheckedOrder,
  payment: OrderPaymentRecord | null = null,
): Promise<{ status: 201; body: PlaceOrderAnswer }> {
  const { body, user, now } = input;
  const { est, lines, orderVariations, address, method, totals, taxId } = checked;
  const prefs = est.preferences;
  const type = body.delivery_type;
  // Writes: number, credits, the coupon or prize use, the slot's place, order — one transaction with the idempotency record.
  const number = await nextOrderNumber(trx, est.row.id);
  const id = randomId();
  if (totals.credits > 0) await spendCredits(trx, user.id, id, totals.credits, now);
  await claimOrderPromotion(trx, checked.promotion, user.id, id, now);
  // Its place in the kitchen's slot, in the transaction of its money: a full slot refuses it whole.
  await takeOrderSlot(trx, checked.slot);
  const at = now.toISOString();
  // An order from a table joins its open tab, or opens one (src/server/db/tables-repo.ts).
  const tabId = checked.table ? await joinOpenTab(trx, checked.table, randomId(), at) : null;
  const taxReceipt = prefs.tax_receipt !== false && body.tax_receipt;
  const promotion = checked.promotion;
  // An order paid by Pix waits for its Pix: its charge's txid is derived from the order (POST /api/pix makes it).
  const paid =
    payment ??
    (body.payment_type === 'pix' ? { status: 'awaiting' as const, details: { pix: { txid: pixTxid(`order:${id}`) }, refund_to: 'pix' as const } } : null);
  const order: OrderRow = {
    id,
    establishment_id: est.row.id,
    user_id: user.id,
    number,
    status: 'registered',
    step: 'registered',
    platform: body.platform,
    delivery_type: type,
    payment_type: body.payment_type,
    payment_method: method ? JSON.stringify({ _id: method._id, name: method.name, payback: method.payback }) : null,
    payment_payback: method?.payback ? body.payment_payback : null,
    tax_receipt: taxReceipt ? 1 : 0,
    tax_id: taxReceipt ? taxId : null,
    address: address ? JSON.stringify(address) : null,
    scheduled_at: checked.scheduledAt,
    note: body.note,
    items: JSON.stringify(lines.map((l) => l.item)),
    order_variations: JSON.stringify(orderVariations.entries),
    coupon_id: promotion?.kind === 'coupon' ? promotion.row.id : null,
    achievement_id: promotion?.kind === 'achievement' ? promotion.row.id : null,
    subtotal: totals.subtotal,
    order_variations_total: totals.order_variations_total,
    packing_fee: totals.packing_fee,
    delivery_fee: totals.delivery_fee,
    discount: totals.discount,
    credits: totals.credits,
    total: totals.total,
    time_min: deliveryTime(prefs, type).min,
    time_max: deliveryTime(prefs, type).max,
    cancellation_type: null,
    cancellation_reason: null,
    created_at: at,
    updated_at: at,
    completed_at: null,
    evaluation_packing: null,
    evaluation_delivery: null,
    evaluation_product: null,
    evaluation_deadline: null,
    evaluated_at: null,
    whatsapp_updates: 0,
    payment_status: paid?.status ?? 'none',
    payment_details: paid ? JSON.stringify(paid.details) : null,
    coupon_code: promotion?.kind === 'coupon' ? promotion.row.code : null,
    achievement_name: promotion?.kind === 'achievement' ? promotion.row.name : null,
    promotion_discount: totals.coupon_discount + totals.achievement_discount,
    slot_at: checked.slot.key.slotAt,
    table_number: checked.table ? Number(checked.table.number) : null,
    table_tab_id: tabId,
  };
  await insertOrder(trx, order);
  // The establishment's POS hears of it in the same transaction (a Pix order once paid instead).
  await recordOrderPlaced(trx, order, now);
  return { status: 201, body: { _id: order.id, order: orderView(order, est.timeZone) } };
}

/** Validates, prices and stores one order paid offline, by Pix or by credits in `trx`; answers the 201 response. */
export async function placeOrder(trx: Transaction<DB>, input: PlaceOrderInput): Promise<{ status: 201; body: PlaceOrderAnswer }> {
  return writeOrder(trx, input, await checkOrderToWrite(trx, input));
}

/**
 * Takes the order's credits from the customer's balance with its ledger entry; 409 credits_changed
 * when the balance no longer covers them (spent by another order since this one was priced).
 */
async function spendCredits(trx: Transaction<DB>, userId: string, orderId: string, amount: number, now: Date): Promise<void> {
  try {
    await moveCredits(trx, { userId, amount: -amount, reason: 'order', reference: orderCreditsReference(orderId, 'spend'), orderId }, now);
  } catch (err) {
    if (err instanceof CreditsShort) throw refused('conflict', 'credits_changed');
    throw err;
  }
}

// ---------------------------------------------------------------- views

/** The evaluation of a stored order, or null while it has none. */
export function evaluationView(row: OrderRow): EvaluationView | null {
  if (row.evaluated_at === null) return null;
  const ratings = {
    packing: Number(row.evaluation_packing),
    delivery: Number(row.evaluation_delivery),
    product: Number(row.evaluation_product),
    deadline: Number(row.evaluation_deadline),
  };
  return { ...ratings, total: evaluationTotal(ratings), evaluated_at: row.evaluated_at };
}

/**
 * The API shape of a stored order. `timeZone` is the establishment's: the
 * evaluation window of a completed order ends 7 days later on its calendar.
 */
export function orderView(row: OrderRow, timeZone: string, customer?: { _id: string; name: string; phone: string }): OrderView {
  const view: OrderView = {
    _id: row.id,
    order: row.number,
    status: row.status as OrderStatus,
    step: row.step as OrderStep,
    created_at: row.created_at,
    updated_at: row.updated_at,
    delivery_type: row.delivery_type as OrderView['delivery_type'],
    payment_type: row.payment_type as OrderView['payment_type'],
    payment_method: row.payment_method ? JSON.parse(row.payment_method) : null,
    payment_payback: row.payment_payback,
    tax_receipt: row.tax_receipt === 1,
    tax_id: row.tax_id,
    // An order placed before the spec's second names were answered kept a copy without them.
    address: row.address ? withSpecNames(JSON.parse(row.address)) : null,
    scheduled_at: row.scheduled_at,
    note: row.note,
    items: JSON.parse(row.items),
    order_variations: JSON.parse(row.order_variations),
    totals: {
      subtotal: row.subtotal,
      order_variations_total: row.order_variations_total,
      packing_fee: row.packing_fee,
      delivery_fee: row.delivery_fee,
      discount: row.discount,
      credits: row.credits,
      total: row.total,
    },
    time: { min: row.time_min, max: row.time_max },
    cancellation_type: row.cancellation_type as OrderView['cancellation_type'],
    cancellation_reason: row.cancellation_reason,
    completed_at: row.completed_at,
    evaluation: evaluationView(row),
    evaluable_until:
      row.status === 'complete' && row.completed_at !== null && row.evaluated_at === null ? evaluationWindowEnd(row.completed_at, timeZone) : null,
    payment: paymentView(row),
    promotion: promotionView(row),
    slot_at: row.slot_at ?? null,
    table: row.table_number != null && row.table_tab_id ? { number: Number(row.table_number), tab_id: row.table_tab_id } : null,
  };
  if (customer) view.customer = customer;
  return view;
}

/** The coupon or prize the order used and what it took off. */
function promotionView(row: OrderRow): OrderView['promotion'] {
  const discount = Number(row.promotion_discount ?? 0);
  if (row.coupon_id !== null) return { kind: 'coupon', _id: row.coupon_id, code: row.coupon_code ?? '', discount };
  if (row.achievement_id !== null) return { kind: 'achievement', _id: row.achievement_id, name: row.achievement_name ?? '', discount };
  return null;
}

/** What the order shows of its online payment. */
function paymentView(row: OrderRow): OrderView['payment'] {
  const details = row.payment_details ? (JSON.parse(row.payment_details) as OrderPaymentDetails) : {};
  return {
    status: (row.payment_status ?? 'none') as OrderPaymentStatus,
    card: details.card ?? null,
    pix: details.pix ?? null,
    refund_to: details.refund_to ?? (details.pix ? 'pix' : details.card ? 'card' : null),
  };
}

/** The view limited to `fields` (plus `_id`). */
export function pickOrderFields(view: OrderView, fields: readonly OrderField[] | undefined): Partial<OrderView> {
  if (!fields || fields.length === 0) return view;
  const out: Record<string, unknown> = { _id: view._id };
  for (const f of fields) if (f in view) out[f] = view[f as keyof OrderView];
  return out as Partial<OrderView>;
}
