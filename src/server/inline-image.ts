// Small SVG uploads (logos) inlined as data URIs in the page: the header's logo then paints with
// the HTML instead of waiting one more round trip on a slow connection.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { config } from './config.ts';
import { safeJoin } from './static-files.ts';

const MAX_INLINE_BYTES = 2048;
const cache = new Map<string, { mtimeMs: number; src: string }>();

/** A data: URI for an SVG under /uploads of at most 2 KB; the path itself otherwise. */
export function inlineSmallSvg(src: string): string {
  if (!src.startsWith('/uploads/') || !src.endsWith('.svg')) return src;
  const file = safeJoin(join(config.dataDir, 'uploads'), src.slice('/uploads'.length));
  if (!file) return src;
  try {
    const { size, mtimeMs } = statSync(file);
    if (size > MAX_INLINE_BYTES) return src;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.src;
    const svg = readFileSync(file, 'utf8');
    // Only the characters a URL cannot carry are escaped: the rest stays text that brotli packs
    // far better than %XX sequences (quotes are escaped by the HTML attribute itself).
    const uri = 'data:image/svg+xml,' + svg.replace(/\s+/g, ' ').replace(/[%#<>{}|\\^`[\]]/g, (c) => encodeURIComponent(c));
    cache.set(file, { mtimeMs, src: uri });
    return uri;
  } catch {
    return src;
  }
}
