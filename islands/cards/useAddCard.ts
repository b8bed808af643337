// The add-card form's state and save (./AddCardDrawer.tsx draws it): the fields as typed (masked),
// each field's problem from the browser's checks (src/domain/card.ts buildCardToRegister) or the
// server's `fields`, the card sealed and sent by ./cards-api.ts, the number and CVV dropped from the
// form as soon as it is sent, whatever the answer, and the first field with a problem focused.
import { useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { ApiFailure } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { buildCardToRegister, cvvLength, detectCardBrand, maskCardNumber, type CardForm } from '../../src/domain/card.ts';
import { Temporal, zonedAt } from '../../src/domain/time.ts';
import { t } from '../../src/i18n/index.ts';
import { CARD_REFUSALS, isOneOf } from '../../src/schemas/refusal-codes.ts';
import { asFailure, reportFailure } from '../shared/call-failure.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CARD_CALL, saveCard } from './cards-api.ts';
import { cardProblemText, serverFieldErrors } from './validation-flow.ts';
import './i18n.ts';

const EMPTY: CardForm = { number: '', holder: '', validity: '', securityCode: '', document: '' };
const ORDER: (keyof CardForm)[] = ['number', 'holder', 'validity', 'securityCode', 'document'];

/** uid: the drawer's useId, the prefix of its fields' ids. */
export interface AddCardInput {
  establishmentId: string;
  userId: string;
  /** The establishment's zone: a card is expired before the current month there. */
  timeZone: string;
  /** The saved card (not verified yet), after the 'Cartão adicionado!' toast. */
  onSaved: (card: CardView) => void;
}

export function useAddCard(uid: string, { establishmentId, userId, timeZone, onSaved }: AddCardInput) {
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

  return {
    form,
    errors,
    alert,
    busy,
    firstRef,
    cvvMax,
    set,
    /** The number, masked; a shorter code for the new brand: the extra digit goes. */
    typeNumber: (value: string) => {
      const number = maskCardNumber(value);
      set('number', number);
      setForm((f) => ({ ...f, securityCode: f.securityCode.slice(0, cvvLength(detectCardBrand(number))) }));
    },
    submit,
  };
}
