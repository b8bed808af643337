// 'Meus dados' verification block: the phone (opens the phone drawer, ./PhoneDrawer.tsx) and the
// e-mail (a code sent to the address and typed back here). Each says 'Verificado' only when the
// server's answer says so.
import { useId, useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { CODE_LENGTH } from '../../src/domain/one-time-code.ts';
import { maskPhone, phoneDigits } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { SubmitButton, errorText } from './form.tsx';
import { Field } from '../shared/Field.tsx';
import { PhoneDrawer } from './PhoneDrawer.tsx';
import { EMAIL_CALL, sendBudgetCode, sendEmailCode, validateEmail } from './verification-api.ts';
import { buttonClass } from '../shared/Button.tsx';

/** What the block reads of the user: the checkout passes the session's user, 'Meus dados' the profile. */
export type ContactUser = Pick<UserView, 'phone' | 'email' | 'phone_verified' | 'email_verified'>;

const button = buttonClass('secondary', 'compact');

function Status({ verified, hook }: { verified: boolean; hook: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${verified ? 'bg-green-100 text-green-900' : 'bg-surface text-ink'}`}
      data-verified={verified ? 'true' : 'false'}
      data-contact-status={hook}
    >
      {t(verified ? 'account:verification.verified' : 'account:verification.notVerified')}
    </span>
  );
}

/** The e-mail block [R-2.101 in the account area]: send a code, type it back. */
function EmailVerification({ establishmentId, user, onVerified }: { establishmentId: string; user: ContactUser; onVerified: (u: UserView) => void }) {
  const uid = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError('');
    try {
      await sendEmailCode(establishmentId, user.email);
      setSentTo(user.email);
      setCode('');
      toast(t('account:verification.codeSent'), { kind: 'success' });
    } catch (err) {
      if (reportFailure(err, EMAIL_CALL).kind === 'session_ended') return;
      const budget = sendBudgetCode(err);
      const text = budget
        ? errorText(budget)
        : err instanceof ApiFailure && err.status === 429
          ? t('account:verification.emailTooMany')
          : t('account:verification.unexpectedError');
      setError(text);
      toast(text, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: SubmitEvent) {
    event.preventDefault();
    if (!sentTo) return;
    if (code.length !== CODE_LENGTH) {
      setError(t('account:verification.codeInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await validateEmail(establishmentId, sentTo, code);
      if (answer.user) onVerified(answer.user);
      setSentTo(null);
      toast(t('account:verification.emailConfirmed'), { kind: 'success' });
    } catch (err) {
      if (reportFailure(err, EMAIL_CALL).kind === 'session_ended') return;
      const text =
        err instanceof ApiFailure && err.status === 400
          ? err.code === 'code_expired'
            ? errorText('code_expired')
            : t('account:verification.codeInvalid')
          : t('account:verification.unexpectedError');
      setError(text);
      setCode('');
      toast(text, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

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
        <button type="button" className={button} disabled={busy} onClick={() => void send()} data-email-send>
          {t('account:verification.verifyEmail')}
        </button>
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
        onChange={(e) => setCode(phoneDigits(e.target.value).slice(0, CODE_LENGTH))}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} label={t('account:verification.emailConfirm')} />
        <button type="button" className={button} disabled={busy} onClick={() => void send()} data-email-resend>
          {t('account:verification.resend')}
        </button>
      </div>
    </form>
  );
}

export function ContactVerification({
  establishmentId,
  user,
  onUser,
  level = 'h3',
}: {
  establishmentId: string;
  user: ContactUser;
  onUser: (u: UserView) => void;
  /** The heading's level where the block sits ('h4' inside the checkout's payment section). */
  level?: 'h3' | 'h4';
}) {
  const uid = useId();
  const Heading = level;
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  return (
    <section aria-labelledby={`${uid}-title`} className="flex flex-col gap-4 border-t border-t-solid border-line pt-5" data-contact-verification>
      <div>
        <Heading id={`${uid}-title`} className="m-0 text-lg font-bold">
          {t('account:verification.title')}
        </Heading>
        <p className="m-0 text-sm text-muted">{t('account:verification.intro')}</p>
      </div>
      <div className="flex flex-col gap-2" data-phone-block>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('account:verification.phoneLabel')}</span>
          <span>{user.phone ? maskPhone(user.phone) : t('account:verification.noPhone')}</span>
          <Status verified={user.phone_verified} hook="phone" />
        </div>
        {!user.phone_verified && (
          <div>
            <button type="button" className={button} onClick={(e) => setDrawer(e.currentTarget)} data-phone-open>
              {t('account:verification.verifyPhone')}
            </button>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2" data-email-block>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t('account:verification.emailLabel')}</span>
          <span className="break-all">{user.email}</span>
          <Status verified={user.email_verified} hook="email" />
        </div>
        <EmailVerification establishmentId={establishmentId} user={user} onVerified={onUser} />
      </div>
      {drawer && <PhoneDrawer establishmentId={establishmentId} user={user} onClose={() => setDrawer(null)} onVerified={onUser} />}
    </section>
  );
}
