// The offer after a send refused because its slot is full (./slot-full.ts): the next free slot,
// taken in one tap (the schedule then holds it and the customer sends again), or another time
// chosen in the schedule section. Without a free slot, only the way back to the schedule.
import { t } from '../../src/i18n/index.ts';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { brDate } from './schedule-text.ts';
import { slotFullMessage, type SlotFullOffer } from './slot-full.ts';
import './i18n.ts';

export function SlotFullDialog({ offer, onTake, onOther }: { offer: SlotFullOffer; onTake: () => void; onOther: () => void }) {
  const next = offer.next;
  return (
    <ConfirmDialog
      message={slotFullMessage(offer)}
      cancelLabel={t('checkout:slotFull.other')}
      confirmLabel={next ? t('checkout:slotFull.take', { date: brDate(next.date), time: next.time }) : t('checkout:schedule.ok')}
      onCancel={onOther}
      onConfirm={next ? onTake : onOther}
    />
  );
}
