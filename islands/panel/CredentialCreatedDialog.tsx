// A credential just created: its client ID and secret, each with 'Copiar', and the warning that the
// secret is shown this once (only its hash is kept). The backdrop does not close it, so a stray tap
// cannot lose the secret; 'Já guardei o segredo' and Escape do.
import { useRef } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { OdCredentialCreatedAnswer } from '../../src/schemas/api-open-delivery-credentials.ts';
import { Button } from '../shared/Button.tsx';
import { FRAME } from '../shared/dialog-frames.ts';
import { useModal } from '../shared/useModal.ts';
import { CopyField } from './CopyField.tsx';
import './i18n.ts';

export function CredentialCreatedDialog({ created, onDone }: { created: OdCredentialCreatedAnswer; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = useModal({ ref, onClose: onDone, focusOnOpen: () => ref.current?.querySelector<HTMLElement>('[data-od-copy="secret"]') });
  return (
    <div className={FRAME.card.backdrop}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="credencial-criada-titulo"
        aria-describedby="credencial-criada-aviso"
        onKeyDown={onKeyDown}
        className={FRAME.card.dialog}
        data-od-created
      >
        <div className="flex flex-col gap-4 overflow-y-auto p-5">
          <h2 id="credencial-criada-titulo" className="m-0 text-lg font-bold">
            {t('board:openDelivery.createdTitle')}
          </h2>
          <p
            id="credencial-criada-aviso"
            className="m-0 rounded-lg border border-solid border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
            data-od-warning
          >
            {t('board:openDelivery.createdWarning')}
          </p>
          <CopyField label={t('board:openDelivery.clientId')} value={created.credential.client_id} hook="client-id" />
          <CopyField label={t('board:openDelivery.secret')} value={created.client_secret} hook="secret" />
          <div className="flex justify-end">
            <Button onClick={onDone} data-od-done>
              {t('board:openDelivery.done')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
