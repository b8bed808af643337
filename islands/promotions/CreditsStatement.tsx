// The credits in the wallet (docs/api.md 'Credits'): the balance and its statement
// (GET /users/me/credits/entries), newest first, each movement with its amount (+ received,
// − spent), why in Portuguese, the note, the order it is about (linking to the order's page) and
// its date on the establishment's clock. The header shows the balance too: once the
// statement has loaded, a balance that moved since the page loaded (a referral's reward, a refund)
// is given to the session, and the header follows. A failure shows here, with a retry.
import { useCallback, useEffect, useId, useState } from 'react';
import { getSession, setSessionUser } from '../../src/client/session.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { creditAmountText, creditEntryNoteText, creditReasonText } from '../../src/i18n/promotions.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { CreditEntriesAnswer } from '../../src/schemas/api-promotions.ts';
import { zonedDateTime } from '../order/format.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { CREDITS_CALL, fetchCreditEntries } from './promotions-api.ts';
import { buttonClass } from '../shared/Button.tsx';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; ledger: CreditEntriesAnswer };

const secondary = buttonClass('secondary');

/** Gives the session the balance the server answered, when it moved since the page loaded (the header shows it). */
async function followBalance(establishmentId: string, value: number): Promise<void> {
  const user = await getSession(establishmentId);
  if (user && user.credits !== value) setSessionUser(establishmentId, { ...user, credits: value });
}

export function CreditsStatement({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const uid = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ kind: 'loading' });
      try {
        const ledger = await fetchCreditEntries(establishmentId, signal);
        setState({ kind: 'ready', ledger });
        await followBalance(establishmentId, ledger.value).catch((err: unknown) => console.error('[credits] session', err));
      } catch (err) {
        const outcome = reportFailure(err, CREDITS_CALL);
        if (outcome.kind !== 'aborted' && outcome.kind !== 'session_ended') setState({ kind: 'failed' });
      }
    },
    [establishmentId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-3" data-credits-statement data-credits-status={state.kind}>
      <h2 id={`${uid}-title`} className="m-0 text-lg font-bold">
        {t('promotions:credits.title')}
      </h2>
      {state.kind === 'loading' ? (
        <p className="m-0 text-muted" aria-live="polite">
          {t('promotions:credits.loading')}
        </p>
      ) : state.kind === 'failed' ? (
        <p className="m-0 flex flex-wrap items-center gap-3" data-credits-failed>
          {t('promotions:credits.loadFailed')}
          <button type="button" className={secondary} onClick={() => void load()}>
            {t('promotions:credits.retry')}
          </button>
        </p>
      ) : (
        <>
          <p className="m-0 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-sm text-muted">{t('promotions:credits.balance')}</span>
            <strong className="text-2xl tabular-nums text-ink" data-credits-balance={state.ledger.value}>
              {normalizeSpaces(formatBRL(state.ledger.value))}
            </strong>
          </p>
          <p className="m-0 text-sm text-muted">{t('promotions:credits.intro')}</p>
          <h3 className="mb-0 mt-2 text-base font-bold">{t('promotions:credits.statement')}</h3>
          {state.ledger.entries.length === 0 ? (
            <p className="m-0" data-credits-empty>
              {t('promotions:credits.empty')}
            </p>
          ) : (
            <ul className="m-0 flex list-none flex-col gap-2 p-0" data-credits-entries>
              {state.ledger.entries.map((e) => {
                const note = creditEntryNoteText(e);
                const received = e.amount > 0;
                return (
                  <li
                    key={e._id}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-lg border border-solid border-line px-3 py-2"
                    data-credit-entry={e._id}
                    data-credit-reason={e.reason}
                  >
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <span className="font-semibold text-ink" data-credit-reason-text>
                        {creditReasonText(e.reason)}
                      </span>
                      {note && (
                        <span className="text-sm text-ink" data-credit-note>
                          {note}
                        </span>
                      )}
                      <span className="flex flex-wrap gap-x-3 text-sm text-muted">
                        <time dateTime={e.created_at}>{zonedDateTime(e.created_at, timeZone)}</time>
                        {e.order_number !== null &&
                          (e.order_id && e.order_slug ? (
                            <a href={routes.order(e.order_slug, e.order_id)} className="font-semibold text-brand" data-credit-order={e.order_number}>
                              {t('promotions:credits.order', { number: e.order_number })}
                            </a>
                          ) : (
                            <span data-credit-order={e.order_number}>{t('promotions:credits.order', { number: e.order_number })}</span>
                          ))}
                      </span>
                    </div>
                    <span
                      className={`whitespace-nowrap text-base font-bold tabular-nums ${received ? 'text-green-700 dark:text-green-400' : 'text-ink'}`}
                      data-credit-amount={e.amount}
                    >
                      <span className="sr-only">{t(received ? 'promotions:credits.received' : 'promotions:credits.spent')}: </span>
                      {creditAmountText(e.amount)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
