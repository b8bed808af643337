// Generated product pictures and establishment logos: small SVGs written under
// `${dataDir}/uploads/...` (the server serves DATA_DIR/uploads at /uploads). Nothing is downloaded;
// every picture is a gradient card chosen by the product's category, a simple illustrative shape
// and a large monogram of the product's initials. Output is deterministic, so re-seeding rewrites
// identical files (and skips files whose content has not changed).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CatalogueInput } from '../../src/schemas/catalogue.ts';

type Family = 'pizza' | 'drink' | 'bread' | 'leaf' | 'meat' | 'cheese' | 'sweet' | 'clean' | 'ice' | 'box' | 'care' | 'combo';

/** [gradient from, gradient to, ink] per family; ink is the shape/monogram colour. */
const PALETTES: Record<Family, [string, string, string]> = {
  pizza: ['#f25c3c', '#b3261e', '#fff4e0'],
  drink: ['#39a0ed', '#1b4f9c', '#eaf6ff'],
  bread: ['#f2b35b', '#b86b25', '#fff7e8'],
  leaf: ['#6cc551', '#2e7d32', '#f1ffe9'],
  meat: ['#e5675e', '#8e1f2b', '#fff0ee'],
  cheese: ['#ffd35c', '#e0a100', '#5a3b00'],
  sweet: ['#f78fb3', '#b83b7a', '#fff0f6'],
  clean: ['#5ed0c9', '#1f7f8a', '#effffd'],
  ice: ['#a6c8ff', '#4a67c9', '#f3f7ff'],
  box: ['#b79b7a', '#6b4f33', '#fff8ef'],
  care: ['#b9a3f5', '#6548c7', '#f6f2ff'],
  combo: ['#ff9a3d', '#d9480f', '#fff6ea'],
};

/** One simple shape per family, drawn in a 200x200 box (placed top centre). */
const SHAPES: Record<Family, string> = {
  pizza:
    '<circle cx="100" cy="100" r="90"/><circle cx="70" cy="75" r="14" fill-opacity=".5"/><circle cx="125" cy="70" r="12" fill-opacity=".5"/><circle cx="110" cy="125" r="15" fill-opacity=".5"/>',
  drink: '<path d="M80 20h40v30l20 30v100a10 10 0 0 1-10 10H70a10 10 0 0 1-10-10V80l20-30z"/>',
  bread: '<path d="M20 110c0-50 40-70 80-70s80 20 80 70v40H20z"/>',
  leaf: '<path d="M30 170C30 80 90 30 175 25c-5 85-55 145-145 145z"/>',
  meat: '<path d="M40 60c40-40 120-30 130 30s-50 90-100 70S10 90 40 60z"/>',
  cheese: '<path d="M20 140 170 60v100H20z"/>',
  sweet: '<path d="M45 100h110l-15 80H60z"/><circle cx="100" cy="75" r="45"/>',
  clean: '<path d="M70 60h50v20l20 20v80H60V100l10-20zM80 20h40v30H80z"/>',
  ice: '<path d="M90 20h20v160H90zM20 90h160v20H20z"/><path d="M40 40l14-14 120 120-14 14zM146 26l14 14-120 120-14-14z"/>',
  box: '<path d="M30 60 100 25l70 35v90l-70 35-70-35z"/>',
  care: '<rect x="65" y="20" width="70" height="160" rx="30"/>',
  combo: '<rect x="25" y="50" width="150" height="110" rx="18"/><path d="M60 50a40 40 0 0 1 80 0" fill="none" stroke="currentColor" stroke-width="14"/>',
};

const FAMILY_RULES: [RegExp, Family][] = [
  [/pizza|calzone|esfiha/, 'pizza'],
  [/combo|kit|cesta/, 'combo'],
  [/bebida|refrigerante|suco|agua|cerveja|vinho|cafe-torrado/, 'drink'],
  [/padaria|pao|bolo|encomenda|cafe/, 'bread'],
  [/horti|organic|fruta|verdura|legume/, 'leaf'],
  [/acougue|carne|churrasco/, 'meat'],
  [/frios|laticinio|queijo/, 'cheese'],
  [/sobremesa|doce|sorvete|chocolate/, 'sweet'],
  [/limpeza/, 'clean'],
  [/congelado|gelo/, 'ice'],
  [/higiene|beleza|cuidado/, 'care'],
];

/** The family (palette and shape) for a category key or name. */
export function familyFor(categoryKey: string): Family {
  const k = categoryKey
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const [re, family] of FAMILY_RULES) if (re.test(k)) return family;
  return 'box';
}

const SMALL_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'com', 'sem', 'a', 'o', 'em', 'na', 'no', 'para', 'por', 'kg', 'g', 'ml', 'l', 'un']);

/** Up to two initials of the product's significant words, letters and digits only: 'Pizza de Calabresa' -> 'PC'. */
export function monogram(name: string): string {
  const words = name
    .split(/[\s/-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()));
  // Quantities ('6 unidades', '2 L') say little about the product: prefer words with letters.
  const named = words.filter((w) => /\p{L}/u.test(w));
  const letters = (named.length ? named : words).slice(0, 2).map((w) => w[0]!.toUpperCase());
  return letters.join('') || '?';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A 512x512 SVG card for one product (well under 1.5 KB). */
export function productSvg(name: string, categoryKey: string): string {
  const family = familyFor(categoryKey);
  const [from, to, ink] = PALETTES[family];
  const text = escapeXml(monogram(name));
  const size = text.length > 1 ? 150 : 180;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="512" height="512" rx="64" fill="url(#g)"/>` +
    `<circle cx="440" cy="80" r="150" fill="#fff" fill-opacity=".08"/><circle cx="60" cy="470" r="110" fill="#000" fill-opacity=".06"/>` +
    `<g transform="translate(146 36) scale(1.1)" fill="${ink}" color="${ink}" fill-opacity=".9">${SHAPES[family]}</g>` +
    `<text x="256" y="420" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-weight="800" font-size="${size}" fill="${ink}" letter-spacing="4">${text}</text>` +
    `</svg>`
  );
}

/** A 512x512 logo: navbar-coloured rounded square, primary disc, the establishment's initials. */
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
export function writeIfChanged(file: string, content: string): boolean {
  try {
    if (readFileSync(file, 'utf8') === content) return false;
  } catch {
    // missing: write it
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}

/** URL path of a product's generated picture (what the catalogue's `image` holds). */
export const productImageUrl = (establishmentSlug: string, productKey: string) => `/uploads/products/${establishmentSlug}/${productKey}.svg`;
/** URL path of an establishment's generated logo (what design.icon holds). */
export const logoUrl = (establishmentSlug: string) => `/uploads/logos/${establishmentSlug}.svg`;

/**
 * Writes a picture for every product and a logo for the establishment into `${dataDir}/uploads`
 * and returns a copy of the catalogue whose product `image` fields and `design.icon` point at them.
 * Products that already carry an image keep it unless `overwrite` is true.
 */
export function applyGeneratedImages(cat: CatalogueInput, dataDir: string, opts: { overwrite?: boolean } = {}): { catalogue: CatalogueInput; written: number } {
  const out = structuredClone(cat);
  const slug = out.establishment.slug;
  let written = 0;
  for (const category of out.categories) {
    for (const product of category.products) {
      if (product.image && !opts.overwrite) continue;
      const url = productImageUrl(slug, product._id);
      if (writeIfChanged(join(dataDir, url), productSvg(product.name, `${category._id} ${category.name}`))) written++;
      product.image = url;
    }
  }
  if (!out.establishment.design.icon || opts.overwrite) {
    const url = logoUrl(slug);
    if (writeIfChanged(join(dataDir, url), logoSvg(out.establishment.name, out.establishment.design))) written++;
    out.establishment.design.icon = url;
  }
  return { catalogue: out, written };
}
