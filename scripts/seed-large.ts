// npm run seed:large: writes the `hiper-demo` store (600 generated products in 40 categories)
// into the database of DATABASE_URL / DATA_DIR. Deterministic; safe to run again.
import { getDatabase } from '../src/server/db/database.ts';
import { describeSeeded } from './lib/seed-demo.ts';
import { seedLarge } from './lib/seed-large.ts';

try {
  const { db, engine } = await getDatabase();
  try {
    const seeded = await seedLarge(db);
    console.log(describeSeeded(seeded));
    console.log(`seed:large: written (${engine})`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(`seed:large failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
}
