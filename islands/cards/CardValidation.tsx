// The card validation steps, one component for both places they run: the cartao-*
// pages [R-2.14, R-2.16..R-2.18] and, in the checkout, overlays on top of it. The
// step and the card are the caller's (a page puts the step in its address, the checkout keeps it
// in memory); this component makes the calls and says what they mean:
// - start: the CVV modal, then POST /cards/purchase-verification (the CVV sealed and dropped); a
//   charge under way already goes on to the amount; a charge the issuer refused shows
//   'vixi, problema com o cartão, consulte seu banco!' and, in the checkout, is handed back
//   to the caller as a failure; a charge refused for another reason (the gateway refused
//   the card, a server error) toasts 'Não foi possível validar o cartão. Verifique seus dados e
//   tente novamente!' [R-8.33]; the day's validations spent (429) say so;
// - amount: PUT /cards/verification/{id} in centavos; a wrong amount says so with the tries
//   left and empties the field [R-8.36..R-8.38]; the last try is asked first; 403 goes to
//   the attempts-exceeded step [R-8.41]; an amount refused for another reason toasts 'Não foi
//   possível validar o cartão. Verifique o valor inserido!'; success toasts 'Cartão
//   Validado com sucesso!' [R-8.35];
// - confirmed and exceeded: what the caller offers next.
// One message per event: what the screen says is not said again, differently, by a toast.
// Every call is a silent one of the global policy: the messages are these. The state and
// the calls are ./useCardValidation.ts.
import type { ReactNode } from 'react';
import { AmountStep } from './AmountStep.tsx';
import type { SupportContact } from './BlacklistNotice.tsx';
import { cardName } from './CardLabel.tsx';
import { CvvModal } from './CvvModal.tsx';
import { ConfirmedStep, ExceededStep } from './EndStep.tsx';
import { LastAttemptDialog } from './LastAttemptDialog.tsx';
import { StartStep } from './StartStep.tsx';
import { type CardValidationInput, useCardValidation } from './useCardValidation.ts';
import './i18n.ts';

export interface CardValidationProps extends CardValidationInput {
  support: SupportContact;
  /** The steps' heading: the page's h1, or an h3 inside the checkout's overlay. */
  heading: 'h1' | 'h3';
  /** 'Meus dados', where the phone and e-mail are verified. */
  accountHref: string;
  /** What the final steps offer next. */
  actions: (step: 'confirmed' | 'exceeded') => ReactNode;
}

export function CardValidation(props: CardValidationProps) {
  const { card, step, support, heading, accountHref, actions } = props;
  const v = useCardValidation(props);

  if (step === 'exceeded') return <ExceededStep support={support} heading={heading} headingRef={v.headingRef} actions={actions('exceeded')} />;
  if (step === 'confirmed') return <ConfirmedStep card={card} heading={heading} headingRef={v.headingRef} actions={actions('confirmed')} />;
  if (step === 'amount') {
    return (
      <>
        <AmountStep
          card={card}
          heading={heading}
          headingRef={v.headingRef}
          attemptsLeft={v.attemptsLeft}
          text={v.amountText}
          onText={v.typeAmount}
          error={v.amountError}
          busy={v.sending}
          onSubmit={v.submitAmount}
          onCancel={() => void v.cancel()}
        />
        {v.askLast && <LastAttemptDialog onBack={v.closeLastAttempt} onSend={() => void v.sendAmount()} />}
      </>
    );
  }
  return (
    <>
      <StartStep
        card={card}
        heading={heading}
        headingRef={v.headingRef}
        busy={v.charging}
        problem={v.problem}
        accountHref={accountHref}
        onStart={v.setCvvOpener}
      />
      {v.cvvOpener && (
        <CvvModal brand={card.brand ?? null} cardName={cardName(card)} opener={v.cvvOpener} onCancel={() => v.setCvvOpener(null)} onConfirm={v.charge} />
      )}
    </>
  );
}
