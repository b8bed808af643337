// One card of the wallet: its picture and brand, •••• last 4, expiry MM/AA and status; a
// card not yet validated offers 'Verificação Pendente', which leads to its validation and
// is disabled while the customer is blacklisted [R-2.91] (and absent where the establishment takes
// no online payment: no card is validated there); 'Excluir' asks first (the caller's).
import { isCardValidated } from '../../src/domain/card.ts';
import { t } from '../../src/i18n/index.ts';
import { routes } from '../../src/lib/urls.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import { CardLabel, cardName } from './CardLabel.tsx';
import './i18n.ts';
import { buttonClass } from '../shared/Button.tsx';

const STATUS_CLASS: Record<CardView['verification_status'], string> = {
  verified: 'bg-green-100 text-green-900',
  verification_in_progress: 'bg-amber-100 text-amber-900',
  not_verified: 'bg-surface text-ink',
};

export function WalletCard({
  card,
  slug,
  canValidate,
  blocked,
  blockedNoteId,
  onDelete,
}: {
  card: CardView;
  slug: string;
  /** The establishment takes online payment: a card not validated yet may be validated here. */
  canValidate: boolean;
  blocked: boolean;
  /** The blacklist notice the disabled button points to. */
  blockedNoteId: string;
  onDelete: (card: CardView, opener: HTMLElement) => void;
}) {
  const validated = isCardValidated(card);
  const status = validated ? 'verified' : card.verification_status === 'verified' ? 'not_verified' : card.verification_status;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-solid border-line p-3"
      data-wallet-card={card._id}
      data-status={status}
    >
      <span className="flex min-w-0 flex-wrap items-center gap-3">
        <CardLabel card={card} />
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-card-status>
          {t(`cards:card.status.${status}`)}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-2">
        {!validated &&
          canValidate &&
          (blocked ? (
            <button type="button" disabled aria-describedby={blockedNoteId} className={buttonClass('secondary', 'small')} data-card-pending>
              {t('cards:wallet.pending')}
            </button>
          ) : (
            <a href={routes.cardStep(slug, 'cartao-validar', card._id)} className={buttonClass('primary', 'small')} data-card-pending>
              {t('cards:wallet.pending')}
            </a>
          ))}
        <button
          type="button"
          className={buttonClass('secondary', 'small')}
          aria-label={t('cards:wallet.deleteLabel', { card: cardName(card) })}
          onClick={(e) => onDelete(card, e.currentTarget)}
          data-card-delete
        >
          {t('cards:wallet.delete')}
        </button>
      </span>
    </li>
  );
}
