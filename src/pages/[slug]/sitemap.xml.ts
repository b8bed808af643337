// Per-establishment sitemap: home, contact, every category page and every product page, as
// absolute URLs on the establishment's canonical origin, lastmod = the catalogue's last update.
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../../lib/json-ld.ts';
import { canonical } from '../../lib/seo.ts';
import { loadStorePage } from '../../server/page-data.ts';

/** Escapes the five XML special characters. Example: `escapeXml('a&b') === 'a&amp;b'` */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const GET: APIRoute = async ({ params, redirect }) => {
  const slug = params.slug ?? '';
  const loaded = await loadStorePage(slug, 'sitemap');
  if (!loaded.ok) return redirect(loaded.redirect);
  const { store, sections } = loaded;

  const origin = store.canonicalOrigin;
  const updated = new Date(store.establishment.updated_at);
  const lastmod = Number.isNaN(updated.getTime()) ? null : updated.toISOString();
  const paths = [
    canonical.home(slug),
    canonical.contact(slug),
    ...sections.map((s) => canonical.category(slug, s.category)),
    ...sections.flatMap((s) => s.products.map((p) => canonical.product(slug, p))),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    paths.map((p) => `  <url><loc>${escapeXml(absoluteUrl(origin, p))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`).join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
