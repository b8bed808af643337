// The tables' open tabs on the order screen (docs/panel.md 'Tables'): one card per table whose tab
// is open, 'Mesa 7 · 3 pedidos · R$ 84,00', its orders' numbers, and 'Fechar mesa' (the bill is
// settled: the table's next order opens a new tab). The orders themselves stay in their columns,
// each marked 'Mesa 7'. The grouping is src/domain/tables.ts `openTabSummaries`.
import { useMemo, useState } from 'react';
import { formatBRL } from '../../src/domain/money.ts';
import { openTabSummaries } from '../../src/domain/tables.ts';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { OrderView } from '../../src/schemas/api-orders.ts';
import type { TabView } from '../../src/schemas/api-tables.ts';
import { Button } from '../shared/Button.tsx';
import './i18n.ts';

/** The Portuguese of a refused close: its own code (table_already_closed...), a staff refusal, a lost connection, else the generic line. */
export function tableFailureText(err: unknown): string {
  if (!(err instanceof ApiFailure)) return t('board:tables.failed');
  if (err.status === 0) return t('staff:page.network_error');
  for (const key of [`board:tables.refusals.${err.code}`, `staff:refusals.${err.code}`]) if (hasKey(key)) return t(key);
  return t('board:tables.failed');
}

export function OpenTabs({
  tabs,
  orders,
  canClose,
  onClose,
}: {
  tabs: readonly TabView[];
  orders: readonly OrderView[];
  canClose: boolean;
  onClose: (table: number, tabId: string) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const summaries = useMemo(
    () =>
      openTabSummaries(
        tabs.map((tab) => ({ tab_id: tab._id, table: tab.table })),
        orders.map((o) => ({ ...o, total: o.totals.total })),
      ),
    [tabs, orders],
  );
  if (summaries.length === 0) return null;

  const close = async (table: number, tabId: string) => {
    setBusy(tabId);
    try {
      await onClose(table, tabId);
      toast(t('board:tables.closed', { number: table }), { kind: 'success' });
    } catch (err) {
      toast(tableFailureText(err), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="mesas-abertas" className="flex flex-col gap-2" data-open-tabs>
      <h2 id="mesas-abertas" className="m-0 text-base font-bold text-ink">
        {t('board:tables.openTabs')}
      </h2>
      <ul className="m-0 grid list-none gap-2 p-0 md:grid-cols-2 lg:grid-cols-3">
        {summaries.map((tab) => (
          <li
            key={tab.tab_id}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-solid border-line bg-card p-3 text-ink"
            data-open-tab={tab.table}
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <strong data-open-tab-summary>{t('board:tables.tab', { number: tab.table, count: tab.count, total: formatBRL(tab.total_cents) })}</strong>
              <span className="text-sm text-muted">{tab.orders.map((o) => t('board:tables.orderNumber', { number: o.order })).join(', ')}</span>
            </span>
            {canClose && (
              <Button
                variant="secondary"
                size="small"
                loading={busy === tab.tab_id}
                aria-label={t('board:tables.closeLabel', { number: tab.table })}
                onClick={() => void close(tab.table, tab.tab_id)}
                data-close-tab={tab.table}
              >
                {t('board:tables.close')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
