// The kitchen's load in the order screen: each 15-minute slot of the day holding orders, by delivery
// type, against its cap ('19:00 Entrega 3/5'; a full one marked 'lotado'), from the board's read
// (GET .../order-board `slots`, src/domain/slot-capacity.ts slotLoads). Nothing when the day has
// no order in a slot.
import { t } from '../../src/i18n/index.ts';
import type { SlotLoadView } from '../../src/schemas/api-slot-capacity.ts';
import './i18n.ts';

export function SlotLoadStrip({ slots }: { slots: readonly SlotLoadView[] }) {
  if (slots.length === 0) return null;
  return (
    <section aria-labelledby="carga-por-horario" className="flex flex-col gap-2 text-ink" data-board-slots>
      <h2 id="carga-por-horario" className="m-0 text-base font-bold">
        {t('board:slots.title')}
      </h2>
      <ul className="m-0 flex list-none gap-2 overflow-x-auto p-0 pb-1">
        {slots.map((slot) => {
          const type = t(`board:card.${slot.delivery_type}`);
          const label =
            slot.capacity === null
              ? t('board:slots.labelNoCap', { time: slot.time, type, orders: slot.orders })
              : t('board:slots.label', { time: slot.time, type, orders: slot.orders, capacity: slot.capacity });
          return (
            <li
              key={`${slot.at}-${slot.delivery_type}`}
              aria-label={slot.full ? `${label}, ${t('board:slots.full')}` : label}
              className={`flex flex-none flex-col rounded-lg border border-solid px-3 py-1 text-sm ${slot.full ? 'border-red-600 bg-red-50 text-red-900' : 'border-line bg-card'}`}
              data-board-slot={slot.time}
              data-board-slot-type={slot.delivery_type}
              data-board-slot-full={slot.full ? '' : undefined}
            >
              <span className="font-bold tabular-nums">{slot.time}</span>
              <span className="text-xs">{type}</span>
              <span className="font-semibold tabular-nums" data-board-slot-load>
                {slot.capacity === null ? slot.orders : `${slot.orders}/${slot.capacity}`}
                {slot.full && ` · ${t('board:slots.full')}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
