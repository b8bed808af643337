// The home's deferred sections (past its card budget, homeCardBudget) are a heading and a link
// to their category page in the HTML. As one nears the viewport this fills it in place with the
// category's description and first cards of that page — a stored, precompressed static file — so a phone scrolling the home
// still sees every category's products, while the HTML sent before the first paint stays small.
// Without JavaScript, or if the page cannot be fetched, the link stays and leads there.
// Cards added here are announced with a 'catalogue:cards' event (detail: the new list) for the
// scripts that mark cards (availability.ts); cart buttons work through delegated listeners.
import { yieldToMain } from './in-turns.ts';
import { sectionHeightEstimate } from '../components/catalogue/section-height.ts';

const attempts = new WeakMap<HTMLElement, number>();

async function fill(section: HTMLElement): Promise<void> {
  const href = section.querySelector<HTMLAnchorElement>('a[data-category-page-link]')?.getAttribute('href');
  const slot = section.querySelector<HTMLElement>('[data-lazy-slot]');
  if (!href || !slot) return;
  const limit = Number(section.dataset.lazyLimit) || Infinity;
  section.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(href, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${href}: ${res.status}`);
    const html = await res.text();
    // Parsing a whole category page and placing its cards cost a slow phone 15 to 30 ms each:
    // one task for each, so neither holds up a tap for the sum.
    await yieldToMain();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const page = doc.querySelector('[data-category-page]');
    const source = page?.querySelector('[data-product-list]');
    if (!source) throw new Error(`${href}: no product list`);
    for (const item of [...source.children].slice(limit)) item.remove();
    await yieldToMain();
    // The category's description (the category page's only paragraph directly in its section),
    // shown under the heading as an eager section shows it.
    const desc = page?.querySelector(':scope > p');
    if (desc) {
      const p = document.createElement('p');
      p.className = 'mb-3 mt-0 text-sm text-muted';
      p.textContent = desc.textContent;
      section.querySelector('h2')?.parentElement?.after(p);
    }
    const list = document.importNode(source, true) as HTMLElement;
    list.setAttribute('data-lazy-products', '');
    slot.before(list);
    if (slot.dataset.lazySlot === 'drop') slot.remove();
    else {
      // More products than the home shows: 'Ver todos' next to the heading too, as on an eager section.
      slot.removeAttribute('data-lazy-slot');
      const more = slot.querySelector('a')?.cloneNode(true) as HTMLAnchorElement | undefined;
      if (more) {
        more.className = 'text-sm font-semibold text-brand';
        section.querySelector('h2')?.after(more);
      }
    }
    // Named by its heading, as an eager section is (left out of the HTML to save bytes).
    const heading = section.querySelector('h2');
    if (heading && section.id) {
      heading.id = `${section.id}-titulo`;
      section.setAttribute('aria-labelledby', heading.id);
    }
    section.removeAttribute('data-lazy-section');
    section.setAttribute('data-lazy-filled', '');
    document.dispatchEvent(new CustomEvent('catalogue:cards', { detail: list }));
  } catch (err) {
    // The link to the category page stays meanwhile; two more tries, a little later each.
    console.error('[lazy-sections]', err);
    const n = (attempts.get(section) ?? 0) + 1;
    attempts.set(section, n);
    if (n < 3) setTimeout(() => void fill(section), 1000 * n);
  } finally {
    // Filled, its real height is there; failed, the link to the category page takes its own.
    unreserve(section);
    section.removeAttribute('aria-busy');
  }
}

/**
 * Most deferred sections filled in the background (idle time after load, one at a time) as well:
 * a restaurant's few remaining categories cost a few kilobytes and are then ready before anyone
 * scrolls; a hypermarket's dozens stay on demand.
 */
const BACKGROUND_FILL_MAX = 8;

/**
 * Before its fetch, a deferred section out of view takes about the height it will have once
 * filled (sectionHeightEstimate, for the cards it will show), so that cards arriving while it is
 * on screen (a quick scroll, a slow network) move what follows by the estimate's error, not by
 * the whole section. One in view is left as it is: growing it would move what the customer is
 * reading. Above the viewport, the browser's scroll anchoring keeps the view in place.
 */
function reserve(section: HTMLElement): void {
  const box = section.getBoundingClientRect();
  if (box.bottom > 0 && box.top < innerHeight) return;
  const cards = Number(section.dataset.lazyLimit) || 0;
  const seeAll = section.querySelector('[data-lazy-slot="keep"]') !== null;
  // Whether the category has a description is known only once its page is read: assumed, as on
  // most menus (off by one line, 26 to 30 px, where it has none).
  const columns = matchMedia('(min-width: 768px)').matches ? 2 : 1;
  section.style.minHeight = `${sectionHeightEstimate(cards, { description: true, seeAll, columns })}px`;
}

function unreserve(section: HTMLElement): void {
  section.style.removeProperty('min-height');
  if (!section.getAttribute('style')) section.removeAttribute('style');
}

const pending = new Set<HTMLElement>();
function start(section: HTMLElement): Promise<void> {
  if (!pending.delete(section)) return Promise.resolve();
  reserve(section);
  return fill(section);
}

/**
 * The background fill waits for the customer's first touch, scroll or key, or a few seconds:
 * parsing and laying out whole category pages right after load would compete with the page's
 * first interactions on a slow phone (Lighthouse counted it as 100-270 ms of blocking time).
 */
const BACKGROUND_FILL_DELAY_MS = 4000;

/**
 * Ahead of the viewport (1000 px), sections a phone has left out of layout (ProductSection's
 * .cs~.cs[style]) are laid out for good: the browser's own margin for that is smaller, so a quick
 * scroll could otherwise show a section change from its estimated height to its real one.
 */
const NEAR_MARGIN = '1000px 0px';
/**
 * Deferred sections start their fetch further ahead (2000 px, about three phone screens): the
 * fetch, parse and placing of a category page take a slow phone a few hundred milliseconds, and
 * cards that arrive while their section is on screen move what follows it.
 */
const FILL_MARGIN = '2000px 0px';

/**
 * From the first scroll on, lays out the skipped sections as they come within NEAR_MARGIN. Not
 * before: laying out the next sections right after load would be the very work the skipping
 * saves, spent while the page is still starting.
 */
function layOutAhead(): void {
  const skipped = [...document.querySelectorAll<HTMLElement>('main .cs ~ .cs[style]')];
  if (skipped.length === 0 || !('IntersectionObserver' in window)) return;
  addEventListener('scroll', () => whenNear(skipped, NEAR_MARGIN, (section) => section.setAttribute('data-near', '')), { once: true, passive: true });
}

/** Calls `action` once for each of `elements`, when it first comes within `margin` of the viewport. */
function whenNear(elements: readonly HTMLElement[], margin: string, action: (element: HTMLElement) => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        action(entry.target as HTMLElement);
      }
    },
    { rootMargin: margin },
  );
  for (const element of elements) observer.observe(element);
}

/** Fills the home's deferred sections as they near the viewport (and the first few in the background). */
export function startLazySections(): void {
  layOutAhead();
  const sections = [...document.querySelectorAll<HTMLElement>('section[data-lazy-section]')];
  for (const section of sections) pending.add(section);
  if (sections.length > 0) {
    if (sections.length <= BACKGROUND_FILL_MAX) {
      const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
      const next = (): void => {
        const section = pending.values().next().value;
        if (section) idle(() => void start(section).then(next));
      };
      const triggers = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;
      let begun = false;
      const begin = (): void => {
        if (begun) return;
        begun = true;
        clearTimeout(timer);
        for (const type of triggers) removeEventListener(type, begin, true);
        next();
      };
      const timer = setTimeout(begin, BACKGROUND_FILL_DELAY_MS);
      for (const type of triggers) addEventListener(type, begin, { capture: true, passive: true });
    }
    // Start well before the section scrolls in, so its cards are usually there when it does.
    if ('IntersectionObserver' in window) whenNear(sections, FILL_MARGIN, (section) => void start(section));
    else for (const section of sections) void start(section);
  }
}
