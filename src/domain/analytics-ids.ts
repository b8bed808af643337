// The establishment's own analytics ids (docs/decisions-product.md 'The tenant's own analytics, with
// consent'): their shapes, and what an owner typed read as one. The shapes are strict because an id
// ends up in a script URL and in the page's HTML, and its mere presence opens the page's script
// policy to the vendor's host (src/server/content-security.ts).

/** A GA4 measurement id: 'G-' and 4 to 16 capitals or digits, e.g. 'G-4BX9K2LMQ7'. */
export const GA4_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;
/** A Meta Pixel id: 6 to 20 digits, e.g. '123456789012345'. */
export const META_PIXEL_ID_PATTERN = /^[0-9]{6,20}$/;

export type AnalyticsIdField = 'ga4_measurement_id' | 'meta_pixel_id';

/**
 * An id as the owner typed or pasted it: null when blank (no id), the id in its own shape (a GA4 id
 * in capitals, a Pixel id without the spaces a copy may bring), or 'invalid'.
 */
export function readAnalyticsId(field: AnalyticsIdField, text: string): string | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (field === 'ga4_measurement_id') {
    const id = trimmed.toUpperCase();
    return GA4_ID_PATTERN.test(id) ? id : 'invalid';
  }
  const id = trimmed.replace(/\s+/g, '');
  return META_PIXEL_ID_PATTERN.test(id) ? id : 'invalid';
}
