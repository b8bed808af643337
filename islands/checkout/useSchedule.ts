// The schedule section's moves (./ScheduleSection.tsx draws them): choosing a date and a time
// checked by src/domain/schedule.ts (a refused choice is a toast ), and the
// question asked when a chosen time is or becomes too early for the delivery type, with the
// suggested time.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { checkSchedule, zonedDateTimeParts } from '../../src/domain/schedule.ts';
import type { ScheduleContext } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { scheduleProblemKey } from './schedule-text.ts';
import './i18n.ts';

export function useSchedule(ctx: ScheduleContext, draft: Draft, store: CartStore) {
  const [tooEarly, setTooEarly] = useState<{ date: string; suggested: string | null } | null>(null);
  const date = draft.scheduling_date;
  const chosenTime = draft.scheduled_at ? zonedDateTimeParts(draft.scheduled_at, ctx.timeZone).time : '';

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

  return {
    date,
    chosenTime,
    choose,
    tooEarly,
    /** Declining leaves no time chosen: a too-early time cannot be sent. */
    declineSuggestion: () => {
      if (!tooEarly) return;
      store.setSchedule(tooEarly.date, null);
      setTooEarly(null);
    },
    takeSuggestion: () => {
      const pick = tooEarly;
      if (!pick) return;
      setTooEarly(null);
      if (pick.suggested) choose(pick.date, pick.suggested);
      else store.setSchedule(pick.date, null);
    },
  };
}
