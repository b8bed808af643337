// Visitor view of the account page: 'Entrar' and 'Criar conta' tabs. Login takes an
// e-mail or a celular and the password; registration takes nome, e-mail, celular (masked) and a
// 4-10 character password. Every API code has a Portuguese message. On success the session is
// set and the customer goes back to ?voltar= (a path of this store) or to the account home.
// The server renders working HTML forms: each posts (never a GET, which would put the password in
// the address) to the server's form endpoint with named fields, and the tabs are links, so they
// work before this island hydrates and without JavaScript; a refused post comes back with its
// code in the address (`initial`). Once hydrated, the island takes the submit over and calls the
// JSON API. A visitor who came through a friend's referral link (?indicacao=CODE) is told so on the
// registration form, with what both earn when the establishment runs a referral programme, and the
// code goes with the registration (a hidden field of the plain form too) (docs/api.md 'Referral').
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import type { AuthFormKind, AuthFormState } from '../../src/schemas/island-props.ts';
import { authFormUrl } from '../../src/lib/urls.ts';
import { referralInvitationText } from '../../src/i18n/messages.ts';
import type { FormTarget } from './auth-parts.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

interface Props {
  establishmentId: string;
  slug: string;
  accountUrl: string;
  returnTo: string | null;
  /** The tab, a refused post's code, what was typed and the referral code, from the address. */
  initial: Omit<AuthFormState, 'back'>;
  /** Centavos each side of a referral earns here (0 = no programme): the invitation says how much. */
  referralCredit: number;
}

type Tab = AuthFormKind;

export function AuthForms({ establishmentId, slug, accountUrl, returnTo, initial, referralCredit }: Props) {
  const uid = useId();
  const [tab, setTab] = useState<Tab>(initial.tab);
  const tabs: Tab[] = ['login', 'register'];
  const tabRefs = useRef<Record<Tab, HTMLAnchorElement | null>>({ login: null, register: null });
  const referral = initial.referral;
  const target = (form: Tab): FormTarget => ({ establishmentId, returnTo, initialError: form === initial.tab ? initial.error : null, referral });

  function onTabClick(event: MouseEvent<HTMLAnchorElement>, name: Tab) {
    // The link reloads the page on the other tab; once hydrated, switching is instant.
    event.preventDefault();
    setTab(name);
  }

  function onTabKey(event: KeyboardEvent<HTMLAnchorElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'login' ? 'register' : 'login';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  function done(user: UserView) {
    setSessionUser(establishmentId, toSessionUser(user));
    location.assign(returnTo ?? accountUrl);
  }

  return (
    <section className="mx-auto w-full max-w-md rounded-xl border border-solid border-line bg-card p-4 md:p-6" data-auth>
      <h1 className="mb-1 mt-0 text-2xl font-bold text-ink">{t('account:auth.heading')}</h1>
      <p className="mb-4 mt-0 text-sm text-muted">{t('account:auth.intro')}</p>
      <div role="tablist" aria-label={t('account:auth.tabs')} className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-surface p-1">
        {tabs.map((name) => (
          <a
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            href={authFormUrl(slug, { tab: name, back: returnTo, referral })}
            role="tab"
            id={`${uid}-tab-${name}`}
            aria-controls={`${uid}-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            onClick={(event) => onTabClick(event, name)}
            onKeyDown={onTabKey}
            className={`cursor-pointer rounded-md px-3 py-2 text-center text-sm font-semibold no-underline ${tab === name ? 'bg-card text-ink shadow' : 'bg-transparent text-muted'}`}
            data-auth-tab={name}
          >
            {name === 'login' ? t('account:auth.loginTab') : t('account:auth.registerTab')}
          </a>
        ))}
      </div>
      <div role="tabpanel" id={`${uid}-panel-${tab}`} aria-labelledby={`${uid}-tab-${tab}`}>
        {tab === 'login' ? (
          <LoginForm target={target('login')} initialLogin={initial.login} onDone={done} />
        ) : (
          <RegisterForm
            target={target('register')}
            initialEmail={initial.email}
            invitation={referral ? referralInvitationText(referralCredit) : null}
            onDone={done}
          />
        )}
      </div>
    </section>
  );
}
