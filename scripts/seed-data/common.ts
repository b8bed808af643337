// Small builders shared by the demo catalogues, so the data files read like a menu.
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';

export type CategoryIn = CatalogueInput['categories'][number];
export type ProductIn = CategoryIn['products'][number];
export type VariationIn = NonNullable<ProductIn['variations']>[number];
export type ItemIn = VariationIn['items'][number];
export type OrderVariationIn = NonNullable<CatalogueInput['order_variations']>[number];
export type PaymentMethodIn = NonNullable<CatalogueInput['establishment']['preferences']['delivery_payment_methods']>[number];
export type OfficeHourIn = CatalogueInput['establishment']['office_hours'][number];

/** A product: key, name, price in centavos, description, then any other field. */
export function product(_id: string, name: string, price: number, desc: string, extra: Partial<ProductIn> = {}): ProductIn {
  return { _id, name, price, desc, ...extra };
}

/** A promotional product: charged `price`, shown struck through at `normal_price`. */
export function promo(_id: string, name: string, price: number, normal_price: number, desc: string, extra: Partial<ProductIn> = {}): ProductIn {
  return { _id, name, price, normal_price, promo: true, desc, ...extra };
}

/** Variation items from [key, name, price] tuples (price in centavos, may be 0 or negative). */
export function items(...rows: [string, string, number, string?][]): ItemIn[] {
  return rows.map(([_id, name, price, desc]) => (desc ? { _id, name, price, desc } : { _id, name, price }));
}

/** Radio choice: check layout with min 1 max 1. */
export function radio(_id: string, name: string, price_rule: number, list: ItemIn[]): VariationIn {
  return { _id, name, layout: 'check', min: 1, max: 1, price_rule, items: list };
}

/** Checkboxes: check layout, min..max picks. */
export function checks(_id: string, name: string, min: number, max: number, price_rule: number, list: ItemIn[]): VariationIn {
  return { _id, name, layout: 'check', min, max, price_rule, items: list };
}

/** Quantities: addremove layout, min..max units in total. */
export function addremove(_id: string, name: string, min: number, max: number, price_rule: number, list: ItemIn[]): VariationIn {
  return { _id, name, layout: 'addremove', min, max, price_rule, items: list };
}

/** Same hours every day of the week (1 = Sunday ... 7 = Saturday). */
export function everyDay(start_at: number, stop_at: number): OfficeHourIn[] {
  return [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at, stop_at }));
}

/** An availability window on the given week days. */
export function hoursOn(days: number[], start_at: number, stop_at: number) {
  return days.map((wday) => ({ wday, start_at, stop_at }));
}

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
export const WEEKDAYS = [2, 3, 4, 5, 6];

export const DELIVERY_PAYMENTS: PaymentMethodIn[] = [
  { _id: 'dinheiro', name: 'Dinheiro', payback: true },
  { _id: 'debito', name: 'Cartão de débito', payback: false },
  { _id: 'credito', name: 'Cartão de crédito', payback: false },
  { _id: 'pix-entrega', name: 'Pix na entrega', payback: false },
];

export const PICKUP_PAYMENTS: PaymentMethodIn[] = [
  { _id: 'dinheiro', name: 'Dinheiro', payback: true },
  { _id: 'debito', name: 'Cartão de débito', payback: false },
  { _id: 'credito', name: 'Cartão de crédito', payback: false },
  { _id: 'pix', name: 'Pix', payback: false },
];

export const VOUCHER_PAYMENTS: PaymentMethodIn[] = [
  { _id: 'vale-refeicao', name: 'Vale-refeição', payback: false },
  { _id: 'vale-alimentacao', name: 'Vale-alimentação', payback: false },
];
