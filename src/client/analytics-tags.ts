// The establishment's own tags, loaded only once the customer accepted them
// (./analytics-consent.ts): Google's gtag.js with its GA4 measurement id and Meta's fbevents.js with
// its pixel id, each set up with the vendor's documented queue (the calls made before the script
// arrives wait in it), a page view each, and the storefront's e-commerce events forwarded to both
// (./analytics-events.ts). The page's script policy names the two hosts only on pages of an
// establishment that set an id (src/server/content-security.ts).
import type { PageAnalyticsIds } from '../schemas/analytics.ts';
import { TRACKED_EVENTS, vendorCalls } from './analytics-events.ts';
import type { EcommercePayload } from './tracking.ts';

export const GA4_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const META_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

type Queue = (...args: unknown[]) => void;
interface FbqQueue extends Queue {
  callMethod?: Queue;
  queue: unknown[];
  push: FbqQueue;
  loaded: boolean;
  version: string;
}
interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Queue;
  fbq?: FbqQueue;
  _fbq?: FbqQueue;
}

let started = false;

function addScript(src: string): void {
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

/** Loads the tags of the ids given (once per page) and forwards the storefront's events to them. */
export function startTags(ids: PageAnalyticsIds): void {
  if (started) return;
  started = true;
  const w = window as unknown as TagWindow;
  if (ids.ga4) {
    w.dataLayer ??= [];
    const layer = w.dataLayer;
    // gtag.js reads the Arguments objects from dataLayer: the vendor's snippet, as it is.
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the Arguments object itself
      layer.push(arguments);
    };
    w.gtag('js', new Date());
    // 'config' sends the page_view.
    w.gtag('config', ids.ga4, { send_page_view: true });
    addScript(`${GA4_SCRIPT_URL}?id=${encodeURIComponent(ids.ga4)}`);
  }
  if (ids.pixel) {
    if (!w.fbq) {
      const q = function fbq(...args: unknown[]) {
        if (q.callMethod) q.callMethod(...args);
        else q.queue.push(args);
      } as FbqQueue;
      q.push = q;
      q.loaded = true;
      q.version = '2.0';
      q.queue = [];
      w.fbq = q;
      w._fbq ??= q;
    }
    w.fbq('init', ids.pixel);
    w.fbq('track', 'PageView');
    addScript(META_SCRIPT_URL);
  }
  for (const name of TRACKED_EVENTS) {
    addEventListener(`storefront:${name}`, (e) => {
      const calls = vendorCalls(name, (e as CustomEvent<EcommercePayload>).detail);
      if (ids.ga4) w.gtag?.(...calls.ga4);
      if (ids.pixel) w.fbq?.(...calls.meta);
    });
  }
}
