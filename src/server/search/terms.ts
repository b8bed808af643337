// How catalogue text and a customer's query become search words, the same way for both: accents
// and case folded ('Pão' and 'PAO' are 'pao'), split on anything that is not a letter or a digit
// ('Coca-Cola' is 'coca' 'cola', 'Catupiry®' is 'catupiry'), and the Portuguese words that carry
// no meaning in a product name dropped ('Pizza de Calabresa' is 'pizza' 'calabresa').

/**
 * Articles, prepositions and their contractions, and the small words descriptions are full of
 * ('a cada 2 horas', 'escolha até dois'): they name no product, and as typo targets they would
 * answer nonsense ('nada' is one letter from 'cada'). 'sem' stays: 'sem lactose' means something.
 */
const STOP_WORDS = new Set(
  [
    'a o as os um uma e ou que se',
    'de da do das dos em no na nos nas num numa ao aos com para pra por pelo pela pelos pelas ate',
    'seu sua seus suas cada mais todo toda todos todas',
  ]
    .join(' ')
    .split(' '),
);

/** The most words of one query that are searched; the rest are ignored (a 200-character query cannot cost 100 searches). */
export const MAX_QUERY_WORDS = 8;

/** Lower-case, accent-free text: 'Pão de Açúcar' -> 'pao de acucar'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The search words of a text, in order, repeats kept (they weigh in the ranking): 'Pão de Açúcar' -> ['pao', 'acucar']. */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !STOP_WORDS.has(w));
}

/** The distinct words a query searches for, at most MAX_QUERY_WORDS: ' Pizza de MUÇARELA pizza ' -> ['pizza', 'mucarela']. */
export function queryWords(q: string): string[] {
  return [...new Set(searchWords(q))].slice(0, MAX_QUERY_WORDS);
}

/**
 * How many typing mistakes a word may carry and still find its product, by its length: none up to
 * 3 letters ('pao' must not find 'pau' or 'pai'), 1 from 4 ('aroz' finds 'arroz', 'frnago' finds
 * 'frango', but 'lasanha' does not find 'laranja'), 2 from 8 ('muzarela' finds 'mussarela').
 */
export function typoBudget(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 7) return 1;
  return 2;
}

/**
 * The typing mistakes between two words: letters inserted, deleted, replaced, or two neighbours
 * swapped (one mistake on a phone keyboard, where plain edit distance counts two). Past `max` the
 * answer is `max + 1` (the count stops early). Example: `typoDistance('frnago', 'frango', 2) === 1`
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the optimal string alignment table: two rows back (for swaps), the last, the current.
  let before = new Array<number>(b.length + 1).fill(0);
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, last, row] = [last, row, before];
  }
  return Math.min(last[b.length]!, max + 1);
}
