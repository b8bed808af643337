// Files served as they are on disk (docs/architecture.md 'One server', 2 and 3): uploads and the
// card thumbnails made from them, the build's hashed assets, the stores' service worker
// (/<slug>/sw.js), and the build's other files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeJoin, serveFile } from './static-files.ts';
import { ensureThumbnail } from './thumbnails.ts';

export interface FileFolders {
  /** The build's browser files (dist/client). */
  clientDir: string;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
}

/** Serves the GET or HEAD request's file when there is one; false when nothing was served (the request goes on to the pages). */
export async function serveFiles(req: IncomingMessage, res: ServerResponse, path: string, folders: FileFolders): Promise<boolean> {
  if (path.startsWith('/uploads/thumbs/')) {
    // A card thumbnail is made from its picture on first request (src/server/thumbnails.ts).
    const file = await ensureThumbnail(folders.uploadsDir, path);
    if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=86400' }))) return true;
  } else if (path.startsWith('/uploads/')) {
    const file = safeJoin(folders.uploadsDir, path.slice('/uploads'.length));
    if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=86400' }))) return true;
  }
  if (STORE_WORKER.test(path)) {
    // A store's service worker (src/service-worker/sw.ts): one build file, answered below each
    // store's path so that its scope is that store's and no other's. Asked again on each visit
    // (no-cache), so a new release reaches the phones that keep the store.
    const file = safeJoin(folders.clientDir, '/sw.js');
    // The worker's own policy: it fetches this site only (the pages, pictures and reads it keeps).
    res.setHeader('Content-Security-Policy', WORKER_POLICY);
    if (file && (await serveFile(req, res, file, { cacheControl: 'no-cache' }))) return true;
  }
  if (path.startsWith('/_astro/')) {
    const file = safeJoin(folders.clientDir, path);
    if (file && (await serveFile(req, res, file, { immutable: true }))) return true;
  }
  if (hasExtension(path)) {
    const file = safeJoin(folders.clientDir, path);
    if (file && (await serveFile(req, res, file, { cacheControl: 'public, max-age=3600' }))) return true;
  }
  return false;
}

/** What a store's service worker may do: fetch this site, nothing else. */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'";
/** /<slug>/sw.js: a store's service worker. */
const STORE_WORKER = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/sw\.js$/;

/** A path naming a file (an extension), never a catalogue page. */
export function hasExtension(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}
