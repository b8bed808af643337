// The profile's birthday: a real calendar date from 1900-01-01 up to today, where 'today'
// is the establishment's calendar date (its time zone), never the browser's or the server's. The
// profile form and PUT /users/me both judge it here, so a date the form takes the API takes too.
import { Temporal, zonedAt } from './time.ts';

/** The earliest birthday taken. Example: `BIRTHDAY_MIN === '1900-01-01'` */
export const BIRTHDAY_MIN = '1900-01-01';

/** Why a birthday is refused: not YYYY-MM-DD, not a calendar date (31/02), after today, before 1900. */
export type BirthdayProblem = 'format' | 'not_a_date' | 'future' | 'before_min';

export type BirthdayCheck = { ok: true; value: string } | { ok: false; reason: BirthdayProblem };

/**
 * Checks a birthday written YYYY-MM-DD against the calendar of `timeZone` at `now`.
 * Example: at 2025-03-10T01:30Z (22:30 on 9 March in São Paulo) `checkBirthday('2025-03-10', now, 'America/Sao_Paulo')` is `{ ok: false, reason: 'future' }`
 */
export function checkBirthday(text: string, now: Temporal.Instant, timeZone: string): BirthdayCheck {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { ok: false, reason: 'format' };
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(text, { overflow: 'reject' });
  } catch {
    return { ok: false, reason: 'not_a_date' };
  }
  if (Temporal.PlainDate.compare(date, zonedAt(now, timeZone).toPlainDate()) > 0) return { ok: false, reason: 'future' };
  if (Temporal.PlainDate.compare(date, Temporal.PlainDate.from(BIRTHDAY_MIN)) < 0) return { ok: false, reason: 'before_min' };
  return { ok: true, value: date.toString() };
}
