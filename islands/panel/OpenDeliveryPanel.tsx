// 'Open Delivery', the owner's part of the panel: the credentials (client ID and secret) that the
// establishment's POS uses to take its orders by the Open Delivery standard. Create one (its secret
// shown once: ./CredentialCreatedDialog.tsx), see them all with when they were created or revoked,
// and revoke one after a confirmation (its POS stops at once). Refusals are said in Portuguese.
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, call } from '../../src/client/api.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { OdCredentialCreatedAnswer, OdCredentialView } from '../../src/schemas/api-open-delivery-credentials.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { FormAlert } from '../shared/Field.tsx';
import { zonedDateTime } from '../order/format.ts';
import { CredentialCreatedDialog } from './CredentialCreatedDialog.tsx';
import '../staff/i18n.ts';
import './i18n.ts';

/** The Portuguese of a refused call: its own code, a staff refusal, a lost connection, else the generic line. */
function failureText(err: unknown): string {
  if (!(err instanceof ApiFailure)) return t('board:openDelivery.failed');
  if (err.status === 0) return t('staff:page.network_error');
  for (const key of [`board:openDelivery.refusals.${err.code}`, `staff:refusals.${err.code}`]) if (hasKey(key)) return t(key);
  return t('board:openDelivery.failed');
}

export function OpenDeliveryPanel({ establishmentId, timeZone }: { establishmentId: string; timeZone: string }) {
  const [credentials, setCredentials] = useState<OdCredentialView[] | null>(null);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<OdCredentialCreatedAnswer | null>(null);
  const [revoking, setRevoking] = useState<OdCredentialView | null>(null);
  const params = { id: establishmentId };

  const load = useCallback(async () => {
    try {
      const answer = await call('GET /establishments/:id/open-delivery/credentials', { staff: true, params: { id: establishmentId }, establishmentId });
      setCredentials(answer.credentials);
    } catch (err) {
      setAlert(failureText(err));
    }
  }, [establishmentId]);
  useEffect(() => void load(), [load]);

  async function act(work: () => Promise<void>) {
    setAlert('');
    setStatus('');
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setAlert(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  const create = () =>
    act(async () => {
      const answer = await call('POST /establishments/:id/open-delivery/credentials', { staff: true, params, establishmentId });
      setCreated(answer);
      setCredentials((list) => [...(list ?? []), answer.credential]);
    });

  const revoke = (credential: OdCredentialView) =>
    act(async () => {
      setRevoking(null);
      await call('DELETE /establishments/:id/open-delivery/credentials/:clientId', {
        staff: true,
        params: { ...params, clientId: credential.client_id },
        establishmentId,
      });
      setStatus(t('board:openDelivery.revoked', { id: credential.client_id }));
      await load();
    });

  return (
    <section aria-labelledby="open-delivery-titulo" className="flex max-w-3xl flex-col gap-4 text-ink" data-od-credentials>
      <h2 id="open-delivery-titulo" className="m-0 text-lg font-bold">
        {t('board:openDelivery.title')}
      </h2>
      <p className="m-0 text-sm text-muted">{t('board:openDelivery.intro')}</p>
      <FormAlert message={alert} />
      <p role="status" className="m-0 text-sm" data-od-status>
        {status}
      </p>
      <Button className="self-start" loading={busy} onClick={() => void create()} data-od-create>
        {t('board:openDelivery.create')}
      </Button>
      {!credentials && !alert && <p className="m-0 text-muted">{t('board:openDelivery.loading')}</p>}
      {credentials?.length === 0 && <p className="m-0 text-muted">{t('board:openDelivery.empty')}</p>}
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {credentials?.map((c) => (
          <li
            key={c.client_id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-solid border-line bg-card p-3"
            data-od-credential={c.client_id}
            data-revoked={c.revoked_at ? '' : undefined}
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <code className="break-all text-sm">{c.client_id}</code>
              <span className="text-sm text-muted">
                {t('board:openDelivery.createdAt', { date: zonedDateTime(c.created_at, timeZone) })}
                {' · '}
                {c.revoked_at ? t('board:openDelivery.revokedAt', { date: zonedDateTime(c.revoked_at, timeZone) }) : t('board:openDelivery.active')}
                {c.webhook && ` · ${t('board:openDelivery.webhook')}`}
              </span>
            </span>
            {!c.revoked_at && (
              <Button variant="danger" size="small" aria-label={t('board:openDelivery.revokeLabel', { id: c.client_id })} onClick={() => setRevoking(c)}>
                {t('board:openDelivery.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {created && <CredentialCreatedDialog created={created} onDone={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          message={t('board:openDelivery.confirmRevoke', { id: revoking.client_id })}
          cancelLabel={t('board:openDelivery.cancel')}
          confirmLabel={t('board:openDelivery.revoke')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </section>
  );
}
