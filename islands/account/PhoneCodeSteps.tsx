// The phone drawer's steps once a code is sent: sms-verification (the 4-digit code; resending
// counts ), phone-verification (confirmed) and the two failures, unexpected-error
// and sms-error (429; a send budget other than the phone's own names itself there, and
// offers only 'Depois').
import { CODE_LENGTH, CODE_MAX_SENDS } from '../../src/domain/one-time-code.ts';
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import { buttonClass } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import type { ContactUser } from './ContactVerification.tsx';
import type { PhoneFlow } from './usePhoneVerification.ts';

const secondary = buttonClass('secondary', 'large');
const primary = buttonClass('primary', 'large');

export function SmsCodeStep({ flow: { uid, state, target, busy, send, typeCode } }: { flow: PhoneFlow }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0">{t('account:verification.smsStepText', { phone: maskPhone(target) })}</p>
      <Field
        id={`${uid}-code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t('account:verification.codeField')}
        value={state.verification.code}
        error={state.errors.code}
        maxLength={CODE_LENGTH}
        disabled={busy}
        onChange={(e) => typeCode(e.target.value)}
      />
      {busy && (
        <p className="m-0 text-sm text-muted" aria-live="polite">
          {t('account:verification.checking')}
        </p>
      )}
      {state.verification.attempts > 1 && (
        <p className="m-0 text-sm text-muted" data-phone-sends>
          {t('account:verification.resent', { count: state.verification.attempts, max: CODE_MAX_SENDS })}
        </p>
      )}
      <div>
        <button type="button" className={secondary} disabled={busy} onClick={() => void send(target)} data-phone-resend>
          {t('account:verification.resend')}
        </button>
      </div>
    </div>
  );
}

export function PhoneVerifiedStep({ target, onClose }: { target: string; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4" data-phone-verified>
      <p className="m-0 text-lg font-bold">{t('account:verification.phoneConfirmed')}</p>
      <p className="m-0">{t('account:verification.phoneConfirmedText', { phone: maskPhone(target) })}</p>
      <div>
        <button type="button" className={primary} onClick={onClose}>
          {t('account:verification.done')}
        </button>
      </div>
    </div>
  );
}

export function PhoneErrorStep({ flow: { step, budgetText, go }, user, onClose }: { flow: PhoneFlow; user: ContactUser; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="m-0 font-semibold" data-phone-error={step}>
        {step === 'sms-error' ? budgetText || t('account:verification.smsError') : t('account:verification.unexpectedError')}
      </p>
      <div className="flex flex-col gap-2 md:flex-row">
        {/* Another number or another try does not help once a budget of the account, network or server is spent. */}
        {!(step === 'sms-error' && budgetText) && (
          <button type="button" className={primary} onClick={() => go(step === 'sms-error' ? 'phone-add' : user.phone ? 'phone-init' : 'phone-add')}>
            {t(step === 'sms-error' ? 'account:verification.changeNumber' : 'account:verification.tryAgain')}
          </button>
        )}
        <button type="button" className={secondary} onClick={onClose}>
          {t('account:verification.later')}
        </button>
      </div>
    </div>
  );
}
