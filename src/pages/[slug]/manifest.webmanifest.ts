// A store's web app manifest (src/lib/app-manifest.ts): its name, colours and icons, its own scope.
// The pages' scripts link it when they register the store's service worker (src/page-scripts/offline.ts).
import type { APIRoute } from 'astro';
import { appManifest } from '../../lib/app-manifest.ts';
import { loadStore } from '../../server/page-data.ts';

export const GET: APIRoute = async ({ params }) => {
  const store = await loadStore(params.slug ?? '');
  if (!store) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const est = store.establishment;
  const manifest = appManifest({ slug: est.slug_area, name: est.name, design: est.design });
  return new Response(JSON.stringify(manifest), {
    status: 200,
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
