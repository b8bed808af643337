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
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { hasSessionHint, setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { maskPhone, phoneForApi } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import type { AuthFormKind, AuthFormState } from '../../src/schemas/island-props.ts';
import { AUTH_FORM_ACTIONS, authFormUrl } from '../../src/lib/urls.ts';
import { SubmitButton, errorText } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { referralInvitationText } from '../../src/i18n/messages.ts';
import { emailError, loginError, nameError, passwordError, phoneError, type FieldErrors } from './rules.ts';

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

/** What each form needs to post by itself: where to, the establishment and the way back. */
interface FormTarget {
  establishmentId: string;
  returnTo: string | null;
  /** The refusal's code the page came back with, when this is the form that was refused. */
  initialError: string | null;
  /** The referral code of the link the visitor came through ('' when none): the registration sends it. */
  referral: string;
}

/** The fields a plain browser post adds to the visible ones (the registration's also the referral code). */
function HiddenFields({ establishmentId, returnTo, referral }: Pick<FormTarget, 'establishmentId' | 'returnTo'> & { referral?: string }) {
  return (
    <>
      <input type="hidden" name="establishment_id" value={establishmentId} />
      {returnTo && <input type="hidden" name="voltar" value={returnTo} />}
      {referral && <input type="hidden" name="referral_code" value={referral} />}
    </>
  );
}

function loginValue(raw: string): string {
  const v = raw.trim();
  return v.includes('@') ? v.toLowerCase() : phoneForApi(v);
}

/** Field problems from a 400 invalid_body, keyed by field path, in Portuguese. */
function fieldErrorsOf(err: ApiFailure): FieldErrors {
  const out: FieldErrors = {};
  for (const f of err.fields ?? []) {
    const key = f.path.split('.')[0] ?? f.path;
    out[key] ??= errorText(f.code, f.message);
  }
  return out;
}

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

function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  autoComplete: string;
  onChange: (v: string) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={props.id}
      name={props.name}
      label={props.label}
      type={shown ? 'text' : 'password'}
      value={props.value}
      error={props.error}
      hint={props.hint}
      autoComplete={props.autoComplete}
      maxLength={200}
      onChange={(e) => props.onChange(e.target.value)}
      className=""
      after={
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-pressed={shown}
          className="absolute right-1 cursor-pointer rounded-md border-0 bg-transparent px-2 py-1 text-xs font-semibold text-brand"
        >
          {shown ? t('account:auth.hidePassword') : t('account:auth.showPassword')}
        </button>
      }
    />
  );
}

function LoginForm({ target, initialLogin, onDone }: { target: FormTarget; initialLogin: string; onDone: (u: UserView) => void }) {
  const { establishmentId } = target;
  const uid = useId();
  const [login, setLogin] = useState(initialLogin);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState(errorText(target.initialError ?? undefined));
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const next: FieldErrors = { login: errorText(loginError(login) ?? undefined), password: password ? undefined : t('account:errors.password_required') };
    setErrors(next);
    setAlert('');
    if (next.login || next.password) {
      document.getElementById(next.login ? `${uid}-login` : `${uid}-password`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await call('POST /auth/login', {
        body: { establishment_id: establishmentId, login: loginValue(login), password },
        establishmentId,
      });
      onDone(res.user);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiFailure) {
        if (err.code === 'invalid_body' && err.fields?.length) setErrors(fieldErrorsOf(err));
        setAlert(errorText(err.code));
      } else setAlert(t('account:errors.unknown_error'));
    }
  }

  return (
    <form method="post" action={AUTH_FORM_ACTIONS.login} noValidate onSubmit={submit} className="flex flex-col gap-4" data-login-form>
      <HiddenFields establishmentId={target.establishmentId} returnTo={target.returnTo} />
      <FormAlert message={alert} />
      <Field
        id={`${uid}-login`}
        name="login"
        label={t('account:auth.login')}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={login}
        error={errors.login}
        onChange={(e) => setLogin(e.target.value)}
        maxLength={254}
      />
      <PasswordField
        id={`${uid}-password`}
        name="password"
        label={t('account:auth.password')}
        value={password}
        error={errors.password}
        autoComplete="current-password"
        onChange={setPassword}
      />
      <SubmitButton busy={busy} label={t('account:auth.submitLogin')} />
    </form>
  );
}

function RegisterForm({
  target,
  initialEmail,
  invitation,
  onDone,
}: {
  target: FormTarget;
  initialEmail: string;
  /** What a visitor who came through a friend's link earns (null without a link or a programme). */
  invitation: string | null;
  onDone: (u: UserView) => void;
}) {
  const { establishmentId } = target;
  const uid = useId();
  const [values, setValues] = useState({ name: '', email: initialEmail, phone: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState(errorText(target.initialError ?? undefined));
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const codes = { name: nameError(values.name), email: emailError(values.email), phone: phoneError(values.phone), password: passwordError(values.password) };
    const next: FieldErrors = {};
    for (const [k, code] of Object.entries(codes)) if (code) next[k] = errorText(code);
    setErrors(next);
    setAlert('');
    const first = (['name', 'email', 'phone', 'password'] as const).find((k) => next[k]);
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const body = {
      establishment_id: establishmentId,
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      phone: phoneForApi(values.phone),
      password: values.password,
      ...(target.referral ? { referral_code: target.referral } : {}),
    };
    try {
      const res = await call('POST /auth/register', { body, establishmentId });
      let user = res.user;
      // Registration normally opens the session; if it did not, log in with what was just typed.
      if (!hasSessionHint(establishmentId)) {
        const login = await call('POST /auth/login', {
          body: { establishment_id: establishmentId, login: body.email, password: body.password },
          establishmentId,
        });
        user = login.user;
      }
      onDone(user);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiFailure)) {
        setAlert(t('account:errors.unknown_error'));
        return;
      }
      if (err.code === 'email_taken') setErrors({ email: errorText(err.code) });
      else if (err.code === 'phone_taken') setErrors({ phone: errorText(err.code) });
      else if (err.code === 'invalid_body' && err.fields?.length) setErrors(fieldErrorsOf(err));
      setAlert(errorText(err.code));
    }
  }

  return (
    <form method="post" action={AUTH_FORM_ACTIONS.register} noValidate onSubmit={submit} className="flex flex-col gap-4" data-register-form>
      <HiddenFields {...target} />
      {invitation && (
        <p className="m-0 rounded-lg border border-solid border-brand bg-surface px-3 py-2 text-ink" data-referral-invitation>
          {invitation}
        </p>
      )}
      <FormAlert message={alert} />
      <Field
        id={`${uid}-name`}
        name="name"
        label={t('account:auth.name')}
        autoComplete="name"
        value={values.name}
        error={errors.name}
        maxLength={200}
        onChange={(e) => set('name', e.target.value)}
      />
      <Field
        id={`${uid}-email`}
        name="email"
        label={t('account:auth.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        error={errors.email}
        maxLength={254}
        onChange={(e) => set('email', e.target.value)}
      />
      <Field
        id={`${uid}-phone`}
        name="phone"
        label={t('account:auth.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('account:auth.phonePlaceholder')}
        value={values.phone}
        error={errors.phone}
        maxLength={15}
        onChange={(e) => set('phone', maskPhone(e.target.value))}
      />
      <PasswordField
        id={`${uid}-password`}
        name="password"
        label={t('account:auth.password')}
        value={values.password}
        error={errors.password}
        hint={t('account:auth.passwordHint')}
        autoComplete="new-password"
        onChange={(v) => set('password', v)}
      />
      <SubmitButton busy={busy} label={t('account:auth.submitRegister')} />
    </form>
  );
}
