// The catalogue pages (docs/architecture.md 'One server', 4): the stored static file, held in
// memory, when there is one; else the page rendered once through Astro over loopback, stored when
// it says it may be, and served. And the re-render of an establishment's pages after a change.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { config } from './config.ts';
import type { Database } from './db/database.ts';
import { getEstablishment } from './db/catalogue-repo.ts';
import { catalogueChanged } from './catalogue-events.ts';
import { catalogueUrls } from './catalogue-urls.ts';
import type { Live } from './live/live.ts';
import { resolveHost } from './page-data.ts';
import { dropEstablishmentPages, heldPages, pagesDir, storePage } from './page-store.ts';
import { RENDER_HEADER } from './serve-astro.ts';
import { hasExtension } from './serve-files.ts';
import { safeJoin } from './static-files.ts';

const CACHE_HEADER = 'x-page-cache';

/** What rendering this server's pages needs, and the renders under way. */
export interface PageRendering {
  db: Database;
  live: Live;
  /** The internal token a loopback render carries. */
  token: string;
  /** The port this server listens on, once it listens. */
  port: () => number;
  /** This server's origin, once it listens. */
  origin: () => string;
  /** Renders under way, by path: concurrent requests for one page share its render. */
  inFlight: Map<string, Promise<boolean>>;
  /** Re-renders under way, by establishment slug. */
  rendering: Map<string, Promise<unknown>>;
  /** How many re-renders each establishment was asked for: a run stops once a newer one is asked. */
  generations: Map<string, number>;
}

export function pageRendering(parts: Pick<PageRendering, 'db' | 'live' | 'token' | 'port' | 'origin'>): PageRendering {
  return { ...parts, inFlight: new Map(), rendering: new Map(), generations: new Map() };
}

/**
 * Serves a catalogue page (a GET or HEAD without a query) from the store, rendering and storing it
 * first when it is missing; false when it is not a stored page (Astro answers it then).
 * In production an unknown host never gets a stored page: Astro's middleware redirects it to
 * the tenant's canonical host.
 */
export async function serveStoredPage(r: PageRendering, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (hasExtension(path) || !(await hostMayUseStoredPages(String(req.headers.host ?? '')))) return false;
  const folder = safeJoin(pagesDir, path);
  if (folder && (await heldPages.serve(req, res, join(folder, 'index.html')))) return true;
  return !!(
    folder &&
    isStorablePath(path) &&
    (await renderAndStore(r, path, String(req.headers.host ?? ''))) &&
    (await heldPages.serve(req, res, join(folder, 'index.html')))
  );
}

/** Renders one page through our own Astro handler over loopback (keeping the Host header). */
function renderViaLoopback(r: PageRendering, path: string, host: string): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: r.port(), path, method: 'GET', headers: { host, [RENDER_HEADER]: r.token, 'accept-encoding': 'identity' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Renders a page and stores it when the page says it may be cached; true when stored. */
function renderAndStore(r: PageRendering, path: string, host: string): Promise<boolean> {
  const key = path;
  let p = r.inFlight.get(key);
  if (!p) {
    p = renderViaLoopback(r, path, host)
      .then(async (res) => {
        if (res.status !== 200 || !res.headers[CACHE_HEADER]) return false;
        await storePage(path, res.body.toString('utf8'));
        return true;
      })
      .finally(() => r.inFlight.delete(key));
    r.inFlight.set(key, p);
  }
  return p;
}

/**
 * After an establishment's catalogue, preferences, hours or open state changed in the database:
 * every process drops what it holds about it, this one renders its pages again, and then every
 * open page of it is told 'updated', so a reload finds the new pages already stored.
 *
 * A change of one product (its sold-out flag, its name, price or picture) names the pages that show
 * it in `first`: those are rendered first, the open pages are told right after them, and the answer
 * comes then, while the rest is rendered in the background (a page asked for meanwhile is rendered
 * on demand, the folder having been emptied first). With hundreds of products a sold-out tap would
 * otherwise wait for every page of the menu (docs/benchmarks.md 'Sold out').
 *
 * One re-render of an establishment at a time: a second change waits for the first, so none drops
 * the folder another is writing into; the first stops at its next pages, since the second renders
 * them all again anyway.
 */
export function rerender(r: PageRendering, slug: string, first: readonly string[] = []): Promise<{ pages: number }> {
  const generation = (r.generations.get(slug) ?? 0) + 1;
  r.generations.set(slug, generation);
  const before = r.rendering.get(slug) ?? Promise.resolve();
  let tell!: (answer: { pages: number }) => void;
  const told = new Promise<{ pages: number }>((resolve) => {
    tell = resolve;
  });
  const run = before.catch(() => {}).then(() => rerenderNow(r, slug, first, () => r.generations.get(slug) !== generation, tell));
  r.rendering.set(slug, run);
  void run
    .finally(() => {
      if (r.rendering.get(slug) === run) r.rendering.delete(slug);
    })
    .catch((err: unknown) => {
      if (first.length > 0) console.error(`[pages] ${slug}: rendering again failed`, err);
    });
  return first.length > 0 ? Promise.race([told, run]) : run;
}

async function rerenderNow(
  r: PageRendering,
  slug: string,
  first: readonly string[],
  superseded: () => boolean,
  tell: (answer: { pages: number }) => void,
): Promise<{ pages: number }> {
  catalogueChanged({ slug });
  const est = await getEstablishment(r.db, { slug });
  const named = est && { establishment_id: est._id, slug, origin: r.live.processId };
  if (named) await r.live.publish({ kind: 'catalogue-changed', ...named });
  await dropEstablishmentPages(slug);
  const urls = await catalogueUrls(r.db, slug);
  const firstUrls = urls.filter((u) => first.includes(u));
  const host = new URL(r.origin()).host;
  let pages = 0;
  // Two at a time: the machine has two cores and brotli at quality 11 is the costly part.
  const renderAll = async (list: readonly string[]) => {
    for (let i = 0; i < list.length && !superseded(); i += 2) {
      const done = await Promise.all(list.slice(i, i + 2).map((u) => renderAndStore(r, u, host)));
      pages += done.filter(Boolean).length;
    }
  };
  const tellOpenPages = async () => {
    if (named) await r.live.publish({ kind: 'catalogue-rendered', ...named, pages_store: r.live.pagesStore });
    tell({ pages });
  };
  if (firstUrls.length > 0) {
    await renderAll(firstUrls);
    await tellOpenPages();
    await renderAll(urls.filter((u) => !firstUrls.includes(u)));
  } else {
    await renderAll(urls);
    // A newer change tells the open pages once it has rendered them all.
    if (!superseded()) await tellOpenPages();
  }
  return { pages };
}

// The catalogue routes a page may be stored for (the page itself still decides with X-Page-Cache);
// anything else (account area, picker, errors) goes straight to Astro, rendered once.
const storable = /^\/(?!(?:selecione|invalid-slug|error)\/?$)[a-z0-9]+(?:-[a-z0-9]+)*(?:\/(?:produto\/[^/]+|categoria\/[^/]+|contato|termos|privacidade))?\/?$/;
function isStorablePath(path: string): boolean {
  return storable.test(path);
}

// Hosts are whatever a client sends: the answers are kept for at most HOST_KINDS_MAX of them (the
// oldest answer goes first), so a stream of made-up hosts costs a bounded map.
const HOST_KINDS_MAX = 1000;
const hostKinds = new Map<string, { known: boolean; at: number }>();
/** Outside production every host may; in production only the product host and mapped domains (cached 60 s). */
async function hostMayUseStoredPages(host: string): Promise<boolean> {
  if (!config.production) return true;
  const hit = hostKinds.get(host);
  if (hit && Date.now() - hit.at < 60_000) return hit.known;
  const known = (await resolveHost(host)).kind !== 'unknown';
  hostKinds.delete(host);
  hostKinds.set(host, { known, at: Date.now() });
  if (hostKinds.size > HOST_KINDS_MAX) hostKinds.delete(hostKinds.keys().next().value as string);
  return known;
}
