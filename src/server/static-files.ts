// Serves files from disk, preferring a precompressed twin (.br, then .gz) the client accepts.
// Hashed assets (/_astro/) are immutable for a year; pages and uploads revalidate by ETag.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Resolves a URL path inside root, or null for anything that would escape it. */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root + sep) ? full : null;
}

/** The file's stats, or null when it is missing or not a regular file. */
export async function fileStat(path: string) {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

export interface ServeOptions {
  immutable?: boolean;
  /** Cache-Control for non-immutable files. */
  cacheControl?: string;
}

/** Sends the file (or its .br/.gz twin) and returns true; returns false when it does not exist. */
export async function serveFile(req: IncomingMessage, res: ServerResponse, path: string, opts: ServeOptions = {}): Promise<boolean> {
  const base = await fileStat(path);
  if (!base) return false;
  const ext = extname(path);
  const accept = String(req.headers['accept-encoding'] ?? '');
  let chosen = path;
  let encoding: string | undefined;
  let size = base.size;
  if (compressible.has(ext)) {
    for (const [enc, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${enc}\\b`).test(accept)) continue;
      const twin = await fileStat(path + suffix);
      if (twin && twin.mtimeMs >= base.mtimeMs - 1000) {
        chosen = path + suffix;
        encoding = enc;
        size = twin.size;
        break;
      }
    }
  }
  const etag = `"${base.size.toString(36)}-${Math.floor(base.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': types[ext] ?? 'application/octet-stream',
    'Cache-Control': opts.immutable ? 'public, max-age=31536000, immutable' : (opts.cacheControl ?? 'public, no-cache'),
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (compressible.has(ext)) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  headers['Content-Length'] = size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(chosen);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
  return true;
}
