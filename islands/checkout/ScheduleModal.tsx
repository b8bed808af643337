// The schedule modal: when the order holds products with availability windows or a
// minimum schedule time, the checkout asks when to receive it as soon as the customer picks how
// (useCheckout.ts), naming each such product and why ('Disponível: sáb 11:00-15:00', 'Encomende
// com 24 horas de antecedência'). The date and time lists are the schedule section's
// (./ScheduleFields.tsx): they offer only times inside the office hours and every
// product's windows, after the preparation and the largest minimum time. 'O quanto antes'
// is offered only when nothing forces a schedule. 'Confirmar' stores the choice in the
// draft; 'Agora não' leaves the choice to the schedule section, where the submit checks hold it.
import { useId, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { availabilityText } from '../../src/components/catalogue/format.ts';
import { checkSchedule, type ScheduleContext } from '../../src/domain/schedule.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { ScheduleModalProduct } from './schedule-modal.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { scheduleProblemKey } from './schedule-text.ts';
import type { FullSlotsSource } from './useFullSlots.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

export interface ScheduleModalProps {
  ctx: ScheduleContext;
  store: CartStore;
  products: readonly ScheduleModalProduct[];
  /** Closed now or a product must be scheduled: no 'O quanto antes'. */
  required: boolean;
  onClose: () => void;
  /** Where the full slots are read (the chosen type is capped), or null. */
  fullSlots: FullSlotsSource | null;
}

/** Why a product needs a schedule, in the customer's words. */
function reasons(product: ScheduleModalProduct): string[] {
  const out: string[] = [];
  const windows = availabilityText(product.availabilities ?? []);
  if (windows) out.push(windows);
  if ((product.min_schedule_time ?? 0) > 0) out.push(t('checkout:scheduleModal.minTime', { count: product.min_schedule_time }));
  return out;
}

export function ScheduleModal({ ctx, store, products, required, onClose, fullSlots }: ScheduleModalProps) {
  const titleId = useId();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const asap = date === null && !required;
  const ready = asap || (date !== null && time !== null);

  const confirm = () => {
    if (asap) {
      onClose();
      return;
    }
    const check = checkSchedule(ctx, date, time);
    if (!check.ok) {
      toast(t(scheduleProblemKey(check)), { kind: 'error' });
      return;
    }
    store.setSchedule(date, check.scheduledAt);
    onClose();
  };

  const footer = (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button variant="secondary" size="dialog" onClick={onClose} data-schedule-modal-later>
        {t('checkout:scheduleModal.later')}
      </Button>
      <Button disabled={!ready} onClick={confirm} data-schedule-modal-confirm>
        {asap ? t('checkout:scheduleModal.confirmAsap') : t('checkout:scheduleModal.confirm')}
      </Button>
    </div>
  );

  return (
    <Dialog titleId={titleId} title={t('checkout:scheduleModal.title')} onClose={onClose} hook={{ 'data-schedule-modal': '' }} footer={footer}>
      <div className="flex flex-col gap-3 p-4">
        <p className="m-0 text-sm">{required ? t('checkout:scheduleModal.introRequired') : t('checkout:scheduleModal.intro')}</p>
        <ul className="m-0 flex list-none flex-col gap-2 p-0" data-schedule-modal-products>
          {products.map((p) => (
            <li key={p._id} className="rounded-lg bg-surface px-3 py-2" data-schedule-modal-product={p._id}>
              <span className="block text-sm font-semibold">{p.name}</span>
              {reasons(p).map((reason) => (
                <span key={reason} className="block text-sm text-muted">
                  {reason}
                </span>
              ))}
            </li>
          ))}
        </ul>
        <ScheduleFields
          ctx={ctx}
          date={date}
          time={time}
          required={required}
          fullSlots={fullSlots}
          onChange={(nextDate, nextTime) => {
            setDate(nextDate);
            setTime(nextTime);
          }}
        />
      </div>
    </Dialog>
  );
}
