// Catalogues, users and payloads for the order tests (tests/api/orders*.test.ts, idempotency.test.ts).
//
// Company 'cantina' (all in São Paulo, America/Sao_Paulo):
//   cantina-centro   auto, every day 11:00-23:00, schedules up to 3 days ahead, radius 3000 m with
//                    bands up to 1000 m R$ 5,00 and up to 3000 m R$ 8,00, free delivery from R$ 100,00,
//                    min order R$ 20,00, packing R$ 0,50 per packing unit, pickup discount 10 %,
//                    tax receipt optional, pay on delivery (Dinheiro with change, Crédito) or on
//                    pickup (Dinheiro, Pix); order variation 'Talheres' required (1).
//   cantina-24h      manual 'open' without hours (takes orders at any real time; the tests that run
//                    real server processes use it), no minimum, no required order variation.
//   cantina-reforma  preferences.unavailable.
import { loadCatalogue } from './fixtures.ts';
import type { CatalogueInput } from '../../../src/schemas/catalogue.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { randomId, stableId } from '../../../src/server/db/ids.ts';

export const estId = (slug: string) => stableId('establishment', slug);
export const productId = (estSlug: string, key: string) => stableId('product', estSlug, key);
export const orderVariationId = (estSlug: string, key: string) => stableId('order-variation', estSlug, key);

const design = { theme: 'light', navbarcolor: '#b71c1c', primary: '#d32f2f', darkprimary: '#9a0007', primaryinverse: '#ffffff' } as const;
const company = { slug: 'cantina', name: 'Cantina' };
const everyDay = (start_at: number, stop_at: number) => [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at, stop_at }));

/** The establishment's position; addresses are placed east of it. */
export const CANTINA_LNG_LAT: [number, number] = [-46.6333, -23.5505];
/** About 510 m east (first band: R$ 5,00). */
export const NEAR: [number, number] = [-46.6283, -23.5505];
/** About 2 km east (second band: R$ 8,00). */
export const MIDDLE: [number, number] = [-46.6137, -23.5505];
/** About 4.1 km east: outside the 3000 m radius. */
export const FAR: [number, number] = [-46.5933, -23.5505];

const products = [
  {
    _id: 'margherita',
    name: 'Margherita',
    price: 4000,
    packing_quantity: 1,
    variations: [
      {
        _id: 'tamanho',
        name: 'Tamanho',
        layout: 'check',
        min: 1,
        max: 1,
        price_rule: 4,
        items: [
          { _id: 'media', name: 'Média', price: 0 },
          { _id: 'grande', name: 'Grande', price: 1000 },
        ],
      },
      {
        _id: 'extras',
        name: 'Extras',
        layout: 'addremove',
        min: 0,
        max: 3,
        price_rule: 1,
        items: [
          { _id: 'bacon', name: 'Bacon', price: 500 },
          { _id: 'azeitona', name: 'Azeitona', price: 300 },
        ],
      },
    ],
  },
  { _id: 'calabresa', name: 'Calabresa', price: 3500, normal_price: 4000, promo: true, packing_quantity: 1 },
  { _id: 'refrigerante', name: 'Refrigerante Lata', price: 600 },
  { _id: 'chopp', name: 'Chopp', price: 1500, delivery_type: ['pickup'] },
  // Lunch only, Monday to Friday 11:00-15:00.
  { _id: 'almoco', name: 'Prato do dia', price: 2500, availabilities: [2, 3, 4, 5, 6].map((wday) => ({ wday, start_at: 1100, stop_at: 1500 })) },
  { _id: 'bolo', name: 'Bolo de encomenda', price: 9000, mandatory_schedule: true, min_schedule_time: 2 },
] satisfies CatalogueInput['categories'][number]['products'];

export const CANTINA_CENTRO: CatalogueInput = {
  company,
  establishment: {
    slug: 'cantina-centro',
    name: 'Cantina Centro',
    phone: '11987650000',
    has_free_delivery_tax_after_product_price: true,
    address: { street: 'Rua Direita', number: '10', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: CANTINA_LNG_LAT },
    design,
    preferences: {
      title: 'Cantina',
      desc: 'Massas e pizzas',
      min_order: 2000,
      use_packing_fee: true,
      use_packing_fee_products: true,
      packing_price: 50,
      has_pickup_discount: true,
      pickup_discount_type: 'percentage',
      pickup_discount_value: 10,
      has_delivery_payment: true,
      has_pickup_payment: true,
      tax_receipt: 'optional',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 3000,
      delivery_bands: [
        { up_to_meters: 1000, price: 500 },
        { up_to_meters: 3000, price: 800 },
      ],
      min_delivery_time: 30,
      max_delivery_time: 60,
      min_pickup_time: 15,
      max_pickup_time: 30,
      delivery_payment_methods: [
        { _id: 'dinheiro', name: 'Dinheiro', payback: true },
        { _id: 'credito', name: 'Cartão de crédito', payback: false },
      ],
      pickup_payment_methods: [
        { _id: 'dinheiro', name: 'Dinheiro', payback: true },
        { _id: 'pix', name: 'Pix', payback: false },
      ],
      free_delivery_tax_after_product_price: 10000,
      max_days_scheduling: 3,
    },
    office_hours: everyDay(1100, 2300),
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products }],
  order_variations: [
    {
      _id: 'talheres',
      name: 'Talheres',
      layout: 'check',
      min: 1,
      max: 1,
      items: [
        { _id: 'sim', name: 'Sim', price: 0 },
        { _id: 'nao', name: 'Não', price: 0 },
      ],
    },
    { _id: 'embalagem', name: 'Embalagem de presente', layout: 'addremove', min: 0, max: 2, items: [{ _id: 'caixa', name: 'Caixa', price: 200 }] },
    { _id: 'antiga', name: 'Desativada', layout: 'check', min: 1, max: 1, active: false, items: [{ _id: 'x', name: 'X', price: 100 }] },
  ],
};

export const CANTINA_24H: CatalogueInput = {
  company,
  establishment: {
    slug: 'cantina-24h',
    name: 'Cantina 24 horas',
    is_open: 'open',
    phone: '11987650001',
    address: { street: 'Rua Direita', number: '20', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: CANTINA_LNG_LAT },
    design,
    preferences: {
      title: 'Cantina 24 h',
      desc: '',
      delivery_type: ['delivery', 'pickup'],
      delivery_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
    },
    office_hours: [],
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'refrigerante', name: 'Refrigerante Lata', price: 600 }] }],
};

export const CANTINA_REFORMA: CatalogueInput = {
  company,
  establishment: {
    slug: 'cantina-reforma',
    name: 'Cantina em reforma',
    is_open: 'open',
    phone: '11987650002',
    address: { street: 'Rua Direita', number: '30', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: CANTINA_LNG_LAT },
    design,
    preferences: {
      title: 'Em reforma',
      desc: '',
      unavailable: true,
      delivery_type: ['pickup'],
      pickup_payment_methods: [{ _id: 'dinheiro', name: 'Dinheiro', payback: true }],
    },
    office_hours: [],
  },
  categories: [{ _id: 'cardapio', name: 'Cardápio', products: [{ _id: 'refrigerante', name: 'Refrigerante Lata', price: 600 }] }],
};

export async function loadOrderFixtures(db: Database): Promise<void> {
  for (const c of [CANTINA_CENTRO, CANTINA_24H, CANTINA_REFORMA]) await loadCatalogue(db, c);
}

/** Saves an address for the user straight in the table (the address API is tested on its own). */
export async function saveAddress(db: Database, userId: string, lngLat: readonly [number, number], street = 'Rua das Flores'): Promise<string> {
  const id = randomId();
  await db
    .insertInto('addresses')
    .values({
      id,
      user_id: userId,
      street,
      number: '120',
      complement: null,
      ref: 'Perto da praça',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      place: 'house',
      lng: lngLat[0],
      lat: lngLat[1],
      created_at: new Date('2025-01-01T00:00:00Z').toISOString(),
    })
    .execute();
  return id;
}

const C = 'cantina-centro';
/** Required order-level pick of cantina-centro ('Talheres': 'Sim'). */
export const TALHERES_SIM = { _id: orderVariationId(C, 'talheres'), item_id: 'sim', qnt: 1 };

/**
 * A valid pickup order at cantina-centro: 2 Margherita Grande with 2x Bacon (6000 each) and 1
 * Refrigerante (600): subtotal 12600, packing 50 x 2 = 100, pickup discount 10 % = 1260, total 11440.
 */
export function pickupOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products: [
      {
        id: productId(C, 'margherita'),
        qnt: 2,
        note: 'sem cebola',
        variations: [
          { _id: 'tamanho', item_id: 'grande', qnt: 1 },
          { _id: 'extras', item_id: 'bacon', qnt: 2 },
        ],
      },
      { id: productId(C, 'refrigerante'), qnt: 1, note: '', variations: [] },
    ],
    order_variations: [TALHERES_SIM],
    note: 'Interfone quebrado',
    use_credits: false,
    coupon_id: null,
    achievement_id: null,
    scheduled_at: null,
    tax_receipt: false,
    tax_id: null,
    payment_payback: null,
    payment_method_id: 'pix',
    address_id: null,
    ...overrides,
  };
}

/** A valid delivery order at cantina-centro to `addressId`: 1 Calabresa (promo, 3500) + 4 Refrigerante (2400), packing 50. */
export function deliveryOrder(addressId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return pickupOrder({
    delivery_type: 'delivery',
    products: [
      { id: productId(C, 'calabresa'), qnt: 1, note: '', variations: [] },
      { id: productId(C, 'refrigerante'), qnt: 4, note: '', variations: [] },
    ],
    payment_method_id: 'dinheiro',
    address_id: addressId,
    ...overrides,
  });
}

/** The simplest valid order at cantina-24h (pickup, cash). */
export function order24h(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_type: 'pickup',
    payment_type: 'offline',
    platform: 'web',
    products: [{ id: productId('cantina-24h', 'refrigerante'), qnt: 2, note: '', variations: [] }],
    order_variations: [],
    note: '',
    use_credits: false,
    scheduled_at: null,
    tax_receipt: false,
    tax_id: null,
    payment_payback: null,
    payment_method_id: 'dinheiro',
    address_id: null,
    ...overrides,
  };
}
