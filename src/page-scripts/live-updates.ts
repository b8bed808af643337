// Starts the page's live-updates socket (src/client/live.ts) after the customer's first
// interaction or, failing one, when the browser is idle a few seconds after the page settled: the
// socket and partysocket's code never compete with the first paint or the first tap. On 'updated'
// the page offers a reload (src/page-scripts/reload-prompt.ts), and the product page and
// the islands read again what they show (src/page-scripts/on-updated.ts). The same moment starts
// the store's offline side (./offline.ts): its manifest link and its service worker, registered
// without costing the first visit anything.
import { reloadForChunkError } from '../client/chunk-reload.ts';
import { readStoreIsland } from '../client/store-island.ts';

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
/** How long after the scripts started an untouched page waits before connecting in idle time. */
export const LIVE_IDLE_DELAY_MS = 3000;

export function startLiveUpdates(): void {
  const store = readStoreIsland();
  if (!store) return;
  let started = false;
  // A page the service worker answered from its kept copy (no connection, most likely).
  const kept = document.documentElement.dataset.keptAt;
  // The store on the home screen and offline (./offline.ts): its manifest, its service worker.
  const offline = () =>
    import('./offline.ts').then(
      (m) => m.startOffline(store),
      () => {},
    );
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INTERACTION) removeEventListener(type, start, true);
    if (!kept) offline();
    Promise.all([import('../client/live.ts'), import('./on-updated.ts')])
      .then(([live, updates]) => {
        live.onLiveMessage(updates.onLiveMessage);
        return live.startLive(store.id);
      })
      // Offline: the page works as before, without live updates. A chunk gone with a new release
      // (this code's, or partysocket's that live.ts imports) reloads the page once.
      .catch((err: unknown) => {
        // A kept copy never reloads for it: offline, the reload would only bring the kept copy back.
        if (kept || !reloadForChunkError(err)) console.warn('[live] not started', err);
      });
  };
  for (const type of FIRST_INTERACTION) addEventListener(type, start, { capture: true, passive: true });
  // A kept copy says so at once; its live channel waits as on any page.
  if (kept) offline();
  window.setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
    else start();
  }, LIVE_IDLE_DELAY_MS);
}
