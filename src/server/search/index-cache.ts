// The search indexes a process holds: one per establishment, built on its first search, dropped
// when its catalogue changes, and bounded by the number of products they index together (the
// least recently searched establishments go first). Concurrent first searches share one build.
import type { ProductIndex } from './product-index.ts';

/** A built index and what it was built for. */
export interface IndexedCatalogue {
  index: ProductIndex;
  /** The establishment's slug: the catalogue-change signal names establishments by slug. */
  slug: string;
  timeZone: string;
}

interface Entry {
  build: Promise<IndexedCatalogue | undefined>;
  /** Set once the build is done and kept. */
  ready?: IndexedCatalogue;
}

export class SearchIndexCache {
  readonly maxProducts: number;
  readonly #entries = new Map<string, Entry>();
  #products = 0;

  /** `maxProducts`: the most products all kept indexes may index together (one establishment larger than that is still served, alone). */
  constructor(maxProducts: number) {
    this.maxProducts = maxProducts;
  }

  /** The index under `key`, built by `load` on first use; undefined when `load` finds nothing (kept out). */
  get(key: string, load: () => Promise<IndexedCatalogue | undefined>): Promise<IndexedCatalogue | undefined> {
    const hit = this.#entries.get(key);
    if (hit) {
      // Map order is the recency order: the last entry is the most recently searched.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.build;
    }
    const entry: Entry = { build: Promise.resolve(undefined) };
    entry.build = load().then(
      (built) => {
        // Dropped while building (its catalogue changed): this answer is served, the index is not kept.
        if (this.#entries.get(key) !== entry) return built;
        if (!built) this.#entries.delete(key);
        else {
          entry.ready = built;
          this.#products += built.index.size;
          this.#evictBeyondBudget(key);
        }
        return built;
      },
      (err: unknown) => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
        throw err;
      },
    );
    this.#entries.set(key, entry);
    return entry.build;
  }

  /**
   * Forgets the index of the establishment `slug`, and every build still running (its slug is not
   * known yet, and it may have read the catalogue before the change): the next search builds anew.
   */
  drop(slug: string): void {
    for (const [key, entry] of this.#entries) if (!entry.ready || entry.ready.slug === slug) this.#remove(key, entry);
  }

  /** Indexes kept and the products they index. */
  get stats(): { indexes: number; products: number } {
    let indexes = 0;
    for (const entry of this.#entries.values()) if (entry.ready) indexes += 1;
    return { indexes, products: this.#products };
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    if (entry.ready) this.#products -= entry.ready.index.size;
  }

  #evictBeyondBudget(keep: string): void {
    for (const [key, entry] of this.#entries) {
      if (this.#products <= this.maxProducts) return;
      if (key !== keep && entry.ready) this.#remove(key, entry);
    }
  }
}
