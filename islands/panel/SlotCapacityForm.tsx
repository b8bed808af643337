// The kitchen's capacity in the store's tab (docs/api.md 'Kitchen capacity'): how many orders of each
// delivery type the kitchen takes in a 15-minute slot, blank for no cap. The owner changes it (PUT
// .../slot-capacity, the settings permission); the staff read it, and the order screen reads its
// slots' loads again. A full slot is greyed in the checkout's schedule and refused by the send, with
// the next free one.
import { type SubmitEvent, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';
import { SLOT_CAPACITY_MAX, readSlotCapacity } from '../../src/domain/slot-capacity.ts';
import { t } from '../../src/i18n/index.ts';
import type { SlotCapacityView } from '../../src/schemas/api-slot-capacity.ts';
import { Button } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { SLOT_CAPACITY_CHANGED } from './useOrderBoard.ts';
import './i18n.ts';

const asText = (cap: number | null) => (cap === null ? '' : String(cap));

export function SlotCapacityForm({
  establishmentId,
  types,
  initial,
  canEdit,
}: {
  establishmentId: string;
  /** The delivery types the establishment offers, in its order. */
  types: readonly DeliveryType[];
  initial: SlotCapacityView;
  canEdit: boolean;
}) {
  const [saved, setSaved] = useState(initial);
  const [texts, setTexts] = useState(() => Object.fromEntries(types.map((type) => [type, asText(initial[type])])) as Record<DeliveryType, string>);
  const [errors, setErrors] = useState<Partial<Record<DeliveryType, string>>>({});
  const [busy, setBusy] = useState(false);

  if (!canEdit) {
    return (
      <section className="flex max-w-xl flex-col gap-1 text-ink" data-board-capacity="read">
        <h2 className="m-0 text-base font-bold">{t('board:capacity.title')}</h2>
        {types.map((type) => (
          <p key={type} className="m-0 text-sm" data-board-capacity-line={type}>
            {saved[type] === null
              ? t('board:capacity.lineNone', { type: t(`board:card.${type}`) })
              : t('board:capacity.line', { type: t(`board:card.${type}`), count: saved[type] })}
          </p>
        ))}
        <p className="m-0 text-xs text-muted">{t('board:capacity.ownerOnly')}</p>
      </section>
    );
  }

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Partial<Record<DeliveryType, number | null>> = {};
    const problems: Partial<Record<DeliveryType, string>> = {};
    for (const type of types) {
      const value = readSlotCapacity(texts[type] ?? '');
      if (value === 'invalid') problems[type] = t('board:capacity.invalid', { max: SLOT_CAPACITY_MAX });
      else body[type] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await call('PUT /establishments/:id/slot-capacity', { staff: true, params: { id: establishmentId }, body, establishmentId });
      setSaved(answer.slot_capacity);
      setTexts(Object.fromEntries(types.map((type) => [type, asText(answer.slot_capacity[type])])) as Record<DeliveryType, string>);
      toast(t('board:capacity.saved', { count: answer.pages }), { kind: 'success' });
      dispatchEvent(new Event(SLOT_CAPACITY_CHANGED));
    } catch (err) {
      reportFailure(err, { call: 'PUT /establishments/:id/slot-capacity', role: 'action', fallback: { key: 'board:capacity.failed' } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex max-w-xl flex-col gap-4 text-ink" onSubmit={(e) => void save(e)} noValidate data-board-capacity="edit">
      <div className="flex flex-col gap-1">
        <h2 className="m-0 text-base font-bold">{t('board:capacity.title')}</h2>
        <p className="m-0 text-sm text-muted">{t('board:capacity.hint')}</p>
      </div>
      {types.map((type) => (
        <Field
          key={type}
          id={`capacidade-${type}`}
          name={type}
          label={t(`board:card.${type}`)}
          inputMode="numeric"
          placeholder={t('board:capacity.placeholder')}
          value={texts[type] ?? ''}
          error={errors[type]}
          onChange={(e) => setTexts({ ...texts, [type]: e.currentTarget.value })}
          hooks={{ field: 'data-board-capacity-field', error: 'data-board-capacity-error' }}
        />
      ))}
      <Button type="submit" loading={busy} className="self-start" data-board-capacity-save>
        {t('board:capacity.save')}
      </Button>
    </form>
  );
}
