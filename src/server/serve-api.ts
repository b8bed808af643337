// The API's part of the server's pipeline (docs/architecture.md 'One server', 1): the Hono app
// behind @hono/node-server's listener and compression, and the answer to a body over its limit.
// src/server/main.ts serves the API through it, and so does the tests' API server
// (tests/api/helpers/api-server.ts), so both refuse bodies the same way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { maxBodyBytesFor } from './api/app.ts';
import { config } from './config.ts';
import { dropRestOfBody } from './api/refused-body.ts';

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

/**
 * Answers 413 to a request whose declared body is too large, then reads and drops the rest of the
 * body (refused-body.ts) before ending the answer, which closes the socket (`Connection: close`).
 */
export function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
  res.write('{"message":"payload_too_large"}');
  dropRestOfBody(req, () => {
    if (!res.writableEnded) res.end();
  });
}
