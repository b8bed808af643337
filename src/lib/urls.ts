// The storefront's URLs, built in one place. Every route takes the establishment's slug as its
// first segment (spec section 2: the optional leading {slug_area}).
import { productSlug } from '../domain/slug.ts';

export const routes = {
  home: (slug: string) => `/${slug}/`,
  search: (slug: string, q: string) => `/${slug}/?q=${encodeURIComponent(q)}`,
  product: (slug: string, p: { _id: string; name: string }) => `/${slug}/produto/${productSlug(p._id, p.name)}`,
  category: (slug: string, c: { _id: string; name: string }) => `/${slug}/categoria/${productSlug(c._id, c.name)}`,
  contact: (slug: string) => `/${slug}/contato`,
  account: (slug: string) => `/${slug}/minha-conta`,
  /** The order page (decisions #24), where the checkout lands after a 201. */
  order: (slug: string, orderId: string) => `/${slug}/pedido/${encodeURIComponent(orderId)}`,
  /** The account's order list. */
  orders: (slug: string) => `/${slug}/minha-conta/pedidos`,
  sitemap: (slug: string) => `/${slug}/sitemap.xml`,
  select: () => `/selecione`,
  invalidSlug: () => `/invalid-slug`,
  error: () => `/error`,
};
