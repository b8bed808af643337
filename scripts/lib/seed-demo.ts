// The demo seed as a function, so the CLI (scripts/seed.ts), tests and the server can all run it:
// validates every demo catalogue, generates its pictures under `${dataDir}/uploads` and writes it
// with replaceCatalogue. Idempotent: catalogue keys and ids are stable and each establishment's
// catalogue is replaced, so running it twice leaves the same rows (only updated_at moves).
import type { Catalogue, CatalogueInput } from '../../src/schemas/catalogue.ts';
import { config } from '../../src/server/config.ts';
import { replaceCatalogue } from '../../src/server/db/catalogue-repo.ts';
import type { Database } from '../../src/server/db/database.ts';
import { ensureEstablishmentKeys } from '../../src/server/services/establishment-keys.ts';
import { findStaffMemberByEmail } from '../../src/server/db/staff-repo.ts';
import { createStaffMember } from '../../src/server/services/staff.ts';
import { demoStaffLogins } from '../seed-data/staff.ts';
import { DEMO_CATALOGUES } from '../seed-data/index.ts';
import { applyGeneratedImages } from './product-image.ts';
import { formatProblems, validateCatalogueFile } from './validate-catalogue.ts';

export interface SeedOptions {
  /** Where uploads are written (`${dataDir}/uploads/...`); defaults to config.dataDir (DATA_DIR). */
  dataDir?: string;
}

export interface SeededEstablishment {
  company: string;
  slug: string;
  establishmentId: string;
  companyId: string;
  categories: number;
  products: number;
  /** Picture files written (0 when they were already up to date). */
  imagesWritten: number;
}

/** Validates, adds generated pictures and writes each catalogue; throws on the first invalid one (before writing it). */
export async function seedCatalogues(db: Database, catalogues: CatalogueInput[], opts: SeedOptions = {}): Promise<SeededEstablishment[]> {
  const dataDir = opts.dataDir ?? config.dataDir;
  // Validate every catalogue before writing any, so a broken seed leaves the database untouched.
  const prepared: { catalogue: Catalogue; written: number }[] = [];
  for (const input of catalogues) {
    const { catalogue: withImages, written } = await applyGeneratedImages(input, dataDir, { overwrite: true });
    const result = validateCatalogueFile(withImages);
    if (!result.ok) throw new Error(`demo catalogue ${input.establishment.slug} is invalid:\n${formatProblems(result.problems)}`);
    prepared.push({ catalogue: result.catalogue, written });
  }
  const out: SeededEstablishment[] = [];
  for (const { catalogue, written } of prepared) {
    const { establishmentId, companyId } = await replaceCatalogue(db, catalogue);
    out.push({
      company: catalogue.company.slug,
      slug: catalogue.establishment.slug,
      establishmentId,
      companyId,
      categories: catalogue.categories.length,
      products: catalogue.categories.reduce((n, c) => n + c.products.length, 0),
      imagesWritten: written,
    });
  }
  return out;
}

/**
 * Gives each establishment its demo panel logins (scripts/seed-data/staff.ts): an owner and a staff
 * member, created when missing; a login already there is left as it is (its password may have been
 * changed on purpose).
 */
export async function ensureDemoStaff(db: Database, seeded: readonly Pick<SeededEstablishment, 'slug' | 'establishmentId'>[], now = new Date()): Promise<void> {
  for (const s of seeded) {
    for (const login of demoStaffLogins(s.slug)) {
      if (await findStaffMemberByEmail(db, s.establishmentId, login.email)) continue;
      await createStaffMember(db, { establishmentId: s.establishmentId, ...login }, now);
    }
  }
}

/**
 * Writes the demo companies (Pizzaria Bella, Mercado Sol with three establishments) and gives each
 * establishment an API key, written in plain text to `${dataDir}/establishment-keys.json` (0600) for
 * `npm run orders`; a slug keeps its key across re-seeds. Each establishment also gets its demo
 * panel logins (an owner and a staff member).
 */
export async function seedDemo(db: Database, opts: SeedOptions = {}): Promise<SeededEstablishment[]> {
  const seeded = await seedCatalogues(db, DEMO_CATALOGUES, opts);
  await ensureEstablishmentKeys(db, seeded, opts.dataDir ?? config.dataDir);
  await ensureDemoStaff(db, seeded);
  return seeded;
}

/** 'pizzaria-bella: 7 categories, 58 products (58 images written)'. */
export function describeSeeded(s: SeededEstablishment): string {
  return `${s.slug} (${s.company}): ${s.categories} categories, ${s.products} products, ${s.imagesWritten} image files written`;
}
