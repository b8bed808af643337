// Small named catalogues for the API tests, written in the catalogue exchange format, checked by
// its arktype schema and stored with replaceCatalogue (no dependence on the demo seed).
//
// Company 'bella' (Pizzaria Bella, domains pizzariabella.com.br and www.pizzariabella.com.br):
//   bella-centro    São Paulo, auto, every day 18:00-23:30, radius 3000 m, 27 products
//   bella-paulista  São Paulo, auto, Friday 18:00-02:00, hide_phone, radius unset (5000 by default)
//   bella-antiga    inactive
//   bella-moema     manual override 'closed', hours all day, radius 4000 m
// Company 'mercado-norte': mercado-manaus (America/Manaus, manual override 'open', no hours).
import { type } from 'arktype';
import { Catalogue, type CatalogueInput } from '../../../src/schemas/catalogue.ts';
import { replaceCatalogue } from '../../../src/server/db/catalogue-repo.ts';
import { stableId } from '../../../src/server/db/ids.ts';
import type { Database } from '../../../src/server/db/database.ts';

export const estId = (slug: string) => stableId('establishment', slug);
export const categoryId = (estSlug: string, key: string) => stableId('category', estSlug, key);
export const productId = (estSlug: string, key: string) => stableId('product', estSlug, key);
export const variationId = (estSlug: string, key: string) => stableId('order-variation', estSlug, key);

const design = { theme: 'light', navbarcolor: '#b71c1c', primary: '#d32f2f', darkprimary: '#9a0007', primaryinverse: '#ffffff' } as const;

const bellaCompany = { slug: 'bella', name: 'Pizzaria Bella', domains: ['pizzariabella.com.br', 'www.pizzariabella.com.br'] };

const everyDay = (start_at: number, stop_at: number) => [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at, stop_at }));

/** 'Pizza Sabor 01'..'Pizza Sabor 18', 3100..4800 centavos. */
const fillerPizzas = Array.from({ length: 18 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { _id: `sabor-${n}`, name: `Pizza Sabor ${n}`, desc: 'Molho de tomate e queijo', price: 3000 + (i + 1) * 100 };
});

export const BELLA_CENTRO: CatalogueInput = {
  company: bellaCompany,
  establishment: {
    slug: 'bella-centro',
    name: 'Pizzaria Bella Centro',
    phone: '11987654321',
    has_free_delivery_tax_after_product_price: true,
    address: { street: 'Rua Direita', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', zip: '01002-000', lng_lat: [-46.6333, -23.5505] },
    design: { ...design, icon: 'https://img.example/bella.png' },
    preferences: {
      title: 'Pizzaria Bella',
      desc: 'Pizzas no forno a lenha',
      delivery_type: ['delivery', 'pickup'],
      delivery_radius: 3000,
      has_online_payment: true,
      free_delivery_tax_after_product_price: 10000,
      min_order: 2000,
      phone_order_details: '(11) 98765-4321',
      unavailable_title: 'Voltamos já',
      unavailable_desc: 'Em manutenção',
      apple_itunes_app_id: '123456789',
      google_play_app_id: 'br.com.pizzariabella',
      facebook_domain_verification_code: 'abc123',
    },
    office_hours: everyDay(1800, 2330),
  },
  categories: [
    {
      _id: 'pizzas',
      name: 'Pizzas salgadas',
      desc: 'Massa fina',
      products: [
        {
          _id: 'margherita',
          name: 'Margherita',
          desc: 'Tomate, muçarela e manjericão',
          image: 'https://img.example/margherita.jpg',
          note: 'Serve 2 pessoas',
          price: 4590,
          availabilities: [{ wday: 6, start_at: 1800, stop_at: 2300 }],
          min_schedule_time: 2,
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
                { _id: 'grande', name: 'Grande', desc: '12 fatias', price: 1000, item_preffix: 'G' },
              ],
            },
          ],
        },
        { _id: 'calabresa', name: 'Calabresa', desc: 'Calabresa fatiada e cebola', price: 3990, normal_price: 4990, promo: true },
        { _id: 'frango', name: 'Frango com Catupiry', desc: 'Frango desfiado', price: 4790 },
        { _id: 'pao-de-acucar', name: 'Pão de Açúcar', desc: 'Especial da casa', price: 5290 },
        ...fillerPizzas,
      ],
    },
    {
      _id: 'doces',
      name: 'Pizzas doces',
      parent: 'pizzas',
      products: [
        { _id: 'chocolate', name: 'Chocolate com Morango', price: 3890, normal_price: 4290, promo: true },
        { _id: 'banana', name: 'Banana com Canela', price: 3490 },
      ],
    },
    {
      _id: 'bebidas',
      name: 'Bebidas',
      products: [
        { _id: 'refrigerante', name: 'Refrigerante Lata', price: 600 },
        { _id: 'chopp', name: 'Chopp Artesanal', price: 1500, delivery_type: ['pickup'] },
        { _id: 'suco', name: 'Suco Natural', price: 900, delivery_type: ['delivery'] },
      ],
    },
    { _id: 'sobremesas', name: 'Sobremesas', products: [] },
  ],
  order_variations: [
    {
      _id: 'talheres',
      name: 'Talheres',
      layout: 'check',
      min: 0,
      max: 1,
      image: 'https://img.example/talheres.png',
      items: [
        { _id: 'sim', name: 'Sim', price: 0 },
        { _id: 'nao', name: 'Não', price: 0 },
      ],
    },
    {
      _id: 'presente',
      name: 'Embalagem de presente',
      layout: 'addremove',
      min: 0,
      max: 2,
      price: 500,
      active: false,
      image: 'https://img.example/presente.png',
      items: [{ _id: 'caixa', name: 'Caixa', price: 500 }],
    },
  ],
};

export const BELLA_PAULISTA: CatalogueInput = {
  company: bellaCompany,
  establishment: {
    slug: 'bella-paulista',
    name: 'Pizzaria Bella Paulista',
    phone: '1133334444',
    hide_phone: true,
    address: { street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', lng_lat: [-46.6544, -23.5614] },
    design,
    // delivery_radius deliberately unset: the default 5000 m applies.
    preferences: { title: 'Bella Paulista', desc: 'Só às sextas', delivery_type: ['delivery'] },
    office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }],
  },
  categories: [{ _id: 'pizzas', name: 'Pizzas', products: [{ _id: 'margherita', name: 'Margherita', price: 4790, promo: true }] }],
};

export const BELLA_ANTIGA: CatalogueInput = {
  company: bellaCompany,
  establishment: {
    slug: 'bella-antiga',
    name: 'Pizzaria Bella (unidade fechada)',
    active: false,
    phone: '1122223333',
    address: { street: 'Rua Velha', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', lng_lat: [-46.634, -23.551] },
    design,
    preferences: { title: 'Antiga', desc: '', delivery_type: ['delivery', 'pickup'] },
    office_hours: everyDay(0, 2400),
  },
  categories: [{ _id: 'pizzas', name: 'Pizzas', products: [{ _id: 'margherita', name: 'Margherita', price: 4000 }] }],
};

export const BELLA_MOEMA: CatalogueInput = {
  company: bellaCompany,
  establishment: {
    slug: 'bella-moema',
    name: 'Pizzaria Bella Moema',
    is_open: 'closed',
    phone: '1155556666',
    address: { street: 'Avenida Ibirapuera', number: '2000', neighborhood: 'Moema', city: 'São Paulo', state: 'SP', lng_lat: [-46.665, -23.6] },
    design,
    preferences: { title: 'Bella Moema', desc: '', delivery_type: ['delivery', 'pickup'], delivery_radius: 4000 },
    office_hours: everyDay(0, 2400),
  },
  categories: [{ _id: 'pizzas', name: 'Pizzas', products: [{ _id: 'margherita', name: 'Margherita', price: 4690 }] }],
};

export const MERCADO_MANAUS: CatalogueInput = {
  company: { slug: 'mercado-norte', name: 'Mercado Norte' },
  establishment: {
    slug: 'mercado-manaus',
    name: 'Mercado Norte Manaus',
    is_open: 'open',
    time_zone: 'America/Manaus',
    kind: 'Store',
    phone: '92991234567',
    address: { street: 'Avenida Eduardo Ribeiro', number: '500', neighborhood: 'Centro', city: 'Manaus', state: 'AM', lng_lat: [-60.0217, -3.119] },
    design,
    preferences: { title: 'Mercado Norte', desc: 'Hortifruti', delivery_type: ['delivery', 'pickup'], delivery_radius: 8000 },
    office_hours: [],
  },
  categories: [{ _id: 'hortifruti', name: 'Hortifruti', products: [{ _id: 'banana-prata', name: 'Banana Prata', price: 599 }] }],
};

/** Every fixture, in load order (which is also each company's establishment order). */
export const ALL_FIXTURES: readonly CatalogueInput[] = [BELLA_CENTRO, BELLA_PAULISTA, BELLA_ANTIGA, BELLA_MOEMA, MERCADO_MANAUS];

/** Validates a fixture with the exchange schema and stores it. */
export async function loadCatalogue(db: Database, input: CatalogueInput): Promise<{ establishmentId: string; companyId: string }> {
  const parsed = Catalogue(input);
  if (parsed instanceof type.errors) throw new Error(`invalid fixture ${input.establishment.slug}: ${parsed.summary}`);
  return replaceCatalogue(db, parsed, new Date('2025-01-01T12:00:00Z'));
}

export async function loadAllFixtures(db: Database): Promise<void> {
  for (const f of ALL_FIXTURES) await loadCatalogue(db, f);
}
