// Titles, meta descriptions and canonical paths of the catalogue pages, in one place.
// Canonical paths have no trailing slash except the home, which is '/{slug}/' (routes.home).
import { t } from '../i18n/index.ts';
import { routes } from './urls.ts';
import type { CategoryView, EstablishmentView, ProductView } from '../schemas/views.ts';

/** Longest meta description kept (search engines cut around 155-160 characters). */
export const META_DESCRIPTION_MAX = 155;

/** Plain, single-line text: tags dropped, whitespace collapsed. Example: `plainText(' a\n<b>b</b> ') === 'a b'` */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Cuts text at `max` characters (code points), on a word boundary when one is near, adding '…'.
 * Example: `truncateWords('Massa de fermentação natural', 12) === 'Massa de…'`
 */
export function truncateWords(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const base = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Characters of a product card's description a phone shows. */
export const CARD_DESCRIPTION_PHONE = 30;
/** Longest description a wider card shows (three lines of a desktop card). */
export const CARD_DESCRIPTION_MAX = 90;

/**
 * A product card's description in two parts: `head`, the first 30 characters, all a phone
 * shows (then '…' when `rest` is not empty), and `rest`, what a wider card shows after it, the
 * whole cut on a word near CARD_DESCRIPTION_MAX characters.
 * Example: `cardDescription('Molho de tomate artesanal, mussarela')` is `{ head: 'Molho de tomate artesanal, mus', rest: 'sarela' }`
 */
export function cardDescription(text: string): { head: string; rest: string } {
  const chars = Array.from(plainText(text));
  if (chars.length <= CARD_DESCRIPTION_PHONE) return { head: chars.join(''), rest: '' };
  const head = chars.slice(0, CARD_DESCRIPTION_PHONE).join('').trimEnd();
  const whole = truncateWords(chars.join(''), CARD_DESCRIPTION_MAX);
  return { head, rest: whole.slice(head.length) };
}

/**
 * A product card's description as a phone shows it: the first 30 characters then '…'.
 * Example: `truncateDescription('Molho de tomate artesanal, mussarela') === 'Molho de tomate artesanal, mus…'`
 */
export function truncateDescription(text: string): string {
  const { head, rest } = cardDescription(text);
  return rest ? `${head}…` : head;
}

/** A meta description from free text (plain, at most 155 characters), or the fallback when empty. */
export function metaDescription(text: string | null | undefined, fallback: string): string {
  const plain = plainText(text ?? '');
  return truncateWords(plain || plainText(fallback), META_DESCRIPTION_MAX);
}

export const canonical = {
  home: (slug: string) => routes.home(slug),
  product: (slug: string, p: { _id: string; name: string }) => routes.product(slug, p),
  category: (slug: string, c: { _id: string; name: string }) => routes.category(slug, c),
  contact: (slug: string) => routes.contact(slug),
  terms: (slug: string) => `/${slug}/termos`,
  privacy: (slug: string) => `/${slug}/privacidade`,
};

export function homeTitle(est: EstablishmentView): string {
  return t(est.kind === 'Store' ? 'seo:title.homeStore' : 'seo:title.homeRestaurant', { name: est.name });
}

export function homeDescription(est: EstablishmentView): string {
  return metaDescription(est.preferences.desc, t('seo:description.home', { name: est.name, city: est.address.city }));
}

export function productTitle(product: ProductView, est: EstablishmentView): string {
  return t('seo:title.product', { product: product.name, establishment: est.name });
}

export function productDescription(product: ProductView, est: EstablishmentView): string {
  return metaDescription(product.desc, t('seo:description.product', { product: product.name, establishment: est.name }));
}

export function categoryTitle(category: CategoryView, est: EstablishmentView): string {
  return t('seo:title.category', { category: category.name, establishment: est.name });
}

export function categoryDescription(category: CategoryView, est: EstablishmentView): string {
  return metaDescription(category.desc, t('seo:description.category', { category: category.name, establishment: est.name }));
}

export function searchTitle(q: string, est: EstablishmentView): string {
  return t('seo:title.search', { q: truncateWords(plainText(q), 60), establishment: est.name });
}
