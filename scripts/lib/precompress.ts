// Brotli (quality 11) and gzip (level 9) twins of the built client files, written once at build
// time so the server never compresses a static asset per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.xml', '.txt', '.webmanifest']);

/** Writes <file>.br and <file>.gz for every compressible file under dir; returns how many files. */
export async function precompressFolder(dir: string): Promise<number> {
  let count = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile() || !compressible.has(extname(e.name))) continue;
    const file = join(e.parentPath, e.name);
    const body = await readFile(file);
    if (body.length < 256) continue;
    const [br, gzipped] = await Promise.all([brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz(body, { level: 9 })]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
  }
  return count;
}
