// 'Equipe', the owner's part of the panel: invite someone by e-mail, see the invitations not yet
// accepted and revoke one (./PendingInvitations.tsx), see who is in the team, and remove a member
// after a confirmation (their sessions end at once). Refusals are said in Portuguese.
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { StaffMemberView } from '../../src/schemas/api-staff.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { failureText, looksLikeEmail } from './staff-texts.ts';
import { PendingInvitations } from './PendingInvitations.tsx';

export function TeamSection({ establishmentId, selfId, timeZone }: { establishmentId: string; selfId: string; timeZone: string }) {
  const uid = useId();
  const [members, setMembers] = useState<StaffMemberView[]>([]);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const [sent, setSent] = useState(0);

  const load = useCallback(async () => {
    try {
      setMembers((await call('GET /establishments/:id/staff', { params: { id: establishmentId } })).members);
    } catch (err) {
      setAlert(failureText(err));
    }
  }, [establishmentId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function invite(event: SubmitEvent) {
    event.preventDefault();
    setAlert('');
    setStatus('');
    if (!looksLikeEmail(email)) {
      setEmailError(t('staff:page.email_invalid'));
      document.getElementById(`${uid}-email`)?.focus();
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      const sent = await call('POST /establishments/:id/staff/invitations', { params: { id: establishmentId }, body: { email: email.trim() } });
      setStatus(t('staff:team.invited', { email: sent.email }));
      setEmail('');
      setSent((n) => n + 1);
    } catch (err) {
      setAlert(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove(member: StaffMemberView) {
    setRemoving(null);
    setAlert('');
    setStatus('');
    try {
      await call('DELETE /establishments/:id/staff/:memberId', { params: { id: establishmentId, memberId: member._id } });
      setStatus(t('staff:team.removed', { name: member.name }));
      await load();
    } catch (err) {
      setAlert(failureText(err));
    }
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="flex flex-col gap-4 rounded-2xl border border-solid border-line bg-card p-4" data-staff-team>
      <h2 id={`${uid}-heading`} className="m-0 text-lg font-bold text-ink">
        {t('staff:team.heading')}
      </h2>
      <FormAlert message={alert} />
      <p role="status" className="m-0 text-sm text-ink" data-staff-team-status>
        {status}
      </p>
      <form noValidate onSubmit={invite} className="flex flex-col gap-3 sm:flex-row sm:items-end" data-staff-invite>
        <Field
          id={`${uid}-email`}
          name="email"
          label={t('staff:team.inviteEmail')}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="flex-1"
          value={email}
          error={emailError}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={254}
        />
        <Button type="submit" loading={busy}>
          {t('staff:team.inviteSubmit')}
        </Button>
      </form>
      <PendingInvitations establishmentId={establishmentId} timeZone={timeZone} sent={sent} setStatus={setStatus} setAlert={setAlert} />
      <h3 className="m-0 text-base font-semibold text-ink">{t('staff:team.listHeading')}</h3>
      <ul className="flex flex-col gap-2" data-staff-members>
        {members.map((m) => (
          <li key={m._id} className="flex flex-wrap items-center gap-2 border-t border-solid border-line pt-2" data-staff-member={m.email}>
            <span className="font-semibold text-ink">{m.name}</span>
            <span className="text-sm text-muted">{m.email}</span>
            <span className="text-sm text-muted">
              ({t(`staff:roles.${m.role}`)}
              {m._id === selfId ? `, ${t('staff:team.you')}` : ''})
            </span>
            {m._id !== selfId && (
              <Button
                variant="outline"
                size="small"
                className="ml-auto"
                aria-label={t('staff:team.removeLabel', { name: m.name })}
                onClick={() => setRemoving(m)}
              >
                {t('staff:team.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          message={t('staff:team.confirmRemove', { name: removing.name })}
          cancelLabel={t('staff:team.cancel')}
          confirmLabel={t('staff:team.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </section>
  );
}
