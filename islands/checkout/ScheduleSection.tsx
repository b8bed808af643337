// The schedule picker [R-2.71, spec screen 12]: a date list (today .. today + max_days_scheduling
// ) and a time list in 15-minute steps from src/domain/schedule.ts [R-5.63,
// ], in the establishment's time zone. 'O quanto antes' is offered only while the
// establishment is open and no product must be scheduled; a closed establishment forces a
// schedule. Messages: no hours / no time left, the minimum scheduling
// time, a past time, a missing date, an invalid choice; a time
// that became too early for another delivery type asks whether to take the suggested time
// (one that the clock has overtaken is caught by the submit checks). The date and time fields are
// shared with the schedule modal (./ScheduleModal.tsx).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { checkSchedule, scheduleDates, scheduleTimes, zonedDateTimeParts } from '../../src/domain/schedule.ts';
import type { ScheduleCheck, ScheduleContext } from '../../src/domain/schedule.ts';
import { isoDayToWday, Temporal } from '../../src/domain/time.ts';
import { toast } from '../../src/client/toast.ts';
import { t, type MessageKey } from '../../src/i18n/index.ts';
import { weekdayName } from '../../src/i18n/messages.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
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

export interface ScheduleFieldsProps {
  ctx: ScheduleContext;
  /** The chosen day ('YYYY-MM-DD') and time ('HH:mm'), or nulls. */
  date: string | null;
  time: string | null;
  /** 'O quanto antes' is not offered: the date's first option asks for one. */
  required: boolean;
  onChange: (date: string | null, time: string | null) => void;
}

/**
 * The date list (today .. today + max_days_scheduling) and the time list of the chosen date, with
 * the message of a date that has no time to offer: shared by the checkout's schedule section and
 * the schedule modal.
 */
export function ScheduleFields({ ctx, date, time, required, onChange }: ScheduleFieldsProps) {
  const dateId = useId();
  const timeId = useId();
  const dates = useMemo(() => scheduleDates(ctx), [ctx]);
  const today = dates[0] ?? ctx.now.toZonedDateTimeISO(ctx.timeZone).toPlainDate().toString();
  const times = useMemo(() => (date ? scheduleTimes(ctx, date) : null), [ctx, date]);
  const chosenTime = time ?? '';
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
            <option value="">{required ? t('checkout:schedule.dateRequired') : t('checkout:schedule.asap')}</option>
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
              {times.times.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {date && times && !times.ok && (
        <p className="m-0 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-schedule-message={times.reason}>
          {times.reason === 'no_hours' ? t('checkout:schedule.noHours') : t('checkout:schedule.noTimeLeft')}
        </p>
      )}
    </>
  );
}

export interface ScheduleSectionProps {
  ctx: ScheduleContext;
  draft: Draft;
  store: CartStore;
  /** Closed now or a product must be scheduled: 'O quanto antes' is not offered. */
  required: boolean;
  /** A cart product that takes no scheduled order (named in a note). */
  refusing: string | null;
  sectionRef: React.RefObject<HTMLElement | null>;
}

export function ScheduleSection({ ctx, draft, store, required, refusing, sectionRef }: ScheduleSectionProps) {
  const headingId = useId();
  const [tooEarly, setTooEarly] = useState<{ date: string; suggested: string | null } | null>(null);
  const date = draft.scheduling_date;
  const chosenTime = draft.scheduled_at ? zonedDateTimeParts(draft.scheduled_at, ctx.timeZone).time : '';
  const minHours = ctx.productMinScheduleHours;

  const choose = (nextDate: string | null, time: string | null) => {
    if (nextDate === null) {
      store.setSchedule(null, null);
      return;
    }
    if (time === null) {
      store.setSchedule(nextDate, null);
      return;
    }
    const check = checkSchedule(ctx, nextDate, time);
    if (check.ok) store.setSchedule(nextDate, check.scheduledAt);
    else if (check.reason === 'too_early') setTooEarly({ date: nextDate, suggested: check.suggested ?? null });
    else toast(t(scheduleProblemKey(check)), { kind: 'error' });
  };

  // The preparation time depends on the delivery type: a chosen time that has become too early
  // asks again, with the suggested time.
  const lastChecked = useRef<string>('');
  useEffect(() => {
    if (!draft.scheduled_at || !draft.scheduling_date) return;
    const key = `${draft.scheduled_at}|${ctx.preparationMinutes}|${ctx.productMinScheduleHours}`;
    if (lastChecked.current === key) return;
    lastChecked.current = key;
    const time = zonedDateTimeParts(draft.scheduled_at, ctx.timeZone).time;
    const check = checkSchedule(ctx, draft.scheduling_date, time);
    if (!check.ok && check.reason === 'too_early') setTooEarly({ date: draft.scheduling_date, suggested: check.suggested ?? null });
  }, [ctx, draft.scheduled_at, draft.scheduling_date]);

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
      <ScheduleFields ctx={ctx} date={date} time={chosenTime || null} required={required} onChange={choose} />
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
          onCancel={() => {
            // Declining leaves no time chosen: a too-early time cannot be sent.
            store.setSchedule(tooEarly.date, null);
            setTooEarly(null);
          }}
          onConfirm={() => {
            const pick = tooEarly;
            setTooEarly(null);
            if (pick.suggested) choose(pick.date, pick.suggested);
            else store.setSchedule(pick.date, null);
          }}
        />
      )}
    </section>
  );
}
