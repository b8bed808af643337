// The phone verification drawer with its steps: phone-init (the registered number:
// confirm it or change it; a user with no phone starts at phone-add ), phone-input (retype
// the registered number ), phone-add (a new number), sms-verification (the 4-digit
// code, sent as soon as it is complete; resending counts ), phone-verification
// (confirmed), unexpected-error and sms-error (429; a send budget other than the
// phone's own names itself there, and offers only 'Depois'). 'Depois' closes it;
// it is unmounted on close, so it always opens afresh. phone_verified comes only from the
// server's answer.
import { useId, useReducer, useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { CODE_LENGTH, CODE_MAX_SENDS } from '../../src/domain/one-time-code.ts';
import { maskPhone, phoneDigits, phoneForApi, phoneWithoutNinthDigit, validatePhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { Dialog } from '../shared/Dialog.tsx';
import type { ContactUser } from './ContactVerification.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { SubmitButton, errorText } from './form.tsx';
import { Field } from '../shared/Field.tsx';
import { PHONE_CALL, confirmPhone, sendBudgetCode, sendPhoneCode, validatePhone as validatePhoneCode } from './verification-api.ts';

import { initialPhoneState, phoneVerificationReducer, type PhoneStep } from './phone-steps.ts';
import { buttonClass } from '../shared/Button.tsx';

export type { PhoneStep };

const secondary = buttonClass('secondary', 'large');
const primary = buttonClass('primary', 'large');

export function PhoneDrawer({
  establishmentId,
  user,
  onClose,
  onVerified,
}: {
  establishmentId: string;
  user: ContactUser;
  onClose: () => void;
  onVerified: (user: UserView) => void;
}) {
  const uid = useId();
  const [state, dispatch] = useReducer(phoneVerificationReducer, user.phone, initialPhoneState);
  const { step, target } = state;
  const [busy, setBusy] = useState(false);

  const go = (next: PhoneStep) => dispatch({ type: 'go', step: next });
  const setPhoneError = (text: string, clear = false) => dispatch({ type: 'phone-error', text, clear });

  /** The text of a send refused by a budget other than the phone's own (''), shown by sms-error. */
  const [budgetText, setBudgetText] = useState('');

  /** A failed call: a dead session ends here; 429 is sms-error, anything else unexpected-error, both with a toast. */
  function failed(err: unknown) {
    if (reportFailure(err, PHONE_CALL).kind === 'session_ended') return;
    const tooMany = err instanceof ApiFailure && err.status === 429;
    const budget = sendBudgetCode(err);
    setBudgetText(budget ? errorText(budget) : '');
    toast(budget ? errorText(budget) : t(tooMany ? 'account:verification.smsError' : 'account:verification.unexpectedError'), { kind: 'error' });
    go(tooMany ? 'sms-error' : 'unexpected-error');
  }

  async function send(phone: string) {
    setBusy(true);
    try {
      await sendPhoneCode(establishmentId, phone);
      dispatch({ type: 'sent', target: phone });
      toast(t('account:verification.codeSent'), { kind: 'success' });
      return true;
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 400) {
        setPhoneError(errorText(err.fields?.[0]?.code ?? 'phone_invalid'));
        return false;
      }
      if (err instanceof ApiFailure && err.status === 409) {
        setPhoneError(errorText(err.code));
        return false;
      }
      failed(err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submitRetyped(event: SubmitEvent) {
    event.preventDefault();
    const checked = validatePhone(state.phone.raw);
    if (!checked.ok) {
      setPhoneError(errorText(checked.code));
      return;
    }
    // The typed number must be the registered one, ignoring the ninth digit; else it is cleared.
    if (phoneWithoutNinthDigit(checked.digits) !== phoneWithoutNinthDigit(user.phone ?? '')) {
      setPhoneError(t('account:errors.phone_mismatch'), true);
      return;
    }
    setBusy(true);
    try {
      await confirmPhone(establishmentId, checked.digits);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiFailure && err.status === 400) {
        setPhoneError(t('account:errors.phone_mismatch'), true);
        return;
      }
      failed(err);
      return;
    }
    await send(checked.digits);
  }

  async function submitNew(event: SubmitEvent) {
    event.preventDefault();
    const checked = validatePhone(state.phone.raw);
    if (!checked.ok) {
      setPhoneError(errorText(checked.code));
      return;
    }
    await send(phoneForApi(state.phone.raw));
  }

  async function check(value: string) {
    setBusy(true);
    dispatch({ type: 'code-error', text: '' });
    try {
      const answer = await validatePhoneCode(establishmentId, target, value);
      if (answer.user) onVerified(answer.user);
      toast(t('account:verification.phoneConfirmed'), { kind: 'success' });
      go('phone-verification');
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 400) {
        reportFailure(err, PHONE_CALL);
        const text = err.code === 'code_expired' ? errorText('code_expired') : t('account:verification.codeInvalid');
        dispatch({ type: 'code-error', text });
        toast(text, { kind: 'error' });
        document.getElementById(`${uid}-code`)?.focus();
      } else failed(err);
    } finally {
      setBusy(false);
    }
  }

  function typeCode(value: string) {
    const digits = phoneDigits(value).slice(0, CODE_LENGTH);
    dispatch({ type: 'type-code', input: digits, length: CODE_LENGTH });
    // Submitted as soon as the 4th digit is typed.
    if (digits.length === CODE_LENGTH && !busy) void check(digits);
  }

  const body = (() => {
    switch (step) {
      case 'phone-init':
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
      case 'phone-input':
      case 'phone-add':
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
      case 'sms-verification':
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
      case 'phone-verification':
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
      case 'unexpected-error':
      case 'sms-error':
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
  })();

  return (
    <Dialog titleId={`${uid}-title`} title={t('account:verification.drawerTitle')} onClose={onClose} hook={{ 'data-phone-drawer': step }}>
      <div className="p-4 md:p-6">{body}</div>
    </Dialog>
  );
}
