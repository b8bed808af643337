// npm run seed: writes the demo catalogues (Pizzaria Bella, Mercado Sol x3) and their generated
// pictures into the database of DATABASE_URL / DATA_DIR. Safe to run again: it replaces them.
import { getDatabase } from '../src/server/db/database.ts';
import { describeSeeded, seedDemo } from './lib/seed-demo.ts';

try {
  const { db, engine } = await getDatabase();
  try {
    const seeded = await seedDemo(db);
    for (const s of seeded) console.log(describeSeeded(s));
    console.log(`seed: ${seeded.length} establishments written (${engine})`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error(`seed failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
}
