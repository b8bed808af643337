// 'Configurações' (the user menu's 'settings' ): the account's password, changed apart
// from the personal data of 'Meus dados'. The current password is asked first (a session left open
// on a shared phone is not enough to take the account); the new password and its confirmation are
// checked with the API's rules and saved by PUT /users/me; the server then ends
// the account's sessions on other devices (this one stays), which the form says before the
// customer saves. A wrong current password is said under its field; too many, above the form.
import { useId, useState, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { SubmitButton, errorText } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { newPasswordErrors, type FieldErrors } from './rules.ts';

/** Any answered refusal says 'not changed'; the fields it names are marked too. */
const SAVE: CallPolicy = { call: 'PUT /users/me (password)', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'account:settings.notSaved' } : null) };
/** What the form says in place (under the current password, above the form) instead of a toast. */
const SHOWN_HERE: ReadonlySet<string> = new Set(['wrong_password', 'too_many_attempts']);
const IN_PLACE: CallPolicy = { call: SAVE.call, role: 'in_place' };

export function PasswordForm({ establishmentId }: { establishmentId: string }) {
  const uid = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const codes: Record<string, string | undefined> = password || confirmation ? newPasswordErrors(password, confirmation) : { password: 'password_length' };
    if (!current) codes.current_password = 'password_required';
    const found: FieldErrors = {};
    for (const [k, code] of Object.entries(codes)) if (code) found[k] = errorText(code);
    setErrors(found);
    setAlert('');
    const first = (['current_password', 'password', 'password_confirmation'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call('PUT /users/me', { body: { current_password: current, password, password_confirmation: confirmation }, establishmentId });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      toast(t('account:settings.saved'), { kind: 'success' });
    } catch (err) {
      const own = err instanceof ApiFailure && SHOWN_HERE.has(err.code);
      if (reportFailure(err, own ? IN_PLACE : SAVE).kind === 'session_ended') return;
      if (err instanceof ApiFailure) {
        const fieldErrors: FieldErrors = {};
        for (const f of err.fields ?? []) fieldErrors[f.path.split('.')[0] ?? f.path] ??= errorText(f.code, f.message);
        if (err.code === 'wrong_password') fieldErrors.current_password = errorText(err.code);
        if (err.code === 'too_many_attempts') setAlert(errorText(err.code));
        setErrors(fieldErrors);
        if (fieldErrors.current_password) document.getElementById(`${uid}-current_password`)?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4" data-password-form>
      <h2 className="m-0 text-lg font-bold text-ink">{t('account:settings.passwordTitle')}</h2>
      <p className="m-0 text-sm text-muted">{t('account:settings.passwordIntro')}</p>
      <FormAlert message={alert} />
      <Field
        id={`${uid}-current_password`}
        name="current_password"
        type="password"
        label={t('account:settings.currentPassword')}
        autoComplete="current-password"
        value={current}
        error={errors.current_password}
        maxLength={200}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        id={`${uid}-password`}
        name="password"
        type="password"
        label={t('account:profile.password')}
        autoComplete="new-password"
        value={password}
        error={errors.password}
        hint={t('account:auth.passwordHint')}
        maxLength={200}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        id={`${uid}-password_confirmation`}
        name="password_confirmation"
        type="password"
        label={t('account:profile.passwordConfirmation')}
        autoComplete="new-password"
        value={confirmation}
        error={errors.password_confirmation}
        maxLength={200}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <div>
        <SubmitButton busy={busy} label={t('account:settings.submit')} />
      </div>
    </form>
  );
}
