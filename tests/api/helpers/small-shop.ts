// A small shop in the catalogue exchange format, for tests that need an establishment of their
// own with just the products they name: open by the manual override (no hours to reason about),
// São Paulo time, delivery and pickup; its company shares its slug.
import type { CatalogueInput } from '../../../src/schemas/catalogue.ts';

export function smallShop(slug: string, categories: CatalogueInput['categories']): CatalogueInput {
  return {
    company: { slug, name: 'Empório da Esquina' },
    establishment: {
      slug,
      name: 'Empório da Esquina',
      is_open: 'open',
      time_zone: 'America/Sao_Paulo',
      kind: 'Store',
      phone: '11987650000',
      address: { street: 'Rua Augusta', number: '10', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', lng_lat: [-46.65, -23.55] },
      design: { theme: 'light', navbarcolor: '#333333', primary: '#555555', darkprimary: '#111111', primaryinverse: '#ffffff' },
      preferences: { title: 'Empório', desc: 'Padaria e mercearia', delivery_type: ['delivery', 'pickup'] },
      office_hours: [],
    },
    categories,
  };
}
