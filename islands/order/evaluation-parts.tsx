// The pieces of an order's evaluation the order page, 'Meus pedidos' and the evaluation page share
// (decisions.md 'Order evaluation'): whether the customer may still evaluate, the name of each
// aspect for the order's type, the star-rating control (a radio group: Tab reaches it, the arrow
// keys move between the stars, each star is named '3 estrelas') and the evaluation as sent.
import { EVALUATION_ASPECTS, RATING_MAX, RATING_MIN, type EvaluationAspect } from '../../src/domain/evaluation.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { OrderView } from './order-api.ts';
import { zonedDateTime } from './format.ts';
import './i18n.ts';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
export const MAX_TOTAL = RATING_MAX * EVALUATION_ASPECTS.length;

/** Whether the customer may evaluate the order now: complete, not evaluated, inside its 7 days (the server decides at the send). */
export function canEvaluate(order: Pick<OrderView, 'evaluable_until'>, nowMs = Date.now()): boolean {
  return order.evaluable_until !== null && nowMs <= Date.parse(order.evaluable_until);
}

/** An aspect's name; 'delivery' of a pickup or table order is its handing over there. */
export function aspectLabel(aspect: EvaluationAspect, deliveryType: OrderView['delivery_type']): string {
  if (aspect === 'delivery' && deliveryType !== 'delivery') return t(`order:evaluation.aspects.delivery_${deliveryType}`);
  return t(`order:evaluation.aspects.${aspect}`);
}

/** 'Avaliar pedido', to the evaluation page of this order. */
export function EvaluateLink({ slug, order, className }: { slug: string; order: Pick<OrderView, '_id' | 'order'>; className?: string }) {
  return (
    <a
      href={routes.evaluation(slug, order._id)}
      className={className ?? 'font-semibold text-brand'}
      aria-label={t('order:evaluation.linkOf', { number: order.order })}
      data-evaluate-link={order._id}
    >
      {t('order:evaluation.link')}
    </a>
  );
}

function StarGlyph({ filled }: { filled: boolean }) {
  // A filled amber star or an outlined grey one: both at least 3:1 against the card, in either theme.
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={filled ? 'text-amber-600' : 'text-gray-500'}>
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8L12 2.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One aspect's stars to pick from: a named radio group of 1 to 5 stars. */
export function StarRating({
  aspect,
  label,
  value,
  onChange,
  invalid,
}: {
  aspect: EvaluationAspect;
  label: string;
  value: number | null;
  onChange: (stars: number) => void;
  invalid: boolean;
}) {
  return (
    <fieldset className="m-0 border-0 p-0" data-rating={aspect} aria-invalid={invalid || undefined}>
      <legend className={`mb-1 p-0 font-semibold ${invalid ? 'text-red-700 dark:text-red-400' : 'text-ink'}`}>{label}</legend>
      {/* The first star's glyph lines up with the name above it; each star keeps a 44 px target. */}
      <div className="-ml-2 flex items-center gap-1">
        {STARS.map((n) => (
          <label key={n} className="relative cursor-pointer" data-star={n}>
            <input
              type="radio"
              name={`avaliacao-${aspect}`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer absolute inset-0 m-0 cursor-pointer opacity-0"
            />
            <span className="flex h-11 w-11 items-center justify-center rounded-full peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand">
              <StarGlyph filled={value !== null && n <= value} />
            </span>
            <span className="sr-only">{t('order:evaluation.star', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The evaluation as sent: each aspect's stars, the total out of 20 and when. */
export function EvaluationSummary({
  evaluation,
  deliveryType,
  timeZone,
}: {
  evaluation: NonNullable<OrderView['evaluation']>;
  deliveryType: OrderView['delivery_type'];
  timeZone: string;
}) {
  return (
    <section className="flex flex-col gap-2" data-evaluation-result aria-labelledby="avaliacao-enviada">
      <h2 id="avaliacao-enviada" className="m-0 text-lg font-bold text-ink">
        {t('order:evaluation.yours')}
      </h2>
      <dl className="m-0 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1">
        {EVALUATION_ASPECTS.map((aspect) => (
          <div key={aspect} className="contents" data-evaluation-aspect={aspect}>
            <dt className="text-ink">{aspectLabel(aspect, deliveryType)}</dt>
            <dd className="m-0 flex items-center" data-stars={evaluation[aspect]}>
              <span className="sr-only">{t('order:evaluation.star', { count: evaluation[aspect] })}</span>
              {STARS.map((n) => (
                <StarGlyph key={n} filled={n <= evaluation[aspect]} />
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="m-0 font-bold text-ink" data-evaluation-total={evaluation.total}>
        {t('order:evaluation.total', { total: evaluation.total, max: MAX_TOTAL })}
      </p>
      <p className="m-0 text-sm text-muted">{t('order:evaluation.evaluatedAt', { date: zonedDateTime(evaluation.evaluated_at, timeZone) })}</p>
    </section>
  );
}
