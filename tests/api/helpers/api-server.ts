// A server process for tests and benchmarks that need real HTTP and real processes: the API
// exactly as src/server/main.ts serves it (createApi behind src/server/serve-api.ts: the same
// listener, compression and refusal of oversized bodies), without Astro (no build needed), plus GET /ok, a bare Hono route that is the
// ceiling a benchmark compares the API with, GET /cpu (the process's CPU time) and GET /memory (its resident memory). The database comes from the environment like the
// real server's (DATABASE_URL, else DATA_DIR/storefront.sqlite). Prints `listening <url>` once ready.
//   node tests/api/helpers/api-server.ts            (PORT=0 picks a free port)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { createApi } from '../../../src/server/api/app.ts';
import { apiHandler } from '../../../src/server/serve-api.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import { CATALOGUE_CACHE_BYTES, CatalogueCache, followCatalogueChanges } from '../../../src/server/cache/catalogue-cache.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const { db, engine } = await openDatabase();
const catalogueCache = new CatalogueCache(CATALOGUE_CACHE_BYTES);
followCatalogueChanges(catalogueCache);
const api = apiHandler(createApi({ db, engine, catalogueCache }));
const ok = getRequestListener(new Hono().get('/ok', (c) => c.text('ok')).fetch) as Handler;

const server = createServer((req, res) => {
  if (req.url === '/ok') return ok(req, res);
  // The process's CPU time so far (µs), for benchmarks that want a figure independent of the machine's load.
  // The process's resident memory (bytes), for tests that a request's memory stays bounded.
  if (req.url === '/memory') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ rss: process.memoryUsage().rss }));
  }
  if (req.url === '/cpu') {
    const { user, system } = process.cpuUsage();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ user, system }));
  }
  api(req, res, (req.url ?? '/').split('?', 1)[0]!);
});
// As src/server/main.ts keeps them (an idle socket outlives the client's, so a reused one is never cut under a request).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
await new Promise<void>((resolve) => server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
console.log(`listening http://127.0.0.1:${port}`);

const stop = () => {
  server.close();
  server.closeAllConnections();
  void db.destroy().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
