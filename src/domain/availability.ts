// Product availability windows use the office-hours record shape {wday, start_at, stop_at},
// so the same overnight and time-zone rules apply; no windows means always available. The rule
// itself reads a wall-clock minute of the week (isProductAvailableAtMinute), so the browser's
// cart, which reads that minute from the zone offsets the page publishes, applies it without
// loading Temporal; the server reads the minute from an instant (isProductAvailableAt).
import { nextOpening } from './office-hours.ts';
import type { OfficeHour } from './office-hours.ts';
import { minuteOfWeek, zonedAt, type Temporal } from './time.ts';
import { isOpenAtMinuteOfWeek } from './week-clock.ts';

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
  return isProductAvailableAtMinute(product, minuteOfWeek(zonedAt(instant, timeZone)));
}

/**
 * Whether a product can be ordered at a wall-clock minute of the establishment's week (0 = Sunday
 * 00:00; src/domain/week-clock.ts); an empty list is always available.
 * Example: `isProductAvailableAtMinute({ availabilities: [{ wday: 2, start_at: 1100, stop_at: 1500 }] }, 1440 + 720) === true`
 */
export function isProductAvailableAtMinute(product: ProductAvailabilityLike, minute: number): boolean {
  const windows = product.availabilities ?? [];
  return windows.length === 0 || isOpenAtMinuteOfWeek(windows, minute);
}

/**
 * When an unavailable product next becomes available; null when it is available now or never will be.
 * Example: `nextProductAvailability({ availabilities: [{ wday: 2, start_at: 1100, stop_at: 1500 }] }, mondayAt0900, tz)?.hour === 11`
 */
export function nextProductAvailability(product: ProductAvailabilityLike, instant: Temporal.Instant, timeZone: string): Temporal.ZonedDateTime | null {
  const windows = product.availabilities ?? [];
  if (windows.length === 0 || isProductAvailableAt(product, instant, timeZone)) return null;
  return nextOpening(windows, instant, timeZone);
}

/** A product needs the schedule modal when it has availability windows or a minimum schedule time. Example: `needsScheduleModal({ availabilities: [], min_schedule_time: 2 }) === true` */
export function needsScheduleModal(product: ProductAvailabilityLike): boolean {
  return (product.availabilities?.length ?? 0) > 0 || (product.min_schedule_time ?? 0) > 0;
}
