// SQL lives in src/server/db/*-repo.ts only (docs/architecture.md 'Layers'): a service, a route or
// an adapter calls a named repository function and never builds a query itself. Checked on every
// server file outside db/ by its syntax tree, so a comment or a string naming selectFrom passes and
// a query split over several lines does not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Kysely's entry points to a query: each starts one from a Kysely instance or a transaction. */
const QUERY_STARTS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'executeQuery']);

/** Each query built in `text`, as 'file:line what'. */
function queriesIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERY_STARTS.has(node.expression.name.text))
      found.push(`${at(node)} ${node.expression.name.text}()`);
    // Raw SQL: Kysely's sql tag (and sql.raw, sql.ref...), or any import of it.
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === 'kysely' && !node.importClause?.isTypeOnly) {
      const names = node.importClause?.namedBindings;
      const values = names && ts.isNamedImports(names) ? names.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text) : ['*'];
      if (values.length || node.importClause?.name) found.push(`${at(node)} imports ${values.join(', ') || node.importClause?.name?.text} from kysely`);
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') found.push(`${at(node)} sql\`\``);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The server's TypeScript files outside src/server/db/, repository-relative. */
function serverFilesOutsideDb(): string[] {
  const server = join(root, 'src', 'server');
  return readdirSync(server, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.startsWith('src/server/db/'))
    .sort();
}

describe('SQL placement', () => {
  it('no server file outside src/server/db/ builds a query', () => {
    const files = serverFilesOutsideDb();
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => queriesIn(f, readFileSync(join(root, f), 'utf8')))).toEqual([]);
    // Parsing every server file takes seconds on a busy machine.
  }, 30_000);

  it('finds a query builder call, over several lines too, and raw SQL', () => {
    const text = [
      "import { sql } from 'kysely';",
      'const a = await db',
      "  .selectFrom('users')",
      '  .selectAll()',
      '  .execute();',
      "await trx.insertInto('orders').values(row).execute();",
      'await sql`select 1`.execute(db);',
    ].join('\n');
    expect(queriesIn('src/server/services/bad.ts', text)).toEqual([
      'src/server/services/bad.ts:1 imports sql from kysely',
      'src/server/services/bad.ts:2 selectFrom()',
      'src/server/services/bad.ts:6 insertInto()',
      'src/server/services/bad.ts:7 sql``',
    ]);
  });

  it('lets a type from kysely, a repository call and a mention in a comment pass', () => {
    const text = [
      "import type { Transaction } from 'kysely';",
      "import { getUser } from '../db/users-repo.ts';",
      '// never db.selectFrom() here',
      "const user = await getUser(db, 'u1');",
    ].join('\n');
    expect(queriesIn('src/server/services/good.ts', text)).toEqual([]);
  });
});
