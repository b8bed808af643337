// 'Excluir minha conta' (./DataRights.tsx opens it): the password, and, when the account holds
// credit, the box saying it is lost; its data and action are ./useDeleteAccount.ts.
import { useId } from 'react';
import { t } from '../../src/i18n/index.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { Button } from '../shared/Button.tsx';
import { money, useDeleteAccount } from './useDeleteAccount.ts';

export interface DeleteAccountDialogProps {
  establishmentId: string;
  slug: string;
  credits: number;
  opener: HTMLElement | null;
  onClose: () => void;
}

export function DeleteAccountDialog({ establishmentId, slug, credits: knownCredits, opener, onClose }: DeleteAccountDialogProps) {
  const uid = useId();
  const formId = `${uid}-form`;
  const { passwordRef, password, setPassword, credits, forfeit, setForfeit, errors, alert, busy, submit } = useDeleteAccount(
    establishmentId,
    slug,
    knownCredits,
    `${uid}-forfeit`,
  );

  return (
    <Dialog
      titleId={`${uid}-title`}
      title={t('account:dataRights.deleteTitle')}
      onClose={() => {
        if (!busy) onClose();
      }}
      opener={opener}
      initialFocus={passwordRef}
      hook={{ 'data-delete-account-dialog': '' }}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-delete-cancel>
            {t('account:dataRights.cancel')}
          </Button>
          <Button type="submit" variant="destructive" form={formId} disabled={busy} aria-busy={busy || undefined} data-delete-confirm>
            {busy ? t('account:dataRights.deleting') : t('account:dataRights.confirm')}
          </Button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-4">
        <p className="m-0 text-ink">{t('account:dataRights.deleteIntro')}</p>
        <p className="m-0 text-sm text-muted">{t('account:dataRights.deleteKept')}</p>
        <FormAlert message={alert} />
        {credits > 0 && (
          <div className="flex flex-col gap-1" data-field="forfeit">
            <label className="flex items-start gap-2 text-ink">
              <input
                id={`${uid}-forfeit`}
                type="checkbox"
                checked={forfeit}
                onChange={(e) => setForfeit(e.target.checked)}
                aria-invalid={errors.forfeit ? true : undefined}
                aria-describedby={errors.forfeit ? `${uid}-forfeit-error` : undefined}
                className="mt-1 h-5 w-5 flex-none"
                data-delete-forfeit
              />
              <span>{t('account:dataRights.forfeit', { amount: money(credits) })}</span>
            </label>
            {errors.forfeit && (
              <p id={`${uid}-forfeit-error`} className="m-0 text-sm text-red-700 dark:text-red-400" data-field-error="forfeit">
                {errors.forfeit}
              </p>
            )}
          </div>
        )}
        <Field
          ref={passwordRef}
          id={`${uid}-password`}
          name="password"
          type="password"
          label={t('account:dataRights.password')}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          maxLength={200}
          onChange={(e) => setPassword(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
