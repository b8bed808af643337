// The catalogue search without a database: how text becomes search words, what one establishment's
// index matches and in which order, and the per-process cache of indexes (one build per
// establishment, dropped on a catalogue change, bounded by the products it holds).
import { describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { SearchIndexCache, type IndexedCatalogue } from '../../src/server/search/index-cache.ts';
import { buildProductIndex, type SearchDocument } from '../../src/server/search/product-index.ts';
import { MAX_QUERY_WORDS, fold, queryWords, searchWords, typoBudget, typoDistance } from '../../src/server/search/terms.ts';

const SP = 'America/Sao_Paulo';
const sp = (local: string) => Temporal.PlainDateTime.from(local).toZonedDateTime(SP).toInstant();
// 2026-03-04 is a Wednesday (wday 4): 12:00 is inside a weekday lunch window, 20:00 is not.
const WEDNESDAY_NOON = sp('2026-03-04T12:00');
const WEDNESDAY_EVENING = sp('2026-03-04T20:00');
const WEEKDAY_LUNCH = [2, 3, 4, 5, 6].map((wday) => ({ wday, start_at: 1100, stop_at: 1430 }));

let serial = 0;
function doc(name: string, desc = '', extra: Partial<SearchDocument> = {}): SearchDocument {
  serial += 1;
  return {
    id: `p${String(serial).padStart(3, '0')}`,
    name,
    desc,
    category: 'Mercearia',
    categoryId: 'mercearia',
    categorySort: 0,
    sort: serial,
    price: 1000,
    promo: false,
    deliveryTypes: ['delivery', 'pickup'],
    availabilities: [],
    ...extra,
  };
}

describe('search words', () => {
  it('fold accents and case, split on what is not a letter or digit, and drop articles and prepositions', () => {
    expect(fold('Pão de AÇÚCAR')).toBe('pao de acucar');
    expect(searchWords('Pão de Açúcar')).toEqual(['pao', 'acucar']);
    expect(searchWords('Coca-Cola 2L, Catupiry® (350 ml)')).toEqual(['coca', 'cola', '2l', 'catupiry', '350', 'ml']);
    expect(searchWords('Frango com Catupiry')).toEqual(['frango', 'catupiry']);
    expect(searchWords('Fornadas a cada 2 horas, até 3 sabores')).toEqual(['fornadas', '2', 'horas', '3', 'sabores']);
    // 'sem' changes what is asked for: it stays.
    expect(searchWords('Leite sem Lactose')).toEqual(['leite', 'sem', 'lactose']);
  });

  it('a query searches each of its words once, at most MAX_QUERY_WORDS of them', () => {
    expect(queryWords('  Pizza de MUÇARELA pizza ')).toEqual(['pizza', 'mucarela']);
    expect(queryWords('de da do')).toEqual([]);
    expect(queryWords('a b c d e f g h i j k l').length).toBe(MAX_QUERY_WORDS);
  });

  it('allow more typos in longer words: none up to 3 letters, 1 from 4, 2 from 8', () => {
    expect(['pao', 'aroz', 'pizza', 'frnago', 'lasanha', 'muzarela'].map(typoBudget)).toEqual([0, 1, 1, 1, 1, 2]);
  });

  it('count a swap of two neighbouring letters as one typo, and stop counting past the budget', () => {
    expect(typoDistance('frnago', 'frango', 2)).toBe(1);
    expect(typoDistance('aroz', 'arroz', 2)).toBe(1);
    expect(typoDistance('muzarela', 'mussarela', 2)).toBe(2);
    expect(typoDistance('lasanha', 'laranja', 2)).toBe(2);
    expect(typoDistance('mussarela', 'mussarela', 2)).toBe(0);
    expect(typoDistance('pizza', 'esfiha', 2)).toBe(3);
    expect(typoDistance('pao', 'paozinho', 1)).toBe(2);
  });
});

describe('one establishment index', () => {
  const pizzaMussarela = doc('Pizza Mussarela', 'Molho de tomate, mussarela e orégano.', { category: 'Pizzas', categoryId: 'pizzas', categorySort: 1 });
  const pizzaNapolitana = doc('Pizza Napolitana', 'Mussarela, tomate e parmesão.', { category: 'Pizzas', categoryId: 'pizzas', categorySort: 1 });
  const queijo = doc('Queijo Mussarela Fatiado', 'Fatiado na hora.', { promo: true, deliveryTypes: ['pickup'] });
  const marmita = doc('Marmita Executiva', 'Arroz, feijão e uma proteína.', {
    category: 'Rotisseria',
    categoryId: 'rotisseria',
    availabilities: WEEKDAY_LUNCH,
  });
  const arroz = doc('Arroz Branco Tipo 1', 'Grãos longos.', { price: 2790 });
  const cesta = doc('Cesta Básica', 'Arroz, feijão, açúcar e café.', { price: 14990 });
  const pao = doc('Pão Francês', 'Quentinho.', { price: 900 });
  const coco = doc('Água de Coco', 'Natural.');
  const coca = doc('Coca-Cola Lata', 'Refrigerante.');
  const index = buildProductIndex([pizzaMussarela, pizzaNapolitana, queijo, marmita, arroz, cesta, pao, coco, coca]);
  const names = (q: string, options: Partial<Parameters<typeof index.rank>[1]> = {}) =>
    index
      .rank(q, { at: WEDNESDAY_EVENING, timeZone: SP, ...options })
      .map((id) => [pizzaMussarela, pizzaNapolitana, queijo, marmita, arroz, cesta, pao, coco, coca].find((d) => d.id === id)!.name);

  it('tolerates a typo sized to the word and ranks a name above a description', () => {
    expect(names('muzarela')).toEqual(['Pizza Mussarela', 'Queijo Mussarela Fatiado', 'Pizza Napolitana']);
    expect(names('mussarela')).toEqual(names('muzarela'));
    expect(names('aroz')[0]).toBe('Arroz Branco Tipo 1');
    // 3 letters allow no typo: 'pai' is not 'pao'.
    expect(names('pai')).toEqual([]);
  });

  it('stretches only a word the catalogue does not know: coca finds Coca-Cola, not Água de Coco', () => {
    expect(names('coca')).toEqual(['Coca-Cola Lata']);
    expect(names('coco')).toEqual(['Água de Coco']);
  });

  it('folds accents and matches the start of a word', () => {
    expect(names('PAO')).toEqual(['Pão Francês']);
    expect(names('pão')).toEqual(['Pão Francês']);
    expect(names('fatia')).toEqual(['Queijo Mussarela Fatiado']);
  });

  it('puts the products available now above unavailable ones, and relevance within each', () => {
    // 20:00: the lunch box is outside its window, below the basket that only mentions rice too.
    expect(names('arroz')).toEqual(['Arroz Branco Tipo 1', 'Cesta Básica', 'Marmita Executiva']);
    // Noon: available, it ranks by relevance (its shorter description says arroz more strongly than the basket's).
    expect(names('arroz', { at: WEDNESDAY_NOON })).toEqual(['Arroz Branco Tipo 1', 'Marmita Executiva', 'Cesta Básica']);
  });

  it('needs every word, but leaves out a word the catalogue has nowhere, even with a typo', () => {
    expect(names('pizza mussarela')).toEqual(['Pizza Mussarela', 'Pizza Napolitana']);
    expect(names('pizza tomate').sort()).toEqual(['Pizza Mussarela', 'Pizza Napolitana']);
    // Both words are on the menu, in no product together.
    expect(names('pizza coca')).toEqual([]);
    // 'grande' is nowhere: the pizzas with mussarela are still found, the one named so first.
    expect(names('pizza mussarela grande')).toEqual(['Pizza Mussarela', 'Pizza Napolitana']);
    expect(names('xyzzy')).toEqual([]);
  });

  it('answers nothing for a query without a search word, and looks at names only for single letters', () => {
    expect(names('de')).toEqual([]);
    expect(names('!!!')).toEqual([]);
    // 'q' starts Queijo (a name) and Quentinho (Pão Francês's description): names only.
    expect(names('q')).toEqual(['Queijo Mussarela Fatiado']);
    // Beside a longer word, a letter is the start of a word anywhere (as typed: 'pao q' on the way to 'pao quentinho').
    expect(names('pao q')).toEqual(['Pão Francês']);
  });

  it('applies the other filters to the matches', () => {
    expect(names('mussarela', { filters: { categoryId: 'pizzas' } })).toEqual(['Pizza Mussarela', 'Pizza Napolitana']);
    expect(names('mussarela', { filters: { promoOnly: true } })).toEqual(['Queijo Mussarela Fatiado']);
    expect(names('mussarela', { filters: { acceptDelivery: true } })).toEqual(['Pizza Mussarela', 'Pizza Napolitana']);
    expect(names('mussarela', { filters: { acceptPickup: true } })).toEqual(['Pizza Mussarela', 'Queijo Mussarela Fatiado', 'Pizza Napolitana']);
  });

  it('orders the same matches by an explicit sort, relevance breaking ties', () => {
    expect(names('arroz', { sort: 'price' })).toEqual(['Marmita Executiva', 'Arroz Branco Tipo 1', 'Cesta Básica']);
    expect(names('arroz', { sort: '-price' })).toEqual(['Cesta Básica', 'Arroz Branco Tipo 1', 'Marmita Executiva']);
    expect(names('arroz', { sort: 'name' })).toEqual(['Arroz Branco Tipo 1', 'Cesta Básica', 'Marmita Executiva']);
    // Menu order: Mercearia (0) before Rotisseria... all in category sort 0, then the product's own position.
    expect(names('arroz', { sort: 'sort' })).toEqual(['Marmita Executiva', 'Arroz Branco Tipo 1', 'Cesta Básica']);
  });

  it('keeps the menu order between products of equal relevance', () => {
    const twins = [doc('Suco de Uva', 'Integral.', { sort: 2 }), doc('Suco de Uva', 'Integral.', { sort: 1 })];
    const ranked = buildProductIndex(twins).rank('suco', { at: WEDNESDAY_EVENING, timeZone: SP });
    expect(ranked).toEqual([twins[1]!.id, twins[0]!.id]);
  });
});

describe('the index cache', () => {
  const built = (slug: string, products: number): IndexedCatalogue => ({
    index: buildProductIndex(Array.from({ length: products }, (_, i) => doc(`Produto ${slug} ${i}`))),
    slug,
    timeZone: SP,
  });
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('builds an establishment once, even for concurrent first searches', async () => {
    const cache = new SearchIndexCache(100);
    let builds = 0;
    const load = async () => {
      builds += 1;
      return built('loja', 3);
    };
    const [a, b] = await Promise.all([cache.get('1:loja', load), cache.get('1:loja', load)]);
    expect(a).toBe(b);
    await cache.get('1:loja', load);
    expect(builds).toBe(1);
    expect(cache.stats).toEqual({ indexes: 1, products: 3 });
  });

  it('drops an establishment when its catalogue changes, and keeps the others', async () => {
    const cache = new SearchIndexCache(100);
    let builds = 0;
    const load = (slug: string) => async () => {
      builds += 1;
      return built(slug, 2);
    };
    await cache.get('1:a', load('a'));
    await cache.get('1:b', load('b'));
    cache.drop('a');
    expect(cache.stats).toEqual({ indexes: 1, products: 2 });
    await cache.get('1:b', load('b'));
    expect(builds).toBe(2);
    await cache.get('1:a', load('a'));
    expect(builds).toBe(3);
  });

  it('does not keep a build that was running when a catalogue changed: it may have read the old catalogue', async () => {
    const cache = new SearchIndexCache(100);
    const slow = deferred<IndexedCatalogue>();
    const first = cache.get('1:a', () => slow.promise);
    cache.drop('a');
    slow.resolve(built('a', 2));
    // The search that started the build is answered from it; the next one builds again.
    expect((await first)?.slug).toBe('a');
    expect(cache.stats).toEqual({ indexes: 0, products: 0 });
    let rebuilt = false;
    await cache.get('1:a', async () => {
      rebuilt = true;
      return built('a', 2);
    });
    expect(rebuilt).toBe(true);
  });

  it('forgets the least recently searched establishments beyond its product budget', async () => {
    const cache = new SearchIndexCache(10);
    await cache.get('1:a', async () => built('a', 4));
    await cache.get('1:b', async () => built('b', 4));
    // Searching a again makes b the least recent.
    await cache.get('1:a', async () => built('a', 4));
    await cache.get('1:c', async () => built('c', 4));
    expect(cache.stats).toEqual({ indexes: 2, products: 8 });
    let rebuiltB = false;
    await cache.get('1:b', async () => {
      rebuiltB = true;
      return built('b', 4);
    });
    expect(rebuiltB).toBe(true);
    // One establishment larger than the budget is still served, alone.
    const big = await cache.get('1:big', async () => built('big', 12));
    expect(big?.index.size).toBe(12);
    expect(cache.stats).toEqual({ indexes: 1, products: 12 });
  });

  it('keeps nothing for an unknown establishment or a failed build', async () => {
    const cache = new SearchIndexCache(10);
    expect(await cache.get('1:x', async () => undefined)).toBeUndefined();
    await expect(cache.get('1:y', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.stats).toEqual({ indexes: 0, products: 0 });
    expect((await cache.get('1:y', async () => built('y', 1)))?.slug).toBe('y');
  });
});
