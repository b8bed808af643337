// A send refused because its kitchen slot is full (409 slot_full, docs/api.md 'Kitchen capacity'),
// apart from React so the unit tests reach it: what was refused (the chosen date and time, or the
// earliest time of an order as soon as possible), the next free slot the server offered, and the
// words of the dialog that offers it.
import type { ErrorParams } from '../../src/schemas/api-errors.ts';
import { zonedDateTimeParts } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import { brDate } from './schedule-text.ts';
import './i18n.ts';

export interface SlotFullOffer {
  /** The date and time the customer chose, or null for an order as soon as possible. */
  refused: { date: string; time: string } | null;
  /** The next slot that takes the order, or null when none is left in the days the schedule offers. */
  next: { date: string; time: string } | null;
}

/**
 * The offer of a slot_full refusal: its params next_date and next_time, and the draft's scheduled
 * time read on the establishment's clock.
 * Example: `slotFullOffer({ next_date: '2025-01-03', next_time: '19:15' }, '2025-01-03T22:00:00Z', 'America/Sao_Paulo')` refuses 19:00 and offers 19:15
 */
export function slotFullOffer(params: ErrorParams | undefined, scheduledAt: string | null, timeZone: string): SlotFullOffer {
  const date = params?.next_date;
  const time = params?.next_time;
  return {
    refused: scheduledAt ? zonedDateTimeParts(scheduledAt, timeZone) : null,
    next: typeof date === 'string' && typeof time === 'string' ? { date, time } : null,
  };
}

/** The dialog's message: what is full, then the next free slot or that none is left. */
export function slotFullMessage(offer: SlotFullOffer): string {
  const what = offer.refused ? t('checkout:slotFull.scheduled', { date: brDate(offer.refused.date), time: offer.refused.time }) : t('checkout:slotFull.asap');
  const next = offer.next ? t('checkout:slotFull.offer', { date: brDate(offer.next.date), time: offer.next.time }) : t('checkout:slotFull.none');
  return `${t('checkout:slotFull.title')}. ${what} ${next}`;
}
