// A store's home-screen icon (/<slug>/icone-192.png, -512, -192-maskable, -512-maskable): a PNG
// made from its logo and kept on disk (src/server/app-icons.ts), listed by its manifest.
import type { APIRoute } from 'astro';
import { join } from 'node:path';
import { parseAppIconName } from '../../lib/app-manifest.ts';
import { appIcon } from '../../server/app-icons.ts';
import { config } from '../../server/config.ts';
import { loadStore } from '../../server/page-data.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export const GET: APIRoute = async ({ params }) => {
  const wanted = parseAppIconName(params.variant ?? '');
  if (!wanted) return notFound();
  const store = await loadStore(params.slug ?? '');
  if (!store) return notFound();
  const est = store.establishment;
  const png = await appIcon(
    { dataDir: config.dataDir, uploadsDir: join(config.dataDir, 'uploads') },
    { slug: est.slug_area, name: est.name, design: est.design },
    wanted.size,
    wanted.purpose,
  );
  return new Response(new Uint8Array(png), { status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } });
};
