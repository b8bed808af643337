// The saved-cards modal 'Cartões cadastrados' [R-2.87..R-2.89]: each card's brand (or the
// placeholder), last 4 digits and expiry; a card not validated (no brand, or not verified)
// offers 'Validar cartão'; an empty list says 'você não possui nenhum cartão cadastrado para validar'.
import { useId } from 'react';
import { isCardValidated } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { CardLabel, cardName } from './CardLabel.tsx';
import './i18n.ts';

export interface SavedCardsModalProps {
  cards: CardView[];
  slug: string;
  /** A blacklisted customer cannot start a validation: the links are not offered. */
  blocked: boolean;
  opener?: HTMLElement | null;
  onClose: () => void;
}

export function SavedCardsModal({ cards, slug, blocked, opener, onClose }: SavedCardsModalProps) {
  const uid = useId();
  return (
    <Dialog titleId={`${uid}-title`} title={t('cards:saved.title')} onClose={onClose} opener={opener} hook={{ 'data-saved-cards': '' }}>
      <div className="p-4">
        {cards.length === 0 ? (
          <p className="m-0" data-saved-cards-empty>
            {t('cards:saved.empty')}
          </p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-3 p-0">
            {cards.map((card) => (
              <li
                key={card._id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-solid border-line p-3"
                data-saved-card={card._id}
              >
                <CardLabel card={card} />
                {isCardValidated(card) ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('cards:saved.validated')}</span>
                ) : blocked ? null : (
                  <a
                    href={routes.cardStep(slug, 'cartao-validar', card._id)}
                    className="inline-flex min-h-11 items-center font-semibold text-brand"
                    aria-label={t('cards:saved.validateLabel', { card: cardName(card) })}
                    data-saved-card-validate
                  >
                    {t('cards:saved.validate')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
