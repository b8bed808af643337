// The catalogue import as functions (the CLI is scripts/catalogue-import.ts): validate everything,
// write nothing on any problem, otherwise replace the establishment's catalogue in one transaction;
// then ask a running server to re-render that establishment's pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../../src/server/config.ts';
import { replaceCatalogue } from '../../src/server/db/catalogue-repo.ts';
import type { Database } from '../../src/server/db/database.ts';
import { type Problem, validateCatalogueFile } from './validate-catalogue.ts';

export type ImportResult =
  | { ok: true; slug: string; establishmentId: string; companyId: string; categories: number; products: number }
  | { ok: false; problems: Problem[] };

/** Parses JSON text; a syntax error becomes one problem at `(root)`. */
export function parseCatalogueText(text: string): { ok: true; json: unknown } | { ok: false; problems: Problem[] } {
  try {
    return { ok: true, json: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (err) {
    return { ok: false, problems: [{ path: '(root)', message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` }] };
  }
}

/** Validates and, only when there is no problem at all, writes the catalogue. */
export async function importCatalogue(db: Database, json: unknown): Promise<ImportResult> {
  const result = validateCatalogueFile(json);
  if (!result.ok) return result;
  const cat = result.catalogue;
  const { establishmentId, companyId } = await replaceCatalogue(db, cat);
  return {
    ok: true,
    slug: cat.establishment.slug,
    establishmentId,
    companyId,
    categories: cat.categories.length,
    products: cat.categories.reduce((n, c) => n + c.products.length, 0),
  };
}

export type RerenderOutcome =
  | { status: 'done'; httpStatus: number }
  | { status: 'refused'; httpStatus: number; body: string }
  | { status: 'no-token'; tokenFile: string }
  | { status: 'unreachable'; error: string };

/**
 * POST {origin}/api/internal/rerender {slug} with the X-Internal-Token header. The token is read
 * from `${dataDir}/internal-token` (written by the server at start), else INTERNAL_TOKEN.
 */
export async function requestRerender(
  slug: string,
  opts: { origin?: string; dataDir?: string; token?: string; timeoutMs?: number } = {},
): Promise<RerenderOutcome> {
  const tokenFile = join(opts.dataDir ?? config.dataDir, 'internal-token');
  let token = opts.token;
  if (!token) {
    try {
      token = readFileSync(tokenFile, 'utf8').trim();
    } catch {
      token = config.internalToken;
    }
  }
  if (!token) return { status: 'no-token', tokenFile };
  const origin = (opts.origin ?? config.publicOrigin).replace(/\/$/, '');
  try {
    const res = await fetch(`${origin}/api/internal/rerender`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Internal-Token': token },
      body: JSON.stringify({ slug }),
      // Rendering every page of a large establishment on a busy server takes seconds, not milliseconds.
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
    if (res.ok) return { status: 'done', httpStatus: res.status };
    return { status: 'refused', httpStatus: res.status, body: (await res.text()).slice(0, 300) };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return { status: 'unreachable', error: `${err instanceof Error ? err.message : String(err)}${cause}` };
  }
}
