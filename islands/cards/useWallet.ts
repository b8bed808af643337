// The wallet's state and calls (./Wallet.tsx draws them): the session's user, the cards and the
// blacklist (./useCards.ts), whom a blocked customer calls, the drawer, the saved-cards
// modal and the delete confirmation; a saved card goes on to its validation page; a card
// deleted (DELETE /cards/{id}) leaves the list.
import { useState } from 'react';
import { setFlash } from '../../src/client/session.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { CARD_QUERY, cardValidationPath } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { useSession } from '../shared/useSession.ts';
import { CARD_CALL, deleteCard } from './cards-api.ts';
import { useCards } from './useCards.ts';
import { useSupportContact } from './useSupportContact.ts';

export function useWallet(establishmentId: string, onlinePayment: boolean) {
  const session = useSession(establishmentId);
  const user = session.status === 'ready' ? session.user : null;
  const { cards, status, blacklist, reload, put, drop } = useCards(establishmentId, user !== null);
  const blocked = blacklist?.blocked === true;
  const support = useSupportContact(establishmentId, blocked && onlinePayment);
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const [explain, setExplain] = useState(false);
  const [savedOpener, setSavedOpener] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<{ card: CardView; opener: HTMLElement } | null>(null);

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

  return {
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
  };
}
