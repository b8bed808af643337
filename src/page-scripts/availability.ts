// Products sold only in some hours (availabilities windows) are marked 'Indisponível agora' on the
// catalogue, recomputed every second in the establishment's time zone. The page is stored
// once for everyone, so this cannot be decided on the server.
import { readStoreIsland } from '../client/store-island.ts';
import { establishmentTimeZone, isOpenAtMinuteOfWeek, wallClockMinuteOfWeek, type OfficeHour, type ZoneOffsets } from '../domain/week-clock.ts';

let zone = establishmentTimeZone(undefined);
let offsets: ZoneOffsets | null = null;
const windows = new Map<HTMLElement, OfficeHour[]>();
function watch(list: Iterable<HTMLElement>): void {
  for (const card of list) {
    try {
      windows.set(card, JSON.parse(card.dataset.availability ?? '[]') as OfficeHour[]);
    } catch {
      /* a card without readable windows stays as rendered */
    }
  }
}

function mark(): void {
  const minute = wallClockMinuteOfWeek(Date.now(), zone, offsets);
  for (const [card, hours] of windows) {
    const available = isOpenAtMinuteOfWeek(hours, minute);
    card.toggleAttribute('data-unavailable', !available);
    const label = card.querySelector<HTMLElement>('[data-unavailable-label]');
    if (label) label.hidden = available;
  }
}

let timer: ReturnType<typeof setInterval> | undefined;
function markEverySecond(): void {
  if (windows.size === 0) return;
  mark();
  if (timer === undefined) timer = setInterval(mark, 1000);
}

/** Marks the page's cards now and every second, and the cards the home adds later. */
export function startAvailability(): void {
  const island = readStoreIsland();
  zone = establishmentTimeZone(island?.time_zone);
  offsets = island?.zone_offsets ?? null;
  watch(document.querySelectorAll<HTMLElement>('[data-product-card][data-availability]'));
  markEverySecond();
  // Cards the home adds later (src/page-scripts/lazy-sections.ts).
  document.addEventListener('catalogue:cards', (event) => {
    const list = (event as CustomEvent<Element>).detail;
    watch(list.querySelectorAll<HTMLElement>('[data-product-card][data-availability]'));
    markEverySecond();
  });
}
