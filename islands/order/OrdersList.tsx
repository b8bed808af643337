// 'Meus pedidos' in the account: the customer's orders at this establishment,
// newest first (GET .../orders?sort=-order&page&limit), each with its number, status, date, delivery
// type and total ('Aguardando pagamento' for an order still awaiting its Pix), linking to its order
// page, and its evaluation: the rating once sent, else
// 'Avaliar pedido' while the order may be evaluated; 'Carregar mais' fetches the next page. The first page
// is the page's required data (a failure goes to the error page ); a failed 'Carregar mais'
// says so in a toast (islands/shared/call-failure.ts). A new order or a status change arrives over
// the live-updates socket and is shown at once (islands/order/useLiveOrders.ts).
import { useCallback, useEffect, useState } from 'react';
import { useLiveOrders } from './useLiveOrders.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { DEFAULT_TIME_ZONE, establishmentTimeZone } from '../../src/domain/time.ts';
import { t } from '../../src/i18n/index.ts';
import { readStoreIsland } from '../../src/client/store-island.ts';
import { StatusBadge } from './OrderStatus.tsx';
import { canEvaluate, EvaluateLink, MAX_TOTAL } from './evaluation-parts.tsx';
import { listOrders, readOrder, type OrderView } from './order-api.ts';
import { zonedDateTime } from './format.ts';
import { routes } from '../../src/lib/urls.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';
import { ReorderButton, isPast } from './ReorderButton.tsx';

const PAGE_SIZE = 20;
const FIRST_PAGE: CallPolicy = { call: 'GET /establishments/{id}/orders', role: 'required' };
const MORE: CallPolicy = { call: 'GET /establishments/{id}/orders (more)', role: 'action', fallback: { key: 'order:list.moreFailed' } };
const LIVE: CallPolicy = { call: 'GET /establishments/{id}/orders (live update)', role: 'background' };

/** The orders shown with `fresh` in place of (or, when new, ahead of) what they replace, newest first. */
function withOrders(shown: OrderView[], fresh: OrderView[]): OrderView[] {
  const byId = new Map(shown.map((o) => [o._id, o]));
  for (const o of fresh) byId.set(o._id, o);
  return [...byId.values()].sort((a, b) => b.order - a.order);
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; orders: OrderView[]; page: number; total: number };

export function OrdersList({ establishmentId, slug }: { establishmentId: string; slug: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [more, setMore] = useState(false);
  // The establishment's zone comes with the page (the layout's #store-data island), read in the
  // browser only: the account area is also rendered on the server.
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  useEffect(() => setTimeZone(establishmentTimeZone(readStoreIsland()?.time_zone)), []);

  const load = useCallback(
    async (page: number) => {
      try {
        const res = await listOrders(establishmentId, page, PAGE_SIZE);
        setState((s) => ({
          kind: 'ready',
          orders: page > 1 && s.kind === 'ready' ? [...s.orders, ...res.orders.filter((o) => !s.orders.some((x) => x._id === o._id))] : res.orders,
          page,
          total: res.total,
        }));
      } catch (err) {
        const outcome = reportFailure(err, page === 1 ? FIRST_PAGE : MORE);
        // Offline or silent, the first page offers a retry here.
        if (page === 1 && (outcome.kind === 'toast' || outcome.kind === 'silent')) setState({ kind: 'failed' });
      }
    },
    [establishmentId],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  // One order changed: read it and put it in place. Everything may have (a reconnection): the first page again.
  useLiveOrders(establishmentId, (orderId) => {
    const read: Promise<{ orders: OrderView[]; total?: number } | null> = orderId
      ? readOrder(establishmentId, orderId, null).then((r) => (r.kind === 'order' ? { orders: [r.order] } : null))
      : listOrders(establishmentId, 1, PAGE_SIZE).then((r) => ({ orders: r.orders, total: r.total }));
    read.then(
      (fresh) => {
        if (!fresh) return;
        setState((s) => {
          if (s.kind !== 'ready') return s;
          const orders = withOrders(s.orders, fresh.orders);
          // A new order adds one to the count; the first page's answer says the count itself.
          const total = fresh.total ?? s.total + (orders.length - s.orders.length);
          return { ...s, orders, total };
        });
      },
      (err: unknown) => reportFailure(err, LIVE),
    );
  });

  if (state.kind === 'loading') {
    return (
      <p className="m-0 text-muted" role="status" data-orders-loading>
        {t('order:list.loading')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3" data-orders-failed>
        <p className="m-0 text-ink">{t('order:list.loadFailed')}</p>
        <Button variant="secondary" size="compact" onClick={() => void load(1)}>
          {t('order:list.retry')}
        </Button>
      </div>
    );
  }
  if (state.orders.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3" data-orders-empty>
        <p className="m-0 text-ink">{t('order:list.empty')}</p>
        <a href={`/${slug}/`} className="font-semibold text-brand">
          {t('order:list.toMenu')}
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-orders-list>
      <p className="m-0 text-sm text-muted">{t('order:list.count', { count: state.total })}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {state.orders.map((o) => (
          <li key={o._id} className="flex flex-col overflow-hidden rounded-xl border border-solid border-line bg-card text-ink" data-orders-item={o._id}>
            <a
              href={routes.order(slug, o._id)}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-ink no-underline hover:bg-surface"
              data-orders-open
            >
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="font-bold">{t('order:view.number', { number: o.order })}</span>
                <span className="text-xs text-muted">
                  {zonedDateTime(o.created_at, timeZone)} · {t(`order:deliveryTypes.${o.delivery_type}`)}
                </span>
                {o.payment.status === 'awaiting' && o.status !== 'canceled' && (
                  <span className="text-xs font-semibold text-amber-900 dark:text-amber-300" data-orders-awaiting-payment>
                    {t('order:list.awaitingPayment')}
                  </span>
                )}
              </span>
              <span className="flex items-center gap-3">
                <StatusBadge order={o} short />
                <span className="font-bold tabular-nums" data-orders-total={o.totals.total}>
                  {formatBRL(o.totals.total)}
                </span>
              </span>
            </a>
            {isPast(o) && (
              <div className="border-0 border-t border-solid border-line px-3 py-2">
                <ReorderButton establishmentId={establishmentId} order={o} />
              </div>
            )}
            {o.evaluation ? (
              <p className="m-0 border-0 border-t border-solid border-line px-3 py-2 text-sm text-ink" data-orders-rating={o.evaluation.total}>
                <span aria-hidden="true" className="text-amber-600">
                  ★{' '}
                </span>
                {t('order:evaluation.short', { total: o.evaluation.total, max: MAX_TOTAL })}
              </p>
            ) : (
              canEvaluate(o) && (
                <p className="m-0 border-0 border-t border-solid border-line px-3 py-2 text-sm">
                  <EvaluateLink slug={slug} order={o} />
                </p>
              )
            )}
          </li>
        ))}
      </ul>
      {state.orders.length < state.total && (
        <Button
          loading={more}
          variant="outline"
          size="compact"
          className="self-center"
          onClick={() => {
            setMore(true);
            void load(state.page + 1).finally(() => setMore(false));
          }}
          data-orders-more
        >
          {t('order:list.more')}
        </Button>
      )}
    </div>
  );
}
