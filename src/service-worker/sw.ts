// One store's service worker, served at /<slug>/sw.js (src/server/serve-files.ts) and registered by
// its pages with the scope /<slug>/ (src/page-scripts/offline.ts), so it answers that store's pages
// only. It keeps what src/domain/offline-keep.ts allows and nothing else (docs/offline.md):
// - catalogue pages: the network first, for PAGE_NETWORK_TIMEOUT_MS, then the kept copy, marked on
//   <html data-kept-at="<ms>"> (when the server answered it) for the page's offline banner;
// - the public catalogue reads of the API: the network first, then the kept answer;
// - pictures (at most KEPT_PICTURES_MAX) and the build's hashed scripts and styles: the kept copy first.
// The pages post { type: 'keep', urls } (what they loaded before the worker ran) and, when the live
// channel says 'updated', { type: 'refresh' }: the kept pages and reads are fetched again.
// Plain TypeScript, bundled alone by the build (astro.config.mjs 'service-worker').
import { KEPT_PICTURES_MAX, keepKind, PAGE_NETWORK_TIMEOUT_MS, type KeepKind } from '../domain/offline-keep.ts';

// The worker's own types (the project's TypeScript program has the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  registration: { scope: string };
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const slug = new URL(worker.registration.scope).pathname.split('/')[1] ?? '';
/** The store's id, from the script's URL (/<slug>/sw.js?e=<id>): only its own catalogue reads are kept. */
const establishmentId = new URL(worker.location.href).searchParams.get('e');
/** Besides the pictures, the scripts and styles are bounded too: old releases' files go first. */
const KEPT_ASSETS_MAX = 150;

const cacheName = (kind: KeepKind) => `kept-${kind}:${slug}`;
const kindOf = (url: string, method = 'GET') => keepKind(url, { origin: worker.location.origin, slug, establishmentId, method });
/** One key per page: '/loja' and '/loja/' are the same page. */
const keyOf = (url: string, kind: KeepKind) => (kind === 'page' ? url.replace(/\/$/, '') : url);

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('fetch', (event) => {
  const kind = kindOf(event.request.url, event.request.method);
  // Anything else (an account page, another store, the session, the orders...) goes to the network
  // as if there were no worker, and nothing of it is kept.
  if (!kind) return;
  event.respondWith(kind === 'page' || kind === 'catalogue-api' ? networkFirst(event.request, kind) : keptFirst(event.request, kind));
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'keep' && Array.isArray(data.urls)) event.waitUntil(keepAll(data.urls.filter((u): u is string => typeof u === 'string')));
  else if (data?.type === 'refresh') event.waitUntil(refreshKept());
});

/** Only a whole, plain answer of this site, which says nothing against being kept. */
function keepable(res: Response): boolean {
  return res.status === 200 && res.type === 'basic' && !res.redirected && !/no-store|private/i.test(res.headers.get('cache-control') ?? '');
}

async function put(kind: KeepKind, url: string, res: Response): Promise<void> {
  const cache = await caches.open(cacheName(kind));
  await cache.put(keyOf(url, kind), res);
  const max = kind === 'picture' ? KEPT_PICTURES_MAX : kind === 'asset' ? KEPT_ASSETS_MAX : Number.POSITIVE_INFINITY;
  const keys = await cache.keys();
  // Keys come in the order they were put: the oldest go first.
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

async function networkFirst(req: Request, kind: KeepKind): Promise<Response> {
  const network = fetch(req).then((res) => {
    if (keepable(res)) void put(kind, req.url, res.clone()).catch(() => {});
    return res;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PAGE_NETWORK_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([network, late]);
    if (res) return res;
  } catch {
    // No connection: the kept copy answers.
  } finally {
    clearTimeout(timer);
  }
  const kept = await caches.match(keyOf(req.url, kind), { cacheName: cacheName(kind) });
  if (kept) return kind === 'page' ? markKept(kept) : kept;
  return network;
}

async function keptFirst(req: Request, kind: KeepKind): Promise<Response> {
  const kept = await caches.match(req.url, { cacheName: cacheName(kind) });
  if (kept) return kept;
  const res = await fetch(req);
  if (keepable(res)) void put(kind, req.url, res.clone()).catch(() => {});
  return res;
}

/** The kept page, its <html> marked with when the server answered it (the banner reads it). */
async function markKept(kept: Response): Promise<Response> {
  const at = Date.parse(kept.headers.get('date') ?? '');
  const html = await kept.text();
  const headers = new Headers(kept.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const marked = html.replace('<html', `<html data-kept-at="${Number.isFinite(at) ? at : 0}"`);
  return new Response(marked, { status: 200, headers });
}

/** Keeps what a page loaded before the worker ran (the page itself, its scripts, its pictures), when allowed. */
async function keepAll(urls: readonly string[]): Promise<void> {
  for (const url of urls.slice(0, 300)) {
    const kind = kindOf(url);
    // An API read needs the client's headers (Client-Type, Api-Version): kept when the page makes it.
    if (!kind || kind === 'catalogue-api') continue;
    if (kind !== 'page' && (await caches.match(url, { cacheName: cacheName(kind) }))) continue;
    try {
      const res = await fetch(url, { credentials: 'omit' });
      if (keepable(res)) await put(kind, url, res);
    } catch {
      // Offline meanwhile: kept on a later visit.
    }
  }
}

/**
 * The catalogue changed: every kept page is asked again (one now gone, 404, is dropped), and the
 * kept catalogue reads are dropped (the pages read them again, with the client's headers).
 */
async function refreshKept(): Promise<void> {
  await caches.delete(cacheName('catalogue-api'));
  const cache = await caches.open(cacheName('page'));
  for (const req of await cache.keys()) {
    try {
      const res = await fetch(req.url, { cache: 'no-cache', credentials: 'omit' });
      if (keepable(res)) await cache.put(req, res);
      else if (res.status === 404 || res.status === 410) await cache.delete(req);
    } catch {
      return; // offline: what is kept stays
    }
  }
}
