// Serves files from disk, preferring a precompressed twin (.br, then .gz) the client accepts.
// Hashed assets (/_astro/) are immutable for a year; pages and uploads revalidate by ETag.
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { acceptedCodings, type Coding, etagMatches } from './cache/negotiation.ts';

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
const twinSuffix: Record<Coding, string> = { br: '.br', gzip: '.gz' };

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
export async function fileStat(path: string): Promise<Stats | null> {
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

/** What answers a request for one file: the copy to send (the file or a precompressed twin) and the headers of a 200. */
export interface FileChoice {
  /** The file whose bytes are sent: `path` itself or its .br/.gz twin. */
  path: string;
  /** The requested file's stats (its ETag is made from them). */
  base: Stats;
  /** The sent copy's stats. */
  sent: Stats;
  encoding: Coding | undefined;
  etag: string;
  /** Headers of the 200 answer, Content-Length included. */
  headers: Record<string, string | number>;
}

/** Whether an extension has precompressed twins worth looking for. */
export function isCompressible(path: string): boolean {
  return compressible.has(extname(path));
}

/**
 * Picks the copy of `path` to send to a client accepting `codings` (best first): the first twin
 * (.br, .gz) it accepts that is not older than the file, else the file. Null when the file is missing.
 */
export async function chooseFile(path: string, codings: readonly Coding[], opts: ServeOptions = {}): Promise<FileChoice | null> {
  const base = await fileStat(path);
  if (!base) return null;
  const ext = extname(path);
  let chosen = path;
  let sent = base;
  let encoding: Coding | undefined;
  if (compressible.has(ext)) {
    for (const coding of codings) {
      const twinPath = path + twinSuffix[coding];
      const twin = await fileStat(twinPath);
      if (twin && twin.mtimeMs >= base.mtimeMs - 1000) {
        chosen = twinPath;
        sent = twin;
        encoding = coding;
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
  headers['Content-Length'] = sent.size;
  return { path: chosen, base, sent, encoding, etag, headers };
}

/** The headers of a 304 for a copy whose 200 carries `headers`: the same, without the length. */
export function notModifiedHeaders(headers: Record<string, string | number>): Record<string, string | number> {
  const { 'Content-Length': _length, ...rest } = headers;
  return rest;
}

/** Sends the file (or its .br/.gz twin) and returns true; returns false when it does not exist. */
export async function serveFile(req: IncomingMessage, res: ServerResponse, path: string, opts: ServeOptions = {}): Promise<boolean> {
  const choice = await chooseFile(path, acceptedCodings(req.headers['accept-encoding']), opts);
  if (!choice) return false;
  if (etagMatches(req.headers['if-none-match'], choice.etag)) {
    res.writeHead(304, notModifiedHeaders(choice.headers));
    res.end();
    return true;
  }
  res.writeHead(200, choice.headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(choice.path);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
  return true;
}
