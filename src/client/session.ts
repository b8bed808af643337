// The customer's session in the browser. The session itself is an HttpOnly cookie
// (sid_<establishmentId>) the scripts never see; a readable hint cookie (sf_auth_<establishmentId>=1)
// says whether one is held, so visitors never pay for a /users/me request. getSession() is memoised
// per page; the state lives on globalThis so every bundle that imports this module (the boot
// script, React islands) shares one memo and one set of listeners.
//
// What ends a session in the browser (docs/api.md 'The session in the browser') [R-4.62..R-4.64]:
// logout; a 401 'unauthorized' from any call (then the account page, to log in again );
// a 401 to the start-of-page load of the current user (quietly: the page stays, as a visitor's);
// the same end in another tab of the establishment. Ending clears the user for every listener,
// removes the hint cookie (the server expires both cookies with its 401 or logout) and forgets
// the delivery address the customer chose in the stored draft.
import { call, ApiFailure, endsSession, setUnauthorizedHandler } from './api.ts';
import { toast } from './toast.ts';
import { routes } from '../lib/urls.ts';
import type { Draft } from '../schemas/draft.ts';
import { hintCookieName } from '../schemas/session-cookies.ts';
import type { UserView } from '../schemas/api-accounts.ts';

/** What the page keeps of the logged-in user (src/schemas/api-accounts.ts UserView). */
export type SessionUser = Pick<UserView, '_id' | 'name' | 'email' | 'phone' | 'photo' | 'credits' | 'phone_verified' | 'email_verified'>;

type Listener = (user: SessionUser | null) => void;

interface SessionState {
  memo: Map<string, Promise<SessionUser | null>>;
  listeners: Set<Listener>;
  /** Tells the establishment's other tabs that a session ended or started (null where BroadcastChannel is missing). */
  channel: BroadcastChannel | null | undefined;
}

const KEY = '__sfSession';
function state(): SessionState {
  const g = globalThis as unknown as Record<string, SessionState | undefined>;
  let s = g[KEY];
  if (!s) {
    s = { memo: new Map(), listeners: new Set(), channel: undefined };
    g[KEY] = s;
  }
  return s;
}

/** Where the logout message waits for the next page (the navigation would cut it short). */
export const FLASH_KEY = 'sf-flash';
const LOGOUT_TOAST_MS = 3000;

/** Whether the readable hint cookie says a session is held. */
export function hasSessionHint(establishmentId: string): boolean {
  if (typeof document === 'undefined') return false;
  const name = hintCookieName(establishmentId);
  return document.cookie.split(';').some((part) => {
    const [k, v] = part.trim().split('=');
    return k === name && v !== undefined && v !== '' && v !== '0';
  });
}

function dropHintCookie(establishmentId: string): void {
  const name = hintCookieName(establishmentId);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}

/** Keeps only what the UI needs of a /users/me (or auth) answer; the photo is the API's (the upload, else the social network's picture ). */
export function toSessionUser(user: UserView): SessionUser {
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    photo: user.photo || null,
    credits: user.credits,
    phone_verified: user.phone_verified,
    email_verified: user.email_verified,
  };
}

function emit(user: SessionUser | null): void {
  for (const cb of [...state().listeners]) {
    try {
      cb(user);
    } catch (err) {
      console.error(err);
    }
  }
}

/** The logged-in customer, or null for visitors (no request at all when the hint cookie is absent). */
export function getSession(establishmentId: string): Promise<SessionUser | null> {
  const s = state();
  const held = s.memo.get(establishmentId);
  if (held) return held;
  let promise: Promise<SessionUser | null>;
  if (!hasSessionHint(establishmentId)) promise = Promise.resolve(null);
  else {
    promise = call('GET /users/me', { establishmentId, handlesUnauthorized: true }).then(
      (user) => toSessionUser(user),
      (err: unknown) => {
        if (err instanceof ApiFailure && endsSession(err)) {
          // The session is gone (expired, or ended elsewhere): the customer is a visitor here now,
          // told so once; the page stays, since nothing that needs a login was asked for.
          endSession(establishmentId, 'probe');
          return null;
        }
        // A network failure or a server error says nothing about the session: it is kept (the
        // next call tries again) and the page shows a visitor's header meanwhile.
        s.memo.delete(establishmentId);
        throw err;
      },
    );
  }
  s.memo.set(establishmentId, promise);
  return promise;
}

/** Subscribes to logins, logouts and profile updates; returns the unsubscribe function. */
export function onSessionChange(cb: (user: SessionUser | null) => void): () => void {
  const s = state();
  s.listeners.add(cb);
  return () => {
    s.listeners.delete(cb);
  };
}

/** After a login, a registration, a token exchange or a profile save: the new user for everyone. */
export function setSessionUser(establishmentId: string, user: SessionUser): void {
  state().memo.set(establishmentId, Promise.resolve(user));
  emit(user);
  // The other tabs ask again who is logged in (a login there, or a new name or balance).
  tellOtherTabs(establishmentId, 'changed');
}

/**
 * The draft's delivery address (and its fee) belongs to the customer whose session ended: a shared
 * phone must not offer it to the next one [R-4.62]. Edited in storage, where the cart store reads
 * it back before any change and every 10 s (islands/stores/cart.ts refresh), and where the other
 * tabs' stores follow it; a new idempotency key, since the order's content changed (decisions #22).
 */
function forgetChosenAddress(establishmentId: string): void {
  const key = `draft:${establishmentId}`;
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return;
    const draft = JSON.parse(raw) as Partial<Draft> | null;
    if (!draft || typeof draft !== 'object' || (draft.delivery_address ?? null) === null) return;
    const next: Partial<Draft> = {
      ...draft,
      delivery_address: null,
      delivery_tax: null,
      idempotent_key: crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`,
    };
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    /* storage unreachable or a draft of another format: the store discards what it cannot read */
  }
}

/**
 * The local copy of the customer's cards (src/client/card-store.ts, key `cards:<id>`) goes with the
 * session: its key died with it, so it could not be opened anyway, but nothing of theirs stays behind.
 */
function forgetCards(establishmentId: string): void {
  try {
    localStorage.removeItem(`cards:${establishmentId}`);
  } catch {
    /* storage unreachable: nothing kept there either */
  }
}

/**
 * A waiting order (src/client/pending-order.ts) is the customer's own: it never outlives their
 * session, so it can never go under another customer's (the key is spelled here: that module imports this one).
 */
function forgetWaitingOrder(establishmentId: string): void {
  try {
    localStorage.removeItem(`pending-order:${establishmentId}`);
  } catch {
    /* storage unreachable: nothing kept there either */
  }
}

/** Forgets the session here (hint cookie gone, user null, chosen address gone, local cards gone, a waiting order gone) without calling the API or telling other tabs. */
export function clearSession(establishmentId: string): void {
  dropHintCookie(establishmentId);
  forgetChosenAddress(establishmentId);
  forgetCards(establishmentId);
  forgetWaitingOrder(establishmentId);
  state().memo.set(establishmentId, Promise.resolve(null));
  emit(null);
}

/** Why a session ended; each ends it the same way, they differ in what the page does next. */
export type SessionEnd = 'logout' | 'unauthorized' | 'probe' | 'other_tab';

/**
 * Ends the session in this tab and, unless the news came from one, in the establishment's other
 * tabs. A 401 on a call the customer made goes on to the login (guardSession).
 */
export function endSession(establishmentId: string, why: SessionEnd): void {
  clearSession(establishmentId);
  if (why !== 'other_tab') tellOtherTabs(establishmentId, 'ended');
  // The probe runs only when the hint cookie said a session was held: the customer thought so too.
  if (why === 'probe') void sessionEndedToast();
}

async function sessionEndedToast(): Promise<void> {
  // The strings load only now: every store page imports this module, few sessions end this way.
  const { t } = await import('../i18n/index.ts');
  toast(t('account:session.ended'), { kind: 'info' });
}

function channel(): BroadcastChannel | null {
  const s = state();
  if (s.channel === undefined) s.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('vitrine-session') : null;
  return s.channel;
}

function tellOtherTabs(establishmentId: string, event: 'ended' | 'changed'): void {
  try {
    channel()?.postMessage({ establishmentId, event });
  } catch {
    /* a closed channel: the other tabs learn it on their next call */
  }
}

function onAccountPage(slug: string): boolean {
  const account = routes.account(slug);
  return location.pathname === account || location.pathname.startsWith(`${account}/`);
}

/**
 * The page's session rules (docs/api.md 'The session in the browser'), started once by the page
 * script (account-boot.ts): a 401 'unauthorized' from any call ends the session and leads to the
 * account page to log in again, coming back here afterwards (?voltar=); on the account
 * page itself the login form takes the account's place. The establishment's other tabs follow an
 * end, a login or a profile change made in one of them.
 */
export function guardSession(establishmentId: string, slug: string): void {
  let leaving = false;
  setUnauthorizedHandler(() => {
    // Several calls may fail together: the first one ends the session and leads the way.
    if (leaving) return;
    endSession(establishmentId, 'unauthorized');
    if (onAccountPage(slug)) {
      void sessionEndedToast();
      return;
    }
    leaving = true;
    void (async () => {
      const { t } = await import('../i18n/index.ts');
      setFlash(t('account:session.ended'), 5000, 'info');
      const here = location.pathname + location.search;
      location.assign(`${routes.account(slug)}?voltar=${encodeURIComponent(here)}`);
    })();
  });
  channel()?.addEventListener('message', (event: MessageEvent<{ establishmentId?: string; event?: string }>) => {
    if (event.data?.establishmentId !== establishmentId) return;
    if (event.data.event === 'ended') endSession(establishmentId, 'other_tab');
    else if (event.data.event === 'changed') {
      // Logged in (or the profile saved) elsewhere: ask who, as a page start does.
      state().memo.delete(establishmentId);
      getSession(establishmentId).then(
        (user) => {
          if (user) emit(user);
        },
        () => undefined,
      );
    }
  });
}

/** Shows a message on the next page load (see showFlash). */
export function setFlash(message: string, durationMs: number, kind: 'success' | 'error' | 'info' = 'success'): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, until: Date.now() + durationMs, kind }));
  } catch {
    /* private mode: the message is simply lost */
  }
}

/** Shows (once) a message left by the previous page, for the rest of its duration. */
export function showFlash(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as { message: string; until: number; kind?: 'success' | 'error' | 'info' };
    const left = flash.until - Date.now();
    if (left > 300) toast(flash.message, { kind: flash.kind ?? 'success', durationMs: left });
  } catch {
    /* ignore a malformed flash */
  }
}

/**
 * Ends the session [R-2.51..R-2.53]: POST /auth/logout, 'Você saiu do sistema!' for 3 s, the session
 * cleared, then the establishment's home. The confirmation is the caller's (the user menu).
 */
export async function logout(establishmentId: string, slug: string): Promise<void> {
  // The strings load only now: every store page imports this module, few pages log out.
  const { t } = await import('../i18n/index.ts');
  try {
    await call('POST /auth/logout', { body: { establishment_id: establishmentId }, establishmentId, handlesUnauthorized: true });
  } catch (err) {
    // Already logged out on the server (401) still ends here; anything else is reported.
    if (!(err instanceof ApiFailure) || err.status !== 401) {
      toast(t('account:logout.failed'), { kind: 'error' });
      throw err;
    }
  }
  const message = t('account:logout.done');
  toast(message, { kind: 'success', durationMs: LOGOUT_TOAST_MS });
  endSession(establishmentId, 'logout');
  setFlash(message, LOGOUT_TOAST_MS);
  const home = `/${slug}/`;
  if (location.pathname === home) {
    // Already home: the page stays; the header has switched back to 'Entrar' through the listeners.
    try {
      sessionStorage.removeItem(FLASH_KEY);
    } catch {
      /* ignore */
    }
    return;
  }
  location.assign(home);
}
