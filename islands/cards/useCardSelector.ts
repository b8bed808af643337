// The checkout's card selector's state (./CardSelector.tsx draws it): the customer's cards and
// blacklist (./useCards.ts), the add-card drawer's opener, the card whose validation runs over the
// checkout and whether a charge was refused. A chosen card that was deleted, or
// is not validated, leaves the draft; a validated one is chosen into the draft's
// payment_card (never a number or a CVV).
import { useEffect, useState } from 'react';
import { isCardValidated } from '../../src/domain/card.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { useCards } from './useCards.ts';
import { draftPaymentCard, stepForCard, type ValidationStep } from './validation-flow.ts';

export type Validating = { card: CardView; step: ValidationStep; opener: HTMLElement | null };

export function useCardSelector(establishmentId: string, draft: Draft, store: CartStore) {
  const { cards, status, blacklist, reload, put } = useCards(establishmentId, true);
  const blocked = blacklist?.blocked === true;
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const [validating, setValidating] = useState<Validating | null>(null);
  const [declined, setDeclined] = useState(false);
  const selectedId = draft.payment_card?._id ?? '';
  const pending = (cards ?? []).filter((card) => !isCardValidated(card));

  // A chosen card that was deleted, or is not validated, leaves the draft.
  useEffect(() => {
    if (status === 'ready' && cards && selectedId && !cards.some((c) => c._id === selectedId && isCardValidated(c))) store.update({ payment_card: null });
  }, [status, cards, selectedId, store]);

  const choose = (card: CardView | null) => store.update({ payment_card: card && isCardValidated(card) ? draftPaymentCard(card) : null });

  const validate = (card: CardView, opener: HTMLElement | null) => {
    setDeclined(false);
    setValidating({ card, step: stepForCard(card, blocked, 'start'), opener });
  };

  return {
    cards,
    blacklist,
    blocked,
    selectedId,
    pending,
    put,
    choose,
    validate,
    drawer,
    openDrawer: setDrawer,
    closeDrawer: () => setDrawer(null),
    /** In the checkout a saved card goes on to its validation here, over the checkout. */
    saved: (card: CardView) => {
      put(card);
      const opener = drawer;
      setDrawer(null);
      validate(card, opener);
    },
    declined,
    validating,
    closeValidation: () => setValidating(null),
    /** A step reached: the card is kept, a confirmed one chosen, an exceeded one reads the blacklist again. */
    stepped: (step: ValidationStep, card: CardView) => {
      put(card);
      setValidating((v) => (v ? { ...v, card, step } : v));
      if (step === 'confirmed') choose(card);
      if (step === 'exceeded') reload();
    },
    /** The failure signal of the cart context: the overlay closes, the checkout says why. */
    refused: () => {
      setValidating(null);
      setDeclined(true);
    },
  };
}
