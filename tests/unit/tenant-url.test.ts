// The URLs an establishment may give (src/domain/tenant-url.ts): web links, mailto, tel and paths of
// this site; never a script, a data URL, or a path the browser reads as another site.
import { describe, expect, it } from 'vitest';
import { isSafeTenantUrl, safeTenantUrl } from '../../src/domain/tenant-url.ts';
import { sameOriginPath } from '../../src/lib/urls.ts';

describe('isSafeTenantUrl', () => {
  it.each([
    'https://loja.example.com/termos',
    'http://loja.example.com/privacidade?x=1#y',
    'mailto:contato@loja.example.com',
    'tel:+5511987654321',
    '/uploads/products/pizza.webp',
    '/pizzaria-bella/termos',
  ])('takes %s', (url) => {
    expect(isSafeTenantUrl(url)).toBe(true);
    expect(safeTenantUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript\u0000:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '//evil.example.com/',
    '/\\evil.example.com',
    '\\\\evil.example.com',
    'https:evil.example.com',
    'https:/evil.example.com',
    'https://',
    'blob:https://loja.example.com/1',
    'file:///etc/passwd',
    'uploads/relative.png',
    '&#106;avascript:alert(1)',
    'https://loja.example.com/\u202egpj.exe',
    '',
    ' /leading-space',
  ])('refuses %j', (url) => {
    expect(isSafeTenantUrl(url)).toBe(false);
    expect(safeTenantUrl(url)).toBeNull();
  });

  it('answers null for what is not a string', () => {
    expect(safeTenantUrl(undefined)).toBeNull();
    expect(safeTenantUrl(null)).toBeNull();
  });
});

describe('sameOriginPath: where the error page may send the customer back', () => {
  const origin = 'https://loja.example.com';
  it('keeps a path of this site', () => {
    expect(sameOriginPath('/pizzaria-bella/?q=calabresa', origin)).toBe('/pizzaria-bella/?q=calabresa');
    expect(sameOriginPath('/pizzaria-bella/pedido/abc#topo', origin)).toBe('/pizzaria-bella/pedido/abc#topo');
  });

  it.each([
    '/\t/evil.example.com',
    '/%09/evil.example.com',
    '/\n/evil.example.com',
    '//evil.example.com',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
    '',
  ])('refuses %j, which a browser takes to another site or runs', (value) => {
    expect(sameOriginPath(value, origin)).toBeNull();
  });
});
