// Small images inlined as data URIs in the page: the header's logo (a small SVG upload) then paints
// with the HTML instead of waiting one more round trip on a slow connection, and a product page
// carries a compact copy of its picture (its largest paint on a phone) and its tab icon (see
// inlineTabIcon in src/layouts/StoreLayout.astro).
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
 * The establishment's icon (an upload in any image format) as a 32x32 WebP data URI for the
 * <link rel="icon"> of a page that carries it (the same picture as its URL, tabIconUrl in
 * src/lib/thumbnails.ts, names); the path itself when it is not an upload or cannot be read.
 * About 600 characters, less than the SVG's data URI.
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

/**
 * The compact copy of a product picture a phone's product page inlines: its side (the picture box
 * is 366 CSS px on a 390 px phone), the AVIF qualities tried in turn, and the most bytes it may
 * have. The picture is the page's largest paint: requested, even at high priority, it arrived one
 * round trip after the HTML on a slow connection (LCP 1.13x the page's text-only baseline);
 * inlined, it paints with the text. The byte budget keeps a pizza's page (its options listed) in
 * the first TCP window with its picture (docs/benchmarks.md); a picture that does not fit is
 * requested as before.
 */
export const INLINE_PICTURE = { side: 384, qualities: [40, 30], maxBytes: 2400 } as const;

/** A compact AVIF of a picture for inlining (INLINE_PICTURE), or null when none fits its byte budget. */
export async function compactPicture(bytes: Buffer, isSvg = false): Promise<Buffer | null> {
  for (const quality of INLINE_PICTURE.qualities) {
    const avif = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error', density: isSvg ? 144 : undefined })
      .rotate()
      .resize(INLINE_PICTURE.side, INLINE_PICTURE.side, { fit: 'cover' })
      .avif({ quality, effort: 4 })
      .toBuffer();
    if (avif.length <= INLINE_PICTURE.maxBytes) return avif;
  }
  return null;
}

/**
 * Where the compact copy of an upload is kept, made once: DATA_DIR/inline-pictures/<path under
 * /uploads>.avif, an empty file when none fits. The demo seed writes it with the picture.
 */
export function inlinePictureFile(dataDir: string, src: string): string | null {
  if (!src.startsWith('/uploads/')) return null;
  return safeJoin(join(dataDir, 'inline-pictures'), `${src.slice('/uploads'.length)}.avif`);
}

const pictureCache = new Map<string, { mtimeMs: number; src: Promise<string | null> }>();

/**
 * A product picture under /uploads as a data: URI of its compact AVIF copy, or null when it has
 * none that fits (or cannot be read): the page then requests the picture itself.
 */
export function inlinePicture(src: string): Promise<string | null> {
  const upload = uploadedFile(src);
  const file = upload && inlinePictureFile(config.dataDir, src);
  if (!upload || !file) return Promise.resolve(null);
  const hit = pictureCache.get(upload.file);
  if (hit && hit.mtimeMs === upload.mtimeMs) return hit.src;
  const made = keptOrMade(upload.file, upload.mtimeMs, file).then(
    (avif) => (avif ? `data:image/avif;base64,${avif.toString('base64')}` : null),
    (err: unknown) => {
      console.error('[inline-image] cannot make', file, err instanceof Error ? err.message : err);
      return null;
    },
  );
  pictureCache.set(upload.file, { mtimeMs: upload.mtimeMs, src: made });
  return made;
}

/** The kept compact copy when it is newer than its picture, else a new one (kept for next time). */
async function keptOrMade(source: string, sourceMtimeMs: number, file: string): Promise<Buffer | null> {
  const kept = await stat(file).catch(() => null);
  if (kept?.isFile() && kept.mtimeMs >= sourceMtimeMs) {
    const bytes = await readFile(file);
    return bytes.length > 0 ? bytes : null;
  }
  const avif = await compactPicture(await readFile(source), source.toLowerCase().endsWith('.svg'));
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, avif ?? Buffer.alloc(0));
  await rename(temp, file);
  return avif;
}
