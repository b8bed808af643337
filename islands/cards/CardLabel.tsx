// How a saved card is named and shown everywhere (wallet, saved-cards modal, validation steps,
// the checkout's selector): the brand's picture (a placeholder when the brand is unknown) and name,
// the last 4 digits and the expiry MM/AA. Nothing more of the card exists in the browser.
import { cardExpiryText } from '../../src/domain/card-verification.ts';
import { hasKey, t } from '../../src/i18n/index.ts';
import type { CardView } from '../../src/schemas/api-cards.ts';
import './i18n.ts';

/** The picture of a card without a brand (R-2.87's placeholder). */
export const GENERIC_CARD_IMAGE = '/card-brands/generic.svg';

type Named = Pick<CardView, 'brand' | 'last4'>;

/** 'Visa', 'American Express'... or 'Cartão' when the brand is unknown. */
export function brandName(brand: string | null | undefined): string {
  const key = `cards:brand.${brand}`;
  return brand && hasKey(key) ? t(key) : t('cards:brand.generic');
}

/** 'Visa •••• 0002': what a card is called in a sentence, a button's label or an option. */
export function cardName(card: Named): string {
  return t('cards:card.name', { brand: brandName(card.brand), last4: card.last4 });
}

/** The brand's picture: decorative, the brand's name is always written beside it. */
export function BrandImage({ card, size = 'md' }: { card: Pick<CardView, 'brand' | 'image'>; size?: 'sm' | 'md' }) {
  const known = Boolean(card.brand) && Boolean(card.image);
  return (
    <img
      src={known ? card.image : GENERIC_CARD_IMAGE}
      alt=""
      width={size === 'sm' ? 36 : 48}
      height={size === 'sm' ? 24 : 32}
      className="flex-none rounded"
      data-card-brand-image={known ? card.brand : 'generic'}
    />
  );
}

/** The card's picture, brand, last 4 digits and expiry, in one line that wraps on a phone. */
export function CardLabel({ card }: { card: Pick<CardView, 'brand' | 'image' | 'last4' | 'due_month' | 'due_year' | 'expiry_date'> }) {
  const expiry = card.expiry_date || cardExpiryText(card.due_month, card.due_year);
  return (
    <span className="flex min-w-0 items-center gap-3" data-card-label>
      <BrandImage card={card} />
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold">
          <span data-card-brand>{brandName(card.brand)}</span> <span data-card-last4>{t('cards:card.last4', { last4: card.last4 })}</span>
        </span>
        <span className="text-sm text-muted" data-card-expiry>
          {t('cards:card.expiry', { expiry })}
        </span>
      </span>
    </span>
  );
}
