// What a store's service worker (src/service-worker/sw.ts) may keep on the device, and what a
// waiting order (src/client/pending-order.ts) does: pure rules, unit-tested
// (tests/unit/offline-keep.test.ts), docs/offline.md.
//
// The worker of /<slug>/ keeps only what any visitor of that store sees alike: its catalogue pages
// (the paths the server stores as static pages: home, category, product, contact, terms, privacy),
// the pictures under /uploads, the build's hashed scripts and styles under /_astro, and the public
// catalogue reads of the API. Never another store's page, an account page (minha-conta, pedidos,
// pedido, painel, the card pages...), a page with a query (search results), nor any other API
// answer (the session, the orders, the addresses, the cards...).

/** Where a kept answer goes: each has its own cache and its own rule. */
export type KeepKind = 'page' | 'picture' | 'asset' | 'catalogue-api';

/** The catalogue pages below a store's scope, as the server stores them (src/server/serve-pages.ts `storable`). */
const CATALOGUE_PAGE = /^(?:produto\/[^/]+|categoria\/[^/]+|contato|termos|privacidade)?\/?$/;
/** A store slug (src/domain/slug.ts shape). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The public catalogue reads: the establishment, its products (list and one), its order options. */
const CATALOGUE_API = /^\/api\/establishments\/([^/]+)(?:\/products(?:\/[^/]+)?|\/order-variations)?$/;
/** Pages that are never catalogue pages even though they sit at a store's first level. */
const NOT_STORES = new Set(['api', 'uploads', '_astro', 'selecione', 'invalid-slug', 'error']);

/**
 * What a request of the store whose scope is `/<slug>/` may be kept as, or null when it must never
 * be kept. `url` is absolute; `origin` the site's; `establishmentId` the store's own id (its API
 * reads only). A GET only.
 * Example: `keepKind('http://x/loja/categoria/bebidas', { origin: 'http://x', slug: 'loja', establishmentId: 'e1', method: 'GET' }) === 'page'`
 */
export function keepKind(url: string, store: { origin: string; slug: string; establishmentId: string | null; method: string }): KeepKind | null {
  if (store.method !== 'GET' || !SLUG.test(store.slug) || NOT_STORES.has(store.slug)) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== store.origin || u.username || u.password) return null;
  const path = u.pathname;
  if (path.includes('..') || path.includes('//')) return null;
  if (path.startsWith('/_astro/')) return 'asset';
  if (path.startsWith('/uploads/') && !u.search) return 'picture';
  const api = CATALOGUE_API.exec(path);
  if (api) return store.establishmentId !== null && decodeURIComponent(api[1]!) === store.establishmentId ? 'catalogue-api' : null;
  const scope = `/${store.slug}`;
  if (u.search || (path !== scope && !path.startsWith(`${scope}/`))) return null;
  return CATALOGUE_PAGE.test(path.slice(scope.length + 1)) ? 'page' : null;
}

/** At most this many pictures are kept per store: the oldest kept goes first. */
export const KEPT_PICTURES_MAX = 200;
/** A page is asked of the network first, for this long, before the kept copy answers. */
export const PAGE_NETWORK_TIMEOUT_MS = 3000;

/** Why an order's send may wait for the connection (a waiting order), or why it may not. */
export type SendFailureFate = 'wait' | 'card_needs_presence' | 'not_a_connection_problem';

/**
 * Whether a failed send is kept to go once the connection returns: only when it never reached the
 * server (no answer: status 0, or the browser says it is offline) and the customer is not paying by
 * card, whose charge needs them present (a 3-D Secure step, a declined card to replace).
 * Example: `sendFailureFate({ status: 0, online: true, paymentType: 'offline' }) === 'wait'`
 */
export function sendFailureFate(f: { status: number; online: boolean; paymentType: string | null }): SendFailureFate {
  const noConnection = f.status === 0 || (!f.online && f.status <= 0);
  if (!noConnection) return 'not_a_connection_problem';
  return f.paymentType === 'online' ? 'card_needs_presence' : 'wait';
}

/** A waiting order older than this is dropped unsent (an order the kitchen would get hours late). */
export const PENDING_ORDER_TTL_MS = 59 * 60_000;

/** Whether a waiting order kept at `keptAt` (epoch ms) may still be sent at `now`. Example: `pendingOrderExpired(0, 60 * 60_000) === true` */
export function pendingOrderExpired(keptAt: number, now: number): boolean {
  return !(now - keptAt < PENDING_ORDER_TTL_MS) || now < keptAt - 60_000;
}

/**
 * The day and time of a kept page as the banner shows them ('28/11', '19:40'), on the store's wall
 * clock: `offsetMinutes` is the store's zone offset at that instant (src/domain/week-clock.ts offsetMinutesAt).
 * Example: `keptCopyTime(Date.UTC(2026, 10, 28, 22, 40), -180)` is `{ day: '28/11', time: '19:40' }`
 */
export function keptCopyTime(epochMs: number, offsetMinutes: number): { day: string; time: string } {
  const wall = new Date(epochMs + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return { day: `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}`, time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}` };
}
