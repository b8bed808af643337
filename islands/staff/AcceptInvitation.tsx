// Accepting an invitation to the establishment's team: the invitee's name and a new password for
// the token in the page's address. Once accepted, the way to log in (the e-mail is the invitation's).
import { useId, useState, type SubmitEvent } from 'react';
import { call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { AcceptInvitationProps } from '../../src/schemas/island-props.ts';
import { STAFF_NAME_MIN, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../../src/schemas/staff-fields.ts';
import { Button, ButtonLink } from '../shared/Button.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { failureText, panelPaths } from './staff-texts.ts';

export default function AcceptInvitation({ establishmentId, slug, token }: AcceptInvitationProps) {
  const uid = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const limits = { min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const next = {
      name: name.trim().length >= STAFF_NAME_MIN ? undefined : t('staff:page.name_length', { min: STAFF_NAME_MIN }),
      password: password.length >= STAFF_PASSWORD_MIN && password.length <= STAFF_PASSWORD_MAX ? undefined : t('staff:page.password_length', limits),
    };
    setErrors(next);
    setAlert('');
    if (next.name || next.password) {
      document.getElementById(next.name ? `${uid}-name` : `${uid}-password`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { member } = await call('POST /staff/invitations/accept', { body: { establishment_id: establishmentId, token, name: name.trim(), password } });
      setAccepted(member.email);
    } catch (err) {
      setAlert(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  if (accepted !== null)
    return (
      <div className="flex flex-col gap-4" data-invitation-accepted>
        <p role="status" className="m-0 text-ink">
          {t('staff:page.accepted')}
        </p>
        <ButtonLink href={panelPaths.login(slug, accepted)} size="large">
          {t('staff:page.goToLogin')}
        </ButtonLink>
      </div>
    );

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4" data-accept-invitation>
      <FormAlert message={alert} />
      <Field
        id={`${uid}-name`}
        name="name"
        label={t('staff:page.name')}
        autoComplete="name"
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
        maxLength={200}
      />
      <Field
        id={`${uid}-password`}
        name="password"
        label={t('staff:page.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('staff:page.passwordHint', limits)}
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
        maxLength={STAFF_PASSWORD_MAX}
      />
      <Button type="submit" size="large" loading={busy}>
        {t('staff:page.accept')}
      </Button>
    </form>
  );
}
