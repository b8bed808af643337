// schema.org JSON-LD of the catalogue pages, as pure functions (data in, plain object out).
// Restaurants are a Restaurant with hasMenu -> Menu -> MenuSection -> MenuItem; shops are a Store
// with hasOfferCatalog -> OfferCatalog (one per section) -> Product. Every item carries exactly the
// name the page shows and an Offer at the price the page shows (the current one for promotions);
// an item whose price is hidden has no Offer. The layout serialises the result with
// safeJsonForScript, so catalogue text such as '</script>' stays inert.
import { mergeOfficeHours } from '../domain/office-hours.ts';
import { phoneE164 } from '../domain/phone.ts';
import { hhmmToMinutes } from '../domain/time.ts';
import type { EstablishmentView, ProductView } from '../schemas/views.ts';
import { routes } from './urls.ts';

export type JsonLd = Record<string, unknown>;

/** A section of items as the page shows it: its title, optional page and the products listed. */
export interface JsonLdSection {
  name: string;
  description?: string;
  /** Path of the section's own page (category page), when it has one. */
  path?: string;
  products: readonly ProductView[];
}

export interface EstablishmentJsonLdInput {
  establishment: EstablishmentView;
  /** Origin of absolute URLs (StoreData.canonicalOrigin). */
  origin: string;
  sections: readonly JsonLdSection[];
  servesCuisine?: string | string[];
  priceRange?: string;
  /** Name of the Menu / OfferCatalog. */
  menuName?: string;
}

const SCHEMA = 'https://schema.org';
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Centavos as the decimal string schema.org prices use, without a float. Example: `centsToDecimal(1290) === '12.90'` */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`price must be integer centavos, got ${cents}`);
  const abs = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** An absolute URL on the origin for a path; absolute http(s) URLs pass unchanged. Example: `absoluteUrl('https://a.com', '/x') === 'https://a.com/x'` */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, '')}/${pathOrUrl.replace(/^\//, '')}`;
}

function hhmmText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * OpeningHoursSpecification entries from office hours (wday 1 = Sunday). An opening that crosses
 * midnight is split into its evening (until 23:59) and the next day's early hours (from 00:00),
 * Saturday wrapping to Sunday. Example: Friday 18:00-02:00 gives Friday 18:00-23:59 and Saturday 00:00-02:00.
 */
export function openingHoursSpecification(hours: readonly { wday: number; start_at: number; stop_at: number }[]): JsonLd[] {
  const specs: Array<{ day: number; opens: number; closes: number }> = [];
  for (const h of mergeOfficeHours(hours)) {
    const day = h.wday - 1;
    const start = hhmmToMinutes(h.start_at);
    const stop = h.stop_at === 2400 ? 1440 : hhmmToMinutes(h.stop_at);
    if (stop > start) {
      specs.push({ day, opens: start, closes: stop });
    } else {
      specs.push({ day, opens: start, closes: 1440 });
      if (stop > 0) specs.push({ day: (day + 1) % 7, opens: 0, closes: stop });
    }
  }
  specs.sort((a, b) => a.day - b.day || a.opens - b.opens);
  return specs.map((s) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: DAY_NAMES[s.day],
    opens: hhmmText(s.opens),
    // The end of the day is written 23:59 (xsd:time has no portable 24:00).
    closes: s.closes >= 1440 ? '23:59' : hhmmText(s.closes),
  }));
}

/** The establishment's PostalAddress. */
export function postalAddress(address: EstablishmentView['address']): JsonLd {
  const street = [`${address.street}, ${address.number}`, address.complement, address.neighborhood].filter((p) => p && p.trim() !== '').join(' - ');
  const out: JsonLd = {
    '@type': 'PostalAddress',
    streetAddress: street,
    addressLocality: address.city,
    addressRegion: address.state,
    addressCountry: 'BR',
  };
  if (address.zip) out.postalCode = address.zip;
  return out;
}

/**
 * The Offer of a product at the price the page shows, or undefined when the price is hidden. The
 * product page's names its url, seller and availability (OutOfStock while the establishment has it
 * marked sold out); a menu entry's only the price, as menu lists leave the rest to the product page (below).
 */
export function productOffer(product: ProductView, page?: { url: string; seller: JsonLd }): JsonLd | undefined {
  if (product.hide_price) return undefined;
  const offer: JsonLd = { '@type': 'Offer', price: centsToDecimal(product.price), priceCurrency: 'BRL' };
  const stock = product.sold_out === true ? 'OutOfStock' : 'InStock';
  if (page) Object.assign(offer, { availability: `${SCHEMA}/${stock}`, url: page.url, seller: page.seller });
  return offer;
}

// Menu lists leave the description, image and the offer's availability to the product page their
// url points to: on a long menu they would add kilobytes to the HTML every visitor downloads before
// the first paint (the availability alone 0.13 KB of brotli on the hiper-demo home).
function itemFields(product: ProductView, slug: string, origin: string, detailed: boolean): JsonLd {
  const out: JsonLd = { name: product.name };
  if (detailed && product.desc.trim() !== '') out.description = product.desc;
  if (detailed && product.image) out.image = absoluteUrl(origin, product.image);
  out.url = absoluteUrl(origin, routes.product(slug, product));
  return out;
}

/** One menu entry: a MenuItem (restaurants) or a Product (shops), with its Offer unless the price is hidden. */
export function itemJsonLd(product: ProductView, est: EstablishmentView, origin: string): JsonLd {
  const item: JsonLd = { '@type': est.kind === 'Store' ? 'Product' : 'MenuItem', ...itemFields(product, est.slug_area, origin, false) };
  const offer = productOffer(product);
  if (offer) item.offers = offer;
  return item;
}

function establishmentBase(est: EstablishmentView, origin: string): JsonLd {
  const out: JsonLd = {
    '@type': est.kind === 'Store' ? 'Store' : 'Restaurant',
    '@id': `${absoluteUrl(origin, routes.home(est.slug_area))}#establishment`,
    name: est.name,
    url: absoluteUrl(origin, routes.home(est.slug_area)),
  };
  if (est.design.icon) {
    const logo = absoluteUrl(origin, est.design.icon);
    out.image = logo;
    out.logo = logo;
  }
  return out;
}

/** The establishment (Restaurant or Store) with its address, hours and the sections the page shows. */
export function establishmentJsonLd(input: EstablishmentJsonLdInput): JsonLd {
  const { establishment: est, origin } = input;
  const out: JsonLd = { '@context': SCHEMA, ...establishmentBase(est, origin) };
  const desc = est.preferences.desc?.trim();
  if (desc) out.description = desc;
  if (!est.hide_phone && est.phone) out.telephone = phoneE164(est.phone);
  out.address = postalAddress(est.address);
  const [lng, lat] = est.address.lng_lat;
  out.geo = { '@type': 'GeoCoordinates', latitude: lat, longitude: lng };
  const hours = openingHoursSpecification(est.office_hours);
  if (hours.length > 0) out.openingHoursSpecification = hours;
  if (input.servesCuisine && est.kind !== 'Store') out.servesCuisine = input.servesCuisine;
  if (input.priceRange) out.priceRange = input.priceRange;
  out.currenciesAccepted = 'BRL';

  // Only sections whose products the page shows: the home's deferred sections (heading and link
  // only, past its card budget) are left out, their own category pages list them.
  const sections = input.sections.filter((s) => s.products.length > 0);
  if (sections.length === 0) return out;
  if (est.kind === 'Store') {
    out.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: input.menuName ?? est.name,
      itemListElement: sections.map((s) => ({
        '@type': 'OfferCatalog',
        name: s.name,
        ...(s.description ? { description: s.description } : {}),
        ...(s.path ? { url: absoluteUrl(origin, s.path) } : {}),
        itemListElement: s.products.map((p) => itemJsonLd(p, est, origin)),
      })),
    };
  } else {
    out.hasMenu = {
      '@type': 'Menu',
      name: input.menuName ?? est.name,
      url: absoluteUrl(origin, routes.home(est.slug_area)),
      hasMenuSection: sections.map((s) => ({
        '@type': 'MenuSection',
        name: s.name,
        ...(s.description ? { description: s.description } : {}),
        ...(s.path ? { url: absoluteUrl(origin, s.path) } : {}),
        hasMenuItem: s.products.map((p) => itemJsonLd(p, est, origin)),
      })),
    };
  }
  return out;
}

/** A product page: a MenuItem (restaurants) or Product (shops) whose Offer names the establishment as seller. */
export function productJsonLd(input: { product: ProductView; establishment: EstablishmentView; origin: string; categoryName?: string }): JsonLd {
  const { product, establishment: est, origin } = input;
  const fields = itemFields(product, est.slug_area, origin, true);
  const out: JsonLd = { '@context': SCHEMA, '@type': est.kind === 'Store' ? 'Product' : 'MenuItem', ...fields };
  if (est.kind === 'Store') {
    out.sku = product._id;
    if (input.categoryName) out.category = input.categoryName;
  }
  const offer = productOffer(product, { url: fields.url as string, seller: establishmentBase(est, origin) });
  if (offer) out.offers = offer;
  return out;
}
