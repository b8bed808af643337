// One row of the checkout's card selector (./CardSelector.tsx): the card's picture, brand, last 4
// digits and expiry (./CardLabel.tsx) on a native radio; a card not validated has a disabled radio,
// 'Validação pendente' and, unless the customer is blocked, 'Validar'.
import { isCardValidated } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { buttonClass } from '../shared/Button.tsx';
import { CardLabel, cardName } from './CardLabel.tsx';
import './i18n.ts';

const button = buttonClass('secondary', 'small');
const row = 'flex min-h-16 items-center gap-3 rounded-xl border border-solid px-3 py-2';

interface CardOptionProps {
  card: CardView;
  /** The radio group's name. */
  name: string;
  selectedId: string;
  blocked: boolean;
  choose: (card: CardView) => void;
  validate: (card: CardView, opener: HTMLElement) => void;
}

export function CardOption({ card, name, selectedId, blocked, choose, validate }: CardOptionProps) {
  const validated = isCardValidated(card);
  const checked = validated && card._id === selectedId;
  return (
    <div
      className={`${row} ${checked ? 'border-brand bg-surface' : 'border-line bg-card'} ${validated ? '' : 'flex-wrap'}`}
      data-card-option={card._id}
      data-selected={checked || undefined}
      data-card-pending-row={validated ? undefined : card._id}
    >
      <label className={`flex min-w-0 flex-1 items-center gap-3 ${validated ? 'cursor-pointer' : 'cursor-not-allowed'}`}>
        <input
          type="radio"
          name={name}
          value={card._id}
          checked={checked}
          disabled={!validated}
          onChange={() => choose(card)}
          className="h-5 w-5 flex-none accent-[var(--c-primary)]"
          data-card-radio
        />
        <CardLabel card={card} />
      </label>
      {!validated && (
        <span className="flex flex-none items-center gap-2">
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-card-pending>
            {t('cards:selector.pending')}
          </span>
          {!blocked && (
            <button
              type="button"
              className={button}
              aria-label={t('cards:selector.validateLabel', { card: cardName(card) })}
              onClick={(e) => validate(card, e.currentTarget)}
              data-card-validate
            >
              {t('cards:selector.validate')}
            </button>
          )}
        </span>
      )}
    </div>
  );
}
