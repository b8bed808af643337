// 'Indicar a loja', the account's referral screen [R-2.23] (docs/api.md 'Referral'): the customer's
// code and the link to share (GET /users/me/referral), 'Copiar link' (the clipboard, else the link
// selected and copied the old way) saying it copied, 'Compartilhar no WhatsApp' (wa.me with a
// message in Portuguese and the link), how much each side earns here, or that this establishment
// gives no credit for a referral (credit 0), and the friends the customer brought with whether
// their credit came (cadastrado / crédito recebido). The data is the screen's: a server failure
// goes to the error page; offline, the screen says so with a retry.
// The data is ./useReferral.ts, 'Copiar link' ../shared/useCopyText.ts, the friends ./ReferralFriends.tsx.
import { useId } from 'react';
import { referralProgrammeText, referralShareText } from '../../src/i18n/promotions.ts';
import { t } from '../../src/i18n/index.ts';
import { whatsappShareUrl } from '../../src/lib/urls.ts';
import type { ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { buttonClass } from '../shared/Button.tsx';
import { ReferralFriends } from './ReferralFriends.tsx';
import { useCopyText } from '../shared/useCopyText.ts';
import { useReferral } from './useReferral.ts';

const button = buttonClass('primary');
const secondary = buttonClass('secondary');

export function ReferralPanel({ establishmentId, establishmentName, timeZone }: { establishmentId: string; establishmentName: string; timeZone: string }) {
  const { state, load } = useReferral(establishmentId);

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
  const { field, copied, copy } = useCopyText(referral.link, { copied: t('promotions:referral.copied'), failed: t('promotions:referral.copyFailed') });
  const programme = referral.credit > 0;

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
      <ReferralFriends uid={uid} referrals={referral.referrals} timeZone={timeZone} />
    </div>
  );
}
