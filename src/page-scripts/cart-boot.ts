// The cart's first script, attached with the other enhancements after the page has loaded. It
// keeps the header badge and the mobile bottom bar in step with the cart store
// and opens the cart UI. The store (islands/stores/cart.ts) is a separate chunk: loaded at once
// when a draft is stored for this establishment, otherwise on the first interaction with
// a cart control (an empty cart needs nothing: the page already shows 0 and no bar). The React app
// (islands/cart/mount.tsx) is mounted on the first click of 'Adicionar', the cart button or the
// bar; its code is fetched ahead, when the main thread is idle after this script has started
// (never before the load event and the first paint), so that click only renders. A click before
// that has finished waits for it behind a 'Carregando…' veil. pointerdown/focus on those buttons
// also start the product's fetch, so the modal opens with it.
import { readStoreIsland } from '../client/store-island.ts';
import type { StoreIsland } from '../client/store-island.ts';
import { fetchProduct } from '../client/product-cache.ts';
import type { CartApp } from '../../islands/cart/mount.tsx';
import type { CartStore } from '../../islands/stores/cart.ts';
import { formatBRL } from '../domain/money.ts';
import { reloadForChunkError } from '../client/chunk-reload.ts';
import { showLoadingOverlay } from '../client/loading-overlay.ts';
import { texts } from './texts.ts';
import { pluralOf } from '../i18n/interpolate.ts';

/** Fills a server-rendered template pair (data-one='1 produto', data-other='2 produtos') with n. */
function countText(el: HTMLElement, n: number): string {
  const template = (pluralOf(n) === 'one' ? el.dataset.one : el.dataset.other) ?? el.dataset.other ?? '';
  return template.replace(/\d+/, String(n));
}

function render(count: number, totalCents: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) badge.textContent = String(count);
  for (const label of document.querySelectorAll<HTMLElement>('[data-cart-badge-label]')) label.textContent = countText(label, count);
  for (const bar of document.querySelectorAll<HTMLElement>('[data-cart-bar]')) bar.hidden = count === 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cart-bar-count]')) el.textContent = countText(el, count);
  for (const el of document.querySelectorAll<HTMLElement>('[data-cart-bar-total]')) el.textContent = formatBRL(totalCents);
  // Lets CartBar.astro lift the toasts above the bar while it shows.
  document.documentElement.toggleAttribute('data-cart-filled', count > 0);
}

/** Whether a draft is stored for the establishment (the store's key, islands/stores/cart.ts draftStorageKey). */
function hasStoredDraft(establishmentId: string): boolean {
  try {
    return localStorage.getItem(`draft:${establishmentId}`) !== null;
  } catch {
    return false;
  }
}

/**
 * Runs `task` when the main thread is idle, or after `timeout` ms at the latest (a timer where
 * requestIdleCallback is missing, as in Safari).
 */
function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 50);
}

/** Retries a failed dynamic import on the next call (offline, new deployment). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const p = load();
      pending = p;
      p.catch((err: unknown) => {
        console.error(err);
        if (pending === p) pending = null;
      });
    }
    return pending;
  };
}

function boot(island: StoreIsland): void {
  const loadStore = once(async (): Promise<CartStore> => {
    const [{ getCartStore }, { effect }] = await Promise.all([import('../../islands/stores/cart.ts'), import('@preact/signals-core')]);
    const store = getCartStore(island.id);
    effect(() => render(store.count.value, store.totalCents.value));
    return store;
  });
  // The app's code, without starting anything: what is fetched ahead. <html data-cart-app> tells
  // tests and the benchmark whether it is here ('ready').
  const loadAppCode = once(async (): Promise<typeof import('../../islands/cart/mount.tsx')> => {
    const [mount] = await Promise.all([import('../../islands/cart/mount.tsx'), import('../../islands/stores/cart.ts')]);
    document.documentElement.dataset.cartApp = 'ready';
    return mount;
  });
  const loadApp = once(async (): Promise<CartApp> => {
    const [store, { mountCart }] = await Promise.all([loadStore(), loadAppCode()]);
    return mountCart({ store, island });
  });
  // Ahead, the stylesheet is only fetched: applied, it would restyle the whole page now.
  fetchAhead(() => loadAppCode().then((mount) => mount.prefetchIslandsCss()));

  if (hasStoredDraft(island.id)) void loadStore().catch(() => undefined);
  // Another tab filled the cart: follow it.
  addEventListener('storage', (event) => {
    if (event.key === `draft:${island.id}` && event.newValue !== null) void loadStore().catch(() => undefined);
  });

  const SELECTOR = '[data-add-product], [data-cart-button], [data-cart-bar-button]';
  const targetOf = (event: Event): HTMLElement | null => {
    const el = event.target instanceof Element ? event.target.closest<HTMLElement>(SELECTOR) : null;
    return el && !el.closest('[data-cart-root]') ? el : null;
  };

  const prefetch = (event: Event): void => {
    const el = targetOf(event);
    if (!el) return;
    void loadApp().catch(() => undefined);
    const productId = el.dataset.addProduct;
    if (productId) fetchProduct(island.id, productId).catch(() => undefined);
  };
  document.addEventListener('pointerdown', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);

  let appReady = false;
  document.addEventListener('click', (event) => {
    const el = targetOf(event);
    if (!el) return;
    event.preventDefault();
    const productId = el.dataset.addProduct;
    // The first tap of a visit loads the cart app (React): answer it at once with the loading
    // overlay so the tap never looks ignored on a slow phone (gone after 3 s at the latest ).
    const overlay = appReady ? null : showLoadingOverlay(texts.loading, 'cart-loading');
    void loadApp().then(
      (ui) => {
        appReady = true;
        overlay?.close();
        if (productId) ui.openProduct(productId, el);
        else ui.openCart(el);
      },
      (err: unknown) => {
        overlay?.close();
        reloadForChunkError(err);
      },
    );
  });
}

/**
 * Fetches and evaluates the cart app's code in idle time, so the first tap of a visit does not
 * wait for it (docs/benchmarks.md 'Cart speed'). Not with Save-Data: that visitor pays for the
 * code only when they use the cart.
 */
function fetchAhead(load: () => Promise<unknown>): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) {
    document.documentElement.dataset.cartApp = 'on-demand';
    return;
  }
  // One module graph per idle turn, each evaluated in a task of its own: the store, React, then
  // what the app's chunk imports (the texts, the dialog frame) before the app itself. Evaluated
  // together they made tasks of 60 to 120 ms at 4x CPU, which Lighthouse counts as blocking time.
  const turns: (() => Promise<unknown>)[] = [
    () => import('../../islands/stores/cart.ts'),
    () => import('react-dom/client'),
    () => import('../i18n/index.ts'),
    () => import('../../islands/shared/Dialog.tsx'),
    load,
  ];
  const next = (): void => {
    const turn = turns.shift();
    if (!turn) return;
    document.documentElement.dataset.cartApp ??= 'fetching';
    turn().then(
      () => whenIdle(next),
      () => undefined,
    );
  };
  whenIdle(next);
}

/** Keeps the badge and the bar in step with the cart and opens the cart on its controls (see the top of the file). */
export function startCart(): void {
  const island = readStoreIsland();
  if (island) boot(island);
}
