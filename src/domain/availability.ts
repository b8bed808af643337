// Product availability windows use the office-hours record shape {wday, start_at, stop_at},
// so the same overnight and time-zone rules apply; no windows means always available.
import { isOpenAt, nextOpening } from './office-hours.ts';
import type { OfficeHour } from './office-hours.ts';
import type { Temporal } from './time.ts';

export type Availability = OfficeHour;
export type ProductAvailabilityLike = {
  availabilities?: readonly Availability[] | null;
  min_schedule_time?: number | null;
};

/**
 * Whether a product can be ordered at an instant, in the establishment's time zone; an empty list is always available.
 * Example: `isProductAvailableAt({ availabilities: [] }, instant, 'America/Sao_Paulo') === true`
 */
export function isProductAvailableAt(product: ProductAvailabilityLike, instant: Temporal.Instant, timeZone: string): boolean {
  const windows = product.availabilities ?? [];
  if (windows.length === 0) return true;
  return isOpenAt(windows, instant, timeZone);
}

/**
 * When an unavailable product next becomes available; null when it is available now or never will be.
 * Example: `nextProductAvailability({ availabilities: [{ wday: 2, start_at: 1100, stop_at: 1500 }] }, mondayAt0900, tz)?.hour === 11`
 */
export function nextProductAvailability(product: ProductAvailabilityLike, instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const windows = product.availabilities ?? [];
  if (windows.length === 0 || isOpenAt(windows, instant, timeZone)) return null;
  return nextOpening(windows, instant, timeZone);
}

/** A product needs the schedule modal when it has availability windows or a minimum schedule time. Example: `needsScheduleModal({ availabilities: [], min_schedule_time: 2 }) === true` */
export function needsScheduleModal(product: ProductAvailabilityLike): boolean {
  return (product.availabilities?.length ?? 0) > 0 || (product.min_schedule_time ?? 0) > 0;
}
