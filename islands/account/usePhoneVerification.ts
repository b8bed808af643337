// The phone drawer's flow: the steps' state (phone-steps.ts), sending the code, checking a retyped
// number against the registered one, checking the code as soon as it is complete
// and where a failed call leads (sms-error on 429, else unexpected-error
// ). phone_verified comes only from the server's answer.
import { useId, useReducer, useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { CODE_LENGTH } from '../../src/domain/one-time-code.ts';
import { phoneDigits, phoneForApi, phoneWithoutNinthDigit, validatePhone } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { reportFailure } from '../shared/call-failure.ts';
import type { ContactUser } from './ContactVerification.tsx';
import { errorText } from './form.tsx';
import { initialPhoneState, phoneVerificationReducer, type PhoneStep } from './phone-steps.ts';
import { PHONE_CALL, confirmPhone, sendBudgetCode, sendPhoneCode, validatePhone as validatePhoneCode } from './verification-api.ts';

/** The drawer's state and what its steps do. */
export type PhoneFlow = ReturnType<typeof usePhoneVerification>;

export function usePhoneVerification(establishmentId: string, user: ContactUser, onVerified: (user: UserView) => void) {
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

  return { uid, state, step, target, busy, budgetText, go, dispatch, send, submitRetyped, submitNew, typeCode };
}
