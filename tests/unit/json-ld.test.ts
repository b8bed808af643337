// JSON-LD of the catalogue pages (src/lib/json-ld.ts), plus the card text helpers whose output the
// JSON-LD must match (names and prices as the page shows them).
import { describe, expect, it } from 'vitest';
import { absoluteUrl, centsToDecimal, establishmentJsonLd, itemJsonLd, openingHoursSpecification, productJsonLd, productOffer } from '../../src/lib/json-ld.ts';
import { safeJsonForScript } from '../../src/lib/safe-json.ts';
import { truncateDescription, cardDescription, CARD_DESCRIPTION_MAX } from '../../src/lib/seo.ts';
import { availabilityText, deliveryRestriction, homeCardBudget, planHomeSections, variationRuleText } from '../../src/components/catalogue/format.ts';
import type { EstablishmentView, ProductView } from '../../src/schemas/views.ts';

const ORIGIN = 'https://loja.example.com.br';

function establishment(over: Partial<EstablishmentView> = {}): EstablishmentView {
  return {
    _id: 'est1',
    slug_area: 'pizzaria-teste',
    name: 'Pizzaria Teste',
    active: true,
    open_mode: 'auto',
    time_zone: 'America/Sao_Paulo',
    kind: 'Restaurant',
    company: { _id: 'c1', slug: 'pizzaria-teste', name: 'Pizzaria Teste' },
    address: {
      street: 'Rua Harmonia',
      number: '512',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      zip: '05435-000',
      lng_lat: [-46.689, -23.556],
    },
    design: {
      theme: 'light',
      navbarcolor: '#1f6f43',
      primary: '#c62828',
      darkprimary: '#8e1b1b',
      primaryinverse: '#ffffff',
      icon: '/uploads/logos/pizzaria-teste.svg',
    },
    preferences: { title: 'Pizzaria', desc: 'Pizza no forno a lenha.', delivery_type: ['delivery', 'pickup'] } as EstablishmentView['preferences'],
    office_hours: [{ _id: 'h1', wday: 2, start_at: 1800, stop_at: 2330 }],
    has_free_delivery_tax_after_product_price: false,
    hide_phone: false,
    phone: '1138124455',
    has_online_payment: false,
    uses_tables: false,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

function product(over: Partial<ProductView> = {}): ProductView {
  return {
    _id: 'p1',
    name: 'Pizza Calabresa',
    desc: 'Calabresa fatiada, cebola roxa, azeitonas pretas e orégano.',
    image: '/uploads/products/p1.svg',
    note: null,
    price: 1290,
    normal_price: null,
    starting_price: false,
    promo: false,
    hide_price: false,
    category_id: 'cat1',
    sort: 0,
    delivery_type: ['delivery', 'pickup'],
    availabilities: [],
    mandatory_schedule: false,
    min_schedule_time: 0,
    packing_quantity: 0,
    accept_scheduling: true,
    variations: [],
    sold_out: false,
    ...over,
  };
}

describe('centsToDecimal', () => {
  it('writes prices as decimal strings from integer centavos [R-1.2]', () => {
    expect(centsToDecimal(1290)).toBe('12.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(-250)).toBe('-2.50');
  });

  it('refuses floats', () => {
    expect(() => centsToDecimal(12.9)).toThrow(RangeError);
  });
});

describe('offers', () => {
  it('prices the Offer in BRL at the current price, as a decimal string; the product page adds its url, seller and availability', () => {
    expect(productOffer(product())).toEqual({ '@type': 'Offer', price: '12.90', priceCurrency: 'BRL' });
    const seller = { '@type': 'Restaurant', name: 'Pizzaria Teste' };
    expect(productOffer(product(), { url: `${ORIGIN}/p`, seller })).toEqual({
      '@type': 'Offer',
      price: '12.90',
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}/p`,
      seller,
    });
  });

  it('says OutOfStock on the product page while the establishment has the product marked sold out', () => {
    const seller = { '@type': 'Restaurant', name: 'Pizzaria Teste' };
    expect(productOffer(product({ sold_out: true }), { url: `${ORIGIN}/p`, seller })?.availability).toBe('https://schema.org/OutOfStock');
  });

  it('uses the promotional (current) price for promo items, not normal_price', () => {
    const offer = productOffer(product({ promo: true, price: 3990, normal_price: 4590 }));
    expect(offer?.price).toBe('39.90');
  });

  it('has no Offer at all when the price is hidden', () => {
    expect(productOffer(product({ hide_price: true }))).toBeUndefined();
    const item = itemJsonLd(product({ hide_price: true }), establishment(), ORIGIN);
    expect(item).not.toHaveProperty('offers');
    expect(item.name).toBe('Pizza Calabresa');
  });
});

describe('openingHoursSpecification', () => {
  it('names days the schema.org way, wday 1 being Sunday', () => {
    expect(openingHoursSpecification([{ wday: 1, start_at: 1100, stop_at: 1500 }])).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Sunday', opens: '11:00', closes: '15:00' },
    ]);
  });

  it('splits hours crossing midnight into the evening and the next morning', () => {
    expect(openingHoursSpecification([{ wday: 6, start_at: 1800, stop_at: 200 }])).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Friday', opens: '18:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '00:00', closes: '02:00' },
    ]);
  });

  it('wraps Saturday night into Sunday morning', () => {
    const specs = openingHoursSpecification([{ wday: 7, start_at: 2000, stop_at: 130 }]);
    expect(specs).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Sunday', opens: '00:00', closes: '01:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '20:00', closes: '23:59' },
    ]);
  });

  it('keeps a closing at midnight (2400 or 0000) on the same day', () => {
    expect(openingHoursSpecification([{ wday: 2, start_at: 1800, stop_at: 2400 }])).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '18:00', closes: '23:59' },
    ]);
    expect(openingHoursSpecification([{ wday: 2, start_at: 1800, stop_at: 0 }])).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '18:00', closes: '23:59' },
    ]);
  });
});

describe('establishmentJsonLd', () => {
  const sections = [
    { name: 'Promoções', products: [product({ _id: 'p2', name: 'Combo', promo: true, price: 7990, normal_price: 9080 })] },
    { name: 'Pizzas', path: '/pizzaria-teste/categoria/cat1-pizzas', products: [product(), product({ _id: 'p3', name: 'Vinho', hide_price: true })] },
  ];

  it('is a Restaurant with address, geo, phone and a Menu of the sections shown', () => {
    const ld = establishmentJsonLd({ establishment: establishment(), origin: ORIGIN, sections });
    expect(ld['@type']).toBe('Restaurant');
    expect(ld.url).toBe(`${ORIGIN}/pizzaria-teste/`);
    expect(ld.telephone).toBe('+551138124455');
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Rua Harmonia, 512 - Vila Madalena',
      addressLocality: 'São Paulo',
      addressRegion: 'SP',
      postalCode: '05435-000',
      addressCountry: 'BR',
    });
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: -23.556, longitude: -46.689 });
    const menu = ld.hasMenu as { hasMenuSection: Array<{ name: string; url?: string; hasMenuItem: Array<Record<string, unknown>> }> };
    expect(menu.hasMenuSection.map((s) => s.name)).toEqual(['Promoções', 'Pizzas']);
    expect(menu.hasMenuSection[1]!.url).toBe(`${ORIGIN}/pizzaria-teste/categoria/cat1-pizzas`);
    const [pizza, wine] = menu.hasMenuSection[1]!.hasMenuItem;
    expect(pizza).toMatchObject({ '@type': 'MenuItem', name: 'Pizza Calabresa', url: `${ORIGIN}/pizzaria-teste/produto/p1-pizza-calabresa` });
    // The menu leaves description and image to the product page its url points to.
    expect(pizza).not.toHaveProperty('image');
    expect(pizza).not.toHaveProperty('description');
    expect((pizza!.offers as Record<string, unknown>).price).toBe('12.90');
    expect(wine).not.toHaveProperty('offers');
    expect((menu.hasMenuSection[0]!.hasMenuItem[0]!.offers as Record<string, unknown>).price).toBe('79.90');
  });

  it('omits the telephone when hide_phone is set', () => {
    const ld = establishmentJsonLd({ establishment: establishment({ hide_phone: true, phone: null }), origin: ORIGIN, sections });
    expect(ld).not.toHaveProperty('telephone');
  });

  it('is a Store with an OfferCatalog of Products for shops', () => {
    const ld = establishmentJsonLd({ establishment: establishment({ kind: 'Store' }), origin: ORIGIN, sections });
    expect(ld['@type']).toBe('Store');
    expect(ld).not.toHaveProperty('hasMenu');
    const catalogue = ld.hasOfferCatalog as { itemListElement: Array<{ name: string; itemListElement: Array<Record<string, unknown>> }> };
    expect(catalogue.itemListElement[1]!.itemListElement[0]!['@type']).toBe('Product');
  });

  it('leaves the menu out when no section has products', () => {
    const ld = establishmentJsonLd({ establishment: establishment(), origin: ORIGIN, sections: [] });
    expect(ld).not.toHaveProperty('hasMenu');
  });

  it('lists only the sections whose products the page shows (a deferred home section shows none)', () => {
    const withDeferred = [...sections, { name: 'Bebidas', path: '/pizzaria-teste/categoria/cat2-bebidas', products: [] }];
    const menu = establishmentJsonLd({ establishment: establishment(), origin: ORIGIN, sections: withDeferred }).hasMenu as {
      hasMenuSection: Array<Record<string, unknown>>;
    };
    expect(menu.hasMenuSection.map((s) => s.name)).toEqual(['Promoções', 'Pizzas']);
  });
});

describe('the home card budget', () => {
  it('renders whole sections while they fit the budget, then defers the rest', () => {
    expect(planHomeSections([5, 12, 10, 10], 30)).toEqual([5, 12, 10, 0]);
    // Once one section is deferred every later one is too, even a small one that would fit.
    expect(planHomeSections([5, 12, 10, 1], 20)).toEqual([5, 12, 0, 0]);
    expect(planHomeSections([12, 6, 6, 6, 6, 6], 36)).toEqual([12, 6, 6, 6, 6, 0]);
  });

  it('holds 30 cards, or 18 on a menu of more than 10 categories', () => {
    expect(homeCardBudget(10)).toBe(30);
    expect(homeCardBudget(11)).toBe(18);
    // A hypermarket's 40 categories of 6: promotions and two categories, then headings and links.
    expect(planHomeSections([6, ...Array(40).fill(6)], homeCardBudget(40)).filter((n) => n > 0)).toEqual([6, 6, 6]);
  });

  it('always renders the first section, and everything when the menu fits', () => {
    expect(planHomeSections([80, 3], 10)).toEqual([80, 0]);
    expect(planHomeSections([3, 4, 5], homeCardBudget(3))).toEqual([3, 4, 5]);
    expect(planHomeSections([], homeCardBudget(0))).toEqual([]);
  });
});

describe('productJsonLd', () => {
  it('is a MenuItem whose Offer names the restaurant as seller', () => {
    const ld = productJsonLd({ product: product(), establishment: establishment(), origin: ORIGIN });
    expect(ld['@type']).toBe('MenuItem');
    expect(ld.offers).toMatchObject({ price: '12.90', priceCurrency: 'BRL', seller: { '@type': 'Restaurant', name: 'Pizzaria Teste' } });
  });

  it('is a Product for a shop, without an Offer when the price is hidden', () => {
    const ld = productJsonLd({
      product: product({ hide_price: true }),
      establishment: establishment({ kind: 'Store' }),
      origin: ORIGIN,
      categoryName: 'Bebidas',
    });
    expect(ld['@type']).toBe('Product');
    expect(ld.category).toBe('Bebidas');
    expect(ld).not.toHaveProperty('offers');
  });
});

describe('escaping inside <script type="application/ld+json">', () => {
  it('catalogue text with </script> cannot close the element and round-trips through JSON.parse', () => {
    const nasty = product({ name: 'Pizza </script><script>alert(1)</script>', desc: '<!-- & \u2028 -->' });
    const ld = productJsonLd({ product: nasty, establishment: establishment(), origin: ORIGIN });
    const text = safeJsonForScript(ld);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(ld);
    expect((JSON.parse(text) as { name: string }).name).toBe('Pizza </script><script>alert(1)</script>');
  });
});

describe('absoluteUrl', () => {
  it('joins paths to the origin and keeps absolute URLs', () => {
    expect(absoluteUrl('https://a.com/', '/x/y')).toBe('https://a.com/x/y');
    expect(absoluteUrl('https://a.com', 'https://cdn.com/i.png')).toBe('https://cdn.com/i.png');
  });
});

describe('card and product page texts', () => {
  it('cuts card descriptions at 30 characters with an ellipsis [R-9.8]', () => {
    expect(truncateDescription('Molho de tomate artesanal, mussarela e orégano')).toBe('Molho de tomate artesanal, mus…');
    expect(truncateDescription('Curta')).toBe('Curta');
    expect(truncateDescription('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it('splits a card description into the 30 characters a phone shows and the rest wider cards show, cut on a word [R-9.8]', () => {
    const long = 'Calabresa fatiada, cebola roxa, azeitonas pretas e orégano. Pode ser meio a meio: cobramos o sabor de maior valor.';
    const { head, rest } = cardDescription(long);
    expect(head).toBe('Calabresa fatiada, cebola roxa');
    expect(`${head}…`).toBe(truncateDescription(long));
    expect(`${head}${rest}`).toBe('Calabresa fatiada, cebola roxa, azeitonas pretas e orégano. Pode ser meio a meio…');
    expect(Array.from(head + rest).length).toBeLessThanOrEqual(CARD_DESCRIPTION_MAX);
    // Trailing spaces of the 30 go to the rest, so the phone's text never ends in ' …'.
    expect(cardDescription('Molho de tomate artesanal, mus sarela')).toEqual({ head: 'Molho de tomate artesanal, mus', rest: ' sarela' });
    expect(cardDescription('Pão de queijo mineiro de 1 kg  e mais')).toEqual({ head: 'Pão de queijo mineiro de 1 kg', rest: ' e mais' });
    expect(cardDescription('Curta')).toEqual({ head: 'Curta', rest: '' });
    expect(cardDescription('  <b>Negrito</b>  ')).toEqual({ head: 'Negrito', rest: '' });
  });

  it('states the variation rules', () => {
    expect(variationRuleText({ min: 1, max: 1 })).toBe('Escolha 1 opção');
    expect(variationRuleText({ min: 0, max: 5 })).toBe('Escolha até 5');
    expect(variationRuleText({ min: 1, max: 2 })).toBe('Escolha de 1 a 2');
    expect(variationRuleText({ min: 2, max: 2 })).toBe('Escolha 2 opções');
  });

  it('lists availability windows with short weekday names', () => {
    expect(availabilityText([{ wday: 2, start_at: 600, stop_at: 1000 }])).toBe('Disponível: seg 06:00-10:00');
    expect(
      availabilityText([
        { wday: 3, start_at: 600, stop_at: 1000 },
        { wday: 2, start_at: 600, stop_at: 1000 },
      ]),
    ).toBe('Disponível: seg, ter 06:00-10:00');
    expect(availabilityText([])).toBeNull();
  });

  it('names delivery restrictions', () => {
    expect(deliveryRestriction(['pickup'])).toBe('Somente retirada');
    expect(deliveryRestriction(['delivery'])).toBe('Somente entrega');
    expect(deliveryRestriction(['delivery', 'pickup'])).toBeNull();
  });
});
