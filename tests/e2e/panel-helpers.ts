// What the establishment's panel specs share: the tablet they run at, the e2e server's database
// file (for fixtures an establishment's admin would make), and axe's serious and critical findings.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const TABLET = { width: 820, height: 1180 };

/** The e2e server's SQLite file (tests/e2e/server.ts makes its data folder per port). */
export const e2eDatabaseFile = join(tmpdir(), `storefront-e2e-${Number(process.env.E2E_PORT ?? 4399)}`, 'storefront.sqlite');

/** Axe's serious and critical violations on the page (or within `include`), as 'rule: targets'. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
