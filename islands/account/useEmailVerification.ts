// The e-mail verification's data and actions (./EmailVerification.tsx draws them): a code sent to
// the customer's address, then typed back; the user the server answers with says it is verified
// . Refusals are said beside the field and in a toast (the send budget, too many tries, an
// expired or wrong code); the rest follows islands/shared/call-failure.ts (EMAIL_CALL).
import { useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { CODE_LENGTH } from '../../src/domain/one-time-code.ts';
import { phoneDigits } from '../../src/domain/phone.ts';
import { t } from '../../src/i18n/index.ts';
import type { UserView } from '../../src/schemas/api-accounts.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { errorText } from './form.tsx';
import { EMAIL_CALL, sendBudgetCode, sendEmailCode, validateEmail } from './verification-api.ts';

export function useEmailVerification(establishmentId: string, email: string, onVerified: (u: UserView) => void) {
  /** The address the last code went to (null: none sent yet, or confirmed). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCodeText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError('');
    try {
      await sendEmailCode(establishmentId, email);
      setSentTo(email);
      setCodeText('');
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
      setCodeText('');
      toast(text, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  /** Keeps the digits typed, up to the code's length. */
  const setCode = (typed: string) => setCodeText(phoneDigits(typed).slice(0, CODE_LENGTH));

  return { sentTo, code, setCode, error, busy, send, confirm };
}
