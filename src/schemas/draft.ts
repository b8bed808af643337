// The order draft (spec section 3 'Order draft'): client state kept in localStorage per
// establishment under `draft:<establishmentId>`. Amounts are integer centavos, times epoch
// milliseconds. `version` lets a later format discard this one: parseDraft answers null for any other
// version, for corrupted data and for anything that does not match, and never throws.
import { type } from 'arktype';
import { lineKey } from '../domain/cart.ts';
import type { CartLine, SelectedVariationEntry } from '../domain/cart.ts';
import type { ProductView } from '../schemas/views.ts';
import { DeliveryTypeName } from './catalogue.ts';

export const DRAFT_VERSION = 1;

const cents = 'number.integer';
const nonNegativeCents = 'number.integer >= 0';

/** A selected variation entry: group _id, item_id, qnt, and the item's name and price when known. */
export const DraftVariation = type({
  _id: 'string',
  item_id: 'string',
  qnt: 'number.integer >= 1',
  'name?': 'string',
  'price?': cents,
});
export type DraftVariation = typeof DraftVariation.infer;

/** One cart line as stored: product id and copy of what the cart shows, quantity 1..999, prices in centavos. */
export const DraftProduct = type({
  id: 'string',
  name: 'string',
  image: 'string | null',
  qnt: '1 <= number.integer <= 999',
  promo: 'boolean',
  packing_quantity: 'number.integer >= 0',
  /** The product's own price (before variations). */
  price: nonNegativeCents,
  /** The price before the promotion, when promo is true. */
  normal_price: `${nonNegativeCents} | null`,
  /** Product price plus the variation groups' amounts. */
  unit_cents: nonNegativeCents,
  /** unit_cents x qnt. */
  line_cents: nonNegativeCents,
  note: 'string',
  delivery_type: DeliveryTypeName.array(),
  tags: 'string[]',
  variations: DraftVariation.array(),
});
export type DraftProduct = typeof DraftProduct.infer;

/** The chosen delivery address (the user's saved address); other keys of the address are kept as they are. */
export const DraftAddress = type({
  _id: 'string',
  street: 'string',
  number: 'string | null',
  complement: 'string | null',
  'ref?': 'string | null',
  neighborhood: 'string',
  city: 'string',
  state: 'string',
  'lng_lat?': ['number', 'number'],
});
export type DraftAddress = typeof DraftAddress.infer;

export const DraftPaymentMethod = type({
  _id: 'string',
  name: 'string',
  payback: 'boolean',
});
export type DraftPaymentMethod = typeof DraftPaymentMethod.infer;

/**
 * The chosen saved card: only what identifies and shows it. Any other key (a card number, a CVV) is
 * dropped when the draft is read back, so it can never linger in storage (decisions: 'Card data').
 */
export const DraftPaymentCard = type({
  '+': 'delete',
  _id: 'string',
  'token_id?': 'string',
  'display_number?': 'string',
  'brand?': 'string',
  'holder?': 'string',
  'due_month?': 'number.integer',
  'due_year?': 'number.integer',
});
export type DraftPaymentCard = typeof DraftPaymentCard.infer;

export const DraftCoupon = type({
  _id: 'string',
  code: 'string',
  discount_type: "'fixed' | 'percentage'",
  /** Centavos when fixed, percent when percentage. */
  value: 'number >= 0',
  min_total_products: nonNegativeCents,
  /** 0 = no maximum. */
  max_total_products: nonNegativeCents,
});
export type DraftCoupon = typeof DraftCoupon.infer;

export const DraftAchievement = type({
  _id: 'string',
  name: 'string',
  reward_type: "'percentage' | 'fixed' | 'free_delivery'",
  /** Centavos when fixed, percent when percentage, 0 for free delivery. */
  reward_value: 'number >= 0',
});
export type DraftAchievement = typeof DraftAchievement.infer;

/** Tax receipt: status true with an empty document when ticked; the document once a valid one is typed. */
export const DraftInvoice = type({
  status: 'boolean',
  document: 'string',
});
export type DraftInvoice = typeof DraftInvoice.infer;

export const Draft = type({
  version: '1',
  products: DraftProduct.array(),
  /** Selected entries of the establishment's order-level variations. */
  order_variations: DraftVariation.array(),
  delivery_type: "'delivery' | 'pickup' | 'local' | null",
  delivery_address: DraftAddress.or('null'),
  /** Delivery fee in centavos; null until computed for the chosen address. */
  delivery_tax: `${nonNegativeCents} | null`,
  /** Estimated preparation/delivery time in minutes for the chosen type. */
  delivery_time: type({ min: 'number.integer >= 0', max: 'number.integer >= 0' }).or('null'),
  /** ISO instant of the scheduled time. */
  scheduled_at: 'string | null',
  /** The chosen day, YYYY-MM-DD in the establishment's time zone. */
  scheduling_date: type(/^\d{4}-\d{2}-\d{2}$/).or('null'),
  note: 'string',
  payment_type: "'online' | 'offline' | 'pix' | 'credits' | null",
  payment_method: DraftPaymentMethod.or('null'),
  payment_card: DraftPaymentCard.or('null'),
  payment_card_document: 'string | null',
  /** Cash to change, in centavos; null when no change is needed. */
  change: `${nonNegativeCents} | null`,
  coupon: DraftCoupon.or('null'),
  achievement: DraftAchievement.or('null'),
  /** Credits to use, in centavos. */
  credits: nonNegativeCents,
  invoice: DraftInvoice,
  /** The instant (epoch ms) the availability rules were last evaluated at; null before. */
  currentTime: 'number | null',
  /** Creation time, epoch ms: the draft expires 59 minutes after it. */
  created_at: 'number.integer >= 0',
  /** Sent with the order; renewed whenever the order-relevant content changes (decisions #22). */
  idempotent_key: 'string >= 1',
  was_evaluation: 'boolean',
});
export type Draft = typeof Draft.infer;

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
    const out = Draft(value);
    if (out instanceof type.errors) return null;
    if (out.products.some((p) => p.line_cents !== p.unit_cents * p.qnt)) return null;
    return out;
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
