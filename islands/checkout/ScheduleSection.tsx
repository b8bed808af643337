// The schedule picker [R-2.71, spec screen 12]: a date list (today .. today + max_days_scheduling
// ) and a time list in 15-minute steps from src/domain/schedule.ts [R-5.63,
// ], in the establishment's time zone. 'O quanto antes' is offered only while the
// establishment is open and no product must be scheduled; a closed establishment forces a
// schedule. Messages: no hours / no time left, the minimum scheduling
// time, a past time, a missing date, an invalid choice; a time
// that became too early for another delivery type asks whether to take the suggested time
// (one that the clock has overtaken is caught by the submit checks). The date and time fields are
// shared with the schedule modal (./ScheduleFields.tsx); the moves are ./useSchedule.ts.
import { useId } from 'react';
import type { ScheduleContext } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { brDate } from './schedule-text.ts';
import { useSchedule } from './useSchedule.ts';
import type { FullSlotsSource } from './useFullSlots.ts';
import './i18n.ts';

export interface ScheduleSectionProps {
  ctx: ScheduleContext;
  draft: Draft;
  store: CartStore;
  /** Closed now or a product must be scheduled: 'O quanto antes' is not offered. */
  required: boolean;
  /** A cart product that takes no scheduled order (named in a note). */
  refusing: string | null;
  sectionRef: React.RefObject<HTMLElement | null>;
  /** Where the full slots are read (the chosen type is capped), or null. */
  fullSlots: FullSlotsSource | null;
}

export function ScheduleSection({ ctx, draft, store, required, refusing, sectionRef, fullSlots }: ScheduleSectionProps) {
  const headingId = useId();
  const { date, chosenTime, choose, tooEarly, declineSuggestion, takeSuggestion } = useSchedule(ctx, draft, store);
  const minHours = ctx.productMinScheduleHours;

  return (
    <section ref={sectionRef} tabIndex={-1} aria-labelledby={headingId} className="flex flex-col gap-3 outline-none" data-section="schedule">
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:schedule.title')}
      </h3>
      <p className="m-0 text-sm text-muted">{required ? t('checkout:schedule.required') : t('checkout:schedule.optional')}</p>
      {refusing && (
        <p className="m-0 text-sm text-amber-900" data-schedule-refused>
          {t('checkout:schedule.refused', { name: refusing })}
        </p>
      )}
      {minHours > 0 && (
        <p className="m-0 text-sm" data-schedule-min-time>
          {t('checkout:schedule.minTime', { count: minHours })}
        </p>
      )}
      <ScheduleFields ctx={ctx} date={date} time={chosenTime || null} required={required} onChange={choose} fullSlots={fullSlots} />
      {draft.scheduled_at && date && (
        <p className="m-0 text-sm font-semibold" data-schedule-chosen>
          {t('checkout:schedule.scheduledFor', { date: brDate(date), time: chosenTime })}
        </p>
      )}
      {tooEarly && (
        <ConfirmDialog
          message={tooEarly.suggested ? t('checkout:schedule.tooEarly', { time: tooEarly.suggested }) : t('checkout:schedule.tooEarlyNoSuggestion')}
          cancelLabel={t('checkout:schedule.cancel')}
          confirmLabel={tooEarly.suggested ? t('checkout:schedule.useSuggested', { time: tooEarly.suggested }) : t('checkout:schedule.ok')}
          onCancel={declineSuggestion}
          onConfirm={takeSuggestion}
        />
      )}
    </section>
  );
}
