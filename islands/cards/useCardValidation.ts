// The card validation's state and calls (./CardValidation.tsx draws the steps): the CVV modal's
// opener, the charge (POST /cards/purchase-verification), the amount (PUT /cards/verification/{id})
// with the tries left and the last try asked first, the cancel, and the focus moved to a new step's
// heading. What each failure means is ./validation-flow.ts; every call is a silent one.
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../src/client/toast.ts';
import { centsFromMaskedInput } from '../../src/domain/money.ts';
import { checkCardAmount } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import { asFailure, reportFailure } from '../shared/call-failure.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CARD_CALL, cancelValidation, confirmAmount, startValidation } from './cards-api.ts';
import type { StartProblem } from './StartStep.tsx';
import { amountFailure, cardProblemText, chargeFailure, warnsLastAttempt, wrongAmountText, type ValidationStep } from './validation-flow.ts';
import './i18n.ts';

export interface CardValidationInput {
  establishmentId: string;
  userId: string;
  card: CardView;
  step: ValidationStep;
  /** Wrong amounts left for the customer (the blacklist's answer), when known. */
  attemptsLeft: number | null;
  /** A step reached, with the card as it now stands. */
  onStep: (step: ValidationStep, card: CardView) => void;
  /** The card changed without a new step (a cancelled validation). */
  onCard: (card: CardView) => void;
  /** The charge was refused: the failure signal of the cart context. */
  onDeclined?: (code: string) => void;
}

export function useCardValidation(props: CardValidationInput) {
  const { establishmentId, userId, card, step, onStep, onCard, onDeclined } = props;
  const [attemptsLeft, setAttemptsLeft] = useState(props.attemptsLeft);
  const [cvvOpener, setCvvOpener] = useState<HTMLElement | null>(null);
  const [charging, setCharging] = useState(false);
  const [problem, setProblem] = useState<StartProblem>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [askLast, setAskLast] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // A new step is announced by moving focus to its heading (not on the first one: the page just opened).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step changes
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => setAttemptsLeft(props.attemptsLeft), [props.attemptsLeft]);

  async function charge(cvv: string): Promise<string | null> {
    setCharging(true);
    setProblem(null);
    try {
      const answer = await startValidation(establishmentId, userId, card._id, cvv);
      setAttemptsLeft(answer.verification.attempts_left);
      setCvvOpener(null);
      onStep(answer.card.verification_status === 'verified' ? 'confirmed' : 'amount', answer.card);
      return null;
    } catch (err) {
      const outcome = reportFailure(err, CARD_CALL);
      if (outcome.kind === 'session_ended' || outcome.kind === 'aborted') return null;
      const failure = asFailure(err);
      const why = chargeFailure(failure);
      if (why === 'invalid_cvv') return t('cards:cvv.invalid');
      setCvvOpener(null);
      if (why === 'blocked') onStep('exceeded', card);
      else if (why === 'already_verified') onStep('confirmed', { ...card, verification_status: 'verified' });
      else if (why === 'contacts') setProblem('contacts');
      else if (why === 'online_off') setProblem('online_off');
      else if (why === 'too_many') {
        setProblem('too_many');
        toast(t('cards:errors.too_many_validations'), { kind: 'error' });
      } else if (why === 'declined') {
        // The screen (or, in the checkout, the caller) says it: 'vixi, problema com o cartão…'.
        setProblem('declined');
        onDeclined?.(failure.code);
      } else toast(t('cards:steps.start.declinedToast'), { kind: 'error' });
      return null;
    } finally {
      setCharging(false);
    }
  }

  async function sendAmount() {
    const cents = centsFromMaskedInput(amountText || '0');
    setAskLast(false);
    setSending(true);
    try {
      const verified = await confirmAmount(establishmentId, card._id, cents);
      setAmountText('');
      setAmountError([]);
      toast(t('cards:steps.confirmed.toast'), { kind: 'success' });
      onStep('confirmed', verified);
    } catch (err) {
      const outcome = reportFailure(err, CARD_CALL);
      if (outcome.kind === 'session_ended' || outcome.kind === 'aborted') return;
      const failure = amountFailure(asFailure(err));
      switch (failure.kind) {
        case 'wrong':
          // Said under the field, with the tries left: 'Valor incorreto', '2 tentativas restantes'.
          setAttemptsLeft(failure.attemptsLeft);
          setAmountError(wrongAmountText(failure.attemptsLeft));
          setAmountText('');
          break;
        case 'exceeded':
          // The attempts-exceeded step says it.
          setAttemptsLeft(0);
          onStep('exceeded', card);
          break;
        case 'not_positive':
          setAmountError([cardProblemText('amount_not_positive')]);
          break;
        case 'expired':
          // The validation lapsed or was cancelled elsewhere: the card starts again.
          toast(t('cards:steps.amount.expired'), { kind: 'error' });
          onStep('start', { ...card, verification_status: 'not_verified' });
          break;
        case 'charging':
          setAmountError([t('cards:steps.amount.charging')]);
          break;
        default:
          toast(t('cards:steps.amount.failedToast'), { kind: 'error' });
      }
    } finally {
      setSending(false);
    }
  }

  function submitAmount() {
    const cents = centsFromMaskedInput(amountText || '0');
    if (!checkCardAmount(cents).ok) {
      setAmountError([cardProblemText('amount_not_positive')]);
      return;
    }
    setAmountError([]);
    if (warnsLastAttempt(attemptsLeft)) setAskLast(true);
    else void sendAmount();
  }

  async function cancel() {
    setSending(true);
    try {
      const answer = await cancelValidation(establishmentId, card._id);
      toast(t('cards:steps.amount.cancelled'), { kind: 'info' });
      setAmountText('');
      setAmountError([]);
      onCard(answer.card);
      onStep('start', answer.card);
    } catch (err) {
      const outcome = reportFailure(err, CARD_CALL);
      if (outcome.kind === 'session_ended' || outcome.kind === 'aborted') return;
      // Nothing live to cancel: the card is back at the start anyway.
      if (asFailure(err).status === 404) onStep('start', { ...card, verification_status: 'not_verified' });
      else toast(t('errors:api.generic'), { kind: 'error' });
    } finally {
      setSending(false);
    }
  }

  return {
    headingRef,
    attemptsLeft,
    cvvOpener,
    setCvvOpener,
    charging,
    problem,
    amountText,
    /** Typing clears the amount's message. */
    typeAmount: (text: string) => {
      setAmountText(text);
      if (amountError.length > 0) setAmountError([]);
    },
    amountError,
    sending,
    askLast,
    closeLastAttempt: () => setAskLast(false),
    charge,
    sendAmount,
    submitAmount,
    cancel,
  };
}
