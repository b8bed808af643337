// The customer's cards and blacklist state as React state, for the wallet and the checkout's card
// selector: painted first from the local encrypted copy (src/client/card-store.ts), then from the
// server, whose list is kept locally again. The blacklist is read beside it; when it cannot
// be read the screens behave as if not blocked (the server refuses anyway ).
import { useCallback, useEffect, useState } from 'react';
import { cardStoreFor } from '../../src/client/card-store.ts';
import type { BlacklistAnswer, CardView } from '../../src/schemas/api-cards.ts';
import { reportFailure } from '../shared/call-failure.ts';
import { CARD_LIST_CALL, listCards, readBlacklist } from './cards-api.ts';

export type CardsState = {
  /** null until the first list (local or the server's). */
  cards: CardView[] | null;
  /** 'ready' once the server answered; 'failed' when it could not be read (a retry is offered). */
  status: 'loading' | 'ready' | 'failed';
  blacklist: BlacklistAnswer | null;
  reload: () => void;
  /** A card as it now stands (saved or validated here): shown at once and kept locally. */
  put: (card: CardView) => void;
  /** A card gone (deleted here). */
  drop: (cardId: string) => void;
};

export function useCards(establishmentId: string, active: boolean): CardsState {
  const [cards, setCards] = useState<CardView[] | null>(null);
  const [status, setStatus] = useState<CardsState['status']>('loading');
  const [blacklist, setBlacklist] = useState<BlacklistAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (the retry button) reads again
  useEffect(() => {
    if (!active) return;
    let live = true;
    let fromServer = false;
    const store = cardStoreFor(establishmentId);
    // A reload keeps showing what it has until the server answers (no 'loading' flash).
    store.read().then(
      (local) => {
        if (live && !fromServer && local) setCards(local);
      },
      // No key (offline, or the session ended): the server's list comes anyway.
      () => undefined,
    );
    listCards(establishmentId).then(
      (list) => {
        fromServer = true;
        if (!live) return;
        setCards(list);
        setStatus('ready');
        store.write(list).catch(() => undefined);
      },
      (err: unknown) => {
        const outcome = reportFailure(err, CARD_LIST_CALL);
        if (live && outcome.kind !== 'aborted' && outcome.kind !== 'session_ended') setStatus('failed');
      },
    );
    readBlacklist(establishmentId).then(
      (answer) => {
        if (live) setBlacklist(answer);
      },
      (err: unknown) => reportFailure(err, { ...CARD_LIST_CALL, call: 'GET /users/me/blacklist' }),
    );
    return () => {
      live = false;
    };
  }, [establishmentId, active, attempt]);

  const keep = useCallback(
    (next: CardView[]) => {
      cardStoreFor(establishmentId)
        .write(next)
        .catch(() => undefined);
    },
    [establishmentId],
  );

  const put = useCallback(
    (card: CardView) =>
      setCards((list) => {
        const rest = (list ?? []).filter((c) => c._id !== card._id);
        const known = (list ?? []).some((c) => c._id === card._id);
        // A new card goes first, as the server lists them (newest first).
        const next = known ? (list ?? []).map((c) => (c._id === card._id ? card : c)) : [card, ...rest];
        keep(next);
        return next;
      }),
    [keep],
  );

  const drop = useCallback(
    (cardId: string) =>
      setCards((list) => {
        const next = (list ?? []).filter((c) => c._id !== cardId);
        keep(next);
        return next;
      }),
    [keep],
  );

  return { cards, status, blacklist, reload: () => setAttempt((n) => n + 1), put, drop };
}
