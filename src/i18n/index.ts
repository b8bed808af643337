// t(): every UI string comes from the pt-BR JSON namespaces in ./locales/pt-BR/<namespace>.json.
// Keys are 'namespace:key.path'; '{{name}}' interpolates; a `count` option picks '<key>_one' or
// '<key>_other' by Intl.PluralRules, the same conventions as i18next, at a fraction of its bytes
// (islands import this too, and every kilobyte counts on a slow phone).
// The checkout's, the address modal's, the order page's, the account's report and suggestion forms',
// the cards' (wallet, add-card drawer, validation steps), the promotions' (achievements, referral,
// credits statement), the analytics consent banner's, the development pages', the establishment's side's (its panel and staff
// pages: board, staff), the offline banner's and waiting order's and the API refusals' texts are not bundled here: they come with the code
// that shows them (registerNamespace), so the catalogue pages' scripts stay small.
import { interpolate, pluralOf } from './interpolate.ts';
import type { MessageKey } from './keys.ts';

export type { MessageKey } from './keys.ts';

const modules = import.meta.glob<Record<string, unknown>>(
  ['./locales/pt-BR/*.json', '!./locales/pt-BR/{consent,checkout,address,order,feedback,dev,cards,promotions,establishment,refusals,board,staff,offline}.json'],
  {
    eager: true,
    import: 'default',
  },
);

export const locale = 'pt-BR';

const namespaces: Record<string, Record<string, unknown>> = {};
for (const [path, data] of Object.entries(modules)) {
  const ns = path
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
  namespaces[ns] = data;
}

function lookup(ns: string, key: string): string | undefined {
  let node: unknown = namespaces[ns];
  for (const part of key.split('.')) {
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

export type TOptions = Record<string, string | number | null | undefined> & { count?: number };

/** t('catalogue:search.placeholder') -> 'Buscar produtos'; t('cart:items', { count: 2 }) -> '2 itens'. */
export function t(fullKey: MessageKey, options: TOptions = {}): string {
  const sep = fullKey.indexOf(':');
  const ns = sep === -1 ? 'common' : fullKey.slice(0, sep);
  const key = sep === -1 ? fullKey : fullKey.slice(sep + 1);
  let text: string | undefined;
  if (typeof options.count === 'number') text = lookup(ns, `${key}_${pluralOf(options.count)}`) ?? lookup(ns, `${key}_other`);
  text ??= lookup(ns, key);
  if (text === undefined) {
    if (import.meta.env?.DEV) console.warn(`[i18n] missing key ${ns}:${key}`);
    return key;
  }
  return interpolate(text, options);
}

/** Adds a namespace shipped with the code that uses it, e.g. `registerNamespace('checkout', checkoutTexts)`. */
export function registerNamespace(ns: string, data: Record<string, unknown>): void {
  namespaces[ns] ??= data;
}

/** Whether a key exists (to fall back from a specific code to a generic message); a key built at run time is then one t() takes. */
export function hasKey(fullKey: string): fullKey is MessageKey {
  const sep = fullKey.indexOf(':');
  return lookup(sep === -1 ? 'common' : fullKey.slice(0, sep), sep === -1 ? fullKey : fullKey.slice(sep + 1)) !== undefined;
}
