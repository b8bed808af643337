// The feedback form's controls: a labelled control with its hint and error, and the report's two
// choices, what went wrong and which recent order (the list's loading and failure said in place).
import type { ReactNode } from 'react';
import { REPORT_TOPICS } from '../../src/domain/feedback.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { zonedDate } from '../order/format.ts';
import type { RecentOrders } from './useFeedbackForm.ts';

export const controlClass = (error?: string) =>
  `w-full rounded-lg border border-solid bg-card px-3 py-2.5 text-base text-ink ${error ? 'border-red-600' : 'border-line'}`;

/** A labelled control with its hint and error, wired like Field.tsx's inputs. */
export function Labelled({
  id,
  label,
  hint,
  error,
  name,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1" data-field={name}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="m-0 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="m-0 text-sm text-red-700 dark:text-red-400" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TopicSelect({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <Labelled id={id} name="topic" label={t('feedback:report.topic')} error={error}>
      <select
        id={id}
        name="topic"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass(error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('feedback:report.topicChoose')}</option>
        {REPORT_TOPICS.map((code) => (
          <option key={code} value={code}>
            {t(`feedback:topics.${code}`)}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function OrderSelect({
  id,
  value,
  error,
  orders,
  timeZone,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  orders: RecentOrders;
  timeZone: string;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled
      id={id}
      name="order_id"
      label={t('feedback:report.order')}
      error={error}
      hint={orders.status === 'failed' ? t('feedback:report.ordersFailed') : undefined}
    >
      <select
        id={id}
        name="order_id"
        value={value}
        disabled={orders.status === 'loading'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : orders.status === 'failed' ? `${id}-hint` : undefined}
        className={controlClass(error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{orders.status === 'loading' ? t('feedback:report.ordersLoading') : t('feedback:report.orderNone')}</option>
        {orders.status === 'ready' &&
          orders.orders.map((o) => (
            <option key={o._id} value={o._id}>
              {t('feedback:report.orderOption', {
                number: o.order,
                date: zonedDate(o.created_at, timeZone),
                total: normalizeSpaces(formatBRL(o.totals.total)),
              })}
            </option>
          ))}
      </select>
    </Labelled>
  );
}
