// Starts the establishment's own analytics consent (src/client/analytics-consent.ts) on the pages
// that carry its ids (<html data-ga4 / data-pixel>, src/layouts/StoreLayout.astro), after the
// customer's first interaction or, failing one, in idle time: the banner's code is a chunk of its
// own, and a page without ids, or the first paint of one with them, downloads none of it. The
// footer's 'Cookies' link opens the banner again, loading the chunk if it is not there yet.
import { reloadForChunkError } from '../client/chunk-reload.ts';

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
/** How long after the scripts started an untouched page waits before showing the banner in idle time. */
const IDLE_DELAY_MS = 3000;

export function startAnalytics(): void {
  const html = document.documentElement;
  const { ga4, pixel, store } = html.dataset;
  if ((!ga4 && !pixel) || !store) return;
  const load = () =>
    import('../client/analytics-consent.ts').catch((err: unknown) => {
      if (!reloadForChunkError(err)) console.warn('[analytics] not started', err);
      return null;
    });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) removeEventListener(type, start, true);
    void load().then((m) => m?.startConsent());
  };
  for (const type of FIRST_INTERACTION) addEventListener(type, start, { capture: true, passive: true });
  window.setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
    else start();
  }, IDLE_DELAY_MS);
  document.addEventListener('click', (e) => {
    const link = e.target instanceof Element && e.target.closest('[data-cookies-open]');
    if (!link) return;
    e.preventDefault();
    void load().then((m) => m?.showBanner(true));
  });
}
