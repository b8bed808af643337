// The payment chooser's state (./PaymentSection.tsx draws it): the offline methods of the delivery
// type, whether credits pay the whole order, choosing a payment type (clears the method
// reads the phone and e-mail verification again ), the change box's typed text and
// whether the contact verification shows.
import { useEffect, useState } from 'react';
import { formatBRLNumber } from '../../src/domain/money.ts';
import { offlineMethods } from '../../src/domain/payment-methods.ts';
import type { SessionUser } from '../../src/client/session.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import type { Prefs } from './model.ts';
import { refreshSession } from './send.ts';

export interface PaymentInput {
  draft: Draft;
  store: CartStore;
  prefs: Prefs;
  totalBeforeCredits: number;
  total: number;
  establishmentId: string;
  user: SessionUser;
}

export function usePayment({ draft, store, prefs, totalBeforeCredits, total, establishmentId, user }: PaymentInput) {
  const methods = offlineMethods(prefs, draft.delivery_type);
  // The credits pay the whole order: the other ways to pay are hidden and it is paid by credits.
  const creditsCover = draft.credits > 0 && total === 0 && totalBeforeCredits > 0;
  const online = draft.payment_type === 'online';
  /** Choosing a payment type clears the method and reads the phone and e-mail verification again. */
  const choose = (changes: Partial<Draft>) => {
    store.update(changes);
    void refreshSession(establishmentId);
  };
  const contactsVerified = user.phone_verified && user.email_verified;
  // Kept here, not in the change box, so it outlives the box while the credits cover the order.
  const [changeText, setChangeText] = useState(() => (draft.change ? formatBRLNumber(draft.change) : ''));
  // The verification shows while online payment waits for it; once shown it stays for this
  // checkout, so the customer sees both marked 'Verificado' when done.
  const [verificationShown, setVerificationShown] = useState(false);
  useEffect(() => {
    if (online && !contactsVerified) setVerificationShown(true);
  }, [online, contactsVerified]);
  const showVerification = online && (!contactsVerified || verificationShown);
  return { methods, creditsCover, choose, contactsVerified, showVerification, changeText, setChangeText };
}
