// What each section of the account area shows under its title: 'Meus dados' (the profile and the
// data rights), the orders and an order's evaluation, the addresses, the problem report and
// suggestion forms, the wallet with the credits statement, the referral and the settings (the
// password).
import { Suspense } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { AccountAreaProps } from '../../src/schemas/island-props.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { OrdersList } from '../order/OrdersList.tsx';
import { OrderEvaluation } from '../order/OrderEvaluation.tsx';
import { AddressBook } from './AddressBook.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { DataRights } from './DataRights.tsx';
import { lazyWithReload } from '../shared/lazy.ts';

// The cards' code (sealing, the local encrypted store, their texts) loads with the wallet only; the
// promotions' (the credits statement, the referral, their texts) with the page that shows them.
const Wallet = lazyWithReload(() => import('../cards/Wallet.tsx').then((m) => ({ default: m.Wallet })));
const CreditsStatement = lazyWithReload(() => import('../promotions/CreditsStatement.tsx').then((m) => ({ default: m.CreditsStatement })));
const ReferralPanel = lazyWithReload(() => import('../promotions/ReferralPanel.tsx').then((m) => ({ default: m.ReferralPanel })));

export type AccountSectionContentProps = Pick<AccountAreaProps, 'establishmentId' | 'slug' | 'section' | 'timeZone' | 'establishmentName' | 'onlinePayment'>;

export function AccountSectionContent({ establishmentId, slug, section, timeZone, establishmentName, onlinePayment }: AccountSectionContentProps) {
  switch (section) {
    case 'home':
      return (
        <>
          <p className="mb-5 mt-0 text-sm text-muted">{t('account:profile.intro')}</p>
          <ProfileForm establishmentId={establishmentId} timeZone={timeZone} />
          <DataRights establishmentId={establishmentId} slug={slug} />
        </>
      );
    case 'pedidos':
      return <OrdersList establishmentId={establishmentId} slug={slug} />;
    case 'evaluation':
      return <OrderEvaluation establishmentId={establishmentId} slug={slug} timeZone={timeZone} />;
    case 'enderecos':
      return (
        <div className="mt-3">
          <AddressBook establishmentId={establishmentId} />
        </div>
      );
    case 'reportar':
    case 'sugestoes':
      return (
        <div className="mt-3">
          <FeedbackForm kind={section === 'reportar' ? 'report' : 'suggestion'} establishmentId={establishmentId} timeZone={timeZone} />
        </div>
      );
    case 'carteira':
      return (
        <Suspense fallback={<p className="mb-0 mt-3 text-muted">{t('account:page.walletLoading')}</p>}>
          <Wallet establishmentId={establishmentId} timeZone={timeZone} slug={slug} onlinePayment={onlinePayment} />
          <div className="mt-6 border-0 border-t border-solid border-line pt-5">
            <CreditsStatement establishmentId={establishmentId} timeZone={timeZone} />
          </div>
        </Suspense>
      );
    case 'indicar':
      return (
        <Suspense fallback={<p className="mb-0 mt-3 text-muted">{t('account:page.loading')}</p>}>
          <ReferralPanel establishmentId={establishmentId} establishmentName={establishmentName} timeZone={timeZone} />
        </Suspense>
      );
    default:
      return (
        <>
          <p className="mb-5 mt-0 text-sm text-muted">{t('account:settings.intro')}</p>
          <PasswordForm establishmentId={establishmentId} />
        </>
      );
  }
}
