// The catalogue's static pages on disk: <distDir>/pages/<url path>/index.html plus .br and .gz.
// Written at build time for every establishment and on first request for the ones added later;
// an import drops and re-renders one establishment's folder only. They are answered from memory
// (heldPages, src/server/cache/held-files.ts), which lets go of a page as soon as it changes here.
import type { Dirent } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { config } from './config.ts';
import { HeldFiles } from './cache/held-files.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const pagesDir = config.pagesDir;

/** Stored pages' bytes held in memory: about 64 MB, some 4,000 brotli pages of 13 KB, or 600 plain hiper-demo homes. */
export const PAGES_MEMORY_BYTES = 64 * 1024 * 1024;
export const heldPages = new HeldFiles(PAGES_MEMORY_BYTES);

/** Folder of a page's files, or null when the path could escape the pages folder. */
export function pageFolder(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('..')) return null;
  const folder = normalize(join(pagesDir, decoded));
  return folder === pagesDir || folder.startsWith(pagesDir + sep) ? folder : null;
}

/** Stores one rendered page atomically (temp file + rename), precompressed with brotli and gzip. */
export async function storePage(urlPath: string, html: string): Promise<void> {
  const folder = pageFolder(urlPath);
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const body = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  const tag = `.${process.pid}.${Date.now()}.tmp`;
  const files: [string, Buffer][] = [
    ['index.html', body],
    ['index.html.br', br],
    ['index.html.gz', gzipped],
  ];
  await Promise.all(files.map(([name, data]) => writeFile(join(folder, name + tag), data)));
  await Promise.all(files.map(([name]) => rename(join(folder, name + tag), join(folder, name))));
  // This page only: the folder also holds the pages below it (a home's folder holds its products').
  heldPages.forget(join(folder, 'index.html'));
}

const MODE_FILE = '.mode';

/**
 * Keeps the stored pages only if they were rendered in this mode (a demo's pages say
 * 'demonstração'; production's do not): pages of the other mode are dropped, to be rendered again
 * on their first request, and the folder is marked with this mode.
 */
export async function keepPagesOfMode(mode: string): Promise<void> {
  const marked = await readFile(join(pagesDir, MODE_FILE), 'utf8').catch(() => '');
  if (marked.trim() === mode) return;
  const entries = await readdir(pagesDir).catch(() => [] as string[]);
  await Promise.all(entries.map((name) => rm(join(pagesDir, name), { recursive: true, force: true })));
  heldPages.forget(pagesDir);
  await mkdir(pagesDir, { recursive: true });
  await writeFile(join(pagesDir, MODE_FILE), mode);
}

/** Removes every stored page of one establishment (its slug is the first path segment). */
export async function dropEstablishmentPages(slug: string): Promise<void> {
  const folder = pageFolder(`/${slug}`);
  if (!folder) return;
  await rm(folder, { recursive: true, force: true });
  heldPages.forget(folder);
}

/** Number of stored pages under a folder (for reports and tests). */
export async function countStoredPages(urlPath = '/'): Promise<number> {
  const folder = pageFolder(urlPath);
  if (!folder) return 0;
  let n = 0;
  async function walk(dir: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) await walk(join(dir, e.name));
      else if (e.name === 'index.html') n++;
    }
  }
  await walk(folder);
  return n;
}

export async function hasStoredPage(urlPath: string): Promise<boolean> {
  const folder = pageFolder(urlPath);
  if (!folder) return false;
  try {
    return (await stat(join(folder, 'index.html'))).isFile();
  } catch {
    return false;
  }
}
