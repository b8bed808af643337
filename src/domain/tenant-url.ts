// The URLs an establishment supplies (its pictures, logo, cover, terms and privacy links) are shown
// on the origin every tenant shares, where every tenant's customers' session cookies are sent: a
// `javascript:` link there would run as any customer who taps it. Only web links (https, http),
// mailto and tel, and paths of this site are ever taken, at import and again wherever one is
// rendered. The check is on the text as the browser will read it: a browser drops tabs and line
// breaks inside a URL and takes a backslash for a slash, so `java\tscript:` and `/\evil.com` are
// refused rather than cleaned.

// C0 controls, space handling aside (tabs and line breaks included), DEL, and the bidirectional
// overrides that make a link read as another.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
const FORBIDDEN = /[\u0000-\u001f\u007f\\\u202a-\u202e\u2066-\u2069]/;
const WEB = /^https?:\/\/[^/?#\s]+/i;
const CONTACT = /^(?:mailto|tel):[^\s]/i;

/** Whether `value` is a URL an establishment may give: https://…, http://…, mailto:…, tel:…, or a path of this site (/…, never //…). */
export function isSafeTenantUrl(value: string): boolean {
  const url = value.trim();
  if (url === '' || url !== value || FORBIDDEN.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  return WEB.test(url) || CONTACT.test(url);
}

/** The URL when it is one an establishment may give, else null: for every place one is rendered. */
export function safeTenantUrl(value: string | null | undefined): string | null {
  return typeof value === 'string' && isSafeTenantUrl(value) ? value : null;
}

/** Whether the URL leaves the site (a web link elsewhere, or mailto/tel): such links open apart. */
export function isExternalUrl(url: string): boolean {
  return !url.startsWith('/');
}
