// The checkout's side of the kitchen's capacity (docs/api.md 'Kitchen capacity'): where the schedule
// reads the full slots (only when the chosen type is capped), and the offer of the next free slot
// after a send refused for a full one (./SlotFullDialog.tsx): taken, it becomes the order's
// schedule, checked as a choice in the schedule section is, and the customer sends again.
import { useMemo, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';
import { checkSchedule, type ScheduleContext } from '../../src/domain/schedule.ts';
import { slotCapacityOf, type SlotCapacity } from '../../src/domain/slot-capacity.ts';
import { t } from '../../src/i18n/index.ts';
import type { CartStore } from '../stores/cart.ts';
import { brDate, scheduleProblemKey } from './schedule-text.ts';
import type { SlotFullOffer } from './slot-full.ts';
import type { FullSlotsSource } from './useFullSlots.ts';
import './i18n.ts';

export interface SlotFullState {
  /** Where the schedule reads the full slots (the chosen type is capped), or null. */
  fullSlots: FullSlotsSource | null;
  /** The offer after a send refused for a full slot, or null. */
  slotFull: SlotFullOffer | null;
  /** A send was refused for a full slot: the full slots are read again and the offer shown. */
  refused(offer: SlotFullOffer): void;
  /** Schedules the order at the offered slot (the customer sends again). */
  takeSlotOffer(): void;
  /** Back to the schedule section to choose another time. */
  dismissSlotOffer(): void;
}

export function useSlotFull(args: {
  establishmentId: string;
  capacity: SlotCapacity | undefined;
  type: DeliveryType | null;
  schedule: ScheduleContext;
  store: CartStore;
  focusSchedule: () => void;
}): SlotFullState {
  const { establishmentId, capacity, type, schedule, store, focusSchedule } = args;
  const [slotFull, setSlotFull] = useState<SlotFullOffer | null>(null);
  const [version, setVersion] = useState(0);
  const capped = type !== null && slotCapacityOf(capacity, type) !== null ? type : null;
  const fullSlots = useMemo(() => (capped ? { establishmentId, type: capped, version } : null), [capped, establishmentId, version]);

  return {
    fullSlots,
    slotFull,
    refused: (offer) => {
      setVersion((v) => v + 1);
      setSlotFull(offer);
    },
    takeSlotOffer: () => {
      const next = slotFull?.next;
      setSlotFull(null);
      focusSchedule();
      if (!next) return;
      const check = checkSchedule(schedule, next.date, next.time);
      if (!check.ok) {
        toast(t(scheduleProblemKey(check)), { kind: 'error' });
        return;
      }
      store.setSchedule(next.date, check.scheduledAt);
      toast(t('checkout:slotFull.taken', { date: brDate(next.date), time: next.time }), { kind: 'info' });
    },
    dismissSlotOffer: () => {
      setSlotFull(null);
      focusSchedule();
    },
  };
}
