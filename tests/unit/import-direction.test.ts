// The import direction (docs/architecture.md, 'Layers'), checked on every source file of src/ and
// islands/ by the rules of scripts/lib/import-direction.ts; and the checker itself shown failing on
// synthetic imports that run against it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFile, checkTree, importsOf, layerOf, sourceFiles, unplacedFiles, type Exception } from '../../scripts/lib/import-direction.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Imports allowed against the rules, each with its reason. None today: keep it that way or say why here. */
const EXCEPTIONS: Exception[] = [];

describe('import direction', () => {
  it('every file under src/ and islands/ belongs to a layer', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(100);
    expect(unplacedFiles(files)).toEqual([]);
  });

  // Each reads and parses the whole tree (about 800 files): seconds on a busy 2-core machine.
  const WHOLE_TREE_MS = 30_000;

  it(
    'no source file imports against the direction',
    () => {
      const violations = checkTree(root, EXCEPTIONS).map((v) => v.message);
      expect(violations).toEqual([]);
    },
    WHOLE_TREE_MS,
  );

  it(
    'every listed exception is still needed',
    () => {
      const all = checkTree(root);
      const stale = EXCEPTIONS.filter((e) => !all.some((v) => v.file === e.file && v.specifier === e.specifier));
      expect(stale).toEqual([]);
    },
    WHOLE_TREE_MS,
  );
});

describe('the checker', () => {
  const bad = (file: string, text: string) => checkFile(file, text).map((v) => v.message);

  it('places files in their layers', () => {
    expect(layerOf('src/domain/money.ts')).toBe('domain');
    expect(layerOf('src/page-scripts/status.ts')).toBe('page-scripts');
    expect(layerOf('src/middleware.ts')).toBe('pages');
    expect(layerOf('islands/cart/CartRoot.tsx')).toBe('islands');
    expect(layerOf('scripts/build.ts')).toBeNull();
    expect(unplacedFiles(['src/domain/money.ts', 'src/stray.ts'])).toEqual(['src/stray.ts']);
  });

  it('names the file, the line and the import of a domain module that imports the server', () => {
    const text = "import { formatBRL } from './money.ts';\nimport { getDatabase } from '../server/db/database.ts';\n";
    expect(bad('src/domain/bad.ts', text)).toEqual([
      "src/domain/bad.ts:2 imports '../server/db/database.ts': domain may not import server (the domain is pure rules: it imports only itself, the time module and @brazilian-utils)",
    ]);
  });

  it('refuses an npm package or a Node module the domain has no business with', () => {
    expect(bad('src/domain/bad.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(bad('src/domain/bad.ts', "import { type } from 'arktype';")).toHaveLength(1);
    expect(bad('src/domain/bad.ts', "import { isValidCPF } from '@brazilian-utils/brazilian-utils';")).toEqual([]);
  });

  it('lets only the time module import Temporal', () => {
    expect(bad('src/domain/time.ts', "import { Temporal } from 'temporal-polyfill';")).toEqual([]);
    expect(bad('src/domain/schedule.ts', "import { Temporal } from 'temporal-polyfill';")[0]).toContain('src/domain/time.ts');
  });

  it('refuses schemas that import beyond the domain and arktype', () => {
    expect(bad('src/schemas/bad.ts', "import { t } from '../i18n/index.ts';")).toHaveLength(1);
    expect(bad('src/schemas/bad.ts', "import { type } from 'arktype';\nimport { money } from '../domain/money.ts';")).toEqual([]);
  });

  it('refuses the server importing browser code or pages', () => {
    for (const target of ['../../islands/stores/cart.ts', '../client/api.ts', '../page-scripts/status.ts', '../components/catalogue/format.ts']) {
      expect(bad('src/server/bad.ts', `import { x } from '${target}';`)).toHaveLength(1);
    }
  });

  it('refuses the browser library importing islands, page scripts or the server', () => {
    expect(bad('src/client/bad.ts', "import { getCartStore } from '../../islands/stores/cart.ts';")).toHaveLength(1);
    expect(bad('src/client/bad.ts', "import { startStatus } from '../page-scripts/status.ts';")).toHaveLength(1);
    expect(bad('src/client/bad.ts', "import type { Db } from '../server/db/types.ts';")).toHaveLength(1);
  });

  it('refuses islands importing the server, also by a dynamic import or a type, and page scripts', () => {
    expect(bad('islands/cart/Bad.tsx', "const m = await import('../../src/server/config.ts');")).toHaveLength(1);
    expect(bad('islands/cart/Bad.tsx', "type C = typeof import('../../src/server/config.ts');")).toHaveLength(1);
    expect(bad('islands/cart/Bad.tsx', "export { startCart } from '../../src/page-scripts/cart-boot.ts';")).toHaveLength(1);
    expect(bad('islands/cart/Bad.tsx', "import { Database } from 'better-sqlite3';")).toHaveLength(1);
    expect(bad('islands/cart/Bad.tsx', "import Header from '../../src/components/layout/Header.astro';")).toHaveLength(1);
  });

  it('lets page scripts start islands with import() and name their types, never bundle them', () => {
    expect(bad('src/page-scripts/bad.ts', "const { mountCart } = await import('../../islands/cart/mount.tsx');")).toEqual([]);
    expect(bad('src/page-scripts/bad.ts', "import type { CartStore } from '../../islands/stores/cart.ts';")).toEqual([]);
    expect(bad('src/page-scripts/bad.ts', "import { getCartStore } from '../../islands/stores/cart.ts';")).toEqual([
      "src/page-scripts/bad.ts:1 imports '../../islands/stores/cart.ts': page-scripts may import islands only with import() or import type (page scripts run in the browser: they start islands with import() and use the browser library, never the server)",
    ]);
    // With verbatimModuleSyntax an inline `type` still loads the module.
    expect(bad('src/page-scripts/bad.ts', "import { type CartStore } from '../../islands/stores/cart.ts';")).toHaveLength(1);
  });

  it('holds an .astro file to the server side in its frontmatter and the browser side in its bundled <script>', () => {
    const page = [
      '---',
      "import { loadPage } from '../../server/page-data.ts';",
      '---',
      '<p>oi</p>',
      "<script is:inline>import('/not-bundled.js');</script>",
      '<script>',
      "  import { startStatus } from '../../page-scripts/status.ts';",
      "  import { config } from '../../server/config.ts';",
      '</script>',
    ].join('\n');
    expect(importsOf('src/components/layout/Bad.astro', page).map((i) => [i.specifier, i.line, i.side, i.kind])).toEqual([
      ['../../server/page-data.ts', 2, 'components', 'static'],
      ['../../page-scripts/status.ts', 7, 'page-scripts', 'static'],
      ['../../server/config.ts', 8, 'page-scripts', 'static'],
    ]);
    expect(bad('src/components/layout/Bad.astro', page)).toEqual([
      "src/components/layout/Bad.astro:8 imports '../../server/config.ts': page-scripts may not import server (page scripts run in the browser: they start islands with import() and use the browser library, never the server)",
    ]);
  });

  it('drops a violation listed as an exception', () => {
    const text = "import { getDatabase } from '../server/db/database.ts';";
    const exceptions = [{ file: 'src/domain/bad.ts', specifier: '../server/db/database.ts', why: 'a synthetic case' }];
    expect(checkFile('src/domain/bad.ts', text, exceptions)).toEqual([]);
  });
});
