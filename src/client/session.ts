// The customer's session in the browser. The session itself is an HttpOnly cookie
// (sid_<establishmentId>) the scripts never see; a readable hint cookie (sf_auth_<establishmentId>=1)
// says whether one is held, so visitors never pay for a /users/me request. getSession() is memoised
// per page; the state lives on globalThis so every bundle that imports this module (the boot
// script, React islands) shares one memo and one set of listeners.
import { api, ApiFailure } from './api.ts';
import { toast } from './toast.ts';
import { hintCookieName } from '../schemas/session-cookies.ts';
import type { UserView } from '../schemas/api-accounts.ts';

/** What the page keeps of the logged-in user (src/schemas/api-accounts.ts UserView). */
export type SessionUser = Pick<UserView, '_id' | 'name' | 'email' | 'phone' | 'photo' | 'credits' | 'phone_verified' | 'email_verified'>;

type Listener = (user: SessionUser | null) => void;

interface SessionState {
  memo: Map<string, Promise<SessionUser | null>>;
  listeners: Set<Listener>;
}

const KEY = '__sfSession';
function state(): SessionState {
  const g = globalThis as unknown as Record<string, SessionState | undefined>;
  let s = g[KEY];
  if (!s) {
    s = { memo: new Map(), listeners: new Set() };
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
    promise = api<UserView>('/users/me', { establishmentId }).then(
      (user) => toSessionUser(user),
      (err: unknown) => {
        if (err instanceof ApiFailure && err.status === 401) {
          dropHintCookie(establishmentId);
          return null;
        }
        // A network failure is not a logout: forget the memo so a later call retries.
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
}

/** Forgets the session locally (hint cookie gone, user null) without calling the API. */
export function clearSession(establishmentId: string): void {
  dropHintCookie(establishmentId);
  state().memo.set(establishmentId, Promise.resolve(null));
  emit(null);
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
    await api('/auth/logout', { method: 'POST', body: { establishment_id: establishmentId }, establishmentId });
  } catch (err) {
    // Already logged out on the server (401) still ends here; anything else is reported.
    if (!(err instanceof ApiFailure) || err.status !== 401) {
      toast(t('account:logout.failed'), { kind: 'error' });
      throw err;
    }
  }
  const message = t('account:logout.done');
  toast(message, { kind: 'success', durationMs: LOGOUT_TOAST_MS });
  clearSession(establishmentId);
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
