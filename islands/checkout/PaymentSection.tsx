// The payment method chooser [spec screen 9, R-2.93..R-2.99]: pay online by card where the
// preferences enable it, pay on delivery or pay on pickup (offline) with the method dropdown of the
// preferences, the change box and amount typed in reais ('200' is R$ 200,00, decisions #27;
// kept in centavos; only above the total counts) for a method that gives change, Pix where
// the preferences enable it [R-2.96, R-6.13] (paid on the order page, by its QR code or
// copia-e-cola, islands/order/PixPayment.tsx). Online payment shows what it needs under its
// button: the phone and e-mail verification blocks while either is not
// verified (and for the rest of the checkout once they were shown), then, verified, the card
// selector (islands/cards/CardSelector.tsx, loaded only then ); paying on delivery or by
// Pix shows neither. Then the credits box with the balance (only with credits ), the first
// of the optional discounts that follow the payment, and the tax receipt box with CPF/CNPJ, Add
// (confirmation of the document) and Remove [R-4.9..R-4.11].
// The parts: usePayment.ts (state), PaymentTypeButtons.tsx, OfflinePayment.tsx (method and change),
// TaxReceipt.tsx with useTaxReceipt.ts, payment-parts.tsx (the card selector, the credits box).
import { useId } from 'react';
import { offlineMethods } from '../../src/domain/payment-methods.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import type { CartStore } from '../stores/cart.ts';
import { setSessionUser, toSessionUser, type SessionUser } from '../../src/client/session.ts';
import { ContactVerification } from '../account/ContactVerification.tsx';
import type { SupportContact } from '../cards/BlacklistNotice.tsx';
import type { Prefs } from './model.ts';
import './i18n.ts';
import { Cards, CreditsBox, CreditsUsed, NeedsContacts } from './payment-parts.tsx';
import { OfflinePayment } from './OfflinePayment.tsx';
import { PaymentTypeButtons } from './PaymentTypeButtons.tsx';
import { TaxReceipt } from './TaxReceipt.tsx';
import { usePayment } from './usePayment.ts';

export interface PaymentSectionProps {
  draft: Draft;
  store: CartStore;
  prefs: Prefs;
  /** The user's credit balance in centavos. */
  balance: number;
  /** The order total before credits (what credits may cover). */
  totalBeforeCredits: number;
  /** The total to pay now (after credits): the change must exceed it. */
  total: number;
  /** Ticking or unticking the credits box (../checkout/usePromotions.ts: up to the total, unticked clears them and the payment type ). */
  onCredits: (on: boolean) => void;
  sectionRef: React.RefObject<HTMLElement | null>;
  invoiceRef: React.RefObject<HTMLElement | null>;
  onPaymentInfo: () => void;
  establishmentId: string;
  /** The session's user: its phone and e-mail verification show when online payment is offered. */
  user: SessionUser;
  slug: string;
  /** The establishment's zone (a card expired before this month there is refused ). */
  timeZone: string;
  /** Whom a blacklisted customer calls. */
  support: SupportContact;
}

// The offline methods of a delivery type are the server's rule too (src/domain/payment-methods.ts).
export { offlineMethods };

export function PaymentSection(props: PaymentSectionProps) {
  const { draft, store, prefs, balance, totalBeforeCredits, total, onCredits, sectionRef, invoiceRef, onPaymentInfo, establishmentId, user } = props;
  const headingId = useId();
  const pixNote = useId();
  const { methods, creditsCover, choose, contactsVerified, showVerification, changeText, setChangeText } = usePayment(props);
  const online = draft.payment_type === 'online';

  return (
    <section ref={sectionRef} tabIndex={-1} aria-labelledby={headingId} className="flex flex-col gap-3 outline-none" data-section="payment">
      <h3 id={headingId} className="m-0 text-base font-bold">
        {t('checkout:payment.title')}
      </h3>
      {creditsCover ? (
        <p className="m-0 text-sm font-semibold" data-credits-cover>
          {t('checkout:payment.creditsCover')}
        </p>
      ) : (
        <>
          <PaymentTypeButtons
            draft={draft}
            hasOnline={prefs.has_online_payment}
            hasOffline={methods.length > 0}
            hasPix={prefs.has_pix_payment}
            pixNote={pixNote}
            choose={choose}
            onPaymentInfo={onPaymentInfo}
          />
          {showVerification && (
            // Online payment needs a verified phone, then a verified e-mail (spec section 4 'Card').
            <ContactVerification
              establishmentId={establishmentId}
              user={user}
              level="h4"
              onUser={(fresh) => setSessionUser(establishmentId, toSessionUser(fresh))}
            />
          )}
          {online && (contactsVerified ? <Cards {...props} /> : <NeedsContacts />)}
          {draft.payment_type === 'pix' && (
            <p id={pixNote} className="m-0 text-sm text-muted" data-pix-note>
              {t('checkout:payment.pixNote')}
            </p>
          )}
          {draft.delivery_type !== null && methods.length === 0 && <p className="m-0 text-sm text-muted">{t('checkout:payment.noOffline')}</p>}
          {draft.payment_type === 'offline' && (
            <OfflinePayment
              draft={draft}
              store={store}
              methods={methods}
              total={total}
              changeText={changeText}
              setChangeText={setChangeText}
              onPaymentInfo={onPaymentInfo}
            />
          )}
        </>
      )}
      {balance > 0 && <CreditsBox balance={balance} checked={draft.credits > 0} onCredits={onCredits} />}
      {!creditsCover && draft.credits > 0 && totalBeforeCredits > total && <CreditsUsed used={totalBeforeCredits - total} rest={total} />}
      {prefs.tax_receipt && <TaxReceipt draft={draft} store={store} required={prefs.tax_receipt === 'required'} sectionRef={invoiceRef} />}
    </section>
  );
}
