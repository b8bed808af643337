// The text-only baseline a page is measured against (npm run bench:pages, bench:lantern): every
// line of text the page holds, as bare paragraphs, with no style, script or image.

/** A bare HTML page holding the text of `html`. Example: `baselineOf('<h1>Oi</h1>')` has `<p>Oi</p>` */
export function baselineOf(html: string): string {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const esc = (s: string) => s.replace(/&(?!\w+;|#\d+;)/g, '&amp;').replace(/</g, '&lt;');
  // No favicon request either (the pages inline theirs): Chrome's /favicon.ico 404 otherwise lands
  // before the paint in some traces and flips the baseline's LCP between about 650 and 910 ms.
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>baseline</title><meta name="description" content="baseline"><link rel="icon" href="data:,"></head><body>${text.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`;
}
