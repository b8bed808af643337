// The #store-data island the layout renders (src/layouts/StoreLayout.astro): what the cart needs
// to know about the establishment without a request. Vanilla, shared by the boot script and the
// React app. Its shape is src/schemas/island-props.ts StoreIsland, the layout's type too.
import { establishmentTimeZone, wallClockMinuteOfWeek, type WallClockTime } from '../domain/week-clock.ts';
import { isOpenAtMinute, nextOpeningAtMinute, orderingState, type OrderingState } from '../domain/open-now.ts';
import type { StoreIsland } from '../schemas/island-props.ts';

export type { StoreIsland };

let parsed: StoreIsland | null | undefined;

/** The page's #store-data island, read once: the cart, the status label and the availability marks all start from it. */
export function readStoreIsland(): StoreIsland | null {
  if (parsed === undefined) parsed = parseStoreIsland();
  return parsed;
}

function parseStoreIsland(): StoreIsland | null {
  const el = document.getElementById('store-data');
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as Partial<StoreIsland>;
    if (typeof data.id !== 'string' || typeof data.slug !== 'string') return null;
    return {
      id: data.id,
      slug: data.slug,
      open_mode: data.open_mode ?? 'auto',
      office_hours: Array.isArray(data.office_hours) ? data.office_hours : [],
      time_zone: establishmentTimeZone(data.time_zone),
      zone_offsets: data.zone_offsets && typeof data.zone_offsets === 'object' ? data.zone_offsets : null,
      preferences: { max_days_scheduling: Number(data.preferences?.max_days_scheduling ?? 0) || 0, delivery_type: data.preferences?.delivery_type },
      unavailable: data.unavailable === true,
    };
  } catch {
    return null;
  }
}

/** The establishment's wall-clock minute of the week now, in its zone. */
export function establishmentMinuteNow(island: Pick<StoreIsland, 'time_zone' | 'zone_offsets'>, now = Date.now()): number {
  return wallClockMinuteOfWeek(now, establishmentTimeZone(island.time_zone), island.zone_offsets);
}

/** The establishment's own open/closed reading now: the domain's one rule (manual override first, then office hours). */
export function establishmentOpenNow(island: Pick<StoreIsland, 'open_mode' | 'office_hours' | 'time_zone' | 'zone_offsets'>, now = Date.now()): boolean {
  return isOpenAtMinute(island, establishmentMinuteNow(island, now));
}

/** What the cart lets the customer do now (src/domain/open-now.ts orderingState), and when a closed establishment opens. */
export function orderingNow(island: StoreIsland, now = Date.now()): { state: OrderingState; opens: WallClockTime | null } {
  const minute = establishmentMinuteNow(island, now);
  const state = orderingState({ ...island, max_days_scheduling: island.preferences.max_days_scheduling }, minute);
  return { state, opens: state === 'open' || state === 'unavailable' ? null : nextOpeningAtMinute(island, minute) };
}

/** Scheduling is possible only when preferences define a positive horizon (spec section 5 'Schedule'). */
export function schedulingAvailable(island: StoreIsland): boolean {
  return island.preferences.max_days_scheduling > 0;
}
