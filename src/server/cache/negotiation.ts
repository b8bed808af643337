// The two request headers a held answer is chosen by: Accept-Encoding (which precompressed copy
// to send) and If-None-Match (whether the client's copy is still current, for a 304).

/** Content codings the server holds copies in, in its order of preference at equal quality. */
export type Coding = 'br' | 'gzip';

const parsed = new Map<string, readonly Coding[]>();
const MEMO_LIMIT = 256;

/**
 * The codings among br and gzip that an Accept-Encoding header accepts, best first (highest
 * q-value; br before gzip at equal q). `identity` is always acceptable and is not listed.
 * Example: `acceptedCodings('gzip, deflate, br, zstd')` is `['br', 'gzip']`; `acceptedCodings('br;q=0, gzip')` is `['gzip']`.
 */
export function acceptedCodings(header: string | undefined): readonly Coding[] {
  if (!header) return [];
  const known = parsed.get(header);
  if (known) return known;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    let quality = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) quality = Number(m[1]);
    }
    q.set(coding, Number.isFinite(quality) ? quality : 0);
  }
  const star = q.get('*');
  const codings = (['br', 'gzip'] as const)
    .map((c, order) => ({ c, order, quality: q.get(c) ?? (c === 'gzip' ? q.get('x-gzip') : undefined) ?? star ?? 0 }))
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
    .map((x) => x.c);
  // Browsers send a handful of distinct headers; the memo is only a shortcut, so it is simply
  // emptied when a client sends many.
  if (parsed.size >= MEMO_LIMIT) parsed.clear();
  parsed.set(header, codings);
  return codings;
}

/**
 * Whether If-None-Match names `etag` (a list, `*`, and weak tags compare by their opaque part, as
 * RFC 9110 asks of If-None-Match).
 * Example: `etagMatches('W/"a", "b"', '"a"') === true`
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
