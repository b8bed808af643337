// The product page as a customer first meets it, on a phone (390x844) and a desktop (1280x800):
// 'Adicionar' within reach however long the options list is, the bottom cart bar stacked above it
// rather than over it, and the product's picture arriving with the page on a phone.
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

test("a phone's product page carries its picture in the HTML, which paints as the page's largest element with no request; a desktop requests the full picture [R-2.4]", async ({
  page,
}) => {
  const pictures: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/uploads/products/')) pictures.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { lcp: string[] }).lcp = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        seen.push(e.element?.matches('[data-product-image]') ? 'picture' : String(e.element?.tagName));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await openProductPage(page, 'Pizza Calabresa');
  const img = page.locator('[data-product-page] [data-product-image]');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, width: el.naturalWidth, css: el.getBoundingClientRect().width }));
  if (isMobile(page)) {
    expect(shown.src.startsWith('data:image/avif;base64,')).toBe(true);
    // As wide as the box it fills, give or take the page's padding.
    expect(shown.width).toBeGreaterThanOrEqual(shown.css - 8);
    // Loaded: no picture of the product was requested (the load event waits for the page's images).
    expect(pictures).toEqual([]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { lcp: string[] }).lcp.at(-1))).toBe('picture');
  } else {
    expect(new URL(shown.src).pathname).toMatch(/^\/uploads\/products\/pizzaria-bella\/[0-9a-f-]+p?\.webp$/);
    expect(shown.width).toBe(512);
    expect(pictures).toContain(new URL(shown.src).pathname);
  }
});
