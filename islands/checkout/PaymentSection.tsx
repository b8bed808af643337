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
import { Suspense, useEffect, useId, useState } from 'react';
import { centsFromTypedReais, formatBRL, formatBRLNumber } from '../../src/domain/money.ts';
import { maskTaxId, TAX_ID_MAX_MASKED_LENGTH, validateTaxId } from '../../src/domain/tax-id.ts';
import { offlineMethods } from '../../src/domain/payment-methods.ts';
import { fieldProblemText } from '../../src/i18n/messages.ts';
import { t } from '../../src/i18n/index.ts';
import type { Draft } from '../../src/schemas/draft.ts';
import { refreshSession } from './send.ts';
import type { CartStore } from '../stores/cart.ts';
import { setSessionUser, toSessionUser, type SessionUser } from '../../src/client/session.ts';
import { ContactVerification } from '../account/ContactVerification.tsx';
import { ConfirmDialog } from '../shared/Dialog.tsx';
import type { SupportContact } from '../cards/BlacklistNotice.tsx';
import type { Prefs } from './model.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';
import { lazyWithReload } from '../shared/lazy.ts';

// The cards' code (sealing, the local encrypted store, the drawer and the validation steps) loads
// only when the customer pays online.
const CardSelector = lazyWithReload(() => import('../cards/CardSelector.tsx'));

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

export function PaymentSection({
  draft,
  store,
  prefs,
  balance,
  totalBeforeCredits,
  total,
  onCredits,
  sectionRef,
  invoiceRef,
  onPaymentInfo,
  establishmentId,
  user,
  slug,
  timeZone,
  support,
}: PaymentSectionProps) {
  const headingId = useId();
  const methodId = useId();
  const changeId = useId();
  const pixNote = useId();
  const type = draft.delivery_type;
  const methods = offlineMethods(prefs, type);
  // The credits pay the whole order: the other ways to pay are hidden and it is paid by credits.
  const creditsCover = draft.credits > 0 && total === 0 && totalBeforeCredits > 0;
  const offlineLabel =
    type === 'delivery'
      ? t('checkout:payment.onDelivery')
      : type === 'local'
        ? t('checkout:payment.onLocal')
        : type === 'pickup'
          ? t('checkout:payment.onPickup')
          : t('checkout:payment.offline');
  const offline = draft.payment_type === 'offline';
  const online = draft.payment_type === 'online';
  /** Choosing a payment type clears the method and reads the phone and e-mail verification again. */
  const choose = (changes: Partial<Draft>) => {
    store.update(changes);
    void refreshSession(establishmentId);
  };
  const pix = draft.payment_type === 'pix';
  const contactsVerified = user.phone_verified && user.email_verified;
  const method = draft.payment_method;
  const [changeText, setChangeText] = useState(() => (draft.change ? formatBRLNumber(draft.change) : ''));
  // The verification shows while online payment waits for it; once shown it stays for this
  // checkout, so the customer sees both marked 'Verificado' when done.
  const [verificationShown, setVerificationShown] = useState(false);
  useEffect(() => {
    if (online && !contactsVerified) setVerificationShown(true);
  }, [online, contactsVerified]);
  const showVerification = online && (!contactsVerified || verificationShown);

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
          {/* biome-ignore lint/a11y/useSemanticElements: a row of choice buttons, not a form section (fieldset) */}
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('checkout:payment.title')}>
            {prefs.has_online_payment && (
              <button
                type="button"
                aria-pressed={online}
                className={`h-11 cursor-pointer rounded-lg border border-solid px-4 text-sm font-semibold ${online ? 'border-brand bg-brand text-onbrand' : 'border-line bg-transparent text-ink hover:bg-surface'}`}
                onClick={() => {
                  // The chosen card (if any) stays: coming back to online keeps it.
                  if (!online) choose({ payment_type: 'online', payment_method: null, change: null });
                }}
                data-pay-online
              >
                {t('checkout:payment.online')}
              </button>
            )}
            {methods.length > 0 && (
              <button
                type="button"
                aria-pressed={offline}
                className={`h-11 cursor-pointer rounded-lg border border-solid px-4 text-sm font-semibold ${offline ? 'border-brand bg-brand text-onbrand' : 'border-line bg-transparent text-ink hover:bg-surface'}`}
                onClick={() => {
                  // A card belongs to online payment only.
                  if (!offline) choose({ payment_type: 'offline', payment_method: null, change: null, payment_card: null });
                }}
                data-pay-offline
              >
                {offlineLabel}
              </button>
            )}
            {prefs.has_pix_payment && (
              <button
                type="button"
                aria-pressed={pix}
                aria-describedby={pix ? pixNote : undefined}
                className={`h-11 cursor-pointer rounded-lg border border-solid px-4 text-sm font-semibold ${pix ? 'border-brand bg-brand text-onbrand' : 'border-line bg-transparent text-ink hover:bg-surface'}`}
                onClick={() => {
                  // Pix takes no card and no offline method (spec section 4 'Payment type').
                  if (pix) return;
                  choose({ payment_type: 'pix', payment_method: null, change: null, payment_card: null });
                  onPaymentInfo();
                }}
                data-pay-pix
              >
                {t('checkout:payment.pix')}
              </button>
            )}
          </div>
          {showVerification && (
            // Online payment needs a verified phone, then a verified e-mail (spec section 4 'Card').
            <ContactVerification
              establishmentId={establishmentId}
              user={user}
              level="h4"
              onUser={(fresh) => setSessionUser(establishmentId, toSessionUser(fresh))}
            />
          )}
          {online &&
            (contactsVerified ? (
              <Suspense fallback={<p className="m-0 text-sm text-muted">{t('checkout:payment.cardsLoading')}</p>}>
                <CardSelector
                  establishmentId={establishmentId}
                  userId={user._id}
                  slug={slug}
                  timeZone={timeZone}
                  draft={draft}
                  store={store}
                  support={support}
                />
              </Suspense>
            ) : (
              <p className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-online-needs-contacts>
                {t('checkout:payment.onlineNeedsContacts')}
              </p>
            ))}
          {pix && (
            <p id={pixNote} className="m-0 text-sm text-muted" data-pix-note>
              {t('checkout:payment.pixNote')}
            </p>
          )}
          {type !== null && methods.length === 0 && <p className="m-0 text-sm text-muted">{t('checkout:payment.noOffline')}</p>}
          {offline && (
            <label className="flex flex-col gap-1" htmlFor={methodId}>
              <span className="text-sm font-semibold">{t('checkout:payment.method')}</span>
              <select
                id={methodId}
                className="h-11 rounded-lg border border-solid border-line bg-card px-2 text-ink"
                value={method?._id ?? ''}
                onChange={(e) => {
                  const m = methods.find((x) => x._id === e.target.value) ?? null;
                  store.setPaymentMethod(m ? { _id: m._id, name: m.name, payback: m.payback } : null);
                  setChangeText('');
                  if (m) onPaymentInfo();
                }}
                data-pay-method
              >
                <option value="">{t('checkout:payment.chooseMethod')}</option>
                {methods.map((m) => (
                  <option key={m._id} value={m._id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {offline && method?.payback && (
            <div className="flex flex-col gap-2">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-[var(--c-primary)]"
                  checked={draft.change !== null}
                  onChange={(e) => {
                    store.setChange(e.target.checked ? 0 : null);
                    setChangeText('');
                  }}
                  data-pay-change
                />
                <span>{t('checkout:payment.change')}</span>
              </label>
              {draft.change !== null && (
                <label className="flex flex-col gap-1" htmlFor={changeId}>
                  <span className="text-sm font-semibold">{t('checkout:payment.changeFor')}</span>
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true">R$</span>
                    <input
                      id={changeId}
                      inputMode="decimal"
                      autoComplete="off"
                      maxLength={14}
                      className="h-11 w-40 rounded-lg border border-solid border-line bg-card px-2 text-ink tabular-nums"
                      value={changeText}
                      placeholder="0,00"
                      aria-describedby={`${changeId}-hint ${changeId}-amount`}
                      onChange={(e) => {
                        // Typed in reais: '200' is R$ 200,00, '200,50' R$ 200,50; a keystroke that
                        // cannot make an amount ('200,555') is refused.
                        const cents = centsFromTypedReais(e.target.value);
                        if (cents === null) return;
                        setChangeText(e.target.value.trim() === '' ? '' : e.target.value);
                        store.setChange(cents);
                      }}
                      onBlur={() => {
                        const cents = centsFromTypedReais(changeText);
                        if (changeText !== '' && cents !== null) setChangeText(formatBRLNumber(cents));
                      }}
                      data-pay-change-amount
                    />
                  </span>
                  <span id={`${changeId}-amount`} className="text-sm font-semibold" data-pay-change-readout data-cents={draft.change}>
                    {draft.change > 0 &&
                      (draft.change > total
                        ? t('checkout:payment.changeBack', { amount: formatBRL(draft.change), back: formatBRL(draft.change - total) })
                        : t('checkout:payment.changeAmount', { amount: formatBRL(draft.change) }))}
                  </span>
                  <span id={`${changeId}-hint`} className="text-xs text-muted">
                    {t('checkout:payment.changeHint', { total: formatBRL(total) })}
                  </span>
                </label>
              )}
            </div>
          )}
        </>
      )}
      {balance > 0 && (
        <label className="flex cursor-pointer items-center gap-2 border-t border-t-solid border-line pt-3" data-pay-credits-box>
          <input
            type="checkbox"
            className="h-5 w-5 accent-[var(--c-primary)]"
            checked={draft.credits > 0}
            onChange={(e) => onCredits(e.target.checked)}
            data-pay-credits
          />
          <span>{t('checkout:payment.credits', { amount: formatBRL(balance) })}</span>
        </label>
      )}
      {!creditsCover && draft.credits > 0 && totalBeforeCredits > total && (
        <p className="m-0 text-sm" data-credits-used data-cents={totalBeforeCredits - total}>
          {t('checkout:payment.creditsUsed', { used: formatBRL(totalBeforeCredits - total), rest: formatBRL(total) })}
        </p>
      )}
      {prefs.tax_receipt && <TaxReceipt draft={draft} store={store} required={prefs.tax_receipt === 'required'} sectionRef={invoiceRef} />}
    </section>
  );
}

function TaxReceipt({
  draft,
  store,
  required,
  sectionRef,
}: {
  draft: Draft;
  store: CartStore;
  required: boolean;
  sectionRef: React.RefObject<HTMLElement | null>;
}) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const invoice = draft.invoice;
  const on = required || invoice.status;

  const add = () => {
    const result = validateTaxId(text);
    if (!result.ok) {
      setError(fieldProblemText(result.code));
      return;
    }
    setError(null);
    setConfirming(result.formatted);
  };

  return (
    <div
      ref={sectionRef as React.RefObject<HTMLDivElement | null>}
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-xl border border-solid border-line p-3 outline-none"
      data-section="invoice"
    >
      {required ? (
        <p className="m-0 text-sm font-semibold">{t('checkout:payment.taxReceiptRequired')}</p>
      ) : (
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5 accent-[var(--c-primary)]"
            checked={invoice.status}
            onChange={(e) => {
              // Ticking: status true, no document yet; unticking drops both.
              store.setInvoice({ status: e.target.checked, document: '' });
              setText('');
              setError(null);
            }}
            data-tax-receipt
          />
          <span>{t('checkout:payment.taxReceipt')}</span>
        </label>
      )}
      {on && invoice.document !== '' && (
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm" data-tax-document>
            {t('checkout:payment.documentSaved', { document: maskTaxId(invoice.document) })}
          </span>
          <button
            type="button"
            className="cursor-pointer rounded-lg border border-solid border-line bg-transparent px-3 py-1 text-sm font-semibold text-ink hover:bg-surface"
            onClick={() => store.setInvoice({ status: true, document: '' })}
            data-tax-remove
          >
            {t('checkout:payment.remove')}
          </button>
        </div>
      )}
      {on && invoice.document === '' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-sm font-semibold">
            {t('checkout:payment.document')}
          </label>
          <div className="flex gap-2">
            <input
              id={fieldId}
              inputMode="numeric"
              autoComplete="off"
              maxLength={TAX_ID_MAX_MASKED_LENGTH}
              className="h-11 min-w-0 flex-1 rounded-lg border border-solid border-line bg-card px-2 text-ink"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(e) => {
                setText(maskTaxId(e.target.value));
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              data-tax-input
            />
            <Button size="small" onClick={add} data-tax-add>
              {t('checkout:payment.add')}
            </Button>
          </div>
          {error && (
            <p id={`${fieldId}-error`} className="m-0 text-sm text-red-700" role="alert" data-tax-error>
              {error}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          message={t('checkout:payment.confirmDocument', { document: confirming })}
          cancelLabel={t('checkout:payment.cancel')}
          confirmLabel={t('checkout:payment.confirm')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            // A confirmed valid document is stored.
            store.setInvoice({ status: true, document: confirming.replace(/[^\dA-Za-z]/g, '').toUpperCase() });
            setConfirming(null);
            setText('');
          }}
        />
      )}
    </div>
  );
}
