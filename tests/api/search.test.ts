// Product search through GET /establishments/{id}/products?q= on SQLite and PostgreSQL: the same
// answers on both (the same literal expectations run on each engine). The demo menus carry the
// cases customers met ('muzarela' at Pizzaria Bella, 'arroz' at Mercado Sol Centro); a small
// catalogue of this file carries the exact rules (typos, prefixes, accents, name before
// description, availability, the other filters, paging, fields) and the catalogue import.
import { describe, expect, it } from 'vitest';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { catalogueChanged } from '../../src/server/catalogue-events.ts';
import { fold } from '../../src/server/search/terms.ts';
import { importCatalogue } from '../../scripts/lib/import-catalogue.ts';
import { ALL_DAYS, WEEKDAYS, hoursOn, product, promo } from '../../scripts/seed-data/common.ts';
import { mercadoSolCentro } from '../../scripts/seed-data/mercado-sol.ts';
import { pizzariaBella } from '../../scripts/seed-data/pizzaria-bella.ts';
import { forEachDatabase } from './helpers/databases.ts';
import { categoryId, estId, loadCatalogue } from './helpers/fixtures.ts';
import { smallShop } from './helpers/small-shop.ts';

const INTERNAL_TOKEN = 'token-interno-de-teste-da-busca-0123456789';

/** A small shop whose products each carry one rule of the search. São Paulo time. */
const EMPORIO: CatalogueInput = smallShop('emporio-busca', [
  {
    _id: 'padaria',
    name: 'Padaria',
    products: [
      product('pao-frances', 'Pão Francês', 90, 'Crocante, saído do forno.'),
      product('pao-de-queijo', 'Pão de Queijo', 600, 'Com queijo canastra.'),
      product('misto-quente', 'Misto Quente', 1190, 'Pão de forma, presunto e queijo prato.'),
      product('bolo-fuba', 'Bolo de Fubá', 1500, 'Receita da casa, sem glúten.'),
    ],
  },
  {
    _id: 'pratos',
    name: 'Pratos do Dia',
    products: [
      // Saturdays 11:00-15:00 only.
      product('feijoada', 'Feijoada', 4990, 'Com arroz, couve e farofa.', { availabilities: hoursOn([7], 1100, 1500) }),
      // Weekdays 11:00-14:30 only; delivery only.
      product('prato-feito', 'Prato Feito', 2290, 'Arroz, feijão, bife e salada.', {
        availabilities: hoursOn(WEEKDAYS, 1100, 1430),
        delivery_type: ['delivery'],
      }),
    ],
  },
  {
    _id: 'mercearia',
    name: 'Mercearia',
    products: [
      product('arroz-branco', 'Arroz Branco Tipo 1 (5 kg)', 2790, 'Grãos longos e soltinhos.', { delivery_type: ['pickup'] }),
      promo('arroz-integral', 'Arroz Integral (1 kg)', 799, 999, 'Tipo 1.'),
      product('farinha-mandioca', 'Farinha de Mandioca', 690, 'Ideal para farofa.'),
      product('farofa-pronta', 'Farofa Pronta', 590, 'Temperada com bacon.'),
    ],
  },
  {
    _id: 'bebidas',
    name: 'Bebidas',
    products: [
      product('agua-coco', 'Água de Coco', 650, 'Gelada.', { availabilities: hoursOn(ALL_DAYS, 0, 2400) }),
      product('suco-laranja', 'Suco de Laranja', 900, 'Natural, 500 ml.'),
    ],
  },
]);

const emporio = estId('emporio-busca');
const bella = estId(pizzariaBella.establishment.slug);
const centro = estId(mercadoSolCentro.establishment.slug);

// 2026-03-04 is a Wednesday: 20:00 in São Paulo is 23:00Z. 2026-03-07 is a Saturday: noon is 15:00Z.
const WEDNESDAY_EVENING = '2026-03-04T23:00:00Z';
const WEDNESDAY_NOON = '2026-03-04T15:00:00Z';
const SATURDAY_NOON = '2026-03-07T15:00:00Z';

type Item = { _id: string; name: string; desc?: string };

forEachDatabase(
  'product search',
  (ctx) => {
    const search = async (establishmentId: string, query: string) => {
      const res = await ctx().call(`/api/establishments/${establishmentId}/products?${query}`);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body as { items: Item[]; total: number; page: number; limit: number };
    };
    const names = async (establishmentId: string, q: string, rest = '') =>
      (await search(establishmentId, `q=${encodeURIComponent(q)}&limit=100${rest}`)).items.map((p) => p.name);

    describe('the demo menus', () => {
      it("finds Pizza Mussarela for 'muzarela', first, and then every other product made with mussarela [R-1.5] [R-5.99]", async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        const found = await names(bella, 'muzarela');
        expect(found[0]).toBe('Pizza Mussarela');
        // Exactly the products whose name or description says mussarela, counted from the menu itself.
        const withMussarela = pizzariaBella.categories.flatMap((c) => c.products).filter((p) => fold(`${p.name} ${p.desc}`).includes('mussarela'));
        expect(withMussarela.length).toBeGreaterThan(10);
        expect([...found].sort()).toEqual(withMussarela.map((p) => p.name).sort());
        // The right spelling and the other common ones give the same list.
        for (const q of ['mussarela', 'MUÇARELA', 'musarela', 'mussarella']) expect(await names(bella, q), q).toEqual(found);
      });

      it("ranks Arroz Branco first for 'arroz', and the dishes unavailable now after every available match [R-1.5] [R-5.99]", async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        const found = await names(centro, 'arroz');
        expect(found[0]).toBe('Arroz Branco Tipo 1 (5 kg)');
        // Marmita Executiva (weekdays 11:00-14:30) and Feijoada (Saturdays) mention arroz and are unavailable at 20:00.
        expect(found.slice(-2).sort()).toEqual(['Feijoada Completa (serve 2)', 'Marmita Executiva']);
        expect(found).toContain('Cesta Básica Sol');
        // On Saturday at noon the feijoada is available: it comes before the marmita.
        ctx().setNow(SATURDAY_NOON);
        const saturday = await names(centro, 'arroz');
        expect(saturday[0]).toBe('Arroz Branco Tipo 1 (5 kg)');
        expect(saturday.at(-1)).toBe('Marmita Executiva');
        expect(saturday.indexOf('Feijoada Completa (serve 2)')).toBeLessThan(saturday.indexOf('Marmita Executiva'));
      });
    });

    describe('what matches', () => {
      it('tolerates typos sized to the word, not in words of 3 letters [R-5.99]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'aroz branco')).toEqual(['Arroz Branco Tipo 1 (5 kg)']);
        expect(await names(emporio, 'farinah')).toEqual(['Farinha de Mandioca']);
        expect(await names(emporio, 'fejoada')).toEqual(['Feijoada']);
        // 'pai' is a word of its own, not 'pão' mistyped.
        expect((await search(emporio, 'q=pai')).total).toBe(0);
      });

      it('matches the start of a word, as the customer types [R-5.99]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'fari')).toEqual(['Farinha de Mandioca']);
        expect(await names(emporio, 'arroz int')).toEqual(['Arroz Integral (1 kg)']);
        // A single letter looks at names only: not 'bife' (Prato Feito) nor 'bacon' (Farofa Pronta) in descriptions.
        expect((await names(emporio, 'b')).sort()).toEqual(['Arroz Branco Tipo 1 (5 kg)', 'Bolo de Fubá']);
      });

      it("ignores accents and case both ways: 'pao' finds 'Pão', 'AGUA' finds 'Água' [R-5.99]", async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        const pao = await names(emporio, 'pao');
        expect(pao.slice(0, 2).sort()).toEqual(['Pão Francês', 'Pão de Queijo']);
        expect(pao).toContain('Misto Quente');
        expect(await names(emporio, 'PÃO')).toEqual(pao);
        expect(await names(emporio, 'AGUA')).toEqual(['Água de Coco']);
        expect(await names(emporio, 'gluten')).toEqual(['Bolo de Fubá']);
      });

      it('ranks a product named so before one that only mentions the word [R-5.99]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'queijo')).toEqual(['Pão de Queijo', 'Misto Quente']);
        expect(await names(emporio, 'farofa')).toEqual(['Farofa Pronta', 'Farinha de Mandioca', 'Feijoada']);
      });

      it('ranks the products available now first, by the clock in the establishment time zone [R-5.99]', async () => {
        // Wednesday 20:00: neither dish is available (the feijoada's shorter description mentions arroz more strongly);
        // Wednesday noon: the prato feito is, and moves above the feijoada.
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'arroz')).toEqual(['Arroz Integral (1 kg)', 'Arroz Branco Tipo 1 (5 kg)', 'Feijoada', 'Prato Feito']);
        ctx().setNow(WEDNESDAY_NOON);
        expect(await names(emporio, 'arroz')).toEqual(['Arroz Integral (1 kg)', 'Arroz Branco Tipo 1 (5 kg)', 'Prato Feito', 'Feijoada']);
        expect(await names(emporio, 'feijao')).toEqual(['Prato Feito']);
      });

      it('leaves out a word the menu has nowhere, and finds nothing for a query of articles [R-5.99]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        // No product has 'grande': the pão de queijo is still found first.
        expect((await names(emporio, 'pao de queijo grande'))[0]).toBe('Pão de Queijo');
        expect(await search(emporio, 'q=de%20da')).toEqual({ items: [], total: 0, page: 1, limit: 20 });
        // Two typos away from 'laranja' is too far for a 7-letter word: no Suco de Laranja for 'lasanha'.
        expect((await search(emporio, 'q=lasanha')).total).toBe(0);
      });

      it('does not search when q is empty or blank: the whole menu, in menu order [R-5.100]', async () => {
        const all = await search(emporio, 'q=%20%20&limit=100');
        expect(all.total).toBe(12);
        expect(all.items[0]!.name).toBe('Pão Francês');
      });
    });

    describe('with the other parameters', () => {
      it('filters the matches by category, delivery and pickup [R-7.17]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'arroz', `&category_id=${categoryId('emporio-busca', 'mercearia')}`)).toEqual([
          'Arroz Integral (1 kg)',
          'Arroz Branco Tipo 1 (5 kg)',
        ]);
        expect(await names(emporio, 'arroz', '&accept_delivery=true')).toEqual(['Arroz Integral (1 kg)', 'Feijoada', 'Prato Feito']);
        expect(await names(emporio, 'arroz', '&accept_pickup=true')).toEqual(['Arroz Integral (1 kg)', 'Arroz Branco Tipo 1 (5 kg)', 'Feijoada']);
        expect(await names(emporio, 'arroz', `&accept_pickup=true&category_id=${categoryId('emporio-busca', 'pratos')}`)).toEqual(['Feijoada']);
      });

      it('orders the matches by an explicit sort instead of relevance [R-7.17]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        expect(await names(emporio, 'arroz', '&sort=price')).toEqual(['Arroz Integral (1 kg)', 'Prato Feito', 'Arroz Branco Tipo 1 (5 kg)', 'Feijoada']);
        expect(await names(emporio, 'arroz', '&sort=-price')).toEqual(['Feijoada', 'Arroz Branco Tipo 1 (5 kg)', 'Prato Feito', 'Arroz Integral (1 kg)']);
        expect(await names(emporio, 'arroz', '&sort=name')).toEqual(['Arroz Branco Tipo 1 (5 kg)', 'Arroz Integral (1 kg)', 'Feijoada', 'Prato Feito']);
        // Menu order: Pratos do Dia comes before Mercearia.
        expect(await names(emporio, 'arroz', '&sort=sort')).toEqual(['Feijoada', 'Prato Feito', 'Arroz Branco Tipo 1 (5 kg)', 'Arroz Integral (1 kg)']);
      });

      it('pages the matches: total counts them all, each page continues the same order [R-7.17]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        const everything = await names(emporio, 'arroz');
        const first = await search(emporio, 'q=arroz&limit=3');
        const second = await search(emporio, 'q=arroz&limit=3&page=2');
        expect([first.total, second.total]).toEqual([4, 4]);
        expect([...first.items, ...second.items].map((p) => p.name)).toEqual(everything);
        expect((await search(emporio, 'q=arroz&limit=3&page=3')).items).toEqual([]);
      });

      it('keeps only the requested fields, plus _id [R-7.17]', async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        const { items } = await search(emporio, 'q=farinah&fields=name,price');
        expect(items).toEqual([{ _id: expect.any(String), name: 'Farinha de Mandioca', price: 690 }]);
      });

      it('answers 400 invalid_query for a q longer than 200 characters', async () => {
        const res = await ctx().call(`/api/establishments/${emporio}/products?q=${'a'.repeat(201)}`);
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.message).toBe('invalid_query');
        expect(body.fields.map((f: { path: string }) => f.path)).toEqual(['q']);
      });
    });

    describe('after a catalogue import', () => {
      it("finds the import's new product once the change signal reaches the server, as the import's re-render sends it", async () => {
        ctx().setNow(WEDNESDAY_EVENING);
        // The first search builds the index.
        expect((await search(emporio, 'q=cuscuz')).total).toBe(0);
        const withCuscuz = structuredClone(EMPORIO);
        withCuscuz.categories[1]!.products.push(product('cuscuz', 'Cuscuz Paulista', 1890, 'Com sardinha e ovos.'));
        const imported = await importCatalogue(ctx().db, withCuscuz);
        expect(imported.ok).toBe(true);
        // Until the signal, the index in memory is the one searched (what makes a search cheap).
        expect((await search(emporio, 'q=cuscuz')).total).toBe(0);
        // What `npm run catalogue:import` calls on the running server; its re-render sends the signal.
        const rerender = await ctx().call('/api/internal/rerender', {
          method: 'POST',
          body: { slug: 'emporio-busca' },
          headers: { 'X-Internal-Token': INTERNAL_TOKEN },
        });
        expect(rerender.status).toBe(200);
        expect(await names(emporio, 'cuscuz')).toEqual(['Cuscuz Paulista']);
        expect(await names(emporio, 'cuzcuz')).toEqual(['Cuscuz Paulista']);
        // The other establishments' indexes answer as before.
        expect((await names(bella, 'muzarela'))[0]).toBe('Pizza Mussarela');
      });
    });
  },
  {
    setup: async (ctx) => {
      for (const catalogue of [pizzariaBella, mercadoSolCentro, EMPORIO]) await loadCatalogue(ctx.db, catalogue);
    },
    // The server's re-render (src/server/main.ts) sends the change signal first; pages are not rendered here.
    deps: {
      internalToken: INTERNAL_TOKEN,
      rerender: async (slug) => {
        catalogueChanged({ slug });
        return { pages: 0 };
      },
    },
  },
);
