// Playwright's test, with one guard on every test of the suite: no page may report a
// Content-Security-Policy violation (src/server/content-security.ts). Every journey thus proves that
// the pages' policy lets through all the scripts the product itself runs, and nothing else.
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ contentSecurityGuard: undefined }>({
  contentSecurityGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
