// The category row's arrows [R-1.4] (src/components/catalogue/CategoryNav.astro): each scrolls the
// row by most of its width. They are type="button", so a tap before the scripts have run attaches
// them at once and is replayed here (src/page-scripts/early-tap.ts); no inline handler, which the
// page's script policy would have to allow by hash in every page's first bytes.

/** Listens for taps on the arrows of every category row of the page. */
export function startCategoryArrows(): void {
  document.addEventListener('click', (event) => {
    const arrow = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-category-nav] [data-scroll]') : null;
    const row = arrow?.parentElement?.firstElementChild;
    if (!arrow || !(row instanceof HTMLElement)) return;
    row.scrollBy(Number(arrow.dataset.scroll) * row.clientWidth * 0.8, 0);
  });
}
