// The demo's pictures, written under `${dataDir}/uploads/...` at seed time (the server serves
// DATA_DIR/uploads at /uploads and makes the cards' thumbnails from them):
// - one picture per subject (pictures/subjects.ts: a pizza with its toppings, a cup, a rice bowl),
//   composed in the establishment's colours (pictures/compose.ts), shared by the products that
//   show the same subject: `/uploads/products/{slug}/{subject}.webp`;
// - a cover for the home: `/uploads/covers/{slug}.webp`, a few of its products on one table;
// - a logo: a small SVG of the establishment's initials in its colours, inlined in the header.
// Output is deterministic and a file is written only when its bytes changed, so a re-seed leaves
// the pictures (and the thumbnails made from them) untouched.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';
import { compactPicture, INLINE_PICTURE, inlinePictureFile } from '../../src/server/inline-image.ts';
import { COVER_HEIGHT, COVER_WIDTH, coverPicture, productPicture } from './pictures/compose.ts';
import { emojiSetVersion } from './pictures/emoji.ts';
import { type Palette, paletteFor } from './pictures/palette.ts';
import { type Subject, subjectFor, subjectKey } from './pictures/subjects.ts';

const SMALL_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'com', 'sem', 'a', 'o', 'em', 'na', 'no', 'para', 'por', 'kg', 'g', 'ml', 'l', 'un']);

/** Up to two initials of the name's significant words, letters and digits only: 'Pizzaria Bella' -> 'PB'. */
export function monogram(name: string): string {
  const words = name
    .split(/[\s/-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()));
  // Quantities ('6 unidades', '2 L') say little: prefer words with letters.
  const named = words.filter((w) => /\p{L}/u.test(w));
  const letters = (named.length ? named : words).slice(0, 2).map((w) => w[0]!.toUpperCase());
  return letters.join('') || '?';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A 512x512 logo: navbar-coloured rounded square, primary disc, the establishment's initials. An SVG
 * under 2 KB on purpose: the header inlines it, so it paints with the page (docs/benchmarks.md).
 */
export function logoSvg(name: string, design: { navbarcolor: string; primary: string; primaryinverse: string }): string {
  const text = escapeXml(monogram(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="512" height="512" rx="112" fill="${design.navbarcolor}"/>` +
    `<circle cx="256" cy="256" r="190" fill="${design.primary}"/>` +
    `<circle cx="256" cy="256" r="160" fill="none" stroke="${design.primaryinverse}" stroke-opacity=".35" stroke-width="8"/>` +
    `<text x="256" y="318" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-weight="700" font-size="${text.length > 1 ? 170 : 210}" fill="${design.primaryinverse}">${text}</text>` +
    `</svg>`
  );
}

/** Writes the file only when its content differs; returns true when it wrote. */
export function writeIfChanged(file: string, content: string | Buffer): boolean {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  try {
    if (readFileSync(file).equals(bytes)) return false;
  } catch {
    // missing: write it
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return true;
}

/** Bump when compose.ts draws differently: cached pictures of older drawings are then made again (2: 768 px). */
const DRAWING_VERSION = 2;
/** Side of the scene the compact copy of a product picture is made from (see applyGeneratedImages). */
const COMPACT_SOURCE_SIDE = 512;
/**
 * Composed pictures by recipe, shared by every data folder of this checkout (each test run seeds a
 * fresh one): composing the demo's 260 pictures takes seconds, reading them back milliseconds.
 */
const CACHE_DIR = process.env.PICTURE_CACHE_DIR ?? join(import.meta.dirname, '../../node_modules/.cache/vitrine-pictures');

/** The picture a recipe describes: from the cache when it was composed before, else composed (and cached). */
async function cached(recipe: unknown, make: () => Promise<Buffer>, ext = 'webp'): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, emojiSetVersion(), sharp.versions.vips, recipe]))
    .digest('hex')
    .slice(0, 32);
  const file = join(CACHE_DIR, `${key}.${ext}`);
  try {
    return readFileSync(file);
  } catch {
    const bytes = await make();
    writeIfChanged(file, bytes);
    return bytes;
  }
}

/** URL path of a subject's picture (what the products' `image` holds). */
export const productImageUrl = (establishmentSlug: string, subject: Subject) => `/uploads/products/${establishmentSlug}/${subjectKey(subject)}.webp`;
/** URL path of an establishment's cover (what design.cover holds). */
export const coverUrl = (establishmentSlug: string) => `/uploads/covers/${establishmentSlug}.webp`;
/** URL path of an establishment's generated logo (what design.icon holds). */
export const logoUrl = (establishmentSlug: string) => `/uploads/logos/${establishmentSlug}.svg`;

/** Runs the jobs with at most `limit` at a time (sharp works on the thread pool; two cores here). */
async function inTurns<T>(jobs: (() => Promise<T>)[], limit = 4): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}

/** A list in Portuguese: ['a', 'b', 'c'] -> 'a, b e c'. */
function listPt(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;
}

// Household goods make a dull cover: the cover prefers what is eaten and drunk.
const NOT_FOOD = new Set(['🫗', '🧴', '🧼', '🧽', '🧻', '🪥', '🍼', '🐶', '🐱', '🦴', '🔋', '💡', '🕯️', '🧺', '🗑️', '📦', '🛒', '🔥', '🧊']);

/**
 * What the cover shows: the establishment's products, food first, at most seven: one per category
 * (its first product's subject) spread over the menu, topped up with the menu's other subjects when
 * it has fewer categories; the menu's most frequent subject stands in the middle. The alt text
 * names the categories they come from as the menu writes them ('Pizzas Salgadas, Esfihas,
 * Calzones, Bebidas e Sobremesas'): the page repeats those names, so they cost its compressed HTML little.
 */
export function coverSubjects(cat: CatalogueInput): { mains: string[]; alt: string } {
  const kind = cat.establishment.kind ?? 'Restaurant';
  const count = new Map<string, number>();
  const perCategory: { main: string; category: string }[] = [];
  const others: { main: string; category: string }[] = [];
  for (const category of cat.categories) {
    category.products.forEach((product, i) => {
      const { main } = subjectFor(product, category, kind);
      count.set(main, (count.get(main) ?? 0) + 1);
      const seen = [...perCategory, ...others].some((f) => f.main === main);
      if (!seen) (i === 0 ? perCategory : others).push({ main, category: category.name });
    });
  }
  const food = (xs: typeof perCategory) => (xs.filter((f) => !NOT_FOOD.has(f.main)).length >= 3 ? xs.filter((f) => !NOT_FOOD.has(f.main)) : xs);
  const firsts = food(perCategory);
  const picked =
    firsts.length > 7 ? [0, 1, 2, 3, 4, 5, 6].map((i) => firsts[Math.round((i * (firsts.length - 1)) / 6)]!) : [...firsts, ...food(others)].slice(0, 7);
  const centre = picked.reduce((best, f) => ((count.get(f.main) ?? 0) > (count.get(best.main) ?? 0) ? f : best), picked[0]!);
  const categories = cat.categories.map((c) => c.name).filter((name) => picked.some((f) => f.category === name));
  return { mains: [centre, ...picked.filter((f) => f !== centre)].map((f) => f.main), alt: listPt(categories) };
}

/**
 * Writes a picture for every product (one file per subject), a cover and a logo for the
 * establishment into `${dataDir}/uploads` and returns a copy of the catalogue whose product
 * `image` fields and design `icon`, `cover` and `cover_alt` point at them. Products that already
 * carry an image (and a design that already has its icon or cover) keep it unless `overwrite`.
 */
export async function applyGeneratedImages(
  cat: CatalogueInput,
  dataDir: string,
  opts: { overwrite?: boolean } = {},
): Promise<{ catalogue: CatalogueInput; written: number }> {
  const out = structuredClone(cat);
  const slug = out.establishment.slug;
  const design = out.establishment.design;
  const palette = paletteFor(design);
  const kind = out.establishment.kind ?? 'Restaurant';
  const subjects = new Map<string, Subject>();
  for (const category of out.categories) {
    for (const product of category.products) {
      if (product.image && !opts.overwrite) continue;
      const subject = subjectFor(product, category, kind);
      const url = productImageUrl(slug, subject);
      subjects.set(url, subject);
      product.image = url;
    }
  }
  const picture = (subject: Subject, p: Palette) => cached(['product', subject, p], () => productPicture(subject, p));
  // With each picture, the compact copy a phone's product page inlines (src/server/inline-image.ts),
  // cached by recipe too: made at render time, it would cost every fresh data folder an AVIF
  // encoding per picture. Empty when none fits. It is made from the scene drawn at 512 px: drawn
  // at 768 and scaled down it keeps finer detail that AVIF pays for, and a fifth of the pizzeria's
  // compact copies no longer fitted their 2.4 KB (their product pages would request the picture).
  const compact = (subject: Subject, p: Palette) =>
    cached(
      ['inline', subject, p, INLINE_PICTURE, COMPACT_SOURCE_SIDE],
      async () => (await compactPicture(await productPicture(subject, p, COMPACT_SOURCE_SIDE))) ?? Buffer.alloc(0),
      'avif',
    );
  const jobs = [...subjects].map(([url, subject]) => async () => {
    const bytes = await picture(subject, palette);
    const wrote = writeIfChanged(join(dataDir, url), bytes);
    const inline = inlinePictureFile(dataDir, url);
    if (inline) writeIfChanged(inline, await compact(subject, palette));
    return wrote;
  });
  if (!design.cover || opts.overwrite) {
    const { mains, alt } = coverSubjects(out);
    const url = coverUrl(slug);
    const recipe = ['cover', mains, palette, COVER_WIDTH, COVER_HEIGHT];
    jobs.push(async () => writeIfChanged(join(dataDir, url), await cached(recipe, () => coverPicture(mains, palette, COVER_WIDTH, COVER_HEIGHT))));
    design.cover = url;
    design.cover_alt = alt;
  }
  let written = (await inTurns(jobs)).filter(Boolean).length;
  if (!design.icon || opts.overwrite) {
    const url = logoUrl(slug);
    if (writeIfChanged(join(dataDir, url), logoSvg(out.establishment.name, design))) written++;
    design.icon = url;
  }
  return { catalogue: out, written };
}
