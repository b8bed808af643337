// The store on the home screen and offline (docs/offline.md), loaded with the live channel after
// the page's first interaction or in idle time (./live-updates.ts), or at once on a page the
// service worker answered from its kept copy: no byte of it is in the scripts every page starts with.
// - links the store's manifest (/<slug>/manifest.webmanifest) and registers its service worker
//   (/<slug>/sw.js, scope /<slug>/), then hands it what this page loaded before it ran, to keep;
// - on a kept copy (<html data-kept-at>), says so: 'Você está sem conexão. Cardápio de 28/11 às 19:40...';
// - a waiting order of this store (src/client/pending-order.ts) is shown with its cancel button,
//   and sent once when the connection returns (the 'online' event, a retry every RETRY_MS, this load).
import { offsetMinutesAt } from '../domain/week-clock.ts';
import { keptCopyTime } from '../domain/offline-keep.ts';
import { interpolate } from '../i18n/interpolate.ts';
import texts from '../i18n/locales/pt-BR/offline.json';
import type { StoreIsland } from '../client/store-island.ts';
import { cancelPendingOrder, PENDING_ORDER_CHANGED, pendingOrderStorageKey, sendPendingOrder } from '../client/pending-order.ts';
import { toast } from '../client/toast.ts';
import { routes } from '../lib/urls.ts';

/** While an order waits and the browser says it is online, it is tried again this often. */
const RETRY_MS = 15_000;

export function startOffline(store: StoreIsland): void {
  const kept = document.documentElement.dataset.keptAt;
  if (kept !== undefined) showKeptBanner(store, Number(kept));
  linkManifest(store.slug);
  void registerWorker(store).catch((err: unknown) => console.warn('[offline] service worker not registered', err));
  followPendingOrder(store);
}

function linkManifest(slug: string): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/${slug}/manifest.webmanifest`;
  document.head.appendChild(link);
}

async function registerWorker(store: StoreIsland): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const scope = `/${store.slug}/`;
  await navigator.serviceWorker.register(`${scope}sw.js?e=${encodeURIComponent(store.id)}`, { scope });
  const ready = await navigator.serviceWorker.ready;
  // What this page loaded before the worker ran (the page itself, its scripts and pictures): the
  // worker keeps what its rules allow (src/domain/offline-keep.ts) and ignores the rest.
  const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
  ready.active?.postMessage({ type: 'keep', urls });
}

function showKeptBanner(store: StoreIsland, keptAt: number): void {
  if (document.querySelector('[data-offline-banner]')) return;
  let text = texts.bannerUndated;
  if (keptAt > 0) {
    const offset = offsetMinutesAt(store.zone_offsets, keptAt) ?? zoneOffset(store.time_zone, keptAt);
    if (offset !== null) text = interpolate(texts.banner, keptCopyTime(keptAt, offset));
  }
  const banner = document.createElement('p');
  banner.setAttribute('role', 'status');
  banner.setAttribute('data-offline-banner', '');
  banner.textContent = text;
  Object.assign(banner.style, {
    margin: '0',
    padding: '10px 16px',
    background: 'var(--c-card, #fff)',
    color: 'var(--c-ink, #111827)',
    borderBottom: '2px solid var(--c-primary, #b45309)',
    fontSize: '.9375rem',
    textAlign: 'center',
  } satisfies Partial<CSSStyleDeclaration>);
  const main = document.getElementById('conteudo');
  if (main) main.before(banner);
  else document.body.prepend(banner);
}

/** The zone's offset at an instant from Intl, when the page's published offsets do not reach it. */
function zoneOffset(timeZone: string, epochMs: number): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(epochMs);
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
    if (!m) return 0;
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  } catch {
    return null;
  }
}

// ---- the waiting order ----

function followPendingOrder(store: StoreIsland): void {
  const key = pendingOrderStorageKey(store.id);
  const has = () => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  };
  const trySend = async () => {
    // The checkout's own notice sends it then (islands/checkout/useWaitingOrder.ts).
    if (!has() || !navigator.onLine || document.querySelector('[data-waiting-order]')) return render();
    const result = await sendPendingOrder(store.id);
    if (result.kind === 'sent') location.assign(routes.order(store.slug, result.id));
    else if (result.kind === 'refused') note(texts.waiting.refused);
    else if (result.kind === 'expired') note(texts.waiting.expired);
    else if (result.kind === 'other_customer') note(texts.waiting.otherCustomer);
    render();
  };
  const render = () => {
    const bar = document.querySelector<HTMLElement>('[data-pending-order-bar]');
    // The checkout shows its own (islands/checkout/WaitingOrderDialog.tsx).
    const inCheckout = document.querySelector('[data-waiting-order]') !== null;
    if (!has() || inCheckout) {
      bar?.remove();
      return;
    }
    if (!bar) document.body.appendChild(pendingBar(store, () => cancelPendingOrder(store.id)));
  };
  addEventListener('online', () => void trySend());
  addEventListener('storage', (e) => e.key === key && render());
  addEventListener(PENDING_ORDER_CHANGED, render);
  window.setInterval(() => {
    if (has() && navigator.onLine) void trySend();
  }, RETRY_MS);
  void trySend();
}

function pendingBar(store: StoreIsland, cancel: () => void): HTMLElement {
  const box = document.createElement('section');
  box.setAttribute('data-pending-order-bar', '');
  box.setAttribute('aria-labelledby', `pending-order-title-${store.id}`);
  Object.assign(box.style, {
    position: 'fixed',
    bottom: '12px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '2147481000',
    width: 'min(28rem, calc(100vw - 24px))',
    boxSizing: 'border-box',
    padding: '14px 16px',
    borderRadius: '12px',
    border: '1px solid var(--c-line, #d4d4d8)',
    background: 'var(--c-card, #fff)',
    color: 'var(--c-ink, #111827)',
    boxShadow: '0 8px 24px rgba(0,0,0,.18)',
  } satisfies Partial<CSSStyleDeclaration>);
  const title = document.createElement('h2');
  title.id = `pending-order-title-${store.id}`;
  title.textContent = texts.waiting.title;
  Object.assign(title.style, { margin: '0 0 4px', fontSize: '1rem', fontWeight: '700' });
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  text.textContent = texts.waiting.text;
  Object.assign(text.style, { margin: '0 0 12px', fontSize: '.9375rem' });
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.waiting.cancel;
  Object.assign(button.style, {
    padding: '8px 14px',
    borderRadius: '8px',
    border: '1px solid var(--c-line, #d4d4d8)',
    background: 'transparent',
    color: 'inherit',
    fontWeight: '600',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>);
  button.addEventListener('click', () => {
    cancel();
    note(texts.waiting.cancelled);
  });
  box.append(title, text, button);
  return box;
}

/** A short notice at the foot of the page (announced once). */
function note(message: string): void {
  toast(message, { kind: 'info' });
}
