// The order draft (spec section 3 'Order draft'): client state kept in localStorage per
// establishment under `draft:<establishmentId>`. Amounts are integer centavos, times epoch
// milliseconds. `version` lets a later format discard this one: parseDraft answers null for any other
// version, for corrupted data and for anything that does not match, and never throws.
//
// The shape is checked by hand here, not with an arktype schema as the wire payloads are: this module
// is on the path of the first tap of a visit (the cart store reads the stored draft), and arktype's
// own start-up cost a slow phone about 700 ms of main thread there (4x CPU, docs/benchmarks.md 'Cart
// speed') for a 44 KB (brotli) chunk. tests/unit/draft-schema.test.ts keeps the arktype schema this
// replaced and checks that both answer alike on valid drafts and on every kind of damage.
import { lineKey } from '../domain/cart.ts';
import type { CartLine, SelectedVariationEntry } from '../domain/cart.ts';
import type { DeliveryTypeName } from './catalogue.ts';
import type { ProductView } from './views.ts';
import type { CouponView } from './api-promotions.ts';

export const DRAFT_VERSION = 1;

/** A selected variation entry: group _id, item_id, qnt, and the item's name and price (centavos) when known. */
export type DraftVariation = {
  _id: string;
  item_id: string;
  /** At least 1. */
  qnt: number;
  name?: string;
  price?: number;
};

/** One cart line as stored: product id and copy of what the cart shows, quantity 1..999, prices in centavos. */
export type DraftProduct = {
  id: string;
  name: string;
  image: string | null;
  qnt: number;
  promo: boolean;
  packing_quantity: number;
  /** The product's own price (before variations). */
  price: number;
  /** The price before the promotion, when promo is true. */
  normal_price: number | null;
  /** Product price plus the variation groups' amounts. */
  unit_cents: number;
  /** unit_cents x qnt. */
  line_cents: number;
  note: string;
  delivery_type: DeliveryTypeName[];
  tags: string[];
  variations: DraftVariation[];
};

/** The chosen delivery address (the user's saved address); other keys of the address are kept as they are. */
export type DraftAddress = {
  _id: string;
  street: string;
  number: string | null;
  complement: string | null;
  ref?: string | null;
  neighborhood: string;
  city: string;
  state: string;
  lng_lat?: [number, number];
};

export type DraftPaymentMethod = {
  _id: string;
  name: string;
  payback: boolean;
};

/**
 * The chosen saved card: only what identifies and shows it. Any other key (a card number, a CVV) is
 * dropped when the draft is read back, so it can never linger in storage (decisions: 'Card data').
 */
export type DraftPaymentCard = {
  _id: string;
  token_id?: string;
  display_number?: string;
  brand?: string;
  holder?: string;
  due_month?: number;
  due_year?: number;
};

/** What the checkout keeps of a coupon the server accepted: what its price and its warnings need. */
export type DraftCoupon = Pick<CouponView, '_id' | 'code' | 'discount_type' | 'value' | 'min_total_products' | 'max_total_products'>;

export type DraftAchievement = {
  _id: string;
  name: string;
  reward_type: 'percentage' | 'fixed' | 'free_delivery';
  /** Centavos when fixed, percent when percentage, 0 for free delivery. */
  reward_value: number;
};

/** Tax receipt: status true with an empty document when ticked; the document once a valid one is typed. */
export type DraftInvoice = {
  status: boolean;
  document: string;
};

export type Draft = {
  version: 1;
  products: DraftProduct[];
  /** Selected entries of the establishment's order-level variations. */
  order_variations: DraftVariation[];
  delivery_type: 'delivery' | 'pickup' | 'local' | null;
  delivery_address: DraftAddress | null;
  /** Delivery fee in centavos; null until computed for the chosen address. */
  delivery_tax: number | null;
  /** Estimated preparation/delivery time in minutes for the chosen type. */
  delivery_time: { min: number; max: number } | null;
  /** ISO instant of the scheduled time. */
  scheduled_at: string | null;
  /** The chosen day, YYYY-MM-DD in the establishment's time zone. */
  scheduling_date: string | null;
  note: string;
  payment_type: 'online' | 'offline' | 'pix' | 'credits' | null;
  payment_method: DraftPaymentMethod | null;
  payment_card: DraftPaymentCard | null;
  payment_card_document: string | null;
  /** Cash to change, in centavos; null when no change is needed. */
  change: number | null;
  coupon: DraftCoupon | null;
  achievement: DraftAchievement | null;
  /** Credits to use, in centavos. */
  credits: number;
  invoice: DraftInvoice;
  /** The instant (epoch ms) the availability rules were last evaluated at; null before. */
  currentTime: number | null;
  /** Creation time, epoch ms: the draft expires 59 minutes after it. */
  created_at: number;
  /** Sent with the order; renewed whenever the order-relevant content changes (decisions #22). */
  idempotent_key: string;
  was_evaluation: boolean;
};

// ---- The shape check ----------------------------------------------------------------------

/** Whether a value read from storage has the expected form. */
type Check = (value: unknown) => boolean;

const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
const isNumber: Check = (v) => typeof v === 'number' && !Number.isNaN(v);
const cents: Check = (v) => Number.isInteger(v);
const nonNegativeCents: Check = (v) => Number.isInteger(v) && (v as number) >= 0;
const nonNegativeNumber: Check = (v) => isNumber(v) && (v as number) >= 0;
const integerIn =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v);
const orNull =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every element, holes included (a sparse array's hole is undefined, which no element check accepts). */
const arrayOf =
  (check: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;
    return true;
  };

/** An object with these keys (optional ones may be absent, not undefined); keys not named are allowed and kept. */
const record =
  (required: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
  (v) => {
    if (!isRecord(v)) return false;
    for (const key in required) if (!required[key]!(v[key])) return false;
    for (const key in optional) if (key in v && !optional[key]!(v[key])) return false;
    return true;
  };

const draftVariation = record({ _id: isString, item_id: isString, qnt: integerIn(1, Number.POSITIVE_INFINITY) }, { name: isString, price: cents });

const draftProduct = record({
  id: isString,
  name: isString,
  image: orNull(isString),
  qnt: integerIn(1, 999),
  promo: isBoolean,
  packing_quantity: nonNegativeCents,
  price: nonNegativeCents,
  normal_price: orNull(nonNegativeCents),
  unit_cents: nonNegativeCents,
  line_cents: nonNegativeCents,
  note: isString,
  delivery_type: arrayOf(oneOf('delivery', 'pickup', 'local')),
  tags: arrayOf(isString),
  variations: arrayOf(draftVariation),
});

const draftAddress = record(
  { _id: isString, street: isString, number: orNull(isString), complement: orNull(isString), neighborhood: isString, city: isString, state: isString },
  { ref: orNull(isString), lng_lat: (v) => Array.isArray(v) && v.length === 2 && isNumber(v[0]) && isNumber(v[1]) },
);

const CARD_KEYS = {
  token_id: isString,
  display_number: isString,
  brand: isString,
  holder: isString,
  due_month: cents,
  due_year: cents,
} satisfies Partial<Record<keyof DraftPaymentCard, Check>>;
const draftPaymentCard = record({ _id: isString }, CARD_KEYS);

const isDraft = record({
  version: oneOf(DRAFT_VERSION),
  products: arrayOf(draftProduct),
  order_variations: arrayOf(draftVariation),
  delivery_type: oneOf('delivery', 'pickup', 'local', null),
  delivery_address: orNull(draftAddress),
  delivery_tax: orNull(nonNegativeCents),
  delivery_time: orNull(record({ min: nonNegativeCents, max: nonNegativeCents })),
  scheduled_at: orNull(isString),
  scheduling_date: orNull((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)),
  note: isString,
  payment_type: oneOf('online', 'offline', 'pix', 'credits', null),
  payment_method: orNull(record({ _id: isString, name: isString, payback: isBoolean })),
  payment_card: orNull(draftPaymentCard),
  payment_card_document: orNull(isString),
  change: orNull(nonNegativeCents),
  coupon: orNull(
    record({
      _id: isString,
      code: isString,
      discount_type: oneOf('fixed', 'percentage'),
      value: nonNegativeNumber,
      min_total_products: nonNegativeCents,
      max_total_products: nonNegativeCents,
    }),
  ),
  achievement: orNull(record({ _id: isString, name: isString, reward_type: oneOf('percentage', 'fixed', 'free_delivery'), reward_value: nonNegativeNumber })),
  credits: nonNegativeCents,
  invoice: record({ status: isBoolean, document: isString }),
  currentTime: orNull(isNumber),
  created_at: nonNegativeCents,
  idempotent_key: (v) => typeof v === 'string' && v.length >= 1,
  was_evaluation: isBoolean,
});

/** The card with only the keys that identify and show it (a new object: the stored value is not changed). */
function cardOnly(card: DraftPaymentCard): DraftPaymentCard {
  const kept: DraftPaymentCard = { _id: card._id };
  for (const key of Object.keys(CARD_KEYS) as (keyof typeof CARD_KEYS)[]) {
    if (key in card) (kept as unknown as Record<string, unknown>)[key] = card[key];
  }
  return kept;
}

/**
 * A draft with every field reset: no products, nothing chosen.
 * Example: `emptyDraft(1_700_000_000_000, 'k1').products` is `[]`
 */
export function emptyDraft(now: number, key: string): Draft {
  return {
    version: 1,
    products: [],
    order_variations: [],
    delivery_type: null,
    delivery_address: null,
    delivery_tax: null,
    delivery_time: null,
    scheduled_at: null,
    scheduling_date: null,
    note: '',
    payment_type: null,
    payment_method: null,
    payment_card: null,
    payment_card_document: null,
    change: null,
    coupon: null,
    achievement: null,
    credits: 0,
    invoice: { status: false, document: '' },
    currentTime: null,
    created_at: now,
    idempotent_key: key,
    was_evaluation: false,
  };
}

/**
 * Reads a stored draft (the JSON text or its parsed value): null when it is not valid JSON, not a
 * draft of this version, or a line's total is not unit x quantity. Never throws.
 * Example: `parseDraft('{oops') === null`, `parseDraft({ ...draft, version: 0 }) === null`
 */
export function parseDraft(json: unknown): Draft | null {
  try {
    const value = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
    if (!isDraft(value)) return null;
    const draft = value as Draft;
    if (draft.products.some((p) => p.line_cents !== p.unit_cents * p.qnt)) return null;
    return draft.payment_card ? { ...draft, payment_card: cardOnly(draft.payment_card) } : draft;
  } catch {
    return null;
  }
}

// ---- Lines <-> stored products ----------------------------------------------------------

/**
 * The cart line a stored product shows as; its line_id is recomputed from id, picks and note.
 * Example: `lineFromDraftProduct(p).picks` is `p.variations` as `{ variation_id, item_id, qnt }`
 */
export function lineFromDraftProduct(p: DraftProduct): CartLine {
  const picks = p.variations.map((v) => ({ variation_id: v._id, item_id: v.item_id, qnt: v.qnt }));
  return {
    line_id: lineKey(p.id, picks, p.note),
    product_id: p.id,
    name: p.name,
    image: p.image,
    qnt: p.qnt,
    note: p.note,
    picks,
    unit_cents: p.unit_cents,
    line_cents: p.line_cents,
    promo: p.promo,
    packing_quantity: p.packing_quantity,
    delivery_type: [...p.delivery_type],
    tags: [...p.tags],
  };
}

/** The cart lines of a draft, in order. Example: `draftLines(emptyDraft(0, 'k'))` is `[]` */
export function draftLines(draft: Draft): CartLine[] {
  return draft.products.map(lineFromDraftProduct);
}

/**
 * How a line is stored, with the product's price fields and the picks' entries (name and price
 * from `entries` when given, e.g. selectedEntries(product, line.picks)).
 * Example: `draftProductFromLine(line, product).id === line.product_id`
 */
export function draftProductFromLine(
  line: CartLine,
  product?: Pick<ProductView, 'price' | 'normal_price'>,
  entries: readonly SelectedVariationEntry[] = [],
): DraftProduct {
  const known = new Map(entries.map((e) => [`${e._id}\u0000${e.item_id}`, e]));
  return {
    id: line.product_id,
    name: line.name,
    image: line.image,
    qnt: line.qnt,
    promo: line.promo,
    packing_quantity: line.packing_quantity,
    price: product?.price ?? line.unit_cents,
    normal_price: product?.normal_price ?? null,
    unit_cents: line.unit_cents,
    line_cents: line.line_cents,
    note: line.note,
    delivery_type: [...line.delivery_type],
    tags: [...line.tags],
    variations: line.picks.map((p) => {
      const entry = known.get(`${p.variation_id}\u0000${p.item_id}`);
      return entry
        ? { _id: p.variation_id, item_id: p.item_id, qnt: p.qnt, name: entry.name, price: entry.price }
        : { _id: p.variation_id, item_id: p.item_id, qnt: p.qnt };
    }),
  };
}
