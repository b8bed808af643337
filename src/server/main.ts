// The one Node server: API, uploads, hashed assets, the stored static catalogue pages, and
// Astro's on-demand handler for everything else. Run: node src/server/main.ts
// The request pipeline's parts live beside it: serve-headers.ts, serve-api.ts, serve-files.ts,
// serve-pages.ts and serve-astro.ts, in the order handle() runs them.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { config } from './config.ts';
import { keptValue } from './kept-value.ts';
import { createApi } from './api/app.ts';
import { getDatabase, type Database } from './db/database.ts';
import { keepPagesOfMode, pagesDir } from './page-store.ts';
import { CATALOGUE_CACHE_BYTES, CatalogueCache, followCatalogueChanges } from './cache/catalogue-cache.ts';
import { acceptLiveSockets, startLive, type Live } from './live/live.ts';
import { defaultPaymentGateway } from './adapters/select.ts';
import { schedulePaymentJobs } from './services/payment-jobs.ts';
import { pixOnFirstUse, type PixPsp } from './adapters/pix-psp.ts';
import { activeEstablishmentPaymentSwitches } from './db/catalogue-repo.ts';
import { DeploymentRefused, deploymentProblems } from './deployment.ts';
import { apiHandler, withCompression, type Handler } from './serve-api.ts';
import { refuseMethod, setCommonHeaders } from './serve-headers.ts';
import { serveFiles, type FileFolders } from './serve-files.ts';
import { pageRendering, rerender, serveStoredPage, type PageRendering } from './serve-pages.ts';
import { isInternalRender, loadAstroHandler } from './serve-astro.ts';

export interface RunningServer {
  server: Server;
  url: string;
  db: Database;
  /** The live-updates sockets and event bus of this process. */
  live: Live;
  /** Drops and re-renders every stored page of one establishment; resolves to the page count. */
  rerender: (slug: string, first?: readonly string[]) => Promise<{ pages: number }>;
  close: () => Promise<void>;
}

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

/** What handle() answers with: the pipeline's parts, made once per server. */
interface Pipeline {
  token: string;
  api: ReturnType<typeof apiHandler>;
  astro: Handler;
  astroCompressed: Handler;
  folders: FileFolders;
  pages: PageRendering;
}

/** One request through the pipeline, in the order docs/architecture.md 'One server' gives. */
async function handle(p: Pipeline, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const isApi = path === '/api' || path.startsWith('/api/');
  setCommonHeaders(req, res, path, isApi);
  if (isApi) return p.api(req, res, path);
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  if (isInternalRender(req, p.token)) return p.astro(req, res);
  if (!isRead && req.method !== 'OPTIONS') return refuseMethod(res);
  if (isRead && (await serveFiles(req, res, path, p.folders))) return;
  // Catalogue pages: the stored static file (held in memory) when there is one, else render, store, serve.
  if (isRead && !query && (await serveStoredPage(p.pages, req, res, path))) return;
  return p.astroCompressed(req, res);
}

/** The HTTP server over the pipeline: a failed request is a 500, a WebSocket upgrade goes to the live updates. */
function createHttpServer(p: Pipeline, live: Live): Server {
  const server = createServer((req, res) => {
    handle(p, req, res).catch((err) => {
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
  return server;
}

/** A server that serves (not the build's, which only renders pages) starts only when it has what the establishments switched on need, or as the demo on loopback (src/server/deployment.ts). */
async function refuseIncompleteDeployment(db: Database, host: string): Promise<void> {
  const problems = deploymentProblems({ ...config, host }, await activeEstablishmentPaymentSwitches(db), {
    oneTimeCode: config.oneTimeCodeSecret,
  });
  if (problems.length) {
    await db.destroy();
    throw new DeploymentRefused(problems);
  }
}

/**
 * The PSP tells this server of each Pix received (docs/payments.md 'Pix'); the sandbox PSP is this
 * server itself, so only once it listens. A deployment without Pix (production, no PSP set) skips it.
 */
function registerPixWebhook(pix: PixPsp): void {
  if (config.pix.psp !== 'api' && !config.demo) return;
  void pix
    .registerWebhook(`${config.publicOrigin}/api/pix/webhook`)
    .catch((err: unknown) => console.error('[pix] webhook not registered:', (err as Error).message));
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
  if (background) await refuseIncompleteDeployment(db, host);
  await keepPagesOfMode(config.mode);
  const live = await startLive({ db, engine, databaseUrl: config.databaseUrl, pagesDir });
  const token = internalToken();
  const astro = await loadAstroHandler();
  let server: Server | undefined;
  let origin = '';
  const pages = pageRendering({ db, live, token, port: () => (server!.address() as AddressInfo).port, origin: () => origin });
  const rerenderPages = (slug: string, first?: readonly string[]) => rerender(pages, slug, first);

  // Catalogue reads are answered from memory until the establishment's catalogue changes.
  const catalogueCache = new CatalogueCache(CATALOGUE_CACHE_BYTES);
  const stopDropping = followCatalogueChanges(catalogueCache);
  const payments = defaultPaymentGateway(db);
  const pix = pixOnFirstUse();
  // Card validations and order payments: stale charges settled, lapsed validations and charges no
  // order took given back, refunds owed sent (every minute, src/server/services/payment-jobs.ts).
  const stopPaymentJobs = background ? schedulePaymentJobs({ db, payments, pix, publish: live.publish }) : () => {};
  const api = apiHandler(createApi({ db, engine, rerender: rerenderPages, internalToken: token, catalogueCache, publish: live.publish, payments, pix }));
  const folders = { clientDir: join(config.distDir, 'client'), uploadsDir: join(config.dataDir, 'uploads') };
  const listening = createHttpServer({ token, api, astro, astroCompressed: withCompression(astro), folders, pages }, live);
  server = listening;
  await new Promise<void>((resolve) => listening.listen(port, host, resolve));
  const addr = listening.address() as AddressInfo;
  origin = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${addr.port}`;
  if (background) registerPixWebhook(pix);
  return {
    server: listening,
    url: origin,
    db,
    live,
    rerender: rerenderPages,
    close: async () => {
      stopDropping();
      stopPaymentJobs();
      await live.close();
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
      await db.destroy();
    },
  };
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
