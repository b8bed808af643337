import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { kebabCase, parseProductSlug, productPath, productSlug } from '../../src/domain/slug.ts';

describe('product slug', () => {
  it('kebab-cases names and strips accents', () => {
    expect(kebabCase('Pizza Calabresa & Cebola')).toBe('pizza-calabresa-cebola');
    expect(kebabCase('Açaí na Tigela (500ml)')).toBe('acai-na-tigela-500ml');
    expect(kebabCase('  Pão de Queijo — Tradicional!  ')).toBe('pao-de-queijo-tradicional');
    expect(kebabCase('Coração')).toBe('coracao');
    expect(kebabCase('***')).toBe('');
  });

  it('builds /produto/{id}-{kebab-name}', () => {
    expect(productSlug('64f1c2aa', 'Pizza Calabresa & Cebola')).toBe('64f1c2aa-pizza-calabresa-cebola');
    expect(productPath(42, 'Coca-Cola 2L')).toBe('/produto/42-coca-cola-2l');
    expect(productSlug('64f1c2aa', '!!!')).toBe('64f1c2aa');
    expect(() => productSlug('a/b', 'x')).toThrow(RangeError);
  });

  it('parses the id back whatever name follows', () => {
    expect(parseProductSlug('64f1c2aa-pizza-calabresa-cebola')).toBe('64f1c2aa');
    expect(parseProductSlug('64f1c2aa-nome-antigo')).toBe('64f1c2aa');
    expect(parseProductSlug('64f1c2aa')).toBe('64f1c2aa');
    expect(parseProductSlug('')).toBeNull();
    expect(parseProductSlug('-sem-id')).toBeNull();
    expect(parseProductSlug('../etc')).toBeNull();
  });

  it('round-trips the id for any name (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-f0-9]{1,24}$/), fc.string(), (id, name) => {
        const slug = productSlug(id, name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(parseProductSlug(slug)).toBe(id);
      }),
    );
  });
});
