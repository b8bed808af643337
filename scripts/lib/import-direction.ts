// The import direction of docs/architecture.md, 'Layers', as rules a test can check
// (tests/unit/import-direction.test.ts): domain <- schemas <- server | client <- islands, page
// scripts and pages. Every source file under src/ and islands/ belongs to one layer; each layer names
// the layers and npm packages it may import. Imports are read with the TypeScript parser (static,
// dynamic, re-exports and `import('x')` types, type-only ones included: a type names the layer it
// comes from as much as a value does); in an .astro file the frontmatter renders on the server and a
// bundled <script> runs in the browser, so each is held to its own side's rules.
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

export type Layer =
  | 'domain'
  | 'schemas'
  | 'i18n'
  | 'lib'
  | 'server'
  | 'client'
  | 'page-scripts'
  | 'islands'
  | 'components'
  | 'layouts'
  | 'pages'
  | 'service-worker';

/** Where each layer lives (paths relative to the repository, '/' separated). */
const PLACES: readonly [prefix: string, layer: Layer][] = [
  ['src/domain/', 'domain'],
  ['src/schemas/', 'schemas'],
  ['src/i18n/', 'i18n'],
  ['src/lib/', 'lib'],
  ['src/server/', 'server'],
  ['src/client/', 'client'],
  ['src/page-scripts/', 'page-scripts'],
  ['src/service-worker/', 'service-worker'],
  ['src/components/', 'components'],
  ['src/layouts/', 'layouts'],
  ['src/pages/', 'pages'],
  // Astro's request middleware runs beside the pages, on the server.
  ['src/middleware.ts', 'pages'],
  ['islands/', 'islands'],
];

/** The layer of a repository-relative path; null outside src/ and islands/ (scripts, tests, node_modules). */
export function layerOf(path: string): Layer | null {
  return PLACES.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1] ?? null;
}

/** Browser code: what it imports is shipped to every phone, and the server's modules cannot run there. */
const BROWSER: ReadonlySet<Layer> = new Set(['client', 'page-scripts', 'islands', 'service-worker']);
/** Server-rendered code: the server's own modules are theirs to use, the browser's are not. */
const SERVER_RENDERED: readonly Layer[] = ['domain', 'schemas', 'i18n', 'lib', 'server', 'islands', 'components', 'layouts', 'pages'];

interface Rule {
  /** The layers it may import (its own included). */
  may: readonly Layer[];
  /** Layers it may import only on demand (import()) or for types: their code never joins its bundle. */
  lazy?: readonly Layer[];
  /** When set, the only npm packages it may import. */
  packages?: readonly string[];
  /** Node's built-in modules (node:fs...) are allowed. */
  builtins: boolean;
  /** What the rule protects, said in a violation. */
  why: string;
}

export const RULES: Record<Layer, Rule> = {
  domain: {
    may: ['domain'],
    // Temporal comes through the time module (src/domain/time.ts), which is domain too.
    packages: ['temporal-polyfill', '@brazilian-utils/brazilian-utils'],
    builtins: false,
    why: 'the domain is pure rules: it imports only itself, the time module and @brazilian-utils',
  },
  schemas: {
    may: ['domain', 'schemas'],
    packages: ['arktype'],
    builtins: false,
    why: 'the wire types import only the domain, each other and arktype',
  },
  i18n: { may: ['domain', 'i18n'], builtins: false, why: 't() and the locale files serve the server and the browser alike' },
  lib: { may: ['domain', 'schemas', 'i18n', 'lib'], builtins: false, why: 'the URL, SEO and picture helpers serve the server and the browser alike' },
  server: {
    may: ['domain', 'schemas', 'i18n', 'lib', 'server'],
    builtins: true,
    why: 'the server never imports browser code (client, page scripts, islands) nor the pages it serves',
  },
  client: {
    may: ['domain', 'schemas', 'i18n', 'lib', 'client'],
    builtins: false,
    why: 'the browser library (API client, session, toasts) is imported by islands and page scripts, never the reverse, and never imports the server',
  },
  'page-scripts': {
    may: ['domain', 'schemas', 'i18n', 'lib', 'client', 'page-scripts', 'islands', 'components'],
    // Every store page loads the page scripts after its first paint: an island's code comes later, when it starts.
    lazy: ['islands'],
    builtins: false,
    why: 'page scripts run in the browser: they start islands with import() and use the browser library, never the server',
  },
  islands: {
    may: ['domain', 'schemas', 'i18n', 'lib', 'client', 'islands', 'components'],
    builtins: false,
    why: 'islands run in the browser: never the server, and never the page scripts that start them',
  },
  'service-worker': {
    may: ['domain', 'service-worker'],
    packages: [],
    builtins: false,
    why: 'the service worker is bundled alone and runs without a page: only the pure rules of the domain (what it may keep)',
  },
  components: { may: SERVER_RENDERED, builtins: true, why: 'components render on the server: browser code belongs in a <script> or an island' },
  layouts: { may: SERVER_RENDERED, builtins: true, why: 'layouts render on the server: browser code belongs in a <script> or an island' },
  pages: { may: SERVER_RENDERED, builtins: true, why: 'pages render on the server: browser code belongs in a <script> or an island' },
};

/** Packages that only the server can run (database drivers, HTTP framework, image codec). */
const SERVER_ONLY_PACKAGES = new Set(['better-sqlite3', 'pg', 'kysely', 'hono', '@hono/node-server', 'sharp', 'compression', 'ws']);
/** The shared modules the browser also loads (imported by client, page scripts or islands). */
const SHARED_WITH_BROWSER: ReadonlySet<Layer> = new Set(['domain', 'schemas', 'i18n', 'lib']);

export interface FoundImport {
  specifier: string;
  line: number;
  /** static: `import x from`, `export from`; dynamic: `import()`; type: erased at build (`import type`, `typeof import()`). */
  kind: 'static' | 'dynamic' | 'type';
  /** The side the importing code runs on: an .astro <script> runs in the browser, as a page script. */
  side: Layer;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

/** A known exception: one import of one file, with the reason it is allowed. */
export interface Exception {
  file: string;
  specifier: string;
  why: string;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const BUILTINS = new Set(builtinModules);
function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTINS.has(packageName(specifier));
}

/** Every module specifier in a piece of TypeScript, with its 1-based line (offset by `firstLine` - 1). */
type Found = Omit<FoundImport, 'side'>;

/**
 * Whether a declaration is erased at build: `import type` / `export type` only. With
 * verbatimModuleSyntax, `import { type A } from 'x'` still loads 'x' (as `import {} from 'x'`).
 */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  return ts.isExportDeclaration(node) ? node.isTypeOnly : !!node.importClause?.isTypeOnly;
}

function specifiersIn(code: string, fileName: string, firstLine: number): Found[] {
  const scriptKind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, scriptKind);
  const found: Found[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined, kind: Found['kind']) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    found.push({ specifier: literal.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + firstLine, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, typeOnly(node) ? 'type' : 'static');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression, 'static');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0], 'dynamic');
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal, 'type');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The imports of one source file (repository-relative `file`), each with the side its code runs on. */
export function importsOf(file: string, text: string): FoundImport[] {
  const layer = layerOf(file);
  if (!layer) return [];
  if (!file.endsWith('.astro')) return specifiersIn(text, file, 1).map((i) => ({ ...i, side: layer }));

  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: FoundImport[] = [];
  let template = text;
  let templateStart = 0;
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) {
    const start = text.indexOf(front[1]!);
    found.push(...specifiersIn(front[1]!, `${file}.ts`, lineAt(start)).map((i) => ({ ...i, side: layer })));
    templateStart = front.index + front[0].length;
    template = text.slice(templateStart);
  }
  // Bundled scripts only: is:inline ones and data islands (type=application/json) are never processed, so they cannot import.
  for (const m of template.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = m[1]!;
    if (/\bis:inline\b|\btype\s*=|\bset:html\b|\bdefine:vars\b/.test(attributes)) continue;
    const start = templateStart + m.index! + m[0].indexOf('>') + 1;
    found.push(...specifiersIn(m[2]!, `${file}.script.ts`, lineAt(start)).map((i) => ({ ...i, side: 'page-scripts' as const })));
  }
  return found;
}

/** The violation of one import (null when it follows the rules); `file` is repository-relative. */
export function checkImport(file: string, found: FoundImport): Violation | null {
  const { specifier, line, side, kind } = found;
  const rule = RULES[side];
  const fail = (what: string): Violation => ({ file, line, specifier, message: `${file}:${line} imports '${specifier}': ${what} (${rule.why})` });
  const clean = specifier.replace(/[?#].*$/, '');

  if (clean.startsWith('.')) {
    const target = posix.normalize(posix.join(posix.dirname(file), clean));
    const targetLayer = layerOf(target);
    if (!targetLayer) return fail(`${target} is outside src/ and islands/`);
    if (!rule.may.includes(targetLayer)) return fail(`${side} may not import ${targetLayer}`);
    if (kind === 'static' && rule.lazy?.includes(targetLayer)) return fail(`${side} may import ${targetLayer} only with import() or import type`);
    if (BROWSER.has(side) && target.endsWith('.astro')) return fail('an .astro component renders on the server only');
    return null;
  }
  // Absolute paths are the site's own public files (/favicon.svg), virtual modules belong to Astro.
  if (clean.startsWith('/') || clean.startsWith('astro:')) return null;
  if (isBuiltin(clean)) return rule.builtins ? null : fail(`Node's ${clean} cannot run in the browser or in pure code`);
  const name = packageName(clean);
  if (name === 'temporal-polyfill' && file !== 'src/domain/time.ts') return fail('Temporal comes from the time module, src/domain/time.ts');
  if (rule.packages && !rule.packages.includes(name)) return fail(`${side} may import only ${rule.packages.join(', ')} from npm`);
  if ((BROWSER.has(side) || SHARED_WITH_BROWSER.has(side)) && SERVER_ONLY_PACKAGES.has(name)) return fail(`${name} runs on the server only`);
  return null;
}

/** The violations of one file's text, less the listed exceptions. */
export function checkFile(file: string, text: string, exceptions: readonly Exception[] = []): Violation[] {
  return importsOf(file, text)
    .map((found) => checkImport(file, found))
    .filter((v): v is Violation => v !== null && !exceptions.some((e) => e.file === v.file && e.specifier === v.specifier));
}

/** The source files under src/ and islands/ (repository-relative), generated files left out. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of ['src', 'islands']) {
    for (const entry of readdirSync(join(root, top), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mts|js|mjs|astro)$/.test(entry.name)) continue;
      const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!path.startsWith('islands/generated/')) files.push(path);
    }
  }
  return files.sort();
}

/** Files under src/ or islands/ that belong to no layer: a new folder must be given its place first. */
export function unplacedFiles(files: readonly string[]): string[] {
  return files.filter((f) => layerOf(f) === null);
}

/** Every violation in the tree at `root`, less the exceptions. */
export function checkTree(root: string, exceptions: readonly Exception[] = []): Violation[] {
  return sourceFiles(root).flatMap((file) => checkFile(file, readFileSync(join(root, file), 'utf8'), exceptions));
}
