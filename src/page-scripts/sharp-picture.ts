// The product page's picture on a phone arrives inside the HTML as a compact 384 px copy, so it
// paints with the text (src/server/inline-image.ts, docs/benchmarks.md); its box is 366 CSS px on a
// 390 px phone, so a 2x or 3x screen shows it soft. Once the page's scripts run (after load and the
// first paint), the picture's 768 px copy (PAGE_PICTURE_WIDTH, made by the server from the picture
// the <source> of wider screens names, never larger than the picture) is fetched at low priority in
// idle time and decoded, and only then takes the compact one's place, when it has more pixels:
// nothing flashes or moves, and the page's largest paint stays the compact copy's (the same box,
// painted first). The page carries nothing for it. Not fetched where the compact copy has pixels
// enough (a 1x screen), where the picture itself is shown (wider screens), nor with Save-Data.
import { PAGE_PICTURE_WIDTH, thumbnailUrl } from '../lib/thumbnails.ts';

interface SaveData {
  connection?: { saveData?: boolean };
}

/** Puts the sharp copy of the product page's picture in place of its compact one, when the screen needs it. */
export function startSharpPictures(): void {
  const img = document.querySelector<HTMLImageElement>('[data-product-page] picture > img[data-product-image]');
  const picture = img?.parentElement?.querySelector('source')?.getAttribute('srcset');
  const url = picture ? thumbnailUrl(picture, PAGE_PICTURE_WIDTH) : null;
  if (!img || !url || (navigator as SaveData).connection?.saveData) return;
  const wanted = () => img.currentSrc.startsWith('data:') && img.clientWidth * devicePixelRatio > img.naturalWidth;
  if (!wanted()) return;
  const idle: (run: () => void) => void = window.requestIdleCallback ?? ((run) => setTimeout(run, 0));
  idle(() => {
    const sharp = new Image();
    sharp.fetchPriority = 'low';
    sharp.src = url;
    sharp.decode().then(
      () => {
        if (wanted() && sharp.naturalWidth > img.naturalWidth) img.src = url;
      },
      // A copy that fails to arrive leaves the compact one, which is the whole picture.
      () => undefined,
    );
  });
}
