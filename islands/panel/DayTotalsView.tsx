// The day's totals by how the orders were paid, to close the cash drawer (src/domain/panel-board.ts dayTotals).
import type { DayTotals, DrawerKey } from '../../src/domain/panel-board.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import './i18n.ts';

function lineName(key: DrawerKey): string {
  return key.kind === 'offline' ? key.method : t(`board:totals.${key.kind}`);
}

export function DayTotalsView({ totals, day }: { totals: DayTotals; day: string }) {
  const [y, m, d] = day.split('-');
  return (
    <section aria-labelledby="caixa-do-dia" className="flex flex-col gap-2 rounded-xl border border-solid border-line bg-card p-4 text-ink" data-board-totals>
      <h2 id="caixa-do-dia" className="m-0 text-lg font-bold">
        {t('board:totals.title')} <span className="text-sm font-normal text-muted">{t('board:totals.day', { date: `${d}/${m}/${y}` })}</span>
      </h2>
      {totals.orders === 0 && totals.canceled === 0 ? (
        <p className="m-0 text-sm text-muted">{t('board:totals.none')}</p>
      ) : (
        <>
          <table className="w-full border-collapse text-sm">
            <tbody>
              {totals.lines.map((line) => (
                <tr
                  key={line.key.kind === 'offline' ? `offline:${line.key.method}` : line.key.kind}
                  className="border-b border-b-solid border-line"
                  data-board-totals-line
                >
                  <th scope="row" className="py-1 text-left font-semibold">
                    {lineName(line.key)}
                  </th>
                  <td className="py-1 text-right text-muted">{t('board:totals.line', { count: line.orders })}</td>
                  <td className="py-1 text-right font-semibold tabular-nums">{formatBRL(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="m-0 text-sm font-semibold" data-board-totals-sum>
            {t('board:totals.orders', { count: totals.orders, amount: formatBRL(totals.amount) })}
          </p>
          {totals.canceled > 0 && <p className="m-0 text-xs text-muted">{t('board:totals.canceled', { count: totals.canceled })}</p>}
        </>
      )}
    </section>
  );
}
