// The page scripts' texts: picked from the pt-BR namespaces at build time
// (src/i18n/page-script-texts.ts). They live in the script, downloaded once and cached for every
// page, rather than in each page's HTML, where every byte of the first 14 KB delays the first paint.
// Their '{{placeholders}}' are filled by interpolate() (src/i18n/interpolate.ts), as t() does.
import type { PageScriptTexts } from '../i18n/page-script-texts.ts';

declare const __PAGE_SCRIPT_TEXTS__: PageScriptTexts;

export const texts: PageScriptTexts = __PAGE_SCRIPT_TEXTS__;
