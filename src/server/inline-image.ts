// Small images inlined as data URIs in the page: the header's logo (a small SVG upload) then paints
// with the HTML instead of waiting one more round trip on a slow connection, and the tab icon costs
// no request.
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_DECODED_PIXELS } from './adapters/image-storage.ts';
import { config } from './config.ts';
import { safeJoin } from './static-files.ts';

const MAX_INLINE_BYTES = 2048;
const cache = new Map<string, { mtimeMs: number; src: string }>();

/** The file an /uploads path names, with its size and modification time; null when it is not an upload or cannot be read. */
function uploadedFile(src: string): { file: string; size: number; mtimeMs: number } | null {
  if (!src.startsWith('/uploads/')) return null;
  const file = safeJoin(join(config.dataDir, 'uploads'), src.slice('/uploads'.length));
  if (!file) return null;
  try {
    const { size, mtimeMs } = statSync(file);
    return { file, size, mtimeMs };
  } catch {
    return null;
  }
}

/** A data: URI for an SVG under /uploads of at most 2 KB; the path itself otherwise. */
export function inlineSmallSvg(src: string): string {
  const upload = src.endsWith('.svg') ? uploadedFile(src) : null;
  if (!upload || upload.size > MAX_INLINE_BYTES) return src;
  const { file, mtimeMs } = upload;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.src;
  try {
    const svg = readFileSync(file, 'utf8');
    // Only the characters a URL cannot carry are escaped: the rest stays text that brotli packs
    // far better than %XX sequences (quotes are escaped by the HTML attribute itself).
    const uri = `data:image/svg+xml,${svg.replace(/\s+/g, ' ').replace(/[%#<>{}|\\^`[\]]/g, (c) => encodeURIComponent(c))}`;
    cache.set(file, { mtimeMs, src: uri });
    return uri;
  } catch {
    return src;
  }
}

/** The tab icon's side in pixels: 16 CSS pixels at 2x. */
const ICON_SIDE = 32;
const iconCache = new Map<string, { mtimeMs: number; src: Promise<string> }>();

/**
 * The establishment's icon (an upload in any image format) as a 32x32 WebP data URI for
 * <link rel="icon">; the path itself when it is not an upload or cannot be read. Not the SVG: the
 * browser draws an SVG tab icon in the page's own process, in a document of its own, once the page
 * has loaded, a main-thread task of 15 to 60 ms on a slow phone (Lighthouse counted it as blocking
 * time); a small WebP only needs decoding. About 600 characters, less than the SVG's data URI.
 */
export function inlineIcon(src: string): Promise<string> {
  const upload = uploadedFile(src);
  if (!upload) return Promise.resolve(src);
  const { file, mtimeMs } = upload;
  const hit = iconCache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.src;
  const made = rasterIcon(file).then(
    (bytes) => `data:image/webp;base64,${bytes.toString('base64')}`,
    () => src,
  );
  iconCache.set(file, { mtimeMs, src: made });
  return made;
}

async function rasterIcon(file: string): Promise<Buffer> {
  const bytes = await readFile(file);
  // An SVG is drawn at 72 dpi unless told otherwise: one drawn at 64 px or so would then be
  // scaled as pixels; drawn denser, it stays sharp at 32.
  const density = file.toLowerCase().endsWith('.svg') ? 144 : undefined;
  return sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error', density })
    .resize(ICON_SIDE, ICON_SIDE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}
