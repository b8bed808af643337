// Whether an establishment is open at an instant: a pure function over the establishment view, so
// the API, the pages and the tests agree on one answer. Where it delivers is src/domain/delivery-fee.ts.
import { isOpenAt, type OfficeHour } from '../../domain/office-hours.ts';
import { DEFAULT_TIME_ZONE, Temporal } from '../../domain/time.ts';

export interface OpenModeInput {
  /** 'open'/'closed' is the establishment's manual override; 'auto' follows office_hours. */
  open_mode: 'auto' | 'open' | 'closed';
  office_hours: readonly OfficeHour[];
  time_zone?: string | null;
}

/**
 * Open at `at`: 'open' -> true, 'closed' -> false, 'auto' -> the office hours in the establishment's zone.
 * Example: `isEstablishmentOpen({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }], time_zone: 'America/Sao_Paulo' }, new Date('2025-01-04T04:30:00Z')) === true`
 */
export function isEstablishmentOpen(est: OpenModeInput, at: Date | Temporal.Instant): boolean {
  if (est.open_mode === 'open') return true;
  if (est.open_mode === 'closed') return false;
  const instant = at instanceof Date ? Temporal.Instant.fromEpochMilliseconds(at.getTime()) : at;
  return isOpenAt(est.office_hours, instant, est.time_zone || DEFAULT_TIME_ZONE);
}
