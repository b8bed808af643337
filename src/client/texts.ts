// The page scripts' texts: picked from the pt-BR namespaces at build time
// (src/i18n/page-script-texts.ts). They live in the script, downloaded once and cached for every
// page, rather than in each page's HTML, where every byte of the first 14 KB delays the first paint.
import type { PageScriptTexts } from '../i18n/page-script-texts.ts';

declare const __PAGE_SCRIPT_TEXTS__: PageScriptTexts;

export const texts: PageScriptTexts = __PAGE_SCRIPT_TEXTS__;

/** fillText('Olá, {{name}}', { name: 'Ana' }) -> 'Olá, Ana' (the {{placeholder}} syntax of t()). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
