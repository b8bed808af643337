// The headers every answer of the server carries, set before any handler
// (docs/architecture.md 'The demo, production, and what the browser is told').
import type { IncomingMessage, ServerResponse } from 'node:http';
import { arrivedOverTls } from './client-address.ts';
import { config } from './config.ts';
import { DATA_POLICY, PAGE_POLICY, UPLOAD_POLICY, securityHeaders } from './content-security.ts';

/** Sets the security headers for the request's path (`isApi`: /api or /api/*) and names a kept-alive connection. */
export function setCommonHeaders(req: IncomingMessage, res: ServerResponse, path: string, isApi: boolean): void {
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
}

/**
 * Nothing outside /api takes a body (every form and call posts to the API): any other method is
 * answered at once, without reading what it sends, however long and however it is sent.
 */
export function refuseMethod(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  res.end('Método não permitido');
}
