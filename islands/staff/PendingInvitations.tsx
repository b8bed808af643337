// The invitations of 'Equipe' not yet accepted: to whom, with what role and until when, each
// revocable after a confirmation (its link then stops working). Read again after each invitation
// sent (`sent` changes). What it has to say goes to the section's one status line and alert.
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import type { StaffInvitationView } from '../../src/schemas/api-staff.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { zonedDateTime } from '../order/format.ts';
import { failureText } from './staff-texts.ts';

interface PendingInvitationsProps {
  establishmentId: string;
  timeZone: string;
  sent: number;
  setStatus: (text: string) => void;
  setAlert: (text: string) => void;
}

export function PendingInvitations({ establishmentId, timeZone, sent, setStatus, setAlert }: PendingInvitationsProps) {
  const [invitations, setInvitations] = useState<StaffInvitationView[] | null>(null);
  const [revoking, setRevoking] = useState<StaffInvitationView | null>(null);

  const load = useCallback(async () => {
    try {
      setInvitations((await call('GET /establishments/:id/staff/invitations', { params: { id: establishmentId } })).invitations);
    } catch (err) {
      setAlert(failureText(err));
    }
  }, [establishmentId, setAlert]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `sent` is when to read again
  useEffect(() => {
    void load();
  }, [load, sent]);

  async function revoke(invitation: StaffInvitationView) {
    setRevoking(null);
    setAlert('');
    setStatus('');
    try {
      await call('DELETE /establishments/:id/staff/invitations/:invitationId', { params: { id: establishmentId, invitationId: invitation._id } });
      setStatus(t('staff:team.invitationRevoked', { email: invitation.email }));
    } catch (err) {
      setAlert(failureText(err));
    }
    await load();
  }

  return (
    <div className="flex flex-col gap-2" data-staff-invitations>
      <h3 className="m-0 text-base font-semibold text-ink">{t('staff:team.invitationsHeading')}</h3>
      {invitations?.length === 0 && <p className="m-0 text-sm text-muted">{t('staff:team.noInvitations')}</p>}
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {invitations?.map((i) => (
          <li key={i._id} className="flex flex-wrap items-center gap-2 border-t border-solid border-line pt-2" data-staff-invitation={i.email}>
            <span className="font-semibold text-ink">{i.email}</span>
            <span className="text-sm text-muted">
              {t('staff:team.invitation', { role: t(`staff:roles.${i.role}`), until: zonedDateTime(i.expires_at, timeZone) })}
            </span>
            <Button
              variant="outline"
              size="small"
              className="ml-auto"
              aria-label={t('staff:team.revokeInvitationLabel', { email: i.email })}
              onClick={() => setRevoking(i)}
            >
              {t('staff:team.revokeInvitation')}
            </Button>
          </li>
        ))}
      </ul>
      {revoking && (
        <ConfirmDialog
          message={t('staff:team.confirmRevokeInvitation', { email: revoking.email })}
          cancelLabel={t('staff:team.keepInvitation')}
          confirmLabel={t('staff:team.revokeInvitation')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </div>
  );
}
