// The demo's pictures in the browser: each home shows its cover with its Portuguese alt text, the
// cards' pictures load, and the cover never becomes the page's largest paint (LCP): the element
// Chrome reports is the one it reports when the cover is left out of the same page.
import { expect, test, type Page } from './fixtures.ts';

const HOMES: { slug: string; alt: string }[] = [
  { slug: 'pizzaria-bella', alt: 'Pizzas Salgadas, Esfihas, Calzones, Bebidas e Sobremesas' },
  { slug: 'mercado-sol-centro', alt: 'Café da Manhã, Encomendas, Rotisseria, Açougue, Frios e Laticínios, Bebidas e Congelados' },
  { slug: 'mercado-sol-praia', alt: 'Bebidas Geladas, Sorvetes e Petiscos' },
];

interface Candidate {
  element: string;
  size: number;
}

/**
 * Every largest-contentful-paint candidate of a fresh load of `path`, read by a PerformanceObserver
 * in the page once the page and its cover have loaded. With `withoutCover`, the cover is not
 * requested and its box is not drawn: the page as it was before there was one.
 */
async function lcpCandidates(page: Page, path: string, withoutCover = false): Promise<Candidate[]> {
  if (withoutCover) await page.route('**/uploads/covers/**', (route) => route.abort());
  await page.addInitScript((hide) => {
    const seen: { element: string; size: number }[] = [];
    (window as unknown as { lcp: typeof seen }).lcp = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
        const el = entry.element;
        const name = el
          ? `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}${el instanceof HTMLImageElement ? ` ${new URL(el.currentSrc).pathname}` : ''}`
          : '(removed)';
        seen.push({ element: name, size: entry.size });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    if (hide) document.addEventListener('DOMContentLoaded', () => document.head.insertAdjacentHTML('beforeend', '<style>.cv{display:none}</style>'));
  }, withoutCover);
  await page.goto(path, { waitUntil: 'load' });
  if (!withoutCover) await expect.poll(() => page.locator('img.cv').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The cards' thumbnails in view load at low priority: let every paint of the first screen land.
  await page.waitForTimeout(800);
  return page.evaluate(() => (window as unknown as { lcp: Candidate[] }).lcp);
}

for (const { slug, alt } of HOMES) {
  test(`${slug}: the home shows its cover with a Portuguese alt text, and card pictures that load`, async ({ page }) => {
    await page.goto(`/${slug}/`);
    const cover = page.getByRole('img', { name: alt, exact: true });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('src', `/uploads/covers/${slug}.webp`);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1120);
    // The cover sits above the title, inside the hero.
    const [coverBox, titleBox] = [await cover.boundingBox(), await page.locator('[data-store-hero] h1').boundingBox()];
    expect(coverBox!.y + coverBox!.height).toBeLessThanOrEqual(titleBox!.y);

    const pictures = page.locator('[data-product-card] [data-product-image]');
    expect(await pictures.count()).toBeGreaterThan(5);
    for (let i = 0; i < 6; i++) {
      const picture = pictures.nth(i);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: `card picture ${i}` })
        .toBeGreaterThan(0);
      expect(await picture.getAttribute('src')).toMatch(new RegExp(`^/uploads/thumbs/256/products/${slug}/[0-9a-f_-]+p?\\.webp\\.webp$`));
    }
  });

  test(`${slug}: the cover never becomes the largest paint; the LCP element is the one of the page without it`, async ({ page }) => {
    const candidates = await lcpCandidates(page, `/${slug}/`);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.filter((c) => c.element.includes('/uploads/covers/'))).toEqual([]);
    const before = await lcpCandidates(await page.context().newPage(), `/${slug}/`, true);
    expect(candidates.at(-1)!.element).toBe(before.at(-1)!.element);
  });
}
