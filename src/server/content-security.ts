// The headers that tell the browser what a response may do, and the Content-Security-Policy of
// each page. Every tenant's pages share one origin, where every tenant's customers' session cookies
// are sent: a script a tenant (or anyone) slips into a page must not run. So a page's scripts are
// its own files ('self') and the inline scripts and the one inline handler it was rendered with,
// each allowed by its SHA-256 (never 'unsafe-inline'), which the page carries in a
// <meta http-equiv="Content-Security-Policy"> first in its <head>: a stored page keeps its policy
// with its bytes. What a meta element cannot say (frame-ancestors) goes in a header on every answer.
// The one exception to 'self': a page of an establishment that set its own analytics ids carries
// them on its <html> (data-ga4, data-pixel, validated by src/schemas/analytics.ts), and only such a
// page's script-src names the vendor's host, the one its tag loads from after the customer's consent
// (docs/decisions-product.md 'The tenant's own analytics, with consent'). Every other page names none.
import { createHash } from 'node:crypto';
import { GA4_ID_PATTERN, META_PIXEL_ID_PATTERN } from '../domain/analytics-ids.ts';

/**
 * The header policy of HTML pages: no framing by another site (what a meta element cannot say). The
 * rest of a page's policy travels in its meta (pageScriptPolicy): a stored page's first TCP window
 * carries its head's bytes compressed, a header's not.
 */
export const PAGE_POLICY = "frame-ancestors 'none'";
/** API answers and everything else that is not a page: nothing in them may load or run. */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * Uploaded files (a tenant's pictures): an SVG opened by itself is a document that could run
 * script on our origin; sandboxed with no script source, it only draws.
 */
export const UPLOAD_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** The browser features no page of ours uses are switched off (geolocation stays, for the address map). */
const PERMISSIONS_POLICY = 'camera=(), microphone=()';
const ONE_YEAR = 31_536_000;

export interface SecurityHeaderOptions {
  /** The policy header for this kind of answer (PAGE_POLICY, DATA_POLICY, UPLOAD_POLICY). */
  policy: string;
  /** HSTS is sent in production on answers that reached the browser over TLS (a browser ignores it on plain HTTP). */
  hsts: boolean;
}

/** The headers every answer carries. */
export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': opts.policy,
    'X-Content-Type-Options': 'nosniff',
    // The origin only, even to ourselves: an address's query (a search, a handover code) never
    // travels in a Referer.
    'Referrer-Policy': 'strict-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  // No includeSubDomains: a tenant's own domain may have other hosts that are none of ours.
  if (opts.hsts) headers['Strict-Transport-Security'] = `max-age=${ONE_YEAR}`;
  return headers;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// A script element the browser runs: no src, and no type or a JavaScript one (JSON and JSON-LD data
// blocks are not run, so they need no hash).
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const RUNNABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;
// An inline event handler attribute (on...="..."), the value as written in the HTML.
const INLINE_HANDLER = /\son[a-z]+\s*=\s*("([^"]*)"|'([^']*)')/gi;

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return m ? (m[2] ?? m[3] ?? m[4] ?? '') : undefined;
}

/** The attribute's value as the browser reads it (the handler's hash is of the decoded text). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    return String.fromCodePoint(lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1)));
  });
}

/** Where gtag.js is loaded from (src/client/analytics-tags.ts). */
export const GA4_SCRIPT_HOST = 'https://www.googletagmanager.com';
/** Where fbevents.js and the pixel's configuration script are loaded from. */
export const META_SCRIPT_HOST = 'https://connect.facebook.net';

const HTML_TAG = /<html\b[^>]*>/i;

/** The vendor hosts the page's <html> asks for by carrying a well-formed analytics id; none otherwise. */
export function analyticsScriptHosts(html: string): string[] {
  const tag = HTML_TAG.exec(html)?.[0] ?? '';
  const hosts: string[] = [];
  if (GA4_ID_PATTERN.test(attribute(tag, 'data-ga4') ?? '')) hosts.push(GA4_SCRIPT_HOST);
  if (META_PIXEL_ID_PATTERN.test(attribute(tag, 'data-pixel') ?? '')) hosts.push(META_SCRIPT_HOST);
  return hosts;
}

/** The script-src of one page: its own files, and each inline script and inline handler it holds by hash. */
export function pageScriptPolicy(html: string): string {
  const scripts = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (attribute(attrs, 'src') !== undefined) continue;
    if (!RUNNABLE_TYPE.test(attribute(attrs, 'type') ?? '')) continue;
    scripts.add(sha256(m[2] ?? ''));
  }
  const handlers = new Set<string>();
  // Only the markup outside scripts: a handler-looking string inside a script is no attribute.
  const markup = html.replace(INLINE_SCRIPT, '');
  for (const m of markup.matchAll(INLINE_HANDLER)) handlers.add(sha256(decodeAttribute(m[2] ?? m[3] ?? '')));
  const sources = ["'self'", ...analyticsScriptHosts(html), ...scripts];
  if (handlers.size) sources.push("'unsafe-hashes'", ...handlers);
  // Workers fall back to script-src; the map (MapLibre) starts its worker from a blob: URL. No
  // <base> of another site, which would move every relative script path there.
  return `script-src ${sources.join(' ')}; worker-src 'self' blob:; base-uri 'self'`;
}

const META_MARK = '<meta http-equiv="Content-Security-Policy"';

/**
 * The page with its script policy as the first thing its <head> holds after the charset (a policy
 * given by a meta element covers only what follows it). A page that already has one is returned as it is.
 */
export function withScriptPolicy(html: string): string {
  if (html.includes(META_MARK)) return html;
  const meta = `${META_MARK} content="${pageScriptPolicy(html)}">`;
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  return html;
}
