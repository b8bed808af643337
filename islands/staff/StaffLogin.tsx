// The panel's log in: e-mail and password of the establishment named by the page's address. Checks
// the fields here, then calls the API; a refusal is said in Portuguese above the form.
import { useId, useState, type SubmitEvent } from 'react';
import { call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { StaffLoginProps } from '../../src/schemas/island-props.ts';
import { Button } from '../shared/Button.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { failureText, looksLikeEmail, panelPaths } from './staff-texts.ts';

export default function StaffLogin({ establishmentId, slug, initialEmail }: StaffLoginProps) {
  const uid = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const next = {
      email: looksLikeEmail(email) ? undefined : t('staff:page.email_invalid'),
      password: password ? undefined : t('staff:page.password_required'),
    };
    setErrors(next);
    setAlert('');
    if (next.email || next.password) {
      document.getElementById(next.email ? `${uid}-email` : `${uid}-password`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call('POST /staff/login', { body: { establishment_id: establishmentId, email: email.trim(), password } });
      window.location.assign(panelPaths.home(slug));
    } catch (err) {
      setBusy(false);
      setAlert(failureText(err));
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4" data-staff-login>
      <FormAlert message={alert} />
      <Field
        id={`${uid}-email`}
        name="email"
        label={t('staff:page.email')}
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
        maxLength={254}
      />
      <Field
        id={`${uid}-password`}
        name="password"
        label={t('staff:page.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
        maxLength={200}
      />
      <Button type="submit" size="large" loading={busy}>
        {busy ? t('staff:page.sending') : t('staff:page.submit')}
      </Button>
    </form>
  );
}
