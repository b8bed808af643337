// The customer's data rights in 'Meus dados' (LGPD art. 18; docs/privacy.md): 'Baixar meus dados'
// saves a copy of everything kept about the account (GET /users/me/export) as a JSON file;
// 'Excluir minha conta' asks for the password, and, when the account holds credit, for the
// customer's word that it is lost, then erases the account (DELETE /users/me): the session ends
// here and in the other tabs, and the establishment's home says the account is gone. What stops an
// erasure (an order in progress, money still moving, a wrong password) is said in the dialog.
// The parts: ./useDataDownload.ts (the copy), ./DeleteAccountDialog.tsx with ./useDeleteAccount.ts.
import { useRef, useState } from 'react';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import { useSession } from '../shared/useSession.ts';
import { Button } from '../shared/Button.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { useDataDownload } from './useDataDownload.ts';

export function DataRights({ establishmentId, slug }: { establishmentId: string; slug: string }) {
  const session = useSession(establishmentId);
  const { downloading, download } = useDataDownload(establishmentId, slug);
  const [erasing, setErasing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const credits = session.status === 'ready' ? (session.user?.credits ?? 0) : 0;

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
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined} data-data-download>
          {downloading ? t('account:dataRights.downloading') : t('account:dataRights.download')}
        </Button>
        <Button ref={opener} variant="danger" onClick={() => setErasing(true)} data-account-delete>
          {t('account:dataRights.delete')}
        </Button>
      </div>
      {erasing && (
        <DeleteAccountDialog establishmentId={establishmentId} slug={slug} credits={credits} opener={opener.current} onClose={() => setErasing(false)} />
      )}
    </section>
  );
}
