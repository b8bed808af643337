// The e-mail block of the contact verification [R-2.101 in the account area] (./ContactVerification.tsx):
// send a code, type it back; its data and actions are ./useEmailVerification.ts.
import { useId } from 'react';
import { CODE_LENGTH } from '../../src/domain/one-time-code.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { SubmitButton } from './form.tsx';
import { Field } from '../shared/Field.tsx';
import { Button } from '../shared/Button.tsx';
import type { ContactUser } from './ContactVerification.tsx';
import { useEmailVerification } from './useEmailVerification.ts';

export function EmailVerification({ establishmentId, user, onVerified }: { establishmentId: string; user: ContactUser; onVerified: (u: UserView) => void }) {
  const uid = useId();
  const { sentTo, code, setCode, error, busy, send, confirm } = useEmailVerification(establishmentId, user.email, onVerified);

  if (user.email_verified) return null;
  if (!sentTo)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="m-0 text-sm text-muted">{t('account:verification.emailSendText', { email: user.email })}</p>
        {error && (
          <p role="alert" className="m-0 text-sm text-red-700" data-email-error>
            {error}
          </p>
        )}
        <Button variant="secondary" size="compact" disabled={busy} onClick={() => void send()} data-email-send>
          {t('account:verification.verifyEmail')}
        </Button>
      </div>
    );
  return (
    <form noValidate onSubmit={confirm} className="flex flex-col gap-3" data-email-code-form>
      <p className="m-0 text-sm">{t('account:verification.emailCodeText', { email: sentTo })}</p>
      <Field
        id={`${uid}-code`}
        name="email-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('account:verification.codeField')}
        value={code}
        error={error}
        maxLength={CODE_LENGTH}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} label={t('account:verification.emailConfirm')} />
        <Button variant="secondary" size="compact" disabled={busy} onClick={() => void send()} data-email-resend>
          {t('account:verification.resend')}
        </Button>
      </div>
    </form>
  );
}
