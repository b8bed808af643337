// An establishment's next opening or closing as a customer reads it ('Abre hoje às 18:00',
// 'Aberto até 23:30', 'Aberto 24 horas'), from the domain's wall-clock times (src/domain/open-now.ts)
// and the layout namespace's 'hours' texts. It takes the texts as an argument, so the page scripts
// (texts picked at build time, src/page-scripts/texts.ts) and the islands (src/i18n/messages.ts) share it
// without the page scripts loading every namespace.
import type { WallClockTime } from '../domain/week-clock.ts';
import { interpolate } from './interpolate.ts';
import type layout from './locales/pt-BR/layout.json';

export type HoursTexts = typeof layout.hours;

/**
 * 'Abre hoje às 18:00', 'Abre amanhã às 07:00' or 'Abre segunda às 07:00'.
 * Example: `opensText({ days: 2, wday: 2, time: '07:00' }, layout.hours) === 'Abre segunda às 07:00'`
 */
export function opensText(opening: WallClockTime, texts: HoursTexts): string {
  if (opening.days === 0) return interpolate(texts.opensToday, { time: opening.time });
  if (opening.days === 1) return interpolate(texts.opensTomorrow, { time: opening.time });
  return interpolate(texts.opensOn, { weekday: texts.weekdays[String(opening.wday) as keyof HoursTexts['weekdays']], time: opening.time });
}

/**
 * 'Aberto até 23:30', or 'Aberto 24 horas' when the opening never ends (null).
 * Example: `closesText({ days: 0, wday: 4, time: '23:30' }, layout.hours) === 'Aberto até 23:30'`
 */
export function closesText(closing: WallClockTime | null, texts: HoursTexts): string {
  return closing === null ? texts.allDay : interpolate(texts.closesAt, { time: closing.time });
}
