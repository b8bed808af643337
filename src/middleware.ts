// Host canonicalisation: in production a request on a host that is neither the
// product's own nor a tenant's custom domain, whose first path segment is a known establishment
// slug, is sent (301) to that establishment's canonical origin. Nothing is stored in cookies.
import { defineMiddleware } from 'astro:middleware';
import { loadStore, resolveHost } from './server/page-data.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const onRequest = defineMiddleware(async (context, next) => {
  if (process.env.NODE_ENV !== 'production') return next();
  const host = context.request.headers.get('host') ?? context.url.host;
  const first = context.url.pathname.split('/')[1] ?? '';
  if (!host || !SLUG.test(first)) return next();
  const kind = await resolveHost(host);
  if (kind.kind !== 'unknown') return next();
  const store = await loadStore(first);
  if (!store) return next();
  const target = new URL(context.url.pathname + context.url.search, store.canonicalOrigin);
  return new Response(null, { status: 301, headers: { Location: target.href, 'Cache-Control': 'no-store' } });
});
