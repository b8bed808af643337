// The demo seed's pictures, as written on disk and named in the database: real WebP images of the
// sizes the pages ask for, drawn in each establishment's own colours, and left untouched by a
// re-seed unless what they show changed.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TMP = mkdtempSync(join(tmpdir(), 'demo-pictures-'));
process.env.DATA_DIR = join(TMP, 'data');

const { openDatabase } = await import('../../src/server/db/database.ts');
const { seedCatalogues, seedDemo } = await import('../../scripts/lib/seed-demo.ts');
const { DEMO_CATALOGUES } = await import('../../scripts/seed-data/index.ts');
const { COVER_HEIGHT, COVER_WIDTH, PICTURE_SIDE, productPicture } = await import('../../scripts/lib/pictures/compose.ts');
const { subjectFor, subjectKey } = await import('../../scripts/lib/pictures/subjects.ts');
const { colourDistance, paletteFor } = await import('../../scripts/lib/pictures/palette.ts');
type Database = import('../../src/server/db/database.ts').Database;

const dataDir = join(TMP, 'uploads-root');
let db: Database;

/** Every picture the seed named: products' images and each establishment's cover, with its establishment's design. */
async function namedPictures() {
  const rows = await db
    .selectFrom('establishments')
    .innerJoin('products', 'products.establishment_id', 'establishments.id')
    .select(['establishments.slug', 'establishments.design', 'products.image'])
    .execute();
  const designs = new Map(rows.map((r) => [r.slug, JSON.parse(r.design) as { cover: string; cover_alt: string; theme: 'light' | 'dark' }]));
  return { products: [...new Set(rows.map((r) => `${r.slug} ${r.image}`))].map((s) => s.split(' ') as [string, string]), designs };
}

/** The colour of one pixel of an image file, as [r, g, b]. */
async function pixel(file: string, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(file).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** The modification times of every picture file, by file. */
async function mtimes(): Promise<Map<string, number>> {
  const { products, designs } = await namedPictures();
  const files = [...products.map(([, image]) => image), ...[...designs.values()].map((d) => d.cover)];
  return new Map(files.map((f) => [f, statSync(join(dataDir, f)).mtimeMs]));
}

describe('demo pictures', () => {
  beforeAll(async () => {
    ({ db } = await openDatabase({ databaseUrl: '', sqliteFile: join(TMP, 'test.sqlite') }));
    await seedDemo(db, { dataDir });
  }, 180_000);

  afterAll(async () => {
    await db.destroy();
  });

  it('gives every demo product a WebP picture of the product page size, and every home a WebP cover strip with its alt text', async () => {
    const { products, designs } = await namedPictures();
    expect(products.length).toBeGreaterThan(100);
    for (const [slug, image] of products) {
      expect(image, slug).toMatch(new RegExp(`^/uploads/products/${slug}/[0-9a-f_-]+p?\\.webp$`));
      const meta = await sharp(join(dataDir, image)).metadata();
      expect([meta.format, meta.width, meta.height], image).toEqual(['webp', PICTURE_SIDE, PICTURE_SIDE]);
    }
    expect([...designs.keys()].sort()).toEqual(DEMO_CATALOGUES.map((c) => c.establishment.slug).sort());
    for (const [slug, design] of designs) {
      expect(design.cover).toBe(`/uploads/covers/${slug}.webp`);
      expect(design.cover_alt.length, slug).toBeGreaterThan(5);
      const meta = await sharp(join(dataDir, design.cover)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', COVER_WIDTH, COVER_HEIGHT]);
    }
  });

  it("draws each establishment's pictures on a table in its own colours", async () => {
    const { products } = await namedPictures();
    const tables = new Map(DEMO_CATALOGUES.map((c) => [c.establishment.slug, paletteFor(c.establishment.design).tableBottom]));
    for (const [slug, image] of products) {
      // The table's front edge, below the product and between its props.
      const seen = await pixel(join(dataDir, image), PICTURE_SIDE / 2, PICTURE_SIDE - 6);
      const own = colourDistance(seen, tables.get(slug)!);
      expect(own, `${image}: ${seen} vs ${tables.get(slug)}`).toBeLessThan(40);
      for (const [other, colour] of tables)
        if (colour !== tables.get(slug)) expect(own, `${image} nearer ${other}'s table`).toBeLessThan(colourDistance(seen, colour));
    }
  });

  it('leaves every picture file untouched when seeded again', async () => {
    const before = await mtimes();
    const seeded = await seedDemo(db, { dataDir });
    expect(seeded.map((s) => s.imagesWritten)).toEqual(seeded.map(() => 0));
    expect(await mtimes()).toEqual(before);
  });

  it("rewrites an establishment's pictures when its colours change, and only that establishment's", async () => {
    const before = await mtimes();
    const bella = DEMO_CATALOGUES.find((c) => c.establishment.slug === 'pizzaria-bella')!;
    const green = structuredClone(bella);
    green.establishment.design = { ...green.establishment.design, primary: '#2b8a3e', darkprimary: '#1b5e20' };
    const [seeded] = await seedCatalogues(db, [green], { dataDir });
    expect(seeded!.imagesWritten).toBeGreaterThan(10);
    const after = await mtimes();
    for (const [file, mtime] of before) {
      if (file.includes('/pizzaria-bella/') || file.endsWith('pizzaria-bella.webp')) expect(after.get(file), file).toBeGreaterThan(mtime);
      else expect(after.get(file), file).toBe(mtime);
    }
    const { products } = await namedPictures();
    const [, image] = products.find(([slug]) => slug === 'pizzaria-bella')!;
    const seen = await pixel(join(dataDir, image), PICTURE_SIDE / 2, PICTURE_SIDE - 6);
    expect(colourDistance(seen, paletteFor(green.establishment.design).tableBottom)).toBeLessThan(40);
    // Back to the demo's own colours for whatever runs next.
    await seedDemo(db, { dataDir });
  }, 120_000);

  it('writes exactly what a fresh composition gives (the recipe cache returns the same bytes)', async () => {
    const bella = DEMO_CATALOGUES.find((c) => c.establishment.slug === 'pizzaria-bella')!;
    const category = bella.categories[0]!;
    const subject = subjectFor(category.products[0]!, category, 'Restaurant');
    const fresh = await productPicture(subject, paletteFor(bella.establishment.design));
    expect(readFileSync(join(dataDir, `/uploads/products/pizzaria-bella/${subjectKey(subject)}.webp`)).equals(fresh)).toBe(true);
  });
});
