// The few texts the page scripts show (src/page-scripts/texts.ts), picked from the pt-BR namespaces at
// build time (astro.config.mjs defines them as __PAGE_SCRIPT_TEXTS__): the scripts carry these
// strings, not whole namespaces, and the pages' HTML carries none of them.
import type account from './locales/pt-BR/account.json';
import type common from './locales/pt-BR/common.json';
import type layout from './locales/pt-BR/layout.json';

export interface Locales {
  account: typeof account;
  common: typeof common;
  layout: typeof layout;
}

export function pickPageScriptTexts({ account, common, layout }: Locales) {
  return {
    greeting: account.greeting,
    credits: account.credits,
    exchangeFailed: account.exchange.failed,
    menu: account.menu,
    logout: { confirm: account.logout.confirm, cancel: account.logout.cancel, submit: account.logout.submit },
    loading: common.loading,
    search: {
      notFound: layout.search.notFound,
      resultsCount_one: layout.search.resultsCount_one,
      resultsCount_other: layout.search.resultsCount_other,
      fromPrice: layout.search.fromPrice,
      error: layout.search.error,
    },
    hours: layout.hours,
    live: layout.live,
  };
}

export type PageScriptTexts = ReturnType<typeof pickPageScriptTexts>;
