// The API's part of the server's pipeline (docs/architecture.md 'One server', 1): the Hono app
// behind @hono/node-server's listener and compression, and the answer to a body over its limit.
// src/server/main.ts serves the API through it, and so does the tests' API server
// (tests/api/helpers/api-server.ts), so both refuse bodies the same way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { maxBodyBytesFor } from './api/app.ts';
import { config } from './config.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const compress = compression({ threshold: 1024 }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The handler with brotli/gzip compression of its answers over 1 KB. */
export function withCompression(handler: Handler): Handler {
  return (req, res) => compress(req, res, () => handler(req, res));
}

/** The API's request handler for `/api` and `/api/*`: `path` is the request's path without its query. */
export function apiHandler(app: { fetch: Parameters<typeof getRequestListener>[0] }): (req: IncomingMessage, res: ServerResponse, path: string) => void {
  const api = withCompression(getRequestListener(app.fetch));
  return (req, res, path) => {
    // A declared body over the limit is refused without being parsed; the connection is closed
    // so the unread bytes cannot be taken for the next request on a kept-alive socket.
    // The photo upload alone may send more (maxBodyBytesFor).
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytesFor(req.method ?? 'GET', path, config.maxBodyBytes)) {
      refuseOversizedBody(req, res);
      return;
    }
    api(req, res);
  };
}

/** How long a refused body is still read (and dropped) so the client gets to read the 413. */
const LINGER_MS = 2000;

/**
 * Answers 413 to a request whose declared body is too large. Closing the socket at once would
 * reset it under a client still sending, which then sees a broken connection instead of the
 * answer; so the rest of the body is read and dropped for up to LINGER_MS, then the socket closes.
 */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
  res.write('{"message":"payload_too_large"}');
  discardRestOfBody(req, res);
}

/** Reads and drops the rest of the request's body, then ends the answer (closing the socket): when the body ends, or after LINGER_MS. */
function discardRestOfBody(req: IncomingMessage, res: ServerResponse): void {
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
