// What the demo's pictures show (scripts/lib/pictures/subjects.ts), in what colours
// (palette.ts), and what the covers gather (product-image.ts coverSubjects).
import { describe, expect, it } from 'vitest';
import { coverSubjects } from '../../scripts/lib/product-image.ts';
import { emojiFile } from '../../scripts/lib/pictures/emoji.ts';
import { colourDistance, mix, paletteFor } from '../../scripts/lib/pictures/palette.ts';
import { everyRuleEmoji, ruleFor, subjectFor, subjectKey } from '../../scripts/lib/pictures/subjects.ts';
import { buildHiperDemo } from '../../scripts/seed-data/hiper-demo.ts';
import { DEMO_CATALOGUES } from '../../scripts/seed-data/index.ts';

const main = (name: string, category = '', desc = '') => subjectFor({ name, desc }, { name: category }, 'Store').main;

describe('picture subjects', () => {
  it('shows each kind of product as what it is', () => {
    expect(main('Pizza Calabresa', 'Pizzas Salgadas')).toBe('🍕');
    expect(main('Coca-Cola 2 L', 'Bebidas')).toBe('🥤');
    expect(main('Refrigerante Cola (2 L)', 'Bebidas')).toBe('🥤');
    expect(main('Pão de Forma Caseiro 500 g', 'Padaria')).toBe('🍞');
    expect(main('Pão Francês (10 unidades)', 'Padaria')).toBe('🥖');
    expect(main('Arroz Branco Tipo 1 (5 kg)', 'Mercearia')).toBe('🍚');
    expect(main('Esponja Dupla Face — 4 unidades', 'Limpeza')).toBe('🧽');
    expect(main('Sabão em Pó (1,6 kg)', 'Limpeza')).toBe('🧼');
    expect(main('Detergente Neutro (500 ml)', 'Limpeza')).toBe('🧴');
  });

  it('does not take a product for another that merely shares letters with it', () => {
    // 'chocolate' holds 'cola', 'bolonhesa' holds 'bolo', 'enxaguante' holds 'agua', 'casal' ends in 'sal'.
    expect(main('Chocolate ao Leite Nobre 90 g', 'Chocolates')).toBe('🍫');
    expect(main('Lasanha à Bolonhesa (600 g)', 'Congelados')).toBe('🥘');
    expect(main('Enxaguante Bucal', 'Higiene Pessoal')).toBe('🪥');
    expect(main('Água Sanitária (2 L)', 'Limpeza')).toBe('🧴');
    expect(main('Combo Casal', 'Combos')).toBe('🍕');
    expect(main('Biscoito de Polvilho (100 g)', 'Petiscos')).toBe('🍪');
  });

  it('falls back to the category, then to a cart (stores) or a dish (restaurants)', () => {
    expect(main('Tio Zé 1 kg', 'Frutas')).toBe('🍎');
    expect(subjectFor({ name: 'Xyz' }, { name: 'Abc' }, 'Store').main).toBe('🛒');
    expect(subjectFor({ name: 'Xyz' }, { name: 'Abc' }, 'Restaurant').main).toBe('🍲');
  });

  it("puts a pizza's toppings beside it, on a plate, and a drink on the table", () => {
    const marguerita = subjectFor({ name: 'Pizza Marguerita', desc: 'Mussarela de búfala, tomate fresco, manjericão e azeite.' }, { name: 'Pizzas' });
    expect(marguerita).toEqual({ main: '🍕', props: ['🍅', '🌿'], plate: true });
    expect(subjectFor({ name: 'Suco Natural de Laranja 500 ml' }, { name: 'Bebidas' })).toEqual({ main: '🧃', props: ['🍊'], plate: false });
    expect(subjectKey(marguerita)).toBe('1f355-1f345-1f33fp');
    expect(subjectKey({ main: '🌶️', props: [], plate: false })).toBe('1f336');
  });

  it('names only emoji the Fluent Emoji 3D set has', () => {
    for (const emoji of everyRuleEmoji()) expect(() => emojiFile(emoji), emoji).not.toThrow();
    expect(() => emojiFile('🦄🦄')).toThrow(/not in @lobehub\/fluent-emoji-3d/);
  });

  it('finds a rule for every demo product, by its own name or its category, without the last-resort fallback', () => {
    for (const cat of [...DEMO_CATALOGUES, buildHiperDemo()]) {
      for (const category of cat.categories) {
        for (const product of category.products) expect(ruleFor(product.name) ?? ruleFor(category.name), product.name).toBeDefined();
      }
    }
  });
});

describe('picture colours', () => {
  it('mixes colours in sRGB', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(colourDistance('#000000', '#000304')).toBe(5);
  });

  it("paints a light theme in tints of the establishment's colours and a dark one as a dark room", () => {
    const light = paletteFor({ theme: 'light', navbarcolor: '#1f6f43', primary: '#c62828', darkprimary: '#8e1b1b', primaryinverse: '#ffffff' });
    expect(light.wallTop).toBe(mix('#c62828', '#ffffff', 0.88));
    expect(light.tableBottom).toBe(mix('#8e1b1b', '#ffffff', 0.46));
    const dark = paletteFor({ theme: 'dark', navbarcolor: '#1a1b1e', primary: '#ffd43b', darkprimary: '#fab005', primaryinverse: '#1a1b1e' });
    expect(colourDistance(dark.wallTop, '#000000')).toBeLessThan(colourDistance(light.wallTop, '#000000'));
  });
});

describe('covers', () => {
  it('gather one product per category, food first, the menu’s most frequent in the middle, named by their categories', () => {
    const bella = DEMO_CATALOGUES.find((c) => c.establishment.slug === 'pizzaria-bella')!;
    const { mains, alt } = coverSubjects(bella);
    expect(mains[0]).toBe('🍕');
    expect(mains).toEqual(expect.arrayContaining(['🫓', '🥟', '🥤', '🍰']));
    expect(mains.length).toBeLessThanOrEqual(7);
    expect(new Set(mains).size).toBe(mains.length);
    expect(alt).toBe('Pizzas Salgadas, Esfihas, Calzones, Bebidas e Sobremesas');
    const hiper = coverSubjects(buildHiperDemo());
    expect(hiper.mains).toHaveLength(7);
    expect(hiper.mains).not.toContain('🧴');
  });
});
