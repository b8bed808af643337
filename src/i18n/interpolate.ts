// The '{{name}}' placeholders of the locale texts, filled. Shared by t() and by the page scripts'
// texts (src/client/texts.ts), which must not pull in the whole i18n module.

/** interpolate('Olá, {{name}}', { name: 'Ana' }) -> 'Olá, Ana'; a missing value leaves ''. */
export function interpolate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
