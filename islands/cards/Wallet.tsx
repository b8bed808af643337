// The wallet, the account's 'Carteira' (minha-conta/carteira ): the customer's
// cards (./WalletCard.tsx), or 'Você não possui nenhum cartão cadastrado' [R-8.42]; 'Adicionar
// cartão' opens the add-card drawer only once the phone and then the e-mail are verified [R-2.83]
// (otherwise it says so and offers both verifications right here); 'Validar cartão' opens the
// saved-cards modal. A blacklisted customer can neither add nor validate
// and is told whom to call. A saved card goes on to its validation: the current path
// minus its last two segments plus cartao-validar, the card in the query.
// Cards are saved and validated only to pay online: where the establishment's online payment is
// off (preferences.has_online_payment), the wallet says so instead of offering to add or validate
// one (the server refuses both there, 403 online_payment_not_available); the cards saved at the
// company's other establishments are listed, and can be deleted. The state and calls are
// ./useWallet.ts, the list ./WalletList.tsx.
import { useId } from 'react';
import { setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { t } from '../../src/i18n/index.ts';
import { ContactVerification } from '../account/ContactVerification.tsx';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { AddCardDrawer } from './AddCardDrawer.tsx';
import { BlacklistNotice } from './BlacklistNotice.tsx';
import { cardName } from './CardLabel.tsx';
import { SavedCardsModal } from './SavedCardsModal.tsx';
import { useWallet } from './useWallet.ts';
import { WalletList } from './WalletList.tsx';
import './i18n.ts';
import { buttonClass } from '../shared/Button.tsx';

const primary = buttonClass('primary');
const secondary = buttonClass('secondary');

export function Wallet({
  establishmentId,
  timeZone,
  slug,
  onlinePayment,
}: {
  establishmentId: string;
  timeZone: string;
  slug: string;
  /** preferences.has_online_payment: cards are added and validated only where they can pay. */
  onlinePayment: boolean;
}) {
  const uid = useId();
  const {
    user,
    cards,
    status,
    reload,
    blocked,
    support,
    drawer,
    setDrawer,
    explain,
    setExplain,
    savedOpener,
    setSavedOpener,
    deleting,
    setDeleting,
    saved,
    remove,
  } = useWallet(establishmentId, onlinePayment);
  const blockedNoteId = `${uid}-blocked`;

  if (!user) return <p className="m-0 text-muted">{t('cards:wallet.loading')}</p>;
  const contactsVerified = user.phone_verified && user.email_verified;

  return (
    <div className="mt-3 flex flex-col gap-5" data-wallet data-wallet-status={status} data-wallet-online={onlinePayment ? 'on' : 'off'}>
      {onlinePayment ? (
        <p className="m-0 text-sm text-muted">{t('cards:wallet.intro')}</p>
      ) : (
        <div className="flex flex-col gap-1 rounded-lg border border-solid border-line bg-surface px-4 py-3 text-ink" data-wallet-online-off>
          <p className="m-0 font-semibold">{t('cards:wallet.offlineTitle')}</p>
          <p className="m-0 text-sm">{t('cards:wallet.offlineText')}</p>
        </div>
      )}
      {onlinePayment && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={primary}
            disabled={blocked}
            aria-describedby={blocked ? blockedNoteId : undefined}
            onClick={(e) => {
              if (contactsVerified) setDrawer(e.currentTarget);
              else setExplain(true);
            }}
            data-wallet-add
          >
            {t('cards:wallet.add')}
          </button>
          <button type="button" className={secondary} disabled={cards === null} onClick={(e) => setSavedOpener(e.currentTarget)} data-wallet-validate>
            {t('cards:wallet.validate')}
          </button>
        </div>
      )}
      {onlinePayment && blocked && <BlacklistNotice id={blockedNoteId} support={support} />}
      {onlinePayment && explain && !contactsVerified && !blocked && (
        <div className="flex flex-col gap-3" data-wallet-needs-contacts>
          <p role="alert" className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
            {t('cards:wallet.needsContacts')} {t(user.phone_verified ? 'cards:wallet.needsEmail' : 'cards:wallet.needsPhone')}
          </p>
          <ContactVerification establishmentId={establishmentId} user={user} onUser={(fresh) => setSessionUser(establishmentId, toSessionUser(fresh))} />
        </div>
      )}
      <WalletList
        listId={`${uid}-list`}
        cards={cards}
        status={status}
        reload={reload}
        slug={slug}
        onlinePayment={onlinePayment}
        blocked={blocked}
        blockedNoteId={blockedNoteId}
        onDelete={(c, opener) => setDeleting({ card: c, opener })}
      />
      {drawer && (
        <AddCardDrawer
          establishmentId={establishmentId}
          userId={user._id}
          timeZone={timeZone}
          opener={drawer}
          onClose={() => setDrawer(null)}
          onSaved={saved}
        />
      )}
      {savedOpener && cards && <SavedCardsModal cards={cards} slug={slug} blocked={blocked} opener={savedOpener} onClose={() => setSavedOpener(null)} />}
      {deleting && (
        <ConfirmDialog
          message={t('cards:wallet.confirmDelete', { card: cardName(deleting.card) })}
          cancelLabel={t('cards:wallet.deleteCancel')}
          confirmLabel={t('cards:wallet.deleteOk')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting.card)}
        />
      )}
    </div>
  );
}
