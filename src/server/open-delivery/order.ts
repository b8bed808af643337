// One of our orders as an Open Delivery v1.3 `Order` (components.schemas.Order of the official
// document, tests/fixtures/opendelivery/openapi.yaml), for the establishment's point-of-sale
// system (its Software Service) reading GET /v1/orders/{orderId}. Pure: the caller reads the order
// (the OrderView every order call answers), the establishment and the customer; this module only
// maps. docs/open-delivery.md is the field-by-field table and says why each choice was made.
//
// Money: every amount is computed in integer centavos and converted once per field (odPrice), so
// the document's equations hold exactly on the decimals it receives:
//   item.totalPrice = quantity x (unitPrice + optionsPrice), optionsPrice = sum of options' totalPrice
//   total.itemsPrice = sum of items' totalPrice; total.orderAmount = itemsPrice + otherFees - discount
//   payments.prepaid + payments.pending = orderAmount = our total + the store credit used
// A stored order whose parts do not add up is refused (RangeError) rather than sent wrong.
//
// The wire labels below (fee names, the order-level extras' line, methodInfo) are Portuguese on
// purpose: the establishment's staff read them on the point-of-sale screen and the kitchen ticket.
import { formatAddressLine } from '../../domain/address.ts';
import { pickLabel } from '../../domain/cart.ts';
import { centsToReais, multiplyCents, sumCents } from '../../domain/money.ts';
import { normalizePhone } from '../../domain/phone.ts';
// The locale file itself, not t(): the server runs under plain Node, where t()'s bundler glob does not exist.
import commonTexts from '../../i18n/locales/pt-BR/common.json' with { type: 'json' };
import type { AddressView } from '../../schemas/api-geo.ts';
import type { OrderVariationEntry, OrderView } from '../../schemas/api-orders.ts';
import type {
  OdCardBrand,
  OdDeliveryAddress,
  OdDiscount,
  OdItem,
  OdItemOption,
  OdOrder,
  OdOrderType,
  OdOtherFee,
  OdPaymentMethod,
  OdPaymentMethodKind,
  OdPayments,
  OdPrice,
} from '../../schemas/open-delivery.ts';
import { odCustomerId, odItemId, odMerchantId, odOptionId, odOrderId } from './ids.ts';

/** What the mapping reads: the stored order, the establishment it was placed at, and who placed it. */
export interface OdOrderInput {
  /** The order as every order call answers it (src/server/services/orders.ts orderView). */
  order: OrderView;
  establishment: {
    id: string;
    name: string;
    /** The establishment's CNPJ, when the product knows it (any punctuation). */
    document?: string | null;
    /** The merchant id the establishment's Software Service gave, when it gave one: sent as is. */
    merchantId?: string | null;
  };
  customer: {
    /** Our user id. */
    id: string;
    name: string;
    /** As stored (digits); sent as the national number, ninth digit included. */
    phone: string;
    /** The customer's orders at this establishment up to and including this one (the document's example: 1 for a first order). */
    ordersCountOnMerchant: number;
  };
  /**
   * Whether the achievement reward the order used was free delivery (the achievement's
   * reward_type): its discount then targets the delivery fee. The order keeps the reward's name
   * and amount but not its type; without this the discount is sent against the cart.
   */
  achievementFreeDelivery?: boolean;
}

const CURRENCY = 'BRL';
const ORDER_VARIATIONS_NAME = 'Adicionais do pedido';
/** externalCode of the order-level extras' line: it is no product of the catalogue. */
export const ORDER_VARIATIONS_CODE = 'order-variations';
const DELIVERY_FEE_NAME = 'Taxa de entrega';
const PACKING_FEE_NAME = 'Taxa de embalagem';
const CREDITS_INFO = 'Créditos do cliente na loja';
const NO_METHOD_INFO = 'Pagamento na entrega ou retirada';

/**
 * Centavos as the document's decimal reais. The division of two exact integers is correctly
 * rounded, so the result is the double nearest the exact decimal: the same number JSON reads back
 * from '19.9', never a drifted 19.900000000000002 (src/domain/money.ts centsToReais).
 * Example: `odDecimal(1990) === 19.9`, `odDecimal(5) === 0.05`, `odDecimal(123456789) === 1234567.89`
 */
export function odDecimal(cents: number): number {
  return centsToReais(cents);
}

/** The document's Price of an amount in centavos. Example: `odPrice(1990)` is `{ value: 19.9, currency: 'BRL' }` */
export function odPrice(cents: number): OdPrice {
  return { value: odDecimal(cents), currency: CURRENCY };
}

const ORDER_TYPES: Record<OrderView['delivery_type'], OdOrderType> = { delivery: 'DELIVERY', pickup: 'TAKEOUT', local: 'INDOOR' };

const CARD_BRANDS: Record<string, OdCardBrand> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMEX',
  elo: 'ELO',
  hipercard: 'HIPERCARD',
  diners: 'DINERS',
};

/** The UTC instant `minutes` after `iso`, as the document writes dates (ISO-8601, Z). */
function plusMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

const utc = (iso: string): string => new Date(iso).toISOString();

/** An item's price and its options, split so that the document's item equation holds in centavos. */
interface LineSplit {
  unitCents: number;
  optionsCents: number;
  options: OdItemOption[];
}

/**
 * The options of one line and what is left of the unit price for the item itself. Our unit price
 * already includes the picks, priced by their group's rule (sum, average, highest...), and the
 * order keeps each pick's list price but not its group's rule. When the list prices of the picks
 * fit inside the unit price (the additive rule, and any group with a single pick), the options go
 * at their list prices and the item at the rest. When they do not (an average or highest-price
 * group over several picks, a negative price), no split can be told from the order: the options go
 * at 0 with their list price as originalPrice (information only, the document says) and the item
 * at the whole unit price. Either way quantity x (unitPrice + optionsPrice) is the line's amount.
 */
function splitLine(orderId: string, line: number, unitCents: number, entries: readonly OrderVariationEntry[]): LineSplit {
  const listCents = sumCents(entries.map((e) => multiplyCents(e.price, e.qnt)));
  const asListed = entries.every((e) => e.price >= 0) && listCents <= unitCents;
  const options = entries.map((e, i): OdItemOption => {
    const unit = asListed ? e.price : 0;
    const option: OdItemOption = {
      index: i,
      id: odOptionId(orderId, line, i),
      // The name as the order page reads the pick ('1/2 Calabresa'), its quantity apart.
      name: pickLabel({ ...e, qnt: 1 }),
      externalCode: e.item_id,
      unit: 'UN',
      quantity: e.qnt,
      unitPrice: odPrice(unit),
      totalPrice: odPrice(multiplyCents(unit, e.qnt)),
    };
    if (!asListed && e.price !== 0) option.originalPrice = odPrice(e.price);
    return option;
  });
  const optionsCents = asListed ? listCents : 0;
  return { unitCents: unitCents - optionsCents, optionsCents, options };
}

function odItem(
  orderId: string,
  line: number,
  part: { name: string; externalCode: string; qnt: number; unitCents: number; note: string; entries: readonly OrderVariationEntry[] },
): { item: OdItem; cents: number } {
  const split = splitLine(orderId, line, part.unitCents, part.entries);
  const cents = multiplyCents(split.unitCents + split.optionsCents, part.qnt);
  const item: OdItem = {
    id: odItemId(orderId, line),
    index: line,
    name: part.name,
    externalCode: part.externalCode,
    unit: 'UN',
    quantity: part.qnt,
    unitPrice: odPrice(split.unitCents),
    optionsPrice: odPrice(split.optionsCents),
    totalPrice: odPrice(cents),
  };
  if (part.note.trim()) item.specialInstructions = part.note.trim();
  if (split.options.length) item.options = split.options;
  return { item, cents };
}

/**
 * The order's lines as items, then the order-level extras (Talheres, a sauce...) as one more item
 * whose options are the picks. Extras that take money off (a negative total) are an item at 0 and
 * a cart discount (see merchantDiscounts), since a negative price is no price.
 */
function odItems(order: OrderView): { items: OdItem[]; cents: number } {
  const items: OdItem[] = [];
  const amounts: number[] = [];
  order.items.forEach((line, i) => {
    if (multiplyCents(line.unit_cents, line.qnt) !== line.line_cents) throw new RangeError(`order ${order._id}: line ${i} is not quantity x unit price`);
    const { item, cents } = odItem(order._id, i, {
      name: line.name,
      externalCode: line.product_id,
      qnt: line.qnt,
      unitCents: line.unit_cents,
      note: line.note,
      entries: line.variations,
    });
    items.push(item);
    amounts.push(cents);
  });
  if (order.order_variations.length > 0) {
    const { item, cents } = odItem(order._id, order.items.length, {
      name: ORDER_VARIATIONS_NAME,
      externalCode: ORDER_VARIATIONS_CODE,
      qnt: 1,
      unitCents: Math.max(0, order.totals.order_variations_total),
      note: '',
      entries: order.order_variations,
    });
    items.push(item);
    amounts.push(cents);
  }
  return { items, cents: sumCents(amounts) };
}

/** The delivery fee and the packing fee, both the establishment's. */
function odOtherFees(order: OrderView): OdOtherFee[] {
  const fees: OdOtherFee[] = [];
  if (order.totals.delivery_fee > 0)
    fees.push({ name: DELIVERY_FEE_NAME, type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: odPrice(order.totals.delivery_fee) });
  if (order.totals.packing_fee > 0)
    fees.push({ name: PACKING_FEE_NAME, type: 'SERVICE_FEE', receivedBy: 'MERCHANT', price: odPrice(order.totals.packing_fee) });
  return fees;
}

/** A discount the establishment pays in full, in centavos, before it is written as the document's. */
interface MerchantDiscount {
  cents: number;
  target: OdDiscount['target'];
  code?: string;
}

function odDiscount(d: MerchantDiscount): OdDiscount {
  return {
    amount: odPrice(d.cents),
    target: d.target,
    sponsorshipValues: [{ name: 'MERCHANT', amount: odPrice(d.cents), ...(d.code ? { discountCode: d.code } : {}) }],
  };
}

/**
 * Every discount, all paid by the establishment: the pickup discount (what our discount holds
 * besides the promotion's), the coupon (its code) or the achievement reward (its name), and
 * order-level extras that take money off. Store credit is not a discount: it is a prepaid payment.
 */
function merchantDiscounts(input: OdOrderInput): MerchantDiscount[] {
  const { order } = input;
  const promotion = order.promotion;
  const promotionCents = promotion?.discount ?? 0;
  const pickupCents = order.totals.discount - promotionCents;
  if (pickupCents < 0) throw new RangeError(`order ${order._id}: the promotion's discount exceeds the order's discount`);
  const discounts: MerchantDiscount[] = [];
  if (pickupCents > 0) discounts.push({ cents: pickupCents, target: 'CART' });
  if (promotion && promotionCents > 0) {
    if (promotion.kind === 'coupon') discounts.push({ cents: promotionCents, target: 'CART', code: promotion.code });
    else discounts.push({ cents: promotionCents, target: input.achievementFreeDelivery ? 'DELIVERY_FEE' : 'CART', code: promotion.name });
  }
  if (order.order_variations.length > 0 && order.totals.order_variations_total < 0)
    discounts.push({ cents: -order.totals.order_variations_total, target: 'CART' });
  return discounts;
}

const plain = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The document's method for an offline method: establishments name their own ('Dinheiro',
 * 'Cartão de débito', 'VR'...), so the name is read; one with change is cash. Anything not
 * recognised is OTHER, and methodInfo always carries the establishment's own name.
 * Example: `offlineMethodKind({ name: 'Cartão de Crédito', payback: false }) === 'CREDIT'`
 */
export function offlineMethodKind(method: { name: string; payback: boolean }): OdPaymentMethodKind {
  if (method.payback) return 'CASH';
  const name = plain(method.name);
  const has = (re: RegExp) => re.test(name);
  if (has(/\bdinheiro\b|\bespecie\b/)) return 'CASH';
  if (has(/\bpix\b/)) return 'PIX';
  if (has(/\brefeicao\b|\bvr\b/)) return 'MEAL_VOUCHER';
  if (has(/\balimentacao\b|\bva\b/)) return 'FOOD_VOUCHER';
  const debit = has(/\bdebito\b/);
  const credit = has(/\bcredito\b/);
  if (debit && credit) return 'CREDIT_DEBIT';
  if (debit) return 'DEBIT';
  if (credit) return 'CREDIT';
  if (has(/\bcartao\b|\bcartoes\b|\bmaquin/)) return 'CREDIT_DEBIT';
  return 'OTHER';
}

/** How the order's total (after credits) is paid: online (prepaid) or to the establishment (pending). */
function totalMethod(order: OrderView): OdPaymentMethod | null {
  const value = odDecimal(order.totals.total);
  switch (order.payment_type) {
    case 'online': {
      const card = order.payment.card;
      const brand = card ? CARD_BRANDS[card.brand.toLowerCase()] : undefined;
      return {
        value,
        currency: CURRENCY,
        type: 'PREPAID',
        method: 'CREDIT',
        ...(brand ? { brand } : {}),
        ...(card ? { methodInfo: `Cartão final ${card.last4}` } : {}),
      };
    }
    case 'pix':
      return { value, currency: CURRENCY, type: 'PREPAID', method: 'PIX', ...(order.payment.pix ? { methodInfo: `Pix txid ${order.payment.pix.txid}` } : {}) };
    case 'offline': {
      const m = order.payment_method;
      const method = m ? offlineMethodKind(m) : 'OTHER';
      const paid: OdPaymentMethod = { value, currency: CURRENCY, type: 'PENDING', method, methodInfo: m?.name ?? NO_METHOD_INFO };
      // The document asks the cash handed over for CASH; without change asked, it is the amount itself.
      if (method === 'CASH')
        paid.changeFor = odDecimal(order.payment_payback !== null && order.payment_payback > order.totals.total ? order.payment_payback : order.totals.total);
      return paid;
    }
    case 'credits':
      if (order.totals.total !== 0) throw new RangeError(`order ${order._id}: paid by credits with ${order.totals.total} left to pay`);
      return null;
  }
}

/**
 * payments: store credit used is value the establishment already holds for the customer (money of
 * a cancelled paid order given back as credit, a grant, a referral reward), spent on this order:
 * it is money paid before the order (prepaid), by redeeming a prepaid balance (PREPAID_REDEEM), not a
 * discount the establishment gives now. The rest is prepaid when paid online (card, Pix), pending
 * when paid on delivery or at pickup.
 */
function odPayments(order: OrderView): OdPayments {
  const methods: OdPaymentMethod[] = [];
  const creditsCents = order.totals.credits;
  if (creditsCents > 0)
    methods.push({ value: odDecimal(creditsCents), currency: CURRENCY, type: 'PREPAID', method: 'PREPAID_REDEEM', methodInfo: CREDITS_INFO });
  const rest = totalMethod(order);
  // A method for nothing is noise, unless it is the only way the order says how it is paid.
  if (rest && (order.totals.total > 0 || methods.length === 0)) methods.push(rest);
  const restPrepaid = order.payment_type === 'online' || order.payment_type === 'pix';
  return {
    prepaid: odDecimal(creditsCents + (restPrepaid ? order.totals.total : 0)),
    pending: odDecimal(order.payment_type === 'offline' ? order.totals.total : 0),
    methods,
  };
}

/**
 * The delivery address. The product stores no postal code (CEP): the addresses are placed on the map
 * and geocoded by position, so postalCode, which the document requires, is sent empty. state is
 * the document's recommended ISO 3166-2 code ('BR-SP') when ours is a two-letter UF.
 */
export function odDeliveryAddress(a: AddressView): OdDeliveryAddress {
  const [lng, lat] = a.lng_lat;
  const country = /^[A-Za-z]{2}$/.test(a.country.trim()) ? a.country.trim().toUpperCase() : 'BR';
  const uf = a.state.trim().toUpperCase();
  const noNumber = commonTexts.address.noNumber;
  const address: OdDeliveryAddress = {
    country,
    state: /^[A-Z]{2}$/.test(uf) ? `${country}-${uf}` : a.state.trim(),
    city: a.city.trim(),
    district: a.neighborhood.trim(),
    street: a.street.trim(),
    number: a.number?.trim() || noNumber,
    formattedAddress: formatAddressLine(a, noNumber),
    postalCode: '',
    coordinates: { latitude: lat, longitude: lng },
  };
  if (a.complement?.trim()) address.complement = a.complement.trim();
  if (a.ref.trim()) address.reference = a.ref.trim();
  return address;
}

/**
 * Our order as the document's Order. Times: instant orders start now (preparationStartDateTime =
 * createdAt, the document's default); a delivery is expected at the longest delivery time shown to
 * the customer, a pickup or dine-in order ready at the shortest. A scheduled order is due at the
 * chosen time (schedule start and end alike: the customer picks one time) and its preparation
 * starts the longest preparation time before it, never before it was placed.
 */
export function openDeliveryOrder(input: OdOrderInput): OdOrder {
  const { order, establishment, customer } = input;
  const createdAt = utc(order.created_at);
  const scheduledAt = order.scheduled_at === null ? null : utc(order.scheduled_at);
  const type = ORDER_TYPES[order.delivery_type];

  const { items, cents: itemsCents } = odItems(order);
  const otherFees = odOtherFees(order);
  const discountParts = merchantDiscounts(input);
  const discounts = discountParts.map(odDiscount);
  const feesCents = order.totals.delivery_fee + order.totals.packing_fee;
  const discountCents = sumCents(discountParts.map((d) => d.cents));
  const orderAmountCents = itemsCents + feesCents - discountCents;
  if (orderAmountCents !== order.totals.total + order.totals.credits)
    throw new RangeError(`order ${order._id}: items ${itemsCents} + fees ${feesCents} - discounts ${discountCents} is not total + credits`);

  const preparationStartDateTime =
    scheduledAt === null
      ? createdAt
      : new Date(Math.max(new Date(createdAt).getTime(), new Date(plusMinutes(scheduledAt, -order.time.max)).getTime())).toISOString();

  const od: OdOrder = {
    id: odOrderId(order._id),
    type,
    displayId: String(order.order),
    createdAt,
    orderTiming: scheduledAt === null ? 'INSTANT' : 'SCHEDULED',
    preparationStartDateTime,
    merchant: { id: establishment.merchantId || odMerchantId(establishment.id, establishment.document ?? null), name: establishment.name },
    items,
    ...(otherFees.length ? { otherFees } : {}),
    ...(discounts.length ? { discounts } : {}),
    total: {
      itemsPrice: odPrice(itemsCents),
      otherFees: odPrice(feesCents),
      discount: odPrice(discountCents),
      orderAmount: odPrice(orderAmountCents),
    },
    payments: odPayments(order),
    customer: {
      id: odCustomerId(customer.id),
      name: customer.name,
      ...(order.tax_receipt && order.tax_id ? { documentNumber: order.tax_id } : {}),
      phone: { number: normalizePhone(customer.phone) },
      ordersCountOnMerchant: customer.ordersCountOnMerchant,
    },
  };
  if (scheduledAt !== null) od.schedule = { scheduledDateTimeStart: scheduledAt, scheduledDateTimeEnd: scheduledAt };
  if (type === 'DELIVERY') {
    if (!order.address) throw new RangeError(`order ${order._id}: a delivery without an address`);
    od.delivery = {
      deliveredBy: 'MERCHANT',
      deliveryAddress: odDeliveryAddress(order.address),
      estimatedDeliveryDateTime: scheduledAt ?? plusMinutes(createdAt, order.time.max),
    };
  } else if (type === 'TAKEOUT') {
    od.takeout = { mode: 'DEFAULT', takeoutDateTime: scheduledAt ?? plusMinutes(createdAt, order.time.min) };
  } else {
    const indoorDateTime = scheduledAt ?? plusMinutes(createdAt, order.time.min);
    // Sent from a table (docs/api.md 'Tables'): the standard's place, named as the panel names it.
    od.indoor = order.table ? { mode: 'PLACE', indoorDateTime, place: `Mesa ${order.table.number}` } : { mode: 'DEFAULT', indoorDateTime };
  }
  if (order.note.trim()) od.extraInfo = order.note.trim();
  return od;
}
