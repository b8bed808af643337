// The wallet's list of cards (./WalletCard.tsx), or 'Você não possui nenhum cartão cadastrado'
// while the list cannot be read, a retry.
import { t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { buttonClass } from '../shared/Button.tsx';
import type { CardsState } from './useCards.ts';
import { WalletCard } from './WalletCard.tsx';
import './i18n.ts';

const secondary = buttonClass('secondary');

interface WalletListProps extends Pick<CardsState, 'cards' | 'status' | 'reload'> {
  listId: string;
  slug: string;
  onlinePayment: boolean;
  blocked: boolean;
  blockedNoteId: string;
  onDelete: (card: CardView, opener: HTMLElement) => void;
}

export function WalletList({ listId, cards, status, reload, slug, onlinePayment, blocked, blockedNoteId, onDelete }: WalletListProps) {
  return (
    <section aria-labelledby={listId} className="flex flex-col gap-3">
      <h2 id={listId} className="m-0 text-lg font-bold">
        {t('cards:wallet.listLabel')}
      </h2>
      {cards === null ? (
        status === 'failed' ? (
          <p className="m-0 flex flex-wrap items-center gap-3" data-wallet-failed>
            {t('cards:wallet.loadFailed')}
            <button type="button" className={secondary} onClick={reload}>
              {t('cards:wallet.retry')}
            </button>
          </p>
        ) : (
          <p className="m-0 text-muted" aria-live="polite">
            {t('cards:wallet.loading')}
          </p>
        )
      ) : cards.length === 0 ? (
        <p className="m-0" data-wallet-empty>
          {t('cards:wallet.empty')}
        </p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-3 p-0" data-wallet-cards>
          {cards.map((card) => (
            <WalletCard
              key={card._id}
              card={card}
              slug={slug}
              canValidate={onlinePayment}
              blocked={blocked}
              blockedNoteId={blockedNoteId}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
