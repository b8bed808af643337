// The session on every store page. The stored pages are the same for everyone, so the header
// ships the logged-in chrome hidden and empty; this script, attached after load, fills it:
// greeting and photo, credits, the user menu on both
// widths, the logout confirmation [R-2.50..R-2.53]. Visitors keep 'Entrar'
// and cost no request. Also: a ?token= handed over in the address is exchanged once and removed
// and a 401 anywhere clears the session and goes to the account page.
// Strings come from data-* attributes the header renders with t(), keeping i18n out of this bundle.
import { api, ApiFailure, setUnauthorizedHandler } from './api.ts';
import { clearSession, getSession, logout, onSessionChange, setSessionUser, showFlash, toSessionUser, type SessionUser } from './session.ts';
import { toast } from './toast.ts';
import { formatBRL, normalizeSpaces } from '../domain/money.ts';

const header = document.querySelector<HTMLElement>('[data-header]');
const establishmentId = header?.dataset.establishmentId ?? document.documentElement.dataset.store ?? '';
const slug = header?.dataset.slug ?? '';
const accountUrl = header?.dataset.accountUrl ?? `/${slug}/minha-conta`;

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((p) => p[0]!.toUpperCase()).join('') || '?';
}

function fill(template: string | undefined, key: string, value: string): string {
  return (template ?? `{${key}}`).replace(`{${key}}`, value);
}

function renderAvatar(host: HTMLElement, user: SessionUser): void {
  host.replaceChildren();
  if (user.photo) {
    const img = document.createElement('img');
    img.src = user.photo;
    img.alt = '';
    img.width = 32;
    img.height = 32;
    img.decoding = 'async';
    img.addEventListener('error', () => {
      host.replaceChildren(initials(user.name));
    }, { once: true });
    host.appendChild(img);
  } else host.textContent = initials(user.name);
  host.dataset.userAvatar = user.photo ? 'photo' : 'initials';
}

/** Shows the logged-in chrome for a user, or puts the visitor's 'Entrar' back. */
function render(user: SessionUser | null): void {
  if (!header) return;
  const logged = user !== null;
  for (const el of header.querySelectorAll<HTMLElement>('[data-login]')) el.hidden = logged;
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-menu], [data-burger-user], [data-credits]')) el.hidden = !logged;
  header.toggleAttribute('data-logged-in', logged);
  if (!user) {
    for (const el of header.querySelectorAll<HTMLElement>('[data-user-greeting], [data-credits], [data-user-avatar]')) el.replaceChildren();
    return;
  }
  const greeting = fill(header.dataset.greeting, 'name', firstName(user.name));
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-greeting]')) el.textContent = greeting;
  const credits = fill(header.dataset.creditsLabel, 'amount', normalizeSpaces(formatBRL(user.credits)));
  for (const el of header.querySelectorAll<HTMLElement>('[data-credits]')) {
    el.textContent = credits;
    el.dataset.credits = String(user.credits);
  }
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-avatar]')) renderAvatar(el, user);
}

function onAccountPage(): boolean {
  return location.pathname.replace(/\/+$/, '').startsWith(accountUrl.replace(/\/+$/, ''));
}

// A 401 on a user-scoped call: the session is gone; go to the account page to log in
// again [R-8.68] (already there: the page's island switches to the login form by itself).
setUnauthorizedHandler(() => {
  if (!establishmentId) return;
  clearSession(establishmentId);
  if (!onAccountPage()) location.assign(accountUrl);
});

// Logout: ask first; Sair ends the session [R-2.51..R-2.53].
const dialog = document.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-logout]');
  if (!button) return;
  event.preventDefault();
  button.closest<HTMLDetailsElement>('details')?.removeAttribute('open');
  if (dialog) {
    dialog.returnValue = '';
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-logout-cancel]')?.focus();
  } else void logout(establishmentId, slug).catch(() => undefined);
});
dialog?.addEventListener('close', () => {
  if (dialog.returnValue === 'confirm') void logout(establishmentId, slug).catch(() => undefined);
});

/** ?token=... handed over by another app: exchanged once for the cookie session, then dropped from the address. */
async function exchangeToken(): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token === null) return;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  if (!token || !establishmentId) return;
  try {
    const res = await api<{ user: Record<string, unknown> }>('/auth/exchange', {
      method: 'POST',
      body: { establishment_id: establishmentId, token },
      establishmentId,
    });
    setSessionUser(establishmentId, toSessionUser(res.user));
  } catch (err) {
    if (err instanceof ApiFailure && err.status !== 0) toast(header?.dataset.exchangeFailed ?? err.code, { kind: 'error' });
    else if (!(err instanceof ApiFailure)) console.error(err);
  }
}

async function boot(): Promise<void> {
  showFlash();
  if (!establishmentId) return;
  onSessionChange(render);
  await exchangeToken();
  try {
    render(await getSession(establishmentId));
  } catch (err) {
    // Network trouble: stay as a visitor on screen; the next page tries again.
    console.error('[session]', err);
  }
}

void boot();
