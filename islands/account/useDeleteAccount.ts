// The account erasure's data and action (./DeleteAccountDialog.tsx draws them): the password, and,
// when the account holds credit, the customer's word that it is lost; DELETE /users/me erases the
// account, the session ends here and in the other tabs, and the establishment's home says the
// account is gone. What stops an erasure (an order in progress, money still moving, a wrong
// password, a balance that changed) is said in the dialog; the rest follows
// islands/shared/call-failure.ts.
import { useRef, useState, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { endSession, setFlash } from '../../src/client/session.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { errorText } from './form.tsx';

const ERASE: CallPolicy = { call: 'DELETE /users/me', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'account:dataRights.failed' } : null) };
/** The refusals the dialog says itself, where the customer is looking. */
const SAID_IN_DIALOG: ReadonlySet<string> = new Set(['wrong_password', 'too_many_attempts', 'open_orders', 'payments_pending', 'credits_would_be_lost']);
const ERASE_IN_PLACE: CallPolicy = { call: ERASE.call, role: 'in_place' };
const DELETED_NOTICE_MS = 6000;

export const money = (centavos: number) => normalizeSpaces(formatBRL(centavos));

export type DeleteErrors = { password?: string; forfeit?: string };

/** `knownCredits`: the balance as the session knew it; a refusal brings the server's. `forfeitId`: the checkbox's id (focused when it is missing). */
export function useDeleteAccount(establishmentId: string, slug: string, knownCredits: number, forfeitId: string) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [credits, setCredits] = useState(knownCredits);
  const [forfeit, setForfeit] = useState(false);
  const [errors, setErrors] = useState<DeleteErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const found: DeleteErrors = {};
    if (!password) found.password = errorText('password_required');
    if (credits > 0 && !forfeit) found.forfeit = t('account:dataRights.forfeitRequired');
    setErrors(found);
    setAlert('');
    if (found.password) return passwordRef.current?.focus();
    if (found.forfeit) return document.getElementById(forfeitId)?.focus();
    setBusy(true);
    try {
      await call('DELETE /users/me', { body: { password, forfeit_credits: credits > 0 && forfeit }, establishmentId });
    } catch (err) {
      setBusy(false);
      const own = err instanceof ApiFailure && SAID_IN_DIALOG.has(err.code);
      if (reportFailure(err, own ? ERASE_IN_PLACE : ERASE).kind === 'session_ended' || !(err instanceof ApiFailure) || !own) return;
      if (err.code === 'wrong_password') {
        setErrors({ password: errorText(err.code) });
        passwordRef.current?.focus();
      } else if (err.code === 'credits_would_be_lost') {
        const balance = Number(err.params?.credits ?? 0);
        setCredits(balance);
        setForfeit(false);
        setAlert(t('account:dataRights.creditsChanged', { amount: money(balance) }));
      } else setAlert(errorText(err.code));
      return;
    }
    // Erased: the session ends here and in the establishment's other tabs; the home says so.
    const message = t('account:dataRights.deleted');
    endSession(establishmentId, 'logout');
    setFlash(message, DELETED_NOTICE_MS, 'success');
    location.assign(routes.home(slug));
  }

  return { passwordRef, password, setPassword, credits, forfeit, setForfeit, errors, alert, busy, submit };
}
