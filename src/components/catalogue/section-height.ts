// How tall a home section is expected to be before it is laid out: shared by the server, which
// reserves it for the sections a phone skips (ProductSection), and by src/page-scripts/lazy-sections.ts,
// which reserves it for a deferred section before filling it. Pure, with no imports, so the
// browser's bundle takes only this.

/**
 * The height in CSS pixels of a home section with `cards` product cards, in one column (a phone)
 * or two (from 768 px). Measured on the demo menus at 390 and 1280 px: in one column a card is
 * about 200 px with its gap, heading and padding about 60 px, the description line and the 'Ver
 * todos' button about 30 and 52 px; in two columns a row of cards is 222 px, heading and padding
 * 56 px, the description 26 px.
 * Example: `sectionHeightEstimate(6, { description: true, seeAll: true })` is `1342`, and with
 * `columns: 2` it is `804`
 */
export function sectionHeightEstimate(cards: number, parts: { description: boolean; seeAll: boolean; columns?: 1 | 2 }): number {
  const seeAll = parts.seeAll ? 52 : 0;
  if (parts.columns === 2) return 56 + (parts.description ? 26 : 0) + seeAll + Math.ceil(cards / 2) * 222;
  return 60 + (parts.description ? 30 : 0) + seeAll + cards * 200;
}
