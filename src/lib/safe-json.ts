// JSON placed inside <script> must not be able to close the element or open a comment: catalogue
// text is tenant input. Escaping <, >, & and the two JS line separators keeps it inert markup-wise
// and still valid JSON (JSON.parse restores the characters).
/** JSON for a <script type="application/ld+json"> or JSON data island. Example: safeJsonForScript({a:'</script>'}) === '{"a":"\\u003c/script\\u003e"}' */
export function safeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
