// The account area [R-2.19..R-2.27]: visitors get the login/registration tabs; customers get the
// account layout (side menu) with 'Meus dados' at the home (and under it the data rights: the
// copy of their data, the account's erasure), their orders, addresses, the problem
// report and suggestion forms, the password in 'Configurações', the wallet ('Carteira': the saved
// cards, islands/cards/Wallet.tsx, and the credits with their statement, loaded only there)
// and the referral ('Indicar a loja', loaded only there). The server guesses from the session hint cookie so
// the first paint is usually right; the browser confirms with getSession() and follows logins
// and logouts, here and in the establishment's other tabs (a 401 puts the login form back)
//
import { Suspense, useEffect, useState } from 'react';
import { getSession, onSessionChange } from '../../src/client/session.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { AccountAreaProps, AccountSection } from '../../src/schemas/island-props.ts';
import { AuthForms } from './AuthForms.tsx';
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

const MENU: { section: AccountSection; path: string }[] = [
  { section: 'home', path: '' },
  { section: 'pedidos', path: '/pedidos' },
  { section: 'enderecos', path: '/enderecos' },
  { section: 'carteira', path: '/carteira' },
  { section: 'indicar', path: '/indicar' },
  { section: 'sugestoes', path: '/sugestoes' },
  { section: 'reportar', path: '/reportar' },
  { section: 'configuracoes', path: '/configuracoes' },
];

export default function AccountArea({
  establishmentId,
  slug,
  section,
  member,
  returnTo,
  currentPath,
  timeZone,
  authForm,
  establishmentName,
  referralCredit,
  onlinePayment,
}: AccountAreaProps) {
  const [state, setState] = useState<'member' | 'visitor'>(member ? 'member' : 'visitor');
  // Set once React owns the markup (tests and scripts wait for it before typing).
  const [hydrated, setHydrated] = useState(false);
  const accountUrl = `/${slug}/minha-conta`;

  useEffect(() => {
    setHydrated(true);
    const off = onSessionChange((user) => setState(user ? 'member' : 'visitor'));
    getSession(establishmentId).then(
      (user) => setState(user ? 'member' : 'visitor'),
      // Offline or a server error: the server's guess stays; 'Meus dados' says what it could not load.
      (err: unknown) => reportFailure(err, { call: 'GET /users/me (account)', role: 'background' }),
    );
    return off;
  }, [establishmentId]);

  if (state === 'visitor') {
    // Logging in from a child page comes back to it.
    const back = returnTo ?? (section === 'home' ? null : currentPath);
    return (
      <div data-account-area data-hydrated={hydrated || undefined}>
        <AuthForms establishmentId={establishmentId} slug={slug} accountUrl={accountUrl} returnTo={back} initial={authForm} referralCredit={referralCredit} />
      </div>
    );
  }

  const activeMenu: AccountSection = section === 'evaluation' ? 'pedidos' : section;
  return (
    <div
      className="grid grid-cols-1 gap-4 md:grid-cols-[14rem_minmax(0,1fr)] md:items-start md:gap-6"
      data-account-area
      data-hydrated={hydrated || undefined}
      data-account-layout
      data-section={section}
    >
      <nav
        aria-label={t('account:page.sideMenu')}
        className="min-w-0 rounded-xl border border-solid border-line bg-card p-2 md:sticky md:top-20"
        data-account-menu
      >
        <ul className="m-0 flex list-none flex-wrap gap-1 p-0 md:flex-col">
          {MENU.map((item) => (
            <li key={item.section}>
              <a
                href={`${accountUrl}${item.path}`}
                aria-current={item.section === activeMenu ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm ${item.section === activeMenu ? 'bg-brand font-semibold text-onbrand' : 'text-ink hover:bg-surface'}`}
                data-account-menu-item={item.section}
              >
                {t(`account:sections.${item.section}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 rounded-xl border border-solid border-line bg-card p-4 md:p-6" aria-labelledby="conta-titulo">
        <h1 id="conta-titulo" className="mb-1 mt-0 text-2xl font-bold text-ink">
          {t(`account:sections.${section}`)}
        </h1>
        {section === 'home' ? (
          <>
            <p className="mb-5 mt-0 text-sm text-muted">{t('account:profile.intro')}</p>
            <ProfileForm establishmentId={establishmentId} timeZone={timeZone} />
            <DataRights establishmentId={establishmentId} slug={slug} />
          </>
        ) : section === 'pedidos' ? (
          <OrdersList establishmentId={establishmentId} slug={slug} />
        ) : section === 'evaluation' ? (
          <OrderEvaluation establishmentId={establishmentId} slug={slug} timeZone={timeZone} />
        ) : section === 'enderecos' ? (
          <div className="mt-3">
            <AddressBook establishmentId={establishmentId} />
          </div>
        ) : section === 'reportar' || section === 'sugestoes' ? (
          <div className="mt-3">
            <FeedbackForm kind={section === 'reportar' ? 'report' : 'suggestion'} establishmentId={establishmentId} timeZone={timeZone} />
          </div>
        ) : section === 'carteira' ? (
          <Suspense fallback={<p className="mb-0 mt-3 text-muted">{t('account:page.walletLoading')}</p>}>
            <Wallet establishmentId={establishmentId} timeZone={timeZone} slug={slug} onlinePayment={onlinePayment} />
            <div className="mt-6 border-0 border-t border-solid border-line pt-5">
              <CreditsStatement establishmentId={establishmentId} timeZone={timeZone} />
            </div>
          </Suspense>
        ) : section === 'indicar' ? (
          <Suspense fallback={<p className="mb-0 mt-3 text-muted">{t('account:page.loading')}</p>}>
            <ReferralPanel establishmentId={establishmentId} establishmentName={establishmentName} timeZone={timeZone} />
          </Suspense>
        ) : (
          <>
            <p className="mb-5 mt-0 text-sm text-muted">{t('account:settings.intro')}</p>
            <PasswordForm establishmentId={establishmentId} />
          </>
        )}
      </section>
    </div>
  );
}
