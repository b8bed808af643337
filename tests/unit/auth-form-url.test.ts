// The account page's address after a refused form post (src/lib/urls.ts): what the server writes
// the page reads back, and nothing it should not carry gets through either way.
import { describe, expect, it } from 'vitest';
import { authFormUrl, readAuthFormQuery, referralPath, safeReturnPath } from '../../src/lib/urls.ts';

const read = (url: string, slug = 'bella') => readAuthFormQuery(new URL(url, 'http://localhost').searchParams, slug);

describe('authFormUrl and readAuthFormQuery', () => {
  it('round-trips the tab, the code, what was typed and the way back', () => {
    const url = authFormUrl('bella', { tab: 'register', error: 'email_taken', email: 'ana+1@example.com', back: '/bella/minha-conta/pedidos', referral: '' });
    expect(url).toBe('/bella/minha-conta?aba=cadastro&erro=email_taken&email=ana%2B1%40example.com&voltar=%2Fbella%2Fminha-conta%2Fpedidos');
    expect(read(url)).toEqual({
      tab: 'register',
      error: 'email_taken',
      login: '',
      email: 'ana+1@example.com',
      back: '/bella/minha-conta/pedidos',
      referral: '',
    });
    const login = authFormUrl('bella', { tab: 'login', error: 'invalid_credentials', login: '(11) 98765-4321' });
    expect(read(login)).toEqual({ tab: 'login', error: 'invalid_credentials', login: '(11) 98765-4321', email: '', back: null, referral: '' });
  });

  it('is the bare account page when there is nothing to say', () => {
    expect(authFormUrl('bella', { tab: 'login' })).toBe('/bella/minha-conta');
    expect(read('/bella/minha-conta')).toEqual({ tab: 'login', error: null, login: '', email: '', back: null, referral: '' });
  });

  it('drops a way back out of the establishment, an error that is no code and an overlong login', () => {
    expect(authFormUrl('bella', { back: 'https://evil.example/' })).toBe('/bella/minha-conta');
    const state = read(`/bella/minha-conta?erro=${encodeURIComponent('<b>oi</b>')}&voltar=/outra/&login=${'a'.repeat(300)}&aba=outra`);
    expect(state).toEqual({ tab: 'login', error: null, login: 'a'.repeat(254), email: '', back: null, referral: '' });
  });

  it('carries a referral code to the registration form, normalised and bounded', () => {
    expect(referralPath('bella', 'MARIA7K2')).toBe('/bella/minha-conta?aba=cadastro&indicacao=MARIA7K2');
    expect(read('/bella/minha-conta?aba=cadastro&indicacao=%20maria-7k2%3Cb%3E')).toMatchObject({ tab: 'register', referral: 'MARIA7K2B' });
    expect(read(`/bella/minha-conta?indicacao=${'x'.repeat(100)}`).referral).toBe('X'.repeat(32));
  });
});

describe('safeReturnPath', () => {
  it("takes only paths of the establishment's own area", () => {
    expect(safeReturnPath('/bella', 'bella')).toBe('/bella');
    expect(safeReturnPath('/bella/produto/x', 'bella')).toBe('/bella/produto/x');
    for (const bad of [null, '', '/bellax/', '//bella/', 'https://bella/', '/bella/\\evil', '/bella/\r\nX: y', '/outra/'])
      expect(safeReturnPath(bad, 'bella'), String(bad)).toBeNull();
  });
});
