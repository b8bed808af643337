// The script policy each page carries (src/server/content-security.ts): its inline scripts and
// inline handlers by hash, never 'unsafe-inline'; data blocks need none; the policy comes first in <head>.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageScriptPolicy, securityHeaders, withScriptPolicy, PAGE_POLICY } from '../../src/server/content-security.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('pageScriptPolicy', () => {
  it("allows the page's own files and each inline script by its hash, and nothing inline else", () => {
    const html = '<script>one()</script><script type="module">two()</script><script src="/_astro/a.js"></script>';
    const policy = pageScriptPolicy(html);
    expect(policy).toBe(`script-src 'self' ${hash('one()')} ${hash('two()')}; worker-src 'self' blob:; base-uri 'self'`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('gives JSON and JSON-LD data blocks no hash: they never run', () => {
    const html = '<script type="application/json" id="store-data">{"a":1}</script><script type="application/ld+json">{}</script>';
    expect(pageScriptPolicy(html)).toBe("script-src 'self'; worker-src 'self' blob:; base-uri 'self'");
  });

  it('allows an inline handler by the hash of its value as the browser reads it', () => {
    const html = '<nav onclick="a&amp;&amp;b()">x</nav>';
    expect(pageScriptPolicy(html)).toContain(`'unsafe-hashes' ${hash('a&&b()')}`);
  });

  it('does not take text inside a script for a handler', () => {
    expect(pageScriptPolicy('<script>var s = \' onclick="evil()"\'</script>')).not.toContain('unsafe-hashes');
  });
});

describe('withScriptPolicy', () => {
  it('puts the policy right after the charset, before anything it governs, once', () => {
    const html = '<!doctype html><html><head><meta charset="utf-8"><title>x</title><script>go()</script></head></html>';
    const out = withScriptPolicy(html);
    expect(out).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-/);
    expect(withScriptPolicy(out)).toBe(out);
  });
});

describe('securityHeaders', () => {
  it('sends HSTS only when asked (production over TLS)', () => {
    expect(securityHeaders({ policy: PAGE_POLICY, hsts: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ policy: PAGE_POLICY, hsts: true })['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders({ policy: PAGE_POLICY, hsts: true })).toMatchObject({
      'Content-Security-Policy': expect.stringContaining("frame-ancestors 'none'"),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin',
      'Permissions-Policy': expect.stringContaining('camera=()'),
    });
  });
});
