// The '{{name}}' placeholders of the locale texts, filled. Shared by t() and by the page scripts'
// texts (src/page-scripts/texts.ts), which must not pull in the whole i18n module.

/** interpolate('Olá, {{name}}', { name: 'Ana' }) -> 'Olá, Ana'; a missing value leaves ''. */
export function interpolate(text: string, values: Record<string, string | number | null | undefined>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

// Built on first use: constructing Intl objects loads ICU data on the main thread.
let pluralRules: Intl.PluralRules | undefined;

/** The pt-BR plural category of n, which picks a '<key>_one' or '<key>_other' text. pluralOf(1) -> 'one'. */
export function pluralOf(n: number): Intl.LDMLPluralRule {
  pluralRules ??= new Intl.PluralRules('pt-BR');
  return pluralRules.select(n);
}
