// 'Indicar a loja', the account's referral screen [R-2.23] (docs/api.md 'Referral'): the customer's
// code and the link to share (GET /users/me/referral), 'Copiar link' (the clipboard, else the link
// selected and copied the old way) saying it copied, 'Compartilhar no WhatsApp' (wa.me with a
// message in Portuguese and the link), how much each side earns here, or that this establishment
// gives no credit for a referral (credit 0), and the friends the customer brought with whether
// their credit came (cadastrado / crédito recebido). The data is the screen's: a server failure
// goes to the error page; offline, the screen says so with a retry.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { referralProgrammeText, referralShareText } from '../../src/i18n/promotions.ts';
import { t } from '../../src/i18n/index.ts';
import { whatsappShareUrl } from '../../src/lib/urls.ts';
import type { ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { zonedDate } from '../order/format.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { REFERRAL_CALL, fetchReferral } from './promotions-api.ts';
import { buttonClass } from '../shared/Button.tsx';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; referral: ReferralAnswer };

const button = buttonClass('primary');
const secondary = buttonClass('secondary');
/** How long 'Link copiado!' stays on the button. */
const COPIED_MS = 2500;

export function ReferralPanel({ establishmentId, establishmentName, timeZone }: { establishmentId: string; establishmentName: string; timeZone: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ kind: 'loading' });
      try {
        setState({ kind: 'ready', referral: await fetchReferral(establishmentId, signal) });
      } catch (err) {
        const outcome = reportFailure(err, REFERRAL_CALL);
        if (outcome.kind === 'toast' || outcome.kind === 'silent' || outcome.kind === 'logged') setState({ kind: 'failed' });
      }
    },
    [establishmentId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (state.kind === 'loading')
    return (
      <p className="mb-0 mt-3 text-muted" aria-live="polite" data-referral-loading>
        {t('promotions:referral.loading')}
      </p>
    );
  if (state.kind === 'failed')
    return (
      <p className="mb-0 mt-3 flex flex-wrap items-center gap-3" data-referral-failed>
        {t('promotions:referral.loadFailed')}
        <button type="button" className={secondary} onClick={() => void load()}>
          {t('promotions:referral.retry')}
        </button>
      </p>
    );
  return <Referral referral={state.referral} establishmentName={establishmentName} timeZone={timeZone} />;
}

function Referral({ referral, establishmentName, timeZone }: { referral: ReferralAnswer; establishmentName: string; timeZone: string }) {
  const uid = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const programme = referral.credit > 0;

  async function copy() {
    let done = false;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(referral.link);
      done = true;
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the link selected, copied the old way if it can be.
      const input = field.current;
      input?.focus();
      input?.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    if (!done) {
      toast(t('promotions:referral.copyFailed'), { kind: 'info' });
      return;
    }
    setCopied(true);
    toast(t('promotions:referral.copied'), { kind: 'success' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <div className="mt-3 flex flex-col gap-6" data-referral data-referral-credit={referral.credit}>
      <div className="flex flex-col gap-2">
        <p className="m-0 text-ink">{t('promotions:referral.intro', { name: establishmentName })}</p>
        <p
          className={`m-0 rounded-lg border border-solid px-3 py-2 ${programme ? 'border-brand bg-surface text-ink' : 'border-line bg-surface text-ink'}`}
          data-referral-programme={programme ? 'on' : 'off'}
        >
          {referralProgrammeText(establishmentName, referral.credit)}
        </p>
      </div>
      <div className="flex flex-col gap-3">
        <p className="m-0 text-sm font-semibold text-ink">
          {t('promotions:referral.codeLabel')}{' '}
          <span className="ml-1 rounded-md bg-surface px-2 py-1 font-mono text-lg tracking-wider" data-referral-code>
            {referral.code}
          </span>
        </p>
        <label htmlFor={`${uid}-link`} className="text-sm font-semibold text-ink">
          {t('promotions:referral.linkLabel')}
        </label>
        <input
          ref={field}
          id={`${uid}-link`}
          type="url"
          readOnly
          value={referral.link}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-solid border-line bg-surface px-3 py-2.5 text-base text-ink"
          data-referral-link
        />
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} onClick={() => void copy()} data-referral-copy data-copied={copied || undefined}>
            <span aria-live="polite">{copied ? t('promotions:referral.copied') : t('promotions:referral.copy')}</span>
          </button>
          <a
            href={whatsappShareUrl(referralShareText(establishmentName, referral.credit, referral.link))}
            target="_blank"
            rel="noopener noreferrer"
            className={secondary}
            data-referral-whatsapp
          >
            {t('promotions:referral.whatsapp')}
            <span className="sr-only"> {t('promotions:referral.whatsappNewWindow')}</span>
          </a>
        </div>
      </div>
      <section aria-labelledby={`${uid}-list`} className="flex flex-col gap-3">
        <h2 id={`${uid}-list`} className="m-0 text-lg font-bold">
          {t('promotions:referral.listTitle')}
        </h2>
        {referral.referrals.length === 0 ? (
          <p className="m-0 text-muted" data-referral-empty>
            {t('promotions:referral.listEmpty')}
          </p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-2 p-0" data-referral-list>
            {referral.referrals.map((r, i) => (
              <li
                // The API gives first names only: two friends may share one.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered in place
                key={`${r.created_at}-${i}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-solid border-line px-3 py-2"
                data-referral-friend={r.name}
                data-referral-status={r.status}
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-ink">{r.name}</span>
                  <span className="text-sm text-muted">{t('promotions:referral.registeredOn', { date: zonedDate(r.created_at, timeZone) })}</span>
                </span>
                <span className="flex flex-col items-end text-right">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.status === 'rewarded' ? 'bg-brand text-onbrand' : 'border border-solid border-line bg-surface text-ink'}`}
                  >
                    {t(`promotions:referral.status.${r.status}`)}
                  </span>
                  <span className="text-xs text-muted">{t(`promotions:referral.statusHint.${r.status}`)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
