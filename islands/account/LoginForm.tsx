// The 'Entrar' form: an e-mail or a celular and the password, checked here before the API is called.
// It posts to the server's form endpoint until hydrated, then calls the JSON API itself.
import { useId, useState, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { AUTH_FORM_ACTIONS } from '../../src/lib/urls.ts';
import { Field, FormAlert } from '../shared/Field.tsx';
import { fieldErrorsOf, HiddenFields, loginValue, PasswordField, type FormTarget } from './auth-parts.tsx';
import { SubmitButton, errorText } from './form.tsx';
import { loginError, type FieldErrors } from './rules.ts';

export function LoginForm({ target, initialLogin, onDone }: { target: FormTarget; initialLogin: string; onDone: (u: UserView) => void }) {
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
