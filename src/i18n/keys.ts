// The keys t() accepts, typed from the locale files themselves: 'namespace:dotted.path' for every
// text of src/i18n/locales/pt-BR/<namespace>.json, a plural's '<key>_one'/'<key>_other' also as
// '<key>' (t() picks the form by `count`), and the common namespace's keys also bare. Types only:
// the namespaces registered lazily (checkout, cards, ...) are typed here without being bundled.
import type account from './locales/pt-BR/account.json';
import type address from './locales/pt-BR/address.json';
import type board from './locales/pt-BR/board.json';
import type cards from './locales/pt-BR/cards.json';
import type cart from './locales/pt-BR/cart.json';
import type catalogue from './locales/pt-BR/catalogue.json';
import type checkout from './locales/pt-BR/checkout.json';
import type common from './locales/pt-BR/common.json';
import type consent from './locales/pt-BR/consent.json';
import type dev from './locales/pt-BR/dev.json';
import type errors from './locales/pt-BR/errors.json';
import type establishment from './locales/pt-BR/establishment.json';
import type feedback from './locales/pt-BR/feedback.json';
import type layout from './locales/pt-BR/layout.json';
import type offline from './locales/pt-BR/offline.json';
import type order from './locales/pt-BR/order.json';
import type promotions from './locales/pt-BR/promotions.json';
import type refusals from './locales/pt-BR/refusals.json';
import type seo from './locales/pt-BR/seo.json';
import type staff from './locales/pt-BR/staff.json';

/** Every namespace's texts, as their JSON files type them. */
export interface Catalogue {
  account: typeof account;
  address: typeof address;
  board: typeof board;
  cards: typeof cards;
  cart: typeof cart;
  catalogue: typeof catalogue;
  checkout: typeof checkout;
  common: typeof common;
  consent: typeof consent;
  dev: typeof dev;
  errors: typeof errors;
  establishment: typeof establishment;
  feedback: typeof feedback;
  layout: typeof layout;
  offline: typeof offline;
  order: typeof order;
  promotions: typeof promotions;
  refusals: typeof refusals;
  seo: typeof seo;
  staff: typeof staff;
}

export type Namespace = keyof Catalogue;

/** The dotted paths of every text of a JSON object. `LeafPaths<{ a: { b: 'x' } }>` is 'a.b'. */
export type LeafPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${LeafPaths<T[K]>}` : never;
}[keyof T & string];

/** 'items' for 'items_one' and 'items_other': the key t() takes with a `count`. */
type PluralBase<K extends string> = K extends `${infer B}_${Intl.LDMLPluralRule}` ? B : never;

type KeysOf<T> = LeafPaths<T> | PluralBase<LeafPaths<T>>;

/** A key t() knows: 'catalogue:search.placeholder', 'cart:items' (plural), or a common key bare. */
export type MessageKey = { [N in Namespace]: `${N}:${KeysOf<Catalogue[N]>}` }[Namespace] | KeysOf<Catalogue['common']>;
