// The establishment's own analytics in the store's tab (docs/api.md 'The establishment's
// analytics'): its Google Analytics 4 measurement id and its Meta Pixel id, blank for none. The owner
// changes them (PUT .../analytics, the settings permission); the staff read them. The pages carry
// them once rendered again, and load them only after a customer accepts them in the consent banner.
import { type SubmitEvent, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { type AnalyticsIdField, readAnalyticsId } from '../../src/domain/analytics-ids.ts';
import { t } from '../../src/i18n/index.ts';
import { Button } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import './i18n.ts';

export type AnalyticsIds = Record<AnalyticsIdField, string | null>;

const FIELDS: readonly AnalyticsIdField[] = ['ga4_measurement_id', 'meta_pixel_id'];

export function AnalyticsForm({ establishmentId, initial, canEdit }: { establishmentId: string; initial: AnalyticsIds; canEdit: boolean }) {
  const [texts, setTexts] = useState<Record<AnalyticsIdField, string>>({
    ga4_measurement_id: initial.ga4_measurement_id ?? '',
    meta_pixel_id: initial.meta_pixel_id ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<AnalyticsIdField, string>>>({});
  const [busy, setBusy] = useState(false);

  if (!canEdit) {
    return (
      <section className="flex max-w-xl flex-col gap-1 text-ink" data-board-analytics="read">
        <h2 className="m-0 text-base font-bold">{t('board:analytics.title')}</h2>
        {FIELDS.map((field) => (
          <p key={field} className="m-0 text-sm" data-board-analytics-line={field}>
            {t(`board:analytics.${field}`)}: {initial[field] ?? t('board:analytics.none')}
          </p>
        ))}
        <p className="m-0 text-xs text-muted">{t('board:analytics.ownerOnly')}</p>
      </section>
    );
  }

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Partial<Record<AnalyticsIdField, string | null>> = {};
    const problems: Partial<Record<AnalyticsIdField, string>> = {};
    for (const field of FIELDS) {
      const value = readAnalyticsId(field, texts[field]);
      if (value === 'invalid') problems[field] = t(`board:analytics.invalid.${field}`);
      else body[field] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await call('PUT /establishments/:id/analytics', { staff: true, params: { id: establishmentId }, body, establishmentId });
      setTexts({ ga4_measurement_id: answer.ga4_measurement_id ?? '', meta_pixel_id: answer.meta_pixel_id ?? '' });
      toast(t('board:analytics.saved', { count: answer.pages }), { kind: 'success' });
    } catch (err) {
      reportFailure(err, { call: 'PUT /establishments/:id/analytics', role: 'action', fallback: { key: 'board:analytics.failed' } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex max-w-xl flex-col gap-4 text-ink" onSubmit={(e) => void save(e)} noValidate data-board-analytics="edit">
      <div className="flex flex-col gap-1">
        <h2 className="m-0 text-base font-bold">{t('board:analytics.title')}</h2>
        <p className="m-0 text-sm text-muted">{t('board:analytics.hint')}</p>
      </div>
      {FIELDS.map((field) => (
        <Field
          key={field}
          id={`analytics-${field}`}
          name={field}
          label={t(`board:analytics.${field}`)}
          placeholder={t(`board:analytics.placeholder.${field}`)}
          inputMode={field === 'meta_pixel_id' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
          value={texts[field]}
          error={errors[field]}
          onChange={(e) => setTexts({ ...texts, [field]: e.currentTarget.value })}
          hooks={{ field: 'data-board-analytics-field', error: 'data-board-analytics-error' }}
        />
      ))}
      <Button type="submit" loading={busy} className="self-start" data-board-analytics-save>
        {t('board:analytics.save')}
      </Button>
    </form>
  );
}
