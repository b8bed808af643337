// Whether an establishment is open at an instant, for the API's is_open: the domain's one rule
// (src/domain/open-now.ts, manual override first) at the instant in the establishment's zone, so
// the API, the pages and the order service agree on one answer. Where it delivers is
// src/domain/delivery-fee.ts.
import { isEstablishmentOpenAt } from '../../domain/office-hours.ts';
import type { OpeningRules } from '../../domain/open-now.ts';
import { establishmentTimeZone, Temporal } from '../../domain/time.ts';

export interface OpenModeInput extends OpeningRules {
  time_zone?: string | null;
}

/**
 * Open at `at`: 'open' -> true, 'closed' -> false, 'auto' -> the office hours in the establishment's zone.
 * Example: `isEstablishmentOpen({ open_mode: 'auto', office_hours: [{ wday: 6, start_at: 1800, stop_at: 200 }], time_zone: 'America/Sao_Paulo' }, new Date('2025-01-04T04:30:00Z')) === true`
 */
export function isEstablishmentOpen(est: OpenModeInput, at: Date | Temporal.Instant): boolean {
  const instant = at instanceof Date ? Temporal.Instant.fromEpochMilliseconds(at.getTime()) : at;
  return isEstablishmentOpenAt(est, instant, establishmentTimeZone(est.time_zone));
}
