// The 'Criar conta' form: nome, e-mail, celular (masked) and a 4-10 character password, with the
// friend's invitation when the visitor came through a referral link. Registration normally opens the
// session; when it does not, the form logs in with what was just typed.
import { useId, useState, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { hasSessionHint } from '../../src/client/session.ts';
import { maskPhone, phoneForApi } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { AUTH_FORM_ACTIONS } from '../../src/lib/urls.ts';
import { Field, FormAlert } from '../shared/Field.tsx';
import { fieldErrorsOf, HiddenFields, PasswordField, type FormTarget } from './auth-parts.tsx';
import { SubmitButton, errorText } from './form.tsx';
import { emailError, nameError, passwordError, phoneError, type FieldErrors } from './rules.ts';

export function RegisterForm({
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
