// Boundary schemas of the order calls (spec sections 3 'Order payload' and 7 'Orders'; docs/api.md
// 'Orders'): the order payload, the list query, the status change, and the OrderView answered by
// every order call. arktype checks shapes and plain bounds; every business rule (prices, hours,
// schedule, payment, address) runs in src/server/services/orders.ts against the server's own data.
import { type } from 'arktype';
import type { SelectedVariationEntry } from '../domain/cart.ts';
import { RATING_MAX, RATING_MIN, type Ratings } from '../domain/evaluation.ts';
import type { OrderStep, PaymentState, SpecOrderStatus } from '../domain/order-lifecycle.ts';
import type { AddressView } from './api-geo.ts';
import { SealedBoxBody, type SealedBoxBody as SealedBox } from './sealed-box.ts';
import { OrderTable, type OrderTableView } from './api-tables.ts';

const id = /^[A-Za-z0-9_-]{1,64}$/;

/** Largest quantity of one line or one variation item. */
export const ORDER_QNT_MAX = 999;
export const ORDER_MAX_LINES = 200;
export const ORDER_NOTE_MAX = 1000;
export const LINE_NOTE_MAX = 500;
export const CANCELLATION_REASON_MAX = 500;

/** A chosen variation item: the group `_id`, the `item_id` and how many. Names and prices sent by the client are ignored. */
export const OrderVariationPick = type({
  _id: id,
  item_id: id,
  qnt: `1 <= number.integer <= ${ORDER_QNT_MAX}`,
});
export type OrderVariationPick = typeof OrderVariationPick.infer;

const OrderProductInput = type({
  id,
  qnt: `1 <= number.integer <= ${ORDER_QNT_MAX}`,
  'note?': `string <= ${LINE_NOTE_MAX}`,
  'variations?': OrderVariationPick.array().atMostLength(100),
});
export type OrderProductInput = { id: string; qnt: number; note: string; variations: OrderVariationPick[] };

// The shape is checked without morphs or defaults (each makes arktype copy the whole payload, 12x
// slower on the order hot path); parseOrderBody fills the defaults, trims and drops unknown keys.
const OrderBodyShape = type({
  delivery_type: "'delivery' | 'pickup' | 'local'",
  payment_type: "'online' | 'offline' | 'pix' | 'credits'",
  platform: "'web'",
  products: OrderProductInput.array().atLeastLength(1).atMostLength(ORDER_MAX_LINES),
  'order_variations?': OrderVariationPick.array().atMostLength(100),
  'note?': `string <= ${ORDER_NOTE_MAX}`,
  'use_credits?': 'boolean',
  'coupon_id?': type(id).or('null'),
  'achievement_id?': type(id).or('null'),
  /** ISO-8601 instant with an offset (or Z), e.g. '2025-01-04T19:30:00-03:00'. */
  'scheduled_at?': type(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/).or('null'),
  'tax_receipt?': 'boolean',
  /** CPF or CNPJ, any punctuation. */
  'tax_id?': type('string <= 18').or('null'),
  /** Cash the customer pays with (centavos); null = no change needed. */
  'payment_payback?': type('0 <= number.integer <= 100000000').or('null'),
  'payment_method_id?': type(id).or('null'),
  'address_id?': type(id).or('null'),
  /**
   * Paying by card: the saved, verified card (`token_id` is the card's id) and the CVV typed
   * for this payment, sealed for `orderPaymentSealContext(user id)` by the storefront (digits from API clients).
   */
  'payment_card?': type({ token_id: id, security_code: type(/^\d{3,4}$/).or(SealedBoxBody) }).or('null'),
  /**
   * The chosen card as the customer saw it, sealed for the same context: `{ brand, last4,
   * due_month, due_year, holder }`. When sent, the server pays only if it is the card `token_id` names.
   */
  'payment_card_details?': type(SealedBoxBody).or('null'),
  /** The table the order is sent from, read from its QR code (docs/api.md 'Tables'): only with delivery_type 'local', never scheduled. */
  'table?': OrderTable.or('null'),
});

/** The associated data of the CVV and card details sealed for an order's payment (src/lib/sealed-box.ts). */
export const orderPaymentSealContext = (userId: string) => `order-payment:${userId}`;

/** The card an order is paid with, as the payload carries it. */
export interface OrderPaymentCard {
  token_id: string;
  security_code: string | SealedBox;
}

/**
 * The order payload [R-3.10..R-3.19, R-7.21] once checked and normalised: every key present (absent
 * ones take their default), notes trimmed. Client prices and totals are not part of it: the server
 * prices every order from its own catalogue. Any unknown key is dropped.
 */
export type OrderBody = {
  delivery_type: 'delivery' | 'pickup' | 'local';
  payment_type: 'online' | 'offline' | 'pix' | 'credits';
  platform: 'web';
  products: OrderProductInput[];
  order_variations: OrderVariationPick[];
  note: string;
  use_credits: boolean;
  coupon_id: string | null;
  achievement_id: string | null;
  scheduled_at: string | null;
  tax_receipt: boolean;
  tax_id: string | null;
  payment_payback: number | null;
  payment_method_id: string | null;
  address_id: string | null;
  payment_card: OrderPaymentCard | null;
  payment_card_details: SealedBox | null;
  table: OrderTable | null;
};

const pick = (v: OrderVariationPick): OrderVariationPick => ({ _id: v._id, item_id: v.item_id, qnt: v.qnt });

/** Checks the payload (arktype) and normalises it; answers arktype's errors when it does not fit. */
export function parseOrderBody(data: unknown): OrderBody | InstanceType<typeof type.errors> {
  const b = OrderBodyShape(data);
  if (b instanceof type.errors) return b;
  return {
    delivery_type: b.delivery_type,
    payment_type: b.payment_type,
    platform: b.platform,
    products: b.products.map((p) => ({ id: p.id, qnt: p.qnt, note: (p.note ?? '').trim(), variations: (p.variations ?? []).map(pick) })),
    order_variations: (b.order_variations ?? []).map(pick),
    note: (b.note ?? '').trim(),
    use_credits: b.use_credits ?? false,
    coupon_id: b.coupon_id ?? null,
    achievement_id: b.achievement_id ?? null,
    scheduled_at: b.scheduled_at ?? null,
    tax_receipt: b.tax_receipt ?? false,
    tax_id: b.tax_id ?? null,
    payment_payback: b.payment_payback ?? null,
    payment_method_id: b.payment_method_id ?? null,
    address_id: b.address_id ?? null,
    payment_card: b.payment_card ? { token_id: b.payment_card.token_id, security_code: b.payment_card.security_code } : null,
    payment_card_details: b.payment_card_details ?? null,
    table: b.table ? { number: b.table.number, key: b.table.key } : null,
  };
}

/**
 * What identifies an order request for its Idempotent-Key (decisions #22): the payload without what
 * is sealed anew at each send (the CVV and the card details: a fresh nonce each time), so a retry of
 * the same order with the CVV typed again is the same request.
 */
export function orderFingerprintPayload(body: OrderBody): Omit<OrderBody, 'payment_card' | 'payment_card_details'> & { payment_card: string | null } {
  const { payment_card, payment_card_details: _details, ...rest } = body;
  return { ...rest, payment_card: payment_card?.token_id ?? null };
}

// The browser builds an OrderBody (islands/checkout/model.ts orderPayload); this line makes the type
// checker prove that every OrderBody passes the shape the server checks, so the two cannot drift.
const _everyOrderBodyFitsTheShape = (body: OrderBody): typeof OrderBodyShape.inferIn => body;
void _everyOrderBodyFitsTheShape;

export const OrderParams = type({ id, orderId: id });

/** The spec's four statuses; the lifecycle's finer steps are inside 'confirmed' (src/domain/order-lifecycle.ts). */
export const ORDER_STATUSES = ['registered', 'confirmed', 'complete', 'canceled'] as const satisfies readonly SpecOrderStatus[];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every key of an OrderView; `fields` keeps a subset (plus `_id`). */
export const ORDER_FIELDS = [
  '_id',
  'order',
  'status',
  'step',
  'created_at',
  'updated_at',
  'delivery_type',
  'payment_type',
  'payment_method',
  'payment_payback',
  'tax_receipt',
  'tax_id',
  'address',
  'scheduled_at',
  'note',
  'items',
  'order_variations',
  'totals',
  'time',
  'cancellation_type',
  'cancellation_reason',
  'completed_at',
  'evaluation',
  'evaluable_until',
  'payment',
  'table',
  'customer',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const ORDER_PAGE_SIZE = 20;
export const ORDER_MAX_LIMIT = 100;

const fieldList = type('string').pipe((s, ctx) => {
  const parts = [
    ...new Set(
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = parts.filter((p) => !(ORDER_FIELDS as readonly string[]).includes(p));
  if (unknown.length) return ctx.error(`a comma list of ${ORDER_FIELDS.join(', ')} (unknown: ${unknown.join(', ')})`);
  return parts as OrderField[];
});

/** GET /establishments/{id}/orders. `status`, `number` and `evaluated` filter (the command line uses them). */
export const OrdersQuery = type({
  'sort?': "'-order' | 'order'",
  'page?': type('string.integer.parse').to('number.integer >= 1'),
  'limit?': type('string.integer.parse').to(`1 <= number.integer <= ${ORDER_MAX_LIMIT}`),
  'fields?': fieldList,
  'status?': type.enumerated(...ORDER_STATUSES),
  'number?': type('string.integer.parse').to('number.integer >= 1'),
  /** 'true': only evaluated orders; 'false': only orders without an evaluation. */
  'evaluated?': type("'true' | 'false'").pipe((s) => s === 'true'),
});
export type OrdersQuery = typeof OrdersQuery.infer;

/** PUT /establishments/{id}/orders/{orderId}/status. */
export const StatusBody = type({
  /** A spec status or one of the kitchen's finer steps (src/domain/order-lifecycle.ts). */
  status: "'confirmed' | 'preparing' | 'ready' | 'dispatched' | 'complete' | 'canceled'",
  cancellation_type: type("'client' | 'establishment'").or('null').default(null),
  cancellation_reason: type('string')
    .pipe((s) => s.trim())
    .to(`string <= ${CANCELLATION_REASON_MAX}`)
    .or('null')
    .default(null),
  '+': 'delete',
});
export type StatusBody = typeof StatusBody.infer;

const rating = `${RATING_MIN} <= number.integer <= ${RATING_MAX}` as const;

/** PUT /establishments/{id}/orders/{orderId}/evaluate: the four ratings, whole stars from 1 to 5. */
export const EvaluationBody = type({
  packing: rating,
  delivery: rating,
  product: rating,
  deadline: rating,
  '+': 'delete',
});
export type EvaluationBody = typeof EvaluationBody.infer;

/** PATCH /orders/{id}/whatsapp-updates. */
export const WhatsAppUpdatesBody = type({ receive_updates_in_whatsapp: 'boolean', '+': 'delete' });
export type WhatsAppUpdatesBody = typeof WhatsAppUpdatesBody.infer;

/** GET /orders/{id}/whatsapp-updates and /amodelivery/whatsapp-bot/{id}/status take one id. */
export const OneIdParams = type({ id });

// ---------------------------------------------------------------- answers

/** POST /establishments/{id}/orders, 201 (and its replays). */
export interface PlaceOrderAnswer {
  _id: string;
  order: OrderView;
}

/** GET /establishments/{id}/orders; with `fields` each order holds only those (and _id). */
export interface OrdersListAnswer<Order = OrderView> {
  orders: Order[];
  page: number;
  limit: number;
  total: number;
}

/** A selected variation entry as the order keeps it: the cart's own entry (src/domain/cart.ts). */
export type OrderVariationEntry = SelectedVariationEntry;

export interface OrderItemView {
  product_id: string;
  name: string;
  image: string | null;
  qnt: number;
  note: string;
  unit_cents: number;
  line_cents: number;
  variations: OrderVariationEntry[];
}

export interface OrderTotalsView {
  subtotal: number;
  order_variations_total: number;
  packing_fee: number;
  delivery_fee: number;
  discount: number;
  credits: number;
  total: number;
}

/** An order's evaluation: the four ratings, their sum and when it was sent. */
export interface EvaluationView extends Ratings {
  total: number;
  evaluated_at: string;
}

/** GET and PATCH /orders/{id}/whatsapp-updates. */
export interface WhatsAppUpdatesAnswer {
  receive_updates_in_whatsapp: boolean;
}

/** GET /amodelivery/whatsapp-bot/{id}/status: whether messages on WhatsApp reach the customers of this establishment. */
export interface WhatsAppBotStatusAnswer {
  connected: boolean;
}

export interface OrderView {
  _id: string;
  /** The establishment's order number: 1, 2, 3... */
  order: number;
  /** The spec's status. */
  status: OrderStatus;
  /** Where the order is in the kitchen: the spec's status or one of its finer steps inside 'confirmed'. */
  step: OrderStep;
  created_at: string;
  updated_at: string;
  delivery_type: 'delivery' | 'pickup' | 'local';
  payment_type: 'online' | 'offline' | 'pix' | 'credits';
  payment_method: { _id: string; name: string; payback: boolean } | null;
  payment_payback: number | null;
  tax_receipt: boolean;
  tax_id: string | null;
  /** The delivery address as it was when the order was placed. */
  address: AddressView | null;
  scheduled_at: string | null;
  note: string;
  items: OrderItemView[];
  order_variations: OrderVariationEntry[];
  totals: OrderTotalsView;
  time: { min: number; max: number };
  /** Who cancelled: the customer, the establishment, or nobody in time ('payment_expired': a Pix not paid before its charge expired). */
  cancellation_type: 'client' | 'establishment' | 'payment_expired' | null;
  cancellation_reason: string | null;
  /** When the order became complete; null before. */
  completed_at: string | null;
  /** The customer's evaluation, null until it is sent. */
  evaluation: EvaluationView | null;
  /** The last instant the customer may still evaluate (7 days after completion); null when the order is not complete or already evaluated. */
  evaluable_until: string | null;
  /** How the order is paid online, and where that payment stands (docs/api.md 'Paying an order'). */
  payment: OrderPaymentView;
  /** The coupon or achievement reward the order used and what it took off (part of totals.discount); null when none. */
  promotion: OrderPromotionView | null;
  /** The kitchen's 15-minute slot the order takes (its first instant; docs/api.md 'Kitchen capacity'); null for an order placed before slots were kept. */
  slot_at: string | null;
  /** The table it was ordered at and the tab it joined (docs/api.md 'Tables'); null for an order not from a table. */
  table: OrderTableView | null;
  /** Only in answers to the establishment (API key): who ordered. */
  customer?: { _id: string; name: string; phone: string };
}

/** An order's payment state: the lifecycle's (src/domain/order-lifecycle.ts PAYMENT_STATES). */
export type OrderPaymentStatus = PaymentState;

/** What an order keeps of its online payment: the card's public part, or the Pix charge's txid. */
export interface OrderPaymentDetails {
  card?: { brand: string; last4: string };
  pix?: { txid: string };
  /** Where the money goes back if the order is cancelled: the card, store credit (the card's refund_type), or the Pix's payer. */
  refund_to?: OrderRefundDestination;
}

export type OrderRefundDestination = 'card' | 'credit' | 'pix';

export type OrderPromotionView =
  | { kind: 'coupon'; _id: string; code: string; discount: number }
  | { kind: 'achievement'; _id: string; name: string; discount: number };

export interface OrderPaymentView {
  status: OrderPaymentStatus;
  card: { brand: string; last4: string } | null;
  pix: { txid: string } | null;
  /** Where the money goes back if the order is cancelled; null for an order paid on delivery or pickup. */
  refund_to: OrderRefundDestination | null;
}
