// The phone drawer's steps before a code is sent: phone-init (the registered number: confirm it or
// change it) and phone-input / phone-add (retype the registered number, or type a new one).
import { maskPhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import { buttonClass } from '../shared/Button.tsx';
import { Field } from '../shared/Field.tsx';
import type { ContactUser } from './ContactVerification.tsx';
import { SubmitButton } from './form.tsx';
import type { PhoneFlow } from './usePhoneVerification.ts';

const secondary = buttonClass('secondary', 'large');
const primary = buttonClass('primary', 'large');

interface StepProps {
  flow: PhoneFlow;
  user: ContactUser;
  onClose: () => void;
}

export function PhoneInitStep({ flow: { go }, user, onClose }: StepProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0">{t('account:verification.initText')}</p>
      <p className="m-0 text-xl font-bold" data-registered-phone>
        {maskPhone(user.phone ?? '')}
      </p>
      <div className="flex flex-col gap-2 md:flex-row">
        <button type="button" className={primary} onClick={() => go('phone-input')} data-phone-confirm-number>
          {t('account:verification.confirmNumber')}
        </button>
        <button type="button" className={secondary} onClick={() => go('phone-add')} data-phone-change>
          {t('account:verification.changeNumber')}
        </button>
        <button type="button" className={secondary} onClick={onClose} data-phone-later>
          {t('account:verification.later')}
        </button>
      </div>
    </div>
  );
}

export function PhoneNumberStep({ flow: { uid, step, state, busy, go, dispatch, submitRetyped, submitNew }, user }: Omit<StepProps, 'onClose'>) {
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={step === 'phone-input' ? submitRetyped : submitNew}>
      <p className="m-0">{t(step === 'phone-input' ? 'account:verification.inputText' : 'account:verification.addText')}</p>
      <Field
        id={`${uid}-phone`}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        label={t('account:verification.phoneField')}
        placeholder={t('account:auth.phonePlaceholder')}
        value={state.phone.formatted}
        error={state.errors.phone}
        maxLength={15}
        onChange={(e) => dispatch({ type: 'type-phone', input: e.target.value })}
      />
      <div className="flex flex-col gap-2 md:flex-row">
        <SubmitButton busy={busy} label={t('account:verification.sendCode')} />
        {user.phone && (
          <button type="button" className={secondary} onClick={() => go('phone-init')}>
            {t('account:verification.back')}
          </button>
        )}
      </div>
    </form>
  );
}
