// The site-wide /favicon.ico a browser asks for when a page names no tab icon of its own: a
// catalogue page names its establishment's only after its first paint (src/page-scripts/tab-icon.ts),
// so the browser may ask for this first. Every host serves several establishments, so there is no
// icon of the site's own: an empty answer, kept a day, instead of the not-found page.
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'public, max-age=86400' } });
