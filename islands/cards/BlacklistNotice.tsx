// What a blacklisted customer reads wherever cards are offered [R-6.6..R-6.8]: 'Você atingiu o
// limite de tentativas de validação' and how to get more attempts: only the establishment lifts it,
// so its phone is a tel: link (or, when the establishment hides its phone, its name).
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import './i18n.ts';
import type { SupportContact } from '../../src/schemas/island-props.ts';

/** Who lifts the blacklist: the establishment's name and phone (null when it hides it). */
export type { SupportContact };

export function BlacklistNotice({ support: known, id, showTitle = true }: { support: SupportContact | null; id?: string; showTitle?: boolean }) {
  // While the establishment's contact is still loading, the sentence names it in general terms.
  const support = known ?? { name: t('cards:blacklist.establishment'), phone: null };
  return (
    <div id={id} className="flex flex-col gap-1 rounded-xl border border-solid border-red-300 bg-red-50 p-3 text-red-900" data-blacklist-notice>
      {showTitle && <p className="m-0 font-bold">{t('cards:blacklist.title')}</p>}
      {support.phone ? (
        <p className="m-0">
          {t('cards:blacklist.support', { name: support.name })}{' '}
          <a
            href={`tel:+55${support.phone.replace(/\D/g, '')}`}
            className="inline-flex min-h-11 items-center font-semibold text-red-900 underline"
            aria-label={t('cards:blacklist.call', { name: support.name, phone: maskPhone(support.phone) })}
            data-support-phone
          >
            {maskPhone(support.phone)}
          </a>
        </p>
      ) : (
        <p className="m-0">{t('cards:blacklist.supportNoPhone', { name: support.name })}</p>
      )}
    </div>
  );
}
