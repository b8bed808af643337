// Shapes the API answers with (and the pages render from). Amounts are integer centavos.
import type { Address, Availability, DeliveryTypeName, Design, Preferences, ProductVariation, VariationItem } from './catalogue.ts';

export interface CompanyView {
  _id: string;
  slug: string;
  name: string;
  domains?: string[];
}

export interface OfficeHourView {
  _id: string;
  wday: number;
  start_at: number;
  stop_at: number;
}

export interface EstablishmentView {
  _id: string;
  slug_area: string;
  name: string;
  active: boolean;
  /** 'auto' follows office_hours; 'open'/'closed' is a manual override by the establishment. */
  open_mode: 'auto' | 'open' | 'closed';
  time_zone: string;
  kind: 'Restaurant' | 'Store';
  company: CompanyView;
  address: Address;
  design: Design;
  preferences: Preferences;
  office_hours: OfficeHourView[];
  has_free_delivery_tax_after_product_price: boolean;
  hide_phone: boolean;
  /** null when hide_phone is set. */
  phone: string | null;
  has_online_payment: boolean;
  /**
   * The establishment has tables (docs/api.md 'Tables'): consumption on the premises is ordered from
   * a table's QR code only, so the checkout offers 'local' only at a table.
   */
  uses_tables: boolean;
  updated_at: string;
}

export interface EstablishmentSummary {
  _id: string;
  slug_area: string;
  name: string;
  active: boolean;
  address: Address;
  lng_lat: [number, number];
  icon: string | null;
  company: CompanyView;
}

export interface CategoryView {
  _id: string;
  name: string;
  desc: string;
  parent_id: string | null;
  sort: number;
  product_count: number;
  children?: CategoryView[];
}

export interface ProductView {
  _id: string;
  name: string;
  desc: string;
  image: string | null;
  note: string | null;
  price: number;
  normal_price: number | null;
  starting_price: boolean;
  promo: boolean;
  hide_price: boolean;
  category_id: string;
  sort: number;
  delivery_type: DeliveryTypeName[];
  availabilities: Availability[];
  mandatory_schedule: boolean;
  min_schedule_time: number;
  packing_quantity: number;
  accept_scheduling: boolean;
  /** Each item may carry `sold_out: true` (src/domain/cart.ts 'Sold out'). */
  variations: ProductVariation[];
  /** Marked sold out by the establishment: shown with 'Esgotado', not orderable. */
  sold_out: boolean;
}

export interface OrderVariationView {
  _id: string;
  name: string;
  layout: 'check' | 'addremove';
  min: number;
  max: number;
  price: number;
  price_rule: number;
  active: boolean;
  image: string | null;
  items: VariationItem[];
}

// ---------------------------------------------------------------- answers of the calls

/** GET /establishments/{id}: the view with is_open computed now (only `fields` plus the base fields when asked). */
export type EstablishmentAnswer = EstablishmentView & { is_open: boolean };

/** One item of GET /establishments, /apps/{slug} and /domains/{domain} [R-7.5..R-7.9]; distance_meters with lng_lat. */
export type EstablishmentListItem = EstablishmentSummary & { is_open: boolean; distance_meters?: number };

/** GET /establishments/{id}/products; with `fields` each item holds only those (and _id). */
export interface ProductsAnswer<Item = ProductView> {
  items: Item[];
  total: number;
  page: number;
  limit: number;
}

/** GET /datetime: the server clock in the establishment's zone. */
export interface DatetimeAnswer {
  /** Wall clock in the zone, ISO without the zone name, e.g. '2025-01-03T20:00:00.000-03:00'. */
  datetime: string;
  time_zone: string;
  epoch_ms: number;
}
