// The schedule's words, apart from React: a date's label in the date list, a date as the customer
// reads it and the message of a refused choice.
import type { ScheduleCheck } from '../../src/domain/schedule.ts';
import { isoDayToWday, Temporal } from '../../src/domain/time.ts';
import { t, type MessageKey } from '../../src/i18n/index.ts';
import { weekdayName } from '../../src/i18n/messages.ts';
import './i18n.ts';

/** 'Hoje, 12/05', 'Amanhã, 13/05', 'Quarta-feira, 14/05'. */
export function dateLabel(date: string, today: string): string {
  const d = Temporal.PlainDate.from(date);
  const short = `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}`;
  const diff = Temporal.PlainDate.from(today).until(d, { largestUnit: 'days' }).days;
  if (diff === 0) return t('checkout:schedule.today', { date: short });
  if (diff === 1) return t('checkout:schedule.tomorrow', { date: short });
  return t('checkout:schedule.day', { weekday: weekdayName(isoDayToWday(d.dayOfWeek)), date: short });
}

/** 'DD/MM/YYYY' of a 'YYYY-MM-DD'. */
export function brDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export function scheduleProblemKey(check: Exclude<ScheduleCheck, { ok: true }>): MessageKey {
  switch (check.reason) {
    case 'past':
      return 'checkout:schedule.past';
    case 'date_required':
      return 'checkout:schedule.dateRequired';
    default:
      return 'checkout:schedule.invalid';
  }
}
