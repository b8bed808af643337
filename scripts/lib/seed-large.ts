// The large generated catalogue (`hiper-demo`: 600 products in 40 categories) as a function,
// for `npm run seed:large`, tests and benchmarks. Deterministic and idempotent.
import type { Database } from '../../src/server/db/database.ts';
import { buildHiperDemo, type LargeOptions } from '../seed-data/hiper-demo.ts';
import { seedCatalogues, type SeededEstablishment, type SeedOptions } from './seed-demo.ts';

/** Writes `hiper-demo` (company and establishment) with its generated pictures. */
export async function seedLarge(db: Database, opts: SeedOptions & LargeOptions = {}): Promise<SeededEstablishment> {
  const [seeded] = await seedCatalogues(db, [buildHiperDemo(opts)], opts);
  return seeded!;
}
