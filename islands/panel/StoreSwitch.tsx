// The store in one tap: follow the office hours, open or close now, or stop taking orders with a
// notice (PUT .../opening). The pages are rendered again and open pages told 'updated' by the server.
// Below it, the kitchen's capacity per slot (./SlotCapacityForm.tsx) and the establishment's own
// analytics ids (./AnalyticsForm.tsx).
import { type SubmitEvent, useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import type { OpenMode } from '../../src/schemas/api-opening.ts';
import type { SlotCapacityView } from '../../src/schemas/api-slot-capacity.ts';
import type { DeliveryType } from '../../src/domain/cart.ts';
import { slotCapacities } from '../../src/domain/slot-capacity.ts';
import { SlotCapacityForm } from './SlotCapacityForm.tsx';
import { AnalyticsForm, type AnalyticsIds } from './AnalyticsForm.tsx';
import { Button } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import './i18n.ts';

export interface StoreState {
  is_open: OpenMode;
  unavailable: boolean;
  unavailable_title: string | null;
  unavailable_desc: string | null;
}

const MODES: OpenMode[] = ['auto', 'open', 'closed'];

export function StoreSwitch({ establishmentId, initial }: { establishmentId: string; initial: StoreState }) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await call('PUT /establishments/:id/opening', {
        staff: true,
        params: { id: establishmentId },
        body: {
          is_open: state.is_open,
          unavailable: state.unavailable,
          unavailable_title: state.unavailable_title ?? '',
          unavailable_desc: state.unavailable_desc ?? '',
        },
        establishmentId,
      });
      setState(answer);
      toast(t('board:store.saved', { count: answer.pages }), { kind: 'success' });
    } catch (err) {
      reportFailure(err, { call: 'PUT /establishments/:id/opening', role: 'action', fallback: { key: 'board:store.failed' } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex max-w-xl flex-col gap-4 text-ink" onSubmit={(e) => void save(e)} data-board-store>
      <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
        <legend className="mb-2 text-base font-bold">{t('board:store.mode')}</legend>
        {MODES.map((mode) => (
          <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="is_open"
              className="h-5 w-5"
              checked={state.is_open === mode}
              onChange={() => setState({ ...state, is_open: mode })}
              data-board-store-mode={mode}
            />
            {t(`board:store.${mode}`)}
          </label>
        ))}
      </fieldset>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={state.unavailable}
          onChange={(e) => setState({ ...state, unavailable: e.currentTarget.checked })}
          data-board-store-unavailable
        />
        {t('board:store.unavailable')}
      </label>
      {state.unavailable && (
        <>
          <p className="m-0 text-sm text-muted">{t('board:store.unavailableHint')}</p>
          <Field
            id="aviso-titulo"
            label={t('board:store.unavailableTitle')}
            maxLength={120}
            value={state.unavailable_title ?? ''}
            onInput={(e) => setState({ ...state, unavailable_title: (e.target as HTMLInputElement).value })}
          />
          <Field
            id="aviso-texto"
            label={t('board:store.unavailableDesc')}
            maxLength={1000}
            value={state.unavailable_desc ?? ''}
            onInput={(e) => setState({ ...state, unavailable_desc: (e.target as HTMLInputElement).value })}
          />
        </>
      )}
      <Button type="submit" loading={busy} className="self-start" data-board-store-save>
        {t('board:store.save')}
      </Button>
    </form>
  );
}

/**
 * The store's tab: its state read from the establishment's public answer, then the switch, the
 * kitchen's capacity and the analytics ids (changed by whoever may edit the settings, read by the others).
 */
export function StoreTab({ establishmentId, canEditSettings }: { establishmentId: string; canEditSettings: boolean }) {
  const [initial, setInitial] = useState<{ state: StoreState; types: DeliveryType[]; capacity: SlotCapacityView; analytics: AnalyticsIds } | null>(null);
  useEffect(() => {
    call('GET /establishments/:id', { params: { id: establishmentId }, establishmentId })
      .then((est) =>
        setInitial({
          state: {
            is_open: est.open_mode,
            unavailable: est.preferences.unavailable,
            unavailable_title: est.preferences.unavailable_title ?? null,
            unavailable_desc: est.preferences.unavailable_desc ?? null,
          },
          types: est.preferences.delivery_type,
          capacity: slotCapacities(est.preferences.slot_capacity),
          analytics: { ga4_measurement_id: est.preferences.ga4_measurement_id ?? null, meta_pixel_id: est.preferences.meta_pixel_id ?? null },
        }),
      )
      .catch((err: unknown) => reportFailure(err, { call: 'GET /establishments/:id (panel)', role: 'action' }));
  }, [establishmentId]);
  if (!initial) return <p className="m-0 text-muted">{t('board:board.loading')}</p>;
  return (
    <div className="flex flex-col gap-8">
      <StoreSwitch establishmentId={establishmentId} initial={initial.state} />
      <SlotCapacityForm establishmentId={establishmentId} types={initial.types} initial={initial.capacity} canEdit={canEditSettings} />
      <AnalyticsForm establishmentId={establishmentId} initial={initial.analytics} canEdit={canEditSettings} />
    </div>
  );
}
