// The product search as a customer meets it, on a phone and a desktop: the header's autocomplete
// (what it suggests, when it asks the server, what choosing does), the results page (?q=), the one
// clear button, the search without JavaScript, and a catalogue import reaching the search of the
// running server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { smallShop } from '../api/helpers/small-shop.ts';
import { importCatalogue, isMobile, shopCatalogue } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The header's search field, opened first on a phone, where the search is collapsed unless the page shows results. */
async function searchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Buscar produtos' });
  if (isMobile(page) && !(await box.isVisible())) await page.locator('[data-search-toggle]').first().click();
  await expect(box).toBeVisible();
  return box;
}

/** Loads `path` with the browser's clock installed, then stops it once the page's scripts are attached: from there time moves only as the test moves it. */
async function gotoWithStoppedClock(page: Page, path: string): Promise<void> {
  await page.clock.install({ time: new Date('2026-03-04T15:00:00Z') });
  await page.goto(path);
  await page.clock.pauseAt(new Date('2026-03-04T15:00:10Z'));
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
}

const resultNames = (page: Page) => page.locator('[data-search-results] [data-product-card] [data-product-name]').allTextContents();

test("typing 'muzarela' in the header search suggests Pizza Mussarela first [R-1.5] [R-2.39] [R-2.46]", async ({ page }) => {
  await page.goto('/pizzaria-bella/');
  const box = await searchBox(page);
  await box.fill('muzarela');
  const options = page.getByRole('listbox', { name: 'Sugestões de produtos' }).getByRole('option');
  await expect(options.first()).toContainText('Pizza Mussarela');
  // A pizza with sizes is priced 'a partir de'. The other products made with mussarela follow; screen readers hear how many.
  await expect(options.first()).toContainText(/a partir de R\$\s?44,90/);
  expect(await options.count()).toBeGreaterThan(3);
  await expect(page.locator('[data-search-announce]')).toHaveText(`${await options.count()} produtos encontrados`);
});

test('a tap on the search right after the page appears, before its scripts have arrived, puts the focus in the field and keeps what is typed; its suggestions follow once they run [R-2.39] [R-2.46]', async ({
  page,
}) => {
  // The page's scripts held back, as on a slow phone that has painted the page but not fetched them yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/Enhancements.astro_astro_type_script_index_0_lang.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pizzaria-bella/', { waitUntil: 'load' });
  await expect(page.locator('html.enhanced')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Buscar produtos' });
  // On a phone the tap is on the header's search button; on a desktop the field is in the bar.
  if (isMobile(page)) {
    await expect(box).toBeHidden();
    await page.locator('[data-search-toggle]').click();
  } else {
    await box.click();
  }
  await expect(box).toBeFocused();
  await expect(box).toBeVisible();
  await page.keyboard.type('calab');
  await expect(box).toHaveValue('calab');
  await expect(page.locator('html.enhanced')).toHaveCount(0);

  release();
  await expect(page.locator('html.enhanced')).toHaveCount(1);
  // What was typed is kept, still focused, and gets its suggestions without another keystroke.
  await expect(box).toHaveValue('calab');
  await expect(box).toBeFocused();
  const options = page.getByRole('listbox', { name: 'Sugestões de produtos' }).getByRole('option');
  await expect(options.first()).toContainText('Calabresa');
  await page.keyboard.type('resa');
  await expect(box).toHaveValue('calabresa');
  await expect(options.first()).toContainText('Calabresa');

  if (isMobile(page)) {
    // Once the scripts run the search stays open past the field's focus; its button closes it, and opens it focused again.
    await box.evaluate((el) => el.blur());
    await expect(box).toBeVisible();
    await page.locator('[data-search-toggle]').click();
    await expect(box).toBeHidden();
    await page.locator('[data-search-toggle]').click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
  }
});

test("a word the menu does not have is answered 'Produto não encontrado', in the list and to screen readers [R-8.66] @one-viewport", async ({ page }) => {
  await page.goto('/pizzaria-bella/');
  const box = await searchBox(page);
  await box.fill('zzzqqq');
  const listbox = page.getByRole('listbox', { name: 'Sugestões de produtos' });
  await expect(listbox.locator('[data-search-empty]')).toHaveText('Produto não encontrado');
  await expect(page.locator('[data-search-announce]')).toHaveText('Produto não encontrado');
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === 'zzzqqq');
  await expect(page.locator('[data-search-results] [data-search-empty]')).toHaveText('Produto não encontrado');
});

test('the autocomplete asks the server 250 ms after the last keystroke, and a chosen suggestion opens its results about 1 s later [R-2.54] @one-viewport', async ({
  page,
}) => {
  // Every products call the page makes, recorded in the page as it is made (the call itself goes through).
  await page.addInitScript(() => {
    const w = window as unknown as { productCalls: string[] };
    w.productCalls = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/products?')) w.productCalls.push(new URL(url, location.href).searchParams.get('q') ?? '');
      return original(input, init);
    };
  });
  const calls = () => page.evaluate(() => (window as unknown as { productCalls: string[] }).productCalls);
  await gotoWithStoppedClock(page, '/pizzaria-bella/');
  const box = await searchBox(page);
  // A letter every 200 ms: never 250 ms of quiet, so never a call while the customer types.
  for (const letter of 'muzarela') {
    await box.press(letter);
    await page.clock.runFor(200);
  }
  expect(await calls()).toEqual([]);
  await page.clock.runFor(100);
  expect(await calls()).toEqual(['muzarela']);
  const first = page.getByRole('listbox', { name: 'Sugestões de produtos' }).getByRole('option').first();
  await expect(first).toContainText('Pizza Mussarela');

  await first.click();
  await expect(box).toHaveValue('Pizza Mussarela');
  await page.clock.runFor(900);
  expect(await page.evaluate(() => location.search)).toBe('');
  await page.clock.runFor(150);
  await page.waitForURL((url) => url.searchParams.get('q') === 'Pizza Mussarela');
  expect((await resultNames(page))[0]).toBe('Pizza Mussarela');
});

test('the results page for ?q=muzarela lists Pizza Mussarela first, then the other products with mussarela [R-2.3] [R-1.5] @one-viewport', async ({ page }) => {
  await page.goto('/pizzaria-bella/?q=muzarela');
  const names = await resultNames(page);
  expect(names[0]).toBe('Pizza Mussarela');
  expect(names.length).toBeGreaterThan(10);
  for (const name of ['Pizza Napolitana', 'Calzone Quatro Queijos', 'Esfiha de Queijo']) expect(names).toContain(name);
  await expect(page.locator('[data-search-results] [role="status"]').first()).toHaveText(`${names.length} produtos encontrados`);
  // The field keeps what was searched.
  await expect(await searchBox(page)).toHaveValue('muzarela');
});

test("'arroz' lists Arroz Branco first, and the dishes that mention arroz after it [R-1.5] @one-viewport", async ({ page }) => {
  await page.goto('/mercado-sol-centro/?q=arroz');
  const cards = page.locator('[data-search-results] [data-product-card]');
  await expect(cards.first().locator('[data-product-name]')).toHaveText('Arroz Branco Tipo 1 (5 kg)');
  // The two dishes that mention arroz are in the list whatever the hour; the rice comes before them.
  const names = await resultNames(page);
  for (const dish of ['Marmita Executiva', 'Feijoada Completa (serve 2)']) expect(names.indexOf(dish)).toBeGreaterThan(0);
});

test('the products unavailable now come after every available one, and are marked so, by the same clock as the server [R-1.5] @one-viewport', async ({
  page,
}, info) => {
  // A shop of this test's own whose windows are set from today's weekday in São Paulo: one dish
  // sold only tomorrow at noon (unavailable now, whatever the hour), one sold all day every day,
  // one with no window (always). The one unavailable is the best match of the name.
  const slug = `cantina-horarios-${info.project.name}`;
  const sundayIsOne = new Map(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((d, i) => [d, i + 1]));
  const today = sundayIsOne.get(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' }).format(new Date()))!;
  const tomorrow = (today % 7) + 1;
  const shop = shopCatalogue(slug, 'Cantina dos Horários', { _id: 'pratos', name: 'Pratos' }, []);
  await importCatalogue({
    ...shop,
    categories: [
      {
        _id: 'pratos',
        name: 'Pratos',
        products: [
          { _id: 'arroz-forno', name: 'Arroz de Forno Arroz', price: 2890, availabilities: [{ wday: tomorrow, start_at: 1200, stop_at: 1300 }] },
          {
            _id: 'arroz-carreteiro',
            name: 'Arroz Carreteiro',
            price: 3190,
            availabilities: [1, 2, 3, 4, 5, 6, 7].map((wday) => ({ wday, start_at: 0, stop_at: 2400 })),
          },
          { _id: 'arroz-doce', name: 'Arroz Doce', price: 990 },
        ],
      },
    ],
  });
  await page.goto(`/${slug}/?q=arroz`);
  await expect(page.locator('html.enhanced')).toHaveCount(1);
  const cards = page.locator('[data-search-results] [data-product-card]');
  await expect(cards).toHaveCount(3);
  expect((await resultNames(page)).at(-1)).toBe('Arroz de Forno Arroz');
  await expect(cards.nth(2)).toHaveAttribute('data-unavailable', '');
  await expect(cards.nth(2).locator('[data-unavailable-label]')).toBeVisible();
  for (const i of [0, 1]) {
    await expect(cards.nth(i)).not.toHaveAttribute('data-unavailable');
    await expect(cards.nth(i).locator('[data-unavailable-label]')).toBeHidden();
  }
});

test('the search box has one clear button: it empties the field, and on the results page it removes q [R-2.55]', async ({ page }) => {
  await page.goto('/pizzaria-bella/?q=calabresa');
  const box = await searchBox(page);
  await expect(page.locator('[data-search-results]')).toBeVisible();
  const form = page.locator('form[data-search]');
  await expect(form.locator('[data-search-clear]')).toHaveCount(1);
  // Where a type=search field draws the browser's own clear button (just inside its right padding), a tap leaves the text.
  const area = (await box.boundingBox())!;
  const paddingRight = await box.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingRight));
  for (const dx of [6, 10, 14]) {
    await page.mouse.click(area.x + area.width - paddingRight - dx, area.y + area.height / 2);
    await expect(box).toHaveValue('calabresa');
  }
  await form.locator('[data-search-clear]').click();
  await page.waitForURL((url) => url.pathname === '/pizzaria-bella/' && !url.searchParams.has('q'));
  await expect(page.locator('[data-search-results]')).toHaveCount(0);

  // On the menu, typing shows it; clearing empties the field, keeps the page and the focus, and hides it again.
  const menuBox = await searchBox(page);
  await expect(form.locator('[data-search-clear]')).toBeHidden();
  await menuBox.fill('pizza');
  await expect(form.locator('[data-search-clear]')).toBeVisible();
  await form.locator('[data-search-clear]').click();
  await expect(menuBox).toHaveValue('');
  await expect(menuBox).toBeFocused();
  await expect(form.locator('[data-search-clear]')).toBeHidden();
  expect(new URL(page.url()).search).toBe('');
});

test('without JavaScript the search is a plain form: it finds Pizza Mussarela for muzarela, and its clear link removes q [R-2.3] [R-2.55]', async ({
  browser,
}, info) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch } = info.project.use;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch });
  const page = await context.newPage();
  await page.goto('/pizzaria-bella/');
  // On a phone the toggle is the field's label: a tap focuses the field, which shows the form.
  if (isMobile(page)) await page.locator('[data-search-toggle]').first().click();
  const box = page.getByRole('combobox', { name: 'Buscar produtos' });
  await box.fill('muzarela');
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === 'muzarela');
  expect((await resultNames(page))[0]).toBe('Pizza Mussarela');
  await page.locator('form[data-search] [data-search-clear]').click();
  await page.waitForURL((url) => url.pathname === '/pizzaria-bella/' && url.search === '');
  await context.close();
});

test("a catalogue import's new product is found by the running server's search once the import is done [R-1.5] @one-viewport", async ({ page }, info) => {
  // An establishment of this test's own (one per project: both run at once), imported with the real command.
  const slug = `emporio-busca-${info.project.name}`;
  const port = Number(process.env.E2E_PORT ?? 4399);
  const dir = mkdtempSync(join(tmpdir(), 'search-import-'));
  const catalogue = (products: { _id: string; name: string; desc: string; price: number }[]) =>
    smallShop(slug, [{ _id: 'mercearia', name: 'Mercearia', products }]);
  const importFile = (name: string, body: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(body));
    const run = spawnSync(join(ROOT, 'node_modules/.bin/node'), ['scripts/catalogue-import.ts', file], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: join(tmpdir(), `storefront-e2e-${port}`), DATABASE_URL: '', PUBLIC_ORIGIN: `http://localhost:${port}` },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('re-rendered by the server');
  };
  try {
    importFile('first.json', catalogue([{ _id: 'farinha', name: 'Farinha de Mandioca', desc: 'Ideal para farofa.', price: 690 }]));
    // The first search builds the establishment's index.
    await page.goto(`/${slug}/?q=cuscuz`);
    await expect(page.locator('[data-search-empty]')).toContainText('Produto não encontrado');
    importFile(
      'second.json',
      catalogue([
        { _id: 'farinha', name: 'Farinha de Mandioca', desc: 'Ideal para farofa.', price: 690 },
        { _id: 'cuscuz', name: 'Cuscuz Paulista', desc: 'Com sardinha e ovos.', price: 1890 },
      ]),
    );
    await page.goto(`/${slug}/?q=cuzcuz`);
    expect(await resultNames(page)).toEqual(['Cuscuz Paulista']);
    const box = await searchBox(page);
    await box.fill('cuscuz paul');
    await expect(page.getByRole('listbox', { name: 'Sugestões de produtos' }).getByRole('option').first()).toContainText('Cuscuz Paulista');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
