// The add-card drawer 'Meus Cartões': card number (groups of 4, 19 characters
// ), holder (shown and sent in capitals ), validity mm/aa (masked, 5 characters, from
// 03/20 ), security code (3 digits, 4 for American Express: decisions #8) and
// the holder's CPF/CNPJ (masked, 18 characters ); 'Salvar novo cartão' and 'Cancelar'.
// Each field's problem is written under it in Portuguese, the browser's own checks
// (src/domain/card.ts buildCardToRegister) and the server's `fields` alike. The card is sealed to
// the server's key (./cards-api.ts) and the number and CVV are dropped from the form as soon as it
// is sent, whatever the answer. The caller decides what follows a save: the wallet goes to the
// validation, the checkout carries on.
import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../src/client/toast.ts';
import {
  buildCardToRegister,
  CARD_DOCUMENT_MAX_LENGTH,
  CARD_HOLDER_MAX_LENGTH,
  CARD_NUMBER_MAX_MASKED_LENGTH,
  CARD_VALIDITY_MAX_LENGTH,
  cvvLength,
  detectCardBrand,
  maskCardNumber,
  maskCardValidity,
  type CardForm,
} from '../../src/domain/card.ts';
import { Temporal, zonedAt } from '../../src/domain/time.ts';
import { maskTaxId } from '../../src/domain/tax-id.ts';
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CARD_REFUSALS, isOneOf } from '../../src/schemas/refusal-codes.ts';
import { ApiFailure } from '../../src/client/api.ts';
import { Field, FormAlert } from '../shared/Field.tsx';
import { asFailure, reportFailure } from '../shared/call-failure.ts';
import { CARD_CALL, saveCard } from './cards-api.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { cardProblemText, serverFieldErrors } from './validation-flow.ts';
import './i18n.ts';
import { buttonClass } from '../shared/Button.tsx';

export interface AddCardDrawerProps {
  establishmentId: string;
  userId: string;
  /** The establishment's zone: a card is expired before the current month there. */
  timeZone: string;
  opener?: HTMLElement | null;
  onClose: () => void;
  /** The saved card (not verified yet), after the 'Cartão adicionado!' toast. */
  onSaved: (card: CardView) => void;
}

const EMPTY: CardForm = { number: '', holder: '', validity: '', securityCode: '', document: '' };
const ORDER: (keyof CardForm)[] = ['number', 'holder', 'validity', 'securityCode', 'document'];

const primary = buttonClass('primary');
const secondary = buttonClass('secondary');

export function AddCardDrawer({ establishmentId, userId, timeZone, opener, onClose, onSaved }: AddCardDrawerProps) {
  const uid = useId();
  const formId = `${uid}-form`;
  const [form, setForm] = useState<CardForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CardForm, string>>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  // The number field takes focus on open (set before the sheet's own effect reads it).
  const firstRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    firstRef.current = document.getElementById(`${uid}-number`);
  }, [uid]);
  const brand = detectCardBrand(form.number);
  const cvvMax = cvvLength(brand);

  const set = (field: keyof CardForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirst = (problems: Partial<Record<keyof CardForm, string>>) => {
    const first = ORDER.find((field) => problems[field]);
    if (first) document.getElementById(`${uid}-${first}`)?.focus();
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setAlert('');
    const now = Temporal.Now.instant();
    const here = zonedAt(now, timeZone);
    const built = buildCardToRegister(form, now, Temporal.PlainYearMonth.from({ year: here.year, month: here.month }));
    if (!built.ok) {
      const texts: Partial<Record<keyof CardForm, string>> = {};
      for (const field of ORDER) {
        const problem = built.errors[field];
        if (problem) texts[field] = cardProblemText(problem.code);
      }
      setErrors(texts);
      focusFirst(texts);
      return;
    }
    setBusy(true);
    const sending = saveCard(establishmentId, userId, built.card);
    // Sealed and on its way: the number and the CVV leave the form now, whatever the answer.
    setForm((f) => ({ ...f, number: '', securityCode: '' }));
    try {
      const card = await sending;
      toast(t('cards:drawer.saved'), { kind: 'success' });
      onSaved(card);
    } catch (err) {
      if (reportFailure(err, CARD_CALL).kind === 'session_ended') return;
      const failure = asFailure(err);
      const fieldTexts = failure instanceof ApiFailure ? serverFieldErrors(failure.fields) : {};
      setErrors(fieldTexts);
      // A card's own refusal (src/schemas/refusal-codes.ts CARD_REFUSALS) says more than the toast.
      if (isOneOf(CARD_REFUSALS, failure.code)) setAlert(cardProblemText(failure.code));
      toast(t('cards:drawer.failed'), { kind: 'error' });
      focusFirst(fieldTexts);
      setBusy(false);
    }
  }

  return (
    <Dialog
      side
      titleId={`${uid}-title`}
      title={t('cards:drawer.title')}
      onClose={onClose}
      opener={opener}
      initialFocus={firstRef}
      hook={{ 'data-add-card-drawer': '' }}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondary} onClick={onClose} data-add-card-cancel>
            {t('cards:drawer.cancel')}
          </button>
          <button type="submit" form={formId} className={primary} disabled={busy} aria-busy={busy || undefined} data-add-card-save>
            {busy ? t('cards:drawer.saving') : t('cards:drawer.save')}
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-4" data-add-card-form>
        <p className="m-0 text-sm text-muted">{t('cards:drawer.intro')}</p>
        <FormAlert message={alert} />
        <Field
          id={`${uid}-number`}
          name="number"
          label={t('cards:drawer.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_MASKED_LENGTH}
          value={form.number}
          error={errors.number}
          onChange={(e) => {
            const number = maskCardNumber(e.target.value);
            set('number', number);
            // A shorter code for the new brand: the extra digit goes.
            setForm((f) => ({ ...f, securityCode: f.securityCode.slice(0, cvvLength(detectCardBrand(number))) }));
          }}
        />
        <Field
          id={`${uid}-holder`}
          name="holder"
          label={t('cards:drawer.holder')}
          hint={t('cards:drawer.holderHint')}
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={CARD_HOLDER_MAX_LENGTH}
          value={form.holder}
          error={errors.holder}
          onChange={(e) => set('holder', e.target.value.toUpperCase())}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id={`${uid}-validity`}
            name="validity"
            label={t('cards:drawer.validity')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="mm/aa"
            maxLength={CARD_VALIDITY_MAX_LENGTH}
            value={form.validity}
            error={errors.validity}
            onChange={(e) => set('validity', maskCardValidity(e.target.value))}
          />
          <Field
            id={`${uid}-securityCode`}
            name="securityCode"
            label={t('cards:drawer.cvv')}
            hint={cvvMax === 4 ? t('cards:drawer.cvvHint_4') : t('cards:drawer.cvvHint_3')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvMax}
            value={form.securityCode}
            error={errors.securityCode}
            onChange={(e) => set('securityCode', e.target.value.replace(/\D/g, '').slice(0, cvvMax))}
          />
        </div>
        <Field
          id={`${uid}-document`}
          name="document"
          label={t('cards:drawer.document')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={CARD_DOCUMENT_MAX_LENGTH}
          value={form.document}
          error={errors.document}
          onChange={(e) => set('document', maskTaxId(e.target.value))}
        />
      </form>
    </Dialog>
  );
}
