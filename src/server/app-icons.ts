// The PNG icons of a store's web app manifest (src/lib/app-manifest.ts), made from its logo
// (design.icon, when it is a picture under /uploads) on their first request, as the card thumbnails
// are (./thumbnails.ts), and kept on disk (DATA_DIR/app-icons/<slug>/). A store without a logo, or
// whose logo cannot be read, gets its initial on its bar's colour. The file's name carries a digest
// of what it was made from (the logo's path and time, the colours, the name), so a new logo or
// colour makes a new icon and never serves an old one.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { AppIconPurpose, AppIconSize } from '../lib/app-manifest.ts';
import { themeVars } from '../lib/theme.ts';
import type { Design } from '../schemas/catalogue.ts';
import { MAX_DECODED_PIXELS } from './adapters/image-storage.ts';
import { fileStat, safeJoin } from './static-files.ts';

export interface IconStore {
  slug: string;
  name: string;
  design: Partial<Design> | null | undefined;
}

/** Icons being made, by file: concurrent requests for one wait for the same work. */
const making = new Map<string, Promise<Buffer>>();

/** The PNG bytes of one icon of a store, made and kept on disk on first request. */
export async function appIcon(folders: { dataDir: string; uploadsDir: string }, store: IconStore, size: AppIconSize, purpose: AppIconPurpose): Promise<Buffer> {
  const logo = store.design?.icon?.startsWith('/uploads/') ? safeJoin(folders.uploadsDir, store.design.icon.slice('/uploads'.length)) : null;
  const logoStat = logo ? await fileStat(logo) : null;
  const vars = themeVars(store.design);
  const digest = createHash('sha256')
    .update(JSON.stringify([store.design?.icon ?? null, logoStat?.mtimeMs ?? null, vars['--c-navbar'], vars['--c-onnavbar'], store.name]))
    .digest('hex')
    .slice(0, 16);
  const file = join(folders.dataDir, 'app-icons', store.slug, `${size}-${purpose}-${digest}.png`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  let job = making.get(file);
  if (!job) {
    job = makeIcon(logoStat && logo ? logo : null, store, size, purpose, vars['--c-navbar'], vars['--c-onnavbar'])
      .then(async (png) => {
        await mkdir(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temp, png);
        await rename(temp, file);
        return png;
      })
      .finally(() => making.delete(file));
    making.set(file, job);
  }
  return job;
}

async function makeIcon(logo: string | null, store: IconStore, size: number, purpose: AppIconPurpose, bar: string, onBar: string): Promise<Buffer> {
  // 'maskable': the launcher may cut a circle: the logo stays inside the middle 80 %.
  const inner = purpose === 'maskable' ? Math.round(size * 0.8) : size;
  if (logo) {
    try {
      const bytes = await readFile(logo);
      const svg = logo.toLowerCase().endsWith('.svg');
      const picture = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS, failOn: 'error', density: svg ? 72 * 4 : undefined })
        .rotate()
        .resize(inner, inner, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
      return await sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
        .composite([{ input: picture, gravity: 'centre' }])
        .png()
        .toBuffer();
    } catch (err) {
      console.error('[app-icons] cannot read the logo of', store.slug, err instanceof Error ? err.message : err);
    }
  }
  return sharp(Buffer.from(initialSvg(store.name, size, inner, bar, onBar)))
    .png()
    .toBuffer();
}

/** The store's initial on its bar's colour, drawn as an SVG. */
function initialSvg(name: string, size: number, inner: number, bar: string, onBar: string): string {
  const initial = (name.trim()[0] ?? '?').toUpperCase().replace(/[&<>"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${bar}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(inner * 0.55)}" fill="${onBar}">${initial}</text></svg>`;
}
