// Astro's on-demand handler (docs/architecture.md 'One server', 5): everything no other part of
// the pipeline answered, and the loopback renders the stored pages are made from.
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { config } from './config.ts';
import type { Handler } from './serve-api.ts';

/** The header a loopback render carries, with the internal token, so it reaches Astro itself. */
export const RENDER_HEADER = 'x-internal-render';

export async function loadAstroHandler(): Promise<Handler> {
  const entry = join(config.distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`No Astro build at ${entry}: run npm run build first.`);
  const mod = await import(pathToFileURL(entry).href);
  // Called without `next`: unmatched routes then get Astro's own 404 page.
  return (req, res) => void mod.handler(req, res);
}

/** A render of this server by itself over loopback (renderViaLoopback in serve-pages.ts), answered by Astro directly. */
export function isInternalRender(req: IncomingMessage, token: string): boolean {
  return req.headers[RENDER_HEADER] === token && isLoopback(req);
}

function isLoopback(req: IncomingMessage): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}
