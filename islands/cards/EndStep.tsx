// The validation's two ends: confirmed (cartao-confirmado: 'Cartão validado com sucesso',
// decisions #16 [R-8.31]) and out of tries (cartao-tentativas-excedidas [R-2.18, R-8.41]: 'Você
// atingiu o limite de tentativas de validação' and the establishment's phone [R-6.8]). What follows
// (the wallet, the menu, back to the checkout) is the caller's.
import type { ReactNode, Ref } from 'react';
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { BlacklistNotice, type SupportContact } from './BlacklistNotice.tsx';
import { CardLabel, cardName } from './CardLabel.tsx';
import './i18n.ts';

interface EndStepProps {
  heading: 'h1' | 'h3';
  headingRef: Ref<HTMLHeadingElement>;
  actions: ReactNode;
}

export function ConfirmedStep({ card, heading: Heading, headingRef, actions }: EndStepProps & { card: CardView }) {
  return (
    <div className="flex flex-col gap-4" data-card-step="confirmed">
      <Heading ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold text-green-800 outline-none">
        {t('cards:steps.confirmed.title')}
      </Heading>
      <CardLabel card={card} />
      <p className="m-0">{t('cards:steps.confirmed.text', { card: cardName(card) })}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{actions}</div>
    </div>
  );
}

export function ExceededStep({ support, heading: Heading, headingRef, actions }: EndStepProps & { support: SupportContact }) {
  return (
    <div className="flex flex-col gap-4" data-card-step="exceeded">
      <Heading ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold outline-none">
        {t('cards:steps.exceeded.title')}
      </Heading>
      <p className="m-0">{t('cards:steps.exceeded.text')}</p>
      <BlacklistNotice support={support} showTitle={false} />
      <div className="flex flex-wrap gap-x-6 gap-y-2">{actions}</div>
    </div>
  );
}
