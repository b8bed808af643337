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
// company's other establishments are listed, and can be deleted.
import { useId, useState } from 'react';
import { setFlash, setSessionUser, toSessionUser } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { CARD_QUERY, cardValidationPath } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { ContactVerification } from '../account/ContactVerification.tsx';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import { useSession } from '../shared/useSession.ts';
import { AddCardDrawer } from './AddCardDrawer.tsx';
import { BlacklistNotice } from './BlacklistNotice.tsx';
import { cardName } from './CardLabel.tsx';
import { CARD_CALL, deleteCard } from './cards-api.ts';
import { SavedCardsModal } from './SavedCardsModal.tsx';
import { useCards } from './useCards.ts';
import { useSupportContact } from './useSupportContact.ts';
import { WalletCard } from './WalletCard.tsx';
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
  const session = useSession(establishmentId);
  const user = session.status === 'ready' ? session.user : null;
  const { cards, status, blacklist, reload, put, drop } = useCards(establishmentId, user !== null);
  const blocked = blacklist?.blocked === true;
  const support = useSupportContact(establishmentId, blocked && onlinePayment);
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const [explain, setExplain] = useState(false);
  const [savedOpener, setSavedOpener] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<{ card: CardView; opener: HTMLElement } | null>(null);
  const blockedNoteId = `${uid}-blocked`;

  if (!user) return <p className="m-0 text-muted">{t('cards:wallet.loading')}</p>;
  const contactsVerified = user.phone_verified && user.email_verified;

  const saved = (card: CardView) => {
    put(card);
    setDrawer(null);
    // The toast would be cut short by the navigation: the next page shows it (src/client/session.ts flash).
    setFlash(t('cards:drawer.saved'), 2000);
    location.assign(`${cardValidationPath(location.pathname)}?${CARD_QUERY}=${encodeURIComponent(card._id)}`);
  };

  async function remove(card: CardView) {
    setDeleting(null);
    try {
      await deleteCard(establishmentId, card._id);
      drop(card._id);
      toast(t('cards:wallet.deleted'), { kind: 'success' });
    } catch (err) {
      const outcome = reportFailure(err, CARD_CALL);
      if (outcome.kind === 'session_ended' || outcome.kind === 'aborted') return;
      // Already gone elsewhere: the list follows the server.
      if (outcome.kind === 'silent') reload();
      toast(t('cards:wallet.deleteFailed'), { kind: 'error' });
    }
  }

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
      <section aria-labelledby={`${uid}-list`} className="flex flex-col gap-3">
        <h2 id={`${uid}-list`} className="m-0 text-lg font-bold">
          {t('cards:wallet.listLabel')}
        </h2>
        {cards === null ? (
          status === 'failed' ? (
            <p className="m-0 flex flex-wrap items-center gap-3" data-wallet-failed>
              {t('cards:wallet.loadFailed')}
              <button type="button" className={secondary} onClick={reload}>
                {t('cards:wallet.retry')}
              </button>
            </p>
          ) : (
            <p className="m-0 text-muted" aria-live="polite">
              {t('cards:wallet.loading')}
            </p>
          )
        ) : cards.length === 0 ? (
          <p className="m-0" data-wallet-empty>
            {t('cards:wallet.empty')}
          </p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-3 p-0" data-wallet-cards>
            {cards.map((card) => (
              <WalletCard
                key={card._id}
                card={card}
                slug={slug}
                canValidate={onlinePayment}
                blocked={blocked}
                blockedNoteId={blockedNoteId}
                onDelete={(c, opener) => setDeleting({ card: c, opener })}
              />
            ))}
          </ul>
        )}
      </section>
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
