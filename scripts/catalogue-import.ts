// npm run catalogue:import -- FILE.json
// Validates the whole file first (schema and cross-field rules) and writes NOTHING when anything is
// wrong: each problem is printed on its own line as `<json.path>: <message>` and the exit code is 1.
// On success the establishment's catalogue is replaced in one transaction, then a running server is
// asked to re-render that establishment's pages (if none answers, pages are generated later).
import { readFileSync } from 'node:fs';
import { config } from '../src/server/config.ts';
import { getDatabase } from '../src/server/db/database.ts';
import { importCatalogue, parseCatalogueText, requestRerender } from './lib/import-catalogue.ts';
import { formatProblems, validateCatalogueFile } from './lib/validate-catalogue.ts';

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file || argv.includes('--help') || argv.includes('-h')) {
    console.error('usage: npm run catalogue:import -- FILE.json\n  (docs/catalogue-format.md describes the format)');
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`(root): cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const parsed = parseCatalogueText(text);
  if (!parsed.ok) {
    console.error(formatProblems(parsed.problems));
    console.error(`${file}: not imported; nothing was written.`);
    return 1;
  }
  // Validate before opening the database: a bad file never touches it.
  const checked = validateCatalogueFile(parsed.json);
  if (!checked.ok) {
    console.error(formatProblems(checked.problems));
    console.error(`${file}: ${checked.problems.length} problem${checked.problems.length === 1 ? '' : 's'}; nothing was written.`);
    return 1;
  }

  const { db, engine } = await getDatabase();
  let slug: string;
  try {
    const result = await importCatalogue(db, parsed.json);
    if (!result.ok) {
      console.error(formatProblems(result.problems));
      return 1;
    }
    slug = result.slug;
    console.log(`imported ${slug}: ${result.categories} categories, ${result.products} products (${engine})`);
  } finally {
    await db.destroy();
  }

  const rerender = await requestRerender(slug);
  switch (rerender.status) {
    case 'done':
      console.log(`pages of ${slug} re-rendered by the server at ${config.publicOrigin}`);
      break;
    case 'no-token':
      console.log(`no running server found (no ${rerender.tokenFile}); pages will be generated at the next start or request`);
      break;
    case 'unreachable':
      console.log(`no server answered at ${config.publicOrigin} (${rerender.error}); pages will be generated at the next start or request`);
      break;
    case 'refused':
      console.warn(`the server refused the re-render (HTTP ${rerender.httpStatus}: ${rerender.body}); pages will be generated at the next start or request`);
      break;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(`catalogue:import failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  },
);
