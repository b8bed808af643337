// The schedule's date list (today .. today + max_days_scheduling) and time list in
// 15-minute steps from src/domain/schedule.ts, in the establishment's time zone,
// with the message of a date that has no time to offer: shared by the checkout's
// schedule section (./ScheduleSection.tsx) and the schedule modal (./ScheduleModal.tsx).
// Where the establishment caps its kitchen per slot, a full time stays in the list, greyed and not
// choosable, with 'Horário lotado' (./useFullSlots.ts); where 'O quanto antes' would land in a full
// slot now, it says so and offers the next free slot in one tap (the send would refuse it anyway).
import { useId, useMemo } from 'react';
import { asapDate, asapFull } from '../../src/domain/slot-capacity.ts';
import { scheduleDates, scheduleTimes } from '../../src/domain/schedule.ts';
import type { ScheduleContext } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import { dateLabel } from './schedule-text.ts';
import { type FullSlotsSource, useFullSlots } from './useFullSlots.ts';
import './i18n.ts';

export interface ScheduleFieldsProps {
  ctx: ScheduleContext;
  /** The chosen day ('YYYY-MM-DD') and time ('HH:mm'), or nulls. */
  date: string | null;
  time: string | null;
  /** 'O quanto antes' is not offered: the date's first option asks for one. */
  required: boolean;
  onChange: (date: string | null, time: string | null) => void;
  /** Where the full slots are read; null or absent when the chosen type has no cap. */
  fullSlots?: FullSlotsSource | null;
}

/**
 * The date list (today .. today + max_days_scheduling) and the time list of the chosen date, with
 * the message of a date that has no time to offer: shared by the checkout's schedule section and
 * the schedule modal.
 */
export function ScheduleFields({ ctx, date, time, required, onChange, fullSlots = null }: ScheduleFieldsProps) {
  const dateId = useId();
  const timeId = useId();
  const dates = useMemo(() => scheduleDates(ctx), [ctx]);
  const today = dates[0] ?? ctx.now.toZonedDateTimeISO(ctx.timeZone).toPlainDate().toString();
  const times = useMemo(() => (date ? scheduleTimes(ctx, date) : null), [ctx, date]);
  const chosenTime = time ?? '';
  // Without a date the order goes as soon as possible: the full slots read are those of its slot's date.
  const asapOn = useMemo(() => (!required && fullSlots ? asapDate(ctx) : null), [required, fullSlots, ctx]);
  const full = useFullSlots(fullSlots, date ?? asapOn);
  const asap = !date && asapOn ? asapFull(ctx, full) : null;
  const nextText = asap?.next ? t('checkout:schedule.nextSlot', { date: dateLabel(asap.next.date, today), time: asap.next.time }) : '';
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1" htmlFor={dateId}>
          <span className="text-sm font-semibold">{t('checkout:schedule.date')}</span>
          <select
            id={dateId}
            className="h-11 rounded-lg border border-solid border-line bg-card px-2 text-ink"
            value={date ?? ''}
            onChange={(e) => onChange(e.target.value || null, null)}
            data-schedule-date
          >
            <option value="">
              {required ? t('checkout:schedule.dateRequired') : asap ? t('checkout:schedule.asapFullOption') : t('checkout:schedule.asap')}
            </option>
            {dates.map((d) => (
              <option key={d} value={d}>
                {dateLabel(d, today)}
              </option>
            ))}
          </select>
        </label>
        {date && times?.ok && (
          <label className="flex flex-col gap-1" htmlFor={timeId}>
            <span className="text-sm font-semibold">{t('checkout:schedule.time')}</span>
            <select
              id={timeId}
              className="h-11 rounded-lg border border-solid border-line bg-card px-2 text-ink"
              value={chosenTime}
              onChange={(e) => onChange(date, e.target.value || null)}
              data-schedule-time
            >
              <option value="">{t('checkout:schedule.chooseTime')}</option>
              {/* A chosen time no longer in the list (it became too early) stays visible until replaced. */}
              {chosenTime && !times.times.includes(chosenTime) && <option value={chosenTime}>{chosenTime}</option>}
              {times.times.map((option) =>
                full.has(option) ? (
                  <option key={option} value={option} disabled data-slot-full>
                    {t('checkout:schedule.fullOption', { time: option })}
                  </option>
                ) : (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ),
              )}
            </select>
          </label>
        )}
      </div>
      {asap && (
        <div
          className="flex flex-col items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="status"
          data-schedule-message="asap-full"
        >
          <p className="m-0">{asap.next ? t('checkout:schedule.asapFull', { time: asap.time, next: nextText }) : t('checkout:schedule.asapFullNone')}</p>
          {asap.next && (
            <button
              type="button"
              className="min-h-11 rounded-lg border border-solid border-amber-900 bg-card px-3 font-semibold text-amber-900"
              onClick={() => asap.next && onChange(asap.next.date, asap.next.time)}
              data-schedule-asap-next
            >
              {t('checkout:schedule.asapFullTake', { next: nextText })}
            </button>
          )}
        </div>
      )}
      {date && chosenTime && full.has(chosenTime) && (
        <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-schedule-message="full">
          {t('checkout:schedule.fullChosen')}
        </p>
      )}
      {date && times && !times.ok && (
        <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-schedule-message={times.reason}>
          {times.reason === 'no_hours' ? t('checkout:schedule.noHours') : t('checkout:schedule.noTimeLeft')}
        </p>
      )}
    </>
  );
}
