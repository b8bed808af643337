// The session on every store page. The stored pages are the same for everyone and visitors are
// the many, so the header ships no logged-in chrome at all; this script, attached after load,
// builds it (buildChrome) once a session exists and fills it:
// greeting and photo, credits, the user menu on both
// widths, the logout confirmation [R-2.50..R-2.53], the customer's progress in the achievements
// dropdown. Visitors keep 'Entrar'
// and cost no request. Also: a session handed over by another app (?handover=<code>, taken out of
// the address by the layout's first script) is exchanged for a cookie session, and a 401
// anywhere clears the session and goes to the account page.
// Its texts come from src/page-scripts/texts.ts.
import { call, ApiFailure } from '../client/api.ts';
import { reloadOnChunkError } from '../client/chunk-reload.ts';
import { getSession, guardSession, logout, onSessionChange, setSessionUser, showFlash, toSessionUser, type SessionUser } from '../client/session.ts';
import { toast } from '../client/toast.ts';
import { formatBRL, normalizeSpaces } from '../domain/money.ts';
import { USER_MENU } from '../components/layout/user-menu.ts';
import { routes } from '../lib/urls.ts';
import { interpolate } from '../i18n/interpolate.ts';
import { texts } from './texts.ts';
import { el } from './dom.ts';

const header = document.querySelector<HTMLElement>('[data-header]');
const establishmentId = header?.dataset.establishmentId ?? document.documentElement.dataset.store ?? '';
const slug = header?.dataset.slug ?? '';
const accountUrl = routes.account(slug);

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((p) => p[0]!.toUpperCase()).join('') || '?';
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
    img.addEventListener(
      'error',
      () => {
        host.replaceChildren(initials(user.name));
      },
      { once: true },
    );
    host.appendChild(img);
  } else host.textContent = initials(user.name);
  host.dataset.userAvatar = user.photo ? 'photo' : 'initials';
}

function chevron(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({
    width: '16',
    height: '16',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, v);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M6 9l6 6 6-6');
  svg.appendChild(path);
  return svg;
}

/** The six entries of the user menu as <li>s; 'Sair' is a button that asks first. */
function menuItems(): HTMLLIElement[] {
  return USER_MENU.map((item) => {
    const label = texts.menu[item.label];
    const entry =
      item.path !== undefined
        ? el('a', 'bl', { href: accountUrl + item.path, 'data-user-menu-item': item.key }, label)
        : el(
            'button',
            'block w-full cursor-pointer rounded-md border-0 bg-transparent px-3 py-2 text-left [font:inherit] text-ink hover:bg-surface',
            { type: 'button', 'data-user-menu-item': item.key, 'data-logout': '' },
            label,
          );
    return el('li', '', {}, entry);
  });
}

/**
 * Builds the logged-in chrome once, hidden: the user dropdown (greeting and credits) in the desktop bar, the
 * user block in the burger, the logout dialog.
 */
function buildChrome(h: HTMLElement): void {
  if (h.querySelector('[data-user-menu]')) return;
  const menuLabel = texts.menu.label;
  const { confirm, cancel, submit } = texts.logout;
  const avatar = () => el('span', 'user-avatar', { 'aria-hidden': 'true', 'data-user-avatar': '' });

  const barLogin = h.querySelector('a[data-login]');
  // The credits sit under the greeting, in the menu's button: beside it they took the room the
  // store's name and the search's placeholder need on a 1280 px screen.
  barLogin?.after(
    el(
      'details',
      'dropdown relative',
      { hidden: '', 'data-user-menu': '', 'data-dropdown': '' },
      el(
        'summary',
        'flex h-10 cursor-pointer list-none items-center gap-2 rounded-md px-2 text-sm font-semibold hover:bg-black/10',
        {},
        avatar(),
        el(
          'span',
          'flex min-w-0 flex-col',
          {},
          el('span', 'max-w-[10rem] truncate whitespace-nowrap leading-tight', { 'data-user-greeting': '' }),
          el('span', 'whitespace-nowrap text-xs font-normal leading-tight', { hidden: '', 'data-credits': '' }),
        ),
        chevron(),
      ),
      el(
        'ul',
        'absolute right-0 top-full z-50 m-0 mt-1 w-56 list-none rounded-lg border border-line bg-card p-1 text-sm text-ink shadow-lg',
        { 'aria-label': menuLabel, 'data-user-menu-panel': '' },
        ...menuItems(),
      ),
    ),
  );
  h.querySelector('[data-burger-panel] a[data-login]')
    ?.closest('ul')
    ?.after(
      el(
        'div',
        '',
        { hidden: '', 'data-burger-user': '' },
        el('hr', 'my-2 border-line'),
        el('p', 'm-0 flex items-center gap-2 px-3 py-2 font-semibold', {}, avatar(), el('span', 'min-w-0 truncate', { 'data-user-greeting': '' })),
        el('p', 'm-0 px-3 pb-2 text-sm text-muted', { 'data-credits': '' }),
        el('ul', 'm-0 list-none p-0', { 'aria-label': menuLabel }, ...menuItems()),
      ),
    );
  h.append(
    el(
      'dialog',
      'modal max-w-sm',
      { 'aria-labelledby': 'sair-titulo', 'data-logout-dialog': '' },
      el(
        'form',
        'px-5 py-5',
        { method: 'dialog' },
        el('h2', 'm-0 mb-5 text-lg font-bold', { id: 'sair-titulo' }, confirm),
        el(
          'div',
          'flex justify-end gap-2',
          {},
          el(
            'button',
            'cursor-pointer rounded-lg border border-solid border-line bg-card px-4 py-2 font-semibold text-ink hover:bg-surface',
            { value: 'cancel', 'data-logout-cancel': '' },
            cancel,
          ),
          el(
            'button',
            'cursor-pointer rounded-lg border-0 bg-brand px-4 py-2 font-semibold text-onbrand hover:bg-branddark',
            { value: 'confirm', 'data-logout-confirm': '' },
            submit,
          ),
        ),
      ),
    ),
  );
  const dialog = h.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
  dialog?.addEventListener('close', () => {
    if (dialog.returnValue === 'confirm') void logout(establishmentId, slug).catch(() => undefined);
  });
  // A click on the backdrop (the dialog element itself, outside its box) cancels, as on the other modals.
  dialog?.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    if (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom) dialog.close();
  });
}

/** Shows the logged-in chrome for a user, or puts the visitor's 'Entrar' back. */
function render(user: SessionUser | null): void {
  if (!header) return;
  const logged = user !== null;
  if (logged) buildChrome(header);
  for (const el of header.querySelectorAll<HTMLElement>('[data-login]')) el.hidden = logged;
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-menu], [data-burger-user], [data-credits]')) el.hidden = !logged;
  header.toggleAttribute('data-logged-in', logged);
  // The achievements dropdown's prompt to log in is a visitor's only; a customer's progress
  // is listed when it opens (watchAchievements).
  for (const el of header.querySelectorAll<HTMLElement>('[data-achievements-visitor]')) el.hidden = logged;
  if (!user) {
    for (const el of header.querySelectorAll<HTMLElement>('[data-user-greeting], [data-credits], [data-user-avatar]')) el.replaceChildren();
    header.querySelector('[data-achievements-progress]')?.remove();
    return;
  }
  const greeting = interpolate(texts.greeting, { name: firstName(user.name) });
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-greeting]')) el.textContent = greeting;
  const credits = interpolate(texts.credits, { amount: normalizeSpaces(formatBRL(user.credits)) });
  for (const el of header.querySelectorAll<HTMLElement>('[data-credits]')) {
    el.textContent = credits;
    el.dataset.credits = String(user.credits);
  }
  for (const el of header.querySelectorAll<HTMLElement>('[data-user-avatar]')) renderAvatar(el, user);
}

/**
 * The desktop achievements dropdown: each time a customer opens it, their progress is read
 * again and listed (src/page-scripts/achievements-menu.ts, downloaded on the first opening, so the
 * catalogue pages load nothing more for it). A visitor's dropdown keeps its prompt and calls nothing.
 */
function watchAchievements(): void {
  const dropdown = header?.querySelector<HTMLDetailsElement>('details[data-achievements]');
  if (!dropdown || !establishmentId) return;
  dropdown.addEventListener('toggle', () => {
    if (!dropdown.open) return;
    void getSession(establishmentId)
      .then((user) => (user ? reloadOnChunkError(import('./achievements-menu.ts')).then((m) => m.showAchievements(dropdown, establishmentId)) : undefined))
      // Silent: the dropdown keeps its link to the achievements page.
      .catch((err: unknown) => console.error('[achievements]', err));
  });
}

/** Listens for a 401 anywhere and for 'Sair', and shows the session's chrome (see the top of the file). */
export function startAccount(): void {
  watchAchievements();

  // What ends the session, and a 401 anywhere leading to the account page.
  if (establishmentId) guardSession(establishmentId, slug);

  // Logout: ask first; Sair ends the session [R-2.51..R-2.53] (the dialog's close listener).
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-logout]');
    if (!button) return;
    event.preventDefault();
    button.closest<HTMLDetailsElement>('details')?.removeAttribute('open');
    const dialog = document.querySelector<HTMLDialogElement>('dialog[data-logout-dialog]');
    if (dialog) {
      dialog.returnValue = '';
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-logout-cancel]')?.focus();
    } else void logout(establishmentId, slug).catch(() => undefined);
  });

  void boot();
}

/**
 * The handover code another app put in the address (docs/api.md 'POST /api/auth/handover'), taken
 * out of it as this script starts, so that it stays in neither the history nor a bookmark; undefined
 * when there is none (all but a few pages: one test of the query string). A ?token= of an older app
 * (a session token in an address) is dropped the same way, unused: ''. Until this runs, no request
 * of the page carries it anywhere: the Referrer-Policy is strict-origin (src/server/content-security.ts).
 */
function takeHandoverFromAddress(): string | undefined {
  if (!/[?&](?:handover|token)=/.test(location.search)) return undefined;
  const url = new URL(location.href);
  const code = url.searchParams.get('handover') ?? '';
  url.searchParams.delete('handover');
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return code;
}

/**
 * The handover code, exchanged once for this establishment's cookie session. An empty
 * value is an address that carried something unusable (an old app's ?token=): the customer is told
 * to log in.
 */
async function exchangeHandover(): Promise<void> {
  const code = takeHandoverFromAddress();
  if (code === undefined) return;
  if (!establishmentId) return;
  if (!code) {
    toast(texts.exchangeFailed, { kind: 'error' });
    return;
  }
  try {
    const res = await call('POST /auth/exchange', {
      body: { establishment_id: establishmentId, handover: code },
      establishmentId,
    });
    setSessionUser(establishmentId, toSessionUser(res.user));
  } catch (err) {
    if (err instanceof ApiFailure && err.status !== 0) toast(texts.exchangeFailed, { kind: 'error' });
    else if (!(err instanceof ApiFailure)) console.error(err);
  }
}

async function boot(): Promise<void> {
  showFlash();
  if (!establishmentId) return;
  onSessionChange(render);
  await exchangeHandover();
  try {
    render(await getSession(establishmentId));
  } catch (err) {
    // Network trouble: stay as a visitor on screen; the next page tries again.
    console.error('[session]', err);
  }
}
