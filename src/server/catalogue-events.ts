// The one signal that an establishment's catalogue (products, categories, preferences, hours) has
// changed in this process: a catalogue import reaches the running server through the internal
// re-render call, which sends it before the establishment's pages are rendered again. Whatever a
// process holds in memory about a catalogue (search indexes, answers of the catalogue reads) drops
// that establishment's part here, so the pages rendered next and every later read see the new data.
// Other server processes get it through the live-updates event bus (src/server/live/live.ts).

export type CatalogueChange = { slug: string };
type Listener = (change: CatalogueChange) => void;

// One set per process: the Astro page bundle and the Node server load this module as two copies
// (src/server/db/database.ts says why), and a change sent by the server must reach the listeners
// either copy registered.
const shared = globalThis as typeof globalThis & { __storefrontCatalogueListeners?: Set<Listener> };
shared.__storefrontCatalogueListeners ??= new Set<Listener>();
const listeners = shared.__storefrontCatalogueListeners;

/** Calls `listener` on every catalogue change; answers the function that stops it. */
export function onCatalogueChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * After a change the establishment's pages show (an import, the open state, a product's edit or
 * sold-out flag): its stored pages are rendered again with `rerender`, which also tells this and
 * the other processes; an API-only process, which renders no pages, still drops what it holds in
 * memory about the establishment. `first`: the pages of the one product changed, rendered first
 * (src/server/serve-pages.ts). Answers how many pages were rendered before the answer (0 without
 * `rerender`).
 */
export async function renderPagesAgain(
  rerender: ((slug: string, first?: readonly string[]) => Promise<{ pages: number }>) | undefined,
  slug: string,
  first?: readonly string[],
): Promise<number> {
  if (rerender) return (await rerender(slug, first)).pages;
  catalogueChanged({ slug });
  return 0;
}

/** Tells every listener that the establishment `slug` has a new catalogue. */
export function catalogueChanged(change: CatalogueChange): void {
  for (const listener of listeners) listener(change);
}
