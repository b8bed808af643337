// Makes the card thumbnails of src/lib/thumbnails.ts (and the product page's 768 px copy) on their
// first request and keeps them next to the uploads (DATA_DIR/uploads/thumbs/<width>/<picture
// path>.webp), as an image CDN would: no build step, and a catalogue imported while the server
// runs gets its thumbnails too. A picture changed after its thumbnail was made (a re-import) gets a
// new one on the next request.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { PAGE_PICTURE_WIDTH, parseThumbnailPath, type ThumbWidth } from '../lib/thumbnails.ts';
import { MAX_DECODED_PIXELS } from './adapters/image-storage.ts';
import { fileStat, safeJoin } from './static-files.ts';

const WEBP_QUALITY = 75;

/** Thumbnails being made, by file: concurrent requests for one wait for the same work. */
const making = new Map<string, Promise<boolean>>();

/**
 * The file of the thumbnail a request path names, made first when it is missing or older than its
 * picture; null when the path is not a thumbnail's or there is no picture to make it from.
 */
export async function ensureThumbnail(uploadsDir: string, urlPath: string): Promise<string | null> {
  const wanted = parseThumbnailPath(urlPath);
  if (!wanted) return null;
  const source = safeJoin(uploadsDir, wanted.source.slice('/uploads'.length));
  const target = safeJoin(uploadsDir, urlPath.slice('/uploads'.length));
  if (!source || !target) return null;
  const picture = await fileStat(source);
  if (!picture) return null;
  const made = await fileStat(target);
  if (made && made.mtimeMs >= picture.mtimeMs) return target;
  let job = making.get(target);
  if (!job) {
    job = makeThumbnail(source, target, wanted.width).finally(() => making.delete(target));
    making.set(target, job);
  }
  return (await job) ? target : null;
}

async function makeThumbnail(source: string, target: string, width: ThumbWidth): Promise<boolean> {
  try {
    // Read here rather than by path: the image library caches what it opened by file name, and
    // a re-imported picture keeps its name.
    const bytes = await readFile(source);
    // An SVG is drawn at 72 dpi by default: one smaller than the thumbnail is drawn denser instead
    // of being enlarged as pixels.
    let density: number | undefined;
    if (source.toLowerCase().endsWith('.svg')) {
      const meta = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS }).metadata();
      const side = Math.min(meta.width ?? width, meta.height ?? width);
      if (side > 0 && side < width) density = Math.min(72 * (width / side), 2400);
    }
    const data = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error', density })
      .rotate() // the EXIF orientation; no metadata is copied to the thumbnail
      // The product page's copy is there to be sharper than its compact one: a photo smaller than
      // it is re-encoded at its own size, not enlarged (the page shows it cropped to its square).
      .resize(width, width, { fit: 'cover', withoutEnlargement: width === PAGE_PICTURE_WIDTH })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
    return true;
  } catch (err) {
    console.error('[thumbnails] cannot make', target, err instanceof Error ? err.message : err);
    return false;
  }
}
