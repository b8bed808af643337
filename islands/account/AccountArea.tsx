// The account area [R-2.19..R-2.27]: visitors get the login/registration tabs; customers get the
// account layout (side menu) with 'Meus dados' at the home (and under it the data rights: the
// copy of their data, the account's erasure), their orders, addresses, the problem
// report and suggestion forms, the password in 'Configurações', the wallet ('Carteira': the saved
// cards, islands/cards/Wallet.tsx, and the credits with their statement, loaded only there)
// and the referral ('Indicar a loja', loaded only there). The server guesses from the session hint cookie so
// the first paint is usually right; the browser confirms with getSession() and follows logins
// and logouts, here and in the establishment's other tabs (a 401 puts the login form back)
//
// The parts: ./useAccountSession.ts (member or visitor), ./AccountMenu.tsx (the side menu),
// ./AccountSectionContent.tsx (what each section shows).
import { t } from '../../src/i18n/index.ts';
import type { AccountAreaProps, AccountSection } from '../../src/schemas/island-props.ts';
import { AuthForms } from './AuthForms.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { AccountSectionContent } from './AccountSectionContent.tsx';
import { useAccountSession } from './useAccountSession.ts';

export default function AccountArea(props: AccountAreaProps) {
  const { establishmentId, slug, section, member, returnTo, currentPath, authForm, referralCredit } = props;
  const { state, hydrated } = useAccountSession(establishmentId, member);
  const accountUrl = `/${slug}/minha-conta`;

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
      <AccountMenu accountUrl={accountUrl} active={activeMenu} />
      <section className="min-w-0 rounded-xl border border-solid border-line bg-card p-4 md:p-6" aria-labelledby="conta-titulo">
        <h1 id="conta-titulo" className="mb-1 mt-0 text-2xl font-bold text-ink">
          {t(`account:sections.${section}`)}
        </h1>
        <AccountSectionContent {...props} />
      </section>
    </div>
  );
}
