// robots.txt per host: allow everything and list the sitemaps of the host's establishments
// (a custom domain: its company's; the product host: every active one, each at its canonical
// origin, which the sitemaps protocol accepts as a cross-host submission). Unknown hosts are
// kept out of indexes.
import type { APIRoute } from 'astro';
import { canonicalOriginFor, loadPickerEstablishments, loadStore, resolveHost } from '../server/page-data.ts';
import { routes } from '../lib/urls.ts';

export const GET: APIRoute = async ({ request, url }) => {
  const host = request.headers.get('host') ?? url.host;
  const kind = await resolveHost(host);
  const lines = ['User-agent: *'];
  if (kind.kind === 'unknown') {
    lines.push('Disallow: /');
  } else {
    lines.push('Allow: /', 'Disallow: /api/', '');
    const list = await loadPickerEstablishments(kind);
    // Establishment summaries do not carry the company's domains; the store data does.
    const origins = await Promise.all(
      list.map(async (e) =>
        kind.kind === 'custom' ? canonicalOriginFor(kind.company) : ((await loadStore(e.slug_area))?.canonicalOrigin ?? canonicalOriginFor(e.company)),
      ),
    );
    for (const [i, e] of list.entries()) lines.push(`Sitemap: ${origins[i]}${routes.sitemap(e.slug_area)}`);
  }
  return new Response(`${lines.join('\n')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
