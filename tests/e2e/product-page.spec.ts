// The product page as a customer first meets it, on a phone (390x844) and a desktop (1280x800):
// 'Adicionar' within reach however long the options list is, the bottom cart bar stacked above it
// rather than over it, and the product's picture arriving with the page on a phone, sharp after load.
import { expect, test, type Page } from './fixtures.ts';
import { isMobile } from './helpers.ts';

/** The product page of a pizzaria-bella product, reached as a customer does: its card's link on the home. */
async function openProductPage(page: Page, name: string): Promise<string> {
  await page.goto('/pizzaria-bella/');
  const href = await page.locator('[data-category-section] [data-product-link]').filter({ hasText: name }).first().getAttribute('href');
  expect(href).toMatch(/^\/pizzaria-bella\/produto\//);
  await page.goto(href!, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return href!;
}

/** The element's box in the viewport, after layout. */
async function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    });
}

test("'Adicionar' is within reach on a phone at load and after scrolling the options, opens the product, and the cart bar stacks above it; on a desktop it stays beside the product [R-2.4] [R-2.47]", async ({
  page,
}) => {
  await openProductPage(page, 'Pizza Calabresa');
  const add = page.getByRole('button', { name: 'Adicionar Pizza Calabresa ao pedido', exact: true });
  await expect(add).toHaveCount(1);
  const bar = page.locator('[data-product-actions]');
  if (isMobile(page)) {
    await expect(add).toBeInViewport();
    await expect(bar).toContainText('A partir de R$');
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // Scrolled down through the options (the button sat about 2,800 px down) and to the very end.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await expect(add).toBeInViewport();
    // To the very end (cards laid out only as they near the viewport may still grow the page a little).
    await expect(async () => {
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight - Math.ceil(scrollY))).toBeLessThanOrEqual(
        1,
      );
    }).toPass();
    await expect(add).toBeInViewport();
    // The end of the page is not hidden under the bar.
    const footer = await box(page, 'footer');
    expect(footer.bottom).toBeLessThanOrEqual((await box(page, '[data-product-actions]')).top + 1);
  } else {
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    // The price beside the button is the phone bar's; the page shows its own price block.
    await expect(bar.locator('.pa-p')).toBeHidden();
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeInViewport();
  }

  await add.click();
  const modal = page.getByRole('dialog', { name: 'Pizza Calabresa' });
  await expect(modal).toHaveAttribute('data-state', 'ready');
  await modal.getByRole('radio', { name: /^Grande/ }).check();
  await modal.locator('[data-add-submit]').click();
  await expect(modal).toBeHidden();
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');

  if (isMobile(page)) {
    // The cart bar and the product's bar, both on screen, one above the other.
    const cartBar = page.locator('[data-cart-bar]');
    await expect(cartBar).toBeVisible();
    await expect(cartBar).toBeInViewport();
    await expect(add).toBeInViewport();
    const [cart, product] = [await box(page, '[data-cart-bar]'), await box(page, '[data-product-actions]')];
    expect(cart.bottom).toBeLessThanOrEqual(product.top + 1);
    expect(product.bottom).toBeLessThanOrEqual(page.viewportSize()!.height + 1);
    // Both still answer: the cart bar opens the cart.
    await cartBar.getByRole('button').click();
    await expect(page.getByRole('dialog', { name: 'Meu carrinho' })).toBeVisible();
  }
});

test("a phone's product page carries its picture in the HTML, which paints as the page's largest element with no request, then brings a sharp copy at twice its box once loaded; a desktop requests the full picture [R-2.4]", async ({
  page,
}) => {
  const pictures: string[] = [];
  const requested = () => pictures.slice();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/uploads/products/') || path.startsWith('/uploads/thumbs/768/')) pictures.push(path);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { lcp: string[] }).lcp = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[])
        seen.push(e.element?.matches('[data-product-image]') ? `picture ${e.url.slice(0, 15)}` : String(e.element?.tagName));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // The sharp copy is held until the first state has been read.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/uploads/thumbs/768/**', async (route) => {
    await held;
    await route.continue();
  });
  await openProductPage(page, 'Pizza Calabresa');
  const img = page.locator('[data-product-page] [data-product-image]');
  const shown = () =>
    img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, width: el.naturalWidth, css: el.getBoundingClientRect().width, dpr: devicePixelRatio }));
  const lcp = () => page.evaluate(() => (window as unknown as { lcp: string[] }).lcp.slice());
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  if (isMobile(page)) {
    const first = await shown();
    expect(first.src.startsWith('data:image/avif;base64,')).toBe(true);
    // As wide as the box it fills, give or take the page's padding.
    expect(first.width).toBeGreaterThanOrEqual(first.css - 8);
    // Loaded: the picture itself was never requested (the load event waits for the page's images).
    expect(requested().filter((path) => path.startsWith('/uploads/products/'))).toEqual([]);
    await expect.poll(async () => (await lcp()).at(-1)).toBe('picture data:image/avif');
    const paints = await lcp();

    // Then, after load, the sharp copy of the picture wider screens are sent: at least twice the
    // box's CSS width, as this 2.6x screen needs.
    const full = await page.locator('[data-product-page] picture source').getAttribute('srcset');
    const sharp = `/uploads/thumbs/768${full!.slice('/uploads'.length)}.webp`;
    expect(sharp).toMatch(/^\/uploads\/thumbs\/768\/products\/pizzaria-bella\/[0-9a-f-]+p?\.webp\.webp$/);
    release();
    await expect.poll(async () => new URL((await shown()).src).pathname).toBe(sharp);
    // Asked for after the load event.
    const timing = await page.evaluate((path) => {
      const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === path);
      return { started: entry?.startTime ?? -1, loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd };
    }, sharp!);
    expect(timing.started).toBeGreaterThan(timing.loaded);
    const now = await shown();
    expect(now.width).toBe(768);
    expect(now.width).toBeGreaterThanOrEqual(2 * now.css);
    expect(now.css).toBe(first.css);
    expect(requested()).toEqual([sharp]);
    // The page's largest paint is still the compact copy's: the sharp one painted in the same box added no entry.
    await page.waitForTimeout(500);
    expect(await lcp()).toEqual(paints);

    // As wide as Lighthouse's phone (412 px): the picture is drawn no wider than the compact copy's
    // 384 px, so the browser does not count the compact copy as enlarged, nor the sharp one as a
    // larger paint after it.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.reload({ waitUntil: 'load' });
    await expect.poll(async () => (await shown()).src.startsWith('data:')).toBe(false);
    expect((await shown()).css).toBe(384);
    await page.waitForTimeout(500);
    expect((await lcp()).filter((paint) => paint.startsWith('picture'))).toEqual(['picture data:image/avif']);
  } else {
    release();
    const full = await shown();
    expect(new URL(full.src).pathname).toMatch(/^\/uploads\/products\/pizzaria-bella\/[0-9a-f-]+p?\.webp$/);
    expect(full.width).toBe(768);
    await page.waitForTimeout(1000);
    expect(requested()).toEqual([new URL(full.src).pathname]);
  }
});
