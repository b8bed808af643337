// The evaluation page [R-1.15, R-2.27] (/{slug}/minha-conta/pedidos/evaluation?pedido=<id>, in the
// account area): the customer gives a completed order 1 to 5 stars for packing, delivery (its
// handing over, for pickup and table orders), product and deadline, and sends them once within 7
// days of completion (decisions.md 'Order evaluation'). 'Avaliação enviada!' [R-8.60] or 'Avaliação
// não enviada' with the reason [R-8.61]. An evaluated order shows its evaluation; one that cannot be
// evaluated (not complete, canceled, its 7 days over) says why. The order is the page's required
// data (a failed read goes to the error page); someone else's order reads as not found.
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { EVALUATION_ASPECTS, type EvaluationAspect, type Ratings } from '../../src/domain/evaluation.ts';
import { t, type MessageKey } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { aspectLabel, canEvaluate, EvaluationSummary, StarRating } from './evaluation-parts.tsx';
import { zonedDateTime } from './format.ts';
import { evaluateOrder, readOrder, type OrderView } from './order-api.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

const READ: CallPolicy = { call: 'GET /establishments/{id}/orders/{orderId} (evaluation)', role: 'required' };
const REFUSED: Record<string, MessageKey> = {
  order_not_complete: 'order:evaluation.notComplete',
  order_already_evaluated: 'order:evaluation.alreadyEvaluated',
  evaluation_window_closed: 'order:evaluation.windowClosed',
};
/** Every failure says the evaluation was not sent, with the reason when the server gave one. */
const SEND: CallPolicy = {
  call: 'PUT /establishments/{id}/orders/{orderId}/evaluate',
  role: 'action',
  catalogue: (f) => ({ key: REFUSED[f.code] ?? 'order:evaluation.notSent' }),
};

type State = { kind: 'loading' } | { kind: 'no_order' } | { kind: 'not_found' } | { kind: 'failed' } | { kind: 'order'; order: OrderView };
type Draft = Record<EvaluationAspect, number | null>;
const EMPTY: Draft = { packing: null, delivery: null, product: null, deadline: null };

export function OrderEvaluation({ establishmentId, slug, timeZone }: { establishmentId: string; slug: string; timeZone: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [missing, setMissing] = useState<EvaluationAspect[]>([]);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const load = useCallback(async () => {
    // The order comes in the address (?pedido=<id>), read in the browser: the page is rendered once for every order.
    const orderId = new URLSearchParams(window.location.search).get('pedido') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) {
      setState({ kind: 'no_order' });
      return;
    }
    try {
      const read = await readOrder(establishmentId, orderId, null);
      if (read.kind === 'order') setState({ kind: 'order', order: read.order });
      else setState({ kind: 'not_found' });
    } catch (err) {
      const outcome = reportFailure(err, READ);
      if (outcome.kind !== 'error_page' && outcome.kind !== 'aborted' && outcome.kind !== 'session_ended') setState({ kind: 'failed' });
    }
  }, [establishmentId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function send(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (state.kind !== 'order' || busy) return;
    const unrated = EVALUATION_ASPECTS.filter((a) => draft[a] === null);
    setMissing(unrated);
    if (unrated.length) {
      // To the first group still without stars.
      form.current?.querySelector<HTMLInputElement>(`[data-rating="${unrated[0]}"] input`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const order = await evaluateOrder(establishmentId, state.order._id, draft as Ratings);
      toast(t('order:evaluation.sent'), { kind: 'success' });
      setState({ kind: 'order', order });
    } catch (err) {
      const outcome = reportFailure(err, SEND);
      // Refused by the order's state: show the order as it is now (evaluated, or past its 7 days).
      if (outcome.kind === 'toast' && REFUSED[(err as { code?: string }).code ?? '']) void load();
    } finally {
      setBusy(false);
    }
  }

  const ordersUrl = routes.orders(slug);
  if (state.kind === 'loading') {
    return (
      <p className="m-0 text-muted" role="status" data-evaluation-loading>
        {t('order:page.loading')}
      </p>
    );
  }
  if (state.kind === 'no_order' || state.kind === 'not_found') {
    return (
      <div className="flex flex-col items-start gap-3" data-evaluation-no-order={state.kind}>
        <p className="m-0 text-ink">{state.kind === 'not_found' ? t('order:page.notFoundText') : t('order:evaluation.noOrder')}</p>
        <a href={ordersUrl} className="font-semibold text-brand">
          {t('order:page.myOrders')}
        </a>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3" data-evaluation-failed>
        <p className="m-0 text-ink">{t('order:page.loadFailed')}</p>
        <Button
          variant="secondary"
          size="compact"
          onClick={() => {
            setState({ kind: 'loading' });
            void load();
          }}
        >
          {t('order:page.retry')}
        </Button>
      </div>
    );
  }

  const { order } = state;
  const open = order.evaluation === null && canEvaluate(order);
  const why =
    order.evaluation !== null || open
      ? null
      : order.status === 'canceled'
        ? t('order:evaluation.canceledText')
        : order.status !== 'complete'
          ? t('order:evaluation.notCompleteText')
          : t('order:evaluation.closedText', { date: order.evaluable_until ? zonedDateTime(order.evaluable_until, timeZone) : '' });

  return (
    <div className="flex flex-col gap-4" data-evaluation={order._id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h2 className="m-0 text-lg font-bold text-ink" data-evaluation-order={order.order}>
            {t('order:evaluation.heading', { number: order.order })}
          </h2>
          {order.completed_at && (
            <p className="m-0 text-sm text-muted">{t('order:evaluation.completedAt', { date: zonedDateTime(order.completed_at, timeZone) })}</p>
          )}
        </div>
        <a href={routes.order(slug, order._id)} className="font-semibold text-brand">
          {t('order:evaluation.toOrder')}
        </a>
      </div>

      {order.evaluation && <EvaluationSummary evaluation={order.evaluation} deliveryType={order.delivery_type} timeZone={timeZone} />}

      {why && (
        <p className="m-0 rounded-lg bg-surface px-3 py-2 text-ink" data-evaluation-closed>
          {why}
        </p>
      )}

      {open && (
        <form ref={form} className="flex flex-col gap-4" onSubmit={(e) => void send(e)} noValidate data-evaluation-form>
          <p className="m-0 text-ink">
            {t('order:evaluation.intro')}{' '}
            {order.evaluable_until && (
              <span className="text-muted">{t('order:evaluation.until', { date: zonedDateTime(order.evaluable_until, timeZone) })}</span>
            )}
          </p>
          <div className="flex flex-col gap-3">
            {EVALUATION_ASPECTS.map((aspect) => (
              <StarRating
                key={aspect}
                aspect={aspect}
                label={aspectLabel(aspect, order.delivery_type)}
                value={draft[aspect]}
                invalid={missing.includes(aspect)}
                onChange={(stars) => {
                  setDraft((d) => ({ ...d, [aspect]: stars }));
                  setMissing((m) => m.filter((a) => a !== aspect));
                }}
              />
            ))}
          </div>
          {missing.length > 0 && (
            <p role="alert" className="m-0 text-sm text-red-700 dark:text-red-400" data-evaluation-missing>
              {t('order:evaluation.missing', { list: missing.map((a) => aspectLabel(a, order.delivery_type)).join(', ') })}
            </p>
          )}
          <Button type="submit" loading={busy} size="large" className="self-start" data-evaluation-send>
            {busy ? t('order:evaluation.sending') : t('order:evaluation.send')}
          </Button>
        </form>
      )}
    </div>
  );
}
