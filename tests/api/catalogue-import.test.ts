// Demo seed and catalogue import, against a fresh SQLite file and a throwaway
// PostgreSQL database: the seed's size, replace-not-duplicate imports, all-or-nothing validation
// with JSON paths, stable product ids; plus the CLI itself on a bad and a good file.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createPgDatabase } from './helpers/databases.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TMP = mkdtempSync(join(tmpdir(), 'catalogue-import-'));
// Set before the modules that read config are loaded, so nothing touches ./data.
process.env.DATA_DIR = join(TMP, 'data');

const { openDatabase } = await import('../../src/server/db/database.ts');
const { stableId } = await import('../../src/server/db/ids.ts');
const { seedDemo } = await import('../../scripts/lib/seed-demo.ts');
const { importCatalogue } = await import('../../scripts/lib/import-catalogue.ts');
const { validateCatalogueFile, formatPath } = await import('../../scripts/lib/validate-catalogue.ts');
const { DEMO_CATALOGUES } = await import('../../scripts/seed-data/index.ts');
type Database = import('../../src/server/db/database.ts').Database;

const EXAMPLE_FILE = join(ROOT, 'docs/examples/catalogue-example.json');
const example = (): any => JSON.parse(readFileSync(EXAMPLE_FILE, 'utf8'));

const TABLES = ['companies', 'domains', 'establishments', 'categories', 'products', 'order_variations'] as const;

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

async function productsOf(db: Database, slug: string) {
  return db.selectFrom('products').select(['id', 'name', 'price']).where('establishment_id', '=', stableId('establishment', slug)).orderBy('id').execute();
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`demo seed and catalogue import [${engine}]`, () => {
    let db: Database;
    let cleanup: () => Promise<void>;
    const dataDir = join(TMP, `uploads-${engine}`);

    beforeAll(async () => {
      if (engine === 'sqlite') {
        ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(TMP, 'test.sqlite') }));
        cleanup = () => db.destroy();
      } else {
        const pgDb = await createPgDatabase('storefront_test');
        ({ db } = await openDatabase({ databaseUrl: pgDb.url }));
        cleanup = async () => {
          await db.destroy();
          await pgDb.drop();
        };
      }
    });

    afterAll(async () => {
      await cleanup?.();
    });

    it('the demo seed creates >= 120 products in >= 15 categories, with generated pictures', { timeout: 180_000 }, async () => {
      const seeded = await seedDemo(db, { dataDir });
      expect(seeded.map((s) => s.slug)).toEqual(['pizzaria-bella', 'mercado-sol-centro', 'mercado-sol-praia', 'mercado-sol-norte']);
      const counts = await rowCounts(db);
      expect(counts.products).toBeGreaterThanOrEqual(120);
      expect(counts.categories).toBeGreaterThanOrEqual(15);
      const names = await db.selectFrom('categories').select('name').distinct().execute();
      expect(names.length).toBeGreaterThanOrEqual(15);
      expect(counts.establishments).toBe(4);
      expect(counts.companies).toBe(2);

      const calabresa = await db
        .selectFrom('products')
        .select(['image', 'promo', 'normal_price', 'price'])
        .where('id', '=', stableId('product', 'pizzaria-bella', 'pizza-calabresa'))
        .executeTakeFirstOrThrow();
      // A pizza with its toppings (calabresa and olives), on a plate: one picture per subject.
      expect(calabresa.image).toBe('/uploads/products/pizzaria-bella/1f355-1f336-1fad2p.webp');
      expect(calabresa.promo).toBe(1);
      expect(calabresa.normal_price!).toBeGreaterThan(calabresa.price);
      expect(readFileSync(join(dataDir, calabresa.image!)).subarray(8, 12).toString()).toBe('WEBP');
      expect(existsSync(join(dataDir, 'uploads/logos/mercado-sol-norte.svg'))).toBe(true);
    });

    it('seeding again is idempotent (same rows, same ids)', async () => {
      const before = await rowCounts(db);
      const ids = await productsOf(db, 'mercado-sol-centro');
      await seedDemo(db, { dataDir });
      expect(await rowCounts(db)).toEqual(before);
      expect(await productsOf(db, 'mercado-sol-centro')).toEqual(ids);
    });

    it('a valid file imports, and a second import replaces the catalogue instead of adding to it', async () => {
      const before = await rowCounts(db);
      const first = await importCatalogue(db, example());
      expect(first).toMatchObject({ ok: true, slug: 'cafe-aurora', categories: 2, products: 5 });
      const afterFirst = await rowCounts(db);
      expect(afterFirst.products).toBe(before.products + 5);
      expect(afterFirst.categories).toBe(before.categories + 2);
      expect(afterFirst.establishments).toBe(before.establishments + 1);
      const firstIds = await productsOf(db, 'cafe-aurora');

      // Second version: one product removed, one renamed and repriced, one added.
      const v2 = example();
      v2.categories[0].products = v2.categories[0].products.filter((p: any) => p._id !== 'cappuccino');
      v2.categories[1].products[0].name = 'Pão de Queijo Recheado (4 unidades)';
      v2.categories[1].products[0].price = 1490;
      v2.categories[1].products.push({ _id: 'coxinha', name: 'Coxinha de Frango', price: 850 });
      expect((await importCatalogue(db, v2)).ok).toBe(true);
      const afterSecond = await rowCounts(db);
      expect(afterSecond.products).toBe(afterFirst.products); // 5 - 1 + 1
      expect(afterSecond.categories).toBe(afterFirst.categories);
      expect(afterSecond.establishments).toBe(afterFirst.establishments);
      expect(afterSecond.companies).toBe(afterFirst.companies);

      const secondProducts = await productsOf(db, 'cafe-aurora');
      const byId = new Map(secondProducts.map((p) => [p.id, p]));
      const paoId = stableId('product', 'cafe-aurora', 'pao-de-queijo');
      expect(byId.get(paoId)).toMatchObject({ name: 'Pão de Queijo Recheado (4 unidades)', price: 1490 });
      expect(byId.has(stableId('product', 'cafe-aurora', 'cappuccino'))).toBe(false);
      expect(byId.has(stableId('product', 'cafe-aurora', 'coxinha'))).toBe(true);
      // Keys kept across imports keep their ids.
      const kept = firstIds.filter((p) => byId.has(p.id));
      expect(kept.length).toBe(4);
    });

    it('product ids are stable across re-imports', async () => {
      const a = (await productsOf(db, 'cafe-aurora')).map((p) => p.id);
      expect((await importCatalogue(db, example())).ok).toBe(true);
      expect((await importCatalogue(db, example())).ok).toBe(true);
      const b = (await productsOf(db, 'cafe-aurora')).map((p) => p.id);
      const expected = example()
        .categories.flatMap((c: any) => c.products.map((p: any) => stableId('product', 'cafe-aurora', p._id)))
        .sort();
      expect(b).toEqual(expected);
      expect(a.filter((id) => b.includes(id)).length).toBe(4);
    });

    it('a file with errors writes nothing and reports every problem with its JSON path', async () => {
      const before = await rowCounts(db);
      const productsBefore = await productsOf(db, 'cafe-aurora');
      const bad = example();
      bad.establishment.name = 'Nome que não pode ser gravado';
      bad.categories[0].products[0].price = 12.5;
      bad.categories[0].products[2].normal_price = 500; // promo with normal_price below price
      bad.categories[0].products.push({ _id: 'espresso', name: 'Espresso repetido', price: 100 });
      bad.categories[1].parent = 'nao-existe';
      bad.categories[0].products[0].variations[0].max = 3; // only 2 items, check layout
      bad.order_variations[0].min = 2; // min > max
      bad.establishment.preferences.delivery_radius = 3000; // bands go to 4000 m
      bad.establishment.preferences.delivery_bands[1].preco = 1; // unknown field
      const result = await importCatalogue(db, bad);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const lines = result.problems.map((p) => `${p.path}: ${p.message}`);
      expect(lines).toContain('categories[0].products[0].price: must be an integer (was 12.5)');
      const paths = result.problems.map((p) => p.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'categories[0].products[2].normal_price',
          'categories[0].products[3]._id',
          'categories[1].parent',
          'categories[0].products[0].variations[0].max',
          'order_variations[0].min',
          'establishment.preferences.delivery_radius',
          'establishment.preferences.delivery_bands[1].preco',
        ]),
      );
      expect(result.problems.length).toBe(8);
      expect(await rowCounts(db)).toEqual(before);
      expect(await productsOf(db, 'cafe-aurora')).toEqual(productsBefore);
      const est = await db.selectFrom('establishments').select('name').where('slug', '=', 'cafe-aurora').executeTakeFirstOrThrow();
      expect(est.name).toBe('Café Aurora');
    });
  });
}

describe('validateCatalogueFile', () => {
  it('accepts every demo catalogue and the documented example', () => {
    for (const c of DEMO_CATALOGUES) expect(validateCatalogueFile(c)).toMatchObject({ ok: true });
    expect(validateCatalogueFile(example())).toMatchObject({ ok: true });
  });

  it('accepts the minimal example of docs/catalogue-format.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/catalogue-format.md'), 'utf8');
    const block = /```json\n([\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    expect(validateCatalogueFile(JSON.parse(block![1]!))).toMatchObject({ ok: true });
  });

  it('applies defaults on success', () => {
    const r = validateCatalogueFile(example());
    if (!r.ok) throw new Error('example should be valid');
    const p = r.catalogue.categories[0]!.products[1]!;
    expect(p.delivery_type).toEqual(['delivery', 'pickup']);
    expect(p.promo).toBe(false);
    expect(r.catalogue.order_variations[0]!.price_rule).toBe(1);
  });

  it('reports cross-field problems the schema cannot express', () => {
    const bad = example();
    bad.categories[0]._id = 'salgados'; // duplicate category key
    bad.categories[0].products[2].promo = true;
    delete bad.categories[0].products[2].normal_price;
    bad.categories[1].products[1].delivery_type = ['local'];
    bad.establishment.preferences.max_days_scheduling = 0; // the encomenda needs scheduling
    bad.establishment.office_hours[0].stop_at = 1975;
    bad.establishment.office_hours[1].stop_at = 600; // before opening, later than 04:00
    bad.establishment.preferences.delivery_bands[1].up_to_meters = 1500;
    bad.establishment.preferences.min_delivery_time = 90;
    const r = validateCatalogueFile(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'categories[1]._id',
        'categories[0].products[2].normal_price',
        'categories[1].products[1].delivery_type',
        'categories[1].products[1].mandatory_schedule',
        'establishment.office_hours[0].stop_at',
        'establishment.office_hours[1].stop_at',
        'establishment.preferences.delivery_bands[1].up_to_meters',
        'establishment.preferences.min_delivery_time',
      ]),
    );
  });

  it('takes preset picks (item qnt) a customer could make, and refuses the others', () => {
    const preset = example();
    const size = preset.categories[0].products[0].variations[0];
    size.items[0].qnt = 1;
    expect(validateCatalogueFile(preset)).toMatchObject({ ok: true });
    // Two options preset in a group of one, and a check option preset twice.
    size.items[1].qnt = 2;
    const r = validateCatalogueFile(preset);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['categories[0].products[0].variations[0].items', 'categories[0].products[0].variations[0].items[1].qnt']),
    );
  });

  it('takes a cover with its alt text, and refuses an alt text without a cover', () => {
    const withCover = example();
    withCover.establishment.design.cover = '/uploads/covers/cafe-aurora.webp';
    withCover.establishment.design.cover_alt = 'Cafés e bolos da casa';
    const ok = validateCatalogueFile(withCover);
    expect(ok).toMatchObject({
      ok: true,
      catalogue: { establishment: { design: { cover: '/uploads/covers/cafe-aurora.webp', cover_alt: 'Cafés e bolos da casa' } } },
    });
    delete withCover.establishment.design.cover;
    const r = validateCatalogueFile(withCover);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(['establishment.design.cover_alt: needs establishment.design.cover']);
  });

  it('reports a non-object document at (root) and formats paths', () => {
    const r = validateCatalogueFile([]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('(root)');
    expect(formatPath(['categories', 0, 'products', 3, 'price'])).toBe('categories[0].products[3].price');
    expect(formatPath(['a-b'])).toBe('["a-b"]');
  });

  it('the demo seed uses all seven price rules and every variation layout', () => {
    const rules = new Set<number>();
    const layouts = new Set<string>();
    for (const c of DEMO_CATALOGUES)
      for (const cat of c.categories)
        for (const p of cat.products)
          for (const v of p.variations ?? []) {
            rules.add(v.price_rule);
            layouts.add(v.layout === 'check' ? (v.min === 1 && v.max === 1 ? 'radio' : 'checkboxes') : 'addremove');
          }
    expect([...rules].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([...layouts].sort()).toEqual(['addremove', 'checkboxes', 'radio']);
  });
});

/** A local port nobody listens on (so the CLI's re-render request finds no server). */
async function closedPort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

describe('catalogue:import CLI', () => {
  const node = join(ROOT, 'node_modules/.bin/node');
  const cliDataDir = join(TMP, 'cli-data');
  const run = async (file: string) =>
    spawnSync(node, ['scripts/catalogue-import.ts', file], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: cliDataDir, DATABASE_URL: '', PUBLIC_ORIGIN: '', PORT: String(await closedPort()) },
      timeout: 30000,
    });

  afterAll(() => {
    rmSync(TMP, { recursive: true, force: true });
  });

  it('exits 1 on a bad file, prints each problem with its JSON path and creates no database', async () => {
    const bad = example();
    bad.categories[0].products[0].price = 12.5;
    bad.categories[1].parent = 'nao-existe';
    const file = join(TMP, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const r = await run(file);
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines).toContain('categories[0].products[0].price: must be an integer (was 12.5)');
    expect(lines.some((l) => l.startsWith('categories[1].parent: '))).toBe(true);
    expect(r.stderr).toContain('nothing was written');
    expect(existsSync(join(cliDataDir, 'storefront.sqlite'))).toBe(false);
  });

  it('exits 0 on a good file even when no server answers the re-render request', async () => {
    mkdirpToken(cliDataDir);
    const r = await run(EXAMPLE_FILE);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('imported cafe-aurora: 2 categories, 5 products');
    expect(r.stdout).toMatch(/pages will be generated at the next start or request/);
  });

  it('waits for a write another process is committing instead of failing with "database is locked"', async () => {
    // Another process (the server taking an order, a second import) holds the write lock and commits
    // while this import runs: the import must wait the busy timeout out and succeed.
    const file = join(cliDataDir, 'storefront.sqlite');
    expect(existsSync(file)).toBe(true);
    const holder = spawn(
      node,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(${JSON.stringify(file)}); db.pragma('busy_timeout = 5000');
         db.exec('BEGIN IMMEDIATE'); db.prepare("UPDATE companies SET name = name || ''").run();
         console.log('locked'); setTimeout(() => { db.exec('COMMIT'); console.log('committed'); }, 3500);`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const said: string[] = [];
    await new Promise<void>((done) =>
      holder.stdout.on('data', (d) => {
        said.push(String(d));
        if (String(d).includes('locked')) done();
      }),
    );
    const r = await run(EXAMPLE_FILE);
    await new Promise((done) => holder.once('exit', done));
    expect(said.join('')).toContain('committed');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('imported cafe-aurora');
  });
});

/** Writes a token file so the CLI actually tries the (absent) server. */
function mkdirpToken(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'internal-token'), 'test-token');
}
