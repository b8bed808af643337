// The storefront's URLs, built in one place. Every route takes the establishment's slug as its
// first segment (spec section 2: the optional leading {slug_area}).
import { productSlug } from '../domain/slug.ts';
import type { AuthFormKind, AuthFormState } from '../schemas/island-props.ts';
import { normalizeReferralCode } from '../domain/referral.ts';

export const routes = {
  home: (slug: string) => `/${slug}/`,
  search: (slug: string, q: string) => `/${slug}/?q=${encodeURIComponent(q)}`,
  product: (slug: string, p: { _id: string; name: string }) => `/${slug}/produto/${productSlug(p._id, p.name)}`,
  category: (slug: string, c: { _id: string; name: string }) => `/${slug}/categoria/${productSlug(c._id, c.name)}`,
  contact: (slug: string) => `/${slug}/contato`,
  /** The privacy policy page (decisions #28). */
  privacy: (slug: string) => `/${slug}/privacidade`,
  account: (slug: string) => `/${slug}/minha-conta`,
  /** The order page (decisions #24), where the checkout lands after a 201. */
  order: (slug: string, orderId: string) => `/${slug}/pedido/${encodeURIComponent(orderId)}`,
  /** The account's order list. */
  orders: (slug: string) => `/${slug}/minha-conta/pedidos`,
  /** The evaluation of one order [R-2.27]: the account's child route, the order named in the query. */
  evaluation: (slug: string, orderId: string) => `/${slug}/minha-conta/pedidos/evaluation?pedido=${encodeURIComponent(orderId)}`,
  sitemap: (slug: string) => `/${slug}/sitemap.xml`,
  /** The wallet [R-2.20]. */
  wallet: (slug: string) => `/${slug}/minha-conta/carteira`,
  /** The achievements page [R-2.10]. */
  achievements: (slug: string) => `/${slug}/conquistas`,
  /** A card validation step [R-2.14, R-2.16..R-2.18], the card named in the query. */
  cardStep: (slug: string, step: CardStep, cardId?: string) => `/${slug}/${step}${cardId ? `?cartao=${encodeURIComponent(cardId)}` : ''}`,
  select: () => `/selecione`,
  invalidSlug: () => `/invalid-slug`,
  error: () => `/error`,
};

/**
 * WhatsApp's share link (wa.me without a number: the customer picks the contact) with the message
 * typed in. Example: `whatsappShareUrl('Oi! https://x.co/a') === 'https://wa.me/?text=Oi!%20https%3A%2F%2Fx.co%2Fa'`
 */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The card validation routes (spec section 2). */
export type CardStep = 'cartao-validar' | 'cartao-valor' | 'cartao-confirmado' | 'cartao-tentativas-excedidas';
/** The query parameter naming the card on the validation routes. */
export const CARD_QUERY = 'cartao';

/**
 * Where a saved card's validation starts: the current path minus its last two segments, plus
 * cartao-validar [R-2.15]. Example: `cardValidationPath('/bella/minha-conta/carteira') === '/bella/cartao-validar'`
 */
export function cardValidationPath(currentPath: string): string {
  const segments = currentPath
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');
  const kept = segments.slice(0, Math.max(0, segments.length - 2));
  return `/${[...kept, 'cartao-validar'].join('/')}`;
}

/**
 * Where a link to `value` goes when it stays on this site, as a path the browser reads alike; null
 * when it leaves it. Read as the browser reads it (WHATWG URL parsing drops tabs and line breaks and
 * takes a backslash for a slash): `/%09/evil.com` is `//evil.com` to a browser, another site.
 * Example: `sameOriginPath('/bella/?q=1', 'https://loja.example') === '/bella/?q=1'`.
 */
export function sameOriginPath(value: string, origin: string): string | null {
  if (!value.startsWith('/')) return null;
  let resolved: URL;
  let decoded: string;
  try {
    resolved = new URL(value, origin);
    // A link's %09 is a tab once the browser decodes the path: read the decoded text too.
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const base = new URL(origin);
  if (resolved.origin !== base.origin) return null;
  if (new URL(decoded.replace(/[\t\n\r]/g, ''), origin).origin !== base.origin) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
  if (/[\u0000-\u001f\\]/.test(decoded)) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Only a path inside this establishment's area is a valid place to go back to (no open redirect). */
export function safeReturnPath(value: string | null | undefined, slug: string): string | null {
  if (!value) return null;
  if (!value.startsWith(`/${slug}/`) && value !== `/${slug}`) return null;
  if (value.startsWith('//') || /[\\\r\n]/.test(value)) return null;
  return value;
}

// ---------------------------------------------------------------- the login and registration forms

/**
 * Where the account forms post when the page's scripts have not taken them over (no JavaScript,
 * or a tap before the island hydrated): urlencoded, answered with a 303 (docs/api.md 'Form posts').
 */
export const AUTH_FORM_ACTIONS: Readonly<Record<AuthFormKind, string>> = { login: '/api/auth/form/login', register: '/api/auth/form/register' };

/** The account page's query for its forms: the tab shown, a refusal's code, what was typed that is no secret, the way back. */
const Q = { tab: 'aba', error: 'erro', login: 'login', email: 'email', back: 'voltar', referral: 'indicacao' } as const;
const REGISTER_TAB = 'cadastro';
/** What may come back in the address: the login or e-mail as typed, within the API's own bound. */
const TYPED_MAX = 254;
const ERROR_CODE = /^[a-z_]{1,40}$/;
/** A referral code's bound (the registration's own, src/schemas/api-accounts.ts). */
const REFERRAL_MAX = 32;

/**
 * The link a customer shares to bring a friend (docs/api.md 'Referral'): the registration form
 * with their code. Example: `referralPath('bella', 'MARIA7K2') === '/bella/minha-conta?aba=cadastro&indicacao=MARIA7K2'`
 */
export function referralPath(slug: string, code: string): string {
  return authFormUrl(slug, { tab: 'register', referral: code });
}

/**
 * The account page showing one of its forms, e.g. after a refused post:
 * `authFormUrl('bella', { tab: 'register', error: 'email_taken', email: 'a@b.co' })`
 * is `/bella/minha-conta?aba=cadastro&erro=email_taken&email=a%40b.co`. Passwords never go here.
 */
export function authFormUrl(slug: string, state: Partial<AuthFormState>): string {
  const q = new URLSearchParams();
  if (state.tab === 'register') q.set(Q.tab, REGISTER_TAB);
  if (state.error) q.set(Q.error, state.error);
  if (state.login) q.set(Q.login, state.login.slice(0, TYPED_MAX));
  if (state.email) q.set(Q.email, state.email.slice(0, TYPED_MAX));
  const back = safeReturnPath(state.back, slug);
  if (back) q.set(Q.back, back);
  if (state.referral) q.set(Q.referral, normalizeReferralCode(state.referral).slice(0, REFERRAL_MAX));
  const query = q.toString();
  return query ? `${routes.account(slug)}?${query}` : routes.account(slug);
}

/** The forms' state in the account page's query (what authFormUrl wrote); anything unexpected is dropped. */
export function readAuthFormQuery(params: URLSearchParams, slug: string): AuthFormState {
  const error = params.get(Q.error);
  return {
    tab: params.get(Q.tab) === REGISTER_TAB ? 'register' : 'login',
    error: error && ERROR_CODE.test(error) ? error : null,
    login: (params.get(Q.login) ?? '').slice(0, TYPED_MAX),
    email: (params.get(Q.email) ?? '').slice(0, TYPED_MAX),
    back: safeReturnPath(params.get(Q.back), slug),
    referral: normalizeReferralCode(params.get(Q.referral) ?? '').slice(0, REFERRAL_MAX),
  };
}
