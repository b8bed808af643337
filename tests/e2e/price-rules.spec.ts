// Every variation price rule (decisions.md, groups 1-7) as a customer meets it in the add-product
// modal: for one demo product per rule, picks are made with the real controls and the unit price
// shown must be the catalogue price plus each group's amount under its rule.
import { expect, test, type Page } from './fixtures.ts';
import { priceLine, type VariationPick } from '../../src/domain/cart.ts';
import { routes } from '../../src/lib/urls.ts';
import type { ProductView } from '../../src/schemas/views.ts';
import { API_HEADERS as API } from './helpers.ts';

async function menu(page: Page, slug: string): Promise<ProductView[]> {
  const [est] = await (await page.request.get(`/api/establishments?slug_area=${slug}`, { headers: API })).json();
  const all: ProductView[] = [];
  for (let p = 1; p <= 5; p++) {
    const body = await (await page.request.get(`/api/establishments/${est._id}/products?limit=100&page=${p}`, { headers: API })).json();
    all.push(...body.items);
    if (body.items.length < 100) break;
  }
  return all;
}

// Picks that satisfy each group and, where the group allows, involve two different items, so
// that averages, maxima, minima and counts differ from a single item's price.
function choosePicks(product: ProductView): { picks: VariationPick[]; clicks: { group: string; item: string; times: number; stepper: boolean }[] } {
  const picks: VariationPick[] = [];
  const clicks: { group: string; item: string; times: number; stepper: boolean }[] = [];
  for (const g of product.variations) {
    const items = g.items;
    if (g.layout === 'check') {
      const n = Math.min(g.max, items.length, Math.max(g.min, 2));
      for (const item of items.slice(0, n)) {
        picks.push({ variation_id: g._id, item_id: item._id, qnt: 1 });
        clicks.push({ group: g._id, item: item._id, times: 1, stepper: false });
      }
    } else {
      const total = Math.max(g.min, Math.min(g.max, 2));
      const first = items.length > 1 ? total - 1 : total;
      picks.push({ variation_id: g._id, item_id: items[0]!._id, qnt: first });
      clicks.push({ group: g._id, item: items[0]!._id, times: first, stepper: true });
      if (items.length > 1 && total > first) {
        picks.push({ variation_id: g._id, item_id: items[1]!._id, qnt: total - first });
        clicks.push({ group: g._id, item: items[1]!._id, times: total - first, stepper: true });
      }
    }
  }
  return { picks, clicks };
}

const ruleIds: Record<number, string> = { 1: 'R-9.19', 2: 'R-9.20', 3: 'R-9.21', 4: 'R-9.22', 5: 'R-9.23', 6: 'R-9.24', 7: 'R-9.25' };

for (const rule of [1, 2, 3, 4, 5, 6, 7]) {
  test(`price rule ${rule} in the add-product modal [${ruleIds[rule]}]`, async ({ page }) => {
    let found: { slug: string; product: ProductView } | undefined;
    for (const slug of ['pizzaria-bella', 'mercado-sol-centro']) {
      const product = (await menu(page, slug)).find((p) => p.availabilities.length === 0 && !p.hide_price && p.variations.some((v) => v.price_rule === rule));
      if (product) {
        found = { slug, product };
        break;
      }
    }
    expect(found, `a demo product uses rule ${rule}`).toBeTruthy();
    const { slug, product } = found!;
    await page.goto(routes.product(slug, product));
    await page.waitForFunction(() => document.documentElement.classList.contains('enhanced'));
    await page.locator(`[data-add-product="${product._id}"]`).first().click();
    const modal = page.locator(`[data-add-product-modal="${product._id}"]`);
    await expect(modal).toHaveAttribute('data-state', 'ready');
    const { picks, clicks } = choosePicks(product);
    // Radios and checkboxes of groups with a default pick may start checked; make the picks explicit.
    for (const c of clicks) {
      const item = modal.locator(`[data-variation-group="${c.group}"] [data-variation-item="${c.item}"]`);
      if (c.stepper) {
        for (let i = 0; i < c.times; i++) await item.locator('[data-qty-plus]').click();
      } else {
        const input = item.locator('input');
        if (!(await input.isChecked())) await input.check();
      }
    }
    const expected = priceLine(product, picks, 1).unit_cents;
    const unit = modal.locator('[data-add-unit]');
    await expect(unit).toHaveAttribute('data-cents', String(expected));
    expect((await unit.textContent())?.replace(/\s/g, ' ')).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(expected / 100).replace(/\s/g, ' '),
    );
    // With two or more items picked in the rule's group, the rule is really exercised.
    const ruled = product.variations.find((v) => v.price_rule === rule)!;
    expect(picks.filter((p) => p.variation_id === ruled._id).reduce((n, p) => n + p.qnt, 0)).toBeGreaterThanOrEqual(Math.min(2, ruled.max));
    await expect(modal.locator('[data-add-submit]')).toBeEnabled();
    await modal.locator('[data-add-submit]').click();
    await expect(page.locator('[data-cart-badge]').first()).toHaveText('1');
  });
}
