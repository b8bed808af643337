// The validation's first step (cartao-validar ): the card, and what will happen: a
// charge of a random amount between the card's bounds (R$ 0,01 and R$ 5,00 unless the establishment
// sets others) that the customer reads on their statement and that goes back [R-4.22,
// ], within 24 hours. The button opens the CVV modal (the caller's). After a refused
// charge the screen says 'vixi, problema com o cartão, consulte seu banco!'; after the
// day's validations are spent (429 too_many_validations), that they are; where the establishment
// switched online payment off meanwhile, that it takes no cards.
import type { Ref } from 'react';
import { refundDestination } from '../../src/domain/card-verification.ts';
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CardLabel } from './CardLabel.tsx';
import { chargeRange } from './validation-flow.ts';
import './i18n.ts';
import { Button } from '../shared/Button.tsx';

/** Why the last charge did not happen, as the screen tells it. */
export type StartProblem = 'declined' | 'contacts' | 'too_many' | 'online_off' | null;

export interface StartStepProps {
  card: CardView;
  heading: 'h1' | 'h3';
  headingRef: Ref<HTMLHeadingElement>;
  busy: boolean;
  problem: StartProblem;
  /** 'Meus dados', where the phone and e-mail are verified. */
  accountHref: string;
  onStart: (opener: HTMLElement) => void;
}

export function StartStep({ card, heading: Heading, headingRef, busy, problem, accountHref, onStart }: StartStepProps) {
  const range = chargeRange(card);
  return (
    <div className="flex flex-col gap-4" data-card-step="start">
      <Heading ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold outline-none">
        {t('cards:steps.start.title')}
      </Heading>
      <CardLabel card={card} />
      <div className="flex flex-col gap-2">
        <p className="m-0" data-charge-range>
          {t('cards:steps.start.text', range)}
        </p>
        <p className="m-0">{t('cards:steps.start.how')}</p>
        <p className="m-0 text-sm text-muted">
          {t(`cards:steps.start.refund_${refundDestination(card.refund_type)}`)} {t('cards:steps.start.expires')}
        </p>
      </div>
      {problem === 'declined' && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900" data-card-declined>
          {t('cards:steps.start.declined')}
        </p>
      )}
      {problem === 'online_off' && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-amber-900" data-card-online-off>
          {t('cards:errors.online_payment_not_available')}
        </p>
      )}
      {problem === 'too_many' && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-amber-900" data-card-too-many>
          {t('cards:errors.too_many_validations')}
        </p>
      )}
      {problem === 'contacts' && (
        <p role="alert" className="m-0 rounded-lg border border-solid border-amber-300 bg-amber-50 px-3 py-2 text-amber-900" data-card-contacts>
          {t('cards:steps.start.contacts')}{' '}
          <a href={accountHref} className="font-semibold text-amber-900 underline">
            {t('cards:steps.start.myData')}
          </a>
        </p>
      )}
      <div>
        <Button loading={busy} onClick={(e) => onStart(e.currentTarget)} data-start-validation>
          {busy ? t('cards:steps.start.busy') : t('cards:steps.start.button')}
        </Button>
      </div>
    </div>
  );
}
