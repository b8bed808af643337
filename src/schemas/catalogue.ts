// The catalogue exchange format: what `npm run catalogue:import -- FILE.json` reads and what the
// demo seed is written in. One file holds one establishment (with its company) and its whole
// catalogue. Every amount is integer centavos. docs/catalogue-format.md describes each field.
import { type } from 'arktype';
import { ACHIEVEMENT_GOAL_TYPES, ACHIEVEMENT_REWARD_TYPES } from '../domain/achievement.ts';
import { isSafeTenantUrl } from '../domain/tenant-url.ts';
import { AnalyticsIds } from './analytics.ts';
import { DEFAULT_TIME_ZONE } from '../domain/week-clock.ts';
import { SLOT_CAPACITY_MAX } from '../domain/slot-capacity.ts';

const cents = 'number.integer';
const nonNegativeCents = 'number.integer >= 0';
const hhmm = '0 <= number.integer <= 2400';
const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const key = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const colour = /^#[0-9a-fA-F]{6}$/;
/** Every URL an establishment gives: https, http, mailto, tel or a path of this site (src/domain/tenant-url.ts). */
const tenantUrl = type('string <= 500').narrow(
  (url, ctx) => isSafeTenantUrl(url) || ctx.mustBe('an https, http, mailto or tel URL, or a path of this site starting with a single /'),
);

export const DeliveryTypeName = type("'delivery' | 'pickup' | 'local'");
export type DeliveryTypeName = typeof DeliveryTypeName.infer;

export const OfficeHour = type({
  wday: '1 <= number.integer <= 7',
  start_at: hhmm,
  stop_at: hhmm,
});
export type OfficeHour = typeof OfficeHour.infer;

export const Availability = type({
  wday: '1 <= number.integer <= 7',
  start_at: hhmm,
  stop_at: hhmm,
});
export type Availability = typeof Availability.infer;

export const Address = type({
  street: 'string <= 200',
  number: 'string <= 20',
  'complement?': 'string <= 200',
  neighborhood: 'string <= 120',
  city: 'string <= 120',
  state: /^[A-Z]{2}$/,
  'zip?': /^\d{5}-?\d{3}$/,
  lng_lat: ['-180 <= number <= 180', '-90 <= number <= 90'],
});
export type Address = typeof Address.infer;

export const Design = type({
  'icon?': tenantUrl,
  /** The home's cover picture (URL or path) and its alternative text. */
  'cover?': tenantUrl,
  'cover_alt?': 'string <= 200',
  theme: "'light' | 'dark' = 'light'",
  navbarcolor: colour,
  primary: colour,
  darkprimary: colour,
  primaryinverse: colour,
});
export type Design = typeof Design.infer;

export const PaymentMethod = type({
  _id: key,
  name: 'string <= 60',
  payback: 'boolean = false',
});
export type PaymentMethod = typeof PaymentMethod.infer;

export const DeliveryBand = type({
  up_to_meters: 'number.integer > 0',
  price: nonNegativeCents,
});

/**
 * Kitchen capacity: the most orders of each delivery type in one 15-minute slot of the wall clock
 * (src/domain/slot-capacity.ts); a type absent takes any number.
 */
export const SlotCapacitySettings = type({
  'delivery?': `1 <= number.integer <= ${SLOT_CAPACITY_MAX}`,
  'pickup?': `1 <= number.integer <= ${SLOT_CAPACITY_MAX}`,
  'local?': `1 <= number.integer <= ${SLOT_CAPACITY_MAX}`,
});
export type SlotCapacitySettings = typeof SlotCapacitySettings.infer;

export const Preferences = type({
  title: 'string <= 120',
  desc: 'string <= 2000',
  'phone_order_details?': 'string <= 40',
  unavailable: 'boolean = false',
  'unavailable_title?': 'string <= 120',
  'unavailable_desc?': 'string <= 1000',
  min_order: `${nonNegativeCents} = 0`,
  use_packing_fee: 'boolean = false',
  use_packing_fee_products: 'boolean = false',
  packing_price: `${nonNegativeCents} = 0`,
  has_pickup_discount: 'boolean = false',
  pickup_discount_type: "'fixed' | 'percentage' = 'fixed'",
  pickup_discount_value: 'number.integer >= 0 = 0',
  has_online_payment: 'boolean = false',
  has_delivery_payment: 'boolean = true',
  has_pix_payment: 'boolean = false',
  has_pickup_payment: 'boolean = true',
  tax_receipt: "false | 'required' | 'optional' = false",
  delivery_type: DeliveryTypeName.array().atLeastLength(1),
  delivery_radius: 'number.integer > 0 = 5000',
  delivery_bands: DeliveryBand.array().default(() => []),
  min_delivery_time: 'number.integer >= 0 = 30',
  max_delivery_time: 'number.integer >= 0 = 60',
  min_pickup_time: 'number.integer >= 0 = 15',
  max_pickup_time: 'number.integer >= 0 = 30',
  pickup_payment_methods: PaymentMethod.array().default(() => []),
  delivery_payment_methods: PaymentMethod.array().default(() => []),
  online_payment_methods: PaymentMethod.array().default(() => []),
  free_delivery_tax_after_product_price: `${nonNegativeCents} = 0`,
  max_days_scheduling: '0 <= number.integer <= 60 = 0',
  use_gamification: 'boolean = false',
  use_discount_coupon: 'boolean = false',
  /** Centavos of store credit each side of a referral gets once the new customer's first order is complete; 0 = no referral programme. */
  'referral_credit?': nonNegativeCents,
  /** Where a card validation's micro-charge goes back: to the card (when unset), or as the customer's store credit. */
  'card_verification_refund?': "'card' | 'credit'",
  /** The micro-charge's bounds, centavos (decisions #15: R$ 0,01 to R$ 5,00 when unset). */
  'card_verification_min_value?': '1 <= number.integer <= 10000',
  'card_verification_max_value?': '1 <= number.integer <= 10000',
  'apple_itunes_app_id?': 'string <= 40',
  'google_play_app_id?': 'string <= 120',
  'facebook_domain_verification_code?': 'string <= 120',
  'terms_url?': tenantUrl,
  'privacy_url?': tenantUrl,
  /** Orders per 15-minute slot and delivery type (docs/api.md 'Kitchen capacity'); absent = no cap. */
  'slot_capacity?': SlotCapacitySettings,
  /** The establishment's own analytics, loaded only after the customer's consent (./analytics.ts). */
  ...AnalyticsIds,
});
export type Preferences = typeof Preferences.infer;

export const VariationItem = type({
  _id: key,
  name: 'string <= 120',
  'desc?': 'string <= 500',
  price: cents,
  'image?': tenantUrl,
  'item_preffix?': 'string <= 20',
  /** How many of the item are picked when the customer opens the product (e.g. a half-and-half pizza's own flavour); 0 by default. */
  'qnt?': '0 <= number.integer <= 999',
  /** Marked sold out by the establishment (a product's variation items only): shown, not pickable; absent = on sale. */
  'sold_out?': 'boolean',
});
export type VariationItem = typeof VariationItem.infer;

/** A product variation group (e.g. 'Tamanho', 'Sabores'); price_rule is decisions.md groups 1-7. */
export const ProductVariation = type({
  _id: key,
  name: 'string <= 120',
  layout: "'check' | 'addremove'",
  min: 'number.integer >= 0',
  max: 'number.integer >= 1',
  price_rule: '1 <= number.integer <= 7',
  items: VariationItem.array().atLeastLength(1),
});
export type ProductVariation = typeof ProductVariation.infer;

export const OrderVariation = type({
  _id: key,
  name: 'string <= 120',
  layout: "'check' | 'addremove'",
  min: 'number.integer >= 0',
  max: 'number.integer >= 1',
  price: `${nonNegativeCents} = 0`,
  price_rule: '1 <= number.integer <= 7 = 1',
  active: 'boolean = true',
  'image?': tenantUrl,
  items: VariationItem.array().atLeastLength(1),
});
export type OrderVariation = typeof OrderVariation.infer;

export const Product = type({
  _id: key,
  name: '0 < string <= 160',
  desc: 'string <= 2000 = ""',
  'image?': tenantUrl,
  'note?': 'string <= 200',
  /** Price charged now (the promotional one when promo is true). */
  price: nonNegativeCents,
  /** Price before the promotion; shown struck through when promo is true. */
  'normal_price?': nonNegativeCents,
  starting_price: 'boolean = false',
  promo: 'boolean = false',
  hide_price: 'boolean = false',
  delivery_type: DeliveryTypeName.array().default(() => ['delivery', 'pickup']),
  availabilities: Availability.array().default(() => []),
  mandatory_schedule: 'boolean = false',
  min_schedule_time: 'number.integer >= 0 = 0',
  packing_quantity: 'number.integer >= 0 = 0',
  accept_scheduling: 'boolean = true',
  variations: ProductVariation.array().default(() => []),
  /** Marked sold out by the establishment: shown with 'Esgotado', not orderable (docs/api.md 'Sold out'). */
  sold_out: 'boolean = false',
});
export type Product = typeof Product.infer;

export const Category = type({
  _id: key,
  name: '0 < string <= 120',
  'desc?': 'string <= 500',
  'parent?': key,
  products: Product.array(),
});
export type Category = typeof Category.infer;

/**
 * A discount coupon: fixed (`value` centavos) or percentage (`value` percent, 1-100) on the
 * products not already discounted. `starts_at` / `ends_at` are dates (whole days in the
 * establishment's time zone) or date-times with their offset; `total_uses` absent = no limit.
 */
export const Coupon = type({
  _id: key,
  code: /^[A-Za-z0-9 _-]{1,40}$/,
  discount_type: "'fixed' | 'percentage'",
  value: 'number.integer > 0',
  min_total_products: `${nonNegativeCents} = 0`,
  max_total_products: `${nonNegativeCents} = 0`,
  description: 'string <= 200 = ""',
  'starts_at?': 'string <= 40',
  'ends_at?': 'string <= 40',
  'total_uses?': 'number.integer >= 1',
  uses_per_customer: 'number.integer >= 1 = 1',
  active: 'boolean = true',
});
export type Coupon = typeof Coupon.infer;

/**
 * An achievement [R-3.41..R-3.43]: a goal (`goal_value` centavos for spend_* goals, orders for the
 * count goals) reached by the customer's completed orders, and the reward it unlocks once.
 */
export const Achievement = type({
  _id: key,
  name: '0 < string <= 120',
  goal_description: 'string <= 300 = ""',
  goal_type: type.enumerated(...ACHIEVEMENT_GOAL_TYPES),
  goal_value: 'number.integer > 0',
  reward_type: type.enumerated(...ACHIEVEMENT_REWARD_TYPES),
  reward_value: 'number.integer >= 0 = 0',
  reward_description: 'string <= 300 = ""',
  active: 'boolean = true',
});
export type Achievement = typeof Achievement.infer;

export const Catalogue = type({
  company: {
    slug,
    name: '0 < string <= 120',
    'domains?': type(/^[a-z0-9.-]+$/).array(),
  },
  establishment: {
    slug,
    name: '0 < string <= 120',
    active: 'boolean = true',
    is_open: "'auto' | 'open' | 'closed' = 'auto'",
    time_zone: ['string', '=', DEFAULT_TIME_ZONE],
    kind: "'Restaurant' | 'Store' = 'Restaurant'",
    phone: /^\d{10,11}$/,
    hide_phone: 'boolean = false',
    has_free_delivery_tax_after_product_price: 'boolean = false',
    address: Address,
    design: Design,
    preferences: Preferences,
    office_hours: OfficeHour.array(),
  },
  categories: Category.array().atLeastLength(1),
  order_variations: OrderVariation.array().default(() => []),
  coupons: Coupon.array().default(() => []),
  achievements: Achievement.array().default(() => []),
});
export type Catalogue = typeof Catalogue.infer;
export type CatalogueInput = typeof Catalogue.inferIn;
