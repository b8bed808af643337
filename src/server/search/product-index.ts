// One establishment's products as a MiniSearch index, and the order a query's matches are shown in.
// Pure: the documents come in (src/server/search/documents.ts reads them), product ids go out.
//
// What matches: every word of the query (articles and prepositions left out) must be found in the
// product's name, description or category name, accents and case folded, as a whole word or as
// the start of one ('arro' finds 'Arroz'); a query of single letters looks at names only. A word
// found nowhere in the catalogue, even as the start of a word, is taken for a typo: it finds the
// words within typoBudget(word) mistakes of it, a swap of two neighbours counting as one
// ('muzarela' finds 'Mussarela', 'frnago' finds 'Frango'); a word the catalogue knows is never
// stretched ('coca' does not also find 'coco'). A word the catalogue has nowhere, even with a
// typo, is left out, so it cannot hide what the others find ('pizza mussarela grande' finds the
// mussarela pizzas though no product says 'grande').
//
// The order: products available now (their availability windows, in the establishment's time
// zone) before unavailable ones; then relevance, where a word in the name weighs three times one
// in the description or the category name, a whole word more than the start of one, one typo
// more than two; equal relevance keeps the menu order (category, then product). An explicit
// sort (name, price, menu order) orders the same matches instead, relevance breaking its ties.
import MiniSearch, { type Query } from 'minisearch';
import { isProductAvailableAt } from '../../domain/availability.ts';
import type { Temporal } from '../../domain/time.ts';
import type { Availability } from '../../schemas/catalogue.ts';
import { queryWords, searchWords, typoBudget, typoDistance } from './terms.ts';

/** What the index keeps of one product: the text it searches and the facts the filters and the order read. */
export interface SearchDocument {
  id: string;
  name: string;
  desc: string;
  /** The name of the product's category. */
  category: string;
  categoryId: string;
  /** The category's position in the menu. */
  categorySort: number;
  /** The product's position in its category. */
  sort: number;
  /** Centavos. */
  price: number;
  promo: boolean;
  deliveryTypes: readonly string[];
  availabilities: readonly Availability[];
}

/** The products call's other filters, applied to the matches (the same rules as without q). */
export interface SearchFilters {
  categoryId?: string;
  acceptDelivery?: boolean;
  acceptPickup?: boolean;
  promoOnly?: boolean;
}

export type SearchSort = 'sort' | 'name' | '-name' | 'price' | '-price';

export interface RankOptions {
  /** The instant 'available now' is read at. */
  at: Temporal.Instant;
  timeZone: string;
  filters?: SearchFilters;
  /** Absent: relevance (available first). */
  sort?: SearchSort;
}

export interface ProductIndex {
  /** Products indexed. */
  readonly size: number;
  /** The ids of the products matching `q` that pass the filters, in the order they are shown; [] when q has no search word. */
  rank(q: string, options: RankOptions): string[];
}

/** A word in the name weighs three times one in the description or the category name. */
const FIELD_BOOST = { name: 3, desc: 1, category: 1 };
/** What a word found through a typo weighs, at most (MiniSearch's own weight for its fuzzy matches); less for more typos. */
const TYPO_WEIGHT = 0.45;

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** True when some word of the sorted list `words` is `word` or starts with it (binary search). */
function knowsPrefix(words: readonly string[], word: string): boolean {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo < words.length && words[lo]!.startsWith(word);
}

function passes(doc: SearchDocument, filters: SearchFilters): boolean {
  if (filters.categoryId && doc.categoryId !== filters.categoryId) return false;
  if (filters.promoOnly && !doc.promo) return false;
  if (filters.acceptDelivery && !doc.deliveryTypes.includes('delivery')) return false;
  if (filters.acceptPickup && !doc.deliveryTypes.includes('pickup')) return false;
  return true;
}

type Hit = { doc: SearchDocument; score: number; available: boolean };

const menuOrder = (a: Hit, b: Hit) =>
  a.doc.categorySort - b.doc.categorySort || a.doc.sort - b.doc.sort || (a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0);
const relevance = (a: Hit, b: Hit) => b.score - a.score || menuOrder(a, b);

/** Each order of the matches; every one ends in a total order, so equal inputs always give the same list. */
const ORDERS: Record<SearchSort | 'relevance', (a: Hit, b: Hit) => number> = {
  relevance: (a, b) => Number(b.available) - Number(a.available) || relevance(a, b),
  sort: menuOrder,
  name: (a, b) => byName.compare(a.doc.name, b.doc.name) || relevance(a, b),
  '-name': (a, b) => byName.compare(b.doc.name, a.doc.name) || relevance(a, b),
  price: (a, b) => a.doc.price - b.doc.price || relevance(a, b),
  '-price': (a, b) => b.doc.price - a.doc.price || relevance(a, b),
};

export function buildProductIndex(documents: readonly SearchDocument[]): ProductIndex {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const index = new MiniSearch<SearchDocument>({
    fields: ['name', 'desc', 'category'],
    idField: 'id',
    // Words are folded and filtered by searchWords already; MiniSearch's own lower-casing is not wanted on top.
    tokenize: searchWords,
    processTerm: (term) => term,
  });
  index.addAll(documents);
  const vocabulary = [...new Set(documents.flatMap((d) => [...searchWords(d.name), ...searchWords(d.desc), ...searchWords(d.category)]))].sort();

  /** The catalogue's words within the word's typo budget, each with its weight: 'muzarela' -> mussarela. */
  function typoCandidates(word: string): Map<string, number> {
    const budget = typoBudget(word);
    const weights = new Map<string, number>();
    if (budget > 0)
      for (const known of vocabulary) {
        const typos = typoDistance(word, known, budget);
        if (typos <= budget) weights.set(known, (TYPO_WEIGHT * known.length) / (known.length + typos));
      }
    return weights;
  }

  /** A word the catalogue knows, as a word or the start of one, is searched as typed; any other is taken for a typo (none close: null). */
  function wordQuery(word: string): Query | null {
    if (knowsPrefix(vocabulary, word)) return word;
    const typos = typoCandidates(word);
    return typos.size > 0 ? { combineWith: 'OR', prefix: false, queries: [...typos.keys()], boostTerm: (term) => typos.get(term) ?? 0 } : null;
  }

  return {
    size: documents.length,
    rank(q, { at, timeZone, filters = {}, sort }) {
      const words = queryWords(q);
      if (words.length === 0) return [];
      // Single letters ('p') would find a word starting with them in nearly every description: they look at names only.
      const fields = words.every((w) => w.length === 1) ? ['name'] : undefined;
      const found = words.map(wordQuery).filter((query) => query !== null);
      const matches = (every: Query[]): Hit[] => {
        const hits: Hit[] = [];
        for (const r of index.search({ combineWith: 'AND', queries: every }, { boost: FIELD_BOOST, prefix: true, fields })) {
          const doc = byId.get(r.id as string);
          if (doc && passes(doc, filters)) hits.push({ doc, score: r.score, available: isProductAvailableAt(doc, at, timeZone) });
        }
        return hits;
      };
      const hits = found.length > 0 ? matches(found) : [];
      return hits.sort(ORDERS[sort ?? 'relevance']).map((h) => h.doc.id);
    },
  };
}
