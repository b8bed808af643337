// Card thumbnails (and the tab icon, and the product page's sharp picture on a phone): a product
// card shows its picture at 128 px on phones and 180 px from 768 px, so it is sent a WebP
// at twice those widths (256, 360) derived from the product's picture, instead of the picture itself. A catalogue's pictures may be large photos or SVGs: a
// photo would cost far more bytes than a 128 px box needs on a slow connection, and every SVG is
// parsed, styled and laid out as a document on the page's main thread (measured in
// docs/benchmarks.md), which a raster picture is not.
//
// The thumbnail of `/uploads/<path>` is `/uploads/thumbs/<width>/<path>.webp`: the server makes it
// from the picture on its first request and keeps it (src/server/thumbnails.ts). Pictures hosted
// elsewhere are used as they are.

/** Widths a card thumbnail is made at: 2x the card's 128 px (phones) and 180 px (from 768 px). */
export const CARD_THUMB_WIDTHS = [256, 360] as const;
/**
 * The tab icon's side: 16 CSS pixels at 2x. A raster icon, not the establishment's SVG: the browser
 * draws an SVG tab icon in a document of its own on the page's main thread once the page has loaded,
 * a 15 to 60 ms task on a slow phone that Lighthouse counts as blocking time; a small WebP is only
 * decoded. Named by URL rather than carried in the page as a data URI: its 0.45 KB of base64, which
 * brotli cannot pack, kept the larger homes past the first TCP window (the product page, whose
 * largest paint is a picture, carries it: see inlineTabIcon in src/layouts/StoreLayout.astro).
 */
export const TAB_ICON_WIDTH = 32;
/**
 * The product page's picture on a phone: its box is 366 CSS px on a 390 px phone, so a 2x screen
 * wants at least 732 px. The page paints a compact 384 px copy first (src/server/inline-image.ts)
 * and brings this one after load (src/page-scripts/sharp-picture.ts).
 */
export const PAGE_PICTURE_WIDTH = 768;
export type ThumbWidth = (typeof CARD_THUMB_WIDTHS)[number] | typeof TAB_ICON_WIDTH | typeof PAGE_PICTURE_WIDTH;
const THUMB_WIDTHS: readonly number[] = [TAB_ICON_WIDTH, ...CARD_THUMB_WIDTHS, PAGE_PICTURE_WIDTH];

const UPLOADS = '/uploads/';
const THUMBS = '/uploads/thumbs/';
/** Picture formats a thumbnail can be made from. */
const SOURCE = /\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/** The thumbnail URL of a picture under /uploads, or null when there is none to make. */
export function thumbnailUrl(src: string, width: ThumbWidth): string | null {
  if (!src.startsWith(UPLOADS) || src.startsWith(THUMBS) || !SOURCE.test(src) || /[?#]/.test(src)) return null;
  return `${THUMBS}${width}/${src.slice(UPLOADS.length)}.webp`;
}

/** What a thumbnail path asks for: its width and the picture's path, or null for any other path. */
export function parseThumbnailPath(path: string): { width: ThumbWidth; source: string } | null {
  const m = /^\/uploads\/thumbs\/(\d+)\/(.+)\.webp$/.exec(path);
  if (!m || climbsOut(m[2]!)) return null;
  const width = Number(m[1]) as ThumbWidth;
  const source = UPLOADS + m[2]!;
  if (!THUMB_WIDTHS.includes(width) || thumbnailUrl(source, width) !== path) return null;
  return { width, source };
}

/** True when a path, decoded, has a '..' segment (or cannot be decoded): it could leave its folder. */
function climbsOut(path: string): boolean {
  try {
    return decodeURIComponent(path).split(/[/\\]/).includes('..');
  } catch {
    return true;
  }
}

/** The card's <img> attributes: the thumbnails with their widths when they can be made, else the picture. */
export function cardImage(src: string): { src: string; srcset?: string; sizes?: string } {
  const [small, large] = CARD_THUMB_WIDTHS.map((w) => thumbnailUrl(src, w));
  if (!small || !large) return { src };
  return {
    src: small,
    srcset: `${small} ${CARD_THUMB_WIDTHS[0]}w, ${large} ${CARD_THUMB_WIDTHS[1]}w`,
    sizes: '(min-width: 768px) 180px, 128px',
  };
}

/** A picture shown smaller than a card (a cart line, a suggestion): its smallest card thumbnail, or the picture itself. */
export function smallPicture(src: string): string {
  return thumbnailUrl(src, CARD_THUMB_WIDTHS[0]) ?? src;
}

/** The establishment's tab icon: its 32 px WebP when it can be made, else the icon as it is. */
export function tabIconUrl(src: string): string {
  return thumbnailUrl(src, TAB_ICON_WIDTH) ?? src;
}
