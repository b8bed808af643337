// Display helpers of the catalogue components: pure, every text through t().
import { t } from '../../i18n/index.ts';
import type { Wday } from '../../i18n/messages.ts';
import { formatHHMM } from '../../domain/time.ts';
import type { ProductVariation } from '../../schemas/catalogue.ts';
import type { ProductView } from '../../schemas/views.ts';

/**
 * Most products a category shows on the home before 'Ver todos os N produtos': 12, or 6 on menus
 * with more than 10 categories so a hypermarket's home stays a light hub of its category pages.
 * Example: `homeSectionLimit(7) === 12`, `homeSectionLimit(40) === 6`
 */
export function homeSectionLimit(categoryCount: number): number {
  return categoryCount > 10 ? 6 : 12;
}
/**
 * Most product cards the home's HTML holds (promotions included): 30, or 18 on menus with more
 * than 10 categories, whose home also carries a heading and link per category. Past it, whole
 * categories are rendered as a heading with a link to their page, and filled in by
 * src/page-scripts/lazy-sections.ts as they near the viewport: the stored home then fits the first TCP
 * window of a slow connection (docs/benchmarks.md, 'What moved the numbers'). It was 40 and 30
 * until the cards carried up to 90 characters of description for wider screens.
 * Example: `homeCardBudget(7) === 30`, `homeCardBudget(40) === 18`
 */
export function homeCardBudget(categoryCount: number): number {
  return categoryCount > 10 ? 18 : 30;
}

/**
 * Which home sections render their cards, given the cards each would show (in menu order): all
 * of them while the total fits `budget`; from the first section that would pass it, that one and
 * every later one render 0 (deferred), so the rendered part stays one contiguous stretch of the
 * menu. The first section always renders.
 * Example: `planHomeSections([5, 12, 10, 10], 30)` is `[5, 12, 10, 0]`.
 */
export function planHomeSections(cards: readonly number[], budget: number): number[] {
  let used = 0;
  let deferring = false;
  return cards.map((n, i) => {
    if (!deferring && (i === 0 || used + n <= budget)) {
      used += n;
      return n;
    }
    deferring = true;
    return 0;
  });
}

/** Most products of the 'Promoções' section on the home. */
export const PROMO_SECTION_LIMIT = 12;
/** Anchor id of a category section on the home. */
export const sectionId = (categoryId: string) => `c-${categoryId}`;
export const PROMO_SECTION_ID = 'c-promocoes';

/** 'Escolha 1 opção' / 'Escolha até N' / 'Escolha N opções' / 'Escolha de min a max'. */
export function variationRuleText(v: Pick<ProductVariation, 'min' | 'max'>): string {
  if (v.min === 1 && v.max === 1) return t('catalogue:variation.chooseOne');
  if (v.min <= 0) return t('catalogue:variation.chooseUpTo', { count: v.max });
  if (v.min === v.max) return t('catalogue:variation.chooseExactly', { count: v.max });
  return t('catalogue:variation.chooseRange', { min: v.min, max: v.max });
}

/**
 * 'seg, ter 06:00-10:00; sáb 08:00-12:00': availability windows grouped by identical hours, days
 * in week order (1 = Sunday); null when the product has none (always available).
 */
export function availabilityText(windows: readonly { wday: number; start_at: number; stop_at: number }[]): string | null {
  if (windows.length === 0) return null;
  const groups = new Map<string, { start: number; stop: number; days: number[] }>();
  for (const w of [...windows].sort((a, b) => a.wday - b.wday || a.start_at - b.start_at)) {
    const key = `${w.start_at}-${w.stop_at}`;
    const g = groups.get(key) ?? { start: w.start_at, stop: w.stop_at, days: [] };
    if (!g.days.includes(w.wday)) g.days.push(w.wday);
    groups.set(key, g);
  }
  const parts = [...groups.values()]
    .sort((a, b) => a.days[0]! - b.days[0]! || a.start - b.start)
    .map((g) =>
      t('catalogue:weekday.window', {
        days: g.days.map((d) => t(`catalogue:weekday.short.${String(d) as Wday}`)).join(', '),
        start: formatHHMM(g.start),
        end: formatHHMM(g.stop === 2400 ? 0 : g.stop),
      }),
    );
  return t('catalogue:product.available', { windows: parts.join('; ') });
}

/** The delivery restriction label of a product, or null when it can be both delivered and picked up. */
export function deliveryRestriction(types: readonly string[]): string | null {
  const delivery = types.includes('delivery');
  const pickup = types.includes('pickup');
  if (delivery && pickup) return null;
  if (pickup) return t('catalogue:product.pickupOnly');
  if (delivery) return t('catalogue:product.deliveryOnly');
  if (types.includes('local')) return t('catalogue:product.localOnly');
  return null;
}

/** Up to `max` other products of the same list, those after the current one first (wrapping), for 'Você também pode gostar'. */
export function relatedProducts(list: readonly ProductView[], current: ProductView, max = 6): ProductView[] {
  const others = list.filter((p) => p._id !== current._id);
  const at = list.findIndex((p) => p._id === current._id);
  const after = at === -1 ? others : [...list.slice(at + 1), ...list.slice(0, at)];
  return after.filter((p) => p._id !== current._id).slice(0, Math.min(max, others.length));
}
