// An order's status: its name, the coloured badge (the list's short form too) and the three-step
// progress a canceled order does not show.
import { t } from '../../src/i18n/index.ts';
import type { OrderView } from './order-api.ts';
import './i18n.ts';

const PROGRESS = ['registered', 'confirmed', 'complete'] as const;

export function statusLabel(status: OrderView['status']): string {
  return t(`order:status.${status}`);
}

export function StatusBadge({ status, short = false }: { status: OrderView['status']; short?: boolean }) {
  const tone =
    status === 'canceled'
      ? 'bg-red-100 text-red-800'
      : status === 'complete'
        ? 'bg-green-100 text-green-800'
        : status === 'confirmed'
          ? 'bg-blue-100 text-blue-800'
          : 'bg-amber-100 text-amber-900';
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`} data-order-status={status}>
      {short ? t(`order:short.${status}`) : statusLabel(status)}
    </span>
  );
}

export function Progress({ status }: { status: OrderView['status'] }) {
  if (status === 'canceled') return null;
  const reached = PROGRESS.indexOf(status);
  return (
    <ol className="m-0 flex list-none items-center gap-0 p-0" aria-label={t('order:view.progress')} data-order-progress>
      {PROGRESS.map((step, i) => {
        const done = i <= reached;
        return (
          <li key={step} className="flex flex-1 flex-col items-center gap-1 text-center text-xs" aria-current={i === reached ? 'step' : undefined}>
            <span
              className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold ${done ? 'bg-brand text-onbrand' : 'bg-surface text-muted'}`}
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <span className={done ? 'font-semibold text-ink' : 'text-muted'}>{t(`order:short.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
