// The customer's data rights in 'Meus dados' (LGPD art. 18; docs/privacy.md): 'Baixar meus dados'
// saves a copy of everything kept about the account (GET /users/me/export) as a JSON file;
// 'Excluir minha conta' asks for the password, and, when the account holds credit, for the
// customer's word that it is lost, then erases the account (DELETE /users/me): the session ends
// here and in the other tabs, and the establishment's home says the account is gone. What stops an
// erasure (an order in progress, money still moving, a wrong password) is said in the dialog.
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { call, ApiFailure } from '../../src/client/api.ts';
import { endSession, setFlash } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { formatBRL, normalizeSpaces } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';
import { useSession } from '../shared/useSession.ts';
import { errorText } from './form.tsx';
import { Field, FormAlert } from '../shared/Field.tsx';
import { buttonClass } from '../shared/Button.tsx';

const DOWNLOAD: CallPolicy = {
  call: 'GET /users/me/export',
  role: 'action',
  catalogue: (f) => (f.status === 429 ? { key: 'account:dataRights.tooManyDownloads' } : f.status > 0 ? { key: 'account:dataRights.downloadFailed' } : null),
};
const ERASE: CallPolicy = { call: 'DELETE /users/me', role: 'action', catalogue: (f) => (f.status > 0 ? { key: 'account:dataRights.failed' } : null) };
/** The refusals the dialog says itself, where the customer is looking. */
const SAID_IN_DIALOG: ReadonlySet<string> = new Set(['wrong_password', 'too_many_attempts', 'open_orders', 'payments_pending', 'credits_would_be_lost']);
const ERASE_IN_PLACE: CallPolicy = { call: ERASE.call, role: 'in_place' };
const DELETED_NOTICE_MS = 6000;

const money = (centavos: number) => normalizeSpaces(formatBRL(centavos));

export function DataRights({ establishmentId, slug }: { establishmentId: string; slug: string }) {
  const session = useSession(establishmentId);
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const credits = session.status === 'ready' ? (session.user?.credits ?? 0) : 0;

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const data = await call('GET /users/me/export', { establishmentId });
      // The API answers it as an attachment; fetched with the session's headers, it is saved from here.
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `meus-dados-${slug}-${data.exported_at.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast(t('account:dataRights.downloaded'), { kind: 'success' });
    } catch (err) {
      reportFailure(err, DOWNLOAD);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="mt-8 border-0 border-t border-solid border-line pt-6" aria-labelledby="dados-titulo" data-data-rights>
      <h2 id="dados-titulo" className="m-0 text-lg font-bold text-ink">
        {t('account:dataRights.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        {t('account:dataRights.intro')}{' '}
        <a href={routes.privacy(slug)} className="font-semibold text-brand">
          {t('account:dataRights.privacyLink')}
        </a>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading || undefined}
          className={buttonClass('secondary')}
          data-data-download
        >
          {downloading ? t('account:dataRights.downloading') : t('account:dataRights.download')}
        </button>
        <button ref={opener} type="button" onClick={() => setErasing(true)} className={buttonClass('danger')} data-account-delete>
          {t('account:dataRights.delete')}
        </button>
      </div>
      {erasing && (
        <DeleteAccountDialog establishmentId={establishmentId} slug={slug} credits={credits} opener={opener.current} onClose={() => setErasing(false)} />
      )}
    </section>
  );
}

function DeleteAccountDialog({
  establishmentId,
  slug,
  credits: knownCredits,
  opener,
  onClose,
}: {
  establishmentId: string;
  slug: string;
  credits: number;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const uid = useId();
  const formId = `${uid}-form`;
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  // The balance as the session knew it; a refusal brings the server's.
  const [credits, setCredits] = useState(knownCredits);
  const [forfeit, setForfeit] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; forfeit?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const found: { password?: string; forfeit?: string } = {};
    if (!password) found.password = errorText('password_required');
    if (credits > 0 && !forfeit) found.forfeit = t('account:dataRights.forfeitRequired');
    setErrors(found);
    setAlert('');
    if (found.password) return passwordRef.current?.focus();
    if (found.forfeit) return document.getElementById(`${uid}-forfeit`)?.focus();
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
          <button type="button" onClick={onClose} disabled={busy} className={buttonClass('secondary')} data-delete-cancel>
            {t('account:dataRights.cancel')}
          </button>
          <button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined} className={buttonClass('destructive')} data-delete-confirm>
            {busy ? t('account:dataRights.deleting') : t('account:dataRights.confirm')}
          </button>
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
