// The friends the customer brought (./ReferralPanel.tsx), each with the day they signed up
// and whether their credit came (cadastrado / crédito recebido).
import { t } from '../../src/i18n/index.ts';
import type { ReferralAnswer } from '../../src/schemas/api-promotions.ts';
import { zonedDate } from '../order/format.ts';

/** `uid`: the screen's id prefix, the heading's id is `${uid}-list`. */
export function ReferralFriends({ uid, referrals, timeZone }: { uid: string; referrals: ReferralAnswer['referrals']; timeZone: string }) {
  return (
    <section aria-labelledby={`${uid}-list`} className="flex flex-col gap-3">
      <h2 id={`${uid}-list`} className="m-0 text-lg font-bold">
        {t('promotions:referral.listTitle')}
      </h2>
      {referrals.length === 0 ? (
        <p className="m-0 text-muted" data-referral-empty>
          {t('promotions:referral.listEmpty')}
        </p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0" data-referral-list>
          {referrals.map((r, i) => (
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
  );
}
