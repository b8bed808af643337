// What happens to the rest of a body the server refused as too large (413). Closing the socket at
// once resets it under a client still sending, and that client then reads a broken connection
// instead of the answer (RFC 9112 §9.6: a server closes "in stages", reading what still comes).
// So the rest is read and dropped, without being kept, for at most LINGER_MS and MAX_DROPPED_BYTES
// (a client that goes on sending megabytes after its answer is not worth the server's reading).
import type { IncomingMessage } from 'node:http';

/** How long a refused body is still read (and dropped) so the client gets to read the 413. */
export const LINGER_MS = 2000;
/** How much of a refused body is read (and dropped) at most. */
export const MAX_DROPPED_BYTES = 4 * 1024 * 1024;

/**
 * Reads and drops the rest of `req`'s body; calls `done(true)` when the body ended within
 * LINGER_MS and MAX_DROPPED_BYTES, else `done(false)`. A reader that stopped reading (Hono's body limit leaves its
 * stream reader behind) is detached first, so what still comes is not queued for it.
 */
export function dropRestOfBody(req: IncomingMessage, done: (ended: boolean) => void): void {
  let settled = false;
  let dropped = 0;
  const settle = (ended: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(ended);
  };
  const timer = setTimeout(() => settle(false), LINGER_MS);
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DROPPED_BYTES) {
      req.pause();
      settle(false);
    }
  });
  req.once('end', () => settle(true));
  req.once('error', () => settle(false));
  req.resume();
}

/**
 * For a body over the limit found while reading it (chunked): drop the rest so the client reads
 * the 413 and, when it ended in time, the connection stays usable for the next request (Node's
 * parser knows where the body ends); a client still sending past the limits loses the connection.
 */
export function lingerOnRefusedBody(req: IncomingMessage | undefined): void {
  if (!req || req.readableEnded) return;
  dropRestOfBody(req, (ended) => {
    if (!ended) req.socket.destroy();
  });
}
