// Browsing the demo catalogues as a customer would, on a phone (390x844) and a desktop (1280x800).
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { API_HEADERS, isMobile } from './helpers.ts';

const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

interface LdOffer {
  price?: string;
  priceCurrency?: string;
}
interface LdItem {
  name: string;
  offers?: LdOffer;
}

/** Every MenuItem / Product with its offer found in the page's JSON-LD. */
async function jsonLdItems(page: Page): Promise<LdItem[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items: LdItem[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (obj['@type'] === 'MenuItem' || obj['@type'] === 'Product') items.push(obj as unknown as LdItem);
    Object.values(obj).forEach(walk);
  };
  for (const b of blocks) walk(JSON.parse(b));
  return items;
}

for (const slug of ['pizzaria-bella', 'mercado-sol-centro', 'mercado-sol-praia', 'mercado-sol-norte']) {
  test(`${slug}: the catalogue lists its categories and products in Portuguese with BRL prices to a visitor [R-1.19] [R-1.1] [R-1.2] [R-1.3] [R-1.4] [R-2.2] [R-9.12]`, async ({
    page,
  }) => {
    await page.goto(`/${slug}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    const sections = page.locator('[data-category-section]');
    expect(await sections.count()).toBeGreaterThanOrEqual(3);
    const cards = page.locator('[data-product-card]');
    expect(await cards.count()).toBeGreaterThanOrEqual(10);
    // Every visible price is 'R$ 1.234,56' style.
    const prices = await page.locator('[data-price-current]').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices.slice(0, 20)) expect(norm(p)).toMatch(/R\$\s?\d{1,3}(\.\d{3})*,\d{2}$/);
  });
}

test('the JSON-LD of a catalogue page parses and matches the names and prices on the page @one-viewport', async ({ page }) => {
  await page.goto('/pizzaria-bella/');
  const ld = await jsonLdItems(page);
  // The cards of the page's HTML (search engines read it); deferred sections filled later by the
  // browser are not in it, nor in its JSON-LD.
  const cards = page.locator('[data-category-section] > [data-product-list]:not([data-lazy-products]) [data-product-card]');
  const n = await cards.count();
  expect(ld.length).toBe(n);
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    const name = norm(await card.locator('[data-product-link]').textContent());
    const item = ld[i]!;
    expect(item.name).toBe(name);
    const price = card.locator('[data-price]');
    const kind = await price.getAttribute('data-price-kind');
    if (kind === 'hidden') expect(item.offers).toBeUndefined();
    else {
      const cents = Number(await price.getAttribute('data-price-cents'));
      expect(item.offers?.priceCurrency).toBe('BRL');
      expect(item.offers?.price).toBe((cents / 100).toFixed(2));
      expect(norm(await price.locator('[data-price-current]').textContent())).toContain(norm(brl(cents)));
    }
  }
  const top = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(top['@type']).toBe('Restaurant');
  expect(top.address.addressCountry).toBe('BR');
});

test('catalogue text cannot inject markup or script, JSON-LD included @one-viewport', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/pizzaria-bella/');
  const injected = page.locator('[data-product-card]', { hasText: '2 por 1' }).first();
  await expect(injected).toBeVisible();
  expect(await injected.locator('[data-product-link]').textContent()).toContain('<');
  // The JSON-LD still parses and the page holds no element created from catalogue text.
  await jsonLdItems(page);
  // No executable script holds catalogue text (the seed's product carries '</script><script>alert(...)').
  expect(
    await page
      .locator('script:not([type="application/ld+json"]):not([type="application/json"])')
      .evaluateAll((els) => els.filter((e) => e.textContent?.includes('alert(')).length),
  ).toBe(0);
  expect(await page.locator('[data-product-card] script, [data-product-card] img:not([data-product-image])').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a product card links to /produto/{id}-{kebab-name} and the product page shows its variations [R-2.4] [R-2.5] @one-viewport', async ({ page }) => {
  await page.goto('/pizzaria-bella/');
  const link = page.locator('[data-category-section] [data-product-card] [data-product-link]').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/pizzaria-bella\/produto\/[a-z0-9]+-[a-z0-9-]+$/);
  const name = norm(await link.textContent());
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/-]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('[data-variation]').first()).toBeVisible();
  const ld = await jsonLdItems(page);
  expect(ld[0]?.name).toBe(name);
  await page.locator('[data-back-to-menu]').click();
  await expect(page).toHaveURL(/\/pizzaria-bella\/?$/);
});

test('a card shows the first 30 characters of its description on a phone, and two or three lines of it, far more, on a desktop [R-9.8]', async ({ page }) => {
  await page.goto('/pizzaria-bella/');
  const name = page.locator('[data-product-name]', { hasText: /^Pizza Calabresa$/ });
  const card = page.locator('[data-category-section] [data-product-card]').filter({ has: name }).first();
  const desc = card.locator('[data-product-desc]');
  await desc.scrollIntoViewIfNeeded();
  // What is drawn: the characters with a box inside the paragraph's (lines past the clamp are cut off below it).
  const shown = await desc.evaluate((p) => {
    const box = p.getBoundingClientRect();
    let text = '';
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const chars = node.textContent ?? '';
      for (let i = 0; i < chars.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        // A space that wraps a line has no width, but a height.
        if (r.height > 0 && r.bottom <= box.bottom + 1) text += chars[i];
      }
    }
    return { text, after: getComputedStyle(p, '::after').content, lines: Math.round(box.height / Number.parseFloat(getComputedStyle(p).lineHeight)) };
  });
  if (isMobile(page)) {
    expect(shown.text).toBe('Calabresa fatiada, cebola roxa');
    expect(shown.after).toBe('"…"');
  } else {
    expect(shown.text.length, shown.text).toBeGreaterThanOrEqual(70);
    expect(shown.text.startsWith('Calabresa fatiada, cebola roxa, azeitonas pretas e orégano.')).toBe(true);
    expect(shown.lines).toBeGreaterThanOrEqual(2);
    expect(shown.lines).toBeLessThanOrEqual(3);
    // The card keeps the height its picture gives it.
    expect((await card.boundingBox())!.height).toBe(206);
  }
});

/** Whether the element lies wholly inside the viewport's width. */
const withinWidth = (el: Locator) => el.evaluate((e) => e.getBoundingClientRect().left >= 0 && e.getBoundingClientRect().right <= innerWidth);

test('every category of a long menu can be reached from the category row: swiped on a phone, with its arrows on a desktop [R-1.4]', async ({ page }) => {
  // The arrows scroll the row smoothly unless reduced motion is asked for: then at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/mercado-sol-centro/');
  const nav = page.locator('[data-category-nav]');
  const last = nav.locator('a').last();
  await expect(last).not.toBeInViewport();
  const [prev, next] = [nav.locator('[data-scroll="-1"]'), nav.locator('[data-scroll="1"]')];
  if (isMobile(page)) {
    await expect(next).toBeHidden();
    // A finger swiping the row leftwards, as touch events.
    const row = (await nav.boundingBox())!;
    const y = Math.round(row.y + row.height / 2);
    const cdp = await page.context().newCDPSession(page);
    for (let i = 0; i < 8 && !(await withinWidth(last)); i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 320, y }] });
      for (let step = 1; step <= 10; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 320 - step * 25, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    }
  } else {
    // At the start only the way forward is offered.
    await expect(prev).toBeHidden();
    await expect(next).toBeVisible();
    for (let i = 0; i < 8 && !(await withinWidth(last)); i++) await next.click();
    await expect(next).toBeHidden();
    await expect(prev).toBeVisible();
  }
  await expect(last).toBeInViewport({ ratio: 1 });
  const href = await last.getAttribute('href');
  await last.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The link took the customer to its section (which the deferred sections above it, filling in
  // as they near the screen, may then move).
  expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(href!.slice(1));
  if (!isMobile(page)) {
    // And back to the start.
    for (let i = 0; i < 8 && !(await withinWidth(nav.locator('a').first())); i++) await prev.click();
    await expect(nav.locator('a').first()).toBeInViewport({ ratio: 1 });
    await expect(prev).toBeHidden();
  }
});

test('search with q filters products, ignores accents and case, and says when nothing matches [R-1.5] [R-2.3] [R-5.99] [R-8.66] @one-viewport', async ({
  page,
}) => {
  await page.goto('/mercado-sol-centro/?q=PAO');
  const results = page.locator('[data-search-results]');
  await expect(results).toBeVisible();
  const names = await results.locator('[data-product-link]').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const plain = (n: string) =>
    n
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  expect(names.some((n) => plain(n).includes('pao'))).toBe(true);
  // A product with no 'pão' anywhere is not among the results.
  expect(names.map(plain)).not.toContain('banana-prata (kg)');
  await page.goto('/mercado-sol-centro/?q=xyzzy-nada');
  await expect(page.locator('[data-search-empty]')).toContainText('Produto não encontrado');
});

test('with JavaScript disabled the catalogue is readable and navigable by category @one-viewport', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/mercado-sol-centro/');
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  // The nav jumps to a section on the page; the section heading leads to the category's own page.
  const anchor = page.locator('[data-category-nav] a[href^="#"]').nth(1);
  const target = (await anchor.getAttribute('href'))!;
  await anchor.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  const categoryLink = page.locator(`${target} [data-category-page-link]`);
  const label = norm(await categoryLink.textContent());
  await categoryLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(label);
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  // The search form works without JavaScript too: a plain GET with q.
  await page.goto('/mercado-sol-centro/?q=banana');
  await expect(page.locator('[data-search-results] [data-product-card]').first()).toBeVisible();
  // The contact form needs JavaScript to send: it hides itself and says so, with no script to hide it.
  await page.goto('/mercado-sol-centro/contato');
  await expect(page.locator('form[data-feedback-form]')).toBeHidden();
  await expect(page.getByText('Ative o JavaScript do navegador')).toBeVisible();
  await context.close();
});

test('the home renders cards up to its budget; the categories past it are a heading and a link to their page without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pizzaria-bella/');
  // homeCardBudget (src/components/catalogue/format.ts) is 30 on a menu of at most 10 categories.
  const cards = await page.locator('[data-category-section] [data-product-card]').count();
  expect(cards).toBeGreaterThanOrEqual(10);
  expect(cards).toBeLessThanOrEqual(30);
  const deferred = page.locator('[data-category-section][data-lazy-section]');
  expect(await deferred.count()).toBeGreaterThan(0);
  // Every category is still on the home: one section per category nav anchor.
  const anchors = await page.locator('[data-category-nav] a[href^="#"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of anchors) await expect(page.locator(`section${href}`)).toHaveCount(1);
  // A deferred section: its heading and 'Ver ...' link lead to the category page, which lists its products.
  const last = deferred.last();
  await expect(last.locator('[data-product-card]')).toHaveCount(0);
  const title = norm(await last.locator('[data-category-page-link]').textContent());
  const seeAll = last.locator('a[data-see-all]');
  await expect(seeAll).toHaveText(/Ver (todos os \d+ produtos|o produto)/);
  const href = await seeAll.getAttribute('href');
  expect(await last.locator('[data-category-page-link]').getAttribute('href')).toBe(href);
  await seeAll.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  await context.close();
});

test('scrolling the home fills each deferred category with its products from the category page [R-1.4] [R-2.2]', async ({ page, request }) => {
  await page.goto('/pizzaria-bella/');
  await page.waitForLoadState('load');
  // Deferred in the HTML (a few may already be filled: a short rest of the menu also fills in idle time).
  const deferred = page.locator('[data-category-section][data-lazy-section], [data-category-section][data-lazy-filled]');
  const ids = await deferred.evaluateAll((els) => els.map((e) => e.id));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const section = page.locator(`section#${id}`);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-lazy-filled', '');
    const names = (await section.locator('[data-product-card] [data-product-link]').allTextContents()).map(norm);
    expect(names.length).toBeGreaterThan(0);
    // The same products, in the same order, as the first cards of the category page.
    const href = (await section.locator('[data-category-page-link]').getAttribute('href'))!;
    const html = await (await request.get(href)).text();
    const onPage = [...html.matchAll(/data-product-name>([^<]*)</g)].map((m) =>
      norm(
        m[1]!
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
      ),
    );
    expect(names).toEqual(onPage.slice(0, names.length));
    await expect(section).toHaveAttribute('aria-labelledby', `${id}-titulo`);
  }
  // A filled card works like any other: its 'Adicionar' opens the product.
  const last = page.locator(`section#${ids.at(-1)}`);
  await last.locator('[data-add-product]').first().click();
  await expect(page.locator('[role="dialog"], dialog[open]').first()).toBeVisible();
});

test('the page shows its content before any script is requested; a tap before the scripts run is answered once they do', async ({ page }) => {
  // Scripts held back for a while, as on a slow phone: the page is already readable and tappable.
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/pizzaria-bella/', { waitUntil: 'commit' });
  await page.locator('[data-add-product]').first().click();
  expect(await page.evaluate(() => document.documentElement.classList.contains('enhanced'))).toBe(false);
  // The tap that came before the cart's script opens the product once it has run.
  await expect(page.locator('[role="dialog"], dialog[open]').first()).toBeVisible({ timeout: 15_000 });
  const timing = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js'))
      .map((r) => ({ name: r.name, startTime: r.startTime })),
  }));
  expect(timing.firstContentfulPaint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const script of timing.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
});

test('scrolling through a whole home moves nothing the customer is looking at (layout shift at most 0.01)', async ({ page }) => {
  // Cards off screen are laid out only as they near the viewport, with their height reserved, and
  // the deferred categories fill ahead of it: neither may push visible content around.
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number; moved: string[] };
    w.shift = 0;
    w.moved = [];
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
        if (e.hadRecentInput) continue;
        w.shift += e.value;
        // What moved, for the failure message: each source's element and its move, at which scroll position.
        for (const s of e.sources) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`.slice(0, 60) : '?';
          w.moved.push(
            `${e.value.toFixed(4)} at scrollY ${Math.round(scrollY)}: ${name} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}, h ${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.height)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const slug of ['pizzaria-bella', 'mercado-sol-centro']) {
    await page.goto(`/${slug}/`);
    await page.waitForLoadState('load');
    const viewport = page.viewportSize()!;
    for (let y = 0; ; y += viewport.height / 2) {
      const bottom = await page.evaluate((top) => {
        window.scrollTo(0, top);
        return document.documentElement.scrollHeight - window.innerHeight;
      }, y);
      await page.waitForTimeout(60);
      if (y >= bottom) break;
    }
    const { shift, moved } = await page.evaluate(() => {
      const w = window as unknown as { shift: number; moved: string[] };
      return { shift: w.shift, moved: w.moved };
    });
    expect(shift, `${slug}: ${moved.join('; ')}`).toBeLessThanOrEqual(0.01);
  }
});

test('on a phone the home lays out only its first category until the others near the screen, each holding about its real height meanwhile', async ({
  browser,
}, testInfo) => {
  // No script: the deferred categories stay as served, so each section is measured as the HTML has it.
  const phone = (testInfo.project.use.viewport?.width ?? 1280) < 768;
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const slug of ['pizzaria-bella', 'mercado-sol-centro']) {
    await page.goto(`/${slug}/`);
    const sections = await page.locator('main [data-category-section]').evaluateAll((all) =>
      all.map((s) => {
        const el = s as HTMLElement;
        const style = getComputedStyle(el);
        const skipped = style.contentVisibility;
        const reserved = parseFloat(style.containIntrinsicBlockSize.split(' ').pop() ?? '');
        // Its real height: laid out in full for the measure, then left to the browser again.
        const inline = el.getAttribute('style');
        el.style.contentVisibility = 'visible';
        const real = el.getBoundingClientRect().height;
        if (inline === null) el.removeAttribute('style');
        else el.setAttribute('style', inline);
        return { id: el.id, deferred: el.hasAttribute('data-lazy-section'), skipped, reserved, real };
      }),
    );
    expect(sections.length, slug).toBeGreaterThan(3);
    expect(sections[0]!.skipped, slug).toBe('visible');
    for (const s of sections.slice(1)) {
      // A deferred section (a heading and a link until filled) and every section in two columns are laid out as they come.
      if (!phone || s.deferred) {
        expect(s.skipped, `${slug} ${s.id}`).toBe('visible');
        continue;
      }
      expect(s.skipped, `${slug} ${s.id}`).toBe('auto');
      expect(Math.abs(s.real - s.reserved) / s.real, `${slug} ${s.id}: reserved ${s.reserved} px, real ${s.real} px`).toBeLessThanOrEqual(0.25);
    }
  }
  await context.close();
});

test('every store route takes the establishment slug first [R-2.1] @one-viewport', async ({ page, request }) => {
  await page.goto('/pizzaria-bella/');
  const product = await page.locator('[data-category-section] [data-product-link]').first().getAttribute('href');
  const category = await page.locator('[data-category-page-link]').first().getAttribute('href');
  for (const path of [
    '/pizzaria-bella/',
    product!,
    category!,
    '/pizzaria-bella/contato',
    '/pizzaria-bella/termos',
    '/pizzaria-bella/privacidade',
    '/pizzaria-bella/sitemap.xml',
  ]) {
    expect(path.startsWith('/pizzaria-bella/'), path).toBe(true);
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const sitemap = await (await request.get('/pizzaria-bella/sitemap.xml')).text();
  expect(sitemap).toContain(`/pizzaria-bella${product!.slice('/pizzaria-bella'.length)}</loc>`);
});

test('the contact page sends a message to the establishment [R-2.11] [R-1.16] @one-viewport', async ({ page }) => {
  await page.goto('/pizzaria-bella/contato');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Ative o JavaScript do navegador')).toBeHidden();
  const form = page.locator('form[data-feedback-form]');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('[data-feedback-status]')).toContainText('Escreva uma mensagem');
  await form.getByLabel('Mensagem').fill('A pizza de ontem chegou quentinha, parabéns!');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('[data-feedback-status]')).toContainText('Mensagem enviada! Obrigado.');
});

test('a visitor who has sent too many messages this hour is told so in Portuguese, and keeps the text @one-viewport', async ({ page, request }, testInfo) => {
  // An address of its own per project (the server believes X-Forwarded-For from loopback), spent first through the API.
  const address = `203.0.113.${testInfo.project.name === 'mobile' ? 91 : 92}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  await page.goto('/mercado-sol-centro/contato');
  const form = page.locator('form[data-feedback-form]');
  const id = await form.getAttribute('data-establishment-id');
  for (let i = 1; i <= 10; i++) {
    const res = await request.post(`/api/establishments/${id}/feedbacks`, {
      headers: { ...API_HEADERS, 'X-Forwarded-For': address },
      data: { message: `Mensagem ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await form.getByLabel('Mensagem').fill('Mais uma mensagem, a décima primeira.');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('[data-feedback-status]')).toHaveText('Muitas mensagens foram enviadas em pouco tempo. Tente novamente mais tarde.');
  await expect(form.getByLabel('Mensagem')).toHaveValue('Mais uma mensagem, a décima primeira.');
});

test('products sold only in some hours are marked unavailable outside them, recomputed every second [R-4.57] @one-viewport', async ({ page }) => {
  // 'Café Coado na Hora' is sold 06:00-10:00 in São Paulo: 09:59:50 local is inside, 10:00 outside.
  // The page's clock stands still once loaded and moves only as the test moves it, so a slow
  // machine cannot carry it past 10:00 before the first look.
  await page.clock.install({ time: new Date('2026-03-04T12:59:30Z') });
  await page.goto('/mercado-sol-centro/');
  await page.clock.pauseAt(new Date('2026-03-04T12:59:50Z'));
  const card = page.locator('[data-product-card]', { hasText: 'Café Coado na Hora' }).first();
  // The scripts are attached from a timer after the first paint: let the page's time run in small steps.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return page.evaluate(() => document.documentElement.classList.contains('enhanced'));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(card).not.toHaveAttribute('data-unavailable');
  await expect(card.locator('[data-unavailable-label]')).toBeHidden();
  await page.clock.runFor(10_000);
  await expect(card).toHaveAttribute('data-unavailable', '');
  await expect(card.locator('[data-unavailable-label]')).toHaveText('Indisponível agora');
  // A product without windows is never marked.
  await expect(page.locator('[data-product-card]:not([data-availability])[data-unavailable]')).toHaveCount(0);
});
