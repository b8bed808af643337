// An order's status: its name, the coloured badge (the list's short form too) and the progress a
// canceled order does not show. The spec's four labels stay; an order at one of the
// kitchen's finer steps (in preparation, ready, out for delivery) shows that step instead of
// 'confirmed', and the progress walks the steps of its delivery type (src/domain/order-lifecycle.ts).
import { t } from '../../src/i18n/index.ts';
import { stepsFor } from '../../src/domain/order-lifecycle.ts';
import type { OrderView } from './order-api.ts';
import './i18n.ts';

type StatusOf = Pick<OrderView, 'status' | 'step' | 'delivery_type'>;

type StepKey = Exclude<OrderView['step'], 'ready'> | `ready_${OrderView['delivery_type']}`;

/** The key of a step's texts: 'ready' reads differently for a pickup, a delivery and a table. */
function stepKey(order: StatusOf): StepKey {
  return order.step === 'ready' ? `ready_${order.delivery_type}` : order.step;
}

export function statusLabel(order: StatusOf): string {
  return t(`order:status.${stepKey(order)}`);
}

export function StatusBadge({ order, short = false }: { order: StatusOf; short?: boolean }) {
  const { status } = order;
  const tone =
    status === 'canceled'
      ? 'bg-red-100 text-red-800'
      : status === 'complete'
        ? 'bg-green-100 text-green-800'
        : status === 'confirmed'
          ? 'bg-blue-100 text-blue-800'
          : 'bg-amber-100 text-amber-900';
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${tone}`} data-order-status={status} data-order-step={order.step}>
      {short ? t(`order:short.${stepKey(order)}`) : statusLabel(order)}
    </span>
  );
}

export function Progress({ order }: { order: StatusOf }) {
  if (order.status === 'canceled') return null;
  const steps = stepsFor(order.delivery_type);
  const reached = steps.indexOf(order.step);
  return (
    <ol className="m-0 flex list-none items-start gap-0 p-0" aria-label={t('order:view.progress')} data-order-progress>
      {steps.map((step, i) => {
        const done = i <= reached;
        return (
          <li key={step} className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center text-xs" aria-current={i === reached ? 'step' : undefined}>
            <span
              className={`flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold ${done ? 'bg-brand text-onbrand' : 'bg-surface text-muted'}`}
              aria-hidden="true"
            >
              {i + 1}
            </span>
            {/* Six labels do not fit a phone's width: there the badge above names the step, and the labels stay for screen readers. */}
            <span className={`sr-only md:not-sr-only ${done ? 'font-semibold text-ink' : 'text-muted'}`}>{t(`order:progress.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
