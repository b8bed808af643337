// The CVV asked right before an order paid by card is sent [R-2.84..R-2.86]: the CVV modal named
// after the card chosen in the checkout, saying what is paid and to whom ('Pagar R$ 52,90 a Mercado
// Sol com Visa •••• 4242'). Loaded by the checkout only when the order is paid by card.
import type { CardBrand } from '../../src/domain/card.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { DraftPaymentCard } from '../../src/schemas/draft.ts';
import { cardName } from './CardLabel.tsx';
import { CvvModal } from './CvvModal.tsx';

export default function OrderCvvModal({
  card,
  amount,
  merchant,
  onCancel,
  onConfirm,
}: {
  card: DraftPaymentCard;
  /** The order's total to pay, in centavos. */
  amount: number;
  /** The establishment's name. */
  merchant: string;
  onCancel: () => void;
  onConfirm: (cvv: string) => Promise<string | null>;
}) {
  const last4 = card.display_number?.match(/(\d{4})\s*$/)?.[1] ?? '';
  const name = cardName({ brand: card.brand as CardBrand, last4 });
  return (
    <CvvModal
      brand={(card.brand as CardBrand | undefined) ?? null}
      cardName={name}
      purpose={t('cards:cvv.purpose', { amount: formatBRL(amount), merchant, card: name })}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
