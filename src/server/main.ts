// The one Node server: API, uploads, hashed assets, the stored static catalogue pages, and
// Astro's on-demand handler for everything else. Run: node src/server/main.ts
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { config } from './config.ts';
import { keptValue } from './kept-value.ts';
import { createApi, maxBodyBytesFor } from './api/app.ts';
import { getDatabase, type Database } from './db/database.ts';
import { dropEstablishmentPages, heldPages, keepPagesOfMode, pagesDir, storePage } from './page-store.ts';
import { safeJoin, serveFile } from './static-files.ts';
import { ensureThumbnail } from './thumbnails.ts';
import { catalogueUrls } from './catalogue-urls.ts';
import { resolveHost } from './page-data.ts';
import { catalogueChanged } from './catalogue-events.ts';
import { CATALOGUE_CACHE_BYTES, CatalogueCache, followCatalogueChanges } from './cache/catalogue-cache.ts';
import { getEstablishment } from './db/catalogue-repo.ts';
import { acceptLiveSockets, startLive, type Live } from './live/live.ts';
import { defaultPaymentGateway } from './adapters/select.ts';
import { schedulePaymentJobs } from './services/payment-jobs.ts';
import { pixOnFirstUse } from './adapters/pix-psp.ts';
import { activeEstablishmentPaymentSwitches } from './db/catalogue-repo.ts';
import { DeploymentRefused, deploymentProblems } from './deployment.ts';
import { DATA_POLICY, PAGE_POLICY, UPLOAD_POLICY, securityHeaders } from './content-security.ts';
import { arrivedOverTls } from './client-address.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RunningServer {
  server: Server;
  url: string;
  db: Database;
  /** The live-updates sockets and event bus of this process. */
  live: Live;
  /** Drops and re-renders every stored page of one establishment; resolves to the page count. */
  rerender: (slug: string) => Promise<{ pages: number }>;
  close: () => Promise<void>;
}

const RENDER_HEADER = 'x-internal-render';
const CACHE_HEADER = 'x-page-cache';

function internalToken(): string {
  if (config.internalToken) return config.internalToken;
  // Scripts on this machine (catalogue import) read the token from the data folder. It is kept
  // across restarts, so several servers sharing one data folder agree on it.
  return keptValue(
    join(config.dataDir, 'internal-token'),
    () => randomBytes(24).toString('hex'),
    (token) => token.length >= 32,
  );
}

async function loadAstroHandler(): Promise<Handler> {
  const entry = join(config.distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`No Astro build at ${entry}: run npm run build first.`);
  const mod = await import(pathToFileURL(entry).href);
  // Called without `next`: unmatched routes then get Astro's own 404 page.
  return (req, res) => void mod.handler(req, res);
}

/**
 * Starts the server. `background: false` (the build's short-lived server, which only renders pages)
 * runs none of the background work: no money jobs, no webhook registration at the PSP.
 */
export async function startServer(opts: { port?: number; host?: string; background?: boolean } = {}): Promise<RunningServer> {
  const background = opts.background ?? true;
  const port = opts.port ?? config.port;
  const host = opts.host ?? config.host;
  const { db, engine } = await getDatabase();
  // A server that serves (not the build's, which only renders pages) starts only when it has what
  // the establishments switched on need, or as the demo on loopback (src/server/deployment.ts).
  if (background) {
    const problems = deploymentProblems({ ...config, host }, await activeEstablishmentPaymentSwitches(db), {
      oneTimeCode: config.oneTimeCodeSecret,
    });
    if (problems.length) {
      await db.destroy();
      throw new DeploymentRefused(problems);
    }
  }
  await keepPagesOfMode(config.mode);
  const live = await startLive({ db, engine, databaseUrl: config.databaseUrl, pagesDir });
  const token = internalToken();
  const astro = await loadAstroHandler();
  const compress = compression({ threshold: 1024 }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const withCompression =
    (handler: Handler): Handler =>
    (req, res) =>
      compress(req, res, () => handler(req, res));
  let origin = '';

  /** Renders one page through our own Astro handler over loopback (keeping the Host header). */
  function renderViaLoopback(path: string, host: string): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, method: 'GET', headers: { host, [RENDER_HEADER]: token, 'accept-encoding': 'identity' } },
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

  const inFlight = new Map<string, Promise<boolean>>();
  /** Renders a page and stores it when the page says it may be cached; true when stored. */
  function renderAndStore(path: string, host: string): Promise<boolean> {
    const key = path;
    let p = inFlight.get(key);
    if (!p) {
      p = renderViaLoopback(path, host)
        .then(async (r) => {
          if (r.status !== 200 || !r.headers[CACHE_HEADER]) return false;
          await storePage(path, r.body.toString('utf8'));
          return true;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, p);
    }
    return p;
  }

  /**
   * After an establishment's catalogue, preferences, hours or open state changed in the database:
   * every process drops what it holds about it, this one renders its pages again, and then every
   * open page of it is told 'updated', so a reload finds the new pages already stored.
   */
  const rendering = new Map<string, Promise<unknown>>();
  /** One re-render of an establishment at a time: a second change waits for the first, then renders again, so none drops the folder another is writing into. */
  function rerender(slug: string): Promise<{ pages: number }> {
    const before = rendering.get(slug) ?? Promise.resolve();
    const run = before.catch(() => {}).then(() => rerenderNow(slug));
    rendering.set(slug, run);
    void run
      .finally(() => {
        if (rendering.get(slug) === run) rendering.delete(slug);
      })
      .catch(() => {});
    return run;
  }

  async function rerenderNow(slug: string): Promise<{ pages: number }> {
    catalogueChanged({ slug });
    const est = await getEstablishment(db, { slug });
    const named = est && { establishment_id: est._id, slug, origin: live.processId };
    if (named) await live.publish({ kind: 'catalogue-changed', ...named });
    await dropEstablishmentPages(slug);
    const urls = await catalogueUrls(db, slug);
    const host = new URL(origin).host;
    let pages = 0;
    // Two at a time: the machine has two cores and brotli at quality 11 is the costly part.
    for (let i = 0; i < urls.length; i += 2) {
      const done = await Promise.all(urls.slice(i, i + 2).map((u) => renderAndStore(u, host)));
      pages += done.filter(Boolean).length;
    }
    if (named) await live.publish({ kind: 'catalogue-rendered', ...named, pages_store: live.pagesStore });
    return { pages };
  }

  // Catalogue reads are answered from memory until the establishment's catalogue changes.
  const catalogueCache = new CatalogueCache(CATALOGUE_CACHE_BYTES);
  const stopDropping = followCatalogueChanges(catalogueCache);
  const payments = defaultPaymentGateway(db);
  const pix = pixOnFirstUse();
  // Card validations and order payments: stale charges settled, lapsed validations and charges no
  // order took given back, refunds owed sent (every minute, src/server/services/payment-jobs.ts).
  const stopPaymentJobs = background ? schedulePaymentJobs({ db, payments, pix, publish: live.publish }) : () => {};
  const api = withCompression(
    getRequestListener(createApi({ db, engine, rerender, internalToken: token, catalogueCache, publish: live.publish, payments, pix }).fetch),
  );
  const astroCompressed = withCompression(astro);
  const clientDir = join(config.distDir, 'client');
  const uploadsDir = join(config.dataDir, 'uploads');

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const [path, query] = url.split('?', 2) as [string, string | undefined];
    const isApi = path === '/api' || path.startsWith('/api/');
    const overTls = arrivedOverTls({
      remoteAddress: req.socket.remoteAddress,
      encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
      forwardedProto: req.headers['x-forwarded-proto'] as string | undefined,
    });
    const policy = isApi ? DATA_POLICY : path.startsWith('/uploads/') ? UPLOAD_POLICY : PAGE_POLICY;
    for (const [name, value] of Object.entries(securityHeaders({ policy, hsts: config.production && overTls }))) res.setHeader(name, value);
    // Node answers a kept-alive request with 'Connection: keep-alive' and 'Keep-Alive: timeout=65'.
    // The second tells a client nothing it needs (our idle timeout outlasts any client's) and costs
    // every page 26 bytes of its first TCP window; naming the connection ourselves leaves it out.
    if (req.httpVersion === '1.1' && !/\bclose\b/i.test(String(req.headers.connection ?? ''))) res.setHeader('Connection', 'keep-alive');
    if (isApi) {
      // A declared body over the limit is refused without being parsed; the connection is closed
      // so the unread bytes cannot be taken for the next request on a kept-alive socket.
      // The photo upload alone may send more (maxBodyBytesFor).
      if (Number(req.headers['content-length'] ?? 0) > maxBodyBytesFor(req.method ?? 'GET', path, config.maxBodyBytes)) {
        refuseOversizedBody(req, res);
        return;
      }
      return api(req, res);
    }
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (req.headers[RENDER_HEADER] === token && isLoopback(req)) return astro(req, res);
    // Nothing outside /api takes a body (every form and call posts to the API): any other method is
    // answered at once, without reading what it sends, however long and however it is sent.
    if (!isRead && req.method !== 'OPTIONS') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
      res.end('Método não permitido');
      return;
    }

    if (isRead && path.startsWith('/uploads/thumbs/')) {
      // A card thumbnail is made from its picture on first request (src/server/thumbnails.ts).
      const file = await ensureThumbnail(uploadsDir, path);
      if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=86400' }))) return;
    } else if (isRead && path.startsWith('/uploads/')) {
      const file = safeJoin(uploadsDir, path.slice('/uploads'.length));
      if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=86400' }))) return;
    }
    if (isRead && path.startsWith('/_astro/')) {
      const file = safeJoin(clientDir, path);
      if (file && (await serveFile(req, res, file, { immutable: true }))) return;
    }
    if (isRead && /\.[a-z0-9]+$/i.test(path)) {
      const file = safeJoin(clientDir, path);
      if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=3600' }))) return;
    }
    // Catalogue pages: the stored static file (held in memory) when there is one, else render, store, serve.
    // In production an unknown host never gets a stored page: Astro's middleware redirects it to
    // the tenant's canonical host.
    if (isRead && !query && !/\.[a-z0-9]+$/i.test(path) && (await hostMayUseStoredPages(String(req.headers.host ?? '')))) {
      const folder = safeJoin(pagesDir, path);
      if (folder && (await heldPages.serve(req, res, join(folder, 'index.html')))) return;
      if (
        folder &&
        isStorablePath(path) &&
        (await renderAndStore(path, String(req.headers.host ?? ''))) &&
        (await heldPages.serve(req, res, join(folder, 'index.html')))
      )
        return;
    }
    return astroCompressed(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error('[server]', req.method, req.url, err);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Erro interno');
    });
  });
  // Live updates: /parties/establishment/<id> becomes a WebSocket; any other upgrade is refused.
  acceptLiveSockets(server, live.hub);
  // Idle keep-alive sockets stay open longer than a client or a proxy keeps theirs (60 s is the
  // usual upstream idle timeout): a socket the server closed just as the other side reused it ends
  // that request with ECONNRESET. Shutdown does not wait for them (close() drops every connection).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const addr = server.address() as AddressInfo;
  origin = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${addr.port}`;
  // The PSP tells this server of each Pix received (docs/payments.md 'Pix'); the sandbox PSP is this
  // server itself, so only once it listens. A deployment without Pix (production, no PSP set) skips it.
  if (background && (config.pix.psp === 'api' || config.demo)) {
    void pix
      .registerWebhook(`${config.publicOrigin}/api/pix/webhook`)
      .catch((err: unknown) => console.error('[pix] webhook not registered:', (err as Error).message));
  }
  return {
    server,
    url: origin,
    db,
    live,
    rerender,
    close: async () => {
      stopDropping();
      stopPaymentJobs();
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.destroy();
    },
  };
}

/** How long a refused body is still read (and dropped) so the client gets to read the 413. */
const LINGER_MS = 2000;

/**
 * Answers 413 to a request whose declared body is too large. Closing the socket at once would
 * reset it under a client still sending, which then sees a broken connection instead of the
 * answer; so the rest of the body is read and dropped for up to LINGER_MS, then the socket closes.
 */
function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
  res.write('{"message":"payload_too_large"}');
  // Ending a `Connection: close` response closes the socket.
  const finish = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(finish, LINGER_MS);
  req.once('end', finish);
  req.once('error', finish);
  req.resume();
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

function isLoopback(req: IncomingMessage): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}

if (import.meta.main) {
  const running = await startServer().catch((err: unknown) => {
    if (!(err instanceof DeploymentRefused)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  console.log(`Vitrine no ar: ${running.url}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
