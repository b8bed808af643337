// Every page Astro renders (the stored catalogue pages when they are rendered, and the on-demand
// ones) carries its script policy in a <meta> first in its <head> (src/server/content-security.ts):
// only its own files and the inline scripts it was rendered with run, whatever a tenant's text holds.
// Host canonicalisation: in production a request on a host that is neither the product's
// own nor a tenant's custom domain, whose first path segment is a known establishment slug, is sent
// (301) to that establishment's canonical origin. Nothing is stored in cookies.
import { defineMiddleware } from 'astro:middleware';
import { config } from './server/config.ts';
import { withScriptPolicy } from './server/content-security.ts';
import { loadStore, resolveHost } from './server/page-data.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function canonicalRedirect(url: URL, host: string): Promise<Response | undefined> {
  const first = url.pathname.split('/')[1] ?? '';
  if (!host || !SLUG.test(first)) return undefined;
  const kind = await resolveHost(host);
  if (kind.kind !== 'unknown') return undefined;
  const store = await loadStore(first);
  if (!store) return undefined;
  const target = new URL(url.pathname + url.search, store.canonicalOrigin);
  return new Response(null, { status: 301, headers: { Location: target.href, 'Cache-Control': 'no-store' } });
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (config.production) {
    const redirect = await canonicalRedirect(context.url, context.request.headers.get('host') ?? context.url.host);
    if (redirect) return redirect;
  }
  const response = await next();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body) return response;
  const html = withScriptPolicy(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
