// What the customers said: problem reports and suggestions from the account area, and the ratings
// of completed orders; newest first, with who sent it so the establishment can answer.
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { registerNamespace, t } from '../../src/i18n/index.ts';
import feedbackTexts from '../../src/i18n/locales/pt-BR/feedback.json';
import type { FeedbackView } from '../../src/schemas/api-feedback.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import { Button } from '../shared/Button.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { zonedDateTime } from '../order/format.ts';
import './i18n.ts';

registerNamespace('feedback', feedbackTexts);

interface Said {
  reports: FeedbackView[];
  suggestions: FeedbackView[];
  ratings: OrderView[];
}

const LIMIT = 30;

export function CustomerFeedback({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const [said, setSaid] = useState<Said | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      const params = { id: establishmentId };
      const [reports, suggestions, ratings] = await Promise.all([
        call('GET /establishments/:id/problem-reports', { staff: true, params, query: { limit: LIMIT }, establishmentId }),
        call('GET /establishments/:id/suggestions', { staff: true, params, query: { limit: LIMIT }, establishmentId }),
        call('GET /establishments/:id/orders', { staff: true, params, query: { evaluated: true, limit: LIMIT, sort: '-order' }, establishmentId }),
      ]);
      setSaid({ reports: reports.items, suggestions: suggestions.items, ratings: ratings.orders });
    } catch (err) {
      reportFailure(err, { call: 'GET /establishments/:id/problem-reports', role: 'in_place' });
      setFailed(true);
    }
  }, [establishmentId]);
  useEffect(() => void load(), [load]);

  if (failed)
    return (
      <p className="m-0 flex items-center gap-3 text-ink">
        {t('board:customers.loadFailed')}
        <Button variant="secondary" size="small" onClick={() => void load()}>
          {t('board:customers.retry')}
        </Button>
      </p>
    );
  if (!said) return <p className="m-0 text-muted">{t('board:customers.loading')}</p>;
  const from = (item: FeedbackView) => t('board:customers.from', { name: item.customer?.name ?? '', date: zonedDateTime(item.created_at, timeZone) });
  return (
    <div className="grid gap-4 text-ink lg:grid-cols-3" data-board-customers>
      <section aria-labelledby="clientes-problemas" className="flex flex-col gap-2">
        <h3 id="clientes-problemas" className="m-0 text-base font-bold">
          {t('board:customers.reports')}
        </h3>
        {said.reports.length === 0 && <p className="m-0 text-sm text-muted">{t('board:customers.none')}</p>}
        {said.reports.map((r) => (
          <article key={r._id} className="rounded-xl border border-solid border-line bg-card p-3 text-sm" data-board-report>
            <strong>{r.topic ? t(`feedback:topics.${r.topic}`) : ''}</strong>
            {r.order && <span className="text-muted"> · {t('board:customers.order', { number: r.order.order })}</span>}
            <p className="my-1">{r.message}</p>
            <p className="m-0 text-xs text-muted">
              {from(r)}
              {r.customer && ` · ${r.customer.email} · ${r.customer.phone}`}
            </p>
          </article>
        ))}
      </section>
      <section aria-labelledby="clientes-sugestoes" className="flex flex-col gap-2">
        <h3 id="clientes-sugestoes" className="m-0 text-base font-bold">
          {t('board:customers.suggestions')}
        </h3>
        {said.suggestions.length === 0 && <p className="m-0 text-sm text-muted">{t('board:customers.none')}</p>}
        {said.suggestions.map((s) => (
          <article key={s._id} className="rounded-xl border border-solid border-line bg-card p-3 text-sm" data-board-suggestion>
            <p className="m-0 mb-1">{s.message}</p>
            <p className="m-0 text-xs text-muted">{from(s)}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="clientes-avaliacoes" className="flex flex-col gap-2">
        <h3 id="clientes-avaliacoes" className="m-0 text-base font-bold">
          {t('board:customers.ratings')}
        </h3>
        {said.ratings.length === 0 && <p className="m-0 text-sm text-muted">{t('board:customers.none')}</p>}
        {said.ratings.map((o) =>
          o.evaluation ? (
            <article key={o._id} className="rounded-xl border border-solid border-line bg-card p-3 text-sm" data-board-rating>
              <strong>{t('board:customers.rating', { number: o.order, total: o.evaluation.total })}</strong>
              <p className="m-0 text-xs text-muted">{t('board:customers.aspects', { ...o.evaluation })}</p>
              <p className="m-0 text-xs text-muted">{zonedDateTime(o.evaluation.evaluated_at, timeZone)}</p>
            </article>
          ) : null,
        )}
      </section>
    </div>
  );
}
